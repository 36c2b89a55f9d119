//! The relevance runs, traced: each test twice with every mutant off after the change, then
//! in rounds each undecided mutant under its next candidate test, after the change and
//! (through a fork server of the build before it) before it. A mutant is decided at the
//! first test that shows it relevant.

use super::compare::{self, Evidence, Observation};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::lab::Config;
use crate::lab::baseline::Baseline;
use crate::outcome::{self, Status};
use crate::pool;
use crate::progress::Progress;
use crate::propagation::Trace;
use crate::server::Server;
use mutate_protocol::{Report, Request};
use std::collections::HashMap;

/// One mutant to decide: its candidate tests in the order to try them, each with its
/// twin before the change, and the mutant's own twin there (`None`: it has none).
pub struct Candidate {
    pub mutant: usize,
    pub tests: Vec<(usize, Option<usize>)>,
    pub before: Option<usize>,
}

/// The two builds: after the change (the run's) and before it.
pub struct Builds<'a> {
    pub after: &'a Discovery,
    pub before: &'a Discovery,
    pub baseline: &'a [Baseline],
}

/// What the runs found: for each mutant shown relevant, the test and where; and how many
/// test runs it took.
pub struct Found {
    pub shown: HashMap<usize, (usize, Evidence)>,
    pub runs: usize,
}

pub fn run(
    builds: &Builds,
    candidates: &[Candidate],
    config: &Config,
    progress: &mut Progress,
) -> Result<Found> {
    let mut found = Found {
        shown: HashMap::new(),
        runs: 0,
    };
    let pairs: usize = candidates.iter().map(|c| c.tests.len()).sum();
    if pairs == 0 {
        return Ok(found);
    }
    // Every candidate test, twice with every mutant off.
    let mut tests: Vec<usize> = candidates
        .iter()
        .flat_map(|c| c.tests.iter().map(|(t, _)| *t))
        .collect();
    tests.sort_unstable();
    tests.dedup();
    progress.phase("Relevance", tests.len() + pairs);
    let mut unmutated: HashMap<usize, [Observation; 2]> = HashMap::new();
    pool::run(
        tests,
        config.jobs,
        |t: usize, send| {
            let observed = Server::start(
                &builds.after.binaries[builds.after.tests[t].binary],
                Some(&builds.after.tests[t].name),
            )
            .ok()
            .flatten()
            .and_then(|mut server| {
                let request = request(&builds.baseline[t], config, None);
                let first = server.run(&request).ok()?;
                let second = server.run(&request).ok()?;
                Some([observe(&first), observe(&second)])
            });
            send((t, observed));
        },
        |(t, observed)| {
            progress.tick();
            found.runs += 2;
            if let Some(observed) = observed {
                unmutated.insert(t, observed);
            }
        },
    );
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    // Round k: each undecided mutant under its k-th candidate test.
    let rounds = candidates.iter().map(|c| c.tests.len()).max().unwrap_or(0);
    for round in 0..rounds {
        let pairs = candidates.iter().filter_map(|c| {
            let (t, _) = c.tests.get(round)?;
            (!found.shown.contains_key(&c.mutant) && unmutated.contains_key(t)).then_some((*t, c))
        });
        let chunk = (candidates.len() / (config.jobs * 2)).max(4);
        let jobs = crate::lab::batches(pairs.map(|(t, c)| (t, c.mutant)), chunk);
        let by_mutant: HashMap<usize, &Candidate> =
            candidates.iter().map(|c| (c.mutant, c)).collect();
        pool::run(
            jobs,
            config.jobs,
            |(t, mutants): (usize, Vec<usize>), send| {
                let chunk: Vec<&Candidate> = mutants.iter().map(|m| by_mutant[m]).collect();
                for (m, runs, evidence) in decide(builds, config, t, round, &chunk, &unmutated[&t])
                {
                    send((m, t, runs, evidence));
                }
            },
            |(m, t, runs, evidence)| {
                progress.tick();
                found.runs += runs;
                if let Some(evidence) = evidence {
                    found.shown.insert(m, (t, evidence));
                }
            },
        );
        if interrupt::interrupted() {
            return Err(Error::Interrupted);
        }
    }
    Ok(found)
}

/// Test `t` (each candidate's `round`-th) with each of `chunk`'s mutants on, after the
/// change and before it: `(mutant, runs made, evidence)`.
fn decide(
    builds: &Builds,
    config: &Config,
    t: usize,
    round: usize,
    chunk: &[&Candidate],
    unmutated: &[Observation; 2],
) -> Vec<(usize, usize, Option<Evidence>)> {
    let test = &builds.after.tests[t];
    let mut after = Server::start(&builds.after.binaries[test.binary], Some(&test.name))
        .ok()
        .flatten();
    // The test's twin before the change is the same for every candidate.
    let before_test = chunk.first().and_then(|c| c.tests[round].1);
    let mut before = before_test.and_then(|bt| {
        let test = &builds.before.tests[bt];
        Server::start(&builds.before.binaries[test.binary], Some(&test.name))
            .ok()
            .flatten()
    });
    let baseline = &builds.baseline[t];
    chunk
        .iter()
        .map(|c| {
            let id = |d: &Discovery, m: usize| d.mutants[m].entry.id.clone();
            let Some(server) = after.as_mut() else {
                return (c.mutant, 0, None);
            };
            let Ok(mutant) =
                server.run(&request(baseline, config, Some(id(builds.after, c.mutant))))
            else {
                return (c.mutant, 1, None);
            };
            let mutant = observe(&mutant);
            let Some(twin) = c.before else {
                let shown = compare::relevant([&unmutated[0], &unmutated[1]], &mutant, None);
                return (c.mutant, 1, shown);
            };
            let earlier = before.as_mut().and_then(|server| {
                server
                    .run(&request(baseline, config, Some(id(builds.before, twin))))
                    .ok()
            });
            let Some(earlier) = earlier else {
                return (c.mutant, 1, None);
            };
            let earlier = observe(&earlier);
            let shown = compare::relevant([&unmutated[0], &unmutated[1]], &mutant, Some(&earlier));
            (c.mutant, 2, shown)
        })
        .collect()
}

fn request(baseline: &Baseline, config: &Config, mutant: Option<String>) -> Request {
    Request {
        mutant,
        budget: crate::lab::budget(baseline),
        timeout_ms: baseline.limits.timeout_ms,
        grace_ms: baseline.limits.grace_ms,
        memory_mb: config.memory_mb,
        coverage: false,
        probe: false,
        output: true,
        observe: true,
    }
}

/// What a run showed: its outcome, with a failure's whole panic message (its location
/// left out: lines move with the change), and its trace.
fn observe(report: &Report) -> Observation {
    let verdict = outcome::judge(report);
    let outcome = match verdict.status {
        Status::Survived => "passes".to_owned(),
        Status::Killed => match panic_message(report) {
            Some(message) => format!("fails: {message}"),
            None => format!("fails: {}", verdict.reason),
        },
        Status::Timeout => "times out".to_owned(),
        _ => verdict.reason,
    };
    Observation {
        outcome,
        trace: Trace::parse(&report.trace),
    }
}

/// The lines of the panic message after `panicked at <place>:`, up to libtest's notes.
fn panic_message(report: &Report) -> Option<String> {
    let output = report.output.as_deref()?;
    let mut lines = output.lines().skip_while(|l| !l.contains("panicked at"));
    lines.next()?;
    let message: Vec<&str> = lines
        .take_while(|l| {
            !(l.is_empty() || l.starts_with("note:") || l.starts_with("stack backtrace:"))
        })
        .collect();
    Some(message.join("\n"))
}
