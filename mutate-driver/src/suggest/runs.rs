//! Runs of a generated test executable, with every mutant off or one on
//! (`MUTATE_ACTIVE`), each a contained process with a deadline: a mutant may send a call
//! round forever on inputs no test gave it before.

use crate::compile::TestBinary;
use crate::process::{Contained, test_command};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// Longest a run of generated tests may take.
pub const DEADLINE: Duration = Duration::from_secs(20);

/// What a run printed (its standard output; empty if it could not start: a crash or its
/// deadline ends it where it is), and each test's result (`true`: passed) as libtest
/// reported it.
pub struct Ran {
    pub output: String,
    pub passed: BTreeMap<String, bool>,
}

/// Runs `executable` (in `package_dir`, as cargo runs tests there) with `args`, and
/// `mutant` on if any.
pub fn run(
    executable: &Path,
    package_dir: &Path,
    args: &[&str],
    mutant: Option<&str>,
    scratch: &Path,
) -> Ran {
    let binary = TestBinary {
        path: executable.to_path_buf(),
        target: "suggested".into(),
        src_path: String::new(),
        package_dir: package_dir.to_path_buf(),
    };
    let mut command = test_command(&binary);
    command.args(args).args(["--test-threads", "1"]);
    if let Some(mutant) = mutant {
        command.env(mutate_protocol::env::ACTIVE, mutant);
    }
    let failed = || Ran {
        output: String::new(),
        passed: BTreeMap::new(),
    };
    let out = match tempfile::NamedTempFile::new_in(scratch) {
        Ok(out) => out,
        Err(_) => return failed(),
    };
    let Ok(file) = out.reopen() else {
        return failed();
    };
    command
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(Stdio::null());
    let Ok(mut process) = Contained::spawn(&mut command) else {
        return failed();
    };
    process.ended_by(Instant::now() + DEADLINE);
    drop(process);
    let output = std::fs::read_to_string(out.path()).unwrap_or_default();
    let passed = results(&output);
    Ran { output, passed }
}

/// libtest's `test name ... ok` / `... FAILED` lines.
fn results(output: &str) -> BTreeMap<String, bool> {
    output
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("test ")?;
            let (name, result) = rest.split_once(" ... ")?;
            // A unit test's module path (`display::__mutate_suggested_157::`) aside: the
            // generated tests' names are unique.
            let name = name.rsplit("::").next().unwrap_or(name);
            match result.trim() {
                "ok" => Some((name.to_owned(), true)),
                "FAILED" => Some((name.to_owned(), false)),
                _ => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libtest_results_are_read_by_name() {
        let output = "running 2 tests\ntest a ... ok\ntest b ... FAILED\ntest c ... ignored\n\
                      test result: FAILED. 1 passed; 1 failed";
        let read = results(output);
        assert_eq!(read.len(), 2);
        assert!(read["a"]);
        assert!(!read["b"]);
    }
}
