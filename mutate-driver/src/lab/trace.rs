//! The propagation runs: for each survivor not proven uninfected, a covering test (the
//! cheapest among those that infect it, else among all) traced twice with every mutant
//! off (each test's two runs first, side by side) and once with the survivor on; the
//! traces go to `propagation::compare`. A run that fails to trace leaves the survivor
//! untraced: a comparison of traces never changes a verdict; only a run that detects the
//! survivor does (below).
//!
//! A test whose two unmutated runs made other calls (random inputs, the time, hash order),
//! or whose calls of a survivor's function (or the calls around them) came out otherwise on
//! the same path (`Trace::wanders_at`: a random test's inputs; which of its calls happened
//! to agree in the two runs would else decide the diagnosis), leaves those survivors
//! unsteady: whether it detects them is chance, and one run is one
//! draw where `cargo test`, run again, makes another. Each such survivor is run against
//! that test [`CHANCE_RERUNS`] more times, and a detection there is its verdict: a
//! survivor is then one that draw after draw did not detect. A steady test's traced run
//! with the survivor on is a second draw as well: where the test fails in it (random
//! values on the same path of calls), that is the verdict, and nothing is compared.

use super::again::{CHANCE_RERUNS, found_again};
use super::baseline::Baseline;
use super::results::{Config, MutantResult};
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::interrupt;
use crate::outcome::{self, Status, Verdict};
use crate::pool;
use crate::progress::Progress;
use crate::propagation::{self, Propagation, Trace};
use crate::server::Server;
use crate::suggest::Witness;
use mutate_protocol::{Request, infection};
use std::collections::{BTreeSet, HashMap};

/// Tests whose unmutated traces are kept at once, per job. One: on itertools the driver's
/// peak was 666 MiB with four, 275 MiB with one, for about 3 s more of tracing's 29 s (each
/// batch waits for its slowest test).
const TESTS_AT_ONCE: usize = 1;

/// What tracing a survivor's test found.
enum Traced {
    /// Where the survivor's difference went, and the calls a test could make again to
    /// see it (`--suggest-tests`).
    Propagated(Propagation, Vec<Witness>),
    /// A detection in a run again: one of the [`CHANCE_RERUNS`] of an unsteady test, or
    /// the traced run of a steady one; its reason says which.
    Detected(Verdict),
}

/// Traces a covering test of every survivor not proven uninfected, and records where the
/// difference went; an unsteady test's detection in a run again is the survivor's verdict.
/// Where tests are to be suggested, a second covering test of each survivor left, from
/// another module where there is one, is traced as well: its calls are more inputs a test
/// may start from (the cheapest test may be one whose inputs hide every difference, as
/// infinite widths hide a wrapping cost's).
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
            // A survivor proven uninfected has nothing to trace, unless a test is to be
            // suggested for it: then its calls are what the test starts from.
            if !config.suggest
                && r.covered_by
                    .iter()
                    .all(|&t| infection::proven_same(r.flags(t)))
            {
                return None;
            }
            Some((m, cheapest(d, baseline, r, None)?))
        })
        .collect();
    let traced = trace_all(
        d,
        config,
        progress,
        baseline,
        to_trace,
        (
            "survivor, a covering test of it traced",
            "survivors, a covering test of each traced",
        ),
    )?;
    apply(results, traced, true);
    if !config.suggest {
        return Ok(());
    }
    let again: Vec<(usize, usize)> = results
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status == Status::Survived && !r.reused)
        .filter_map(|(m, r)| {
            let (first, _) = r.propagation.as_ref()?;
            Some((m, cheapest(d, baseline, r, Some(*first))?))
        })
        .collect();
    let traced = trace_all(
        d,
        config,
        progress,
        baseline,
        again,
        (
            "survivor, a second covering test of it traced for its test",
            "survivors, a second covering test of each traced for their tests",
        ),
    )?;
    apply(results, traced, false);
    Ok(())
}

