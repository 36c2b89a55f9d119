//! Running the tests: a baseline of every test with all mutants off (pass, time, which
//! sites it reaches), then each mutant against only the tests that reach it, fastest
//! first, stopping at the first that detects it, all in forked children.

use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::limits::{self, Limits, Policy};
use crate::outcome::{self, Status, Verdict};
use crate::pool;
use crate::progress::Progress;
use crate::server::Server;
use crate::together::{self, Together};
use mutate_protocol::{End, Report, Request};
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct Config {
    pub jobs: usize,
    pub timeouts: Policy,
    pub baseline_timeout: Duration,
    pub memory_mb: u64,
    /// Stop at the first detecting test.
    pub shortcut: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Baseline {
    /// The test's time in the coverage run (orders its mutants' covering tests).
    pub micros: u64,
    pub total_hits: u64,
    /// Wall-clock limits for a mutant run under this test.
    pub limits: Limits,
}

#[derive(Debug, Clone)]
pub struct MutantResult {
    pub status: Status,
    pub reason: String,
    /// Tests that detected the mutant (the first, or all with the shortcut off).
    pub killed_by: Vec<usize>,
    /// Tests that reach the mutant's site, fastest first.
    pub covered_by: Vec<usize>,
}

#[derive(Debug)]
pub struct Results {
    pub mutants: Vec<MutantResult>,
    pub interrupted: bool,
    /// Tests that pass alone but fail when their binary runs whole: order-dependent.
    /// Verdicts use each test alone, so they stand; the user should know all the same.
    pub fail_together: Vec<usize>,
    /// Wall time of the baseline (alone and together) and of the mutants' runs.
    pub baseline_time: Duration,
    pub mutants_time: Duration,
}

/// Hit budget for a mutant under a test: ten times the test's own hits, plus slack.
fn budget(baseline: &Baseline) -> u64 {
    baseline
        .total_hits
        .saturating_mul(10)
        .saturating_add(100_000)
}

pub fn run(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
) -> Result<Results> {
    let mut results: Vec<MutantResult> = (0..d.mutants.len())
        .map(|i| {
            let build_error = &d.mutants[i].entry.build_error;
            let (status, reason) = match (selected[i], build_error.is_empty()) {
                (false, _) => (Status::Ignored, String::new()),
                (true, true) => (Status::NoCoverage, String::new()),
                (true, false) => (
                    Status::Unviable,
                    format!("its code does not build with it: {build_error}"),
                ),
            };
            MutantResult {
                status,
                reason,
                killed_by: Vec::new(),
                covered_by: Vec::new(),
            }
        })
        .collect();
    // Mutants the rebuild net turned unviable are compiled out: nothing to run.
    let selected: Vec<bool> = (0..d.mutants.len())
        .map(|i| selected[i] && d.mutants[i].entry.build_error.is_empty())
        .collect();
    let selected = selected.as_slice();
    let started = Instant::now();
    let (baseline, fail_together) = run_baseline(d, config, progress, &mut results)?;
    let baseline_time = started.elapsed();
    for r in &mut results {
        r.covered_by.sort_by_key(|&t| (baseline[t].micros, t));
        r.covered_by.dedup();
    }
    let started = Instant::now();
    let interrupted = run_mutants(d, selected, config, progress, &baseline, &mut results)?;
    Ok(Results {
        mutants: results,
        interrupted,
        fail_together,
        baseline_time,
        mutants_time: started.elapsed(),
    })
}

fn run_baseline(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    results: &mut [MutantResult],
) -> Result<(Vec<Baseline>, Vec<usize>)> {
    progress.phase("Baseline", d.tests.len());
    let alone = run_alone(
        d,
        config,
        (0..d.tests.len()).collect(),
        config.baseline_timeout,
        progress,
    )?;
    let mut baseline = vec![Baseline::default(); d.tests.len()];
    let mut failures = Vec::new();
    let mut slow = Vec::new();
    for (t, report, retimes) in alone {
        if passed(&report) {
            record_baseline(
                d,
                config,
                t,
                (&report, &retimes),
                &mut baseline,
                results,
                progress,
            );
        } else if matches!(report.end, End::WallClock | End::WallClockGraced) {
            slow.push(t);
        } else if is_doc_test(d, t) {
            leave_out_doc_test(d, t, &report, progress);
        } else {
            failures.push((t, describe_failure(d, t, &report)));
        }
    }
    let together_timeout = together_timeout(config, &baseline, failures.len() + slow.len());
    let together = run_together(d, config, progress, together_timeout);
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    // A test that ran out of time alone but passed with its binary run whole is slow, not
    // broken: it gets alone the time its binary had.
    let (retry, timed_out): (Vec<usize>, Vec<usize>) = slow
        .into_iter()
        .partition(|t| together.get(t) == Some(&Together::Passed));
    let retry_timeout = together_timeout + config.baseline_timeout;
    for (t, report, retimes) in run_alone(d, config, retry, retry_timeout, progress)? {
        if passed(&report) {
            record_baseline(
                d,
                config,
                t,
                (&report, &retimes),
                &mut baseline,
                results,
                progress,
            );
        } else {
            failures.push((t, describe_failure(d, t, &report)));
        }
    }
    for t in timed_out {
        failures.push((
            t,
            format!(
                "  {} did not finish within the baseline timeout ({} s), alone nor with its \
                 binary run whole; if it is only slow, raise --baseline-timeout",
                d.binaries[d.tests[t].binary].test_id(&d.tests[t].name),
                config.baseline_timeout.as_secs_f64()
            ),
        ));
    }
    if !failures.is_empty() {
        return Err(refusal(failures, &together));
    }
    let mut fail_together: Vec<usize> = together
        .into_iter()
        .filter(|&(_, result)| result == Together::Failed)
        .map(|(t, _)| t)
        .collect();
    fail_together.sort();
    Ok((baseline, fail_together))
}

/// A test's coverage run, and the runs that timed it again (passing or not).
type Alone = (usize, Report, Vec<Report>);

/// Runs `tests` alone, each in a forked child with every mutant off, coverage on; a fast
/// test that passes is then timed again, as mutants run (coverage off), to learn how much
/// its time varies.
fn run_alone(
    d: &Discovery,
    config: &Config,
    tests: Vec<usize>,
    timeout: Duration,
    progress: &mut Progress,
) -> Result<Vec<Alone>> {
    let request = Request {
        mutant: None,
        budget: 0,
        timeout_ms: timeout.as_millis() as u64,
        grace_ms: 0,
        memory_mb: config.memory_mb,
        coverage: true,
        output: true,
    };
    let retime = Request {
        coverage: false,
        output: false,
        ..request.clone()
    };
    let mut reports = Vec::new();
    let mut error = None;
    pool::run(
        tests,
        config.jobs,
        |t, send| {
            let test = &d.tests[t];
            let binary = &d.binaries[test.binary];
            let runs = Server::start(binary, Some(&test.name)).and_then(|server| {
                let Some(mut server) = server else {
                    return Err(Error::Internal(format!(
                        "{} lost its mutate runtime between listing and running",
                        binary.path.display()
                    )));
                };
                let report = server.run(&request)?;
                let fast = report.micros < limits::RETIME_BELOW.as_micros() as u64;
                let retimes = if passed(&report) && fast {
                    (0..limits::RETIMES)
                        .map(|_| server.run(&retime))
                        .collect::<Result<Vec<_>>>()?
                } else {
                    Vec::new()
                };
                Ok((report, retimes))
            });
            send((t, runs));
        },
        |(t, runs)| {
            progress.tick();
            match runs {
                Ok((report, retimes)) => reports.push((t, report, retimes)),
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

fn passed(report: &Report) -> bool {
    report.end == End::Exited(0) && report.passed
}

/// A passing test's time, hits, coverage and time limits (from its coverage run and the
/// runs that timed it again and passed).
fn record_baseline(
    d: &Discovery,
    config: &Config,
    t: usize,
    (report, retimes): (&Report, &[Report]),
    baseline: &mut [Baseline],
    results: &mut [MutantResult],
    progress: &Progress,
) {
    note_unsteady(d, t, retimes, progress);
    let samples: Vec<u64> = std::iter::once(report)
        .chain(retimes.iter().filter(|r| passed(r)))
        .map(|r| r.micros)
        .collect();
    baseline[t] = Baseline {
        micros: report.micros,
        total_hits: report.total_hits,
        limits: config.timeouts.limits(&samples),
    };
    let binary = d.tests[t].binary;
    for (site, _) in &report.hits {
        for &m in d.sites[binary].get(site).into_iter().flatten() {
            results[m].covered_by.push(t);
        }
    }
}

/// A test that passed once with every mutant off and then failed, run the same way again,
/// may decide a mutant's verdict by chance: the user should know.
fn note_unsteady(d: &Discovery, t: usize, retimes: &[Report], progress: &Progress) {
    let failed = retimes.iter().filter(|r| !passed(r)).count();
    if failed > 0 {
        let test = &d.tests[t];
        progress.note(&format!(
            "{} passed with every mutant off, then failed in {failed} of {} runs more the \
             same way: its result changes from run to run, so the verdicts it decides may \
             not hold",
            d.binaries[test.binary].test_id(&test.name),
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
    let failure = describe_failure(d, t, report);
    let first = failure.lines().next().unwrap_or_default().trim();
    progress.note(&format!(
        "doc test {first} with every mutant off, in the driver's build of it; it is left out"
    ));
}

/// The error that ends a run whose suite is not green with every mutant off.
fn refusal(failures: Vec<(usize, String)>, together: &together::Outcomes) -> Error {
    let mut failures: Vec<String> = failures
        .into_iter()
        .map(|(t, text)| match together.get(&t) {
            Some(Together::Passed) => format!(
                "{text}\n    (it passes when its binary runs whole, one test at a time: it \
                 depends on what another test leaves behind)"
            ),
            _ => text,
        })
        .collect();
    failures.sort();
    Error::BaselineFailed(format!(
        "{} test(s) fail with every mutant off, so no mutant can be judged; fix them \
         first (or mark them #[ignore]):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    ))
}

/// One time limit for each binary run whole: what all the tests took alone, scaled like a
/// mutant's, plus the baseline timeout for each test that did not pass alone (their time
/// is unknown).
fn together_timeout(config: &Config, baseline: &[Baseline], not_passed_alone: usize) -> Duration {
    let alone: u64 = baseline.iter().map(|b| b.micros).sum();
    config.timeouts.generous(alone) + config.baseline_timeout * not_passed_alone as u32
}

/// Every binary with tests, run whole, each within `timeout`.
fn run_together(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    timeout: Duration,
) -> together::Outcomes {
    let mut binaries: Vec<usize> = d.tests.iter().map(|t| t.binary).collect();
    binaries.sort();
    binaries.dedup();
    progress.phase("Together", binaries.len());
    together::run(d, binaries, config.jobs, timeout, || progress.tick())
}

fn describe_failure(d: &Discovery, t: usize, report: &Report) -> String {
    let test = &d.tests[t];
    let name = d.binaries[test.binary].test_id(&test.name);
    let how = match report.end {
        End::WallClock | End::WallClockGraced => {
            "did not finish within the baseline timeout".to_owned()
        }
        End::Signaled(s) => format!("crashed ({})", outcome::signal_name(s)),
        End::Exited(0) => "exited before reporting a result".to_owned(),
        End::Exited(code) => format!("failed (exit code {code})"),
        End::HitBudget => "ran out of hit budget".to_owned(),
    };
    let output = report.output.as_deref().unwrap_or("").trim();
    let tail: Vec<&str> = output.lines().rev().take(15).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    format!("  {name} {how}\n    {}", tail.join("\n    "))
}

/// Runs mutants in rounds: round k tries each undecided mutant against its k-th fastest
/// covering test. Returns whether the run was interrupted.
fn run_mutants(
    d: &Discovery,
    selected: &[bool],
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    results: &mut [MutantResult],
) -> Result<bool> {
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
    // Per mutant: the first detecting verdict, or the last surviving one.
    let mut verdicts: Vec<Option<Verdict>> = vec![None; d.mutants.len()];
    while !pending.is_empty() {
        if interrupt::interrupted() {
            return Ok(not_run(pending.iter().map(|&(m, _)| m), results));
        }
        let mut by_test: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &(m, k) in &pending {
            by_test.entry(results[m].covered_by[k]).or_default().push(m);
        }
        let chunk = (pending.len() / (config.jobs * 4)).max(8);
        let jobs: Vec<(usize, Vec<usize>)> = by_test
            .into_iter()
            .flat_map(|(t, ms)| {
                ms.chunks(chunk)
                    .map(|c| (t, c.to_vec()))
                    .collect::<Vec<_>>()
            })
            .collect();
        // Which covering test (by rank) each pending mutant is on in this round; a
        // mutant leaves the map when its verdict for this round comes in.
        let mut rank: HashMap<usize, usize> = pending.iter().copied().collect();
        let mut next = Vec::new();
        let mut error = None;
        pool::run(
            jobs,
            config.jobs,
            |(t, ms), send| {
                if let Err(e) = run_batch(d, config, &baseline[t], t, &ms, send) {
                    send(Err(e));
                }
            },
            |verdict| match verdict {
                Ok((m, t, verdict)) => {
                    let k = rank.remove(&m).expect("a verdict for a pending mutant");
                    let done = record(config, &mut results[m], &mut verdicts[m], k, t, verdict);
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
            return Ok(not_run(undecided, results));
        }
        if let Some(e) = error {
            return Err(e);
        }
        pending = next;
    }
    Ok(false)
}

/// Takes mutant `r`'s verdict under its `k`-th covering test `t`. Returns whether the
/// mutant is decided (its status set); otherwise it goes on to its next covering test.
fn record(
    config: &Config,
    r: &mut MutantResult,
    best: &mut Option<Verdict>,
    k: usize,
    t: usize,
    verdict: Verdict,
) -> bool {
    let status = verdict.status;
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
    if go_on && k + 1 < r.covered_by.len() {
        return false;
    }
    let v = best.take().expect("a verdict was recorded");
    r.status = v.status;
    r.reason = v.reason;
    true
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

/// One server for test `t`, running each mutant of the batch in turn and sending each
/// verdict as it comes.
fn run_batch(
    d: &Discovery,
    config: &Config,
    baseline: &Baseline,
    t: usize,
    mutants: &[usize],
    send: &dyn Fn(Result<(usize, usize, Verdict)>),
) -> Result<()> {
    let test = &d.tests[t];
    let binary = &d.binaries[test.binary];
    let start = || {
        Server::start(binary, Some(&test.name))?.ok_or_else(|| {
            Error::Internal(format!("{} has no mutate runtime", binary.path.display()))
        })
    };
    let mut server = start()?;
    for &m in mutants {
        if interrupt::interrupted() {
            return Err(Error::Interrupted);
        }
        let request = Request {
            mutant: Some(d.mutants[m].entry.id.clone()),
            budget: budget(baseline),
            timeout_ms: baseline.limits.timeout_ms,
            grace_ms: baseline.limits.grace_ms,
            memory_mb: config.memory_mb,
            coverage: false,
            output: true,
        };
        let report = match server.run(&request) {
            Ok(report) => report,
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            // A server that broke down is restarted once for this mutant.
            Err(_) => {
                server = start()?;
                server.run(&request)?
            }
        };
        send(Ok((m, t, outcome::judge(&report))));
    }
    Ok(())
}
