//! Examples with known answers: every verdict compared with the committed expectation.

mod common;

use common::*;

#[test]
fn gcd_loops_end_by_hit_budget_and_only_equivalents_survive() {
    let (out, dir) = run_example("examples/gcd/Cargo.toml", &[]);
    // Exit 3: the equivalent and blind-spot survivors below.
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(dir.path());
    check_expected("examples/gcd/expected/verdicts.txt", &actual);
    // Widening the bisection's upper bound by one more cannot change a result; `lcm`'s
    // guard matters only for (0, 0), and its literal mutants want inputs of 1, which the
    // tests never try: those survivors are the tests' blind spot, on purpose. So is
    // `isqrt`'s `min` made `max`: the cap at `u32::MAX` keeps `mid * mid` from overflowing,
    // and no test passes an `n` above it.
    let equivalent = [
        "lib.rs:27:67: replace 1 with 2 in arith::isqrt",
        // No test passes 100 itself.
        "lib.rs:56:18: replace < with <= in arith::below_hundred",
        "lib.rs:56:20: replace 100 with 101 in arith::below_hundred",
    ];
    let blind_spots = ["lib.rs:27:44: replace min with max in arith::isqrt"];
    for line in actual.lines().filter(|l| l.starts_with("Survived")) {
        let known = equivalent
            .iter()
            .chain(&blind_spots)
            .any(|e| line.ends_with(e))
            || line.contains("in arith::lcm");
        assert!(known, "a survivor the tests should see: {line}");
    }
    // The probe compares a site's first evaluations only: `below_hundred_of_two` proves
    // `<=` computes the same, `below_hundred_of_many` (3,000 evaluations) cannot, so the
    // mutant is run against it rather than skipped as proven.
    let report = Report::read(dir.path());
    let at_most = report
        .mutants
        .iter()
        .find(|m| {
            m.id.ends_with("56:18: replace < with <= in arith::below_hundred")
        })
        .expect("the boundary mutant");
    assert!(
        !at_most.reason.contains("not infected"),
        "{}",
        at_most.reason
    );
}

