//! The relevance runs, traced: each test twice with every mutant off after the change, then
//! each mutant under its candidate tests in their order, after the change and (through a
//! fork server of the build before it) before it. A mutant is decided at the first test
//! that shows it relevant. Where the change is known by its functions, a run after it is
//! traced only from the first call of one on, and the run before it is not made when
//! that run never entered one (`reach.rs`).

use super::compare::{self, Evidence, Observation};
use super::reach::ChangedFunctions;
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
use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

/// One mutant to decide: its candidate tests in the order to try them, each with its
/// twin before the change, and the mutant's own twin there (`None`: it has none).
pub struct Candidate {
    pub mutant: usize,
    pub tests: Vec<(usize, Option<usize>)>,
    pub before: Option<usize>,
    /// Its outcome is chance (`lab::undefined::outcome_is_chance`): only its trace may
    /// show it interacting with the change.
    pub outcome_is_chance: bool,
    /// It is in a file with `unsafe` code (`lab::undefined`): what it shows must show
    /// again in fresh processes, and a crash on either side shows nothing.
    pub unsafe_file: bool,
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
    /// Runs before the change not made (`reach.rs`); `None` when the rule was not used.
    pub skipped: Option<usize>,
}

/// `changed_functions`: the functions holding the change (`reach.rs`), when known; `root`:
/// the workspace's.
pub fn run(
    builds: &Builds,
    candidates: &[Candidate],
    changed_functions: Option<ChangedFunctions>,
    root: &std::path::Path,
    config: &Config,
    progress: &mut Progress,
) -> Result<Found> {
    let mut found = Found {
        shown: HashMap::new(),
        runs: 0,
        skipped: None,
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
    progress.phase(
        "Relevance",
        tests.len() + pairs,
        (
            "traced run, with or without a changed mutant",
            "traced runs, with and without the changed mutants",
        ),
    );
    let mut unmutated: HashMap<usize, [Observation; 2]> = HashMap::new();
    pool::run(
        tests,
        config.jobs,
        |t: usize, send| {
            let observed = Server::start(
                &builds.after.binaries[builds.after.tests[t].binary],
                &builds.after.tests[t].name,
            )
            .ok()
            .flatten()
            .and_then(|mut server| {
                let request = request(&builds.baseline[t], config, None);
                let first = server.run(&request).ok()?;
                let second = server.run(&request).ok()?;
                Some([observe(first), observe(second)])
            });
            send((t, observed));
        },
        |(t, observed)| {
            progress.tick();
            if let Some(observed) = observed {
                found.runs += 2;
                unmutated.insert(t, observed);
            }
        },
    );
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    // The reach rule needs a run's entering changed code seen in its trace: every changed
    // function traced (seen in some run's trace), or entered only through those that are.
    let traced: BTreeSet<&str> = unmutated
        .values()
        .flat_map(|[first, _]| first.trace.keys().map(|(_, f)| f))
        .collect();
    let changed_functions = changed_functions.and_then(|c| c.watched(&traced, root));
    found.skipped = changed_functions.as_ref().map(|_| 0);
    // Each mutant under its candidate tests in their order: jobs of one test and the
    // mutants that have it k-th, the first tests first, all at once (a round at a time,
    // the slowest job of each held the next back). A mutant shown relevant by its k-th
    // test is not run under its later ones; every earlier one has been or is being run,
    // so the test that shows it is its first that can, whatever the order jobs end in.
    let rounds = candidates.iter().map(|c| c.tests.len()).max().unwrap_or(0);
    let chunk = (candidates.len() / (config.jobs * 2)).max(4);
    let mut jobs = Vec::new();
    for round in 0..rounds {
        let pairs = candidates.iter().filter_map(|c| {
            let (t, _) = c.tests.get(round)?;
            unmutated.contains_key(t).then_some((*t, c.mutant))
        });
        jobs.extend(
            crate::lab::batches(pairs, chunk)
                .into_iter()
                .map(|(t, mutants)| (round, t, mutants)),
        );
    }
    let by_mutant: HashMap<usize, &Candidate> = candidates.iter().map(|c| (c.mutant, c)).collect();
    let shown_at: Mutex<HashMap<usize, usize>> = Mutex::new(HashMap::new());
    let context = Context {
        builds,
        config,
        changed_functions: changed_functions.as_ref(),
        trace_from: changed_functions
            .as_ref()
            .map(|fs| fs.iter().cloned().collect::<Vec<_>>().join("\n")),
        shown_at: &shown_at,
    };
    let mut first: HashMap<usize, usize> = HashMap::new();
    pool::run(
        jobs,
        config.jobs,
        |(round, t, mutants): (usize, usize, Vec<usize>), send| {
            let chunk: Vec<&Candidate> = mutants.iter().map(|m| by_mutant[m]).collect();
            for (m, runs, evidence) in decide(&context, t, round, &chunk, &unmutated[&t]) {
                send((m, round, t, runs, evidence));
            }
        },
        |(m, round, t, runs, evidence)| {
            progress.tick();
            found.runs += runs.made;
            if let Some(skipped) = &mut found.skipped {
                *skipped += runs.skipped;
            }
            if let Some(evidence) = evidence
                && first.get(&m).is_none_or(|&earlier| round < earlier)
            {
                first.insert(m, round);
                found.shown.insert(m, (t, evidence));
            }
        },
    );
    if interrupt::interrupted() {
        return Err(Error::Interrupted);
    }
    Ok(found)
}

/// What every job shares.
struct Context<'a> {
    builds: &'a Builds<'a>,
    config: &'a Config,
    changed_functions: Option<&'a BTreeSet<String>>,
    /// `changed_functions` as the runtime is told them (`mutate_protocol::env::TRACE_FROM`).
    trace_from: Option<String>,
    /// Each mutant shown relevant so far, and by its how-manieth candidate test.
    shown_at: &'a Mutex<HashMap<usize, usize>>,
}

