//! The kill matrix and its analysis: `matrix.json` (every run's outcome, written after any
//! run), and with `--matrix` (every covering test run) `analysis.json` and a terminal
//! section (see `analysis.rs` for what each figure means).

use crate::analysis::{self, Analysis, Row};
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use serde_json::{Value, json};
use std::fmt::Write;

/// Every covered mutant with each covering test's outcome; `complete` when every covering
/// test was run (`--matrix`), else the tests after the first kill are `not run`.
pub fn matrix_json(d: &Discovery, results: &Results, complete: bool) -> Value {
    let mutants: Vec<Value> = results
        .mutants
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.covered_by.is_empty())
        .map(|(m, r)| {
            let mut outcomes = serde_json::Map::new();
            for &t in &r.covered_by {
                let outcome = r
                    .outcomes
                    .iter()
                    .find(|(ran, _)| *ran == t)
                    .map_or("not run", |(_, status)| status.label());
                outcomes.insert(d.test_id(t), json!(outcome));
            }
            json!({
                "id": d.mutants[m].entry.id,
                "status": r.status.label(),
                "outcomes": outcomes,
            })
        })
        .collect();
    json!({ "complete": complete, "mutants": mutants })
}

/// The judged mutants (killed or survived) as matrix rows, with their indexes, in the
/// order of their ids (catalog order follows registration, which varies between builds).
fn rows(d: &Discovery, results: &Results) -> (Vec<usize>, Vec<Row>) {
    let mut judged: Vec<usize> = (0..results.mutants.len())
        .filter(|&m| {
            let status = results.mutants[m].status;
            status.detected() || status == Status::Survived
        })
        .collect();
    judged.sort_by(|&a, &b| d.mutants[a].entry.id.cmp(&d.mutants[b].entry.id));
    judged
        .into_iter()
        .map(|m| {
            let r = &results.mutants[m];
            let row = Row {
                covered: r.covered_by.iter().copied().collect(),
                killed: r.killed_by.iter().copied().collect(),
            };
            (m, row)
        })
        .unzip()
}

/// The analysis of a complete matrix, and the mutant index of each of its rows.
pub fn analyse(d: &Discovery, results: &Results) -> (Vec<usize>, Analysis) {
    let (index, rows) = rows(d, results);
    (index, analysis::analyse(&rows))
}

pub fn analysis_json(d: &Discovery, results: &Results, index: &[usize], a: &Analysis) -> Value {
    let id = |row: usize| d.mutants[index[row]].entry.id.clone();
    let hard: Vec<Value> = a
        .hard_to_kill
        .iter()
        .map(|&row| {
            let r = &results.mutants[index[row]];
            let killed_by: Vec<String> = r.killed_by.iter().map(|&t| d.test_id(t)).collect();
            json!({ "id": id(row), "killed_by": killed_by, "covering_tests": r.covered_by.len() })
        })
        .collect();
    let tests: Vec<Value> = a
        .tests
        .iter()
        .map(|w| {
            let seconds = results.test_micros[w.test] as f64 * w.runs as f64 / 1e6;
            json!({
                "id": d.test_id(w.test),
                "kills": w.kills,
                "only_it_kills": w.only_it_kills,
                "runs": w.runs,
                "seconds_per_kill": (w.kills > 0).then(|| seconds / w.kills as f64),
            })
        })
        .collect();
    let c = &a.chao1;
    json!({
        "judged": a.killed + a.survived,
        "killed": a.killed,
        "survived": a.survived,
        "score": a.score(),
        "subsuming_score": a.subsuming_score(),
        "minimal": a.minimal.iter().map(|&row| id(row)).collect::<Vec<_>>(),
        "duplicates": a.duplicates.iter()
            .map(|group| group.iter().map(|&row| id(row)).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "hard_to_kill": hard,
        "chao1": {
            "killed_once": c.f1,
            "killed_twice": c.f2,
            "killed": c.killed,
            "judged": c.judged,
            "killable_estimate": c.estimate,
            "likely_immortal": c.immortals,
            "too_few_to_say": c.too_few,
        },
        "tests": tests,
    })
}

/// The terminal's kill-matrix section.
pub fn render(d: &Discovery, results: &Results, index: &[usize], a: &Analysis) -> String {
    let mut out = String::new();
    let percent = |p: Option<f64>| p.map_or("n/a".to_owned(), |p| format!("{:.1}%", p * 100.0));
    let _ = writeln!(
        out,
        "\nKill matrix: {} judged mutants, {} killed, {} minimal; subsuming score {} \
         (score {})",
        a.killed + a.survived,
        a.killed,
        a.minimal.len(),
        percent(a.subsuming_score()),
        percent(a.score())
    );
    let _ = writeln!(
        out,
        "{:>11} {} of the {} killed mutants add nothing to the minimal ones (the same kill \
         set as another, {} groups, or a larger one)",
        "",
        a.killed - a.minimal.len(),
        a.killed,
        a.duplicates.len(),
    );
    for &row in &a.hard_to_kill {
        let r = &results.mutants[index[row]];
        let by: Vec<String> = r.killed_by.iter().map(|&t| d.test_id(t)).collect();
        let _ = writeln!(
            out,
            "{:>11} {} (killed by {} of {} covering tests: {})",
            "HARD",
            d.mutants[index[row]].entry.id,
            r.killed_by.len(),
            r.covered_by.len(),
            by.join(", ")
        );
    }
    let c = &a.chao1;
    let _ = if c.too_few {
        writeln!(
            out,
            "{:>11} Chao1: {} mutants killed by exactly one test, {} by exactly two: too \
             few to estimate the immortal ones",
            "", c.f1, c.f2
        )
    } else {
        writeln!(
            out,
            "{:>11} Chao1: about {:.1} of {} judged mutants are killable, so about {:.1} \
             likely immortal (killed once: {}, twice: {})",
            "", c.estimate, c.judged, c.immortals, c.f1, c.f2
        )
    };
    tests_ranked(&mut out, d, results, a);
    out
}

/// The five tests that kill most, and the tests that kill nothing no other test kills.
fn tests_ranked(out: &mut String, d: &Discovery, results: &Results, a: &Analysis) {
    for w in a.tests.iter().take(5) {
        let seconds = results.test_micros[w.test] as f64 * w.runs as f64 / 1e6;
        let per_kill = match w.kills {
            0 => String::new(),
            kills => format!(", {:.3} s a kill", seconds / kills as f64),
        };
        let _ = writeln!(
            out,
            "{:>11} {}: kills {} of the {} it was run against, {} that no other test kills{per_kill}",
            "TEST",
            d.test_id(w.test),
            w.kills,
            w.runs,
            w.only_it_kills
        );
    }
    let idle: Vec<String> = a
        .tests
        .iter()
        .filter(|w| w.only_it_kills == 0)
        .map(|w| d.test_id(w.test))
        .collect();
    if !idle.is_empty() {
        let (count, verb) = match idle.len() {
            1 => ("1 test".to_owned(), "kills"),
            n => (format!("{n} tests"), "kill"),
        };
        let _ = writeln!(
            out,
            "{:>11} {count} {verb} nothing another test does not (to review): {}",
            "",
            idle.join(", ")
        );
    }
}
