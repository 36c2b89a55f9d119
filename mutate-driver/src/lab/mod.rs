//! Running the tests: a baseline of every test with all mutants off (pass, time, which
//! sites it reaches), then each mutant against only the tests that reach it, fastest
//! first, stopping at the first that detects it, all in forked children.

mod again;
pub mod baseline;
mod clock;
pub mod costs;
mod expected;
mod mutants;
mod own_budget;
mod queue;
mod results;
mod servers;
mod trace;
pub mod undefined;
pub(crate) mod whole;

pub use mutants::limited;
pub use results::{Config, MutantResult, Results};

use crate::discover::Discovery;
use crate::error::Result;
use crate::outcome::{self, Status};
use crate::progress::Progress;
use std::time::{Duration, Instant};

/// What the baseline leaves for the mutant phase: which tests reach each mutant (and what
/// its replacement computed there), each test's limits, and the order-dependent tests.
/// An archive carries it to shards, so they split and run on the same figures.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Prepared {
    /// By mutant: coverage and infection flags; the status each starts with.
    pub results: Vec<MutantResult>,
    /// By test.
    pub baseline: Vec<baseline::Baseline>,
    pub fail_together: Vec<usize>,
    pub baseline_time: Duration,
    /// The baseline's fork servers, idle, for the mutant phase (not in an archive: a
    /// shard starts its own).
    #[serde(skip)]
    pub servers: Option<servers::Idle>,
}

impl Prepared {
    /// nextest's settings put into each test's baseline: its retries, and its limits
    /// capped where nextest would end it.
    pub fn settle(&mut self, per_test: &[crate::nextest::ForTest]) {
        for (b, settings) in self.baseline.iter_mut().zip(per_test) {
            b.retries = settings.retries;
            if let Some(end) = settings.terminate_after {
                let cap = end.as_millis() as u64;
                b.limits = b.limits.capped(cap);
                b.plain_limits = b.plain_limits.map(|l| l.capped(cap));
                b.terminate_ms = Some(cap);
            }
        }
    }

    /// Each mutant's expected cost: the baseline time of the tests that reach it, in
    /// microseconds (what it costs if it survives; a kill stops sooner).
    pub fn costs(&self) -> Vec<u64> {
        self.results
            .iter()
            .map(|r| {
                r.covered_by
                    .iter()
                    .map(|&t| self.baseline[t].micros.max(1))
                    .sum()
            })
            .collect()
    }
}

/// The baseline: every test with every mutant off, with coverage.
pub fn prepare(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
) -> Result<Prepared> {
    let mut results: Vec<MutantResult> = (0..d.mutants.len())
        .map(|i| {
            let entry = &d.mutants[i].entry;
            let (status, reason) = match (selected[i], entry.build_error.is_empty()) {
                (false, _) => (Status::Ignored, String::new()),
                (true, true) => (Status::NoCoverage, String::new()),
                (true, false) => outcome::unbuilt(entry),
            };
            MutantResult {
                assumed_by: Vec::new(),
                status,
                reason,
                killed_by: Vec::new(),
                covered_by: Vec::new(),
                infection: Default::default(),
                propagation: None,
                outcomes: Vec::new(),
                runs: Vec::new(),
                reused: false,
                duplicate_of: None,
                witnesses: Vec::new(),
                suggestion: None,
            }
        })
        .collect();
    let started = Instant::now();
    let baseline::Green {
        baseline,
        fail_together,
        servers,
    } = baseline::run(d, config, progress, &mut results)?;
    let baseline_time = started.elapsed();
    // Ties broken by the test's name, not its index: the order cargo lists binaries in
    // may change from one build to the next.
    let names: Vec<String> = (0..d.tests.len()).map(|t| d.test_id(t)).collect();
    for r in &mut results {
        // A test only assumed to reach the mutant goes after those seen reaching it.
        let assumed = |t: &usize| r.assumed_by.contains(t);
        r.covered_by.sort_by_key(|&t| {
            let class = time_class(baseline[t].fastest_micros);
            (assumed(&t), class, &names[t])
        });
        r.covered_by.dedup();
    }
    Ok(Prepared {
        results,
        baseline,
        fail_together,
        baseline_time,
        servers: Some(servers),
    })
}

