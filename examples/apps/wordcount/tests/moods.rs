//! A test of another package that starts `moods` from the target folder, as a workspace's
//! end-to-end tests do.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn another_packages_program_doubles() {
    let exe = std::env::current_exe().unwrap();
    let target = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let mut child = Command::new(target.join("moods"))
        .arg("double")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"5").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "10\n");
}
