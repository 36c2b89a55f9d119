//! The baseline: every test with all mutants off, before any mutant runs. Each test runs
//! alone (forked, coverage and hit counts on; then timed again without them, twice more if
//! fast, once if not); then each binary runs whole, to tell order-dependent tests and slow
//! tests from broken ones. A suite that is not green this way is refused with a
//! [`Refusal`] naming each test.

use super::costs::Gathering;
use super::results::{Config, MutantResult};
use super::servers::{self, Idle};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::gate::{Gate, Pass};
use crate::interrupt;
use crate::limits::{self, Limits};
use crate::pool;
use crate::progress::Progress;
use crate::refusal::{FailedTest, How, Refusal};
use crate::server::Server;
use crate::together::{self, Together};
use mutate_protocol::{End, Report, Request, test_slot};
use std::collections::HashMap;
use std::time::Duration;

/// What the baseline learnt of one passing test.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Baseline {
    /// The test's time in the coverage run.
    pub micros: u64,
    /// Its fastest passing run, coverage run or not, in microseconds of its own computing
    /// (of the clock, for a test that waits): orders its mutants' covering tests. A busy
    /// machine slows a run's clock, not what the test computes (arrayvec and semver, two
    /// runs side by side with other work: ordered by the clock's fastest run, eight mutants
    /// got another detecting test in the second).
    #[serde(default)]
    pub fastest_micros: u64,
    pub total_hits: u64,
    /// Wall-clock limits for a run under this test with any function in its schemata
    /// body: from its coverage run (every function in it) and its runs without coverage.
    pub limits: Limits,
    /// Wall-clock limits from its runs without coverage alone, as written: what a mutant's
    /// run is given first (`lab::mutants` checks a timeout against the cost of the
    /// mutant's function's schemata body). `None`: no such run passed.
    #[serde(default)]
    pub plain_limits: Option<Limits>,
    /// It passed and then failed with every mutant off: its failures kill no mutant.
    pub flaky: bool,
    /// nextest retries it this many times (`.config/nextest.toml`): a failure a retry
    /// passes is no failure there, so a detecting run of a mutant is tried again as much
    /// (`lab::mutants::retried`).
    #[serde(default)]
    pub retries: u32,
    /// Where nextest ends it (`slow-timeout`'s `terminate-after`), in milliseconds: no
    /// limit of a run under it goes past.
    #[serde(default)]
    pub terminate_ms: Option<u64>,
    /// It spends its time waiting (a sleep, a channel, a lock, I/O), not computing: in its
    /// runs without coverage it used under [`WAITING_SHARE`] of its wall time in CPU time,
    /// and took [`WAITING_AT_LEAST`] or more. Its runs may go beside the others' past the
    /// core count (`lab::mutants`).
    #[serde(default)]
    pub waits: bool,
    /// The longest its runs without coverage spent not computing (wall time less CPU
    /// time), in microseconds: no sleep of it lasted longer.
    #[serde(default)]
    pub waited_micros: u64,
    /// Its runs as written made different numbers of calls: where it goes changes from run
    /// to run (random inputs, the time), so one coverage run proves nothing of the others.
    #[serde(default)]
    pub wanders: bool,
    /// How much longer its coverage run (hit counts and the infection probe) took than
    /// its fastest passing run without them, in microseconds; 0 if it was not run again.
    pub coverage_overhead: u64,
    /// The calls and loop rounds its coverage run counted in each function of its own
    /// binary, by the function's counter (`Discovery::tick_slots`), with
    /// [`mutate_protocol::COUNT_CUT`] where counting stopped there: what a mutant's run
    /// of the function is budgeted against (`lab::own_budget::of`).
    #[serde(default)]
    pub own_ticks: HashMap<u32, u64>,
}

/// The baseline of a green suite.
pub struct Green {
    /// By test index.
    pub baseline: Vec<Baseline>,
    /// Tests that pass alone but fail when their binary runs whole: order-dependent.
    pub fail_together: Vec<usize>,
    /// The fork servers that ran the tests alone, idle: the mutant phase's first.
    pub servers: Idle,
}

