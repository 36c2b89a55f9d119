//! Doc tests under `--all-items`: each runs as a test of its own, kills what only it
//! catches, and every verdict is the one `cargo test` (with rustdoc's own doc tests) gives
//! with that mutant switched on. Blocks rustdoc does not run are not run; a doc test that
//! only rustdoc can build or pass is left out with a note.

mod common;

use common::*;

const MANIFEST: &str = "examples/doctested/Cargo.toml";

/// Runs in this repository share one copy (`target/mutate/all-items`), which each run
/// rewrites for its own crate: tests that read the copy after their run take turns.
static MIRROR: std::sync::Mutex<()> = std::sync::Mutex::new(());
const MIRRORED: &str = "target/mutate/all-items/examples/doctested/Cargo.toml";

/// No `--runtime-path`: this workspace holds the runtime, and the mirror uses its copy.
fn run(extra: &[&str]) -> (std::process::Output, tempfile::TempDir) {
    let mut args = vec!["--all-items"];
    args.extend_from_slice(extra);
    run_example(MANIFEST, &args)
}

/// Whether `cargo test` fails on the mirrored crate with `id` on: its unit tests and
/// rustdoc's doc tests (not the driver's generated ones).
fn cargo_test_fails_on_mirror(id: &str) -> bool {
    let rustflags = "--cfg mutate_schemata --cap-lints allow";
    cargo_test_fails(MIRRORED, rustflags, &["--lib"], id)
        || cargo_test_fails(MIRRORED, rustflags, &["--doc"], id)
}

