//! `jobs`: how the mutation phase scales with `--jobs`, from 1 to twice the core count, on
//! one crate of the corpus. The crate is built once (the first run, not timed); then each
//! job count runs warm, interleaved with the others round after round, and the medians of
//! the phase (from `report.json`'s `seconds`) and of the whole run are printed.

use crate::stats::median;
use crate::versus::{self, tools};
use std::path::Path;

pub fn run(krate: &(String, String), work: &Path, runs: usize) -> Result<(), String> {
    let driver = tools::build_driver()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (name, version) = krate;
    let source = versus::fetch(std::slice::from_ref(krate), work)?.remove(0);
    let base = work.join(format!("{name}-{version}"));
    let tree = base.join("jobs");
    versus::fresh_copy(&source, &tree)?;
    let counts: Vec<usize> = (1..=cores * 2).collect();
    let out = base.join("jobs-out");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    eprintln!("== {name} {version}: building once");
    run_driver(&driver, &tree, &out, cores)?;
    let mut times: Vec<Vec<(f64, f64)>> = vec![Vec::new(); counts.len()];
    for round in 0..runs {
        for (i, &jobs) in counts.iter().enumerate() {
            eprintln!("   round {}/{runs}, --jobs {jobs}", round + 1);
            times[i].push(run_driver(&driver, &tree, &out, jobs)?);
        }
    }
    println!(
        "\n{name} {version}: {cores} cores, {runs} warm runs per job count (medians)\n\
         {:>6} {:>14} {:>12} {:>10}",
        "jobs", "mutants phase", "whole run", "speed-up"
    );
    let phase = |i: usize| median(times[i].iter().map(|t| t.0).collect());
    for (i, jobs) in counts.iter().enumerate() {
        let whole = median(times[i].iter().map(|t| t.1).collect());
        println!(
            "{jobs:>6} {:>13.2}s {:>11.2}s {:>9.2}x",
            phase(i),
            whole,
            phase(0) / phase(i)
        );
    }
    Ok(())
}

/// One warm run with `jobs`: the mutation phase's seconds and the whole run's.
fn run_driver(driver: &Path, tree: &Path, out: &Path, jobs: usize) -> Result<(f64, f64), String> {
    let log = out.join(format!("jobs-{jobs}.log"));
    let whole = tools::run_all_items(driver, tree, &["--jobs", &jobs.to_string()], out, &log)?;
    let (_, mutants) = tools::phases(&out.join("report.json"))
        .ok_or_else(|| format!("no phases in {}", out.join("report.json").display()))?;
    Ok((mutants, whole))
}