/// What each survivor's traced test found: a detection is its verdict; where the
/// difference went is its diagnosis (the `first` test's), and the calls a test may make
/// are every traced test's, taken in turn, so that neither's are cut off by the other's.
fn apply(results: &mut [MutantResult], traced: Vec<(usize, (usize, Traced))>, first: bool) {
    for (m, (t, traced)) in traced {
        let r = &mut results[m];
        match traced {
            Traced::Detected(verdict) => detected(r, t, verdict),
            Traced::Propagated(propagation, witnesses) => {
                if first {
                    r.propagation = Some((t, propagation));
                }
                let before = std::mem::take(&mut r.witnesses);
                r.witnesses = crate::suggest::calls::interleaved([before, witnesses]);
            }
        }
    }
}

/// The covering test of survivor `r` to trace: an infecting test if there is one, else any
/// (the coverage run did not compare this mutant's kind). The cheapest to trace: every
/// call of an annotated function is a record, so the fewest calls and loop rounds in the
/// coverage run (not the least time, which varies: the diagnosis reads the same every
/// run); then the first by name. With `besides`, another test than that one, from
/// another module where there is one: a test beside it likely shares its inputs' shape.
fn cheapest(
    d: &Discovery,
    baseline: &[Baseline],
    r: &MutantResult,
    besides: Option<usize>,
) -> Option<usize> {
    let module = |t: usize| module_of(&d.tests[t].name);
    let beside = besides.map(module);
    r.covered_by
        .iter()
        .filter(|&&t| Some(t) != besides)
        .min_by_key(|&&t| {
            let infected = infection::infected(r.flags(t));
            trace_order(
                beside,
                module(t),
                infected,
                baseline[t].total_hits,
                d.test_id(t),
            )
        })
        .copied()
}

/// A test's module: its name without the last part (`None` at the binary's root).
fn module_of(test: &str) -> Option<&str> {
    test.rsplit_once("::").map(|(module, _)| module)
}

/// The order tests are chosen to trace in (the least first): with `beside` (the module of
/// a test traced already), those of other modules first; then infecting ones, the fewest
/// calls and loop rounds, the first by name.
fn trace_order<'a>(
    beside: Option<Option<&'a str>>,
    module: Option<&'a str>,
    infected: bool,
    hits: u64,
    id: String,
) -> impl Ord + use<'a> {
    (beside == Some(module), !infected, hits, id)
}

/// A detection in a traced run is the survivor's verdict.
fn detected(r: &mut MutantResult, t: usize, verdict: Verdict) {
    r.status = verdict.status;
    r.reason = verdict.reason;
    r.killed_by.push(t);
    r.outcomes.push((t, verdict.status));
}

/// Each survivor `m` traced with its test `t` (`to_trace`: `(m, t)` pairs): what each run
/// found, by survivor.
fn trace_all(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    to_trace: Vec<(usize, usize)>,
    what: (&str, &str),
) -> Result<Vec<(usize, (usize, Traced))>> {
    let mut traced = Vec::new();
    if to_trace.is_empty() {
        return Ok(traced);
    }
    progress.phase("Tracing", to_trace.len(), what);
    // One server per test and chunk of survivors; chunks keep every job busy when many
    // survivors share a test. A test whose calls change from run to run (it reads what its
    // runs before left, as a test of random values does) keeps its survivors in one chunk:
    // their runs again one after another, as `cargo test` runs would come, not two of them
    // interleaved, each changing what the other's next run sees.
    let chunk = (to_trace.len() / (config.jobs * 2)).max(4);
    let (wandering, steady): (Vec<_>, Vec<_>) = to_trace
        .into_iter()
        .map(|(m, t)| (t, m))
        .partition(|&(t, _)| baseline[t].wanders);
    let mut jobs = super::batches(steady, chunk);
    jobs.extend(super::batches(wandering, usize::MAX));
    let tests: Vec<usize> = jobs
        .iter()
        .map(|(t, _)| *t)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    // A test a job at a time: each keeps two unmutated traces (up to the runtime's limit
    // each, parsed) while its survivors are compared with them, and a crate's hundreds of
    // tests would keep gigabytes at once.
    for batch in tests.chunks(TESTS_AT_ONCE * config.jobs.max(1)) {
        // Each test traced twice with every mutant off, every run a job of its own: a
        // test that makes many calls is traced on two cores at once, not twice on one.
        let runs: Vec<(usize, usize)> = batch.iter().flat_map(|&t| [(t, 0), (t, 1)]).collect();
        let mut unmutated: HashMap<usize, [Option<Trace>; 2]> = HashMap::new();
        pool::run(
            runs,
            config.jobs,
            |(t, k), send| send((t, k, trace_unmutated(d, config, &baseline[t], t))),
            |(t, k, trace)| unmutated.entry(t).or_default()[k] = trace,
        );
        if interrupt::interrupted() {
            return Err(Error::Interrupted);
        }
        let batch_jobs: Vec<(usize, Vec<usize>)> = jobs
            .iter()
            .filter(|(t, _)| batch.contains(t))
            .cloned()
            .collect();
        pool::run(
            batch_jobs,
            config.jobs,
            |(t, ms): (usize, Vec<usize>), send| {
                let pair = unmutated
                    .get(&t)
                    .and_then(|[original, again]| original.as_ref().zip(again.as_ref()));
                for (m, traced) in trace(d, config, &baseline[t], t, &ms, pair) {
                    send((m, (t, traced)));
                }
            },
            |(m, propagation)| {
                progress.tick();
                traced.push((m, propagation));
            },
        );
    }
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    Ok(traced)
}

