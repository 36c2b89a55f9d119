//! A `#![no_std]` crate with code under `#[cfg(feature = "extra")]`: it builds in schemata
//! mode with and without the feature, only compiled code has mutants, every verdict is
//! the one `cargo test` gives with that mutant switched on, and a body replacement whose
//! text names what the crate lacks (`vec!`, `Box`, `Vec` where only a feature imports it)
//! is unviable.

mod common;

use common::*;
use std::path::Path;

const MANIFEST: &str = "examples/features/Cargo.toml";

fn check(features: &[&str], expected: &str, exit: i32) -> String {
    let (out, dir) = run_example(MANIFEST, features);
    assert_eq!(
        out.status.code(),
        Some(exit),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let actual = verdicts(dir.path());
    check_expected(expected, &actual);
    for (status, id) in parse_verdicts(&actual) {
        let Some(detected) = detected(status) else {
            continue;
        };
        assert_eq!(
            cargo_test_fails(MANIFEST, "--cfg mutate_schemata", features, id),
            detected,
            "`cargo test` disagrees with the verdict {status} of {id} ({features:?})"
        );
    }
    actual
}

#[test]
fn gated_code_has_mutants_only_when_compiled_and_verdicts_match_cargo_test() {
    // Without the feature every mutant is detected; with it, `max`'s default and the
    // unreachable `10` are not.
    let plain = check(&[], "examples/features/expected/verdicts.txt", 0);
    let extra = check(
        &["--features", "extra"],
        "examples/features/expected/verdicts-extra.txt",
        3,
    );
    // Nothing under `cfg(feature = "extra")` is mutated without the feature...
    let source = std::fs::read_to_string(repo().join("examples/features/src/lib.rs")).unwrap();
    let gated_lines: Vec<usize> = source
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("#[cfg(feature = \"extra\")]"))
        .map(|(i, _)| i + 2)
        .collect();
    let line_of = |id: &str| -> usize { id.split(':').nth(1).unwrap().parse().unwrap() };
    for (_, id) in parse_verdicts(&plain) {
        assert!(
            !gated_lines.contains(&line_of(id)),
            "a mutant of code compiled only with `extra`: {id}"
        );
        assert!(!id.contains(" in evens"), "{id}");
    }
    // ...and with it, the gated statement, arm, `let`, field and function all are.
    for needle in [
        "delete double(&mut sum); in total",
        "delete match arm 0 in label",
        "replace + with - in summary",
        "replace % with / in evens",
        "replace 100 with 0 in limit",
    ] {
        assert!(
            extra.contains(needle),
            "missing `{needle}` with extra:\n{extra}"
        );
        assert!(
            !plain.contains(needle),
            "`{needle}` without extra:\n{plain}"
        );
    }
    assert!(Path::new(&repo().join(MANIFEST)).exists());
    // The crate has neither `vec!` nor `Box` in scope: replacements whose text names them
    // do not build, as under `cargo test`; the other mutants of their functions do. The
    // empty slice's text names `Vec`, which the crate imports with `extra` only: unviable
    // without it, built and killed with it, as `cargo test` has it.
    for empty in [
        "replace first_half -> &[u32] with Vec::leak(Vec::new())",
        "replace rest -> &[u32] with Vec::leak(Vec::new())",
    ] {
        assert_eq!(status_of(&plain, empty), "CompileError", "{empty}");
        assert_eq!(status_of(&extra, empty), "Killed", "{empty}");
    }
    for verdicts in [&plain, &extra] {
        for unbuilt in [
            "replace first_half -> &[u32] with Vec::leak(vec![0])",
            "replace first -> &u32 with Box::leak(Box::new(1))",
            // Two functions of one `macro_rules!`, one place in rustc's errors.
            "replace tail -> &[u32] with Vec::leak(vec![0])",
            "replace rest -> &[u32] with Vec::leak(vec![1])",
        ] {
            assert_eq!(status_of(verdicts, unbuilt), "CompileError", "{unbuilt}");
        }
        for built in ["replace 0 with 1 in first", "replace 1 with 0 in rest"] {
            assert_eq!(status_of(verdicts, built), "Killed", "{built}");
        }
    }
    assert_eq!(
        status_of(&extra, "replace evens -> Vec<u32> with vec![]"),
        "CompileError"
    );
}

/// The status of the one mutant whose id ends with `change`.
fn status_of<'a>(verdicts: &'a str, change: &str) -> &'a str {
    let found: Vec<&str> = parse_verdicts(verdicts)
        .into_iter()
        .filter(|(_, id)| id.ends_with(change))
        .map(|(status, _)| status)
        .collect();
    assert_eq!(found.len(), 1, "`{change}` in:\n{verdicts}");
    found[0]
}
