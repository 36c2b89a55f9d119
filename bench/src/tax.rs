//! The schemata tax on a real crate: its unit and integration tests run with nothing
//! active, in the driver's own schemata build, against the same tests in the plain build.
//! Times are libtest's own ("finished in"), summed over the test binaries, so cargo's
//! fingerprint checks and process start-up do not dilute the ratio. Doc tests are not in
//! either suite: rustdoc compiles and runs them one process each, which is not a test
//! binary's time. Both suites run without backtraces, as the driver runs them.

use crate::stats::median;
use crate::versus::{self, tools};
use std::path::Path;
use std::process::Command;

/// `tax`: the schemata tax alone, on crates of the corpus (for those whose whole run takes
/// too long to measure it in `corpus`): for each, a plain `cargo test` on a fresh copy, the
/// driver's `--all-items --list` (which builds the schemata suite and stops), then both
/// suites, timed by libtest, [`RUNS`] times each.
pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let (tree, plain) = tools::tested_copy(source, &base, "tax", &versus::settings(name))?;
        let (_, code) = tools::timed(
            Command::new(&driver)
                .args(["mutate-driver", "--all-items", "--list"])
                .current_dir(&tree),
            &base.join("tax-list.log"),
        )?;
        let tax = match (plain.1, code) {
            (Some(0), Some(0)) => measure(&tree, &driver),
            (Some(0), _) => Err(format!("the driver's --list exited {code:?}")),
            (plain, _) => Err(format!("plain cargo test exited {plain:?}")),
        };
        rows.push((format!("{name} {version}"), tax));
    }
    println!(
        "\nthe schemata tax: libtest's time for the unit and integration tests, median of {RUNS}"
    );
    println!(
        "{:<24} {:>10} {:>10} {:>8}",
        "crate", "plain", "schemata", "ratio"
    );
    for (name, tax) in rows {
        match tax {
            Ok((plain, schemata)) => println!(
                "{name:<24} {plain:>9.3}s {schemata:>9.3}s {:>7.2}x",
                schemata / plain.max(1e-9)
            ),
            Err(why) => println!("{name:<24} not measured: {why}"),
        }
    }
    Ok(())
}

/// Runs of each suite; the median is kept.
const RUNS: usize = 3;

/// Median seconds of the plain suite and of the schemata suite, or why it could not be
/// measured. `tree` is the crate as the user has it, already tested plainly; the driver's
/// `--all-items` run left its annotated mirror under `target/mutate` and its schemata
/// build in the tree's own target directory. The schemata suite is built as the driver
/// builds it (`driver` is its executable), so this reuses that build.
pub fn measure(tree: &Path, driver: &Path) -> Result<(f64, f64), String> {
    let target = tree.join("target");
    let mirror = target.join("mutate/all-items");
    if !mirror.is_dir() {
        return Err("no annotated mirror".into());
    }
    let plain = suite(Command::new("cargo").current_dir(tree))?;
    let mut schemata = Command::new("cargo");
    schemata
        .current_dir(&mirror)
        .arg("--config")
        .arg(format!(
            "build.target-dir={:?}",
            target.display().to_string()
        ))
        .env(mutate_protocol::env::SCHEMATA, "1")
        .env(
            mutate_protocol::env::BUILD_ERRORS,
            target.join("mutate/build-errors"),
        );
    mutate_driver::rustc_wrapper::wrap_members_through(&mut schemata, driver);
    mutate_driver::rustc_wrapper::hand_recorded_externs(&mut schemata, &target.join("mutate"));
    let schemata = suite(&mut schemata)?;
    Ok((plain, schemata))
}

fn suite(command: &mut Command) -> Result<f64, String> {
    // The driver's doc-test targets each hold one test named `doctest`; the plain suite
    // has none by that name, so skipping it compares the same tests.
    command
        .args([
            "test", "--lib", "--bins", "--tests", "--", "--exact", "--skip", "doctest",
        ])
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("MUTATE_ACTIVE")
        // As in every run the driver makes (its fork servers set it before `main`): with
        // backtraces on, each panicking test symbolises one from the binary's debug info,
        // which the schemata build has more of. On indexmap that was three quarters of its
        // unit tests' time, in both builds.
        .env("RUST_BACKTRACE", "0");
    let mut times = Vec::new();
    for _ in 0..RUNS {
        let out = command.output().map_err(|e| e.to_string())?;
        if !out.status.success() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let last = stderr.lines().rev().find(|l| !l.trim().is_empty());
            return Err(format!("cargo test failed: {}", last.unwrap_or("")));
        }
        times.push(libtest_seconds(&String::from_utf8_lossy(&out.stdout)));
    }
    Ok(median(times))
}

/// Sum of libtest's `finished in N s` over the binaries of one `cargo test`.
fn libtest_seconds(stdout: &str) -> f64 {
    stdout
        .lines()
        .filter_map(|line| line.split("finished in ").nth(1)?.strip_suffix('s'))
        .filter_map(|seconds| seconds.trim().parse::<f64>().ok())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_finished_times() {
        let stdout = "\
running 2 tests
test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.50s

running 1 test
test result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.25s
";
        assert_eq!(libtest_seconds(stdout), 1.75);
    }
}