/// A traced run of test `t` with every mutant off, if it passed: a run that fails (tracing
/// itself in the way) compares with nothing, and would make the survivor's failing traced
/// run look like a detection.
fn trace_unmutated(d: &Discovery, config: &Config, baseline: &Baseline, t: usize) -> Option<Trace> {
    let mut server = start(d, config, t)?;
    let _slot = config.groups.enter(t);
    let report = server.run(&traced_request(baseline, config, None)).ok()?;
    super::baseline::passed(&report).then(|| Trace::parse(report.trace))
}

/// A server for test `t`; its traced calls record their arguments where tests are to be
/// suggested.
fn start(d: &Discovery, config: &Config, t: usize) -> Option<Server> {
    let test = &d.tests[t];
    let values = [(mutate_protocol::env::VALUES, "1")];
    let env: &[(&str, &str)] = if config.suggest { &values } else { &[] };
    Server::start_with(&d.binaries[test.binary], &test.name, env)
        .ok()
        .flatten()
}

/// A traced run's request: no hit budget, as the survivor ran within it already.
fn traced_request(baseline: &Baseline, config: &Config, mutant: Option<String>) -> Request {
    Request {
        budget: 0,
        observe: true,
        ..super::mutants::limited(baseline, config, mutant)
    }
}

/// Test `t` traced once with each of `mutants`, against its two traces with every mutant
/// off (`None`: those could not be made); a survivor whose runs could not all be made is
/// untraced.
fn trace(
    d: &Discovery,
    config: &Config,
    baseline: &Baseline,
    t: usize,
    mutants: &[usize],
    unmutated: Option<(&Trace, &Trace)>,
) -> Vec<(usize, Traced)> {
    let untraced = || {
        mutants
            .iter()
            .map(|&m| (m, Traced::Propagated(Propagation::Untraced, Vec::new())))
            .collect()
    };
    let Some((original, again)) = unmutated else {
        return untraced();
    };
    // A test that took two paths unmutated would show any mutant "changing" something, and
    // may well detect it in another run: it gets those runs.
    let steady = original.same_path(again);
    // A trace cut at its size limit compares with nothing: the mutants' runs would be
    // spent for no diagnosis.
    if steady && (original.truncated() || again.truncated()) {
        return untraced();
    }
    let Some(mut server) = start(d, config, t) else {
        return untraced();
    };
    if !steady {
        return mutants
            .iter()
            .map(|&m| (m, unsteady(d, config, baseline, t, &mut server, m)))
            .collect();
    }
    mutants
        .iter()
        .map(|&m| {
            let entry = &d.mutants[m].entry;
            if original.wanders_at(again, &entry.function) {
                return (m, unsteady(d, config, baseline, t, &mut server, m));
            }
            let request = Request {
                output: true,
                ..traced_request(baseline, config, Some(entry.id.clone()))
            };
            let slot = config.groups.enter(t);
            let Ok(mut mutant) = server.run(&request) else {
                return (m, Traced::Propagated(Propagation::Untraced, Vec::new()));
            };
            drop(slot);
            if let Some(detected) = failed_again(d, baseline, t, &mutant) {
                return (m, Traced::Detected(detected));
            }
            let traced = Trace::parse(std::mem::take(&mut mutant.trace));
            let propagation = propagation::compare(original, again, &traced, &entry.function);
            let witnesses =
                propagation::witnesses([original, again, &traced], &propagation, &entry.function)
                    .into_iter()
                    .filter_map(|(call, before)| Witness::of(call, before))
                    .collect();
            (m, Traced::Propagated(propagation, witnesses))
        })
        .collect()
}

