//! Equivalent mutants proven by compiled code (`--equivalence`): on a crate whose weak
//! tests let both kinds survive, every mutant whose library compiles to the original's
//! code is equivalent, every near twin (one input tells it apart) is still judged by its
//! tests, a generic function is compared as the tests instantiate it (its arguments, and
//! `self`, opaque) and not at all where an argument is a pattern, the score leaves the
//! equivalent mutants out, and survivors that compile to one code are said to be
//! duplicates.

mod common;

use common::*;

const MANIFEST: &str = "examples/equivalent/Cargo.toml";

#[test]
fn equivalent_mutants_are_proven_and_near_twins_are_not() {
    let (out, dir) = run_example(MANIFEST, &["--equivalence", "--message-format", "json"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    check_expected(
        "examples/equivalent/expected/verdicts.txt",
        &verdicts(dir.path()),
    );
    let report = Report::read(dir.path());
    for m in &report.mutants {
        if m.equivalence == "proven" {
            assert_eq!(m.status, "Ignored", "{}", m.id);
            assert!(
                m.reason.starts_with("equivalent: "),
                "{}: {}",
                m.id,
                m.reason
            );
        }
    }
    let listed = std::fs::read_to_string(dir.path().join("equivalent.txt")).unwrap();
    let proven = report.mutants.iter().filter(|m| m.equivalence == "proven");
    assert_eq!(listed.lines().count(), proven.clone().count(), "{listed}");
    // The JSON stream's last line for a proven mutant says `report.json`'s status, and its
    // summary counts them.
    let lines = stream_lines(&out.stdout);
    for m in proven.clone() {
        let last = last_mutant_line(&lines, &m.id);
        assert_eq!(last["status"], "Ignored", "{last}");
    }
    let summary = lines.last().expect("a summary");
    assert_eq!(summary["equivalent"], proven.count(), "{summary}");
    // The score counts the killed against the killed and the survivors only.
    let killed = report
        .mutants
        .iter()
        .filter(|m| m.verdict() == "Killed")
        .count();
    let survived = report
        .mutants
        .iter()
        .filter(|m| m.status == "Survived")
        .count();
    let score = 100.0 * killed as f64 / (killed + survived) as f64;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let shown = format!("mutation score {score:.1}%");
    assert!(
        stdout.contains(&shown) || stderr.contains(&shown),
        "{shown} in\n{stdout}\n{stderr}"
    );
    assert!(stderr.contains("proven equivalent"), "{stderr}");
    // Duplicates: `any`'s three pairs of survivors with one code each, and no other (its
    // `> 1`, and every near twin, compiles to code of its own).
    let duplicates: Vec<(String, String)> = report
        .mutants
        .iter()
        .filter(|m| !m.duplicate_of.is_empty())
        .map(|m| {
            let short = |id: &str| id.rsplit(": ").next().unwrap().to_owned();
            assert!(m.reason.contains("same code as"), "{}: {}", m.id, m.reason);
            (short(&m.id), short(&m.duplicate_of))
        })
        .collect();
    let pair = |a: &str, b: &str| (a.to_owned(), b.to_owned());
    assert_eq!(
        duplicates,
        [
            pair("replace > with < in any", "replace any -> bool with false"),
            pair("replace > with == in any", "replace > with <= in any"),
            pair("replace > with >= in any", "replace any -> bool with true"),
        ],
        "{stderr}"
    );
    assert!(
        stderr.contains("3 mutants compile to another's code (duplicates)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("2 more not compared, not proven"),
        "{stderr}"
    );
}

#[test]
fn without_the_flag_equivalent_mutants_survive() {
    let (out, dir) = run_example(MANIFEST, &[]);
    assert_eq!(out.status.code(), Some(3));
    let report = Report::read(dir.path());
    assert!(report.mutants.iter().all(|m| m.equivalence.is_empty()));
    let larger = report
        .mutants
        .iter()
        .find(|m| m.id.ends_with("replace > with >= in larger"))
        .expect("the mutant");
    assert_eq!(larger.status, "Survived");
}
