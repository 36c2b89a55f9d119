//! The infection probe: mutants the coverage run proved to compute nothing different under
//! a test are not run against it, and that never changes a verdict; every survivor says
//! why it survived.

mod common;

use common::*;
use std::collections::BTreeMap;

/// Examples whose verdicts must not change when proven mutants are skipped: between them,
/// conditions, boundaries, arithmetic, compound assignment, literals and crashes.
const EXAMPLES: [&str; 4] = [
    "examples/versioned_set/Cargo.toml",
    "examples/triangle/Cargo.toml",
    "examples/gcd/Cargo.toml",
    "examples/hostile/Cargo.toml",
];

#[test]
fn skipping_proven_mutants_never_changes_a_verdict() {
    let mut proven = 0;
    for manifest in EXAMPLES {
        let (_, skipping) = run_example(manifest, &[]);
        let (_, running) = run_example(manifest, &["--no-infection-skip"]);
        assert_eq!(
            verdicts(skipping.path()),
            verdicts(running.path()),
            "{manifest}: skipping proven mutants changed verdicts"
        );
        let ran: BTreeMap<String, Mutant> = Report::read(running.path())
            .mutants
            .into_iter()
            .map(|m| (m.id.clone(), m))
            .collect();
        for m in Report::read(skipping.path()).mutants {
            if m.reason.contains("not infected") {
                proven += 1;
                // Run after all, it survived every covering test, as proven.
                let run = &ran[&m.id];
                assert_eq!(run.status, "Survived", "{}", m.id);
                assert!(!run.reason.contains("not infected"), "{}", run.reason);
                assert_eq!(m.category, "no_infection", "{}", m.id);
            }
        }
    }
    // The property means something only if the probe proved some mutants.
    assert!(
        proven >= 4,
        "only {proven} mutants were proven not infected"
    );
}

#[test]
fn every_survivor_is_diagnosed() {
    let (out, dir) = run_example("examples/versioned_set/Cargo.toml", &[]);
    assert_eq!(out.status.code(), Some(3));
    let report = Report::read(dir.path());
    for m in report.mutants.iter().filter(|m| m.status == "Survived") {
        assert!(!m.category.is_empty(), "{} has no diagnosis", m.id);
        assert!(!m.suggestion.is_empty(), "{} has no suggestion", m.id);
    }
    let text = std::fs::read_to_string(dir.path().join("diagnosis.txt")).unwrap();
    check_expected("examples/versioned_set/expected/diagnosis.txt", &text);
    // The seed's own example: `add` never meets an element it holds.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(
            "why: no infection: The condition `self.elements.contains(&item)` at \
             examples/versioned_set/src/lib.rs:23:12 in `VersionedSet::add` never held"
        ),
        "{stdout}"
    );
}

#[test]
fn a_weak_oracle_is_named_with_both_values() {
    let (out, dir) = run_example(
        "examples/triangle/Cargo.toml",
        &["--features", "weak-oracle"],
    );
    assert_eq!(out.status.code(), Some(3));
    let text = std::fs::read_to_string(dir.path().join("diagnosis.txt")).unwrap();
    check_expected("examples/triangle/expected/diagnosis-weak.txt", &text);
    // The test calls `classify` and never looks at what it returns.
    let report = Report::read(dir.path());
    let boundary = report
        .mutants
        .iter()
        .find(|m| m.id.ends_with("16:14: replace <= with < in classify"))
        .expect("the boundary mutant");
    assert_eq!(boundary.category, "weak_oracle");
    assert!(
        boundary
            .suggestion
            .contains("calls `classify`, which returns Invalid;")
            && boundary.suggestion.contains("it returns Scalene"),
        "{}",
        boundary.suggestion
    );
    // And every category the analysis has shows up among this example's survivors.
    for category in ["no_infection", "no_propagation", "weak_oracle"] {
        assert!(
            report.mutants.iter().any(|m| m.category == category),
            "no {category} among the weak-oracle triangle's survivors"
        );
    }
}

#[test]
fn without_the_probe_nothing_is_skipped() {
    let (_, dir) = run_example("examples/versioned_set/Cargo.toml", &["--no-probe"]);
    let report = Report::read(dir.path());
    assert!(
        report
            .mutants
            .iter()
            .all(|m| !m.reason.contains("not infected")),
        "a mutant was skipped without the probe"
    );
    assert!(
        report
            .mutants
            .iter()
            .filter(|m| m.status == "Survived")
            .all(|m| m.category == "not_compared"),
        "without the probe no survivor can be told infected or not"
    );
}

