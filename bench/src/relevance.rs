//! `relevance`: commit-relevant mutants on a real change that nobody here wrote. Two
//! consecutive published versions of one registry crate are committed as "before" and
//! "after" in a scratch git repository; the driver runs over the after commit with
//! `--all-items`, first whole (cold, to warm the build; then again, warm), then with
//! `--since HEAD~1 --relevance` (cold for the version before; then again, warm). Printed:
//! mutants in total, on changed lines (modification) and relevant (and how many of those
//! are off the changed lines), rMS, mMS and MS, relevant survivors, and the relevance run's
//! cost against the warm whole run.

use crate::report_json;
use crate::versus::{self, tools};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// The change BENCHMARKS.md reports.
pub const DEFAULT_PAIR: &str = "strsim@0.9.2,strsim@0.9.3";

pub fn run(before: &(String, String), after: &(String, String), work: &Path) -> Result<(), String> {
    if before.0 != after.0 {
        return Err(format!(
            "relevance compares two versions of one crate, not {} and {}",
            before.0, after.0
        ));
    }
    let driver = tools::build_driver()?;
    // One fetch each: one manifest cannot depend on two versions of a crate.
    let base = work.join(format!("{}-{}..{}", after.0, before.1, after.1));
    let old = versus::fetch(std::slice::from_ref(before), &base.join("fetch-before"))?;
    let new = versus::fetch(std::slice::from_ref(after), &base.join("fetch-after"))?;
    let repo = base.join("repo");
    commit_versions(&repo, &old[0], &new[0], before, after)?;
    let whole_out = base.join("whole-out");
    let since_out = base.join("since-out");
    let relevance_out = base.join("relevance-out");
    let mut whole = Vec::new();
    let mut since = Vec::new();
    let mut relevant = Vec::new();
    for round in 0..2 {
        eprintln!("== round {}: whole run", round + 1);
        whole.push(drive(&driver, &repo, &whole_out, &[])?);
        eprintln!("== round {}: plain --since run", round + 1);
        since.push(drive(&driver, &repo, &since_out, &["--since", "HEAD~1"])?);
        eprintln!("== round {}: relevance run", round + 1);
        relevant.push(drive(
            &driver,
            &repo,
            &relevance_out,
            &["--since", "HEAD~1", "--relevance"],
        )?);
    }
    let report = report_json::read(&relevance_out.join("report.json"))?;
    print(before, after, &report, [&whole, &since, &relevant]);
    Ok(())
}

/// A git repository whose first commit is `old`'s sources and whose second is `new`'s.
fn commit_versions(
    repo: &Path,
    old: &Path,
    new: &Path,
    before: &(String, String),
    after: &(String, String),
) -> Result<(), String> {
    versus::fresh_copy(old, repo)?;
    std::fs::write(repo.join(".gitignore"), "/target\n/Cargo.lock\n").map_err(|e| e.to_string())?;
    // The registry's own record of the package, not its source.
    let _ = std::fs::remove_file(repo.join(".cargo_vcs_info.json"));
    git(repo, &["init", "-q"])?;
    git(repo, &["add", "-A"])?;
    git(
        repo,
        &["commit", "-q", "-m", &format!("{} {}", before.0, before.1)],
    )?;
    // The tree of the second version: everything but .git replaced.
    for entry in std::fs::read_dir(repo).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.file_name().is_some_and(|n| n == ".git") {
            continue;
        }
        if path.is_dir() {
            std::fs::remove_dir_all(&path).map_err(|e| e.to_string())?;
        } else {
            std::fs::remove_file(&path).map_err(|e| e.to_string())?;
        }
    }
    let staged = repo.with_extension("next");
    versus::fresh_copy(new, &staged)?;
    for entry in std::fs::read_dir(&staged).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let to = repo.join(path.file_name().expect("entries have names"));
        std::fs::rename(&path, &to).map_err(|e| e.to_string())?;
    }
    std::fs::remove_dir_all(&staged).map_err(|e| e.to_string())?;
    std::fs::write(repo.join(".gitignore"), "/target\n/Cargo.lock\n").map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(repo.join(".cargo_vcs_info.json"));
    git(repo, &["add", "-A"])?;
    git(
        repo,
        &["commit", "-q", "-m", &format!("{} {}", after.0, after.1)],
    )?;
    let stat = git(repo, &["diff", "--stat", "HEAD~1"])?;
    eprintln!("{stat}");
    Ok(())
}

fn git(dir: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new("git")
        .args([
            "-c",
            "user.name=bench",
            "-c",
            "user.email=bench@example.invalid",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!(
            "git {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// One driver run with `--all-items` over the repository, output in `out`: its seconds
/// in total and after the build (from its report).
fn drive(driver: &Path, repo: &Path, out: &Path, extra: &[&str]) -> Result<(f64, f64), String> {
    let seconds = tools::run_all_items(driver, repo, extra, out, &out.join("run.log"))?;
    let report = report_json::read(&out.join("report.json"))?;
    let build = report["seconds"]["build"].as_f64().unwrap_or(0.0);
    Ok((seconds, seconds - build))
}

fn print(
    before: &(String, String),
    after: &(String, String),
    report: &Value,
    [whole, since, relevant]: [&[(f64, f64)]; 3],
) {
    let r = &report["relevance"];
    let score = |key: &str| {
        let s = &r["scores"][key];
        format!(
            "{} ({}/{})",
            s["score"]
                .as_f64()
                .map_or("n/a".to_owned(), |v| format!("{v:.1}%")),
            s["detected"],
            s["total"]
        )
    };
    println!(
        "\n{} {} -> {}: commit-relevant mutants (--all-items)",
        after.0, before.1, after.1
    );
    let m = &r["mutants"];
    println!(
        "mutants judged {}, on changed lines (modification) {}, relevant {} ({} off the changed lines)",
        m["judged"], m["modification"], m["relevant"], m["relevantOffChangedLines"]
    );
    println!(
        "rMS {}   mMS {}   MS {}",
        score("relevant"),
        score("modification"),
        score("all")
    );
    let survivors: Vec<&str> = report_json::mutants(report)
        .filter(|m| m["relevantBecause"].is_object() && m["status"] == "Survived")
        .filter_map(|m| m["id"].as_str())
        .collect();
    println!("relevant survivors: {}", survivors.len());
    for id in survivors {
        println!("  {id}");
    }
    println!(
        "new tests (only after): {}",
        r["newTests"].as_array().map_or(0, Vec::len)
    );
    let cost = &r["cost"];
    println!(
        "| run | total s | after the build s |\n| --- | --- | --- |\n\
         | whole, cold | {:.1} | {:.1} |\n| whole, warm | {:.1} | {:.1} |\n\
         | plain --since, warm | {:.1} | {:.1} |\n\
         | relevance, cold before | {:.1} | {:.1} |\n| relevance, warm | {:.1} | {:.1} |",
        whole[0].0,
        whole[0].1,
        whole[1].0,
        whole[1].1,
        since[1].0,
        since[1].1,
        relevant[0].0,
        relevant[0].1,
        relevant[1].0,
        relevant[1].1
    );
    println!(
        "warm relevance run / warm plain --since run: {:.2}x; / warm whole run: {:.2}x; of the warm relevance run: building {} {:.1} s, {} traced test runs {:.1} s",
        relevant[1].0 / since[1].0,
        relevant[1].0 / whole[1].0,
        before.1,
        cost["buildSeconds"].as_f64().unwrap_or(0.0),
        cost["testRuns"],
        cost["runSeconds"].as_f64().unwrap_or(0.0)
    );
}
