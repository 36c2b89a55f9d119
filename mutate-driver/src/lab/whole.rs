//! Test binaries whose tests cannot be run one by one (`Discovery::whole`): one with no
//! libtest harness (`harness = false`, its own `main`), or one whose fork server could not
//! start (a test's own global allocator that records every allocation in a ledger of a
//! few thousand entries, bytes' `test_bytes_vec_alloc`, has none left for the server's
//! catalog). `cargo test` runs them, and a mutant they detect is detected. So each is run
//! whole, as `cargo test` runs it, with one mutant on (`MUTATE_ACTIVE`, no server),
//! against every mutant the other tests did not detect; first with every mutant off, and
//! a binary that fails then (or outruns its limit) is not used, and said so.

use super::results::{Config, MutantResult};
use crate::compile::TestBinary;
use crate::discover::Discovery;
use crate::interrupt;
use crate::outcome::Status;
use crate::pool;
use crate::process::{Contained, test_command};
use crate::progress::Progress;
use mutate_protocol::spawned::{self, Spawn};
use std::collections::HashSet;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// How one whole run of a binary ended.
pub(crate) enum Whole {
    Passed,
    /// It failed: how it ended ("exit code 101", "SIGABRT").
    Failed(String),
    /// Stopped at its limit.
    TimedOut,
    /// Interrupted, or the binary could not start.
    NotRun,
}

/// A whole run with a mutant on may take this many times the run with none on, plus
/// [`GRACE`], before it is stopped as a timeout: the whole binary's time is many tests',
/// of which the mutant may slow one.
pub(crate) const SLOWER: u32 = 5;
pub(crate) const GRACE: Duration = Duration::from_secs(2);

/// Runs each such binary whole against the selected mutants that survived or had no
/// coverage, and takes a failure as a kill (a run past its limit as a timeout).
pub fn run(
    d: &Discovery,
    to_run: &[bool],
    config: &Config,
    progress: &mut Progress,
    results: &mut [MutantResult],
) {
    // Which mutants a program holds, once for every binary run for the programs alone.
    let mut in_programs = vec![false; results.len()];
    for indexes in d.indexes.get(d.binaries.len()..).unwrap_or_default() {
        for &m in indexes.values() {
            in_programs[m] = true;
        }
    }
    for (b, why) in &d.whole {
        let binary = &d.binaries[*b];
        let name = format!("`{}`", binary.src_path);
        let programs_only = d.programs_only.contains(b);
        let candidates: Vec<usize> = (0..results.len())
            .filter(|&m| to_run[m])
            .filter(|&m| !programs_only || in_programs[m])
            .filter(|&m| matches!(results[m].status, Status::Survived | Status::NoCoverage))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let mut started = Instant::now();
        let run_whole = |id: Option<&str>, limit| run_whole(binary, &d.libtest_args, id, limit);
        // With every mutant off, counting the sites its processes reach (where they link
        // the runtime): a mutant it never reaches cannot change what it does.
        let counting = tempfile::Builder::new()
            .prefix("mutate-whole-")
            .tempdir()
            .ok();
        let mut spawn = counting.as_ref().map(|dir| Spawn {
            dir: dir.path().to_path_buf(),
            run: 1,
            budget: 0,
            own_budget: 0,
            own_after_ms: 0,
            server: 0,
            coverage: true,
            probe: false,
        });
        let counted = spawn
            .as_ref()
            .map(|s| (mutate_protocol::env::SPAWNED, s.encode()));
        let mut first = run_with(binary, &d.libtest_args, counted, config.baseline_timeout);
        // The counting is the runtime's work inside the test's processes, where a test
        // that keeps a ledger of its own allocations sees it: a binary that does not pass
        // so is run as `cargo test` runs it, against every mutant left.
        if !matches!(first, Whole::Passed) && spawn.is_some() && !interrupt::interrupted() {
            spawn = None;
            started = Instant::now();
            first = run_whole(None, config.baseline_timeout);
        }
        let limit = match first {
            Whole::Passed => started.elapsed() * SLOWER + GRACE,
            Whole::NotRun if interrupt::interrupted() => return,
            Whole::NotRun => continue,
            unusable => {
                let said = match unusable {
                    Whole::Failed(ended) => format!("it fails with every mutant off ({ended})"),
                    _ => format!(
                        "it did not finish within {:?} with every mutant off",
                        config.baseline_timeout
                    ),
                };
                progress.note(&format!(
                    "{name}: its tests cannot be run one by one ({why}), nor whole against \
                     the mutants: {said}"
                ));
                continue;
            }
        };
        let reached = spawn.as_ref().and_then(|spawn| reached(d, spawn));
        let candidates: Vec<usize> = match &reached {
            Some(reached) => candidates
                .into_iter()
                .filter(|m| reached.contains(m))
                .collect(),
            None => candidates,
        };
        progress.note(&format!(
            "{name}: its tests cannot be run one by one ({why}); run whole, as `cargo test` \
             runs it, with each mutant no other test detected{}",
            match reached {
                Some(_) => " that its run with every mutant off reached",
                None => "",
            }
        ));
        if candidates.is_empty() {
            continue;
        }
        progress.phase(
            "Whole",
            candidates.len(),
            (
                "mutant, one run of that test binary",
                "mutants, one run of that test binary each",
            ),
        );
        let jobs = candidates
            .into_iter()
            .map(|m| (m, d.mutants[m].entry.id.clone()));
        pool::run(
            spread(jobs.collect()),
            config.groups.whole_runs_at_once(config.jobs),
            |(m, id): (usize, String), send| send((m, run_whole(Some(&id), limit))),
            |(m, whole)| {
                let r = &mut results[m];
                let (status, reason) = match whole {
                    Whole::Failed(ended) => (
                        Status::Killed,
                        format!("{name} failed with it, run whole ({ended})"),
                    ),
                    Whole::TimedOut => (
                        Status::Timeout,
                        format!("{name}, run whole with it, did not finish within {limit:?}"),
                    ),
                    Whole::Passed | Whole::NotRun => (r.status, r.reason.clone()),
                };
                (r.status, r.reason) = (status, reason);
                progress.mutant(r.ended(d, m));
            },
        );
    }
}

