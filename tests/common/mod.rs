//! Shared by the end-to-end tests: the built `cargo-mutate-driver` over the example crates, with real builds,
//! forks and timeouts. Verdicts are compared with the expectations committed beside each
//! example (`expected/*.txt`, one `STATUS id` a line); `MUTATE_BLESS=1` rewrites them.

// Each test binary uses its own subset of these helpers.
#![allow(dead_code)]

mod report;
mod stream;

// Each test binary uses its own subset.
#[allow(unused_imports)]
pub use report::{Mutant, Report, listed};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};
#[allow(unused_imports)]
pub use stream::{last_mutant_line, stream_lines};

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The driver's executable: this package's copy of it, which cargo builds with the tests.
pub fn driver_exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_mutate-e2e-driver"))
}

/// Where the driver's runs keep what they build once (`MUTATE_CACHE_DIR`).
pub fn cache_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutate-cache")
}

/// The driver as a command, run from the repository root.
pub fn driver_command(args: &[&str]) -> Command {
    let mut command = Command::new(driver_exe());
    command
        .args(args)
        .current_dir(repo())
        .env_remove("MUTATE_ACTIVE")
        // The attribute `--all-items` builds apart is kept with the tests' build, not in
        // the user's cache folder: `cargo clean` removes it.
        .env("MUTATE_CACHE_DIR", cache_dir())
        // Annotations only where a test asks for them.
        .env_remove("GITHUB_ACTIONS");
    command
}

/// One driver run's own TMPDIR. Everything the run starts inherits it (the driver's
/// scratch directory, and so every test's TMPDIR, is made inside it), so after the run
/// it must be empty and no process may still carry it.
pub struct Sandbox {
    tmp: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Self {
        Sandbox {
            tmp: tempfile::Builder::new()
                .prefix("mutate-e2e-")
                .tempdir()
                .unwrap(),
        }
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = driver_command(args);
        command.env("TMPDIR", self.tmp.path());
        command
    }

    /// Fails if a process of the run outlives it by more than a second, or if the run
    /// left anything in its TMPDIR.
    pub fn assert_clean(&self) {
        let needle = format!("TMPDIR={}", self.tmp.path().display());
        let deadline = Instant::now() + Duration::from_secs(1);
        let left = loop {
            let left = processes_with_env(&needle);
            if left.is_empty() || Instant::now() >= deadline {
                break left;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(left.is_empty(), "processes outlived the run: {left:?}");
        let files: Vec<_> = std::fs::read_dir(self.tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(files.is_empty(), "the run left temporary files: {files:?}");
    }
}

/// `pid command-line` of each process whose environment holds `needle` as a prefix of
/// one variable.
fn processes_with_env(needle: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Ok(environ) = std::fs::read(entry.path().join("environ")) else {
            continue;
        };
        if environ
            .split(|&b| b == 0)
            .any(|var| var.starts_with(needle.as_bytes()))
        {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            found.push(format!(
                "{} {}",
                entry.file_name().to_string_lossy(),
                String::from_utf8_lossy(&cmdline).replace('\0', " ")
            ));
        }
    }
    found
}

/// The driver run to its end in a fresh [`Sandbox`], checked clean afterwards.
pub fn driver(args: &[&str]) -> Output {
    let sandbox = Sandbox::new();
    let out = sandbox.command(args).output().expect("driver runs");
    sandbox.assert_clean();
    out
}

/// The mutants `--list --json` prints with `args`, the run checked to succeed.
pub fn list(args: &[&str]) -> Vec<Mutant> {
    let mut all = args.to_vec();
    all.extend(["--list", "--json"]);
    let out = driver(&all);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    listed(&out.stdout)
}

/// Runs the driver on an example with its reports in a fresh directory.
pub fn run_example(manifest: &str, extra: &[&str]) -> (Output, tempfile::TempDir) {
    run_example_with_env(manifest, extra, &[])
}

/// [`run_example`] with these environment variables set for the driver.
pub fn run_example_with_env(
    manifest: &str,
    extra: &[&str],
    env: &[(&str, &str)],
) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut args = vec![
        "--manifest-path",
        manifest,
        "-o",
        dir.path().to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let mut command = driver_command(&args);
    command.envs(env.iter().copied());
    (command.output().expect("driver runs"), dir)
}

/// Asserts a refused run: exit 6, the test named and the cause stated. Returns stderr.
pub fn assert_refused(out: &Output, test: &str, cause: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(6), "{stderr}");
    assert!(stderr.contains(test), "{stderr}");
    assert!(stderr.contains(cause), "{stderr}");
    stderr
}

/// `STATUS id` lines from a report, sorted by id.
pub fn verdicts(report_dir: &Path) -> String {
    let report = Report::read(report_dir);
    let mut lines: Vec<String> = report
        .mutants
        .iter()
        .map(|m| format!("{:<12} {}", m.verdict(), m.id))
        .collect();
    lines.sort_by(|a, b| a[13..].cmp(&b[13..]));
    lines.join("\n") + "\n"
}

pub fn check_expected(name: &str, actual: &str) {
    let path = repo().join(name);
    if std::env::var_os("MUTATE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} is missing: run with MUTATE_BLESS=1", path.display()));
    if expected != actual {
        let diff: Vec<String> = expected
            .lines()
            .filter(|l| !actual.lines().any(|a| a == *l))
            .map(|l| format!("- {l}"))
            .chain(
                actual
                    .lines()
                    .filter(|a| !expected.lines().any(|l| l == *a))
                    .map(|a| format!("+ {a}")),
            )
            .collect();
        panic!(
            "verdicts differ from {}:\n{}",
            path.display(),
            diff.join("\n")
        );
    }
}