#[test]
fn doc_tests_kill_as_cargo_test_would() {
    let _turn = MIRROR.lock().unwrap_or_else(|e| e.into_inner());
    // Left-out doc tests are remembered across runs; start from none.
    let _ = std::fs::remove_file(repo().join("target/mutate/doctests-left-out.txt"));
    let (out, dir) = run(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains(
            "Doctests 14 doc tests, built as integration tests: 13 sharing a crate, 1 apart; 3 \
             under a #[cfg] (their item's, or the cfg_attr their text is written under), \
             built and run only where it holds, as rustdoc runs them"
        ),
        "{stderr}"
    );
    // `negate`'s first example fails to build beside the others, then alone.
    assert!(
        stderr.contains(
            "Rebuild 1: 1 doc test set apart in a crate of its own: it does not build beside \
             the others"
        ) && stderr
            .contains("Rebuild 2: 1 doc test left out: it does not build as an integration test"),
        "{stderr}"
    );
    // Its second passes only in a crate named as rustdoc names it.
    assert!(
        stderr.contains("note: doc test doctest_shared::doctest_src_lib_rs_negate_line_"),
        "{stderr}"
    );
    // An example written in a `macro_rules!` definition is named, not silently missed.
    assert!(
        stderr.contains(
            "note: doc test src/lib.rs - constant_fn! (line 148) is left out: it is written \
             in `macro_rules! constant_fn`; rustdoc runs it once per expansion"
        ),
        "{stderr}"
    );
    // So is one written in the arguments of a macro call, which the driver does not expand.
    assert!(
        stderr.contains(
            "note: doc test src/lib.rs - nine (line 193) is left out: it is written in a call of \
             `as_written!`, which mutate does not expand"
        ),
        "{stderr}"
    );
    // A doc test whose constant calls a `const fn` keeps that function `const`, and runs.
    assert!(!stderr.contains("thousand (line"), "{stderr}");
    let actual = verdicts(dir.path());
    check_expected("examples/doctested/expected/verdicts.txt", &actual);
    for (status, id) in parse_verdicts(&actual) {
        let Some(detected) = detected(status) else {
            continue;
        };
        assert_eq!(
            cargo_test_fails_on_mirror(id),
            detected,
            "`cargo test` disagrees with the verdict {status} of {id}"
        );
    }
    // `triple` has no test but its doc example, which names its own crate root.
    let report = Report::read(dir.path());
    let triple = report.mutant("replace * with + in triple");
    assert_eq!(triple.file, "examples/doctested/src/lib.rs");
    let killer = triple.killed_by.first().map_or("", String::as_str);
    assert!(
        killer.starts_with("doctest_src_lib_rs_triple_line_") && killer.ends_with("::doctest"),
        "{triple:?}"
    );

    // A second run remembers the doc test it left out: nothing fails, nothing rebuilds.
    let (out, _dir) = run(&["--list"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("Rebuild"), "{stderr}");
    assert!(
        stderr.contains("note: doc test src/lib.rs - negate (line ")
            && stderr.contains(") is left out: it does not build as an integration test"),
        "{stderr}"
    );

    // And they can be left out. (One test: runs share the mirror.)
    let (out, dir) = run(&["--doctests", "false"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains("Doctests"), "{stderr}");
    let actual = verdicts(dir.path());
    // Nothing but doc tests reaches `triple` or `clamp_add` (whose `255` made `256` is
    // unviable, reached or not: out of range for the `u8` it returns, as its text is).
    for line in actual.lines() {
        if line.contains(" in triple") || line.contains(" in clamp_add") {
            let unviable = line.starts_with("CompileError") && line.contains("with 256 in");
            assert!(line.starts_with("NoCoverage") || unviable, "{line}");
        }
    }
}

/// Outside mutate's workspace, with no `--runtime-path`: the crate depends on the runtime
/// the driver carries, written under its target directory (its dependencies at versions
/// it can build with, whatever the crate's lock file says); nothing of mutate comes from
/// the registry. A dependency the user's `cargo test` already built is not built again.
#[test]
fn the_driver_carries_its_runtime() {
    let krate = tempfile::tempdir().unwrap();
    let helper = tempfile::tempdir().unwrap();
    std::fs::create_dir(helper.path().join("src")).unwrap();
    std::fs::write(
        helper.path().join("Cargo.toml"),
        "[package]\nname = \"helper\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        helper.path().join("src/lib.rs"),
        "pub const ONE: u32 = 1;\n",
    )
    .unwrap();
    let example = repo().join("examples/doctested");
    std::fs::create_dir(krate.path().join("src")).unwrap();
    for file in ["Cargo.toml", "src/lib.rs"] {
        std::fs::copy(example.join(file), krate.path().join(file)).unwrap();
    }
    // The crate's own lock file pins a proc-macro2 older than the macro needs (one without
    // `Span::file`), as textwrap 0.16.4's does: the copy must still build.
    let manifest = std::fs::read_to_string(krate.path().join("Cargo.toml")).unwrap();
    let manifest = manifest
        + &format!(
            "\n[dev-dependencies]\nproc-macro2 = \"1\"\nhelper = {{ path = {:?} }}\n\n[workspace]\n",
            helper.path().display().to_string()
        );
    std::fs::write(krate.path().join("Cargo.toml"), manifest).unwrap();
    for args in [
        &["generate-lockfile"][..],
        &["update", "-p", "proc-macro2", "--precise", "1.0.94"][..],
    ] {
        let status = std::process::Command::new(env!("CARGO"))
            .args(args)
            .current_dir(krate.path())
            .status()
            .unwrap();
        assert!(status.success(), "cargo {args:?}");
    }
    let target = repo().join("target/e2e-carried");
    // A fresh copy takes the crate's lock file anew (a kept one would hide the pin).
    let _ = std::fs::remove_dir_all(target.join("mutate/all-items"));
    // The user's own build, as before a first run.
    let status = std::process::Command::new(env!("CARGO"))
        .args(["test", "--no-run", "-q"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(krate.path())
        .status()
        .unwrap();
    assert!(status.success(), "the user's own cargo test --no-run");
    let sandbox = Sandbox::new();
    let manifest = krate.path().join("Cargo.toml");
    let out = sandbox
        .command(&["--manifest-path", manifest.to_str().unwrap(), "--all-items"])
        .env("CARGO_TARGET_DIR", &target)
        .output()
        .expect("driver runs");
    sandbox.assert_clean();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(!stderr.contains("from the registry"), "{stderr}");
    assert!(stderr.contains("Compiling doctested"), "{stderr}");
    assert!(!stderr.contains("Compiling helper"), "{stderr}");
    // The attribute and the runtime were built apart, once (in this test or another), not
    // with the crate: the copy does not depend on the runtime.
    for built_apart in ["mutate-macro", "syn ", "mutate-runtime", "libc", "ctor"] {
        assert!(
            !stderr.contains(&format!("Compiling {built_apart}")),
            "{stderr}"
        );
    }
    let mirrored = std::fs::read_to_string(target.join("mutate/all-items/Cargo.toml")).unwrap();
    assert!(!mirrored.contains("mutate-runtime"), "{mirrored}");
    let annotated = std::fs::read_to_string(target.join("mutate/all-items/src/lib.rs")).unwrap();
    assert!(annotated.contains("#[::mutate_macro_"), "{annotated}");
    // What rustc was handed is in the cache folder.
    let externs = std::fs::read_to_string(target.join("mutate/externs")).unwrap();
    let cache = cache_dir().display().to_string();
    for name in ["mutate_macro_", "mutate_runtime="] {
        let line = externs.lines().find(|l| l.starts_with(name));
        assert!(
            line.is_some_and(|l| l.contains(&format!("={cache}/carried-"))),
            "{externs}"
        );
    }
    let runtime = externs
        .lines()
        .find_map(|l| l.strip_prefix("mutate_runtime="));
    assert!(
        std::path::Path::new(runtime.unwrap()).is_file(),
        "{externs}"
    );
}

/// A copy of `examples/doctested` outside mutate's workspace, a workspace of its own.
fn doctested_alone() -> tempfile::TempDir {
    let krate = tempfile::tempdir().unwrap();
    let example = repo().join("examples/doctested");
    std::fs::create_dir(krate.path().join("src")).unwrap();
    for file in ["Cargo.toml", "src/lib.rs"] {
        std::fs::copy(example.join(file), krate.path().join(file)).unwrap();
    }
    let manifest =
        std::fs::read_to_string(krate.path().join("Cargo.toml")).unwrap() + "\n[workspace]\n";
    std::fs::write(krate.path().join("Cargo.toml"), manifest).unwrap();
    krate
}

/// `--all-items --list` on `manifest`, into `target`, with `cache` as the cache folder.
fn list_all_items(
    manifest: &std::path::Path,
    target: &std::path::Path,
    cache: &std::path::Path,
) -> std::process::Output {
    driver_command(&[
        "--manifest-path",
        manifest.to_str().unwrap(),
        "--all-items",
        "--list",
    ])
    .env("CARGO_TARGET_DIR", target)
    .env("MUTATE_CACHE_DIR", cache)
    .output()
    .expect("driver runs")
}

/// Where the attribute cannot be built apart (here: its cache folder cannot be made), the
/// run says so and goes on with the runtime's own attribute, built with the crate.
#[test]
fn without_a_cache_the_attribute_builds_with_the_crate() {
    let krate = doctested_alone();
    // A file where the cache folder should be.
    let not_a_folder = krate.path().join("Cargo.toml");
    let target = repo().join("target/e2e-uncached");
    let manifest = krate.path().join("Cargo.toml");
    let out = list_all_items(&manifest, &target, &not_a_folder);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "warning: the #[mutate] attribute and mutate-runtime build with the crate, not once \
             apart: cannot make the cache folder "
        ),
        "{stderr}"
    );
    let mirrored = std::fs::read_to_string(target.join("mutate/all-items/Cargo.toml")).unwrap();
    assert!(!mirrored.contains("default-features = false"), "{mirrored}");
    let annotated = std::fs::read_to_string(target.join("mutate/all-items/src/lib.rs")).unwrap();
    assert!(
        annotated.contains("#[::mutate_runtime::mutate("),
        "{annotated}"
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.lines().count() > 5, "{listed}");
}

/// A crate whose manifest turns on link-time optimisation for its tests needs every
/// library's bitcode, which the runtime built apart lacks: it gets the runtime built with
/// it, and the attribute still apart.
#[test]
fn link_time_optimisation_builds_the_runtime_with_the_crate() {
    let krate = doctested_alone();
    let manifest = krate.path().join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap() + "\n[profile.dev]\nlto = true\n";
    std::fs::write(&manifest, text).unwrap();
    let target = repo().join("target/e2e-lto");
    let out = list_all_items(&manifest, &target, &cache_dir());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "note: mutate-runtime builds with the crate, not once apart: [profile.dev] sets `lto`"
        ),
        "{stderr}"
    );
    let mirrored = std::fs::read_to_string(target.join("mutate/all-items/Cargo.toml")).unwrap();
    assert!(
        mirrored.contains("mutate-runtime = { path = ")
            && mirrored.contains("default-features = false"),
        "{mirrored}"
    );
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.lines().count() > 5, "{listed}");
}

