//! `chart`: the clean runs `versus` kept in `--work`, as a chart of each tool's whole-run
//! wall time against the crate's mutants × covering test time (`work.rs`), log–log, one
//! point per crate per tool, written as SVG and printed as a table.

mod log_axis;
mod svg;
mod work;

use crate::versus::kept::{self, Kept};
use std::path::{Path, PathBuf};
use svg::{Point, Tool};

pub fn run(work_dir: &Path, out: Option<PathBuf>) -> Result<(), String> {
    let crates = Kept::all_in(work_dir)?;
    if crates.is_empty() {
        return Err(format!(
            "no crate in {} has a {}: run `versus` with this --work first",
            work_dir.display(),
            kept::FILE
        ));
    }
    let mut points = Vec::new();
    println!(
        "{:<24} {:>13} {:>10} {:>12} {:>10} {:>10} {:>11} {:>11}",
        "crate",
        "mutants cm/us",
        "work (s)",
        "runs/untimed",
        "cm wall",
        "us wall",
        "cm / work",
        "us / work"
    );
    for (dir, kept) in &crates {
        let report = crate::report_json::read(&dir.join(kept::REPORT))?;
        let work = work::covering_work(&report);
        let label = format!("{} {}", kept.name, kept.version);
        // A sample's time is not a whole run's: its point would sit below where it belongs.
        let theirs = kept
            .cargo_mutants
            .as_ref()
            .filter(|_| kept.their_shard.is_none());
        if let Some(theirs) = theirs {
            points.push(Point {
                label: label.clone(),
                tool: Tool::CargoMutants,
                x: work.seconds,
                y: theirs.seconds,
            });
        }
        points.push(Point {
            label: label.clone(),
            tool: Tool::Mutate,
            x: work.seconds,
            y: kept.mutate.seconds,
        });
        let per_work = |wall: f64| format!("{:.0}x", wall / work.seconds);
        println!(
            "{:<24} {:>13} {:>10.3} {:>12} {:>10} {:>10.1} {:>11} {:>11}",
            label,
            format!(
                "{}/{}",
                theirs.map_or("-".to_owned(), |t| t.mutants.to_string()),
                kept.mutate.mutants
            ),
            work.seconds,
            format!("{}/{}", work.runs, work.untimed),
            theirs.map_or("-".to_owned(), |t| format!("{:.1}", t.seconds)),
            kept.mutate.seconds,
            theirs.map_or("-".to_owned(), |t| per_work(t.seconds)),
            per_work(kept.mutate.seconds),
        );
    }
    let date = crate::stats::today();
    let out = out.unwrap_or_else(|| {
        crate::repo()
            .join("bench/notes")
            .join(format!("{date}-chart.svg"))
    });
    let caption = format!(
        "{} crates, one clean run of each tool (cargo-mutants {}, mutate --all-items), \
         made by mutate-bench chart, {date}",
        crates.len(),
        crate::versus::tools::CARGO_MUTANTS_VERSION
    );
    let text = svg::render(
        &points,
        "Whole-run wall time against mutants × covering test time",
        &caption,
    );
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("chart written to {}", out.display());
    Ok(())
}