#[test]
fn versioned_set_survivors_are_the_untested_behaviours() {
    let (out, dir) = run_example("examples/versioned_set/Cargo.toml", &[]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(dir.path());
    check_expected("examples/versioned_set/expected/verdicts.txt", &actual);
    // As in the example's analysis: emptying `add` is detected, so is an intersection
    // that keeps everything; a version that never moves, an equality that ignores its
    // size check and an `is_empty` that lies all go unseen.
    for (status, id) in [
        (
            "Killed",
            "23:12: replace if condition with true in VersionedSet::add",
        ),
        (
            "Killed",
            "70:16: replace if condition with true in VersionedSet::intersect",
        ),
        (
            "Survived",
            "31:25: replace 1 with 0 in VersionedSet::increment_version",
        ),
        (
            "Survived",
            "52:12: replace if condition with false in VersionedSet::same_elements",
        ),
        (
            "Survived",
            "43:20: replace == with != in VersionedSet::is_empty",
        ),
    ] {
        let line = format!("{status:<12} examples/versioned_set/src/lib.rs:{id}");
        assert!(actual.contains(&line), "expected {line}\n{actual}");
    }
}

#[test]
fn extreme_mode_finds_the_pseudo_tested_methods() {
    let (out, dir) = run_example("examples/versioned_set/Cargo.toml", &["--extreme"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    // Only body replacements ran: every other mutant is ignored.
    let actual = verdicts(dir.path());
    for line in actual.lines() {
        let is_body = line.contains(" -> ") || line.contains(" with ()");
        assert!(
            is_body || line.starts_with("Ignored"),
            "a mutant other than a body replacement ran: {line}"
        );
    }
    // The tests call `increment_version` (through `add`) and `is_empty`, but check
    // neither: every replacement of their bodies survives. `same_elements` is partly
    // checked (its `false` is caught), so it is not pseudo-tested. Each is named at the
    // first line of the body its replacements replace.
    let pseudo = std::fs::read_to_string(dir.path().join("pseudo_tested.txt")).unwrap();
    assert_eq!(
        pseudo,
        "examples/versioned_set/src/lib.rs:31 VersionedSet::increment_version\n\
         examples/versioned_set/src/lib.rs:43 VersionedSet::is_empty\n"
    );
    assert!(
        stdout.contains("PSEUDO examples/versioned_set/src/lib.rs:43 VersionedSet::is_empty"),
        "{stdout}"
    );
}

#[test]
fn replacements_that_do_not_exist_for_the_types_are_unviable_reached_or_not() {
    let (out, dir) = run_example("examples/fallbacks/Cargo.toml", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The crate denies warnings, and one function allows `deprecated`: it builds, and
    // rustc's marks still come through.
    assert!(
        stderr.contains(
            "Unviable 8 mutants whose replacement the types at hand do not allow (no value of \
             the type, no such operator for the operands, no reverse of the iterator, a \
             literal out of range)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Unviable 22 mutants whose constant arithmetic rustc rejects"),
        "{stderr}"
    );
    // `#![deny(warnings)]`: a body replaced leaves its parameters unused (31), a
    // comparison with a literal compares beyond its type's range (6, `comparisons.rs`:
    // four operators replaced, two literals), `Start::default` calls itself (1).
    assert!(
        stderr.contains(
            "Unviable 38 mutants whose text adds a warning the crate denies (a parameter left \
             unused, a comparison beyond its type's range, a call of itself on every path)"
        ),
        "{stderr}"
    );
    // The schemata build gives no warning of the user's code that plain `cargo test`
    // would not (`blank_first`'s side in parentheses): the driver has no cause to ask
    // whether the tests build as written.
    assert!(
        !stderr.contains("Checking that the tests build as written"),
        "{stderr}"
    );
    // `joined`'s `+` on a `String` has no `-` nor `*`: found by the build (above, two of
    // the eight), not when a test runs them.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!stdout.contains("unviable when run"), "{stdout}");
    let actual = verdicts(dir.path());
    check_expected("examples/fallbacks/expected/verdicts.txt", &actual);
    let report = Report::read(dir.path());
    for (id, why) in [
        // No test calls it: before, "not covered"; `cargo test` would not build it.
        (
            "src/lib.rs:42:9: replace Labelled::value_again -> T with Default::default()",
            "no `Default`",
        ),
        (
            "src/lib.rs:37:9: replace Labelled::value -> T with Default::default()",
            "no `Default`",
        ),
        (
            "src/lib.rs:47:9: replace Labelled::value_ref -> &T with \
             Box::leak(Box::new(Default::default()))",
            "unsized or has no `Default`",
        ),
        (
            "src/lib.rs:60:5: replace doubled -> impl Display with Default::default()",
            "`impl Trait`",
        ),
        // Found by the build, reached or not: cargo-mutants finds it unviable too.
        (
            "src/lib.rs:98:7: replace + with - in joined",
            "no such operator here",
        ),
        // Before, each crashed its tests (an overflow at run time) and was "killed".
        (
            "src/constants.rs:15:24: replace - with + in top_bit",
            "attempt to shift right by `65_usize`, which would overflow",
        ),
        (
            "src/constants.rs:22:20: replace / with % in bytes_past_words",
            "with a divisor of zero",
        ),
        (
            "src/constants.rs:29:13: replace / with * in middle_byte",
            "this arithmetic operation will overflow",
        ),
        // `n / 0` does not build either, whatever `n` is.
        ("src/lib.rs:76:18: replace 2 with 0 in limits", "by zero"),
        // `255` where a `u8` is asked for: `256` is out of range there.
        (
            "src/constants.rs:37:13: replace 255 with 256 in flips",
            "out of range for `u8`",
        ),
        // The text of a body replaced leaves `byte` and `word` unused, which the crate
        // denies; before, killed.
        (
            "src/constants.rs:37:5: replace flips -> (u8, u32) with (0, 0)",
            "leaves a parameter unused, a warning the crate denies (`#![deny(warnings)]`)",
        ),
        // An index past the end of an array of four: read, written, added to and
        // borrowed mutably.
        (
            "src/indexes.rs:13:12: replace 3 with 4 in last_and_fourth",
            "index out of bounds",
        ),
        (
            "src/indexes.rs:28:20: replace 3 with 4 in Tally::record",
            "index out of bounds",
        ),
        (
            "src/indexes.rs:29:20: replace 3 with 4 in Tally::record",
            "index out of bounds",
        ),
        (
            "src/indexes.rs:30:32: replace 3 with 4 in Tally::record",
            "index out of bounds",
        ),
        // A constant index's arithmetic: `WORDS - 1` made `WORDS / 1`.
        (
            "src/indexes.rs:47:17: replace - with / in last_word",
            "index out of bounds",
        ),
    ] {
        let m = report
            .mutants
            .iter()
            .find(|m| m.id.ends_with(id))
            .unwrap_or_else(|| panic!("no mutant {id}:\n{actual}"));
        assert_eq!(m.verdict(), "CompileError", "{id}");
        assert!(m.reason.contains(why), "{id}: {}", m.reason);
    }
    // A type with `Default` keeps its replacement, which the tests kill; so do the
    // mutants of constant arithmetic that builds.
    for killed in [
        "examples/fallbacks/src/lib.rs:75:5: replace limits -> Limits with Default::default()",
        "examples/fallbacks/src/constants.rs:15:26: replace 1 with 2 in top_bit",
        "examples/fallbacks/src/constants.rs:22:22: replace 8 with 9 in bytes_past_words",
        "examples/fallbacks/src/constants.rs:37:25: replace 255 with 256 in flips",
        // The same index into a slice, and into `Vec`s written in place (whose
        // `IndexMut` the witness must not get in the way of): the text builds.
        "examples/fallbacks/src/indexes.rs:13:22: replace 3 with 4 in last_and_fourth",
        "examples/fallbacks/src/indexes.rs:31:19: replace 0 with 1 in Tally::record",
        "examples/fallbacks/src/indexes.rs:32:19: replace 1 with 2 in Tally::record",
        "examples/fallbacks/src/indexes.rs:47:19: replace 1 with 2 in last_word",
    ] {
        assert!(
            actual.contains(&format!("Killed       {killed}")),
            "{actual}"
        );
    }
}