#[test]
fn a_survivor_of_a_test_that_changes_from_run_to_run_is_chance() {
    let turns = tempfile::tempdir().unwrap();
    let (out, dir) = run_example_with_env(
        "examples/dice/Cargo.toml",
        &[],
        &[("DICE_TURNS_DIR", turns.path().to_str().unwrap())],
    );
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::read(dir.path());
    let category = |id: &str| {
        let m = report
            .mutants
            .iter()
            .find(|m| m.id.ends_with(id))
            .unwrap_or_else(|| panic!("no mutant {id}"));
        assert_eq!(m.status, "Survived", "{id}");
        (m.category.clone(), m.suggestion.clone())
    };
    // `double`'s test plays another number of rounds in every process: its two traced runs
    // with every mutant off made other calls, so the mutant it let through is chance.
    let (chance, suggestion) = category("12:9: replace 2 with 3 in double");
    assert_eq!(chance, "chance");
    assert!(
        suggestion.starts_with("rounds::doubles_in_a_random_number_of_rounds made other calls"),
        "{suggestion}"
    );
    // `sixth`'s test makes the same call every run with another number: in its two traced
    // runs `sixth` returned other values, so which of them agreed cannot tell where a mutant's
    // difference went, and the mutants it let through are chance (they were no
    // propagation, or weak oracle, as the draws fell).
    for id in [
        "src/lib.rs:49:7: replace / with % in sixth",
        "src/lib.rs:49:9: replace 6 with 7 in sixth",
    ] {
        let (chance, suggestion) = category(id);
        assert_eq!(chance, "chance", "{id}: {suggestion}");
        assert!(
            suggestion.starts_with(
                "rounds::sixth_of_a_random_number made other calls, or its calls of `sixth` came out otherwise"
            ),
            "{suggestion}"
        );
    }
    // `half`'s test does the same every run: its survivors are diagnosed as usual.
    for id in [
        "17:7: replace / with % in half",
        "17:9: replace 2 with 3 in half",
    ] {
        assert_eq!(category(id).0, "weak_oracle", "{id}");
    }
    let terminal = String::from_utf8_lossy(&out.stdout);
    assert!(terminal.contains("why: chance: "), "{terminal}");
    // A kill by a test whose calls differ from run to run is said to be one: another run
    // may not make it. One by a test that does the same every run is not.
    let killed = |function: &str| {
        report
            .mutants
            .iter()
            .filter(|m| m.function == function && m.verdict() == "Killed")
            .collect::<Vec<_>>()
    };
    let doubles = killed("double");
    assert!(!doubles.is_empty());
    for m in doubles {
        assert!(m.killed_by_chance, "{}: {}", m.id, m.reason);
        assert!(
            m.reason.contains("calls differ from run to run"),
            "{}",
            m.reason
        );
    }
    let halves = killed("half");
    assert!(!halves.is_empty());
    assert!(halves.iter().all(|m| !m.killed_by_chance), "{halves:#?}");
    // `parity`'s test detects a wrong parity only in the second run in a row that sees one.
    // The first mutant run after the unmutated baseline lets its mutant through; that
    // survivor's test is unsteady, so it is run again, and a run again detects it. None of
    // these stays a survivor, and at least one was detected only in a run again.
    let parity: Vec<_> = report
        .mutants
        .iter()
        .filter(|m| m.function == "parity" && m.replacement != "1")
        .filter(|m| m.status != "CompileError")
        .collect();
    assert_eq!(parity.len(), 5, "{parity:#?}");
    for m in &parity {
        assert_eq!(m.status, "Killed", "{}: {}", m.id, m.reason);
    }
    assert!(
        parity.iter().any(|m| m.reason.contains(
            "of 5: rounds::parity_in_turns makes other calls from run to run, and the first \
             run did not detect it)"
        )),
        "{parity:#?}"
    );
    // `triple`'s test makes the same calls every run and fails from its second wrong
    // value on: the first of `triple`'s mutants to run survives it, and its run traced for
    // the diagnosis fails. That is its verdict, not a survivor "weak oracle".
    all_killed_one_saying(
        &run_mutants(&report, "triple"),
        "(in a second run of rounds::triple_after_a_wrong_one, traced for the diagnosis",
    );
    // Its body replaced by 1 is right for the 5 it checks, however many runs.
    let one = report
        .mutants
        .iter()
        .find(|m| m.function == "parity" && m.replacement == "1")
        .expect("parity -> 1");
    assert_eq!(one.status, "Survived");
    assert_eq!(one.category, "chance");
    // `quarter`'s test calls it in every other run: its mutants' runs take turns reaching
    // it. A run that did not reach its mutant is no evidence; a run again reaches it (which
    // one depends on how the jobs' runs interleave, as the turns are the test's, shared).
    all_killed_one_saying(
        &run_mutants(&report, "quarter"),
        " of rounds::quarter_in_every_other_run: the runs before did not reach it)",
    );
    // `fifth`'s test calls it in its coverage run only: no run with a mutant reaches it.
    for m in run_mutants(&report, "fifth") {
        assert_eq!(m.status, "Survived", "{}", m.id);
        assert!(
            m.reason.contains(
                "never reached: its covering tests (rounds::fifth_in_the_first_run_only) \
                 reached it in their coverage runs but in none of their 5 runs each"
            ),
            "{}: {}",
            m.id,
            m.reason
        );
    }
}

/// `function`'s mutants that were built and run: not unviable, and not proven to compute
/// the same as the original (a survivor without a run). At least four.
fn run_mutants<'a>(report: &'a Report, function: &str) -> Vec<&'a Mutant> {
    let run: Vec<&Mutant> = report
        .mutants
        .iter()
        .filter(|m| m.function == function && m.status != "CompileError")
        .filter(|m| !m.reason.contains("not infected: "))
        .collect();
    assert!(run.len() >= 4, "{run:#?}");
    run
}

/// Every one of `mutants` killed, at least one with `reason` in its reason.
fn all_killed_one_saying(mutants: &[&Mutant], reason: &str) {
    for m in mutants {
        assert_eq!(m.status, "Killed", "{}: {}", m.id, m.reason);
    }
    assert!(
        mutants.iter().any(|m| m.reason.contains(reason)),
        "{mutants:#?}"
    );
}
