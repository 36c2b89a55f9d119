//! Applications (`examples/apps`): a library tested only through the program that uses
//! it, whose integration tests run that program, and a package with no library whose
//! program starts a copy of itself. Every mutant gets the verdict `cargo test` gives it,
//! across the processes the tests start, and nothing the tests started outlives the run.

mod common;

use common::*;

const MANIFEST: &str = "examples/apps/Cargo.toml";

fn runtime_path() -> String {
    repo().join("mutate-runtime").display().to_string()
}

/// The runs share the example's target folder, and a proc macro's expansion phase builds
/// its test binaries again while the run goes on: one run at a time, as one user runs.
static ONE_RUN: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_run() -> std::sync::MutexGuard<'static, ()> {
    ONE_RUN.lock().unwrap_or_else(|e| e.into_inner())
}

fn mutant<'a>(report: &'a Report, id: &str) -> &'a Mutant {
    report
        .mutants
        .iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("no mutant {id}"))
}

#[test]
fn programs_the_tests_run_are_mutated_and_judged_by_those_tests() {
    let _one = one_run();
    let out_dir = tempfile::tempdir().unwrap();
    let runtime = runtime_path();
    let sandbox = Sandbox::new();
    let out = sandbox
        .command(&[
            "--manifest-path",
            MANIFEST,
            "--workspace",
            "--all-items",
            "--runtime-path",
            &runtime,
            "-o",
            out_dir.path().to_str().unwrap(),
        ])
        .output()
        .expect("driver runs");
    // Among them, mutants that start copies of the program without end: the time limit
    // ends each test with every process it started.
    sandbox.assert_clean();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    check_expected(
        "examples/apps/expected/verdicts.txt",
        &verdicts(out_dir.path()),
    );

    let report = Report::read(out_dir.path());
    let verdict = |id: &str| mutant(&report, id);
    // Library code no test calls, only the program the tests run.
    let words = verdict("wordcount/src/lib.rs:6:5: replace count_words -> usize with 0");
    assert_eq!(words.status, "Killed");
    assert_eq!(words.killed_by, ["cli::words_are_counted"]);
    // The program's own code, run from the path next to the test's executable.
    let lines = verdict("wordcount/src/main.rs:33:21: replace true with false in parse_args");
    assert_eq!(lines.status, "Killed");
    assert_eq!(lines.killed_by, ["cli::lines_are_counted"]);
    // Code only the copy of the program that the program started runs.
    let copy = verdict("tally/src/main.rs:74:5: replace as_child -> String with String::new()");
    assert_eq!(copy.status, "Killed");
    assert_eq!(copy.killed_by, ["run::a_copy_of_itself_sums_them_too"]);
    // A program's own unit tests judge it too, beside the tests that run it.
    let parse = verdict("tally/src/main.rs:31:5: replace parse -> Option<Vec<u64>> with None");
    assert_eq!(parse.status, "Killed");
    for test in [
        "tally::tests::numbers_are_parsed_a_line_each",
        "run::the_numbers_are_summed",
    ] {
        assert!(parse.covered_by.iter().any(|t| t == test), "{parse:?}");
    }
    // A `const fn` that runs at run time is mutated; one a constant calls stays `const`,
    // and its mutants are named as not run, with where the constant is: read from the
    // source before the first build, not learnt from rustc's error a build later.
    let width = verdict("wordcount/src/lib.rs:23:8: replace - with + in column_width");
    assert_eq!(width.status, "Killed");
    let room = verdict("wordcount/src/lib.rs:32:5: replace room -> usize with 0");
    assert_eq!(room.status, "Ignored");
    assert!(
        room.reason.contains(
            "a constant calls this `const fn` (called where a constant is needed: `room` \
             (at wordcount/src/lib.rs:28:25))"
        ),
        "{}",
        room.reason
    );
    // A program a test of another package starts from the target folder counts into
    // that test's run; one that ends by a signal, or aborts on a panic, is judged as
    // `cargo test` judges it.
    let double = verdict("moods/src/main.rs:32:7: replace * with + in double");
    assert_eq!(double.status, "Killed");
    assert!(
        double
            .covered_by
            .iter()
            .any(|t| t == "moods::another_packages_program_doubles"),
        "{double:?}"
    );
    // Deleting a call that never returns, on which its block's type rests, does not build
    // (as text it would not either): that mutant alone, not the function's others.
    let exit = verdict("moods/src/main.rs:19:21: delete std::process::exit(2); in main");
    assert_eq!(exit.status, "CompileError");
    let arm = verdict("moods/src/main.rs:24:9: delete match arm \"term\" in main");
    assert_eq!(arm.status, "Killed");
    let panics = verdict("moods/src/main.rs:45:8: replace if condition with true in check");
    // Two tests run the check; the faster of the two is run first.
    assert_eq!(panics.status, "Killed");
    let checks = [
        "run::a_short_name_passes_the_check",
        "run::found_by_its_path_in_the_target_folder",
    ];
    assert!(
        panics.killed_by.len() == 1 && checks.contains(&panics.killed_by[0].as_str()),
        "{panics:?}"
    );
    // A proc macro's helper that only the expansion runs: its tests see it once built
    // with the macro expanded with it. One that changes nothing in the expansion (a
    // message for input the tests never give) cannot be seen, and the reason says so.
    let loud = verdict("shout/src/lib.rs:18:5: replace loud -> String with String::new()");
    assert_eq!(loud.status, "Killed");
    assert!(
        loud.reason
            .contains("`shout/tests/expand.rs`, built with its macro expanded with it, fails"),
        "{}",
        loud.reason
    );
    let message = verdict("shout/src/lib.rs:11:54: replace \"an identifier\" with \"\" in shout");
    assert!(
        message
            .reason
            .contains("build the same with it (shout/tests/expand.rs)"),
        "{}",
        message.reason
    );
    // The lint level a test crate sets holds for what the macro expands there: without the
    // `#[allow(..)]` the macro writes, the test crate does not build.
    let allows = verdict("shout/src/lib.rs:52:5: replace allows_its_name -> bool with false");
    assert_eq!(allows.status, "Killed");
    assert!(
        allows.reason.contains("should have a snake case name"),
        "{}",
        allows.reason
    );
    let whisper = verdict("shout/src/lib.rs:28:5: replace whisper -> String with String::new()");
    assert_eq!(whisper.killed_by, ["shout::tests::whispers"]);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("mutants built into the tests"),
        "the expansion's cost is said"
    );
}

