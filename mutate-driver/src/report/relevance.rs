//! A relevance run's report: the terminal's section and `relevant.txt` (relevant mutants,
//! survivors first, each with the test that showed it, where, and the changed lines that
//! test runs through; then rMS, mMS and MS side by side, and the cost), and the fields it
//! adds to `report.json` beside the schema's.

use crate::discover::Discovery;
use crate::lab::Results;
use crate::relevance::{Class, Count, Evidence, Judged, Relevance};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::fmt::Write;

/// The terminal's section; `relevant.txt` is the same text.
pub fn render(d: &Discovery, results: &Results, relevance: &Relevance) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\nCommit relevance since {}", relevance.rev);
    let relevant: Vec<(usize, &Judged)> = relevance
        .mutants
        .iter()
        .enumerate()
        .filter_map(|(m, j)| Some((m, j.as_ref()?)))
        .filter(|(_, j)| j.shown.is_some())
        .collect();
    // Survivors first: the change interacts with them and no test checks it.
    let (survivors, detected): (Vec<_>, Vec<_>) = relevant
        .iter()
        .partition(|(m, _)| !results.mutants[*m].status.detected());
    for (m, judged) in survivors.iter().chain(&detected) {
        let status = results.mutants[*m].status.label().to_uppercase();
        let _ = writeln!(
            out,
            "{:>13} {:>11} {}",
            judged.class.label().to_uppercase(),
            status,
            d.mutants[*m].entry.id
        );
        let shown = judged.shown.as_ref().expect("relevant mutants are shown");
        let _ = writeln!(
            out,
            "      shown by {}: {}",
            d.test_id(shown.test),
            describe(&shown.evidence)
        );
        if !shown.interacts.is_empty() {
            let _ = writeln!(
                out,
                "      changed lines it runs through: {}",
                shown.interacts.join(", ")
            );
        }
    }
    let s = relevance.scores(results);
    let count = |c: Count| match c.score() {
        Some(score) => format!("{score:.1}% ({}/{})", c.detected, c.total),
        None => "n/a (none)".to_owned(),
    };
    let modification = relevance
        .mutants
        .iter()
        .flatten()
        .filter(|j| j.class == Class::Modification)
        .count();
    let _ = writeln!(
        out,
        "relevant: {} of {} mutants ({} off the changed lines); on the changed lines: {modification}",
        s.relevant.total, s.all.total, s.relevant_unchanged
    );
    let _ = writeln!(
        out,
        "rMS {}   mMS {}   MS {}",
        count(s.relevant),
        count(s.modification),
        count(s.all)
    );
    let _ = writeln!(
        out,
        "relevance cost: {:.1} s building {}, {} test runs in {:.1} s{}",
        relevance.build_time.as_secs_f64(),
        relevance.rev,
        relevance.runs,
        relevance.run_time.as_secs_f64(),
        match relevance.skipped {
            Some(skipped) => format!(
                " ({skipped} runs before the change not needed: the mutant's run never entered changed code)"
            ),
            None => " (every changed line could not be placed in a traced function: no run before the change was skipped)".to_owned(),
        }
    );
    if !relevance.new_tests.is_empty() {
        let _ = writeln!(
            out,
            "{} tests exist only after the change; relevance is not judged with them \
             (their kills count in the scores)",
            relevance.new_tests.len()
        );
    }
    out
}

/// Where a test showed the interaction, in words.
fn describe(evidence: &Evidence) -> String {
    match evidence {
        Evidence::Outcome {
            original,
            mutant,
            before,
        } => format!(
            "the test {original}; with the mutant it {mutant}; with the mutant before the change it {before}"
        ),
        Evidence::Call {
            function,
            left,
            original,
            mutant,
            before,
        } => {
            let verb = if *left {
                "leaves behind its &mut arguments"
            } else {
                "returns"
            };
            format!(
                "`{function}` {verb} {original}; with the mutant, {mutant}; with the mutant before the change, {before}"
            )
        }
        Evidence::New { original, mutant } => format!(
            "without the mutant: {original}; with it: {mutant} (it has no twin before the change)"
        ),
    }
}

/// Adds `relevance` (and, where shown, `relevantBecause`) to each mutant of `report.json`,
/// and the run's scores and cost at its top.
pub fn annotate(json: &mut Value, d: &Discovery, results: &Results, relevance: &Relevance) {
    let index: HashMap<&str, usize> = d
        .mutants
        .iter()
        .enumerate()
        .map(|(m, mutant)| (mutant.entry.id.as_str(), m))
        .collect();
    if let Some(files) = json["files"].as_object_mut() {
        for file in files.values_mut() {
            let Some(mutants) = file["mutants"].as_array_mut() else {
                continue;
            };
            for mutant in mutants {
                let Some(&m) = mutant["id"].as_str().and_then(|id| index.get(id)) else {
                    continue;
                };
                let Some(judged) = &relevance.mutants[m] else {
                    continue;
                };
                mutant["relevance"] = json!(judged.class.label());
                if let Some(shown) = &judged.shown {
                    let mut because = json!(shown.evidence);
                    because["test"] = json!(d.test_id(shown.test));
                    because["interacts"] = json!(shown.interacts);
                    mutant["relevantBecause"] = because;
                }
            }
        }
    }
    let s = relevance.scores(results);
    let score = |c: Count| json!({ "score": c.score(), "detected": c.detected, "total": c.total });
    json["relevance"] = json!({
        "since": relevance.rev,
        "mutants": {
            "judged": s.all.total,
            "modification": relevance.mutants.iter().flatten().filter(|j| j.class == Class::Modification).count(),
            "relevant": s.relevant.total,
            "relevantOffChangedLines": s.relevant_unchanged,
        },
        "scores": {
            "relevant": score(s.relevant),
            "modification": score(s.modification),
            "all": score(s.all),
        },
        "cost": {
            "buildSeconds": relevance.build_time.as_secs_f64(),
            "runSeconds": relevance.run_time.as_secs_f64(),
            "testRuns": relevance.runs,
            "skippedRunsBefore": relevance.skipped,
        },
        "newTests": relevance.new_tests.iter().map(|&t| d.test_id(t)).collect::<Vec<_>>(),
    });
}
