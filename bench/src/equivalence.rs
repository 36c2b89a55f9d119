//! `equivalence`: on crates of the registry, two consecutive runs of the driver with
//! `--all-items`, the second with `--equivalence`: how many survivors are proven
//! equivalent, how many compile to another's code (duplicates), how many are not compared,
//! what the optimised builds cost against the mutant phase, and whether the two runs gave
//! every other mutant the same status and diagnosis (the repeatability a CI gate needs).

use crate::versus::{self, tools};
use std::collections::BTreeMap;
use std::path::Path;

struct Row {
    name: String,
    mutants: usize,
    survived: usize,
    proven: usize,
    /// Survivors whose code is another's.
    duplicates: usize,
    /// The note's figures: not compared, builds, seconds.
    note: (usize, usize, f64),
    mutant_phase: f64,
    /// Mutants whose status, then whose diagnosis, differs between the two runs (a proven
    /// equivalent counts as the survivor it was).
    differ: (Vec<String>, usize),
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let (tree, _) = tools::tested_copy(source, &base, "equivalence", &versus::settings(name))?;
        let run = |k: usize, extra: &[&str]| -> Result<(std::path::PathBuf, String), String> {
            let out = base.join(format!("equivalence-run{k}"));
            let log = out.join("run.log");
            tools::timed_all_items(&driver, &tree, extra, &out, &log)?;
            Ok((out, std::fs::read_to_string(&log).unwrap_or_default()))
        };
        let (first, _) = run(1, &[])?;
        let (second, log) = run(2, &["--equivalence"])?;
        let before = statuses(&first.join("report.json"))?;
        let after = statuses(&second.join("report.json"))?;
        fn status_of(m: &Mutant) -> &str {
            match m.equivalence {
                true => "Survived",
                false => m.status.as_str(),
            }
        }
        let differ_status: Vec<String> = after
            .iter()
            .filter(|(id, m)| before.get(*id).is_some_and(|b| b.status != status_of(m)))
            .map(|(id, m)| format!("{} -> {}: {id}", before[id].status, status_of(m)))
            .collect();
        let differ_diagnosis = after
            .iter()
            .filter(|(id, m)| {
                before
                    .get(*id)
                    .is_some_and(|b| b.status == m.status && b.diagnosis != m.diagnosis)
            })
            .count();
        rows.push(Row {
            name: format!("{name} {version}"),
            mutants: after.len(),
            survived: before.values().filter(|m| m.status == "Survived").count(),
            proven: after.values().filter(|m| m.equivalence).count(),
            duplicates: after.values().filter(|m| m.duplicate).count(),
            note: note_figures(&log),
            mutant_phase: tools::phases(&second.join("report.json")).map_or(0.0, |p| p.1),
            differ: (differ_status, differ_diagnosis),
        });
    }
    print(&rows);
    Ok(())
}

struct Mutant {
    status: String,
    diagnosis: String,
    equivalence: bool,
    duplicate: bool,
}

fn statuses(report: &Path) -> Result<BTreeMap<String, Mutant>, String> {
    let json = crate::report_json::read(report)?;
    let mut out = BTreeMap::new();
    for m in crate::report_json::mutants(&json) {
        let reason = m["statusReason"].as_str().unwrap_or_default();
        let status = match reason.starts_with("crashed") {
            true => "Crashed",
            false => m["status"].as_str().unwrap_or_default(),
        };
        let diagnosis = m["diagnosis"]["category"].as_str().unwrap_or_default();
        out.insert(
            m["id"].as_str().unwrap_or_default().to_owned(),
            Mutant {
                status: status.to_owned(),
                diagnosis: diagnosis.to_owned(),
                equivalence: m["equivalence"] == "proven",
                duplicate: m["duplicateOf"].is_string(),
            },
        );
    }
    Ok(out)
}

/// `(not compared, builds, seconds)` from the run's note: "N of M mutants compared proven
/// equivalent (K more not compared, …), in B optimised builds (T s)".
fn note_figures(log: &str) -> (usize, usize, f64) {
    let Some(line) = log.lines().find(|l| l.contains("proven equivalent")) else {
        return (0, 0, 0.0);
    };
    let number_before = |word: &str| -> Option<f64> {
        let at = line.find(word)?;
        line[..at]
            .split_whitespace()
            .last()?
            .trim_start_matches('(')
            .parse()
            .ok()
    };
    let seconds = line
        .split_once("optimised builds (")
        .and_then(|(_, rest)| rest.split_once("s)"))
        .and_then(|(seconds, _)| seconds.parse().ok())
        .unwrap_or(0.0);
    (
        number_before(" more not compared").unwrap_or(0.0) as usize,
        number_before(" optimised builds").unwrap_or(0.0) as usize,
        seconds,
    )
}

fn print(rows: &[Row]) {
    println!(
        "\n| crate | mutants | survivors | proven equivalent | duplicates | not compared | builds | equivalence | mutant phase | status differs | diagnosis differs |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for r in rows {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {:.1} s | {:.1} s | {} | {} |",
            r.name,
            r.mutants,
            r.survived,
            r.proven,
            r.duplicates,
            r.note.0,
            r.note.1,
            r.note.2,
            r.mutant_phase,
            r.differ.0.len(),
            r.differ.1
        );
    }
    for r in rows {
        for line in &r.differ.0 {
            println!("  {}: {line}", r.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::note_figures;

    #[test]
    fn the_note_gives_its_figures() {
        let log = "     note: 8 of 18 mutants compared proven equivalent (2 more not compared, \
                   not proven: no library or test compiles their code with its arguments \
                   opaque), in 19 optimised builds (41.8s)\n";
        assert_eq!(note_figures(log), (2, 19, 41.8));
        let plain =
            "     note: 1 of 3 mutants compared proven equivalent, in 5 optimised builds (2.0s)";
        assert_eq!(note_figures(plain), (0, 5, 2.0));
    }
}
