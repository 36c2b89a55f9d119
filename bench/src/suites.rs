//! Site-check cost, schemata baseline against plain, and a whole driver run.

use crate::artifacts::{self, Mode};
use crate::repo;
use crate::stats::{median, ms, row};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// Rounds through the hot loop per timing: long enough to dwarf the clock's resolution.
const ROUNDS: &str = "20000000";

fn site_check_once(mode: Mode, profile: &str, runs: usize) -> Result<(f64, f64), String> {
    let mut args = vec!["build", "-p", "bench-fixture", "--example", "site_check"];
    if profile == "release" {
        args.push("--release");
    }
    let binary = artifacts::one(mode, &args, "site_check")?;
    let output = Command::new(&binary)
        .args([ROUNDS, &runs.to_string()])
        .env_remove("MUTATE_ACTIVE")
        .output()
        .map_err(|e| e.to_string())?;
    let mut plain = Vec::new();
    let mut annotated = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let mut fields = line.split(' ').map(str::parse::<f64>);
        if let (Some(Ok(p)), Some(Ok(a))) = (fields.next(), fields.next()) {
            plain.push(p);
            annotated.push(a);
        }
    }
    if plain.is_empty() {
        return Err(format!("{} printed no timings", binary.display()));
    }
    Ok((median(plain), median(annotated)))
}

pub fn site_check(runs: usize) -> Result<(), String> {
    let sites = bench_fixture::SITES_PER_ROUND;
    println!(
        "inactive site check: a hot loop, annotated against its plain twin (ns per round, {sites} sites a round)"
    );
    for profile in ["release", "dev"] {
        for mode in [Mode::Plain, Mode::Schemata] {
            let (plain, annotated) = site_check_once(mode, profile, runs)?;
            row(
                &format!("{profile}, {} build: plain / annotated", mode.name()),
                format!(
                    "{plain:.3} / {annotated:.3} ns  ({:+.3} ns per site check)",
                    (annotated - plain) / sites as f64
                ),
            );
        }
    }
    Ok(())
}

/// Wall milliseconds of one run of `binary` with `args`, which must succeed.
fn time_run(binary: &Path, args: &[&str]) -> Result<f64, String> {
    let start = Instant::now();
    let status = Command::new(binary)
        .args(args)
        .env_remove("MUTATE_ACTIVE")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("{} {} failed", binary.display(), args.join(" ")));
    }
    Ok(ms(start.elapsed()))
}

pub fn baseline(runs: usize) -> Result<(), String> {
    println!("test suite with nothing active: schemata build against plain build (median wall ms)");
    let fixture_lib = ["test", "--no-run", "-p", "bench-fixture", "--lib"];
    let fixture_lib_release = [&fixture_lib[..], &["--release"]].concat();
    let triangle = ["test", "--no-run", "-p", "triangle", "--test", "strong"];
    let suites: [(&str, &[&str], &str, &[&str]); 7] = [
        (
            "bench-fixture hot_loop (debug)",
            &fixture_lib,
            "bench_fixture",
            &["--exact", "tests::hot_loop"],
        ),
        (
            "bench-fixture hot_calls (debug)",
            &fixture_lib,
            "bench_fixture",
            &["--exact", "tests::hot_calls"],
        ),
        (
            "bench-fixture hot_closure (debug)",
            &fixture_lib,
            "bench_fixture",
            &["--exact", "tests::hot_closure"],
        ),
        (
            "bench-fixture hot_loop (release)",
            &fixture_lib_release,
            "bench_fixture",
            &["--exact", "tests::hot_loop"],
        ),
        (
            "bench-fixture hot_calls (release)",
            &fixture_lib_release,
            "bench_fixture",
            &["--exact", "tests::hot_calls"],
        ),
        (
            "bench-fixture hot_closure (release)",
            &fixture_lib_release,
            "bench_fixture",
            &["--exact", "tests::hot_closure"],
        ),
        ("triangle, all tests (debug)", &triangle, "strong", &[]),
    ];
    for (name, build, target, args) in suites {
        let plain = artifacts::one(Mode::Plain, build, target)?;
        let schemata = artifacts::one(Mode::Schemata, build, target)?;
        let mut plain_ms = Vec::new();
        let mut schemata_ms = Vec::new();
        for _ in 0..runs {
            plain_ms.push(time_run(&plain, args)?);
            schemata_ms.push(time_run(&schemata, args)?);
        }
        let (p, s) = (median(plain_ms), median(schemata_ms));
        row(
            name,
            format!("plain {p:.1} ms, schemata {s:.1} ms ({:.2}x)", s / p),
        );
    }
    Ok(())
}

