//! Tests run together: every judged test binary once whole, one test at a time in name
//! order (as `cargo test -- --test-threads=1` runs it), with every mutant off. The driver
//! judges mutants with each test alone, so a test whose result depends on the others
//! (it passes alone and fails together, or the reverse) is reported rather than left to
//! mis-score silently.

use crate::compile::TestBinary;
use crate::discover::Discovery;
use crate::pool;
use crate::process::{Contained, test_command};
use std::collections::HashMap;
use std::io::Read;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// A test's result in its binary's whole run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Together {
    Passed,
    Failed,
}

/// Results of the whole runs, by test index; a test missing here has no result (its
/// binary crashed or timed out before it, or its line could not be read).
pub type Outcomes = HashMap<usize, Together>;

/// Runs each binary in `binaries` whole, at most `jobs` at a time, each stopped after
/// `timeout`, calling `finished` as each one ends.
pub fn run(
    d: &Discovery,
    binaries: Vec<usize>,
    jobs: usize,
    timeout: Duration,
    mut finished: impl FnMut(),
) -> Outcomes {
    let mut outcomes = Outcomes::new();
    let index: HashMap<(usize, &str), usize> = d
        .tests
        .iter()
        .enumerate()
        .map(|(t, test)| ((test.binary, test.name.as_str()), t))
        .collect();
    pool::run(
        binaries,
        jobs,
        |b, send| send((b, run_whole(&d.binaries[b], &d.libtest_args, timeout))),
        |(b, output)| {
            finished();
            for (name, result) in parse(&output) {
                if let Some(&t) = index.get(&(b, name)) {
                    outcomes.insert(t, result);
                }
            }
        },
    );
    outcomes
}

/// The binary's standard output from a whole run (empty if it could not start).
fn run_whole(binary: &TestBinary, libtest_args: &[String], timeout: Duration) -> String {
    let mut command = test_command(binary);
    command
        .args(libtest_args)
        .arg("--test-threads=1")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    let Ok(mut process) = Contained::spawn(&mut command) else {
        return String::new();
    };
    let mut stdout = process.child().stdout.take().expect("piped stdout");
    // Read on a thread: the pipe stays open while anything the tests started lives.
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    process.ended_by(Instant::now() + timeout);
    // Whatever the tests left running goes with the group, which also closes the pipe.
    drop(process);
    reader.join().unwrap_or_default()
}

/// `(test name, result)` from libtest's `test NAME ... ok|FAILED` lines.
fn parse(output: &str) -> Vec<(&str, Together)> {
    output
        .lines()
        .filter_map(|line| {
            let (name, result) = line.strip_prefix("test ")?.rsplit_once(" ... ")?;
            let result = match result.trim_end() {
                "ok" => Together::Passed,
                "FAILED" => Together::Failed,
                _ => return None,
            };
            Some((name, result))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libtest_result_lines() {
        let output = "\nrunning 4 tests\ntest a::first ... ok\ntest b ... FAILED\n\
                      test c ... ignored\ntest d ... ok\n\nfailures:\n\n---- b stdout ----\n\
                      test result: FAILED. 2 passed; 1 failed; 1 ignored\n";
        assert_eq!(
            parse(output),
            vec![
                ("a::first", Together::Passed),
                ("b", Together::Failed),
                ("d", Together::Passed),
            ]
        );
    }

    #[test]
    fn a_line_broken_by_other_output_gives_no_result() {
        assert_eq!(parse("test a ... stray output\nok\n"), vec![]);
    }
}
