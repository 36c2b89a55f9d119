//! Processes a test starts (`mutate_protocol::spawned`). In such a process, a constructor
//! maps a file of its own in the folder the run named and installs its counter region
//! there, so its site hits, infection flags, loop rounds and whether it reached the active
//! mutant outlive it, even killed. The fork server reads the run's files once the test has
//! ended ([`Run::collect`]) and adds them to its report.

use crate::{catalog, counters, probe, switch};
use mutate_protocol::env;
use mutate_protocol::spawned::{Counted, MAGIC, PREAMBLE, Spawn};
use std::collections::BTreeMap;
use std::path::PathBuf;

ctor::declarative::ctor! {
    #[ctor(unsafe, priority = late)]
    fn count_if_spawned() {
        // A fork server counts for itself; a process started under a run counts into it.
        if std::env::var_os(env::SERVER).is_some() {
            return;
        }
        if let Some(spawn) = std::env::var(env::SPAWNED).ok().and_then(|t| Spawn::decode(&t)) {
            join(&spawn);
        }
    }
}

/// Keeps this module's object file (and so its constructor) in every binary that
/// registers a table, as `server::anchor` does.
#[inline(never)]
pub(crate) fn anchor() -> usize {
    count_if_spawned as *const () as usize
}

/// Counts this process into `spawn`'s run. Nothing is said where that fails: a test may
/// compare the process's output byte for byte, and its counts are then only missing.
fn join(spawn: &Spawn) {
    let (sites, mutants) = catalog::counts();
    let size = counters::region_size(sites, mutants);
    let Some(region) = map_file(spawn, size) else {
        return;
    };
    // SAFETY: a fresh zeroed shared mapping of the right size, never unmapped.
    unsafe { counters::install(region, sites, mutants) };
    counters::reset(spawn.budget, spawn.coverage);
    // The test's own process, forked by the server, takes the function's own budget.
    if std::os::unix::process::parent_id() == spawn.server {
        counters::set_own_budget(spawn.own_budget, spawn.own_after_ms.saturating_mul(1000));
    }
    // A process a test started is never traced.
    crate::coverage_cut::allow(spawn.coverage);
    if spawn.coverage {
        switch::schemata_everywhere();
        if spawn.probe {
            probe::start();
        }
    }
}

/// This process's file in the run's folder, `size` bytes of region after the preamble,
/// mapped shared; `None` if it cannot be made.
fn map_file(spawn: &Spawn, size: usize) -> Option<*mut u8> {
    use std::os::unix::fs::{FileExt, OpenOptionsExt};
    let exe = std::fs::read_link("/proc/self/exe").ok()?;
    let exe = exe.to_string_lossy();
    let mut preamble = Vec::with_capacity(16 + exe.len());
    preamble.extend_from_slice(MAGIC);
    preamble.extend_from_slice(&(exe.len() as u64).to_ne_bytes());
    preamble.extend_from_slice(exe.as_bytes());
    if preamble.len() > PREAMBLE {
        return None;
    }
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(spawn.file(std::process::id()))
        .ok()?;
    file.set_len((PREAMBLE + size) as u64).ok()?;
    // The preamble last: a file is read only once it has one, so never half made.
    let memory = map_shared(&file, size)?;
    file.write_all_at(&preamble, 0).ok()?;
    Some(memory)
}

fn map_shared(file: &std::fs::File, size: usize) -> Option<*mut u8> {
    use std::os::fd::AsRawFd;
    // SAFETY: mapping a file we own, at a page-aligned offset; checked for failure.
    let memory = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            size.max(1),
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
            file.as_raw_fd(),
            PREAMBLE as libc::off_t,
        )
    };
    (memory != libc::MAP_FAILED).then_some(memory.cast())
}

/// The server's side: a folder for its runs' processes, and the number of the next run.
pub(crate) struct Runs {
    dir: Option<PathBuf>,
    next: u64,
}

/// What the processes of one run counted, together.
#[derive(Debug, Default)]
pub(crate) struct Collected {
    pub total: u64,
    pub budget_exceeded: bool,
    pub budget_waived: bool,
    pub fell_back: u64,
    pub reached: bool,
    /// One of them stopped counting in a function (`coverage_cut.rs`).
    pub uncounted: bool,
    /// By executable, with coverage.
    pub counted: Vec<Counted>,
}

impl Runs {
    pub fn new() -> Runs {
        // The test's temporary folder: the driver's, removed when it ends.
        let dir = std::env::temp_dir().join(format!("mutate-spawned-{}", std::process::id()));
        Runs {
            dir: std::fs::create_dir_all(&dir).ok().map(|_| dir),
            next: 0,
        }
    }

    /// The next run's [`Spawn`], for its child's environment; `None` without a folder.
    pub fn next(&mut self, request: &mutate_protocol::Request) -> Option<Spawn> {
        self.next += 1;
        Some(Spawn {
            dir: self.dir.clone()?,
            run: self.next,
            budget: request.budget,
            own_budget: request.own_budget,
            own_after_ms: request.own_after_ms,
            server: std::process::id(),
            coverage: request.coverage,
            probe: request.probe,
        })
    }
}

