//! `parity`: how many of cargo-mutants' mutants mutate also makes, per registry crate. Both
//! tools only list (`--list --json`), nothing is run; each of cargo-mutants' mutants is
//! paired with at most one of mutate's (`matching`), and the unpaired ones are listed by
//! name so that a reader can say why each is missing.

mod listing;
mod matching;

use crate::versus::{self, tools};
use matching::{Ours, Theirs};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// `versus`'s crates, the corpus, and the command-line tools (whose code is laid out unlike
/// a library's: a `main.rs`, argument parsing, I/O).
pub fn default_crates() -> String {
    [versus::DEFAULT_CRATES, versus::CORPUS, versus::CLI_TOOLS].join(",")
}

struct Row {
    name: String,
    theirs: Vec<Theirs>,
    ours: Vec<Ours>,
    pairs: Vec<Option<matching::Pairing>>,
}

impl Row {
    fn matched(&self) -> usize {
        self.pairs.iter().flatten().count()
    }

    fn percent(&self) -> f64 {
        100.0 * self.matched() as f64 / self.theirs.len().max(1) as f64
    }

    fn unmatched(&self) -> impl Iterator<Item = &Theirs> {
        self.theirs
            .iter()
            .zip(&self.pairs)
            .filter(|(_, p)| p.is_none())
            .map(|(t, _)| t)
    }

    fn to_json(&self) -> Value {
        let paired = || {
            self.pairs
                .iter()
                .zip(&self.theirs)
                .filter_map(|(p, t)| Some((p.as_ref()?, t)))
        };
        let same_column = paired()
            .filter(|(p, t)| !p.by_function_span && self.ours[p.ours].column == t.column)
            .count();
        let mut statuses = BTreeMap::<&str, usize>::new();
        for (p, _) in paired() {
            *statuses.entry(&self.ours[p.ours].status).or_default() += 1;
        }
        json!({
            "crate": self.name,
            "cargoMutants": self.theirs.len(),
            "matched": self.matched(),
            "percentMatched": self.percent(),
            "mutate": self.ours.len(),
            "matchedSameColumn": same_column,
            "matchedByFunctionSpan": paired().filter(|(p, _)| p.by_function_span).count(),
            "matchedByStatus": statuses,
            "unmatched": self.unmatched().map(|t| &t.name).collect::<Vec<_>>(),
        })
    }
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    tools::ensure_cargo_mutants()?;
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        match measure(&driver, source, &work.join(format!("{name}-{version}"))) {
            Ok((theirs, ours)) => {
                let pairs = matching::pair(&theirs, &ours);
                rows.push(Row {
                    name: format!("{name} {version}"),
                    theirs,
                    ours,
                    pairs,
                });
            }
            // One crate that fails to list leaves the others' figures standing.
            Err(why) => failed.push(format!("{name} {version}: {why}")),
        }
    }
    print(&rows);
    let report = work.join("parity.json");
    let json = json!({
        "cargoMutantsVersion": tools::CARGO_MUTANTS_VERSION,
        "crates": rows.iter().map(Row::to_json).collect::<Vec<_>>(),
        "failed": failed,
    });
    let text = serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?;
    std::fs::write(&report, text + "\n").map_err(|e| format!("{}: {e}", report.display()))?;
    println!("\n(written to {})", report.display());
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("not listed: {}", failed.join("; ")))
    }
}

/// Both tools' lists for the crate, from one fresh copy in `base/parity`; the copy's build
/// is deleted after, since over a whole corpus the builds fill the disk.
fn measure(driver: &Path, source: &Path, base: &Path) -> Result<(Vec<Theirs>, Vec<Ours>), String> {
    let tree = base.join("parity");
    versus::fresh_copy(source, &tree)?;
    let theirs = listing::cargo_mutants(&tree, base);
    let ours = listing::ours(driver, &tree, base);
    let target = tree.join("target");
    if target.exists() {
        std::fs::remove_dir_all(&target).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok((
        theirs?.iter().map(Theirs::from_json).collect(),
        ours?.iter().map(Ours::from_json).collect(),
    ))
}

fn print(rows: &[Row]) {
    println!(
        "cargo-mutants {} mutants (--list) that mutate --all-items also makes",
        tools::CARGO_MUTANTS_VERSION
    );
    println!(
        "{:<24} {:>13} {:>8} {:>9} {:>7}",
        "crate", "cargo-mutants", "matched", "% matched", "mutate"
    );
    let line = |name: &str, theirs: usize, matched: usize, ours: usize| {
        let percent = 100.0 * matched as f64 / theirs.max(1) as f64;
        println!("{name:<24} {theirs:>13} {matched:>8} {percent:>8.1}% {ours:>7}");
    };
    for r in rows {
        line(&r.name, r.theirs.len(), r.matched(), r.ours.len());
    }
    if rows.len() > 1 {
        let sum = |f: fn(&Row) -> usize| rows.iter().map(f).sum::<usize>();
        line(
            "total",
            sum(|r| r.theirs.len()),
            sum(Row::matched),
            sum(|r| r.ours.len()),
        );
    }
    for r in rows {
        let unmatched: Vec<&Theirs> = r.unmatched().collect();
        if unmatched.is_empty() {
            continue;
        }
        println!("\n{}: {} not made by mutate", r.name, unmatched.len());
        for t in unmatched {
            println!("  {:<16} {}", t.genre, t.name);
        }
    }
}
