//! The user's build and the driver's share a target directory and leave each other alone:
//! after a run of the driver on an annotated crate, the user's `cargo test` compiles
//! nothing, and the driver's next run compiles nothing either (the runtime is compiled
//! optimised, so the schemata build has artifacts of its own).

mod common;

use common::*;
use std::path::Path;
use std::process::Command;

/// The crates `cargo` (run in `dir`, with `target` as its target directory) compiled,
/// from its "Compiling" lines.
fn compiled(dir: &Path, target: &Path, args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO"))
        .args(args)
        .env("CARGO_TARGET_DIR", target)
        .current_dir(dir)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cargo {args:?}:\n{stderr}");
    compiling(&stderr)
}

fn compiling(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Compiling "))
        .map(str::to_owned)
        .collect()
}

#[test]
fn neither_build_undoes_the_other() {
    let root = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = root.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "Cargo.toml",
        &format!(
            "[package]\nname = \"reused\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [workspace]\n\n[dependencies]\nmutate-runtime = {{ path = {:?} }}\n",
            repo().join("mutate-runtime").display().to_string()
        ),
    );
    write(
        "src/lib.rs",
        "#[mutate_runtime::mutate]\npub fn double(x: u32) -> u32 {\n    x * 2\n}\n\n\
         #[test]\nfn doubles() {\n    assert_eq!(double(3), 6);\n}\n",
    );
    // Shared with the other tests that build the runtime outside an example's tree.
    let target = repo().join("target/e2e-carried");
    compiled(root.path(), &target, &["test", "--no-run"]);
    let manifest = root.path().join("Cargo.toml");
    let run = || {
        let out = driver_command(&["--manifest-path", manifest.to_str().unwrap()])
            .env("CARGO_TARGET_DIR", &target)
            .output()
            .expect("driver runs");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        stderr
    };
    let first = run();
    assert!(
        compiling(&first).iter().any(|c| c.starts_with("reused ")),
        "the schemata build compiles the crate under test:\n{first}"
    );
    let user = compiled(root.path(), &target, &["test", "--no-run"]);
    assert_eq!(user, Vec::<String>::new(), "the user's next cargo test");
    let again = run();
    assert_eq!(compiling(&again), Vec::<String>::new(), "{again}");
}