/// A crate with its own `#[mutate]`: its doc tests run too (through a copy that declares
/// them), and every verdict is `cargo test`'s.
#[test]
fn doc_tests_of_an_annotated_crate() {
    let _turn = MIRROR.lock().unwrap_or_else(|e| e.into_inner());
    const ANNOTATED: &str = "examples/annotated_doctests/Cargo.toml";
    let (out, dir) = run_example(ANNOTATED, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("Doctests 1 doc tests"), "{stderr}");
    let actual = verdicts(dir.path());
    check_expected("examples/annotated_doctests/expected/verdicts.txt", &actual);
    let rustflags = "--cfg mutate_schemata";
    for (status, id) in parse_verdicts(&actual) {
        let Some(detected) = detected(status) else {
            continue;
        };
        let fails = cargo_test_fails(ANNOTATED, rustflags, &["--lib"], id)
            || cargo_test_fails(ANNOTATED, rustflags, &["--doc"], id);
        assert_eq!(
            fails, detected,
            "`cargo test` disagrees with {status} of {id}"
        );
    }
    // Only the doc example tests `percent`: without doc tests its mutants have no test.
    let (_out, dir) = run_example(ANNOTATED, &["--doctests", "false"]);
    for line in verdicts(dir.path())
        .lines()
        .filter(|l| l.contains(" in percent"))
    {
        assert!(line.starts_with("NoCoverage"), "{line}");
    }
}

