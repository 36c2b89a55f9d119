//! `suggestions`: `--suggest-tests` on crates of the registry. Per crate, one run of the
//! driver with `--all-items --suggest-tests`: survivors per diagnosis and how many got a
//! verified test, the reasons the others got none, what the suggestions cost; then the
//! suggested file pasted into the crate's own tree as `tests/mutate_suggested.rs` and run
//! with a plain `cargo test`: whether it compiles there, and how many of its tests pass.

use crate::versus::{self, tools};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

/// Seven crates of the corpus and the popular crates with survivors: parsers, encoders,
/// text.
pub const DEFAULT: &str = "semver@1.0.28,itoa@1.0.19,percent-encoding@2.3.2,\
textwrap@0.16.4,heck@0.5.0,hex@0.4.3,either@1.19.0";

struct Row {
    name: String,
    /// Survivors and those with a test, by diagnosis.
    by_diagnosis: BTreeMap<String, (usize, usize)>,
    tests: usize,
    /// Why survivors got no test (the reason's first words), and how many.
    reasons: BTreeMap<String, usize>,
    /// The pasted file: it compiled, its tests passed, its tests.
    pasted: (bool, usize, usize),
    suggest_seconds: f64,
    run_seconds: f64,
}

pub fn run(crates: &[(String, String)], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let (tree, _) = tools::tested_copy(source, &base, "suggestions", &versus::settings(name))?;
        let out = base.join("suggestions-run");
        std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
        let log = out.join("run.log");
        let run_seconds = tools::run_all_items(&driver, &tree, &["--suggest-tests"], &out, &log)?;
        let log_text = std::fs::read_to_string(&log).unwrap_or_default();
        let report = crate::report_json::read(&out.join("report.json"))?;
        let mut by_diagnosis: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        let mut tests = std::collections::BTreeSet::new();
        for m in crate::report_json::mutants(&report) {
            if m["status"] != "Survived" || m["duplicateOf"].is_string() {
                continue;
            }
            let diagnosis = m["diagnosis"]["category"]
                .as_str()
                .unwrap_or("none")
                .to_owned();
            let entry = by_diagnosis.entry(diagnosis).or_default();
            entry.0 += 1;
            if let Some(name) = m["suggestedTestName"].as_str() {
                entry.1 += 1;
                tests.insert(name.to_owned());
            } else if let Some(why) = m["noSuggestedTest"].as_str() {
                *reasons.entry(reason_key(why)).or_default() += 1;
            }
        }
        let pasted = paste(&tree, &out, &base)?;
        rows.push(Row {
            name: format!("{name} {version}"),
            by_diagnosis,
            tests: tests.len(),
            reasons,
            pasted,
            suggest_seconds: suggest_seconds(&log_text),
            run_seconds,
        });
    }
    print(&rows);
    Ok(())
}

/// A unit test's place inside a test module, as the unit file names it (`the test module
/// of src/x.rs that ends at line 435`): the file, and the line of the module's closing
/// brace, before which the test goes.
fn unit_place(place: &str) -> Option<(&str, usize)> {
    let rest = place.strip_prefix("the test module of ")?;
    let (source, line) = rest.rsplit_once(" that ends at line ")?;
    Some((source, line.parse().ok()?))
}

/// A reason's kind: its words up to the first colon or parenthesis.
fn reason_key(why: &str) -> String {
    why.split([':', '('])
        .next()
        .unwrap_or(why)
        .trim()
        .to_owned()
}

