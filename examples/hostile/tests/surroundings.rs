//! Tests that do what real tests do around the code: threads that outlive them, child
//! processes (the test binary itself among them), sleeps, temporary files, environment
//! variables. None of it may change a verdict, outlive the driver or leave files behind.

use hostile::{abort_above, guarded, poke_above, walk};
use std::process::Command;
use std::time::Duration;

#[test]
fn echoes() {
    assert_eq!(hostile::echo("hi\n"), 3);
}

#[test]
fn walks() {
    assert_eq!(walk(3), 3);
}

#[test]
fn abort_guard() {
    assert_eq!(abort_above(1), 2);
}

#[test]
fn poke_guard() {
    assert_eq!(poke_above(1), 3);
}

#[test]
fn drop_guard() {
    assert_eq!(guarded(1), 4);
}

#[test]
fn memory_guard() {
    assert_eq!(hostile::grow(2), 4 << 20);
}

#[test]
fn thread_outlives_the_test() {
    std::thread::spawn(|| std::thread::sleep(Duration::from_secs(30)));
    assert_eq!(walk(2), 2);
}

#[test]
// Never waited for on purpose: the child must outlive the test.
#[allow(clippy::zombie_processes)]
fn child_process_outlives_the_test() {
    // A distinctive duration, so the end-to-end test can look for it afterwards.
    Command::new("sleep")
        .arg("9.17")
        .spawn()
        .expect("sleep starts");
    assert_eq!(abort_above(5), 6);
}

#[test]
fn runs_its_own_binary() {
    let exe = std::env::current_exe().unwrap();
    let out = Command::new(exe)
        .args(["--exact", "abort_guard", "--test-threads=1"])
        .output()
        .expect("the test binary starts again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("1 passed"), "{stdout}");
    assert_eq!(poke_above(2), 4);
}

#[test]
fn sleeps_a_little() {
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(guarded(2), 5);
}

#[test]
fn writes_a_temporary_file() {
    let path = std::env::temp_dir().join(format!("hostile-{}.txt", std::process::id()));
    std::fs::write(&path, "4").unwrap();
    // A mutant that hangs `walk` gets this process killed before the file is removed:
    // the driver's per-run TMPDIR must take it away then.
    let walked = walk(4);
    let back = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(back, walked.to_string());
}

#[test]
fn reads_the_environment_cargo_sets() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").expect("set as cargo sets it");
    let manifest = std::fs::read_to_string(std::path::Path::new(&dir).join("Cargo.toml")).unwrap();
    assert!(manifest.contains("name = \"hostile\""));
    assert_eq!(abort_above(3), 4);
}

/// What a test of `cargo test` has open from descriptor 3 up is what its process was
/// started with: nothing the driver opened for its run (the output capture, the `/dev/null`
/// given as input), which would give a test's `File::from_raw_fd(3)` a file where `cargo
/// test` has none, and its own files other numbers.
#[test]
fn holds_no_descriptor_of_the_driver() {
    let mut drivers = Vec::new();
    for entry in std::fs::read_dir("/proc/self/fd").expect("/proc is mounted") {
        let name = entry.expect("an entry").file_name();
        let fd: u32 = name
            .to_str()
            .and_then(|n| n.parse().ok())
            .expect("a number");
        let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else {
            continue; // the directory being read, closed by now
        };
        let target = target.to_string_lossy().into_owned();
        let info = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")).unwrap_or_default();
        let read_write = info
            .lines()
            .find_map(|l| l.strip_prefix("flags:"))
            .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
            .is_some_and(|flags| flags & 0o3 == 0o2);
        let capture = target.starts_with("/memfd:mutate");
        let input = target == "/dev/null" && read_write;
        if (3..100).contains(&fd) && (capture || input) {
            drivers.push((fd, target));
        }
    }
    assert_eq!(drivers, Vec::new());
}