/// A cached attribute rustc cannot load (here: its library emptied) does not stop a run:
/// the run says so and builds the copy with the runtime and its attribute built with it.
#[test]
fn a_damaged_attribute_falls_back_to_the_runtimes() {
    damaged_cache_falls_back("e2e-damaged", |carried| {
        carried.join(format!(
            "{}mutate_macro{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        ))
    });
}

/// So does a cached runtime rustc cannot load.
#[test]
fn a_damaged_runtime_falls_back_to_building_it_with_the_crate() {
    damaged_cache_falls_back("e2e-damaged-runtime", |carried| {
        let builds = std::fs::read_dir(carried.join("runtime")).unwrap();
        let build = builds.flatten().next().expect("the runtime's build").path();
        build.join("libmutate_runtime.rlib")
    });
}

/// Lists `doctested`'s mutants, empties the file `damaged` names in the cache's folder of
/// the carried crates, edits the crate and lists them again: the same list, and a warning.
fn damaged_cache_falls_back(target: &str, damaged: fn(&std::path::Path) -> std::path::PathBuf) {
    let krate = doctested_alone();
    let cache = tempfile::tempdir().unwrap();
    let target = repo().join("target").join(target);
    let manifest = krate.path().join("Cargo.toml");
    let run = || {
        let out = list_all_items(&manifest, &target, cache.path());
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        (String::from_utf8_lossy(&out.stdout).into_owned(), stderr)
    };
    let (listed, first) = run();
    assert!(!first.contains("warning"), "{first}");
    let carried = std::fs::read_dir(cache.path())
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.is_dir()
                && p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("carried-")
        })
        .expect("the carried crates' folder");
    let library = damaged(&carried);
    assert!(library.is_file(), "{}", library.display());
    std::fs::write(&library, b"").unwrap();
    // An edit, so that rustc compiles the crate, and loads what was built apart, again.
    let lib = krate.path().join("src/lib.rs");
    let edited = std::fs::read_to_string(&lib).unwrap() + "// edited\n";
    std::fs::write(&lib, edited).unwrap();
    let (again, second) = run();
    assert!(
        second.contains("warning: rustc cannot load what the driver built apart, kept in "),
        "{second}"
    );
    assert!(!second.contains("a bug in mutate"), "{second}");
    assert_eq!(listed, again, "the same mutants either way");
    let annotated = std::fs::read_to_string(target.join("mutate/all-items/src/lib.rs")).unwrap();
    assert!(
        annotated.contains("#[::mutate_runtime::mutate("),
        "{annotated}"
    );
}