/// A test's place among a mutant's covering tests: fastest first, by half-octaves of its
/// time, then by name; every test under [`FAST`] in one class. Tests whose times trade
/// places from run to run by noise alone keep one order, so which test detects a mutant
/// first, and how (killed, crashed, timed out), stays the same between runs; a test up to
/// 1.4 times slower may go first.
fn time_class(micros: u64) -> u32 {
    if micros < FAST.as_micros() as u64 {
        return 0;
    }
    ((micros as f64).log2() * 2.0) as u32
}

/// Below this a test's time is a few of a run's fork round trips, and its measured time
/// mostly noise: smallvec's tests, ordered by their times, changed the detecting test of a
/// sixth of its mutants from one run to the next; with 1 ms here, its doctests (a
/// millisecond or so each, more on a busy machine) still changed sides, and with them
/// the detecting test of 46 of its 755 mutants, killed in one run and crashed in the next.
/// Putting a slower test first here costs at most this much per run.
const FAST: std::time::Duration = std::time::Duration::from_millis(10);

/// The mutant phase and the survivors' tracing, for the `selected` mutants.
pub fn run(
    d: &Discovery,
    prepared: Prepared,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
) -> Result<Results> {
    let Prepared {
        mut results,
        baseline,
        fail_together,
        baseline_time,
        servers,
    } = prepared;
    // Mutants the rebuild net turned unviable are compiled out: nothing to run. Those not
    // selected here (another shard's) are left out.
    for (m, r) in results.iter_mut().enumerate() {
        if !selected[m] && r.status == Status::NoCoverage {
            r.status = Status::Ignored;
        }
    }
    // Verdicts an incremental run took again are not run either.
    let to_run: Vec<bool> = (0..d.mutants.len())
        .map(|m| selected[m] && d.mutants[m].entry.build_error.is_empty() && !results[m].reused)
        .collect();
    let started = Instant::now();
    let costs = costs::Gathering::default();
    let (interrupted, proven) = mutants::run(
        d,
        &to_run,
        config,
        progress,
        &baseline,
        &mut results,
        (servers, &costs),
    )?;
    let mutants_time = started.elapsed();
    let started = Instant::now();
    if !interrupted {
        whole::run(d, &to_run, config, progress, &mut results);
    }
    let whole_time = started.elapsed();
    let started = Instant::now();
    if !interrupted {
        undefined::run(d, config, progress, &baseline, &mut results);
    }
    let unsafe_time = started.elapsed();
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
        whole_time,
        unsafe_time,
        mutants_costs: costs.total(),
        tracing_time: started.elapsed(),
        test_micros: baseline.iter().map(|b| b.micros).collect(),
        flaky: (0..baseline.len()).filter(|&t| baseline[t].flaky).collect(),
        wandering: (0..baseline.len())
            .filter(|&t| baseline[t].wanders)
            .collect(),
        proven,
    })
}

/// Idle fork servers kept between batches and tests, per job (`servers::Idle`).
const IDLE_SERVERS_PER_JOB: usize = 4;

/// Jobs for one fork server each: `(key, item)` pairs grouped by key (a test, or a test
/// binary), in chunks of at most `chunk` items, so one server serves many and many keys
/// keep the workers busy.
pub(crate) fn batches<T>(
    pairs: impl IntoIterator<Item = (usize, T)>,
    chunk: usize,
) -> Vec<(usize, Vec<T>)> {
    let mut by_key: std::collections::BTreeMap<usize, Vec<T>> = Default::default();
    for (key, item) in pairs {
        by_key.entry(key).or_default().push(item);
    }
    let mut out = Vec::new();
    for (key, mut items) in by_key {
        while !items.is_empty() {
            let rest = items.split_off(items.len().min(chunk));
            out.push((key, std::mem::replace(&mut items, rest)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::time_class;

    #[test]
    fn times_within_a_half_octave_share_a_class() {
        assert_eq!(time_class(33_000), time_class(46_000));
        assert!(time_class(46_000) < time_class(47_000));
        // Under ten milliseconds, one class: a few fork round trips, mostly noise.
        assert_eq!(time_class(0), time_class(9_999));
        assert!(time_class(9_999) < time_class(10_000));
    }
}
