//! Reading a driver run's `report.json`, as the corpus benchmarks need it.

use serde_json::Value;
use std::path::Path;

pub fn read(report: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(report).map_err(|e| format!("{}: {e}", report.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", report.display()))
}

/// Every mutant of the report, file after file.
pub fn mutants(json: &Value) -> impl Iterator<Item = &Value> {
    json["files"]
        .as_object()
        .into_iter()
        .flat_map(|f| f.values())
        .flat_map(|file| file["mutants"].as_array().into_iter().flatten())
}

/// `status id`, with killed and timed out as one, `Detected`: which covering test runs
/// first follows measured times, which vary, and a mutant one test kills may time out
/// under another.
pub fn verdict(m: &Value) -> String {
    let status = match m["status"].as_str().unwrap_or("?") {
        "Killed" | "Timeout" => "Detected",
        other => other,
    };
    format!("{status} {}", m["id"].as_str().unwrap_or("?"))
}