/// What the processes of `spawn`'s run counted; their files are removed, with any another
/// run left behind.
pub(crate) fn collect(spawn: &Spawn) -> Collected {
    let mut collected = Collected::default();
    let Ok(entries) = std::fs::read_dir(&spawn.dir) else {
        return collected;
    };
    let mut by_exe: BTreeMap<String, Counted> = BTreeMap::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let ours = spawn.is_of_run(&entry.file_name().to_string_lossy());
        let read = ours.then(|| std::fs::read(&path).ok()).flatten();
        let _ = std::fs::remove_file(&path);
        let Some((exe, region)) = read
            .as_deref()
            .and_then(mutate_protocol::spawned::read_process_file)
        else {
            continue;
        };
        collected.total += region.total;
        collected.budget_exceeded |= region.budget_exceeded;
        collected.budget_waived |= region.budget_waived;
        collected.fell_back = collected.fell_back.max(region.fell_back);
        collected.reached |= region.reached;
        collected.uncounted |= region.uncounted;
        if spawn.coverage {
            let counted = by_exe.entry(exe.clone()).or_insert_with(|| Counted {
                exe,
                ..Counted::default()
            });
            counted.processes += 1;
            add(
                &mut counted.hits,
                region.hits,
                mutate_protocol::hits_together,
            );
            add(&mut counted.infection, region.infection, |a, b| a | b);
        }
    }
    collected.counted = by_exe.into_values().collect();
    collected
}

/// `more` merged into `into`, values of one key combined by `combine`; sorted by key.
fn add<V: Copy>(into: &mut Vec<(u32, V)>, more: Vec<(u32, V)>, combine: fn(V, V) -> V) {
    let mut merged: BTreeMap<u32, V> = into.drain(..).collect();
    for (k, v) in more {
        merged
            .entry(k)
            .and_modify(|old| *old = combine(*old, v))
            .or_insert(v);
    }
    into.extend(merged);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_one_executable_are_added_and_other_runs_left_out() {
        let dir = tempfile_dir();
        let spawn = Spawn {
            dir: dir.clone(),
            run: 3,
            budget: 0,
            own_budget: 0,
            own_after_ms: 0,
            server: 0,
            coverage: true,
            probe: true,
        };
        let file = |run: u64, pid: u32, exe: &str, words: [u64; 9], tail: &[u8]| {
            let mut bytes = MAGIC.to_vec();
            bytes.extend_from_slice(&(exe.len() as u64).to_ne_bytes());
            bytes.extend_from_slice(exe.as_bytes());
            bytes.resize(PREAMBLE, 0);
            for w in words {
                bytes.extend_from_slice(&w.to_ne_bytes());
            }
            bytes.extend_from_slice(tail);
            let at = Spawn {
                run,
                ..spawn.clone()
            }
            .file(pid);
            std::fs::write(at, bytes).unwrap();
        };
        // total, budget, exceeded, waived, fell back, reached, sites, mutants, uncounted;
        // then two site counters, one infection flag, two settled flags.
        let two_sites = |a: u64, b: u64, flag: u8| {
            let mut tail = a.to_ne_bytes().to_vec();
            tail.extend_from_slice(&b.to_ne_bytes());
            tail.extend_from_slice(&[flag, 0, 0]);
            tail
        };
        file(
            3,
            10,
            "/t/app",
            [5, 0, 0, 0, 0, 1, 2, 1, 0],
            &two_sites(1, 0, 2),
        );
        file(
            3,
            11,
            "/t/app",
            [7, 0, 0, 0, 1, 0, 2, 1, 0],
            &two_sites(2, 3, 1),
        );
        file(
            3,
            12,
            "/t/other",
            [1, 0, 1, 0, 0, 0, 2, 1, 1],
            &two_sites(0, 0, 0),
        );
        file(
            2,
            13,
            "/t/app",
            [100, 0, 0, 0, 0, 0, 2, 1, 0],
            &two_sites(9, 9, 0),
        );
        // Made and not yet filled in: no preamble.
        std::fs::write(spawn.file(14), vec![0u8; PREAMBLE + 72]).unwrap();

        let collected = collect(&spawn);
        assert_eq!(collected.total, 13);
        assert!(collected.reached && collected.budget_exceeded && !collected.budget_waived);
        // One process stopped counting in a function: the run's total is short.
        assert!(collected.uncounted);
        assert_eq!(collected.fell_back, 1);
        assert_eq!(
            collected.counted,
            [
                Counted {
                    exe: "/t/app".into(),
                    processes: 2,
                    hits: vec![(0, 3), (1, 3)],
                    infection: vec![(0, 3)],
                },
                Counted {
                    exe: "/t/other".into(),
                    processes: 1,
                    hits: vec![],
                    infection: vec![],
                }
            ]
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "all removed");
        std::fs::remove_dir(&dir).unwrap();
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "mutate-spawned-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
