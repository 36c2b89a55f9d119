//! The program run as its users run it.

use std::io::Write;
use std::process::{Command, Stdio};

fn moods() -> Command {
    Command::new(env!("CARGO_BIN_EXE_moods"))
}

#[test]
fn doubles_what_it_reads() {
    let mut child = moods()
        .arg("double")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"21\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
}

#[test]
fn ends_by_a_signal() {
    let out = moods().arg("signal").output().unwrap();
    assert_eq!(out.status.code(), None);
}

#[test]
fn a_short_name_passes_the_check() {
    let out = moods().arg("check").output().unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, b"ok\n");
}

/// Two hundred copies at once, each asked whether it writes to a terminal.
#[test]
fn hundreds_of_copies_write_to_pipes() {
    let children: Vec<_> = (0..200)
        .map(|_| moods().arg("term").stdout(Stdio::piped()).spawn().unwrap())
        .collect();
    for child in children {
        assert_eq!(child.wait_with_output().unwrap().stdout, b"pipe\n");
    }
}

/// Found as some crates' tests find their program: by its path under the workspace's
/// target folder, relative to the package, where `cargo test` runs them.
#[test]
fn found_by_its_path_in_the_target_folder() {
    let out = Command::new("../target/debug/moods")
        .arg("check")
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"ok\n");
}
