//! `scale`: whole runs of large crates of the registry (`--crates`; default the corpus'
//! crates with 3,000 mutants or more) and of workspaces checked out by the user
//! (`--workspace-at DIR`, every member: `--workspace`), and how they grow: per run the mutants, the
//! time of each phase, the driver's and the largest fork server's peak memory (from
//! `report.json`), the size of `report.json` and of the HTML report, and how right the
//! time left was halfway through the mutant phase (the plain progress line nearest half
//! its time, against the time it then took).

use crate::versus::{self, tools};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The corpus' crates with 3,000 to 20,000 mutants, the shortest runs first.
pub const DEFAULT: &str = "regex-syntax@0.8.12,itertools@0.15.0,serde_json@1.0.145,\
aho-corasick@1.1.5,time@0.3.55";

struct Row {
    name: String,
    mutants: usize,
    wall: f64,
    exit: Option<i32>,
    phases: Vec<(String, f64)>,
    driver_kib: Option<u64>,
    server_kib: Option<u64>,
    report_bytes: u64,
    html_bytes: u64,
    halfway: Option<Halfway>,
}

/// The progress line nearest half the mutant phase: when it was said, the time left it
/// said, and the time the phase then took.
#[derive(Debug, PartialEq)]
struct Halfway {
    at: f64,
    said: f64,
    took: f64,
}

impl Halfway {
    /// How far the time left it said was from the time left, as a share of that.
    fn error(&self) -> f64 {
        (self.said - self.took) / self.took
    }
}

/// The registry crates to run: those named, else the default list unless workspaces are
/// given (`--workspace-at` alone runs only its workspaces).
pub fn crate_list(named: Option<&str>, workspaces: usize) -> Option<&str> {
    match named {
        Some(list) => Some(list),
        None if workspaces == 0 => Some(DEFAULT),
        None => None,
    }
}

pub fn run(crates: &[(String, String)], workspaces: &[PathBuf], work: &Path) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let sources = versus::fetch(crates, work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        let base = work.join(format!("{name}-{version}"));
        let settings = versus::settings(name);
        rows.push(measure(
            &driver,
            format!("{name} {version}"),
            source,
            &settings.args(),
            &base,
        )?);
    }
    for checkout in workspaces {
        let dir = checkout
            .file_name()
            .map_or("workspace".into(), |n| n.to_string_lossy().into_owned());
        let name = match commit_of(checkout) {
            Some(commit) => format!("{dir} at {commit}"),
            None => dir.clone(),
        };
        eprintln!("== {name}");
        let mut args = vec!["--workspace"];
        args.extend(versus::settings(&dir).args());
        rows.push(measure(
            &driver,
            name,
            checkout,
            &args,
            &work.join(format!("{dir}-workspace")),
        )?);
    }
    print(&rows);
    Ok(())
}

/// One whole `--all-items` run over a fresh copy of `source` in `base/scale` (without
/// the source's own build, so that a checkout's build starts as cold as a registry
/// crate's), its output in `base/scale-out`, read into a row.
fn measure(
    driver: &Path,
    name: String,
    source: &Path,
    args: &[&str],
    base: &Path,
) -> Result<Row, String> {
    let tree = base.join("scale");
    versus::fresh_copy(source, &tree)?;
    let _ = std::fs::remove_dir_all(tree.join("target"));
    let out = base.join("scale-out");
    let log = out.join("run.log");
    let (wall, exit) = tools::timed_all_items(driver, &tree, args, &out, &log)?;
    let report = crate::report_json::read(&out.join("report.json"))?;
    let mutant_seconds = report["seconds"]["mutants"].as_f64().unwrap_or(0.0);
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let size = |file: &str| std::fs::metadata(out.join(file)).map_or(0, |m| m.len());
    let row = Row {
        name,
        mutants: crate::report_json::mutants(&report).count(),
        wall,
        exit,
        phases: phases(&report["seconds"]),
        driver_kib: report["peakMemory"]["driverKiB"].as_u64(),
        server_kib: report["peakMemory"]["forkServerKiB"].as_u64(),
        report_bytes: size("report.json"),
        html_bytes: size("report.html"),
        halfway: halfway(&text, mutant_seconds),
    };
    // The copy's build is what fills the disk; the report stays.
    let _ = std::fs::remove_dir_all(tree.join("target"));
    Ok(row)
}

/// The checkout's commit, abbreviated, for the row's name (none outside git).
fn commit_of(checkout: &Path) -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .current_dir(checkout)
        .output()
        .ok()?;
    let commit = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (out.status.success() && !commit.is_empty()).then_some(commit)
}

