//! The propagation runs: for each survivor not proven uninfected, a covering test (the
//! first by name among those that infect it, else among all) traced twice with every
//! mutant off and once with the survivor on; the traces go to `propagation::compare`. A
//! test whose two unmutated runs made other calls leaves its survivors unsteady (their
//! verdict is chance). A run that fails to trace leaves the survivor untraced: diagnosis
//! never changes a verdict.

use super::baseline::Baseline;
use super::results::{Config, MutantResult};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::outcome::Status;
use crate::pool;
use crate::progress::Progress;
use crate::propagation::{self, Propagation, Trace};
use crate::server::Server;
use mutate_protocol::{Request, infection};

/// Traces a covering test of every survivor not proven uninfected, and records where the
/// difference went.
pub fn run(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    results: &mut [MutantResult],
) -> Result<()> {
    let to_trace: Vec<(usize, usize)> = results
        .iter()
        .enumerate()
        // A survivor whose verdict was taken from the previous run has its trace too.
        .filter(|(_, r)| r.status == Status::Survived && !r.reused)
        .filter_map(|(m, r)| {
            if r.covered_by
                .iter()
                .all(|&t| infection::proven_same(r.flags(t)))
            {
                return None;
            }
            // An infecting test if there is one, else any covering test (the coverage
            // run did not compare this mutant's kind); the first by name, not the fastest,
            // so the diagnosis reads the same every run.
            let t = r
                .covered_by
                .iter()
                .min_by_key(|&&t| (!infection::infected(r.flags(t)), d.test_id(t)))?;
            Some((m, *t))
        })
        .collect();
    if to_trace.is_empty() {
        return Ok(());
    }
    progress.phase("Tracing", to_trace.len());
    // One server per test and chunk of survivors: its two unmutated traces serve the whole
    // chunk; chunks keep every job busy when many survivors share a test.
    let chunk = (to_trace.len() / (config.jobs * 2)).max(4);
    let jobs = super::batches(to_trace.into_iter().map(|(m, t)| (t, m)), chunk);
    let mut traced = Vec::new();
    pool::run(
        jobs,
        config.jobs,
        |(t, ms): (usize, Vec<usize>), send| {
            for (m, propagation) in trace(d, config, &baseline[t], t, &ms) {
                send((m, (t, propagation)));
            }
        },
        |(m, propagation)| {
            progress.tick();
            traced.push((m, propagation));
        },
    );
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    for (m, propagation) in traced {
        results[m].propagation = Some(propagation);
    }
    Ok(())
}

/// Test `t` traced twice without a mutant and once with each of `mutants`; a survivor whose
/// runs could not all be made is untraced.
fn trace(
    d: &Discovery,
    config: &Config,
    baseline: &Baseline,
    t: usize,
    mutants: &[usize],
) -> Vec<(usize, Propagation)> {
    let untraced = || {
        mutants
            .iter()
            .map(|&m| (m, Propagation::Untraced))
            .collect()
    };
    let test = &d.tests[t];
    let Ok(Some(mut server)) = Server::start(&d.binaries[test.binary], Some(&test.name)) else {
        return untraced();
    };
    // No hit budget: the survivor ran within it already.
    let request = |mutant: Option<String>| Request {
        budget: 0,
        observe: true,
        ..super::mutants::limited(baseline, config, mutant)
    };
    let mut run = |mutant: Option<String>| server.run(&request(mutant)).map(|r| r.trace);
    let (Ok(original), Ok(again)) = (run(None), run(None)) else {
        return untraced();
    };
    // Read once for every mutant of the chunk.
    let (original, again) = (Trace::parse(&original), Trace::parse(&again));
    // A test that took two paths unmutated would show any mutant "changing" something, and
    // may well have detected it in another run: said as such, with no run of the mutant.
    if !original.same_path(&again) {
        return mutants
            .iter()
            .map(|&m| (m, Propagation::Unsteady))
            .collect();
    }
    mutants
        .iter()
        .map(|&m| {
            let entry = &d.mutants[m].entry;
            let propagation = match run(Some(entry.id.clone())) {
                Ok(mutant) => {
                    propagation::compare(&original, &again, &Trace::parse(&mutant), &entry.function)
                }
                Err(_) => Propagation::Untraced,
            };
            (m, propagation)
        })
        .collect()
}