pub fn whole_run(runs: usize) -> Result<(), String> {
    let driver = artifacts::one(
        Mode::Plain,
        &["build", "-p", "mutate-driver"],
        "cargo-mutate-driver",
    )?;
    let out = std::env::temp_dir().join(format!("mutate-bench-{}", std::process::id()));
    let manifest = repo().join("examples/triangle/Cargo.toml");
    let args = [
        "--manifest-path",
        manifest.to_str().unwrap_or_default(),
        "-o",
        out.to_str().unwrap_or_default(),
    ];
    // The first run warms the schemata build; survivors make the driver exit 3.
    let mut times = Vec::new();
    for _ in 0..runs + 1 {
        let start = Instant::now();
        let status = Command::new(&driver)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        if !matches!(status.code(), Some(0 | 3)) {
            return Err(format!("the driver failed on triangle ({status})"));
        }
        times.push(ms(start.elapsed()));
    }
    let report = std::fs::read_to_string(out.join("report.json")).unwrap_or_default();
    std::fs::remove_dir_all(&out).ok();
    let mutants = report.matches("\"status\"").count();
    times.remove(0);
    let t = median(times);
    println!("whole run: cargo mutate-driver over examples/triangle, build warm (median)");
    row(
        "wall time",
        format!(
            "{t:.0} ms for {mutants} mutants ({:.1} ms per mutant)",
            t / mutants.max(1) as f64
        ),
    );
    Ok(())
}

/// Wall milliseconds of `cargo test --no-run -p torture` into `target_dir`.
fn build_torture(mode: Mode, target_dir: &Path) -> Result<f64, String> {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command
        .args(["test", "--no-run", "-q", "-p", "torture", "--target-dir"])
        .arg(target_dir)
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    match mode {
        Mode::Plain => command.env_remove("RUSTFLAGS"),
        Mode::Schemata => command.env("RUSTFLAGS", "--cfg mutate_schemata"),
    };
    let start = Instant::now();
    let status = command.status().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("building torture ({}) failed", mode.name()));
    }
    Ok(ms(start.elapsed()))
}

pub fn build_time(runs: usize) -> Result<(), String> {
    println!("cargo test --no-run -p torture (debug; clean includes dependencies; median ms)");
    let source = repo().join("examples/torture/src/lib.rs");
    let scratch = std::env::temp_dir().join(format!("mutate-bench-build-{}", std::process::id()));
    let mut rows: Vec<(&str, Mode, Vec<f64>)> = Vec::new();
    for kind in ["clean", "incremental (lib.rs touched)"] {
        for mode in [Mode::Plain, Mode::Schemata] {
            rows.push((kind, mode, Vec::new()));
        }
    }
    for _ in 0..runs {
        for (kind, mode, times) in &mut rows {
            let dir = scratch.join(mode.name());
            if kind.starts_with("clean") {
                std::fs::remove_dir_all(&dir).ok();
            } else {
                let file = std::fs::File::options().append(true).open(&source);
                file.and_then(|f| f.set_modified(std::time::SystemTime::now()))
                    .map_err(|e| format!("touching {}: {e}", source.display()))?;
            }
            times.push(build_torture(*mode, &dir)?);
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    let mut plain = 0.0;
    for (kind, mode, times) in rows {
        let t = median(times);
        match mode {
            Mode::Plain => {
                plain = t;
                row(&format!("{kind}, plain"), format!("{t:.0} ms"));
            }
            Mode::Schemata => row(
                &format!("{kind}, schemata"),
                format!("{t:.0} ms ({:.2}x)", t / plain),
            ),
        }
    }
    Ok(())
}
