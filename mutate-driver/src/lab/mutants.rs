//! Each mutant against the tests that reach it, fastest first, until one detects it. Runs
//! wait by test binary (`queue.rs`), so that one fork server (kept by its worker, or idle
//! for another, `servers.rs`) serves many mutants and many tests.

use super::again::{CHANCE_RERUNS, found_again};
use super::baseline::Baseline;
use super::clock::{self, InertTimes};
use super::costs::Gathering;
use super::expected::{Expected, InFlight, Ran};
use super::own_budget;
use super::queue::{CloseOnPanic, Queue};
use super::results::{Config, MutantResult, Proven};
use super::servers::{self, Idle};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::outcome::{self, Status, Verdict};
use crate::progress::Progress;
use crate::server::Server;
use mutate_protocol::{Request, infection, test_slot};
use std::collections::HashMap;
use std::sync::mpsc;
use std::time::Instant;

/// Hit budget for a mutant under a test: ten times the test's own hits, plus slack; none
/// (0) where its coverage run did not count them all (`mutate_protocol::UNCOUNTED`): the clock
/// ends its mutants' endless runs.
fn budget(baseline: &Baseline) -> u64 {
    if baseline.total_hits == mutate_protocol::UNCOUNTED {
        return 0;
    }
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
        own_budget: 0,
        own_after_ms: 0,
        timeout_ms: baseline.limits.timeout_ms,
        grace_ms: baseline.limits.grace_ms,
        blocked_ms: baseline.blocked_limit_ms(),
        memory_mb: config.memory_mb,
        coverage: false,
        probe: false,
        output: false,
        observe: false,
        inert: false,
    }
}

/// A run's verdict: mutant, test, verdict, and the forked child's life in microseconds.
struct Judged {
    m: usize,
    t: usize,
    verdict: Verdict,
    /// The mutant's site was evaluated in the run: the mutant ran.
    reached: bool,
    micros: u64,
}

