//! `report.json` in the mutation-testing-report-schema (v2), so existing viewers and
//! dashboards read it. Crashed is written `Killed` with the signal as reason and Unviable
//! as `CompileError`, so a viewer's score equals ours.

use super::Summary;
use crate::compile::Workspace;
use crate::diagnosis::Diagnoses;
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use crate::suggest::Suggestion;
use mutate_protocol::CatalogEntry;
use serde_json::{Value, json};
use std::collections::BTreeMap;

fn schema_status(status: Status) -> &'static str {
    status.schema_name()
}

/// A mutant as both `report.json` and `--list --json` write it: the schema's mutant
/// (`id`, `mutatorName`, `replacement`, `description`, `location`) with the file, the
/// code it replaces and its function, and without a verdict.
pub fn mutant(e: &CatalogEntry) -> Value {
    let [l1, c1, l2, c2] = e.span;
    json!({
        "id": e.id,
        "mutatorName": e.operator,
        "replacement": e.replacement,
        "description": e.description,
        "location": {
            "start": { "line": l1, "column": c1 },
            "end": { "line": l2, "column": c2 },
        },
        "file": e.file,
        "original": e.original,
        "function": e.function,
    })
}

/// A mutant as `--list --json` prints it: as in the report, `Pending`, or `CompileError`
/// with the report's reason when the rebuild net found its code does not build (`Ignored`
/// where only its schemata could not: `outcome::schemata_only`).
pub fn listed(e: &CatalogEntry) -> Value {
    let mut value = mutant(e);
    if e.build_error.is_empty() {
        value["status"] = json!("Pending");
    } else {
        let (status, reason) = crate::outcome::unbuilt(e);
        value["status"] = json!(schema_status(status));
        value["statusReason"] = json!(reason);
    }
    value
}

/// A test as `testFiles` lists it: the schema's id and name, and beside them its time in
/// the baseline's coverage run (milliseconds, with every mutant off) where it passed
/// there, so a reader can weigh each mutant's covering tests.
fn test_entry(id: String, name: &str, micros: Option<&u64>) -> Value {
    let mut test = json!({ "id": id, "name": name });
    if let Some(&micros) = micros.filter(|&&m| m > 0) {
        test["baselineMs"] = json!(micros as f64 / 1000.0);
    }
    test
}

pub fn build(
    d: &Discovery,
    results: &Results,
    workspace: &Workspace,
    times: &super::Times,
    diagnoses: &Diagnoses,
) -> Value {
    let root = workspace.root.as_path();
    let thresholds = &workspace.config.thresholds;
    let test_id = |t: usize| d.test_id(t);
    let mut files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (m, r) in results.mutants.iter().enumerate() {
        let e = &d.mutants[m].entry;
        let mut reason = r.reason.clone();
        if r.status == Status::Crashed {
            reason = format!("crashed: {reason}");
        }
        let mut mutant = mutant(e);
        mutant["status"] = json!(schema_status(r.status));
        mutant["killedBy"] = json!(r.killed_by.iter().map(|&t| test_id(t)).collect::<Vec<_>>());
        mutant["coveredBy"] = json!(r.covered_by.iter().map(|&t| test_id(t)).collect::<Vec<_>>());
        if !r.runs.is_empty() {
            // The schema's net time (milliseconds) and tests run: the forked children's
            // lives, without the fork server's round trips.
            let micros: u64 = r.runs.iter().map(|&(_, micros)| micros).sum();
            mutant["duration"] = json!(micros as f64 / 1000.0);
            mutant["testsCompleted"] = json!(r.runs.len());
        }
        if let Some(diagnosis) = diagnoses.get(&m) {
            reason = match reason.is_empty() {
                true => diagnosis.category.label().to_owned(),
                false => format!("{}: {reason}", diagnosis.category.label()),
            };
            mutant["diagnosis"] = json!(diagnosis);
        }
        let by_chance = r.status.detected()
            && r.killed_by
                .first()
                .is_some_and(|t| results.wandering.contains(t));
        if by_chance {
            // Beside the schema's fields: the verdict may differ in the next run.
            mutant["killedByChance"] = json!(true);
            reason = format!(
                "{reason} (by a test whose calls differ from run to run: another run may \
                 not detect it)"
            )
            .trim_start()
            .to_owned();
        }
        if let Some(earlier) = r.duplicate_of {
            // Beside the schema's fields: its code is another mutant's.
            let same = &d.mutants[earlier].entry.id;
            mutant["duplicateOf"] = json!(same);
            reason = format!(
                "{reason} (it compiles to the same code as {same}: a test that kills one kills \
                 the other)"
            )
            .trim_start()
            .to_owned();
        }
        if !reason.is_empty() {
            mutant["statusReason"] = json!(reason);
        }
        match &r.suggestion {
            // Beside the schema's fields: the verified test that kills it, or why none.
            Some(Suggestion::Test {
                name, code, module, ..
            }) => {
                mutant["suggestedTest"] = json!(code);
                mutant["suggestedTestName"] = json!(name);
                if let Some(module) = module {
                    // A unit test: the file whose module it goes in.
                    mutant["suggestedTestModule"] = json!(module);
                }
            }
            Some(Suggestion::None { why }) => mutant["noSuggestedTest"] = json!(why),
            None => {}
        }
        if r.status == Status::Equivalent {
            // Beside the schema's fields: `Ignored` because its code is the original's.
            mutant["equivalence"] = json!("proven");
        }
        if r.reused {
            // Beside the schema's fields (readers ignore it): taken from the previous run.
            mutant["reused"] = json!(true);
        }
        files.entry(e.file.clone()).or_default().push(mutant);
    }
    let files: serde_json::Map<String, Value> = files
        .into_iter()
        .map(|(file, mutants)| {
            let source = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
            (
                file,
                json!({ "language": "rust", "source": source, "mutants": mutants }),
            )
        })
        .collect();
    let mut test_files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (t, test) in d.tests.iter().enumerate() {
        let binary = &d.binaries[test.binary];
        test_files
            .entry(binary.src_path.clone())
            .or_default()
            .push(test_entry(
                test_id(t),
                &test.name,
                results.test_micros.get(t),
            ));
    }
    let test_files: serde_json::Map<String, Value> = test_files
        .into_iter()
        .map(|(file, tests)| (file, json!({ "tests": tests })))
        .collect();
    json!({
        "schemaVersion": "2",
        "thresholds": { "high": thresholds.high, "low": thresholds.low },
        "projectRoot": root.display().to_string(),
        "files": files,
        "testFiles": test_files,
        "framework": { "name": "mutate", "version": env!("CARGO_PKG_VERSION") },
        "summary": Summary::of(results),
        "seconds": times.to_json(),
        "peakMemory": crate::memory::to_json(),
        "incremental": { "reusedVerdicts": results.reused() },
        "infection": {
            "provenMutants": results.proven.mutants,
            "skippedRuns": results.proven.runs,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_carries_its_baseline_time_only_where_it_passed() {
        let timed = test_entry("lib::a".into(), "a", Some(&2_500));
        assert_eq!(timed["baselineMs"], json!(2.5));
        assert_eq!(timed["id"], json!("lib::a"));
        // 0: it did not pass in the baseline; none: the run has no time for it.
        assert!(test_entry("lib::b".into(), "b", Some(&0))["baselineMs"].is_null());
        assert!(test_entry("lib::c".into(), "c", None)["baselineMs"].is_null());
    }
}