/// With `--no-expansion`, a proc macro's mutants its own unit tests do not detect are not
/// run, and say which tests could not see them: never survived nor uncovered.
#[test]
fn without_expansion_a_proc_macros_mutants_say_who_could_not_see_them() {
    let _one = one_run();
    let out_dir = tempfile::tempdir().unwrap();
    let runtime = runtime_path();
    let out = Sandbox::new()
        .command(&[
            "--manifest-path",
            MANIFEST,
            "-p",
            "shout",
            "--all-items",
            "--runtime-path",
            &runtime,
            "--no-expansion",
            "-o",
            out_dir.path().to_str().unwrap(),
        ])
        .output()
        .expect("driver runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::read(out_dir.path());
    let loud = mutant(
        &report,
        "shout/src/lib.rs:18:5: replace loud -> String with String::new()",
    );
    assert_eq!(loud.status, "Ignored");
    assert!(
        loud.reason
            .contains("the tests of `shout` were not built again with it (--no-expansion)"),
        "{}",
        loud.reason
    );
    assert!(
        report
            .mutants
            .iter()
            .all(|m| !matches!(m.status.as_str(), "Survived" | "NoCoverage"))
    );
}

/// A program annotated by hand whose one test only runs it: that test binary links no
/// annotated code, so it is run whole, with each of the program's mutants on in the program
/// it starts, as `cargo test` would run it.
#[test]
fn an_annotated_program_is_judged_by_the_test_that_runs_it() {
    let (out, dir) = run_example("examples/annotated_program/Cargo.toml", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report = Report::read(dir.path());
    assert_eq!(report.mutants.len(), 6);
    for m in &report.mutants {
        assert_eq!(m.status, "Killed", "{}: {}", m.id, m.reason);
    }
}
