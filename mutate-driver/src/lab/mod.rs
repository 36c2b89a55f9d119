//! Running the tests: a baseline of every test with all mutants off (pass, time, which
//! sites it reaches), then each mutant against only the tests that reach it, fastest
//! first, stopping at the first that detects it, all in forked children.

mod baseline;
mod mutants;
mod results;
mod trace;

pub use results::{Config, MutantResult, Results};

use crate::discover::Discovery;
use crate::error::Result;
use crate::outcome::{self, Status};
use crate::progress::Progress;
use std::time::{Duration, Instant};

/// Decides some mutants after the coverage run, without running them (`--incremental`'s
/// reused verdicts): returns which.
pub type Reuse<'a> = &'a dyn Fn(&Discovery, &[bool], &mut [MutantResult]) -> Vec<bool>;

pub fn run(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
    reuse: Reuse,
) -> Result<Results> {
    let mut results: Vec<MutantResult> = (0..d.mutants.len())
        .map(|i| {
            let build_error = &d.mutants[i].entry.build_error;
            let (status, reason) = match (selected[i], build_error.is_empty()) {
                (false, _) => (Status::Ignored, String::new()),
                (true, true) => (Status::NoCoverage, String::new()),
                (true, false) => (Status::Unviable, outcome::unbuilt_reason(build_error)),
            };
            MutantResult {
                status,
                reason,
                killed_by: Vec::new(),
                covered_by: Vec::new(),
                infection: Default::default(),
                propagation: None,
                outcomes: Vec::new(),
                reused: false,
            }
        })
        .collect();
    // Mutants the rebuild net turned unviable are compiled out: nothing to run.
    let selected: Vec<bool> = (0..d.mutants.len())
        .map(|i| selected[i] && d.mutants[i].entry.build_error.is_empty())
        .collect();
    let selected = selected.as_slice();
    let started = Instant::now();
    let baseline::Green {
        baseline,
        fail_together,
    } = baseline::run(d, config, progress, &mut results)?;
    let baseline_time = started.elapsed();
    for r in &mut results {
        r.covered_by.sort_by_key(|&t| (baseline[t].micros, t));
        r.covered_by.dedup();
    }
    // Verdicts an incremental run takes again are not run.
    let reused = reuse(d, selected, &mut results);
    let to_run: Vec<bool> = (0..d.mutants.len())
        .map(|m| selected[m] && !reused[m])
        .collect();
    let started = Instant::now();
    let (interrupted, proven) =
        mutants::run(d, &to_run, config, progress, &baseline, &mut results)?;
    let mutants_time = started.elapsed();
    let started = Instant::now();
    if !interrupted && config.probe {
        trace::run(d, config, progress, &baseline, &mut results)?;
    }
    Ok(Results {
        mutants: results,
        interrupted,
        fail_together,
        baseline_time,
        coverage_overhead: Duration::from_micros(
            baseline.iter().map(|b| b.coverage_overhead).sum(),
        ),
        mutants_time,
        tracing_time: started.elapsed(),
        test_micros: baseline.iter().map(|b| b.micros).collect(),
        flaky: (0..baseline.len()).filter(|&t| baseline[t].flaky).collect(),
        proven,
        reused: reused.iter().filter(|r| **r).count(),
    })
}

/// Jobs for one fork server each: `(test, mutant)` pairs grouped by test, in chunks of at
/// most `chunk` mutants, so one server serves many mutants and many tests keep the workers
/// busy.
fn batches(
    pairs: impl IntoIterator<Item = (usize, usize)>,
    chunk: usize,
) -> Vec<(usize, Vec<usize>)> {
    let mut by_test: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (t, m) in pairs {
        by_test.entry(t).or_default().push(m);
    }
    by_test
        .into_iter()
        .flat_map(|(t, ms)| {
            ms.chunks(chunk)
                .map(|c| (t, c.to_vec()))
                .collect::<Vec<_>>()
        })
        .collect()
}