/// Test runs a candidate cost: made, and skipped before the change.
struct Runs {
    made: usize,
    skipped: usize,
}

/// Test `t` (each candidate's `round`-th) with each of `chunk`'s mutants on, after the
/// change and, unless that cannot show relevance, before it.
fn decide(
    context: &Context,
    t: usize,
    round: usize,
    chunk: &[&Candidate],
    unmutated: &[Observation; 2],
) -> Vec<(usize, Runs, Option<Evidence>)> {
    let Context {
        builds,
        config,
        changed_functions,
        trace_from,
        shown_at,
    } = context;
    let shown_earlier = |m: usize| {
        let shown_at = shown_at.lock().unwrap_or_else(|e| e.into_inner());
        shown_at.get(&m).is_some_and(|&at| at < round)
    };
    let show = |m: usize| {
        let mut shown_at = shown_at.lock().unwrap_or_else(|e| e.into_inner());
        let at = shown_at.entry(m).or_insert(round);
        *at = (*at).min(round);
    };
    let test = &builds.after.tests[t];
    // Where the change is known by its functions, the runs of mutants that have a twin
    // before it are traced from the first call of one on: every call before is the same
    // as before the change, so no value there can show the two interacting (`reach.rs`),
    // and a run that never enters one writes no trace at all. A mutant with no twin is
    // compared with the unmutated run alone, whole. Each server is started when first
    // needed.
    let start_after = |from_change: bool| {
        let from = trace_from.as_deref().filter(|_| from_change);
        let env: Vec<(&str, &str)> = from
            .map(|from| (mutate_protocol::env::TRACE_FROM, from))
            .into_iter()
            .collect();
        Server::start_with(&builds.after.binaries[test.binary], &test.name, &env)
            .ok()
            .flatten()
    };
    let (mut from_change_server, mut whole): (Option<Option<Server>>, Option<Option<Server>>) =
        (None, None);
    // The test's twin before the change is the same for every candidate; its server is
    // started when first needed.
    let before_test = chunk.first().and_then(|c| c.tests[round].1);
    let start_before = || {
        let test = &builds.before.tests[before_test?];
        Server::start(&builds.before.binaries[test.binary], &test.name)
            .ok()
            .flatten()
    };
    let mut before: Option<Option<Server>> = None;
    let baseline = &builds.baseline[t];
    let runs = |made, skipped| Runs { made, skipped };
    let observed = |server: &mut Server, d: &Discovery, m: usize| {
        let id = d.mutants[m].entry.id.clone();
        let report = server.run(&request(baseline, config, Some(id))).ok()?;
        Some(observe(report))
    };
    let mut judge = |c: &Candidate| {
        let from_change = c.before.is_some() && trace_from.is_some();
        let after = match from_change {
            true => from_change_server.get_or_insert_with(|| start_after(true)),
            false => whole.get_or_insert_with(|| start_after(false)),
        };
        let Some(server) = after.as_mut() else {
            return (c.mutant, runs(0, 0), None);
        };
        let Some(mutant) = observed(server, builds.after, c.mutant) else {
            return (c.mutant, runs(1, 0), None);
        };
        // Definition 2's first half: the mutant shows at some point after the change.
        let shown = compare::relevant([&unmutated[0], &unmutated[1]], &mutant, None);
        let Some(twin) = c.before.filter(|_| shown.is_some()) else {
            return (c.mutant, runs(1, 0), shown.filter(|_| c.before.is_none()));
        };
        if changed_functions.is_some_and(|fs| never_entered(&mutant, fs)) {
            return (c.mutant, runs(1, 1), None);
        }
        let earlier = before
            .get_or_insert_with(start_before)
            .as_mut()
            .and_then(|server| observed(server, builds.before, twin));
        let Some(earlier) = earlier else {
            return (c.mutant, runs(1, 0), None);
        };
        let post = [&unmutated[0], &unmutated[1]];
        let judge = |mutant: &Observation, earlier: &Observation| {
            let chance = c.outcome_is_chance
                || (c.unsafe_file && compare::crashed_by_chance(&mutant.outcome, &earlier.outcome));
            match chance {
                true => compare::relevant_by_trace(post, mutant, earlier),
                false => compare::relevant(post, mutant, Some(earlier)),
            }
        };
        let shown = judge(&mutant, &earlier);
        if shown.is_none() || !c.unsafe_file {
            return (c.mutant, runs(2, 0), shown);
        }
        // Where `unsafe` code lives, what a mutant shows may be memory it corrupted, which
        // differs between any two processes: shown again, the same, by a run on each side
        // in processes of their own, or not at all.
        let again_after = start_after(from_change)
            .and_then(|mut server| observed(&mut server, builds.after, c.mutant));
        let again_before =
            start_before().and_then(|mut server| observed(&mut server, builds.before, twin));
        let confirmed = again_after
            .zip(again_before)
            .and_then(|(mutant, earlier)| judge(&mutant, &earlier));
        let shown = if confirmed == shown { shown } else { None };
        (c.mutant, runs(4, 0), shown)
    };
    chunk
        .iter()
        .filter(|c| !shown_earlier(c.mutant))
        .map(|c| {
            let judged = judge(c);
            if judged.2.is_some() {
                show(c.mutant);
            }
            judged
        })
        .collect()
}

