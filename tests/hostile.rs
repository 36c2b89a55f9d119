//! Mutants that hang, crash or end the process: each gets its verdict, none hangs the run.

mod common;

use common::*;

/// Lets this process and what it starts write core files, as a machine that keeps them
/// does (raising the hard limit where allowed).
fn allow_core_files() {
    let unlimited = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: plain libc calls on valid structs.
    unsafe {
        if libc::setrlimit(libc::RLIMIT_CORE, &unlimited) != 0 {
            let mut current = std::mem::zeroed::<libc::rlimit>();
            libc::getrlimit(libc::RLIMIT_CORE, &mut current);
            current.rlim_cur = current.rlim_max;
            libc::setrlimit(libc::RLIMIT_CORE, &current);
        }
    }
}

/// Core files in the example's folder, where its tests run.
fn core_files() -> Vec<String> {
    std::fs::read_dir(repo().join("examples/hostile"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name == "core" || name.starts_with("core."))
        .collect()
}

#[test]
fn hostile_mutants_are_detected_without_hanging() {
    let started = std::time::Instant::now();
    // Crashing mutants leave no core file, even where the user's limits allow them.
    allow_core_files();
    let cores_before = core_files();
    // A lower memory limit than the default, so the unbounded allocation ends sooner.
    let (out, out_dir) = run_example("examples/hostile/Cargo.toml", &["--memory-limit", "512"]);
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
    // So do endless iterators of `from_fn` that a loop not ours drains: each call of the
    // closure counts.
    let report = Report::read(out_dir.path());
    for condition in [
        "126:12: replace if condition with true in chunks",
        "126:18: replace < with <= in chunks",
        "142:12: replace if condition with true in chunk_lengths",
    ] {
        let id = format!("examples/hostile/src/lib.rs:{condition}");
        let mutant = report.mutants.iter().find(|m| m.id == id).expect(&id);
        assert_eq!(mutant.status, "Timeout", "{id}");
        assert!(
            mutant.reason.contains("past its hit budget"),
            "{id}: {}",
            mutant.reason
        );
    }
    // A loop with no site in it ends by the wall clock.
    assert!(
        actual.contains("Timeout      examples/hostile/src/lib.rs:47:5: replace 1 with 0 in step")
    );
    // abort, a write into the first page, a panic in Drop during unwinding, allocation
    // past the memory limit: each a crash.
    for crash in [
        "lib.rs:64:8: replace if condition with true in abort_above",
        "lib.rs:74:8: replace if condition with true in poke_above",
        "lib.rs:97:8: replace if condition with true in guarded",
        "lib.rs:111:14: replace += with *= in grow",
    ] {
        assert!(
            actual.contains(&format!("Crashed      examples/hostile/src/{crash}")),
            "{crash}\n{actual}"
        );
    }
    assert_eq!(
        core_files(),
        cores_before,
        "a crashing mutant left a core file"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(240));
}
