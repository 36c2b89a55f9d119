//! The macro's hard cases in the build the driver makes: `examples/torture`'s own tests,
//! run in schemata mode. They switch every mutant on in a child process and compare what
//! the fixture computes against snapshots, and check that with nothing active both the
//! bodies as written and the schemata bodies compute what the code says.

mod common;

use common::repo;
use std::process::Command;

#[test]
fn torture_suite_passes_in_schemata_mode() {
    let out = Command::new(env!("CARGO"))
        .args(["test", "-p", "torture", "--target-dir"])
        .arg(repo().join("target/mutate"))
        // rustc's marks of unviable mutants are `deprecated` warnings (which the driver
        // forces on and reads back), not errors under the fixture's `#![deny(warnings)]`.
        .env("RUSTFLAGS", "--cfg mutate_schemata -A deprecated")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("MUTATE_ACTIVE")
        .env_remove("INSTA_UPDATE")
        .env("CI", "true")
        .current_dir(repo())
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("every_mutant_is_observable ... ok"),
        "the schemata suite did not run:\n{stdout}"
    );
}

/// What a mutant shows as its original is the code at its location, as written (but for
/// a long body's text, shortened with `…`): a report's viewer, or anyone applying the
/// replacement there, gets the program that ran. A `.rev()` deleted was located on `rev`
/// alone, a deleted field's and an `unwrap_or(..)`'s text were read after their values
/// were rewritten into schemata code, and a swap of match arms showed their patterns only.
#[test]
fn every_mutant_shows_the_code_at_its_location() {
    let mutants = common::list(&["--manifest-path", "examples/torture/Cargo.toml"]);
    assert!(mutants.len() > 500, "{} mutants", mutants.len());
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let mut wrong = Vec::new();
    for m in mutants.iter().filter(|m| !m.original.contains('…')) {
        let text = common::text_at(m);
        if squeeze(&text) != squeeze(&m.original) {
            wrong.push(format!(
                "{}: at its location {text:?}, shown {:?}",
                m.id, m.original
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
