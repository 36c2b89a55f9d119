//! `report.json` and `--list --json`, read into types: one reader for every test, so a
//! change of shape breaks here, once, rather than in each test's own parsing.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// A mutant as the report (with its verdict) or the list (`Pending`, or `CompileError`)
/// writes it.
#[derive(Debug, Clone)]
pub struct Mutant {
    pub id: String,
    pub file: String,
    pub operator: String,
    pub original: String,
    pub replacement: String,
    /// `(line, column)`, 1-based; `end` exclusive.
    pub start: (u64, u64),
    pub end: (u64, u64),
    pub status: String,
    pub reason: String,
    pub killed_by: Vec<String>,
    pub covered_by: Vec<String>,
    /// A survivor's diagnosis: `no_infection`, `no_propagation`, `weak_oracle`, `chance`,
    /// `infected`, `not_compared` ("" for others).
    pub category: String,
    pub suggestion: String,
    /// The diagnosis as the report writes it (`null` for mutants that have none).
    pub diagnosis: Value,
    pub function: String,
    /// The schema's `testsCompleted` and `duration` (milliseconds): the covering tests run
    /// against it and their children's time (`None` for a mutant no test ran against).
    pub tests_completed: Option<u64>,
    pub duration_ms: Option<f64>,
    /// Its verdict was taken from the previous run (`--incremental`).
    pub reused: bool,
    /// With `--relevance`: `modification`, `relevant` or `not_relevant` ("" without).
    pub relevance: String,
    /// Where a test showed it relevant (`null` for mutants no test did).
    pub relevant_because: Value,
    /// `proven` for a mutant `--equivalence` proved equivalent ("" for others).
    pub equivalence: String,
    /// Detected by a test whose calls differ from run to run.
    pub killed_by_chance: bool,
    /// The id of the mutant whose code this one's compiles to (`--equivalence`; "" for
    /// others).
    pub duplicate_of: String,
}

impl Mutant {
    fn read(m: &Value) -> Mutant {
        let text = |key: &str| m[key].as_str().unwrap_or_default().to_owned();
        let tests = |key: &str| -> Vec<String> {
            m[key]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| t.as_str().expect("test ids are strings").to_owned())
                .collect()
        };
        let position = |at: &str| {
            let p = &m["location"][at];
            (
                p["line"].as_u64().expect("a line"),
                p["column"].as_u64().expect("a column"),
            )
        };
        Mutant {
            id: text("id"),
            file: text("file"),
            operator: text("mutatorName"),
            original: text("original"),
            replacement: text("replacement"),
            start: position("start"),
            end: position("end"),
            status: text("status"),
            reason: text("statusReason"),
            killed_by: tests("killedBy"),
            covered_by: tests("coveredBy"),
            category: m["diagnosis"]["category"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            suggestion: m["diagnosis"]["suggestion"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            diagnosis: m["diagnosis"].clone(),
            function: text("function"),
            tests_completed: m["testsCompleted"].as_u64(),
            duration_ms: m["duration"].as_f64(),
            reused: m["reused"] == Value::Bool(true),
            relevance: text("relevance"),
            relevant_because: m["relevantBecause"].clone(),
            equivalence: text("equivalence"),
            killed_by_chance: m["killedByChance"] == Value::Bool(true),
            duplicate_of: text("duplicateOf"),
        }
    }

    /// The status, with crashes (written `Killed` with a `crashed: ` reason, so viewers
    /// score them as we do) told apart.
    pub fn verdict(&self) -> &str {
        if self.reason.starts_with("crashed") {
            "Crashed"
        } else if self.equivalence == "proven" {
            "Equivalent"
        } else {
            &self.status
        }
    }
}

/// A run's `report.json`.
pub struct Report {
    /// Every mutant, in the report's order (by file, then as the run found them).
    pub mutants: Vec<Mutant>,
    /// Each reported file's source, as the report carries it.
    pub sources: BTreeMap<String, String>,
    /// Test ids by test file.
    pub test_files: BTreeMap<String, Vec<String>>,
    pub score: f64,
    /// The whole document, for what the fields above leave out (`summary`, `incremental`).
    pub json: Value,
}

impl Report {
    /// The report in a run's output folder.
    pub fn read(dir: &Path) -> Report {
        let text = std::fs::read_to_string(dir.join("report.json")).expect("report written");
        let json: Value = serde_json::from_str(&text).expect("report is JSON");
        let mut mutants = Vec::new();
        let mut sources = BTreeMap::new();
        for (name, file) in json["files"].as_object().expect("files") {
            sources.insert(name.clone(), file["source"].as_str().unwrap_or("").into());
            for m in file["mutants"].as_array().expect("mutants") {
                mutants.push(Mutant::read(m));
            }
        }
        let test_files = json["testFiles"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, file)| {
                let ids = file["tests"].as_array().into_iter().flatten();
                let ids = ids.map(|t| t["id"].as_str().unwrap_or_default().to_owned());
                (name.clone(), ids.collect())
            })
            .collect();
        Report {
            mutants,
            sources,
            test_files,
            score: json["summary"]["score"].as_f64().expect("a score"),
            json,
        }
    }

    /// The one mutant whose id ends with `suffix`.
    pub fn mutant(&self, suffix: &str) -> &Mutant {
        let mut found = self.mutants.iter().filter(|m| m.id.ends_with(suffix));
        let m = found.next().unwrap_or_else(|| panic!("no mutant {suffix}"));
        assert!(found.next().is_none(), "more than one mutant {suffix}");
        m
    }

    pub fn in_file<'a>(&'a self, file: &'a str) -> impl Iterator<Item = &'a Mutant> + 'a {
        self.mutants.iter().filter(move |m| m.file == file)
    }
}

/// The mutants `--list --json` printed.
pub fn listed(stdout: &[u8]) -> Vec<Mutant> {
    let list: Vec<Value> = serde_json::from_slice(stdout).expect("--list --json prints JSON");
    list.iter().map(Mutant::read).collect()
}
