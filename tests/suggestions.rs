//! `--suggest-tests`: verified tests for survivors, from what their tests' traced runs
//! recorded. On a copy of `examples/suggestions`: every survivor of the kinds a test can
//! be written for gets one (weak oracle: the call the test made; no propagation: the
//! call whose difference was masked; no infection at a boundary: the call with its input
//! moved to the constant, also through the call a function was made in where its own
//! takes what no test can write; a method on a receiver made by `Default`), a private function
//! gets a unit test for its module (a private iterator without `Debug` made again by the
//! call that made it), the ones that cannot get none and say why; the written
//! files build and pass under plain `cargo test`, and a second run kills what they
//! targeted. With `--all-items`, a test that needs a type of the covering test's own
//! module goes inside that module (`examples/widths`).

mod common;

use common::*;
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The survivors a test is written for, and the one test that kills each (the merged
/// `discount` test kills all seven of its weak-oracle survivors; `is_adult`'s boundary
/// test kills both of its own).
const KILLED_BY_SUGGESTION: [(&str, &str); 18] = [
    (
        "src/lib.rs:7:5: replace discount -> u32 with 1",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:11: replace - with + in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:19: replace * with / in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:29: replace / with % in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:31: replace 100 with 101 in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:11: replace price - price * percent / 100 with price / (price * percent / 100) in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:7:19: replace price * percent with (price + percent) in discount",
        "discount_7_5",
    ),
    (
        "src/lib.rs:13:13: replace 100 with 101 in cents",
        "cents_13_13",
    ),
    ("src/lib.rs:13:17: replace + with * in cents", "cents_13_13"),
    ("src/lib.rs:13:19: replace 1 with 0 in cents", "cents_13_13"),
    ("src/lib.rs:13:19: replace 1 with 2 in cents", "cents_13_13"),
    (
        "src/lib.rs:25:9: replace >= with > in is_adult",
        "is_adult_25_9",
    ),
    (
        "src/lib.rs:25:12: replace 18 with 19 in is_adult",
        "is_adult_25_9",
    ),
    (
        "src/lib.rs:38:9: replace Counter::bump -> u32 with 1",
        "bump_38_9",
    ),
    (
        "src/lib.rs:38:23: replace 2 with 3 in Counter::bump",
        "bump_38_9",
    ),
    (
        "src/lib.rs:61:12: replace if condition with false in digit_sum",
        "digit_sum_61_12",
    ),
    // `tally_digits` takes a `Tally` no test can write: its boundary is reached through
    // `width`, the call it was made in, given a generic `N` (written as `10u32`).
    (
        "src/lib.rs:117:10: replace >= with > in tally_digits",
        "width_117_10",
    ),
    (
        "src/lib.rs:117:13: replace 10 with 11 in tally_digits",
        "width_117_10",
    ),
];

/// The private functions' survivors: a unit test for the module of `src/lib.rs`, and the
/// call it makes. `Letters` has no `Debug`: the iterator whose `size_hint` only sized
/// `shout`'s allocation is made again by `new`, the latest call that returned one.
const KILLED_BY_UNIT_TEST: [(&str, &str, &str); 9] = [
    (
        "src/lib.rs:45:7: replace / with * in half",
        "half_45_7",
        "crate::half(100u32)",
    ),
    (
        "src/lib.rs:45:9: replace 2 with 3 in half",
        "half_45_7",
        "crate::half(100u32)",
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (0, None)",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (0, Some(0))",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (0, Some(1))",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (1, None)",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (1, Some(0))",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:9: replace Letters::size_hint -> (usize, Option<usize>) with (1, Some(1))",
        "size_hint_98_9",
        SIZE_HINT,
    ),
    (
        "src/lib.rs:98:36: replace - with / in Letters::size_hint",
        "size_hint_98_9",
        SIZE_HINT,
    ),
];

const SIZE_HINT: &str = "<crate::Letters as Iterator>::size_hint(&crate::Letters::new(\"ab\"))";

/// Survivors no test is written for, and what the report says: `half(x) > 10` puts the
/// boundary behind another computation; `digit_sum` read backwards finds the same first
/// byte that is not a digit wherever there is one; `size_hint` after a first `next`
/// (`len + at` for `len - at`) is one no new `Letters` tells apart.
const NO_TEST: [(&str, &str); 4] = [
    (
        "src/lib.rs:98:36: replace - with + in Letters::size_hint",
        "no input tried",
    ),
    (
        "src/lib.rs:51:13: replace > with >= in is_big",
        "no input tried",
    ),
    (
        "src/lib.rs:51:15: replace 10 with 11 in is_big",
        "no input tried",
    ),
    (
        "src/lib.rs:60:23: add .rev() to data.as_ref().iter().enumerate() in digit_sum",
        "no input tried",
    ),
];

fn mutants(report: &Value) -> Vec<&Value> {
    report["files"]
        .as_object()
        .expect("files")
        .values()
        .flat_map(|f| f["mutants"].as_array().expect("mutants"))
        .collect()
}

fn by_id<'a>(report: &'a Value, id: &str) -> &'a Value {
    mutants(report)
        .into_iter()
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("no mutant {id}"))
}

