//! Listing, running one mutant, and usage errors.

mod common;

use common::*;

#[test]
fn list_and_run_one_mutant() {
    let out = driver(&["--manifest-path", "examples/triangle/Cargo.toml", "--list"]);
    assert_eq!(out.status.code(), Some(0));
    let ids: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    assert!(ids.len() > 20, "{ids:?}");
    assert!(
        ids.iter()
            .all(|id| id.starts_with("examples/triangle/src/lib.rs:"))
    );

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--list",
        "--json",
        "--re",
        "replace == with !=",
    ]);
    let list = listed(&out.stdout);
    assert!(!list.is_empty());
    assert!(
        list.iter()
            .all(|m| m.replacement == "!=" && m.operator == "relational" && m.status == "Pending")
    );

    let killed = "examples/triangle/src/lib.rs:19:10: replace == with != in classify";
    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--run-mutant",
        killed,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("KILLED"));

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--run-mutant",
        "no such id",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_unviable_mutant_is_not_run() {
    // `n / 0` does not build as text: the mutant is compiled as written, and running the
    // tests "with it" would only run the code as written.
    let unviable = "examples/fallbacks/src/constants.rs:15:24: replace - with + in top_bit";
    let out = driver(&[
        "--manifest-path",
        "examples/fallbacks/Cargo.toml",
        "--run-mutant",
        unviable,
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(5), "{stdout}");
    assert!(stdout.contains("UNVIABLE"), "{stdout}");
    assert!(stdout.contains("would overflow"), "{stdout}");
}

#[test]
fn usage_errors_exit_2_with_one_message() {
    let out = driver(&["--manifest-path", "does/not/exist/Cargo.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("does not exist"), "{stderr}");

    let out = driver(&["--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--re",
        "(",
    ]);
    assert_eq!(out.status.code(), Some(2));

    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--operators",
        "arithmetic,swaps",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--operators: unknown mutation operator `swaps`; operators: arithmetic"),
        "{stderr}"
    );
}

#[test]
fn operators_are_chosen_by_name_and_group() {
    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--list",
        "--json",
        "--operators",
        "control",
        "--skip-operators",
        "jump",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let list = listed(&out.stdout);
    let operators: std::collections::BTreeSet<&str> =
        list.iter().map(|m| m.operator.as_str()).collect();
    assert_eq!(operators.into_iter().collect::<Vec<_>>(), ["condition"]);
}

#[test]
fn operators_in_the_manifest_are_read_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(dir.path().join("src/lib.rs"), "").unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"configured\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [package.metadata.mutate]\noperators = [\"fn_value\", \"nonsense\"]\n",
    )
    .unwrap();
    let manifest = dir.path().join("Cargo.toml");
    let out = driver(&["--manifest-path", manifest.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "[package.metadata.mutate] of configured: unknown mutation operator `nonsense`"
        ),
        "{stderr}"
    );
}

/// The driver links the protocol, not the runtime: asked to be a fork server, it is still
/// the driver.
#[test]
fn the_driver_is_never_a_fork_server() {
    let out = driver_command(&["mutate-driver", "--version"])
        .env(mutate_protocol::SERVER_ENV, "1")
        .output()
        .expect("driver runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout.starts_with("cargo mutate-driver "), "{stdout}");
    assert!(!stdout.contains(mutate_protocol::PREFIX), "{stdout}");
}
