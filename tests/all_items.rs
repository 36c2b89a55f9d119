//! `--all-items` on `examples/plain`, a crate with no `#[mutate]`: the user's tree is never
//! touched, the report names the user's files at the user's lines and columns, integration
//! tests and dev-dependencies keep working, and a second run does not rebuild the crate.

mod common;

use common::*;
use std::collections::BTreeMap;
use std::path::Path;

const MANIFEST: &str = "examples/plain/Cargo.toml";

/// Every file under the example, by path, with its content.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else {
                out.insert(path.display().to_string(), std::fs::read(&path).unwrap());
            }
        }
    }
    out
}

fn runtime_path() -> String {
    repo().join("mutate-runtime").display().to_string()
}

fn all_items(extra: &[&str]) -> (std::process::Output, tempfile::TempDir) {
    let runtime = runtime_path();
    let mut args = vec!["--all-items", "--runtime-path", runtime.as_str()];
    args.extend_from_slice(extra);
    run_example(MANIFEST, &args)
}

#[test]
fn plain_crate_is_mutated_on_a_copy_and_reported_as_written() {
    let example = repo().join("examples/plain");
    let before = snapshot(&example);
    let (out, dir) = all_items(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        before == snapshot(&example),
        "the run changed files of the user's tree"
    );
    check_expected(
        "examples/plain/expected/verdicts.txt",
        &verdicts(dir.path()),
    );

    let report = Report::read(dir.path());
    let names: Vec<&str> = report.sources.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "examples/plain/src/digits.rs",
            "examples/plain/src/lib.rs",
            "examples/plain/src/parity.rs",
            "examples/plain/src/shapes.rs",
            "examples/plain/src/shapes/circle.rs",
            "examples/plain/src/sign_by_cfg_attr.rs"
        ],
        "one name per file, an included one too, one declared in a cfg_if! and one a \
         cfg_attr names"
    );
    for (name, source) in &report.sources {
        let written = std::fs::read_to_string(repo().join(name)).unwrap();
        assert_eq!(source, &written, "{name}: not the user's text");
    }
    let killed_by_integration = report
        .mutants
        .iter()
        .any(|m| m.killed_by.iter().any(|t| t.starts_with("geometry::")));
    assert!(
        killed_by_integration,
        "no mutant killed by tests/geometry.rs"
    );
    // `digit_count`'s only test includes its file again (`#[path]`): the two copies are one
    // source and one mutant, switched on together, as an edit of the file changes both.
    let boundary = report
        .mutants
        .iter()
        .find(|m| m.id == "examples/plain/src/digits.rs:8:13: replace >= with > in digit_count")
        .expect("the loop's boundary mutant");
    assert_eq!(boundary.status, "Killed", "{}", boundary.reason);
    assert_eq!(boundary.killed_by, ["digits::counts_digits"]);
    let ids = verdicts(dir.path());
    assert!(!ids.contains("helper_not_mutated"), "test code was mutated");
    // A `const fn` no constant calls is mutated as a plain one, and its test kills it.
    let kilo = report
        .mutants
        .iter()
        .find(|m| m.id.ends_with("replace kilo -> u32 with 0"))
        .expect("the const fn's mutant");
    assert_eq!(kilo.status, "Killed", "{}", kilo.reason);
}

/// A bare run on a crate nobody annotated (no package of it depends on the runtime)
/// mutates every item, as `--all-items` does, and says so in one line.
#[test]
fn a_bare_run_on_an_unannotated_crate_mutates_every_item() {
    let runtime = runtime_path();
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--runtime-path",
        &runtime,
        "--list",
        "--json",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("No #[mutate] here (no tested package depends on mutate-runtime): mutating every item, as --all-items does"),
        "{stderr}"
    );
    let ids = |list: Vec<Mutant>| list.into_iter().map(|m| m.id).collect::<Vec<_>>();
    let bare = ids(listed(&out.stdout));
    let all_items = ids(list(&[
        "--manifest-path",
        MANIFEST,
        "--all-items",
        "--runtime-path",
        &runtime,
    ]));
    assert!(bare.len() > 40, "{} mutants", bare.len());
    assert_eq!(bare, all_items);
}

#[test]
fn every_location_points_at_the_code_as_written() {
    let runtime = runtime_path();
    let list = list(&[
        "--manifest-path",
        MANIFEST,
        "--all-items",
        "--runtime-path",
        &runtime,
    ]);
    assert!(list.len() > 40, "{} mutants", list.len());
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let mut checked = 0;
    for m in &list {
        if m.start.0 != m.end.0 {
            continue;
        }
        assert_eq!(squeeze(&text_at(m)), squeeze(&m.original), "{}", m.id);
        checked += 1;
    }
    assert!(checked > 30, "only {checked} one-line mutants");
}

