//! A `#![no_std]` crate with code under `#[cfg(feature = "extra")]`: it builds in schemata
//! mode with and without the feature, only compiled code has mutants, and every verdict is
//! the one `cargo test` gives with that mutant switched on.

mod common;

use common::*;
use std::path::Path;

const MANIFEST: &str = "examples/features/Cargo.toml";

/// `(status, id)` of each verdict line.
fn parse(verdicts: &str) -> Vec<(&str, &str)> {
    verdicts
        .lines()
        .map(|l| (l[..12].trim(), &l[13..]))
        .collect()
}

/// Whether `cargo test`, on the driver's schemata build with `id` switched on, fails.
fn cargo_test_fails(id: &str, features: &[&str]) -> bool {
    let out = std::process::Command::new(env!("CARGO"))
        .args(["test", "--manifest-path", MANIFEST, "--target-dir"])
        .arg(repo().join("target/mutate"))
        .args(features)
        .env("RUSTFLAGS", "--cfg mutate_schemata")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env("MUTATE_ACTIVE", id)
        .env("RUST_BACKTRACE", "0")
        .current_dir(repo())
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("test result:"),
        "cargo test did not run the tests for {id}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    !out.status.success()
}

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
    for (status, id) in parse(&actual) {
        let detected = match status {
            "Killed" | "Timeout" | "Crashed" => true,
            "Survived" | "NoCoverage" => false,
            _ => continue,
        };
        assert_eq!(
            cargo_test_fails(id, features),
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
    for (_, id) in parse(&plain) {
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
}
