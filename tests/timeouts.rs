//! The wall clock: tests slow on purpose keep their verdicts, and mutants that never end
//! where no site is hit are stopped, at their time limit when computing and after their
//! grace when waiting, or once blocked (every thread asleep, no CPU time, for three times
//! all its test's waiting); a mutant of a hot function is not taken for a hang because its
//! function's schemata body costs many times its body as written; a thread spinning
//! while another works is not taken for one either; a coverage run that stops counting
//! in a function called past a million site evaluations loses none of its coverage; a
//! function made endless under a test that does much else is ended by its own calls.

mod common;

use common::*;

const MANIFEST: &str = "examples/patient/Cargo.toml";

fn reasons(report_dir: &std::path::Path) -> Vec<(String, String, String)> {
    Report::read(report_dir)
        .mutants
        .into_iter()
        .map(|m| (m.status, m.id, m.reason))
        .collect()
}

#[test]
fn slow_tests_keep_their_verdicts_and_hangs_end_by_the_clock() {
    // Four times as many jobs as this machine likely has cores: the slow tests' runs are
    // starved, as on a busy machine, and must not be taken for hangs.
    let (out, dir) = run_example(MANIFEST, &["--jobs", "8"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(dir.path());
    check_expected("examples/patient/expected/verdicts.txt", &actual);
    // The test that sleeps and the one that waits for another thread are known to wait
    // (their CPU time, from the child's reaping, under a quarter of their time): their
    // runs go beside the others' beyond the jobs, and keep their verdicts.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 tests spend most of their time waiting"),
        "{stderr}"
    );

    for (status, id, reason) in reasons(dir.path()) {
        // Slow, varying and sleeping tests: what survives there survives, what fails
        // there fails; nothing times out.
        if id.contains("busy_for") || id.contains("nap") {
            assert_ne!(status, "Timeout", "{id}: {reason}");
        }
        // A loop with no site, computing: a timeout, whichever way it ended. Eight jobs on
        // two cores may starve it through its grace, so which end it meets is left to the
        // fork server's own tests (`mutate-runtime/src/server.rs`), which fork a computing,
        // a pausing and an exiting child one at a time.
        if id.contains("stride") && id.contains("with 0") {
            assert_eq!(status, "Timeout", "{id}: {reason}");
        }
        // A wait for another thread that spins where a mutant deleted its nap: past its
        // hit budget while the other thread works, and done when that thread is, as
        // under `cargo test`.
        if id.contains("await_flag") {
            assert_ne!(status, "Timeout", "{id}: {reason}");
        }
        // Waiting for a message no one sends: blocked, every thread asleep with no CPU time
        // for three times all the waiting its test did as written, and ended then, long
        // before its time limit and grace.
        if id.contains("workers") && (id.contains("with 0") || id.contains("with 1")) {
            assert_eq!(status, "Timeout", "{id}");
            assert!(
                reason.starts_with("blocked: its threads all slept"),
                "{id}: {reason}"
            );
            let ended: u64 = reason
                .rsplit("after ")
                .next()
                .and_then(|ms| ms.strip_suffix(" ms"))
                .and_then(|ms| ms.parse().ok())
                .unwrap_or_else(|| panic!("{reason}"));
            assert!(ended < 3_000, "{id}: {reason}");
        }
        // Doubling at the last of two million calls: reached after the coverage run
        // stopped counting in `doubled_at`, its sites are assumed reached by the test,
        // and its mutants there are run under it and killed (left without coverage, had
        // the cut dropped them). The branch no call takes is assumed too: its mutants,
        // run once and not reached, have no coverage.
        if id.contains("lib.rs:113:") && id.contains("doubled_at") {
            assert_eq!(status, "Killed", "{id}: {reason}");
        }
        if id.contains("lib.rs:115:") && id.contains("doubled_at") {
            assert_eq!(status, "NoCoverage", "{id}: {reason}");
            assert!(reason.starts_with("no test reaches it"), "{id}: {reason}");
        }
        // `take` made to hand out without taking: `drain`'s loop calls it forever. Which end
        // meets it first on a starved machine is left to the test below.
        let endless_take = [
            "take -> u64 with 1",
            "-= with += in take",
            "-= with /= in take",
        ];
        if endless_take.iter().any(|m| id.contains(m)) {
            assert_eq!(status, "Timeout", "{id}: {reason}");
        }
        // `chunk` made 1: `take` and it called sixteen times as often, past their own
        // budgets, for a fraction of a second; the run ends, and the mutant survives, as
        // under `cargo test`.
        if id.contains("chunk -> u64 with 1") {
            assert_eq!(status, "Survived", "{id}: {reason}");
        }
    }
}

/// `take` made to hand out without taking (or without taking all): `drain`'s loop calls it
/// forever, under a test whose total of calls is unknown (its coverage run stopped counting
/// `one`), so without a budget of the test's. `take`'s own calls end it, once it has
/// computed a second, where the clock would wait five times the test and more. `chunk` made
/// 1 has `take` and `chunk` called sixteen times as often, past their own budgets, for a
/// fraction of a second: the run ends, and the mutant survives, as under `cargo test`.
#[test]
fn a_function_made_endless_ends_by_its_own_calls() {
    let (_, dir) = run_example(MANIFEST, &["--re", "in (take|chunk)|(take|chunk) ->"]);
    let endless_take = [
        "take -> u64 with 1",
        "-= with += in take",
        "-= with /= in take",
    ];
    let mut seen = 0;
    for (status, id, reason) in reasons(dir.path()) {
        if endless_take.iter().any(|m| id.contains(m)) {
            seen += 1;
            assert_eq!(status, "Timeout", "{id}: {reason}");
            assert!(reason.starts_with("its function made"), "{id}: {reason}");
        }
        if id.contains("chunk -> u64 with 1") {
            seen += 1;
            assert_eq!(status, "Survived", "{id}: {reason}");
        }
    }
    assert_eq!(seen, 4);
}

/// Each survivor of the slow tests survives `cargo test` too: the verdicts are not an
/// artefact of the driver's limits.
#[test]
fn slow_survivors_survive_cargo_test() {
    let (_, dir) = run_example(MANIFEST, &[]);
    let actual = verdicts(dir.path());
    let survivors: Vec<&str> = parse_verdicts(&actual)
        .into_iter()
        .filter(|(status, id)| {
            *status == "Survived" && (id.contains("busy_for") || id.contains("nap"))
        })
        .map(|(_, id)| id)
        .collect();
    assert!(survivors.len() >= 4, "{actual}");
    for id in survivors {
        assert!(
            !cargo_test_fails(MANIFEST, "--cfg mutate_schemata", &[], id),
            "{id} survives the driver but fails cargo test"
        );
    }
}

/// `unit`'s schemata body costs some twenty times its body as written, and `counts_units`
/// calls it 20 million times: past the limit of that test as written (about 2 s). Its
/// `3 -> 4` mutants compute the same quotient, and run as long as the schemata body makes
/// them: the first one the clock ends is checked against an inert run of `unit` (its
/// schemata body, nothing on), and runs again under the limits from that time; the rest
/// have those from the start. All survive, as they do under `cargo test`.
#[test]
fn a_hot_functions_schemata_body_is_not_a_hang() {
    let (out, dir) = run_example_with_env(
        MANIFEST,
        &["--re", "replace 3 with 4 in unit"],
        &[("PATIENT_UNITS", "20000000")],
    );
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let verdicts: Vec<_> = reasons(dir.path())
        .into_iter()
        .filter(|(status, _, _)| status != "Ignored")
        .collect();
    assert_eq!(verdicts.len(), 8, "{verdicts:#?}");
    for (status, id, reason) in verdicts {
        assert_eq!(status, "Survived", "{id}: {reason}");
    }
}
