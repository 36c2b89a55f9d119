//! SIGINT in the middle of mutant runs: the driver kills its children (none outlives it by
//! more than a second), writes the report of what it knows and exits 130.

mod common;

use common::*;
use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn sigint_mid_run_writes_a_partial_report_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = Sandbox::new();
    let mut child = sandbox
        .command(&[
            "--manifest-path",
            "examples/hostile/Cargo.toml",
            "--features",
            "slow-suite",
            "-j",
            "1",
            "-o",
            dir.path().to_str().unwrap(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until mutants are being judged: a verdict line on the plain progress output.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    let mut line = String::new();
    let mut judged = 0;
    while judged < 3 {
        line.clear();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "the driver ended before being interrupted:\n{seen}"
        );
        seen.push_str(&line);
        let word = line.split_whitespace().next().unwrap_or("");
        if ["KILLED", "SURVIVED", "TIMEOUT", "CRASHED"].contains(&word) {
            judged += 1;
        }
    }
    // SAFETY: signalling our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let interrupted = Instant::now();
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            interrupted.elapsed() < Duration::from_secs(10),
            "the driver did not stop after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(130), "{seen}");
    sandbox.assert_clean();

    let statuses: Vec<String> = Report::read(dir.path())
        .mutants
        .into_iter()
        .map(|m| m.status)
        .collect();
    let judged = statuses
        .iter()
        .filter(|s| ["Killed", "Survived", "Timeout"].contains(&s.as_str()))
        .count();
    assert!(judged >= 3, "what was judged is kept: {statuses:?}");
    assert!(
        statuses.iter().any(|s| s == "Ignored"),
        "mutants not run are reported as not run: {statuses:?}"
    );
}
