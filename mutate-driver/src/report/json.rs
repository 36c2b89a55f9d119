//! `report.json` in the mutation-testing-report-schema (v2), so existing viewers and
//! dashboards read it. Crashed is written `Killed` with the signal as reason and Unviable
//! as `CompileError`, so a viewer's score equals ours.

use super::Summary;
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

fn schema_status(status: Status) -> &'static str {
    match status {
        Status::Killed | Status::Crashed => "Killed",
        Status::Timeout => "Timeout",
        Status::Survived => "Survived",
        Status::NoCoverage => "NoCoverage",
        Status::Unviable => "CompileError",
        Status::Ignored => "Ignored",
    }
}

pub fn build(d: &Discovery, results: &Results, root: &Path, times: &super::Times) -> Value {
    let test_id = |t: usize| {
        let test = &d.tests[t];
        d.binaries[test.binary].test_id(&test.name)
    };
    let mut files: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (m, r) in results.mutants.iter().enumerate() {
        let e = &d.mutants[m].entry;
        let [l1, c1, l2, c2] = e.span;
        let mut reason = r.reason.clone();
        if r.status == Status::Crashed {
            reason = format!("crashed: {reason}");
        }
        let mut mutant = json!({
            "id": e.id,
            "mutatorName": e.operator,
            "replacement": e.replacement,
            "description": e.description,
            "location": {
                "start": { "line": l1, "column": c1 },
                "end": { "line": l2, "column": c2 },
            },
            "status": schema_status(r.status),
            "killedBy": r.killed_by.iter().map(|&t| test_id(t)).collect::<Vec<_>>(),
            "coveredBy": r.covered_by.iter().map(|&t| test_id(t)).collect::<Vec<_>>(),
        });
        if !reason.is_empty() {
            mutant["statusReason"] = json!(reason);
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
            .push(json!({
                "id": test_id(t),
                "name": test.name,
            }));
    }
    let test_files: serde_json::Map<String, Value> = test_files
        .into_iter()
        .map(|(file, tests)| (file, json!({ "tests": tests })))
        .collect();
    json!({
        "schemaVersion": "2",
        "thresholds": { "high": 80, "low": 60 },
        "projectRoot": root.display().to_string(),
        "files": files,
        "testFiles": test_files,
        "framework": { "name": "mutate", "version": env!("CARGO_PKG_VERSION") },
        "summary": Summary::of(results),
        "seconds": times.to_json(),
    })
}