/// Each phase's seconds in `report.json`'s `seconds`, in the order the run takes them.
fn phases(seconds: &serde_json::Value) -> Vec<(String, f64)> {
    const ORDER: &[&str] = &[
        "expansion",
        "build",
        "baseline",
        "coverageAndProbe",
        "mutants",
        "tracing",
        "constants",
        "suggesting",
        "total",
    ];
    let Some(all) = seconds.as_object() else {
        return Vec::new();
    };
    let mut phases: Vec<(String, f64)> = all
        .iter()
        .filter_map(|(name, s)| Some((name.clone(), s.as_f64()?)))
        .collect();
    let rank = |name: &str| {
        ORDER
            .iter()
            .position(|o| *o == name)
            .unwrap_or(ORDER.len() - 1)
    };
    phases.sort_by_key(|(name, _)| rank(name));
    phases
}

/// The progress line (`Mutants 1200 of 3000 done in 4m 10s, about 6m 05s left`) said
/// nearest half of the mutant phase's `seconds`.
fn halfway(log: &str, seconds: f64) -> Option<Halfway> {
    log.lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("Mutants ")?;
            let (_, rest) = rest.split_once(" done in ")?;
            let (at, rest) = rest.split_once(", about ")?;
            let said = rest.strip_suffix(" left")?;
            Some((read_duration(at)?, read_duration(said)?))
        })
        .min_by(|a, b| {
            let off = |at: f64| (at - seconds / 2.0).abs();
            off(a.0).total_cmp(&off(b.0))
        })
        .map(|(at, said)| Halfway {
            at,
            said,
            took: seconds - at,
        })
}

/// A duration as the driver writes it (`35s`, `4m 10s`, `1h 05m`), in seconds.
fn read_duration(text: &str) -> Option<f64> {
    text.split_whitespace()
        .map(|part| {
            let unit = part.chars().last()?;
            let n: f64 = part[..part.len() - 1].parse().ok()?;
            match unit {
                'h' => Some(n * 3600.0),
                'm' => Some(n * 60.0),
                's' => Some(n),
                _ => None,
            }
        })
        .sum()
}

fn print(rows: &[Row]) {
    println!(
        "\n| crate | mutants | wall | exit | phases | driver peak | fork server peak | report.json | HTML | time left halfway: said, took, off |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mib =
        |kib: Option<u64>| kib.map_or("?".into(), |k| format!("{:.0} MiB", k as f64 / 1024.0));
    for r in rows {
        let phases: Vec<String> = r
            .phases
            .iter()
            .map(|(name, s)| format!("{name} {s:.0} s"))
            .collect();
        let halfway = match &r.halfway {
            Some(h) => format!(
                "at {:.0} s: {:.0} s, {:.0} s, {:+.0}%",
                h.at,
                h.said,
                h.took,
                h.error() * 100.0
            ),
            None => "no line (a phase under a minute)".into(),
        };
        println!(
            "| {} | {} | {:.0} s | {:?} | {} | {} | {} | {:.1} MB | {:.1} MB | {halfway} |",
            r.name,
            r.mutants,
            r.wall,
            r.exit,
            phases.join(", "),
            mib(r.driver_kib),
            mib(r.server_kib),
            r.report_bytes as f64 / 1e6,
            r.html_bytes as f64 / 1e6,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workspace_alone_runs_no_registry_crate() {
        assert_eq!(crate_list(None, 0), Some(DEFAULT));
        assert_eq!(crate_list(None, 1), None);
        assert_eq!(crate_list(Some("semver@1.0.28"), 1), Some("semver@1.0.28"));
    }

    #[test]
    fn durations_read_back_as_the_driver_writes_them() {
        assert_eq!(read_duration("35s"), Some(35.0));
        assert_eq!(read_duration("4m 10s"), Some(250.0));
        assert_eq!(read_duration("1h 05m"), Some(3900.0));
        assert_eq!(read_duration("soon"), None);
    }

    #[test]
    fn the_line_nearest_half_the_phase_is_taken() {
        let log = "   Mutants 10 of 100 done in 30s, about 4m 30s left\n\
                   KILLED x\n\
                   Mutants 50 of 100 done in 2m 30s, about 2m 00s left\n\
                   Mutants 90 of 100 done in 4m 30s, about 30s left\n";
        let h = halfway(log, 300.0).unwrap();
        assert_eq!(
            h,
            Halfway {
                at: 150.0,
                said: 120.0,
                took: 150.0
            }
        );
        assert!((h.error() + 0.2).abs() < 1e-9);
        assert_eq!(halfway("", 300.0), None);
    }
}