/// `jobs` (each a mutant and its id) in an order that follows no file: by a digest of
/// each id. A run whole takes the binary's time where it passes, less where it fails, and
/// its limit where it times out, and a file's mutants tend to end alike: idna's whole
/// `tests` timed out on 7 of the first 110 of 597 mutants (punycode's decoder), on 2 of
/// the rest. In the files' order the time left, which goes by the rate so far, said 2.5
/// times what was left halfway through.
fn spread(mut jobs: Vec<(usize, String)>) -> Vec<(usize, String)> {
    jobs.sort_by_cached_key(|(_, id)| mutate_protocol::build_errors::digest(id.as_bytes()));
    jobs
}

/// The mutants that the processes of a run counting into `spawn` reached, by the sites
/// they hit; `None` where no process counted (none links the runtime).
fn reached(d: &Discovery, spawn: &Spawn) -> Option<HashSet<usize>> {
    let mut reached = HashSet::new();
    let mut counted = false;
    for entry in std::fs::read_dir(&spawn.dir).ok()?.flatten() {
        if !spawn.is_of_run(&entry.file_name().to_string_lossy()) {
            continue;
        }
        let bytes = std::fs::read(entry.path()).ok();
        let Some((exe, region)) = bytes.as_deref().and_then(spawned::read_process_file) else {
            continue;
        };
        counted = true;
        // A process of an executable the run does not know holds none of its mutants.
        let Some(program) = d.program(&exe) else {
            continue;
        };
        for (site, _) in &region.hits {
            reached.extend(d.sites[program].get(site).into_iter().flatten());
        }
    }
    counted.then_some(reached)
}

/// Runs `binary` whole with mutant `id` on (none: every mutant off), stopped at `limit`.
pub(crate) fn run_whole(
    binary: &TestBinary,
    libtest_args: &[String],
    id: Option<&str>,
    limit: Duration,
) -> Whole {
    let env = id.map(|id| (mutate_protocol::env::ACTIVE, id.to_owned()));
    run_with(binary, libtest_args, env, limit)
}

/// Runs `binary` whole with `env` set, its output dropped, stopped at `limit`.
fn run_with(
    binary: &TestBinary,
    libtest_args: &[String],
    env: Option<(&str, String)>,
    limit: Duration,
) -> Whole {
    let mut command = test_command(binary);
    command.args(libtest_args);
    if let Some((name, value)) = env {
        command.env(name, value);
    }
    command.stdout(Stdio::null()).stderr(Stdio::null());
    let Ok(mut process) = Contained::spawn(&mut command) else {
        return Whole::NotRun;
    };
    match process.ended_by(Instant::now() + limit) {
        Some(status) if status.success() => Whole::Passed,
        Some(status) => Whole::Failed(crate::outcome::ended(status)),
        None if interrupt::interrupted() => Whole::NotRun,
        None => Whole::TimedOut,
    }
}

#[cfg(test)]
mod tests {
    use super::spread;

    #[test]
    fn runs_whole_follow_no_file_and_the_same_order_every_time() {
        let jobs: Vec<(usize, String)> = (0..40)
            .map(|m| (m, format!("src/{}.rs:{m}:5: replace + with -", m / 10)))
            .collect();
        let spread_once = spread(jobs.clone());
        assert_eq!(
            spread_once,
            spread(jobs.clone()),
            "the same order every time"
        );
        // The first quarter holds mutants of more than one file.
        let files: std::collections::BTreeSet<usize> =
            spread_once[..10].iter().map(|(m, _)| m / 10).collect();
        assert!(files.len() > 1, "{spread_once:?}");
        let mut sorted = spread_once;
        sorted.sort();
        assert_eq!(sorted, jobs, "every job, once");
    }
}
