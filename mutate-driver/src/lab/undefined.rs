//! Mutants where `unsafe` code lives, run again. A mutant there can break what the
//! `unsafe` code relies on (a length, a capacity, an index checked in safe code next to
//! it: Rust's safety boundary is the module, not the block) and corrupt memory. What the
//! test then does depends on what the memory held: it fails an assertion in one run and
//! dies of a signal in the next, or passes. Such a verdict is neither a kill nor a survivor
//! to trust. So each run the mutant phase made of a mutant of a file that holds `unsafe`
//! code (up to the one that detected it) is made once more, in a fresh process of its test
//! (its own address space layout, as another `cargo test` would have, and the allocator
//! filling what it hands out and takes back with a pattern, so that a read of memory not
//! written, or freed, reads other bytes than before); a verdict that changes from detected
//! to not (or back) is *undefined behaviour suspected*, out of the score. A mutant
//! detected in every run, one way or another (a failed assertion, then a crash), is
//! detected: `cargo test` fails either way, and the reason says both.

use super::baseline::Baseline;
use super::mutants::{limited, unless_flaky, unless_retried};
use super::results::{Config, MutantResult};
use crate::discover::Discovery;
use crate::interrupt;
use crate::outcome::{self, Status, Verdict};
use crate::pool;
use crate::progress::Progress;
use crate::server::Server;
use mutate_protocol::Request;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

/// The files among `files` (relative to `root`) whose code says `unsafe`: a block, a
/// function, an impl, a trait, an extern block. Read as Rust tokens, so a word in a string
/// or a comment does not count; a file that does not lex is taken to hold it.
pub fn files_with_unsafe<'a>(
    root: &Path,
    files: impl IntoIterator<Item = &'a str>,
) -> BTreeSet<String> {
    files
        .into_iter()
        .collect::<BTreeSet<&str>>()
        .into_iter()
        .filter(|file| {
            std::fs::read_to_string(root.join(file)).is_ok_and(|text| says_unsafe(&text))
        })
        .map(str::to_owned)
        .collect()
}

fn says_unsafe(text: &str) -> bool {
    fn any(stream: proc_macro2::TokenStream) -> bool {
        stream.into_iter().any(|token| match token {
            proc_macro2::TokenTree::Ident(ident) => ident == "unsafe",
            proc_macro2::TokenTree::Group(group) => any(group.stream()),
            _ => false,
        })
    }
    proc_macro2::TokenStream::from_str(text).map_or(true, any)
}

/// The byte the allocator fills freed memory with in the runs again (and new blocks with
/// its complement): neither 0 nor all ones, which plain runs often read by chance. A
/// second process with another byte made no difference to which of smallvec's mutants
/// were suspected from one run of the driver to the next (2 of 755 either way).
const PERTURB: u8 = 165;

/// More runs again, each in a fresh process, of every run of a mutant a signal killed.
const CRASH_RERUNS: usize = 4;

/// Whether a crash's reason is a signal of a bad memory access (a null or wild pointer, a
/// write past a mapping): in Rust, undefined behaviour has happened.
fn bad_access(reason: &str) -> bool {
    reason.contains("killed by SIGSEGV") || reason.contains("killed by SIGBUS")
}

/// The reason an undefined behaviour suspect's report gives.
fn reason(d: &Discovery, t: usize, first: &Verdict, again: &Verdict) -> String {
    format!(
        "undefined behaviour suspected: in a file with `unsafe` code, {} gave two verdicts \
         in two runs of its own: {}, then {}; a mutant that corrupts memory is detected or \
         not by chance",
        d.test_id(t),
        said(first),
        said(again)
    )
}

