//! Each mutant against the tests that reach it, in rounds: round k tries every undecided
//! mutant against its k-th fastest covering test, batched by test binary so that one fork
//! server (kept from round to round, `servers.rs`) serves many mutants and many tests.

use super::baseline::Baseline;
use super::costs::Gathering;
use super::results::{Config, MutantResult, Proven};
use super::servers::{self, Idle};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::outcome::{self, Status, Verdict};
use crate::pool;
use crate::progress::Progress;
use crate::server::Server;
use mutate_protocol::{Request, infection, test_slot};
use std::collections::HashMap;
use std::time::Instant;

/// Hit budget for a mutant under a test: ten times the test's own hits, plus slack.
fn budget(baseline: &Baseline) -> u64 {
    baseline
        .total_hits
        .saturating_mul(10)
        .saturating_add(100_000)
}

/// A mutant's run under a test (`None`: the original), within the test's limits: its hit
/// budget, time limit and grace, and the memory limit; nothing asked back. Callers set
/// what they want back, and the test's name for a server of any test.
pub fn limited(baseline: &Baseline, config: &Config, mutant: Option<String>) -> Request {
    Request {
        test: None,
        mutant,
        budget: budget(baseline),
        timeout_ms: baseline.limits.timeout_ms,
        grace_ms: baseline.limits.grace_ms,
        memory_mb: config.memory_mb,
        coverage: false,
        probe: false,
        output: false,
        observe: false,
    }
}

/// A run's verdict: mutant, test, verdict and the forked child's life in microseconds.
type Judged = (usize, usize, Verdict, u64);

/// Runs mutants in rounds: round k tries each undecided mutant against its k-th fastest
/// covering test. Returns whether the run was interrupted, and what the probe spared.
pub fn run(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    results: &mut [MutantResult],
    costs: &Gathering,
) -> Result<(bool, Proven)> {
    let Plan {
        order,
        mut pending,
        proven,
    } = plan(d, selected, config, progress, results);
    // Per mutant: the first detecting verdict, or the last surviving one.
    let mut verdicts: Vec<Option<Verdict>> = vec![None; d.mutants.len()];
    let idle = Idle::new(
        super::IDLE_SERVERS_PER_JOB * config.jobs,
        servers::tests_per_binary(d),
    );
    while !pending.is_empty() {
        if interrupt::interrupted() {
            return Ok((not_run(pending.iter().map(|&(m, _)| m), results), proven));
        }
        let chunk = (pending.len() / (config.jobs * 4)).max(8);
        // By binary: one server runs the batch's mutants under their tests, each its own.
        let jobs = super::batches(
            pending.iter().map(|&(m, k)| {
                let t = order[m][k];
                (d.tests[t].binary, (t, m))
            }),
            chunk,
        );
        // Which covering test (by rank) each pending mutant is on in this round; a
        // mutant leaves the map when its verdict for this round comes in.
        let mut rank: HashMap<usize, usize> = pending.iter().copied().collect();
        let mut next = Vec::new();
        let mut error = None;
        pool::run(
            jobs,
            config.jobs,
            |(b, runs), send| {
                if let Err(e) = run_batch(d, config, baseline, (b, &runs), (&idle, costs), send) {
                    send(Err(e));
                }
            },
            |verdict| match verdict {
                Ok((m, t, verdict, micros)) => {
                    let k = rank.remove(&m).expect("a verdict for a pending mutant");
                    results[m].runs.push((t, micros));
                    let verdict = unless_flaky(d, &baseline[t], t, verdict);
                    let last = k + 1 == order[m].len();
                    let done = record(config, &mut results[m], &mut verdicts[m], last, t, verdict);
                    if done {
                        progress.mutant(results[m].status, &d.mutants[m].entry.id);
                    } else {
                        next.push((m, k + 1));
                    }
                }
                Err(e) => {
                    error.get_or_insert(e);
                }
            },
        );
        if interrupt::interrupted() {
            // Decided mutants keep their verdicts; the rest were not run.
            let undecided = rank.into_keys().chain(next.into_iter().map(|(m, _)| m));
            return Ok((not_run(undecided, results), proven));
        }
        if let Some(e) = error {
            return Err(e);
        }
        pending = next;
    }
    Ok((false, proven))
}

/// What the mutant phase runs.
struct Plan {
    /// Per mutant, the covering tests to run it against: those its coverage run did not
    /// prove it leaves alone.
    order: Vec<Vec<usize>>,
    /// The mutants to run, each with the rank (in `order`) of the test it is on.
    pending: Vec<(usize, usize)>,
    /// What the proof spared.
    proven: Proven,
}

