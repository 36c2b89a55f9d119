//! The program run as a user runs it, by the path cargo gives integration tests, and by
//! the path next to the test's own executable (as assert_cmd's `cargo_bin` finds it).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn run(program: PathBuf, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn cargo_bin_exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_wordcount"))
}

/// Beside the `deps` folder of the test's own executable.
fn next_to_the_test() -> PathBuf {
    let test = std::env::current_exe().unwrap();
    test.parent().unwrap().parent().unwrap().join("wordcount")
}

#[test]
fn words_are_counted() {
    let out = run(cargo_bin_exe(), &[], "one two  three\nfour\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "words:      4\n");
}

#[test]
fn lines_are_counted() {
    let out = run(next_to_the_test(), &["--lines"], "a\nb b\n\nc\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "lines:      4\n");
}

#[test]
fn an_unknown_option_is_refused() {
    let out = run(cargo_bin_exe(), &["--bytes"], "");
    assert_eq!(out.status.code(), Some(2));
}