/// Runs the baseline, recording in `results` which tests reach each mutant.
pub fn run(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Result<Green> {
    let idle = Idle::for_run(d, config.jobs);
    let mut alone = alone_pass(d, config, &idle, progress, results)?;
    let together_timeout = together_timeout(
        config,
        &alone.baseline,
        alone.failures.len() + alone.slow.len(),
    );
    let together = together_pass(d, config, progress, together_timeout);
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    settle_slow(
        d,
        (config, &idle),
        &mut alone,
        &together,
        together_timeout,
        progress,
        results,
    )?;
    if !alone.failures.is_empty() {
        for failure in &mut alone.failures {
            failure.passes_together = together.get(&failure.test) == Some(&Together::Passed);
        }
        return Err(Error::BaselineFailed(Refusal::new(alone.failures)));
    }
    // A flaky test failing in its binary's whole run shows its flakiness, not an order;
    // doc tests share a binary only in the driver's build (`cargo test` runs each alone).
    let mut fail_together: Vec<usize> = together
        .into_iter()
        .filter(|&(t, result)| {
            result == Together::Failed && !alone.baseline[t].flaky && !is_doc_test(d, t)
        })
        .map(|(t, _)| t)
        .collect();
    fail_together.sort();
    Ok(Green {
        baseline: alone.baseline,
        fail_together,
        servers: idle,
    })
}

/// Every test alone: the passing ones recorded, the rest sorted into failures and tests
/// that ran out of time (which the whole runs may show to be only slow).
struct AlonePass {
    baseline: Vec<Baseline>,
    failures: Vec<FailedTest>,
    slow: Vec<usize>,
}

fn alone_pass(
    d: &Discovery,
    config: &Config,
    idle: &Idle,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Result<AlonePass> {
    progress.phase(
        "Baseline",
        d.tests.len(),
        (
            "test, alone with every mutant off",
            "tests, each alone with every mutant off",
        ),
    );
    let all = (0..d.tests.len()).collect();
    let alone = run_alone(d, (config, idle), all, config.baseline_timeout, progress)?;
    let mut pass = AlonePass {
        baseline: vec![Baseline::default(); d.tests.len()],
        failures: Vec::new(),
        slow: Vec::new(),
    };
    for (t, report, retimes, counted) in alone {
        if passed(&report) {
            let runs = (&report, retimes.as_slice(), counted);
            record_baseline(d, config, t, runs, &mut pass.baseline, results, progress);
        } else if matches!(report.end, End::WallClock | End::WallClockGraced) {
            pass.slow.push(t);
        } else if is_doc_test(d, t) {
            leave_out_doc_test(d, t, &report, progress);
        } else {
            pass.failures.push(failed_test(d, t, &report));
        }
    }
    Ok(pass)
}

/// Every binary with tests, run whole, each within `timeout`.
fn together_pass(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    timeout: Duration,
) -> together::Outcomes {
    let mut binaries: Vec<usize> = d.tests.iter().map(|t| t.binary).collect();
    binaries.sort();
    binaries.dedup();
    progress.phase(
        "Together",
        binaries.len(),
        ("test binary, run whole", "test binaries, each run whole"),
    );
    let jobs = config.groups.whole_runs_at_once(config.jobs);
    together::run(d, binaries, jobs, timeout, || progress.tick())
}

/// A test that ran out of time alone but passed with its binary run whole is slow, not
/// broken: it gets alone the time its binary had. One that did not pass whole either is a
/// failure.
fn settle_slow(
    d: &Discovery,
    (config, idle): (&Config, &Idle),
    alone: &mut AlonePass,
    together: &together::Outcomes,
    together_timeout: Duration,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Result<()> {
    let (retry, timed_out): (Vec<usize>, Vec<usize>) = std::mem::take(&mut alone.slow)
        .into_iter()
        .partition(|t| together.get(t) == Some(&Together::Passed));
    let retry_timeout = together_timeout + config.baseline_timeout;
    if !retry.is_empty() {
        // A phase of its own: counted under "Together", it read "5 of 4 done".
        progress.phase(
            "Slow",
            retry.len(),
            (
                "test that ran out of time alone but passed with its binary, alone again                  with its binary's time",
                "tests that ran out of time alone but passed with their binary, alone again                  with their binary's time",
            ),
        );
    }
    for (t, report, retimes, counted) in
        run_alone(d, (config, idle), retry, retry_timeout, progress)?
    {
        if passed(&report) {
            let runs = (&report, retimes.as_slice(), counted);
            record_baseline(d, config, t, runs, &mut alone.baseline, results, progress);
        } else {
            alone.failures.push(failed_test(d, t, &report));
        }
    }
    for t in timed_out {
        alone.failures.push(FailedTest {
            test: t,
            name: d.test_id(t),
            libtest_name: d.tests[t].name.clone(),
            how: How::TooSlow(config.baseline_timeout),
            output_tail: Vec::new(),
            passes_together: false,
        });
    }
    Ok(())
}

/// A test, its coverage run, the runs that timed it again (passing or not), and the hits
/// a second counting run counted (a fast test that passed).
type Alone = (usize, Report, Vec<Report>, Option<u64>);

/// Runs `tests` alone, each in a forked child with every mutant off, coverage on; a fast
/// test that passes is then timed again, as mutants run (coverage off), to learn how much
/// its time varies. Servers come from and go back to `idle`.
fn run_alone(
    d: &Discovery,
    (config, idle): (&Config, &Idle),
    tests: Vec<usize>,
    timeout: Duration,
    progress: &mut Progress,
) -> Result<Vec<Alone>> {
    let request = Request {
        test: None,
        mutant: None,
        budget: 0,
        own_budget: 0,
        own_after_ms: 0,
        timeout_ms: timeout.as_millis() as u64,
        grace_ms: 0,
        blocked_ms: 0,
        memory_mb: config.memory_mb,
        coverage: true,
        probe: config.probe,
        output: true,
        observe: false,
        inert: false,
    };
    let mut reports = Vec::new();
    let mut error = None;
    let starts = Gathering::default();
    // The cores as a gate: a test found to wait in its coverage run gives its core back
    // for its runs again, and a worker beyond the cores takes the next test.
    let cores = Gate::new(config.jobs);
    pool::run(
        tests,
        config.jobs.max(1) * (1 + WAITING_PER_CORE),
        |t, send| {
            let _slot = config.groups.enter(t);
            let core = cores.enter();
            let runs = time_alone(d, t, (&request, config.flakes), (idle, &starts), core);
            send((t, runs));
        },
        |(t, runs)| {
            progress.tick();
            match runs {
                Ok((report, retimes, counted)) => reports.push((t, report, retimes, counted)),
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        },
    );
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    match error {
        Some(e) => Err(e),
        None => Ok(reports),
    }
}

/// Test `t`'s coverage run under `request`, then, if it passed, its runs again: twice at
/// least if it is fast, once if not (to time it as written), `flakes` times at least (to
/// see if it is flaky). Run by an idle server of its binary (kept for the next test) where
/// its name fits the slot.
fn time_alone(
    d: &Discovery,
    t: usize,
    (request, flakes): (&Request, usize),
    (idle, starts): (&Idle, &Gathering),
    core: Pass,
) -> Result<(Report, Vec<Report>, Option<u64>)> {
    let test = &d.tests[t];
    let b = test.binary;
    let binary = &d.binaries[b];
    let mut server = idle.take(b, binary, starts)?;
    let shared = server.any_test && test_slot::fits(&test.name);
    if !shared {
        idle.put(b, server);
        server = servers::start(binary, Some(&test.name), starts)?;
    }
    let request = &Request {
        test: shared.then(|| test.name.clone()),
        ..request.clone()
    };
    let runs = runs_of(&mut server, request, flakes, core);
    // A server that broke down is not kept.
    if shared && runs.is_ok() {
        idle.put(b, server);
    }
    runs
}

/// The coverage run under `request`, then the runs again `time_alone` asks for; `core` is
/// given back after the coverage run where that run waited more than it computed.
fn runs_of(
    server: &mut Server,
    request: &Request,
    flakes: usize,
    core: Pass,
) -> Result<(Report, Vec<Report>, Option<u64>)> {
    let report = server.run(request)?;
    if waited(&report) {
        drop(core);
    }
    let fast = report.micros < limits::RETIME_BELOW.as_micros() as u64;
    let again = if fast {
        limits::RETIMES.max(flakes)
    } else {
        limits::SLOW_RETIMES.max(flakes)
    };
    if !passed(&report) || again == 0 {
        return Ok((report, Vec::new(), None));
    }
    let retime = Request {
        coverage: false,
        probe: false,
        output: false,
        ..request.clone()
    };
    let retimes = (0..again)
        .map(|_| server.run(&retime))
        .collect::<Result<Vec<_>>>()?;
    // A fast test is run once more counting its calls and loop rounds, as its coverage
    // run did (without the probe): a test that takes another way each run counts
    // differently (`Baseline::wanders`).
    let counted = match fast {
        true => {
            let count = Request {
                probe: false,
                output: false,
                ..request.clone()
            };
            let again = server.run(&count)?;
            passed(&again).then_some(again.total_hits)
        }
        false => None,
    };
    Ok((report, retimes, counted))
}

pub fn passed(report: &Report) -> bool {
    report.end == End::Exited(0) && report.passed
}

impl Baseline {
    /// How long a mutant's run under this test may have its threads all asleep, with no
    /// CPU time used and nothing else in its group, before it is taken to be blocked:
    /// [`BLOCKED_FACTOR`] times the most the test ever waited as written, plus
    /// [`BLOCKED_MARGIN`] (a sleep of the test's own can be no longer than all its
    /// waiting, so a mutant that sleeps that much longer in one go has changed how long
    /// the test waits several times over). Past the time limit anyway, the limit ends it
    /// first.
    pub fn blocked_limit_ms(&self) -> u64 {
        (BLOCKED_FACTOR * self.waited_micros).div_ceil(1000) + BLOCKED_MARGIN.as_millis() as u64
    }
}

/// How many times its test's whole waiting a mutant's run may sleep in one go.
pub const BLOCKED_FACTOR: u64 = 3;
/// And more: the scheduler's and the checks' own delays, and a short test's start.
pub const BLOCKED_MARGIN: std::time::Duration = std::time::Duration::from_millis(500);

/// How many workers per core run only the tests that wait, beside the one per core that
/// runs any (the baseline's, and the mutant phase's): a waiting run uses under a quarter
/// of a core.
pub const WAITING_PER_CORE: usize = 3;

/// The CPU time a test that waits uses at most, as a share of its wall time.
pub const WAITING_SHARE: f64 = 0.25;
/// How long a run must take for its waiting to count: shorter, and a busy machine's
/// starving a fast test (runnable, not waiting) can look the same (dice's stateful test,
/// taken for waiting under load at 20 ms, had its runs interleaved).
pub const WAITING_AT_LEAST: std::time::Duration = std::time::Duration::from_millis(100);

/// Whether every passing run without coverage of a test waited more than it computed
/// ([`Baseline::waits`]); false without such a run.
fn waits(retimes: &[Report]) -> bool {
    let plain: Vec<&Report> = retimes.iter().filter(|r| passed(r)).collect();
    !plain.is_empty() && plain.iter().all(|r| waited(r))
}

/// What orders a test among covering tests: the least its passing runs computed (their
/// user and system time), or, for a test that waits, the least time they took.
fn fastest(report: &Report, retimes: &[Report]) -> u64 {
    let waits = waits(retimes);
    std::iter::once(report)
        .chain(retimes)
        .filter(|r| passed(r))
        .map(|r| match waits {
            true => r.micros,
            false => r.cpu_micros,
        })
        .min()
        .unwrap_or(report.micros)
}

/// Whether a run took [`WAITING_AT_LEAST`] and used under [`WAITING_SHARE`] of it
/// computing.
fn waited(r: &Report) -> bool {
    r.micros >= WAITING_AT_LEAST.as_micros() as u64
        && (r.cpu_micros as f64) < WAITING_SHARE * r.micros as f64
}

/// How many times its body as written a hot function's schemata body may cost at
/// `opt-level = 0` (patient's `unit`: some twenty times).
const SCHEMATA_SLOWER: u64 = 20;

/// The limits of a run with any function in its schemata body (an inert run, a traced
/// one): those of the coverage run, which ran them all, and of the runs that timed the
/// test again. Where the coverage run stopped counting in a function
/// ([`mutate_protocol::UNCOUNTED`]), it ran that one as written from then on and is no
/// measure of it: the test's slowest run as written, [`SCHEMATA_SLOWER`] times over, where
/// that gives more.
fn schemata_limits(config: &Config, report: &Report, samples: &[u64], plain: &[u64]) -> Limits {
    let counted = config.timeouts.limits(samples);
    let slowest = plain.iter().copied().max();
    match slowest.filter(|_| report.total_hits == mutate_protocol::UNCOUNTED) {
        Some(slowest) => {
            let scaled = config.timeouts.limits(&[slowest * SCHEMATA_SLOWER]);
            if scaled.longer_than(counted) {
                scaled
            } else {
                counted
            }
        }
        None => counted,
    }
}

/// A passing test's time, hits, coverage and time limits (from its coverage run and the
/// runs that timed it again and passed).
fn record_baseline(
    d: &Discovery,
    config: &Config,
    t: usize,
    (report, retimes, counted): (&Report, &[Report], Option<u64>),
    baseline: &mut [Baseline],
    results: &mut [MutantResult],
    progress: &Progress,
) {
    note_unsteady(d, t, retimes, progress);
    let samples: Vec<u64> = std::iter::once(report)
        .chain(retimes.iter().filter(|r| passed(r)))
        .map(|r| r.micros)
        .collect();
    let plain_samples = &samples[1..];
    let plain = plain_samples.iter().copied().min();
    baseline[t] = Baseline {
        micros: report.micros,
        fastest_micros: fastest(report, retimes),
        total_hits: report.total_hits,
        limits: schemata_limits(config, report, &samples, plain_samples),
        plain_limits: plain.map(|_| config.timeouts.limits(plain_samples)),
        flaky: retimes.iter().any(|r| !passed(r)),
        retries: 0,
        terminate_ms: None,
        waits: waits(retimes),
        waited_micros: retimes
            .iter()
            .filter(|r| passed(r))
            .map(|r| r.micros.saturating_sub(r.cpu_micros))
            .max()
            .unwrap_or(report.micros),
        // The runs again run the bodies as written, which count nothing: the second
        // counting run is what tells a test that goes another way each run.
        wanders: wanders(retimes) || counted.is_some_and(|hits| hits != report.total_hits),
        coverage_overhead: plain.map_or(0, |plain| report.micros.saturating_sub(plain)),
        own_ticks: function_counts(d, d.tests[t].binary, report),
    };
    let own = (
        d.tests[t].binary,
        report.hits.as_slice(),
        &report.infection[..],
    );
    // What the programs the test started ran counts as the test's own.
    let started = report.spawned.iter().filter_map(|counted| {
        let program = d.program(&counted.exe)?;
        Some((program, counted.hits.as_slice(), &counted.infection[..]))
    });
    for (program, hits, infection) in std::iter::once(own).chain(started) {
        for (site, count) in hits {
            let assumed = *count == mutate_protocol::ASSUMED_REACHED;
            for &m in d.sites[program].get(site).into_iter().flatten() {
                let r = &mut results[m];
                let covered_already = r.covered_by.last() == Some(&t);
                if !covered_already {
                    r.covered_by.push(t);
                }
                // Assumed only where no program of the test saw it reached.
                match assumed {
                    true if !covered_already => r.assumed_by.push(t),
                    true => {}
                    false => r.assumed_by.retain(|&a| a != t),
                }
            }
        }
        // A mutant compiled twice in the binary (the runtime's `twins.rs`) has two
        // indexes there: what both copies saw.
        for (index, flags) in infection {
            if let Some(&m) = d.indexes[program].get(index) {
                *results[m].infection.entry(t).or_default() |= *flags;
            }
        }
    }
}

/// A coverage run's counts of calls and loop rounds in each function of the test's own
/// `binary`: its process's, with those of the processes of that binary it started (a
/// coverage run's own, where the server runs the test in one).
fn function_counts(d: &Discovery, binary: usize, report: &Report) -> HashMap<u32, u64> {
    let counters = &d.function_counters[binary];
    let started = report
        .spawned
        .iter()
        .filter(|counted| d.program(&counted.exe) == Some(binary))
        .flat_map(|counted| &counted.hits);
    let mut counts = HashMap::new();
    for &(slot, count) in report.hits.iter().chain(started) {
        if counters.contains(&slot) {
            let total = counts.entry(slot).or_insert(0);
            *total = mutate_protocol::hits_together(*total, count);
        }
    }
    counts
}

/// Whether a test's passing runs as written (two at least) counted different numbers of
/// calls and loop rounds. A test that takes the same way every run counts the same.
fn wanders(retimes: &[Report]) -> bool {
    let mut counts = retimes.iter().filter(|r| passed(r)).map(|r| r.total_hits);
    let first = counts.next();
    counts.any(|n| Some(n) != first)
}

/// A test that passed once with every mutant off and then failed, run the same way again,
/// may decide a mutant's verdict by chance: the user should know.
fn note_unsteady(d: &Discovery, t: usize, retimes: &[Report], progress: &Progress) {
    let failed = retimes.iter().filter(|r| !passed(r)).count();
    if failed > 0 {
        progress.note(&format!(
            "{} passed with every mutant off, then failed in {failed} of {} runs more the \
             same way: its result changes from run to run, so its failures kill no mutant",
            d.test_id(t),
            retimes.len()
        ));
    }
}

fn is_doc_test(d: &Discovery, t: usize) -> bool {
    crate::doctests::is_doc_test_target(&d.binaries[d.tests[t].binary].target)
}

/// A doc test made by the driver that fails in its crate is the driver's to leave out,
/// not the user's to fix: it covers nothing, so nothing runs it.
fn leave_out_doc_test(d: &Discovery, t: usize, report: &Report, progress: &Progress) {
    let failure = failed_test(d, t, report);
    progress.note(&format!(
        "doc test {} {} with every mutant off, in the driver's build of it; it is left out",
        failure.name, failure.how
    ));
}

/// One time limit for each binary run whole: what all the tests took alone, scaled like a
/// mutant's, plus the baseline timeout for each test that did not pass alone (their time
/// is unknown).
fn together_timeout(config: &Config, baseline: &[Baseline], not_passed_alone: usize) -> Duration {
    let alone: u64 = baseline.iter().map(|b| b.micros).sum();
    config.timeouts.generous(alone) + config.baseline_timeout * not_passed_alone as u32
}

/// How test `t` failed, from its report.
fn failed_test(d: &Discovery, t: usize, report: &Report) -> FailedTest {
    let how = match report.end {
        End::WallClock | End::WallClockGraced | End::Blocked => How::TimedOut,
        End::Signaled(s) => How::Crashed(s),
        End::Exited(0) => How::ExitedWithoutResult,
        End::Exited(code) => How::Failed(code),
        End::HitBudget => How::OutOfHitBudget,
    };
    let output = report.output.as_deref().unwrap_or("").trim();
    let mut output_tail: Vec<String> = output.lines().rev().take(15).map(str::to_owned).collect();
    output_tail.reverse();
    FailedTest {
        test: t,
        name: d.test_id(t),
        libtest_name: d.tests[t].name.clone(),
        how,
        output_tail,
        passes_together: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(total_hits: u64, passed: bool) -> Report {
        Report {
            end: End::Exited(if passed { 0 } else { 101 }),
            micros: 10,
            cpu_micros: 0,
            total_hits,
            fell_back: mutate_protocol::FellBack::No,
            passed,
            reached: false,
            budget_waived: false,
            hits: Vec::new(),
            infection: Vec::new(),
            output: None,
            trace: Vec::new(),
            spawned: Vec::new(),
        }
    }

    #[test]
    fn a_test_wanders_when_its_runs_as_written_count_differently() {
        assert!(!wanders(&[run(40, true), run(40, true)]));
        assert!(wanders(&[run(40, true), run(41, true)]));
        // One passing run tells nothing; a failed run is not compared.
        assert!(!wanders(&[run(40, true)]));
        assert!(!wanders(&[run(40, true), run(7, false)]));
    }

    fn timed(micros: u64, cpu_micros: u64) -> Report {
        Report {
            micros,
            cpu_micros,
            ..run(40, true)
        }
    }

    #[test]
    fn a_test_waits_when_every_passing_run_computed_under_a_quarter_of_its_time() {
        assert!(waits(&[timed(200_000, 10_000), timed(210_000, 40_000)]));
        assert!(!waits(&[timed(200_000, 10_000), timed(200_000, 150_000)]));
        // Too short for its waiting to count, and no run to tell.
        assert!(!waits(&[timed(5_000, 100)]));
        assert!(!waits(&[]));
    }

    #[test]
    fn a_test_is_ordered_by_the_least_it_computed_or_waited() {
        // Computing: the least CPU time of its passing runs, whatever the clock said.
        let coverage = timed(30_000, 9_000);
        assert_eq!(
            fastest(&coverage, &[timed(50_000, 7_000), timed(8_000, 7_500)]),
            7_000
        );
        // A failed run is no measure.
        let failed = Report {
            cpu_micros: 1,
            ..run(40, false)
        };
        assert_eq!(fastest(&coverage, &[failed, timed(8_000, 7_500)]), 7_500);
        // Waiting: the clock's least, its CPU time says nothing of its cost.
        let sleeper = timed(300_000, 1_000);
        let again = [timed(200_000, 2_000), timed(250_000, 1_500)];
        assert_eq!(fastest(&sleeper, &again), 200_000);
    }
}
