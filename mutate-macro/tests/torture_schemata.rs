//! Runs the torture fixture's own tests (`examples/torture/tests/sites.rs`) in a schemata
//! build: every mutant switched on in turn must be observable, and with none on the
//! fixture must behave exactly as in the plain build that `cargo test` runs anyway.
//!
//! The schemata build goes to `target/mutate`, the directory the driver uses, so the two
//! share one build cache and the ordinary `target/` is never rebuilt with other flags.

use std::path::Path;
use std::process::Command;

#[test]
fn torture_fixture_in_a_schemata_build() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let output = Command::new(env!("CARGO"))
        .args(["test", "-p", "torture", "--test", "sites", "--target-dir"])
        .arg(repo.join("target/mutate"))
        // rustc's marks of unviable mutants are `deprecated` warnings (which the driver
        // forces on and reads back), not errors under the fixture's `#![deny(warnings)]`.
        .env("RUSTFLAGS", "--cfg mutate_schemata -A deprecated")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("MUTATE_ACTIVE")
        .current_dir(repo)
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "schemata tests of the torture fixture failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    assert!(
        stdout.contains("test every_mutant_is_observable ... ok"),
        "the per-mutant test did not run:\n{stdout}"
    );
}