/// Survivor `m` of unsteady test `t`: run again as chance ([`rerun`]), detected there or
/// said to be chance.
fn unsteady(
    d: &Discovery,
    config: &Config,
    baseline: &Baseline,
    t: usize,
    server: &mut Server,
    m: usize,
) -> Traced {
    rerun(d, config, baseline, t, server, m).map_or(
        Traced::Propagated(Propagation::Unsteady, Vec::new()),
        Traced::Detected,
    )
}

/// The survivor's traced run, where test `t` failed: a detection that the run which let it
/// survive did not make (`humantime`'s `random_past` meets the day its mutant changes in
/// about two runs of five). Only a failing test counts: a crash or a timeout there may be
/// the tracing's own (deeper stacks, slower calls), where the unmutated traced runs passed.
fn failed_again(
    d: &Discovery,
    baseline: &Baseline,
    t: usize,
    report: &mutate_protocol::Report,
) -> Option<Verdict> {
    let verdict = super::mutants::unless_flaky(d, baseline, t, outcome::judge(report));
    let verdict = super::mutants::unless_retried(baseline, verdict);
    (verdict.status == Status::Killed).then(|| {
        found_again(
            verdict,
            format!(
                "in a second run of {}, traced for the diagnosis: the first did not detect \
                 it, so whether it does changes from run to run",
                d.test_id(t)
            ),
        )
    })
}

/// Mutant `m` run against unsteady test `t` up to [`CHANCE_RERUNS`] times, within the test's
/// limits, until a run detects it (a flaky test's failure detects nothing): that verdict,
/// its reason naming the run.
fn rerun(
    d: &Discovery,
    config: &Config,
    baseline: &Baseline,
    t: usize,
    server: &mut Server,
    m: usize,
) -> Option<Verdict> {
    let request = Request {
        output: true,
        ..super::mutants::limited(baseline, config, Some(d.mutants[m].entry.id.clone()))
    };
    (1..=CHANCE_RERUNS).find_map(|run| {
        if interrupt::interrupted() {
            return None;
        }
        let slot = config.groups.enter(t);
        let verdict = outcome::judge(&server.run(&request).ok()?);
        drop(slot);
        let verdict = super::mutants::unless_flaky(d, baseline, t, verdict);
        let verdict = super::mutants::unless_retried(baseline, verdict);
        verdict.status.detected().then(|| {
            found_again(
                verdict,
                format!(
                    "in run {} of {}: {} makes other calls from run to run, and the first run \
                     did not detect it",
                    run + 1,
                    CHANCE_RERUNS + 1,
                    d.test_id(t)
                ),
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_test_comes_from_another_module_before_it_is_cheap_or_infecting() {
        let key = |beside, name: &'static str, infected, hits| {
            trace_order(beside, module_of(name), infected, hits, name.to_owned())
        };
        let first = Some(module_of("wrap::tests::infinite_widths"));
        // Beside the first test's module, a dearer test of another module comes first.
        assert!(
            key(first, "fill::tests::simple", true, 900)
                < key(first, "wrap::tests::cheap", true, 10)
        );
        // Then, as for a first test: infecting, then the fewest hits, then the name.
        assert!(key(first, "fill::tests::a", true, 900) < key(first, "fill::tests::b", false, 10));
        assert!(
            key(None, "wrap::tests::cheap", true, 10) < key(None, "fill::tests::simple", true, 900)
        );
        assert!(key(None, "a", true, 10) < key(None, "b", true, 10));
        assert_eq!(module_of("root_test"), None);
    }
}