#[test]
fn a_second_run_rebuilds_nothing() {
    let (first, _dir) = all_items(&["--re", "clamp_percent"]);
    // Two boundary mutants survive: the tests never try 0 or 100 themselves.
    assert_eq!(
        first.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let (second, _dir) = all_items(&["--re", "clamp_percent"]);
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains("Compiling plain"), "{stderr}");
}

#[test]
fn refuses_a_runtime_path_that_is_not_the_runtime() {
    let out = driver(&[
        "--manifest-path",
        MANIFEST,
        "--all-items",
        "--runtime-path",
        "examples/plain",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is not the folder of mutate-runtime"),
        "{stderr}"
    );

    // A crate that depends on the runtime is run as annotated: a runtime path means
    // nothing there without --all-items.
    let out = driver(&[
        "--manifest-path",
        "examples/triangle/Cargo.toml",
        "--runtime-path",
        "mutate-runtime",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--runtime-path is for runs that mutate every item (--all-items)")
    );
}

#[test]
fn refuses_a_package_with_neither_library_nor_binary() {
    let root = tempfile::tempdir().unwrap();
    std::fs::create_dir(root.path().join("tests")).unwrap();
    std::fs::write(
        root.path().join("Cargo.toml"),
        "[package]\nname = \"only-tests\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(root.path().join("tests/t.rs"), "#[test]\nfn t() {}\n").unwrap();
    let manifest = root.path().join("Cargo.toml");
    let out = driver(&["--all-items", "--manifest-path", manifest.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("only-tests has neither"), "{stderr}");
}

/// A run right after the user's own `cargo test` reuses their proc macros: the attribute
/// asks its proc-macro2 and quote for what proc macros usually ask (`proc-macro`, no
/// `span-locations`, no `default`), so cargo sees the same units and builds none again.
#[test]
fn the_users_proc_macros_are_not_built_again() {
    // The proc macro lives outside the user's tree, as a registry crate would: what is
    // inside the tree is copied, and so built again as another package.
    let (root, outside) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let write = |path: &str, text: &str| {
        let path = match path.strip_prefix("derive/") {
            Some(rest) => outside.path().join(rest),
            None => root.path().join(path),
        };
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write(
        "derive/Cargo.toml",
        "[package]\nname = \"derive\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
         [workspace]\n\n[lib]\nproc-macro = true\n\n[dependencies]\n\
         proc-macro2 = { version = \"1.0.95\", default-features = false, features = [\"proc-macro\"] }\n\
         quote = { version = \"1.0.35\", default-features = false, features = [\"proc-macro\"] }\n",
    );
    write(
        "derive/src/lib.rs",
        "use proc_macro::TokenStream;\n\n#[proc_macro]\npub fn seven(_: TokenStream) -> TokenStream {\n    \
         let tokens: proc_macro2::TokenStream = quote::quote!(7);\n    tokens.into()\n}\n",
    );
    write(
        "Cargo.toml",
        &format!(
            "[package]\nname = \"user\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [workspace]\n\n[dependencies]\nderive = {{ path = {:?} }}\n",
            outside.path().display().to_string()
        ),
    );
    write(
        "src/lib.rs",
        "pub fn add_seven(x: u32) -> u32 {\n    x + derive::seven!()\n}\n\n\
         #[test]\nfn adds() {\n    assert_eq!(add_seven(1), 8);\n}\n",
    );
    // The target directory of `doctests.rs`'s run on a crate outside the tree: the
    // runtime and its syn are built once for both.
    let target = repo().join("target/e2e-carried");
    let status = std::process::Command::new(env!("CARGO"))
        .args(["test", "--no-run", "-q"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(root.path())
        .status()
        .unwrap();
    assert!(status.success(), "the user's own cargo test --no-run");
    let runtime = runtime_path();
    let manifest = root.path().join("Cargo.toml");
    let out = driver_command(&[
        "--manifest-path",
        manifest.to_str().unwrap(),
        "--all-items",
        "--runtime-path",
        &runtime,
        "--list",
    ])
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .expect("driver runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("Compiling user"), "{stderr}");
    for reused in ["proc-macro2", "quote", "derive"] {
        assert!(
            !stderr.contains(&format!("Compiling {reused} ")),
            "{reused} was built again:\n{stderr}"
        );
    }
}