/// Runs again each mutant of `config.unsafe_files` the mutant phase decided, under each
/// test it ran under, and marks those whose verdict under one of them changed.
pub fn run(
    d: &Discovery,
    config: &Config,
    progress: &mut Progress,
    baseline: &[Baseline],
    results: &mut [MutantResult],
) {
    // The mutants decided here, in such files (a timeout is not run again: a second run of
    // a hang costs its whole limit).
    let decided: Vec<usize> = (0..results.len())
        .filter(|&m| {
            let r = &results[m];
            !r.reused
                && matches!(
                    r.status,
                    Status::Killed | Status::Crashed | Status::Survived
                )
                && config.unsafe_files.contains(&d.mutants[m].entry.file)
        })
        .collect();
    // (test, (mutant, its first verdict there)): every run the mutant phase made, up to
    // and including a detection (a test that passed before the one that detected it may
    // not pass again); not those the probe spared (proven to compute nothing different).
    let runs: Vec<(usize, (usize, Status))> = decided
        .iter()
        .flat_map(|&m| {
            let r = &results[m];
            let made: BTreeSet<usize> = r.runs.iter().map(|&(t, _)| t).collect();
            r.outcomes
                .iter()
                .filter(move |(t, first)| *first != Status::Timeout && made.contains(t))
                .map(move |&(t, first)| (t, (m, first)))
        })
        .collect();
    if runs.is_empty() {
        return;
    }
    // A mutant a test killed with a signal may have corrupted memory (a bad access, a
    // heap the allocator found broken and aborted on), and whether the next process meets
    // it is chance: smallvec's writes past a buffer crashed one process and not the next,
    // about one time in several, or crashed in a later test after an earlier one passed.
    // Every run of such a mutant gets more runs again, each in a process of its own:
    // each round of them is a fresh server of the test (a fresh address space layout),
    // which forks a child for each run, so one mutant's corrupt memory never meets
    // another's; not a server for each run, which costs an `exec` a run.
    let crashes: Vec<(usize, (usize, Status))> = runs
        .iter()
        .filter(|(_, (m, _))| results[*m].status == Status::Crashed)
        .copied()
        .collect();
    // Each run weighs what it took in the mutant phase (and a fork): the time left then
    // follows the slow runs, which come in any order, not the count of runs.
    let took: HashMap<(usize, usize), f64> = runs
        .iter()
        .map(|&(t, (m, _))| ((t, m), weight_of_run(&results[m].runs, t)))
        .collect();
    let weight = |t: usize, m: usize| took.get(&(t, m)).copied().unwrap_or(FORK_MICROS);
    let weigh = |runs: &[(usize, (usize, Status))]| -> f64 {
        runs.iter().map(|&(t, (m, _))| weight(t, m)).sum()
    };
    let total = weigh(&runs) + CRASH_RERUNS as f64 * weigh(&crashes);
    let count = runs.len() + CRASH_RERUNS * crashes.len();
    let chunk = (runs.len() / (config.jobs * 2)).max(4);
    let mut jobs = super::batches(runs, chunk);
    for batch in super::batches(crashes, chunk) {
        jobs.extend(std::iter::repeat_n(batch, CRASH_RERUNS));
    }
    progress.phase(
        "Unsafe",
        count,
        (
            "mutant where `unsafe` code lives run again",
            "runs again of mutants where `unsafe` code lives",
        ),
    );
    let mut changed: Vec<(usize, usize, Status, Verdict)> = Vec::new();
    let mut done = 0.0;
    pool::run(
        jobs,
        config.jobs,
        |(t, ms): (usize, Vec<(usize, Status)>), send| {
            let test = &d.tests[t];
            let server = Server::start_perturbed(&d.binaries[test.binary], &test.name, PERTURB);
            let Ok(Some(mut server)) = server else {
                for (m, first) in ms {
                    send((t, m, first, None));
                }
                return;
            };
            for (m, first) in ms {
                if interrupt::interrupted() {
                    send((t, m, first, None));
                    continue;
                }
                let request = Request {
                    output: true,
                    ..limited(&baseline[t], config, Some(d.mutants[m].entry.id.clone()))
                };
                let slot = config.groups.enter(t);
                let report = server.run(&request);
                drop(slot);
                let again = report.ok().map(|report| {
                    let verdict = unless_flaky(d, &baseline[t], t, outcome::judge(&report));
                    unless_retried(&baseline[t], verdict)
                });
                send((t, m, first, again));
            }
        },
        |(t, m, first, again)| {
            done += weight(t, m);
            progress.work(done, (total - done).max(0.0), Duration::ZERO);
            progress.tick();
            changed.extend(again.map(|verdict| (t, m, first, verdict)));
        },
    );
    changed.sort_by_key(|(t, m, _, _)| (*m, *t));
    let mut by_run: Vec<((usize, usize), Status, Vec<Verdict>)> = Vec::new();
    for (t, m, first, again) in changed {
        match by_run.last_mut() {
            Some((key, _, agains)) if *key == (m, t) => agains.push(again),
            _ => by_run.push(((m, t), first, vec![again])),
        }
    }
    for ((m, t), first, agains) in by_run {
        let r = &mut results[m];
        if r.status == Status::UndefinedBehaviour {
            continue;
        }
        // Detected in one run and not in another.
        let flipped = agains
            .iter()
            .find(|a| a.status.detected() != first.detected());
        let other = agains.iter().find(|a| a.status != first);
        match flipped {
            Some(again) => {
                // The first verdict's reason is the mutant's where this test decided it.
                let decided = r.killed_by.first() == Some(&t) || r.status == Status::Survived;
                let first = Verdict {
                    status: first,
                    reason: if decided {
                        r.reason.clone()
                    } else {
                        String::new()
                    },
                };
                r.reason = reason(d, t, &first, again);
                r.status = Status::UndefinedBehaviour;
            }
            // Detected both times, another way (a failed assertion, then an abort of a
            // heap the allocator found broken): `cargo test` fails either way, and the
            // verdict stands, saying so (which way a run goes is chance).
            None => {
                if let Some(again) = other.filter(|_| !r.reason.contains(OTHERWISE)) {
                    r.reason = format!(
                        "{} ({OTHERWISE}: {}; memory it corrupts is met by chance, and the \
                         tests fail either way)",
                        r.reason,
                        said(again)
                    );
                }
            }
        }
    }
    // A crash of a bad memory access whose runs again all crashed too still met
    // undefined behaviour: the next run may pass (smallvec's `try_reserve` with `-` made
    // `+` passed one run of the driver and crashed in five of the next). Said, so that a
    // verdict that differs in another run is not a surprise. (Suspecting every bad access
    // instead made more verdicts change: which signal a corrupted heap ends in, SIGSEGV
    // or the allocator's SIGABRT, is chance too.)
    for m in decided {
        let r = &mut results[m];
        if r.status == Status::Crashed && bad_access(&r.reason) {
            r.reason = format!("{} ({STILL_SUSPECT})", r.reason);
        }
    }
}