/// Runs each mutant against its covering tests, fastest first, until one detects it. A
/// verdict that does not decide the mutant queues its run under its next test at once
/// (`queue.rs`): no worker waits for others to end a round. Returns whether the run was
/// interrupted, and what the probe spared.
pub fn run(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    results: &mut [MutantResult],
    (idle, costs): (Option<Idle>, &Gathering),
) -> Result<(bool, Proven)> {
    let Plan {
        order,
        pending,
        proven,
    } = plan(d, (selected, baseline), config, progress, results);
    // Per mutant: the first detecting verdict, or the last surviving one.
    let mut verdicts: Vec<Option<Verdict>> = vec![None; d.mutants.len()];
    // The baseline's servers, where it left any: their starts are paid already.
    let idle = idle.unwrap_or_else(|| Idle::for_run(d, config.jobs));
    let queue = Queue::new();
    let inert = InertTimes::default();
    let in_flight = InFlight::default();
    let enqueue = |m: usize, k: usize| {
        let t = order[m][k];
        // A run of a test that waits may go to a worker beyond the cores; not one whose
        // calls change from run to run: its runs read what runs before left, and more of
        // them at once would interleave.
        let light = baseline[t].waits && !baseline[t].wanders;
        queue.push(d.tests[t].binary, (t, m), light);
    };
    // Which covering test (by rank) each undecided mutant is on; it leaves the map when
    // decided.
    let mut rank: HashMap<usize, usize> = pending.iter().copied().collect();
    let mut expected = Expected::new(&order, baseline);
    // Runs again of an undecided mutant under the test it is on, which did not reach it.
    let mut again: HashMap<usize, usize> = HashMap::new();
    // Whether any run reached the mutant.
    let mut reached = vec![false; d.mutants.len()];
    for &(m, k) in &pending {
        enqueue(m, k);
    }
    if rank.is_empty() {
        queue.close();
    }
    let mut error = None;
    let (send, receive) = mpsc::channel::<Result<Judged>>();
    // Runs of tests that wait use little of a core: workers beyond the cores take only
    // those, so a suite that sleeps and blocks is not paced by the core count.
    let jobs = config.jobs.max(1);
    let waiting = baseline.iter().filter(|b| b.waits).count();
    let beside = match waiting {
        0 => 0,
        _ => jobs * super::baseline::WAITING_PER_CORE,
    };
    if waiting > 0 && !rank.is_empty() {
        progress.note(&format!(
            "{waiting} tests spend most of their time waiting (their CPU time under a quarter \
             of their wall time): their runs go beside the others', {beside} at once beyond \
             the {jobs} for the rest"
        ));
    }
    std::thread::scope(|scope| {
        for worker in 0..jobs + beside {
            let send = send.clone();
            let (queue, idle, inert, in_flight) = (&queue, &idle, &inert, &in_flight);
            let waiting_only = worker >= jobs;
            scope.spawn(move || {
                let _close = CloseOnPanic(queue);
                let gathered = (idle, costs, inert, in_flight);
                if let Err(e) = work(d, config, baseline, (queue, waiting_only), gathered, &send) {
                    // The receiver lives until every worker is done.
                    send.send(Err(e)).unwrap_or(());
                }
            });
        }
        drop(send);
        // Were this thread to panic, the scope would wait for workers waiting for runs.
        let _close = CloseOnPanic(&queue);
        loop {
            // Nothing ended for a while (the tail's slow runs): the time left still moves.
            let verdict = match receive.recv_timeout(std::time::Duration::from_secs(1)) {
                Ok(verdict) => verdict,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    expected.tell(progress, &rank, &in_flight);
                    progress.refresh();
                    continue;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            };
            let judged = match verdict {
                Ok(judged) => judged,
                Err(e) => {
                    error.get_or_insert(e);
                    queue.close();
                    continue;
                }
            };
            let (m, t) = (judged.m, judged.t);
            let k = *rank.get(&m).expect("a verdict for an undecided mutant");
            results[m].runs.push((t, judged.micros));
            reached[m] |= judged.reached;
            let verdict = unless_flaky(d, &baseline[t], t, judged.verdict);
            // A test only assumed to reach the mutant, that takes a second or more: not
            // reaching it is what it most likely always does, and running it again as
            // chance would cost minutes a mutant (base64's heaviest tests).
            let slow = baseline[t].fastest_micros >= crate::limits::RETIME_BELOW.as_micros() as u64;
            let assumed = slow && results[m].assumed_by.contains(&t);
            if !judged.reached && !verdict.status.detected() && !assumed {
                // The test went elsewhere than in its coverage run (or was assumed to reach
                // it): this run is no evidence, and another may reach the mutant (random
                // inputs, the time).
                let runs = again.entry(m).or_default();
                if *runs < CHANCE_RERUNS {
                    *runs += 1;
                    expected.ran(m, k, Ran::passed(false), judged.micros);
                    enqueue(m, k);
                    continue;
                }
            }
            let verdict = match again.remove(&m) {
                Some(runs) if verdict.status.detected() => found_again(
                    verdict,
                    format!(
                        "in run {} of {}: the runs before did not reach it",
                        runs + 1,
                        d.test_id(t)
                    ),
                ),
                _ => verdict,
            };
            let last = k + 1 == order[m].len();
            let detected = verdict.status.detected();
            if record(config, &mut results[m], &mut verdicts[m], last, t, verdict) {
                rank.remove(&m);
                if results[m].status == Status::Survived && !reached[m] {
                    let r = &mut results[m];
                    match order[m].iter().all(|t| r.assumed_by.contains(t)) {
                        // Only assumed to reach it, and none did: no test covers it.
                        true => {
                            r.status = Status::NoCoverage;
                            r.reason = NOT_REACHED_AFTER_ALL.into();
                            r.covered_by.retain(|t| !r.assumed_by.contains(t));
                        }
                        false => r.reason = never_reached(d, &order[m]),
                    }
                }
                let ran = match detected {
                    true => Ran::Detected,
                    false => Ran::passed(true),
                };
                expected.ran(m, k, ran, judged.micros);
                expected.tell(progress, &rank, &in_flight);
                progress.mutant(results[m].ended(d, m));
            } else {
                expected.ran(m, k, Ran::passed(false), judged.micros);
                rank.insert(m, k + 1);
                enqueue(m, k + 1);
            }
            if rank.is_empty() {
                queue.close();
            }
        }
    });
    if interrupt::interrupted() {
        // Decided mutants keep their verdicts; the rest were not run.
        return Ok((not_run(rank.into_keys(), results), proven));
    }
    match error {
        Some(e) => Err(e),
        None => Ok((false, proven)),
    }
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
    (selected, baseline): (&[bool], &[Baseline]),
    config: &Config,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Plan {
    let order: Vec<Vec<usize>> = results
        .iter_mut()
        .enumerate()
        .map(|(m, r)| match selected[m] {
            true => tests_to_run(config, baseline, r),
            false => Vec::new(),
        })
        .collect();
    let mut pending: Vec<(usize, usize)> = (0..d.mutants.len())
        .filter(|&m| selected[m] && !results[m].covered_by.is_empty())
        .map(|m| (m, 0))
        .collect();
    // Every mutant of the phase is told as it ends: those no test covers and those the
    // coverage run proved unchanged too, at once.
    progress.phase(
        "Mutants",
        selected.iter().filter(|s| **s).count(),
        (
            "mutant, against its covering tests",
            "mutants, each against its covering tests",
        ),
    );
    for (m, r) in results.iter().enumerate() {
        if selected[m] && r.covered_by.is_empty() {
            // Its status is set after the phase; told as it will be.
            let mut ended = r.ended(d, m);
            ended.status = Status::NoCoverage;
            progress.mutant(ended);
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
        progress.mutant(results[m].ended(d, m));
        false
    });
    Plan {
        order,
        pending,
        proven,
    }
}

/// Why a covered mutant that no run reached survived: the tests `run` against it reached
/// it in their coverage runs, and went elsewhere in each of their runs with it.
fn never_reached(d: &Discovery, run: &[usize]) -> String {
    let tests: Vec<String> = run.iter().map(|&t| d.test_id(t)).collect();
    format!(
        "never reached: its covering tests ({}) reached it in their coverage runs but in \
         none of their {} runs each with it on, so where they go changes from run to run",
        tests.join(", "),
        CHANCE_RERUNS + 1
    )
}

/// Why a mutant whose only covering tests were assumed to reach it (their coverage runs
/// stopped counting in its function first) has no coverage.
const NOT_REACHED_AFTER_ALL: &str = "no test reaches it: the tests whose coverage runs \
                                     stopped counting in its function before seeing it \
                                     reached did not reach it, run with it on";

/// Why a covered mutant survived without a run.
const NOT_INFECTED: &str = "not infected: at every evaluation under every covering test, \
                            the replacement computed the same as the original";

/// The covering tests mutant `r` must be run against, fastest first. A test whose coverage
/// run proved the mutant computes the same as the original throughout behaves the same
/// with it: it survives that test for certain (recorded as such, not run). Not a test
/// that wanders (`Baseline::wanders`): its other runs may go where the coverage run did
/// not (sha1_smol's random messages, one in four ending where a mutant matters).
fn tests_to_run(config: &Config, baseline: &[Baseline], r: &mut MutantResult) -> Vec<usize> {
    if !config.infection_skip {
        return r.covered_by.clone();
    }
    let (proven, run): (Vec<usize>, Vec<usize>) = r
        .covered_by
        .iter()
        .partition(|&&t| !baseline[t].wanders && infection::proven_same(r.flags(t)));
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
    // A fallback runs under every test.
    let go_on = match status {
        Status::Unviable | Status::Ignored => false,
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

/// A detection by a test nextest retries (`.config/nextest.toml`), as nextest would take
/// it: the run again, up to its retries; a retry that passes makes it a pass there (nextest
/// calls the test flaky), so the mutant survives that test.
fn retried(
    server: &mut Server,
    request: &Request,
    baseline: &Baseline,
    verdict: Verdict,
    costs: &Gathering,
) -> Result<Verdict> {
    for retry in 1..=baseline.retries {
        let since = Instant::now();
        let report = server.run(request)?;
        costs.ran(since, report.micros);
        if !outcome::judge(&report).status.detected() {
            return Ok(Verdict {
                status: Status::Survived,
                reason: format!(
                    "it failed ({}), then passed on retry {retry} of {}: nextest, which \
                     retries this test (.config/nextest.toml), passes it",
                    verdict.reason, baseline.retries
                ),
            });
        }
    }
    Ok(verdict)
}

/// A detection in a later run (the tracing's, a chance rerun) by a test nextest retries:
/// the mutant's runs under it already passed once within its retries, which nextest takes
/// as a pass, so this failure kills nothing either.
pub(super) fn unless_retried(baseline: &Baseline, verdict: Verdict) -> Verdict {
    if baseline.retries == 0 || !verdict.status.detected() {
        return verdict;
    }
    Verdict {
        status: Status::Survived,
        reason: format!(
            "a later run failed ({}), but nextest retries this test (.config/nextest.toml) \
             and a try of it passed with the mutant",
            verdict.reason
        ),
    }
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

/// A worker: takes runs from `queue` until it closes (with `waiting_only`, only those of
/// tests that wait), each `(test, mutant)` on a server of the test's binary, and sends each verdict as it comes with its child's life in
/// microseconds. It keeps its server while its binary has runs waiting, and leaves it idle
/// for another worker when it moves on. A test whose name does not fit a server's slot,
/// or a binary whose server found none, gets a server of its own. What servers and runs
/// cost goes to `costs`; a run the clock ended is checked against the inert runs' times
/// (`clock.rs`), kept in `inert`.
fn work(
    d: &Discovery,
    config: &Config,
    baseline: &[Baseline],
    (queue, waiting_only): (&Queue<(usize, usize)>, bool),
    (idle, costs, inert, in_flight): (&Idle, &Gathering, &InertTimes, &InFlight),
    send: &mpsc::Sender<Result<Judged>>,
) -> Result<()> {
    // The server held, with its binary.
    let mut held: Option<(usize, Server)> = None;
    // The server of a test that cannot share, with its test.
    let mut own: Option<(usize, Server)> = None;
    while let Some((b, (t, m))) = queue.take(held.as_ref().map(|(b, _)| *b), waiting_only) {
        if interrupt::interrupted() {
            return Err(Error::Interrupted);
        }
        let binary = &d.binaries[b];
        if held.as_ref().is_none_or(|(of, _)| *of != b) {
            if let Some((of, server)) = held.take() {
                idle.put(of, server);
            }
            held = Some((b, idle.take(b, binary, costs)?));
        }
        let (_, shared) = held.as_mut().expect("a server of this binary is held");
        let name = &d.tests[t].name;
        let any = shared.any_test && test_slot::fits(name);
        let entry = &d.mutants[m].entry;
        let key = (format!("{}\t{}", entry.file, entry.function), t);
        let first = clock::first_limits(&baseline[t], &config.timeouts, inert, &key);
        let own_limit = own_budget::of(d, &baseline[t], m, t);
        let request = Request {
            output: true,
            test: any.then(|| name.clone()),
            timeout_ms: first.timeout_ms,
            grace_ms: first.grace_ms,
            own_budget: own_limit.map_or(0, |own| own.budget),
            own_after_ms: own_limit.map_or(0, |own| own.after_ms),
            ..limited(&baseline[t], config, Some(d.mutants[m].entry.id.clone()))
        };
        let start = || match any {
            true => servers::start(binary, None, costs),
            false => servers::start(binary, Some(name), costs),
        };
        let server = match any {
            true => shared,
            false => match &mut own {
                Some((of, server)) if *of == t => server,
                own => &mut own.insert((t, start()?)).1,
            },
        };
        // Held through the clock's check too: that runs the test again.
        let slot = config.groups.enter(t);
        let since = Instant::now();
        in_flight.started(m);
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
        let check = clock::Check {
            baseline: &baseline[t],
            policy: &config.timeouts,
            inert,
            key,
            costs,
        };
        let (report, used) = clock::checked(server, &request, report, check)?;
        let mut verdict = outcome::judge(&report);
        let own_reason =
            own_limit.and_then(|own| own_budget::reason(&report, &own, request.budget));
        if let Some(why) = own_reason {
            verdict.reason = why;
        }
        if verdict.status.detected() && baseline[t].retries > 0 {
            verdict = retried(server, &used, &baseline[t], verdict, costs)?;
        }
        drop(slot);
        in_flight.ended(m);
        // The receiver lives until every worker is done.
        let judged = Judged {
            m,
            t,
            verdict,
            reached: report.reached,
            micros: report.micros,
        };
        send.send(Ok(judged)).unwrap_or(());
    }
    if let Some((b, server)) = held {
        idle.put(b, server);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn config() -> Config {
        Config {
            jobs: 1,
            timeouts: crate::limits::Policy {
                factor: 5.0,
                constant: Duration::from_secs(2),
                minimum: Duration::ZERO,
            },
            baseline_timeout: Duration::from_secs(60),
            memory_mb: 0,
            shortcut: true,
            flakes: 0,
            probe: true,
            infection_skip: true,
            groups: Default::default(),
            unsafe_files: Default::default(),
            suggest: false,
        }
    }

    #[test]
    fn a_test_that_wanders_proves_no_mutant_uninfected() {
        let mut r = MutantResult {
            assumed_by: Vec::new(),
            status: Status::NoCoverage,
            reason: String::new(),
            killed_by: Vec::new(),
            covered_by: vec![0, 1],
            infection: [(0, infection::SAME), (1, infection::SAME)].into(),
            propagation: None,
            outcomes: Vec::new(),
            runs: Vec::new(),
            reused: false,
            duplicate_of: None,
            witnesses: Vec::new(),
            suggestion: None,
        };
        let steady = Baseline::default();
        let wanders = Baseline {
            wanders: true,
            ..Baseline::default()
        };
        // Test 0 is steady: its proof spares the run. Test 1 wanders: it is run.
        assert_eq!(tests_to_run(&config(), &[steady, wanders], &mut r), vec![1]);
        assert_eq!(r.outcomes, vec![(0, Status::Survived)]);
    }
}
