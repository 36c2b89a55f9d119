//! The rebuild net: a crate whose schemata build fails where the macro could not foresee
//! the types builds anyway, those functions compiled as written and their mutants
//! unviable with rustc's message; a crate that does not build as written is refused with
//! exit 5 and says so.

mod common;

use common::*;

const MANIFEST: &str = "examples/shadowed/Cargo.toml";

#[test]
fn functions_that_do_not_build_with_their_mutants_are_compiled_as_written() {
    // A fresh list: the first build must fail, whatever an earlier run left.
    let lists = repo().join("target/mutate/build-errors");
    for krate in ["shadowed", "digits"] {
        let _ = std::fs::remove_file(lists.join(format!("{krate}.tsv")));
    }
    let (out, dir) = run_example(MANIFEST, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    // `masks.rs`' two failures at one operator of a constant are both in the first round
    // (rustc names each mutant's constant), and so are the two at `ByteSet::EMPTY`'s `/`
    // (one message, told apart by rustc's labels); the second round is the borrow
    // checker's.
    assert!(
        stderr.contains("Rebuild 1: 21 build errors in generated code")
            && stderr.contains("Rebuild 2: 1 build error")
            && !stderr.contains("Rebuild 3"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Unviable 23 mutants whose code does not build with them, in 14 functions"),
        "{stderr}"
    );
    assert!(!stderr.contains("could not compile"), "{stderr}");
    // `shuffled`'s control must be a constant where it is written: its two literal
    // mutants cannot run in schemata, and are not called unviable (their text builds);
    // nor is `agreed`'s `all` swapped for an `any` of another type.
    assert!(
        stderr.contains("Not run: 3 mutants whose schemata cannot build where they stand"),
        "{stderr}"
    );
    let actual = verdicts(dir.path());
    check_expected("examples/shadowed/expected/verdicts.txt", &actual);
    // Unviable, with rustc's reason: the body replacements of the crate's own `Option`
    // and `String` (`None`, `String::new()`, and `"xyzzy".into()` where that is the
    // declared type: their text would not build either), the one site of `greet` and the
    // one of `capped` that do not build, the jump of `sum_from_first_large` that the
    // borrow checker rejects, and `Stack::new(v)`, a constructor `Stack` does not have.
    // The others are run and killed.
    let report = Report::read(dir.path());
    // Two mutants of one operator of a constant, each with its own reason; two of
    // another, each with rustc's message.
    for (id, why) in [
        (
            "src/masks.rs:22:15: replace += with -= in is_digit_fast",
            "attempt to compute `0_u8 - 1_u8`, which would overflow",
        ),
        (
            "src/masks.rs:22:15: replace += with *= in is_digit_fast",
            "ran one of its loops 100000 times: it does not end",
        ),
        ("src/masks.rs:42:23: replace / with *", "mismatched types"),
        ("src/masks.rs:42:23: replace / with %", "mismatched types"),
    ] {
        let m = (report.mutants.iter().find(|m| m.id.ends_with(id)))
            .unwrap_or_else(|| panic!("no mutant {id}"));
        assert_eq!(m.status, "CompileError", "{id}");
        assert!(m.reason.contains(why), "{id}: {}", m.reason);
    }
    for m in report.in_file("examples/shadowed/src/lib.rs") {
        let id = &m.id;
        if id.contains(":54:25: ") {
            assert_eq!(m.status, "CompileError", "{id}");
            assert_eq!(
                m.reason,
                "its code does not build with it: cannot subtract `&str` from \
                 `std::string::String`",
                "{id}"
            );
        } else if id.contains(": replace min with max in capped") {
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(
                m.reason.starts_with("its code does not build with it: ")
                    && m.reason.contains("`max`"),
                "{id}: {}",
                m.reason
            );
        } else if id.ends_with("with String::new()")
            || id.ends_with("replace name -> String with \"xyzzy\".into()")
        {
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(
                m.reason.contains("own::String") && !m.reason.contains("mismatched"),
                "{id}: {}",
                m.reason
            );
        } else if id.contains(": replace break with continue in sum_from_first_large")
            || id.contains(":115:13: replace break with continue in doubled_after_zero")
        {
            // The borrow checker's error is at the use of the moved iterator: the jump
            // after the move rustc names is the suspect, unviable alone (the other `break`
            // of `doubled_after_zero`, before that move, runs and is killed).
            assert_eq!(m.status, "CompileError", "{id}");
            assert_eq!(
                m.reason, "its code does not build with it: borrow of moved value: `it`",
                "{id}"
            );
        } else if id.contains(": replace while condition with false in first_unmarked_is") {
            // The use of `value` is where rustc's error is; the condition it names as
            // initializing `value` is the suspect, unviable alone.
            assert_eq!(m.status, "CompileError", "{id}");
            assert_eq!(
                m.reason,
                "its code does not build with it: used binding `value` is possibly-uninitialized",
                "{id}"
            );
        } else if id.contains(": delete out.push(n); in numbers")
            || id.contains(": delete out.push(n); in Words::numbers")
            || id.contains(": delete match arm b' '..=b'~' in printable")
        {
            // Its text leaves `n` without a type; in the schemata the push stays, guarded.
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(
                m.reason
                    .starts_with("its code does not build with it: type annotations needed"),
                "{id}: {}",
                m.reason
            );
        } else if id.contains("replace stacked -> Stack<u8> with Stack::new(")
            && !id.ends_with("Stack::new()")
        {
            // rustc's error is at the `<` of `Stack<u8>`, where only these are located.
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(
                m.reason.starts_with("its code does not build with it: ")
                    && m.reason.contains("argument"),
                "{id}: {}",
                m.reason
            );
        } else if id.contains("replace stacked -> Stack<u8> with Stack::from(") {
            // No `From<u8>`: its fallback says so, in the first build.
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(m.reason.contains("no `From`"), "{id}: {}", m.reason);
        } else if id.contains("replace 0b00_01_10_11 with ") {
            assert_eq!(m.status, "Ignored", "{id}");
            assert!(
                m.reason
                    .starts_with("not run: where it stands the value must be a constant")
                    && m.reason.contains("non-constant value"),
                "{id}: {}",
                m.reason
            );
        } else if id.contains("replace to_uppercase with to_lowercase in is_upper") {
            // `char`'s case iterators are two types: the fallback ran, and said so.
            assert_eq!(m.status, "Ignored", "{id}");
            assert!(
                m.reason.starts_with(
                    "not run: the replacement is of another type than the written call"
                ),
                "{id}: {}",
                m.reason
            );
        } else if id.contains("replace all with any in agreed") {
            // `any` returns another type than `all`, which `settle` takes too: the text
            // builds, one `match` cannot hold both.
            assert_eq!(m.status, "Ignored", "{id}");
            assert!(
                m.reason
                    .starts_with("not run: `any` returns another type than `all`")
                    && m.reason.contains("incompatible types"),
                "{id}: {}",
                m.reason
            );
        } else if !id.contains("replace first_even -> Option<u32> with ") {
            assert_eq!(m.status, "Killed", "{id}");
        } else {
            assert_eq!(m.status, "CompileError", "{id}");
            assert_eq!(
                m.reason, "its code does not build with it: mismatched types",
                "{id}"
            );
        }
    }

    // serde_json's shape, compiled by the library and again by `tests/digits.rs` (rustc
    // names the file `tests/../src/digits.rs` there): only the `break` the borrow checker
    // rejects is unviable, found in the first round each crate fails in (the test's may wait
    // for the library's); the others run, reached by the tests of both (one id in both).
    for m in report.in_file("examples/shadowed/src/digits.rs") {
        let id = &m.id;
        if id.ends_with("replace break with continue in truncated_sum") {
            assert_eq!(m.status, "CompileError", "{id}");
            assert!(
                m.reason
                    .contains("cannot move out of `iter` because it is borrowed"),
                "{id}: {}",
                m.reason
            );
        } else {
            assert_eq!(m.status, "Killed", "{id}: {}", m.reason);
            for test in [
                "digits::sums_up_to_overflow",
                "shadowed::sums_digits_until_full",
            ] {
                assert!(m.covered_by.iter().any(|t| t == test), "{id}: {m:?}");
            }
        }
    }
    assert!(!stderr.contains("Rebuild 3"), "{stderr}");

    // The list is kept: a second run neither fails nor rebuilds, and lists them unviable.
    let out = driver(&["--manifest-path", MANIFEST, "--list", "--json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("Rebuild"), "{stderr}");
    assert!(!stderr.contains("Compiling shadowed"), "{stderr}");
    let unviable = listed(&out.stdout)
        .iter()
        .filter(|m| m.status == "CompileError" && m.reason.starts_with("its code does not build"))
        .count();
    // The net's 23, and the two `Stack::from(v)` whose fallback rustc chose.
    assert_eq!(unviable, 25);
}

/// Runs the driver on a crate named `name` made of `lib`, depending on the runtime, in a
/// temporary folder; returns its exit code and stderr.
fn run_on_crate(name: &str, lib: &str) -> (Option<i32>, String) {
    run_on_crate_declaring(name, lib, "")
}

/// As [`run_on_crate`], with `more` appended to the crate's manifest.
fn run_on_crate_declaring(name: &str, lib: &str, more: &str) -> (Option<i32>, String) {
    let krate = tempfile::tempdir().unwrap();
    let runtime = repo().join("mutate-runtime");
    std::fs::create_dir(krate.path().join("src")).unwrap();
    std::fs::write(
        krate.path().join("Cargo.toml"),
        format!(
            "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n\
             [workspace]\n\n[dependencies]\nmutate-runtime = {{ path = {:?} }}\n{more}",
            runtime.display().to_string()
        ),
    )
    .unwrap();
    std::fs::write(krate.path().join("src/lib.rs"), lib).unwrap();
    let manifest = krate.path().join("Cargo.toml");
    let out = driver_command(&["--manifest-path", manifest.to_str().unwrap()])
        .env("CARGO_TARGET_DIR", repo().join("target/e2e-broken"))
        .output()
        .expect("driver runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code(), stderr)
}

#[test]
fn a_crate_that_does_not_build_as_written_is_refused() {
    let (code, stderr) = run_on_crate(
        "broken",
        "#[mutate_runtime::mutate]\npub fn f(x: u32) -> u32 {\n    let y: u32 = \"one\";\n    x + y\n}\n",
    );
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains("mismatched types"), "{stderr}");
    assert!(
        stderr.contains("error: the tests do not build as written"),
        "{stderr}"
    );
}

/// A package whose manifest names a test file it does not have (log 0.4.22's, as
/// published): cargo stops before compiling anything, and the user's own `cargo test`
/// would too.
#[test]
fn a_manifest_cargo_refuses_as_written_is_said_to_be_the_users() {
    let (code, stderr) = run_on_crate_declaring(
        "dangling",
        "#[mutate_runtime::mutate]\npub fn f(x: u32) -> u32 {\n    x + 1\n}\n",
        "\n[[test]]\nname = \"gone\"\npath = \"tests/gone.rs\"\n",
    );
    assert_eq!(code, Some(5), "{stderr}");
    assert!(
        stderr.contains("can't find integration-test `gone`"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "cargo stopped before compiling anything, as it does on your workspace as written"
        ),
        "{stderr}"
    );
}

/// The driver's build caps lints at `warn` (its generated code must build whatever the
/// crate denies), so a warning the crate's own levels reject does not stop it; plain
/// `cargo test` stops there (lazy_static's and memchr's tests on a newer toolchain).
#[test]
fn a_crate_whose_own_lint_levels_reject_its_code_is_refused() {
    let (code, stderr) = run_on_crate(
        "denied",
        "#![deny(warnings)]\n\n#[mutate_runtime::mutate]\npub fn f(x: u32) -> u32 {\n    x + 1\n}\n\n\
         fn never_called() {}\n\n#[test]\nfn adds() {\n    assert_eq!(f(1), 2);\n}\n",
    );
    assert_eq!(code, Some(5), "{stderr}");
    assert!(stderr.contains("`never_called` is never used"), "{stderr}");
    assert!(
        stderr.contains("error: the tests do not build as written")
            && stderr.contains("`#![deny(warnings)]` makes the warning at src/lib.rs:8:4"),
        "{stderr}"
    );
    assert!(!stderr.contains("Baseline"), "{stderr}");
}
