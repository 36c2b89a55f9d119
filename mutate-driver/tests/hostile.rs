//! Mutants that hang, crash or end the process: each gets its verdict, none hangs the run.

mod common;

use common::*;

#[test]
fn hostile_mutants_are_detected_without_hanging() {
    let started = std::time::Instant::now();
    let (out, out_dir) = run_example("examples/hostile/Cargo.toml", &[]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(out_dir.path());
    check_expected("examples/hostile/expected/verdicts.txt", &actual);
    // Endless loops end by hit budget, not by waiting out wall clocks.
    assert!(actual.contains("Timeout      examples/hostile/src/lib.rs:10:11: replace += with *="));
    // Stack overflow is a crash; exit(0) in the middle of a test is a kill.
    assert!(actual.contains("Crashed      examples/hostile/src/lib.rs:19:40: replace - with +"));
    assert!(
        actual.contains(
            "Killed       examples/hostile/src/lib.rs:25:8: replace if condition with true"
        )
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(240));
}
