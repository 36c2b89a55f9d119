//! `operators`: what the standard library's family (the `method` group: twins, `.rev()`,
//! orderings; and `arm_order`) adds on crates of the corpus, beside the other operators.
//! Each crate is run once with `--all-items` and every operator; printed per crate and in
//! all: the family's mutants, how many are unviable (their code does not build, or their
//! replacement does not exist for the types at hand), and the share of the viable ones the
//! crate's tests detect, beside the same for every other operator; then each of the
//! family's operators over all crates.

use crate::report_json;
use crate::versus::{self, tools};
use std::path::Path;

/// The family's operators: the `method` group, and the swap of match arms.
const FAMILY: [&str; 4] = ["swap_method", "reverse", "ordering", "arm_order"];

#[derive(Default, Clone, Copy)]
struct Counts {
    mutants: usize,
    unviable: usize,
    detected: usize,
    /// Detected or survived (not unviable, not ignored, not uncovered).
    judged: usize,
}

impl Counts {
    fn add(&mut self, status: &str) {
        self.mutants += 1;
        match status {
            "CompileError" => self.unviable += 1,
            "Killed" | "Timeout" => {
                self.detected += 1;
                self.judged += 1;
            }
            "Survived" => self.judged += 1,
            _ => {}
        }
    }

    fn merge(&mut self, other: Counts) {
        self.mutants += other.mutants;
        self.unviable += other.unviable;
        self.detected += other.detected;
        self.judged += other.judged;
    }

    fn row(&self) -> String {
        let percent = |part: usize, whole: usize| match whole {
            0 => "-".to_owned(),
            _ => format!("{:.0}%", 100.0 * part as f64 / whole as f64),
        };
        format!(
            "{:>7} {:>9} {:>9}",
            self.mutants,
            percent(self.unviable, self.mutants),
            percent(self.detected, self.judged)
        )
    }
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    println!(
        "{:<24} {:>7} {:>9} {:>9}   {:>7} {:>9} {:>9}",
        "crate", "family", "unviable", "detected", "others", "unviable", "detected"
    );
    let (mut all_method, mut all_others) = (Counts::default(), Counts::default());
    let mut by_operator = [Counts::default(); FAMILY.len()];
    for ((name, version), source) in crates.iter().zip(&sources) {
        let base = work.join(format!("{name}-{version}"));
        let tree = base.join("operators");
        let out = base.join("operators-out");
        versus::fresh_copy(source, &tree)?;
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        eprintln!("== {name} {version}");
        tools::run_all_items(&driver, &tree, &[], &out, &out.join("run.log"))?;
        let json = report_json::read(&out.join("report.json"))?;
        let (mut method, mut others) = (Counts::default(), Counts::default());
        for m in report_json::mutants(&json) {
            let status = m["status"].as_str().unwrap_or("?");
            let operator = m["mutatorName"].as_str().unwrap_or("");
            match FAMILY.iter().position(|f| *f == operator) {
                Some(i) => {
                    method.add(status);
                    by_operator[i].add(status);
                }
                None => others.add(status),
            }
        }
        println!(
            "{:<24} {}   {}",
            format!("{name} {version}"),
            method.row(),
            others.row()
        );
        all_method.merge(method);
        all_others.merge(others);
    }
    println!("{:<24} {}   {}", "all", all_method.row(), all_others.row());
    println!();
    println!(
        "{:<24} {:>7} {:>9} {:>9}",
        "operator", "mutants", "unviable", "detected"
    );
    for (name, counts) in FAMILY.iter().zip(by_operator) {
        println!("{name:<24} {}", counts.row());
    }
    Ok(())
}