/// Plain `cargo test` in `copy`, no mutate build: as the user keeps the tests.
fn plain_cargo_test(copy: &Path) -> std::process::Output {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    Command::new(cargo)
        .args(["test", "--manifest-path"])
        .arg(copy.join("Cargo.toml"))
        .output()
        .unwrap()
}

fn run(copy: &Path, out: &Path, extra: &[&str]) -> Value {
    let manifest = copy.join("Cargo.toml");
    let mut args = vec![
        "--manifest-path",
        manifest.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let run = driver(&args);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        matches!(run.status.code(), Some(0 | 3)),
        "the run failed: {stderr}"
    );
    serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap()
}

#[test]
fn suggested_tests_are_verified_pass_as_written_and_kill_their_survivors() {
    let copy = tempfile::tempdir().unwrap();
    let example = repo().join("examples/suggestions");
    for dir in ["src", "tests"] {
        std::fs::create_dir_all(copy.path().join(dir)).unwrap();
        for entry in std::fs::read_dir(example.join(dir)).unwrap() {
            let entry = entry.unwrap();
            std::fs::copy(entry.path(), copy.path().join(dir).join(entry.file_name())).unwrap();
        }
    }
    std::fs::write(
        copy.path().join("Cargo.toml"),
        standalone_manifest(&example.join("Cargo.toml")),
    )
    .unwrap();

    // 0. A run that suggests nothing builds without the code that writes values: the run
    // after it, which suggests, must build the crate again to have them (rustc records
    // the variable that asks for them).
    let plain_run = tempfile::tempdir().unwrap();
    let report = run(copy.path(), plain_run.path(), &[]);
    let (id, _) = KILLED_BY_SUGGESTION[0];
    assert_eq!(by_id(&report, id)["status"], "Survived", "{id}");
    assert!(by_id(&report, id).get("suggestedTest").is_none(), "{id}");

    // 1. The suggestions, written into the copy.
    let first = tempfile::tempdir().unwrap();
    let report = run(copy.path(), first.path(), &["--suggest-tests=write"]);
    for (id, test) in KILLED_BY_SUGGESTION {
        let m = by_id(&report, id);
        assert_eq!(m["status"], "Survived", "{id}");
        assert_eq!(m["suggestedTestName"], test, "{id}: {m:#}");
        let code = m["suggestedTest"].as_str().expect("its code");
        assert!(code.contains(&format!("fn {test}()")), "{code}");
        assert!(
            code.contains(id.split(": ").nth(1).unwrap()),
            "names {id}: {code}"
        );
    }
    for (id, test, call) in KILLED_BY_UNIT_TEST {
        let m = by_id(&report, id);
        assert_eq!(m["suggestedTestName"], test, "{id}: {m:#}");
        assert_eq!(m["suggestedTestModule"], "src/lib.rs", "{id}");
        let code = m["suggestedTest"].as_str().expect("its code");
        assert!(code.contains(call), "{code}");
    }
    for (id, why) in NO_TEST {
        let m = by_id(&report, id);
        assert!(m.get("suggestedTest").is_none(), "{id}");
        let said = m["noSuggestedTest"].as_str().expect("why not");
        assert!(said.contains(why), "{id}: {said}");
    }
    let file = std::fs::read_to_string(first.path().join("suggested_tests.rs")).unwrap();
    let written = std::fs::read_to_string(copy.path().join("tests/mutate_suggested.rs")).unwrap();
    assert_eq!(file, written, "the output folder's file is the one written");
    // Values as Rust: integers with their type, a `bool` as such.
    assert!(
        written.contains("suggestions::discount(200u32, 10u32);"),
        "{written}"
    );
    assert!(
        written.contains("assert_eq!(returned, 180u32);"),
        "{written}"
    );
    assert!(written.contains("suggestions::cents(3u32);"), "{written}");
    assert!(
        written.contains("suggestions::is_adult(18u32);"),
        "{written}"
    );
    assert!(written.contains("assert_eq!(returned, true);"), "{written}");
    // A receiver no annotated call built (`#[derive(Default)]`), made by `Default`.
    assert!(
        written.contains("let mut a0 = <suggestions::Counter as Default>::default();"),
        "{written}"
    );
    // A generic `AsRef<[u8]>` given a string, traced as its bytes; one of them set to zero.
    assert!(
        written.contains("suggestions::digit_sum(&[49u8, 50u8, 0u8]);"),
        "{written}"
    );
    assert!(
        written.contains("assert_eq!(returned, Err(3usize));"),
        "{written}"
    );
    // A generic parameter's value, written by its type's name.
    assert!(written.contains("suggestions::width(10u32);"), "{written}");
    assert!(
        written.contains("assert_eq!(returned, 2usize);"),
        "{written}"
    );
    assert_eq!(written.matches("#[test]").count(), 6, "{written}");

    // The unit tests' module, added at the end of the file it names, as the user would.
    let unit = std::fs::read_to_string(first.path().join("suggested_unit_tests.rs")).unwrap();
    assert!(
        unit.contains("// ---- at the end of src/lib.rs ----"),
        "{unit}"
    );
    assert!(unit.contains("mod mutate_suggested {"), "{unit}");
    let lib = copy.path().join("src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    std::fs::write(&lib, format!("{source}\n{unit}")).unwrap();

    // 2. As the user would keep them: plain `cargo test`, no mutate build.
    let plain = plain_cargo_test(copy.path());
    assert!(
        plain.status.success(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let printed = String::from_utf8_lossy(&plain.stdout);
    for test in [
        "discount_7_5",
        "cents_13_13",
        "is_adult_25_9",
        "bump_38_9",
        "digit_sum_61_12",
        "width_117_10",
        "mutate_suggested::half_45_7",
        "mutate_suggested::size_hint_98_9",
    ] {
        assert!(
            printed.contains(&format!("{test} ... ok")),
            "{test}: {printed}"
        );
    }

    // 3. A second run: each targeted survivor is killed, by the suggested test.
    let second = tempfile::tempdir().unwrap();
    let report = run(copy.path(), second.path(), &[]);
    for (id, test) in KILLED_BY_SUGGESTION {
        let m = by_id(&report, id);
        assert_eq!(m["status"], "Killed", "{id}: {m:#}");
        let killed_by: Vec<&str> = m["killedBy"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(killed_by, [format!("mutate_suggested::{test}")], "{id}");
    }
    for (id, test, _) in KILLED_BY_UNIT_TEST {
        let m = by_id(&report, id);
        assert_eq!(m["status"], "Killed", "{id}: {m:#}");
        assert_eq!(
            m["killedBy"],
            serde_json::json!([format!("suggestions::mutate_suggested::{test}")]),
            "{id}"
        );
    }
    for (id, _) in NO_TEST {
        assert_eq!(by_id(&report, id)["status"], "Survived", "{id}");
    }
}

/// `examples/widths`' survivors, whose test needs `Fixed`, a type only the covering test's
/// own module defines: with `--all-items`, one unit test for that module.
const IN_TEST_MODULE: [&str; 4] = [
    "src/lib.rs:14:5: replace total_width -> u32 with 1",
    "src/lib.rs:14:21: replace 0 with 1 in total_width",
    "src/lib.rs:16:31: replace + with * in total_width",
    "src/lib.rs:16:31: replace + with - in total_width",
];

#[test]
fn a_test_that_needs_a_type_of_the_test_module_goes_inside_it() {
    let copy = tempfile::tempdir().unwrap();
    let example = repo().join("examples/widths");
    std::fs::create_dir_all(copy.path().join("src")).unwrap();
    std::fs::copy(example.join("src/lib.rs"), copy.path().join("src/lib.rs")).unwrap();
    std::fs::write(
        copy.path().join("Cargo.toml"),
        standalone_manifest(&example.join("Cargo.toml")),
    )
    .unwrap();

    // 1. One unit test, for the test module that covers them (its closing line named).
    let first = tempfile::tempdir().unwrap();
    let report = run(
        copy.path(),
        first.path(),
        &["--all-items", "--suggest-tests"],
    );
    let module = "the test module of src/lib.rs that ends at line 39";
    for id in IN_TEST_MODULE {
        let m = by_id(&report, id);
        assert_eq!(m["status"], "Survived", "{id}");
        assert_eq!(m["suggestedTestName"], "total_width_14_5", "{id}: {m:#}");
        assert_eq!(m["suggestedTestModule"], module, "{id}");
        let code = m["suggestedTest"].as_str().expect("its code");
        assert!(
            code.contains("crate::total_width(&[Fixed(2), Fixed(3)], 1u32)"),
            "{code}"
        );
    }
    let unit = std::fs::read_to_string(first.path().join("suggested_unit_tests.rs")).unwrap();
    let header = format!("// ---- at the end of {module} ----\n");
    let (_, module_code) = unit.split_once(&header).expect("the module's place");

    // 2. Pasted before that line, as the user would: plain `cargo test` passes it.
    let lib = copy.path().join("src/lib.rs");
    let source = std::fs::read_to_string(&lib).unwrap();
    let mut lines: Vec<&str> = source.lines().collect();
    assert_eq!(lines[38], "}", "line 39 closes the test module");
    lines.insert(38, module_code);
    std::fs::write(&lib, lines.join("\n") + "\n").unwrap();
    let plain = plain_cargo_test(copy.path());
    let printed = String::from_utf8_lossy(&plain.stdout);
    assert!(
        plain.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    assert!(
        printed.contains("tests::mutate_suggested::total_width_14_5 ... ok"),
        "{printed}"
    );

    // 3. A second run kills all four, by that test.
    let second = tempfile::tempdir().unwrap();
    let report = run(copy.path(), second.path(), &["--all-items"]);
    for id in IN_TEST_MODULE {
        let m = by_id(&report, id);
        assert_eq!(m["status"], "Killed", "{id}: {m:#}");
        assert_eq!(
            m["killedBy"],
            serde_json::json!(["widths::tests::mutate_suggested::total_width_14_5"]),
            "{id}"
        );
    }
}