/// The plan of the mutant phase. A covered mutant no covering test infects is decided
/// here: it survives.
fn plan(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Plan {
    let order: Vec<Vec<usize>> = results
        .iter_mut()
        .enumerate()
        .map(|(m, r)| match selected[m] {
            true => tests_to_run(config, r),
            false => Vec::new(),
        })
        .collect();
    let mut pending: Vec<(usize, usize)> = (0..d.mutants.len())
        .filter(|&m| selected[m] && !results[m].covered_by.is_empty())
        .map(|m| (m, 0))
        .collect();
    progress.phase("Mutants", pending.len());
    for (m, r) in results.iter().enumerate() {
        if selected[m] && r.covered_by.is_empty() {
            progress.mutant(Status::NoCoverage, &d.mutants[m].entry.id);
        }
    }
    let mut proven = Proven::default();
    pending.retain(|&(m, _)| {
        proven.runs += results[m].covered_by.len() - order[m].len();
        if !order[m].is_empty() {
            return true;
        }
        proven.mutants += 1;
        results[m].status = Status::Survived;
        results[m].reason = NOT_INFECTED.into();
        progress.mutant(Status::Survived, &d.mutants[m].entry.id);
        false
    });
    Plan {
        order,
        pending,
        proven,
    }
}

/// Why a covered mutant survived without a run.
const NOT_INFECTED: &str = "not infected: at every evaluation under every covering test, \
                            the replacement computed the same as the original";

/// The covering tests mutant `r` must be run against, fastest first. A test whose coverage
/// run proved the mutant computes the same as the original throughout behaves the same
/// with it: it survives that test for certain (recorded as such, not run).
fn tests_to_run(config: &Config, r: &mut MutantResult) -> Vec<usize> {
    if !config.infection_skip {
        return r.covered_by.clone();
    }
    let (proven, run): (Vec<usize>, Vec<usize>) = r
        .covered_by
        .iter()
        .partition(|&&t| infection::proven_same(r.flags(t)));
    r.outcomes
        .extend(proven.into_iter().map(|t| (t, Status::Survived)));
    run
}

/// Takes mutant `r`'s verdict under covering test `t`, the `last` it is run against.
/// Returns whether the mutant is decided (its status set); otherwise it goes on to its
/// next covering test.
fn record(
    config: &Config,
    r: &mut MutantResult,
    best: &mut Option<Verdict>,
    last: bool,
    t: usize,
    verdict: Verdict,
) -> bool {
    let status = verdict.status;
    r.outcomes.push((t, status));
    if status.detected() {
        r.killed_by.push(t);
    }
    // The verdict shown is the first detection, else the (last) survival; an unviable
    // mutant is unviable under every test.
    let replace = match best {
        None => true,
        Some(v) => !v.status.detected() && status != Status::Survived,
    };
    if replace {
        *best = Some(verdict);
    }
    let go_on = match status {
        Status::Unviable => false,
        Status::Survived => true,
        _ => !config.shortcut,
    };
    if go_on && !last {
        return false;
    }
    let v = best.take().expect("a verdict was recorded");
    r.status = v.status;
    r.reason = v.reason;
    true
}

/// A flaky test's failure kills no mutant: it counts as surviving that test, and says so.
pub(super) fn unless_flaky(
    d: &Discovery,
    baseline: &Baseline,
    t: usize,
    verdict: Verdict,
) -> Verdict {
    if !(baseline.flaky && verdict.status.detected()) {
        return verdict;
    }
    Verdict {
        status: Status::Survived,
        reason: format!(
            "{} failed with it ({}), but that test is flaky: it also fails with every \
             mutant off",
            d.test_id(t),
            verdict.reason
        ),
    }
}

/// Mutants an interrupt left undecided are not run, not uncovered. Returns true (the
/// run was interrupted).
fn not_run(undecided: impl IntoIterator<Item = usize>, results: &mut [MutantResult]) -> bool {
    for m in undecided {
        results[m].status = Status::Ignored;
        results[m].reason = "not run: interrupted".into();
        results[m].killed_by.clear();
    }
    true
}

/// One server for binary `b` (idle, or started), running each `(test, mutant)` of the batch
/// in turn and sending each verdict as it comes; the server is then kept for a later
/// batch, each with its child's life in microseconds. A test whose name does not fit the
/// server's slot, or a binary whose server found none, gets a server of its own. What
/// servers and runs cost goes to `costs`.
fn run_batch(
    d: &Discovery,
    config: &Config,
    baseline: &[Baseline],
    (b, runs): (usize, &[(usize, usize)]),
    (idle, costs): (&Idle, &Gathering),
    send: &dyn Fn(Result<Judged>),
) -> Result<()> {
    let binary = &d.binaries[b];
    let mut shared = idle.take(b, binary, costs)?;
    // The server of a test that cannot share, with its test.
    let mut own: Option<(usize, Server)> = None;
    for &(t, m) in runs {
        if interrupt::interrupted() {
            return Err(Error::Interrupted);
        }
        let name = &d.tests[t].name;
        let any = shared.any_test && test_slot::fits(name);
        let request = Request {
            output: true,
            test: any.then(|| name.clone()),
            ..limited(&baseline[t], config, Some(d.mutants[m].entry.id.clone()))
        };
        let start = || match any {
            true => servers::start(binary, None, costs),
            false => servers::start(binary, Some(name), costs),
        };
        let server = match any {
            true => &mut shared,
            false => match &mut own {
                Some((of, server)) if *of == t => server,
                own => &mut own.insert((t, start()?)).1,
            },
        };
        let since = Instant::now();
        let report = match server.run(&request) {
            Ok(report) => report,
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            // A server that broke down is restarted once for this mutant.
            Err(_) => {
                *server = start()?;
                server.run(&request)?
            }
        };
        costs.ran(since, report.micros);
        send(Ok((m, t, outcome::judge(&report), report.micros)));
    }
    idle.put(b, shared);
    Ok(())
}
