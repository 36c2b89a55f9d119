//! The program run with input, directly and through a copy of itself.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tally(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tally"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_numbers_are_summed() {
    let out = tally(&[], "1\n2\n39\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "42\n");
}

#[test]
fn a_copy_of_itself_sums_them_too() {
    let out = tally(&["--in-child"], "5\n6\n");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "11 (counted by a copy)\n"
    );
}

#[test]
fn what_is_not_a_number_fails() {
    assert_eq!(tally(&[], "1\nten\n").status.code(), Some(1));
}