/// The suggested files pasted into `tree` as a user would (the integration tests as
/// `tests/mutate_suggested.rs`, each unit tests' module at the end of the file it names)
/// and run by a plain `cargo test`: (everything compiled, tests passed, tests pasted).
fn paste(tree: &Path, out: &Path, base: &Path) -> Result<(bool, usize, usize), String> {
    let integration = std::fs::read_to_string(out.join("suggested_tests.rs")).ok();
    let unit = std::fs::read_to_string(out.join("suggested_unit_tests.rs")).ok();
    let tests = [&integration, &unit]
        .iter()
        .filter_map(|f| f.as_ref())
        .map(|f| f.matches("#[test]").count())
        .sum();
    let mut runs: Vec<Vec<&str>> = Vec::new();
    if let Some(file) = &integration {
        let target = tree.join("tests").join("mutate_suggested.rs");
        std::fs::create_dir_all(target.parent().unwrap()).map_err(|e| e.to_string())?;
        std::fs::write(&target, file).map_err(|e| e.to_string())?;
        // A published crate's manifest lists its tests (`autotests = false`): the file
        // gets its entry, as a user of such a manifest would add it.
        let manifest = tree.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
        if text.contains("autotests = false") && !text.contains("\"mutate_suggested\"") {
            let entry =
                "\n[[test]]\nname = \"mutate_suggested\"\npath = \"tests/mutate_suggested.rs\"\n";
            std::fs::write(&manifest, format!("{text}{entry}")).map_err(|e| e.to_string())?;
        }
        runs.push(vec!["test", "--test", "mutate_suggested"]);
    }
    if let Some(file) = &unit {
        // Inside a test module, the lowest first: the lines named above stay true.
        let mut sections: Vec<(String, Option<usize>, &str)> = file
            .split("// ---- at the end of ")
            .skip(1)
            .filter_map(|section| {
                let (place, module) = section.split_once(" ----\n")?;
                Some(match unit_place(place) {
                    Some((source, line)) => (source.to_owned(), Some(line), module),
                    None => (place.to_owned(), None, module),
                })
            })
            .collect();
        sections.sort_by_key(|(_, line, _)| std::cmp::Reverse(*line));
        for (source, line, module) in sections {
            let path = tree.join(source);
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            let text = match line {
                Some(line) => {
                    let mut lines: Vec<&str> = text.lines().collect();
                    lines.insert(line.saturating_sub(1).min(lines.len()), module);
                    lines.join("\n") + "\n"
                }
                None => format!("{text}\n{module}"),
            };
            std::fs::write(&path, text).map_err(|e| e.to_string())?;
        }
        runs.push(vec!["test", "--lib", "mutate_suggested::"]);
    }
    let (mut compiled, mut passed) = (true, 0);
    for (i, args) in runs.iter().enumerate() {
        let log = base.join(format!("suggestions-pasted-{i}.log"));
        tools::timed(Command::new("cargo").args(args).current_dir(tree), &log)?;
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        // Compiled: it ran (a result line), whether or not each test passed.
        compiled &= text.contains("test result: ");
        passed += text.lines().filter(|l| l.ends_with(" ... ok")).count();
    }
    Ok((compiled, passed, tests))
}

/// The suggestions' seconds from the run's note: "… kill N survivors (T s): …".
fn suggest_seconds(log: &str) -> f64 {
    let Some(line) = log
        .lines()
        .find(|l| l.contains("suggested test") || l.starts_with("No test suggested"))
    else {
        return 0.0;
    };
    line.rsplit_once('(')
        .and_then(|(_, rest)| rest.split_once("s)"))
        .and_then(|(seconds, _)| seconds.parse().ok())
        .unwrap_or(0.0)
}

fn print(rows: &[Row]) {
    const SHOWN: [(&str, &str); 4] = [
        ("weak_oracle", "weak oracle"),
        ("no_propagation", "no propagation"),
        ("no_infection", "no infection"),
        ("chance", "chance"),
    ];
    print!("\n| crate | survivors |");
    for (_, label) in SHOWN {
        print!(" {label} |");
    }
    println!(" other | tests | pasted: compiles, passed | suggesting | whole run |");
    println!("|{}", " --- |".repeat(2 + SHOWN.len() + 5));
    let mut totals: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for r in rows {
        let survivors: usize = r.by_diagnosis.values().map(|(n, _)| n).sum();
        print!("| {} | {survivors} |", r.name);
        for (key, _) in SHOWN {
            let (n, with) = r.by_diagnosis.get(key).copied().unwrap_or_default();
            print!(" {with}/{n} |");
        }
        let other = r
            .by_diagnosis
            .iter()
            .filter(|(k, _)| !SHOWN.iter().any(|(s, _)| s == k))
            .fold((0, 0), |(a, b), (_, (n, w))| (a + n, b + w));
        print!(" {}/{} |", other.1, other.0);
        println!(
            " {} | {}, {}/{} | {:.1} s | {:.0} s |",
            r.tests,
            if r.pasted.0 { "yes" } else { "no" },
            r.pasted.1,
            r.pasted.2,
            r.suggest_seconds,
            r.run_seconds
        );
        for (k, (n, w)) in &r.by_diagnosis {
            let t = totals.entry(k.clone()).or_default();
            t.0 += n;
            t.1 += w;
        }
    }
    println!("\nAll crates, survivors with a verified test by diagnosis:");
    for (k, (n, w)) in &totals {
        let share = if *n == 0 {
            0.0
        } else {
            100.0 * *w as f64 / *n as f64
        };
        println!("- {k}: {w} of {n} ({share:.0}%)");
    }
    println!("\nWhy the others got none:");
    for r in rows {
        let reasons: Vec<String> = r.reasons.iter().map(|(k, n)| format!("{n} {k}")).collect();
        println!("- {}: {}", r.name, reasons.join("; "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_test_module_place_names_its_file_and_closing_line() {
        assert_eq!(
            unit_place("the test module of src/columns.rs that ends at line 248"),
            Some(("src/columns.rs", 248))
        );
        assert_eq!(unit_place("src/columns.rs"), None);
    }
}