/// Whether a run certainly never entered any of `functions`: it ended normally (passed or
/// failed; a crash or a kill may cut its trace short) and its whole trace names none.
fn never_entered(run: &Observation, functions: &BTreeSet<String>) -> bool {
    let ended = run.outcome == "passes" || run.outcome.starts_with("fails");
    ended && !run.trace.truncated() && !run.trace.keys().any(|(_, f)| functions.contains(f))
}

/// A traced run with its output, for the outcome's message.
fn request(baseline: &Baseline, config: &Config, mutant: Option<String>) -> Request {
    Request {
        output: true,
        observe: true,
        ..crate::lab::limited(baseline, config, mutant)
    }
}

/// What a run showed: its outcome, with a failure's whole panic message (its location
/// left out: lines move with the change), and its trace.
fn observe(mut report: Report) -> Observation {
    let verdict = outcome::judge(&report);
    let outcome = match verdict.status {
        Status::Survived => "passes".to_owned(),
        Status::Killed => match panic_message(&report) {
            Some(message) => format!("fails: {message}"),
            None => format!("fails: {}", verdict.reason),
        },
        Status::Timeout => "times out".to_owned(),
        _ => verdict.reason,
    };
    Observation {
        outcome,
        trace: Trace::parse(std::mem::take(&mut report.trace)),
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
