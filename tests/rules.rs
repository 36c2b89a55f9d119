//! User rules (`[[package.metadata.mutate.rules]]`) end to end: the two examples' rule
//! mutants, each caught by one test and missed by another (the full kill matrix shows
//! both), selection by name and group, a malformed rule said before any build, and a
//! changed rule rebuilding its package and nothing else.

mod common;

use common::*;
use std::path::Path;

/// The `outcomes` row of `matrix.json` for the mutant whose id ends with `suffix`.
fn outcomes(dir: &Path, suffix: &str) -> serde_json::Value {
    let matrix: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("matrix.json")).unwrap()).unwrap();
    let row = matrix["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"].as_str().unwrap().ends_with(suffix))
        .unwrap_or_else(|| panic!("no mutant {suffix} in {matrix}"));
    row["outcomes"].clone()
}

#[test]
fn the_concurrency_rules_are_caught_by_one_test_and_missed_by_another() {
    let (out, dir) = run_example("examples/tickets/Cargo.toml", &["--matrix"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_expected(
        "examples/tickets/expected/verdicts.txt",
        &verdicts(dir.path()),
    );
    let report = Report::read(dir.path());
    let new_for_old = report.mutant(
        "lib.rs:26:9: replace self.next.fetch_add(1, Ordering::SeqCst) with \
         self.next.fetch_add(1, Ordering::SeqCst) + 1 in Counter::take",
    );
    assert_eq!(new_for_old.operator, "fetch_add_returns_new");
    let row = outcomes(dir.path(), &new_for_old.id);
    assert_eq!(row["tickets::tickets_start_at_zero"], "killed", "{row}");
    // Distinct tickets from 1 up are still distinct.
    assert_eq!(
        row["tickets::threads_never_share_a_ticket"], "survived",
        "{row}"
    );

    let poison = "lib.rs:31:26: replace self.served.lock() with \
                  Ok(self.served.lock().unwrap_or_else(std::sync::PoisonError::into_inner)) \
                  in Counter::serve";
    assert_eq!(report.mutant(poison).operator, "ignore_poison");
    let row = outcomes(dir.path(), poison);
    assert_eq!(
        row["tickets::a_panic_while_serving_poisons_the_log"], "killed",
        "{row}"
    );
    assert_eq!(
        row["tickets::served_tickets_are_logged"], "survived",
        "{row}"
    );
    // In `serve_checked` the lock is taken before the panic it guards against: no test
    // takes it after, so ignoring poison there goes unseen.
    assert_eq!(
        report
            .mutant("lib.rs:39:26: replace self.served.lock() with Ok(self.served.lock().unwrap_or_else(std::sync::PoisonError::into_inner)) in Counter::serve_checked")
            .verdict(),
        "Survived"
    );
}

#[test]
fn the_parser_rules_are_caught_by_one_test_and_missed_by_another() {
    let (out, dir) = run_example("examples/settings/Cargo.toml", &["--matrix"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_expected(
        "examples/settings/expected/verdicts.txt",
        &verdicts(dir.path()),
    );
    let report = Report::read(dir.path());
    let split = "lib.rs:30:28: replace line.split_once('=') with line.rsplit_once('=') in parse";
    assert_eq!(report.mutant(split).operator, "split_at_last");
    let row = outcomes(dir.path(), split);
    assert_eq!(
        row["settings::a_value_may_hold_an_equals_sign"], "killed",
        "{row}"
    );
    assert_eq!(row["settings::tidy_pairs"], "survived", "{row}");
    for trimmed in [
        "lib.rs:26:20: replace line.trim() with line in parse",
        "lib.rs:31:19: replace key.trim() with key in parse",
        "lib.rs:35:21: replace value.trim() with value in parse",
    ] {
        assert_eq!(report.mutant(trimmed).operator, "untrimmed");
        let row = outcomes(dir.path(), trimmed);
        assert_eq!(
            row["settings::padding_and_indented_comments_are_ignored"], "killed",
            "{row}"
        );
        assert_eq!(row["settings::tidy_pairs"], "survived", "{row}");
    }
}

/// The operators of the mutants `--list --json` prints with these options.
fn listed_operators(extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--manifest-path",
        "examples/settings/Cargo.toml",
        "--list",
        "--json",
    ];
    args.extend_from_slice(extra);
    let out = driver(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut operators: Vec<String> = listed(&out.stdout)
        .into_iter()
        .map(|m| m.operator)
        .collect();
    operators.sort();
    operators.dedup();
    operators
}

#[test]
fn rules_are_selected_by_name_and_by_their_group() {
    assert_eq!(
        listed_operators(&["--operators", "rules"]),
        ["split_at_last", "untrimmed"]
    );
    assert_eq!(
        listed_operators(&["--operators", "split_at_last"]),
        ["split_at_last"]
    );
    let without = listed_operators(&["--skip-operators", "untrimmed"]);
    assert!(
        without.contains(&"split_at_last".to_owned()) && without.contains(&"literal".to_owned()),
        "{without:?}"
    );
    assert!(!without.contains(&"untrimmed".to_owned()), "{without:?}");
    let out = driver(&[
        "--manifest-path",
        "examples/settings/Cargo.toml",
        "--list",
        "--operators",
        "split_at_first",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown mutation operator `split_at_first`")
            && stderr.contains("groups: expression, control, method, extreme, all, rules")
            && stderr.contains("split_at_last, untrimmed"),
        "{stderr}"
    );
}

/// A crate of its own, in a workspace of its own, with `rules` as its manifest's rules,
/// and mutate's lock file (so it builds with the versions already built).
fn crate_with_rules(dir: &Path, rules: &str) {
    let repo = repo();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::copy(repo.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();
    std::fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"rules_rebuild\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\
             publish = false\n\n[workspace]\n\n[dependencies]\nmutate-runtime = {{ path = {:?} }}\n\n{rules}",
            repo.join("mutate-runtime").display().to_string()
        ),
    )
    .unwrap();
    std::fs::write(
        dir.join("src/lib.rs"),
        "#[mutate_runtime::mutate]\npub fn word(line: &str) -> &str {\n    line.trim()\n}\n\n\
         #[test]\nfn trims() {\n    assert_eq!(word(\" a \"), \"a\");\n}\n",
    )
    .unwrap();
}

/// The driver, building into mutate's own target directory: the runtime and its
/// dependencies are built there already.
fn driver_into_our_target(args: &[&str]) -> std::process::Output {
    driver_command(args)
        .env("CARGO_TARGET_DIR", repo().join("target"))
        .output()
        .expect("driver runs")
}

const UNTRIMMED: &str = "[[package.metadata.mutate.rules]]\nname = \"untrimmed\"\n\
                         match = \"$text.trim()\"\nreplace = \"$text\"\n";

#[test]
fn a_malformed_rule_is_said_before_anything_is_built() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, problem) in [
        (
            UNTRIMMED.replace("$text.trim()", "$text.trim("),
            "rule `untrimmed`: `match`: `$text.trim(` is not a Rust expression",
        ),
        (
            UNTRIMMED.replace("replace = \"$text\"", "replace = \"$line\""),
            "rule `untrimmed`: `replace` uses `$line`, which `match` does not bind",
        ),
        (
            UNTRIMMED.replace("replace =", "where = \"$text is short\"\nreplace ="),
            "rule `untrimmed`: `where`: `$text is short` is not a condition",
        ),
        (
            UNTRIMMED.replace("name = \"untrimmed\"\n", ""),
            "rule #1: `name` is missing",
        ),
        (
            UNTRIMMED.replace("replace", "with"),
            "rule `untrimmed`: unknown key `with` (known: name, match, where, replace)",
        ),
    ] {
        crate_with_rules(dir.path(), &rules);
        let manifest = dir.path().join("Cargo.toml");
        let out =
            driver_into_our_target(&["--manifest-path", manifest.to_str().unwrap(), "--list"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("[package.metadata.mutate] of rules_rebuild: ")
                && stderr.contains(problem),
            "expected {problem}:\n{stderr}"
        );
        assert!(!stderr.contains("Building"), "{stderr}");
    }
}

#[test]
fn a_changed_rule_rebuilds_its_package_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    crate_with_rules(dir.path(), UNTRIMMED);
    let manifest = dir.path().join("Cargo.toml");
    let list = || {
        let out = driver_into_our_target(&[
            "--manifest-path",
            manifest.to_str().unwrap(),
            "--list",
            "--json",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "{stderr}");
        let rules: Vec<String> = listed(&out.stdout)
            .into_iter()
            .filter(|m| m.operator == "untrimmed")
            .map(|m| m.replacement)
            .collect();
        (rules, stderr)
    };
    let (first, _) = list();
    assert_eq!(first, ["line"]);
    let (again, stderr) = list();
    assert_eq!(again, first);
    assert!(
        !stderr.contains("Compiling"),
        "unchanged rules rebuilt something:\n{stderr}"
    );
    crate_with_rules(
        dir.path(),
        &UNTRIMMED.replace("replace = \"$text\"", "replace = \"$text.trim_start()\""),
    );
    let (changed, stderr) = list();
    assert_eq!(changed, ["line.trim_start()"]);
    assert!(stderr.contains("Compiling rules_rebuild"), "{stderr}");
    let compiled = stderr
        .lines()
        .filter(|l| l.trim_start().starts_with("Compiling"))
        .count();
    assert_eq!(compiled, 1, "more than the package was rebuilt:\n{stderr}");
}
