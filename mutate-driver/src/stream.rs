//! `--message-format json`: what the run does, as it does it, one JSON object per line on
//! stdout, for editors and dashboards (as `cargo --message-format json` and nextest's
//! libtest JSON are read). Every line has `"type"` and `"version"` ([`VERSION`], raised
//! when a field changes meaning or goes; fields may be added within a version):
//!
//! - `{"type": "phase", "phase": "build" | "Baseline" | "Mutants" | .., "total": N}` as a
//!   phase starts (`total`: how many items it has, where it counts any);
//! - `{"type": "mutant", "id", "file", "line", "status", "statusReason", "test", "seconds"}`
//!   as a mutant's verdict is taken: `status` as in `report.json`, `test` the test that
//!   detected it (else `null`), `seconds` its runs' time. A later line for the same id
//!   supersedes an earlier one (a survivor of its covering tests that its test binary,
//!   run whole, then kills); at the end every mutant whose last line does not say its
//!   final status gets one, so the last line per id equals `report.json`'s status;
//! - `{"type": "summary", "total", "killed", .., "score", "coveredScore", "seconds",
//!   "reports"}` last.

use crate::outcome::Status;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Write;

/// The stream's format version.
pub const VERSION: u32 = 1;

/// A mutant whose verdict was just taken.
pub struct Ended<'a> {
    pub id: &'a str,
    pub file: &'a str,
    pub line: u32,
    pub status: Status,
    pub reason: &'a str,
    /// The test that detected it.
    pub test: Option<String>,
    pub seconds: f64,
}

/// The stream, or nothing when stdout carries the report's text.
pub struct Stream {
    on: bool,
    /// The status each mutant's last line said.
    said: HashMap<String, &'static str>,
}

impl Stream {
    pub fn new(on: bool) -> Self {
        Stream {
            on,
            said: HashMap::new(),
        }
    }

    pub fn is_on(&self) -> bool {
        self.on
    }

    pub fn phase(&mut self, phase: &str, total: Option<usize>) {
        self.line(json!({ "type": "phase", "phase": phase, "total": total }));
    }

    pub fn mutant(&mut self, ended: &Ended) {
        if !self.on {
            return;
        }
        let status = ended.status.schema_name();
        self.said.insert(ended.id.to_owned(), status);
        self.line(json!({
            "type": "mutant",
            "id": ended.id,
            "file": ended.file,
            "line": ended.line,
            "status": status,
            "statusReason": ended.reason,
            "test": ended.test,
            "seconds": ended.seconds,
        }));
    }

    /// Whether the last line for `id` said `status`.
    pub fn said(&self, id: &str, status: Status) -> bool {
        self.said.get(id) == Some(&status.schema_name())
    }

    pub fn summary(&mut self, summary: Value) {
        let mut line = json!({ "type": "summary" });
        if let (Some(line), Value::Object(fields)) = (line.as_object_mut(), summary) {
            line.extend(fields);
        }
        self.line(line);
    }

    fn line(&mut self, mut value: Value) {
        if !self.on {
            return;
        }
        value["version"] = json!(VERSION);
        let mut out = std::io::stdout().lock();
        // A reader that went away ends nothing: the run goes on to its reports.
        let _ = writeln!(out, "{value}");
        let _ = out.flush();
    }
}
