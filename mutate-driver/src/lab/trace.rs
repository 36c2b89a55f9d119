//! The propagation runs: for each survivor not proven uninfected, a covering test (the
//! first by name among those that infect it, else among all) traced twice with every
//! mutant off and once with the survivor on; the traces go to `propagation::compare`. A run that fails to trace leaves the survivor untraced:
//! diagnosis never changes a verdict.

use super::baseline::Baseline;
use super::results::{Config, MutantResult};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::outcome::Status;
use crate::pool;
use crate::progress::Progress;
use crate::propagation::{self, Propagation};
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
    let infected: Vec<(usize, usize)> = results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status == Status::Survived)
        .filter_map(|(m, r)| {
            let flags = |t: &usize| r.infection.get(t).copied().unwrap_or(0);
            if r.covered_by
                .iter()
                .all(|t| infection::proven_same(flags(t)))
            {
                return None;
            }
            // An infecting test if there is one, else any covering test (the coverage
            // run did not compare this mutant's kind); the first by name, not the fastest,
            // so the diagnosis reads the same every run.
            let infecting = r
                .covered_by
                .iter()
                .filter(|t| infection::infected(flags(t)));
            let t = infecting
                .min_by_key(|&&t| d.test_id(t))
                .or_else(|| r.covered_by.iter().min_by_key(|&&t| d.test_id(t)))?;
            Some((m, *t))
        })
        .collect();
    if infected.is_empty() {
        return Ok(());
    }
    progress.phase("Tracing", infected.len());
    let mut traced = Vec::new();
    pool::run(
        infected,
        config.jobs,
        |(m, t), send| send((m, (t, trace(d, config, &baseline[t], t, m)))),
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

/// Test `t` traced without and with mutant `m`; untraced if any run could not be made.
fn trace(d: &Discovery, config: &Config, baseline: &Baseline, t: usize, m: usize) -> Propagation {
    let test = &d.tests[t];
    let Ok(Some(mut server)) = Server::start(&d.binaries[test.binary], Some(&test.name)) else {
        return Propagation::Untraced;
    };
    let request = |mutant: Option<String>| Request {
        mutant,
        budget: 0,
        timeout_ms: baseline.limits.timeout_ms,
        grace_ms: baseline.limits.grace_ms,
        memory_mb: config.memory_mb,
        coverage: false,
        probe: false,
        output: false,
        observe: true,
    };
    let id = d.mutants[m].entry.id.clone();
    let mut run = |mutant: Option<String>| server.run(&request(mutant)).map(|r| r.trace);
    match (run(None), run(None), run(Some(id))) {
        (Ok(original), Ok(again), Ok(mutant)) => {
            propagation::compare(&original, &again, &mutant, &d.mutants[m].entry.function)
        }
        _ => Propagation::Untraced,
    }
}