pub fn score(report_dir: &Path) -> f64 {
    Report::read(report_dir).score
}

/// Whether `cargo test` fails with mutant `id` switched on, on the driver's schemata build
/// of `manifest` (`rustflags` as the driver set them), with `args` choosing targets and
/// features: the verdict `cargo test` itself gives, to check the driver's against. The
/// build reads the driver's lists of where its first build failed, as the driver's last
/// build did, so code that does not build (a crate without `vec!`) is left out here too.
pub fn cargo_test_fails(manifest: &str, rustflags: &str, args: &[&str], id: &str) -> bool {
    let target = repo().join("target/mutate");
    let out = Command::new(env!("CARGO"))
        .args(["test", "--manifest-path", manifest, "--target-dir"])
        .arg(&target)
        .env(
            mutate_protocol::env::BUILD_ERRORS,
            target.join("build-errors"),
        )
        .args(args)
        .env("RUSTFLAGS", rustflags)
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env("MUTATE_ACTIVE", id)
        .env("RUST_BACKTRACE", "0")
        .current_dir(repo())
        .output()
        .expect("cargo runs");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("test result:"),
        "cargo test ran no tests for {id}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    !out.status.success()
}

/// `(status, id)` of each line of [`verdicts`].
pub fn parse_verdicts(verdicts: &str) -> Vec<(&str, &str)> {
    verdicts
        .lines()
        .map(|l| (l[..12].trim(), &l[13..]))
        .collect()
}

/// Whether a verdict says the tests detected the mutant; `None` for verdicts `cargo test`
/// has no view on (unviable, ignored).
pub fn detected(status: &str) -> Option<bool> {
    match status {
        "Killed" | "Timeout" | "Crashed" => Some(true),
        "Survived" | "NoCoverage" => Some(false),
        _ => None,
    }
}

/// An example's manifest as a crate of its own elsewhere: the runtime named by its absolute
/// path, and a `[workspace]` of its own.
pub fn standalone_manifest(example_manifest: &Path) -> String {
    std::fs::read_to_string(example_manifest).unwrap().replace(
        "path = \"../../mutate-runtime\"",
        &format!(
            "path = {:?}",
            repo().join("mutate-runtime").display().to_string()
        ),
    ) + "\n[workspace]\n"
}

/// `git ARGS` in `dir` with a test identity, which must succeed: its standard output.
pub fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=test",
            "-c",
            "user.email=test@example.invalid",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The source text at a mutant's location (`start` to `end`, over lines if need be), read
/// from its file in the repository.
pub fn text_at(m: &Mutant) -> String {
    let source = std::fs::read_to_string(repo().join(&m.file)).expect("the mutant's file");
    let lines: Vec<&str> = source.lines().collect();
    let ((l1, c1), (l2, c2)) = (m.start, m.end);
    (l1..=l2)
        .map(|l| {
            let line: Vec<char> = lines[l as usize - 1].chars().collect();
            let from = if l == l1 { c1 as usize - 1 } else { 0 };
            let to = if l == l2 { c2 as usize - 1 } else { line.len() };
            line[from..to].iter().collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}