/// Whether `r`'s outcome is chance: undefined behaviour suspected, or detected in ways that
/// differ from run to run, or a bad memory access where `unsafe` code lives. What a test
/// does under it depends on what memory held, so two builds of it may differ whatever
/// else changed (`relevance`).
pub fn outcome_is_chance(r: &MutantResult) -> bool {
    r.status == Status::UndefinedBehaviour
        || r.reason.contains(OTHERWISE)
        || r.reason.contains(STILL_SUSPECT)
}

/// What a crash of a bad memory access that repeated says beside its signal.
const STILL_SUSPECT: &str = "a bad memory access where `unsafe` code lives: undefined \
    behaviour, the same in every run again here, but another run may pass";

/// What a verdict detected again another way says beside its reason.
const OTHERWISE: &str = "in a file with `unsafe` code, a run again detected it otherwise";

/// A verdict as the reasons say it.
fn said(v: &Verdict) -> String {
    match (v.status, v.reason.is_empty()) {
        (Status::Survived, true) => "passed".to_owned(),
        (status, true) => status.label().to_owned(),
        (status, false) => format!("{} ({})", status.label(), v.reason),
    }
}

/// What a fork costs a run again, in µs, beside the test's own time.
const FORK_MICROS: f64 = 1_000.0;

/// What a mutant's run again under test `t` weighs in the phase's time left: what that
/// run took in the mutant phase (`made`: its runs there, test and µs) and a fork; a fork
/// alone where it made none.
fn weight_of_run(made: &[(usize, u64)], t: usize) -> f64 {
    let micros = made.iter().find(|&&(r, _)| r == t).map_or(0, |r| r.1);
    micros as f64 + FORK_MICROS
}

#[cfg(test)]
mod tests {
    use super::{says_unsafe, weight_of_run};
    use crate::remaining::Remaining;
    use std::time::{Duration, Instant};

    #[test]
    fn a_run_again_weighs_what_it_took_in_the_mutant_phase() {
        let made = [(0, 49_000), (1, 0)];
        assert_eq!(weight_of_run(&made, 0), 50_000.0);
        assert_eq!(weight_of_run(&made, 1), 1_000.0);
        assert_eq!(weight_of_run(&made, 2), 1_000.0, "never made: a fork's");
        // The light run ended first, after 10 s: the heavy one, fifty times its weight,
        // says fifty times that, where counting runs would say 10 s.
        let start = Instant::now();
        let mut left = Remaining::new(2, start);
        let (light, heavy) = (weight_of_run(&made, 1), weight_of_run(&made, 0));
        left.work(light, heavy, (start, Duration::ZERO));
        assert_eq!(
            left.left(start + Duration::from_secs(10)),
            Some(Duration::from_secs(500))
        );
    }

    #[test]
    fn unsafe_code_is_told_from_the_word() {
        assert!(says_unsafe("fn f(p: *const u8) -> u8 { unsafe { *p } }"));
        assert!(says_unsafe("pub unsafe fn g() {}"));
        assert!(says_unsafe("unsafe impl Send for S {}"));
        assert!(!says_unsafe(
            "// unsafe\nfn f() -> &'static str { \"unsafe\" }"
        ));
        assert!(!says_unsafe("fn f() {}"));
    }
}