/// A crate that gives its doc tests lint levels (`#![doc(test(attr(deny(warnings))))]`, as
/// rand_core and crossbeam-utils do): an example with a warning fails under `cargo test`,
/// and so is left out here, its kills not counted (an item it declares and never uses, as
/// rand_core's, which the test harness's `main` would have hidden in a crate of its own); a
/// clean one under an item whose name is not snake case builds and kills.
#[test]
fn lint_levels_a_crate_gives_its_doc_tests_hold() {
    let krate = tempfile::tempdir().unwrap();
    std::fs::create_dir(krate.path().join("src")).unwrap();
    std::fs::write(
        krate.path().join("Cargo.toml"),
        "[package]\nname = \"strict\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::write(
        krate.path().join("src/lib.rs"),
        concat!(
            "//! Examples built under the lint levels the crate gives them.\n",
            "#![doc(test(attr(deny(warnings))))]\n",
            "\n",
            "/// ```\n",
            "/// struct Unused;\n",
            "/// assert_eq!(strict::tripled(2), 6);\n",
            "/// ```\n",
            "pub fn tripled(x: u32) -> u32 {\n",
            "    x * 3\n",
            "}\n",
            "\n",
            "/// ```\n",
            "/// assert_eq!(strict::Point::new(2).x, 3);\n",
            "/// ```\n",
            "pub struct Point {\n",
            "    pub x: u32,\n",
            "}\n",
            "\n",
            "impl Point {\n",
            "    pub fn new(x: u32) -> Point {\n",
            "        Point { x: x + 1 }\n",
            "    }\n",
            "}\n",
        ),
    )
    .unwrap();
    let target = repo().join("target/e2e-doc-lints");
    // The crate is written anew each run, and its build with it.
    let _ = std::fs::remove_dir_all(&target);
    // rustdoc's own view: `tripled`'s example does not build, `Point`'s passes.
    let rustdoc = std::process::Command::new(env!("CARGO"))
        .args(["test", "--doc"])
        .env("CARGO_TARGET_DIR", &target)
        .current_dir(krate.path())
        .output()
        .unwrap();
    let rustdoc_out = String::from_utf8_lossy(&rustdoc.stdout);
    assert!(
        !rustdoc.status.success()
            && rustdoc_out.contains("src/lib.rs - tripled (line 4) ... FAILED")
            && rustdoc_out.contains("src/lib.rs - Point (line 12) ... ok"),
        "{rustdoc_out}"
    );
    let out_dir = tempfile::tempdir().unwrap();
    let manifest = krate.path().join("Cargo.toml");
    let out = driver_command(&[
        "--manifest-path",
        manifest.to_str().unwrap(),
        "--all-items",
        "-o",
        out_dir.path().to_str().unwrap(),
    ])
    .env("CARGO_TARGET_DIR", &target)
    .output()
    .expect("driver runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("note: doc test src/lib.rs - tripled (line 4) is left out: it does not build: struct `Unused` is never constructed (the crate's `#[doc(test(attr(deny(warnings))))]` applies, as under rustdoc)"),
        "{stderr}"
    );
    let report = Report::read(out_dir.path());
    let tripled: Vec<_> = report
        .in_file("src/lib.rs")
        .filter(|m| m.id.ends_with(" in tripled") || m.id.contains("replace tripled"))
        .collect();
    assert!(!tripled.is_empty(), "{stderr}");
    for m in tripled {
        assert_eq!(m.verdict(), "NoCoverage", "{m:?}");
    }
    let killed = report.mutant("replace + with - in Point::new");
    assert_eq!(killed.verdict(), "Killed", "{killed:?}");
    assert_eq!(
        killed.killed_by.first().map(String::as_str),
        Some("doctest_shared::doctest_src_lib_rs_point_line_12::doctest"),
        "{killed:?}"
    );
}
