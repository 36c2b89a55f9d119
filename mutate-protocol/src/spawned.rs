//! Processes a test starts. A test that runs a binary of the workspace (`CARGO_BIN_EXE_<name>`,
//! assert_cmd, or its own binary again) runs it with the same mutant on, as `cargo test`
//! would with the mutant's text compiled in: the switch reaches it through
//! [`env::ACTIVE`](crate::env::ACTIVE). What it counts reaches the run's report through a
//! file: the forked test names a folder in [`env::SPAWNED`](crate::env::SPAWNED), and every
//! process of the build started under it maps a file of its own there, named by the run
//! and its process id, holding the path of its executable and its counter region. The
//! server reads them when the test has ended, and reports them by executable
//! ([`Counted`]), whose catalog the driver has.

use crate::{escape, pairs, pairs_text, unescape};
use std::path::PathBuf;

/// What a process started under a run is to count, as [`env::SPAWNED`](crate::env::SPAWNED)
/// carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spawn {
    /// Where its file goes.
    pub dir: PathBuf,
    /// The run's number, the first part of the file's name: a process the server failed
    /// to end at once cannot write into the next run's counts.
    pub run: u64,
    /// The run's hit budget (each process counts its own against it); 0: none.
    pub budget: u64,
    /// The own budget of the mutant's function ([`Request::own_budget`](crate::Request)),
    /// for the test's own process only (another process of the run may run the function
    /// otherwise than the test's did); 0: none.
    pub own_budget: u64,
    /// The CPU time, in milliseconds, a process past its own budget must have used.
    pub own_after_ms: u64,
    /// The fork server's process id: its child is the test's own process.
    pub server: u32,
    /// Count site hits (a coverage run).
    pub coverage: bool,
    /// With coverage, compare replacements with the original (the infection probe).
    pub probe: bool,
}

impl Spawn {
    pub fn encode(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.run,
            self.budget,
            u8::from(self.coverage),
            u8::from(self.probe),
            self.own_budget,
            self.own_after_ms,
            self.server,
            self.dir.display()
        )
    }

    pub fn decode(text: &str) -> Option<Spawn> {
        let mut fields = text.splitn(8, '\t');
        let run = fields.next()?.parse().ok()?;
        let budget = fields.next()?.parse().ok()?;
        let coverage = fields.next()? == "1";
        let probe = fields.next()? == "1";
        let own_budget = fields.next()?.parse().ok()?;
        let own_after_ms = fields.next()?.parse().ok()?;
        let server = fields.next()?.parse().ok()?;
        let dir = PathBuf::from(fields.next().filter(|d| !d.is_empty())?);
        Some(Spawn {
            dir,
            run,
            budget,
            own_budget,
            own_after_ms,
            server,
            coverage,
            probe,
        })
    }

    /// The file of process `pid` of this run.
    pub fn file(&self, pid: u32) -> PathBuf {
        self.dir.join(format!("{}-{pid}", self.run))
    }

    /// Whether a file in the folder, by name, is one of this run's.
    pub fn is_of_run(&self, name: &str) -> bool {
        name.split_once('-')
            .is_some_and(|(run, _)| run.parse() == Ok(self.run))
    }
}

/// Bytes before a process's counter region in its file: the magic, the length of its
/// executable's path and the path. A page, so the region that follows is page-aligned.
pub const PREAMBLE: usize = 4096;
/// First bytes of a process's file.
pub const MAGIC: &[u8; 8] = b"mutate\x01\x00";

/// Bytes of a counter region's header: nine words (the runtime's `counters::Header`, which
/// checks that it has this size).
pub const HEADER: usize = 72;

/// A counter region as a process left it: its header's counts, and the sites it hit and
/// the mutants it flagged (the runtime lays it out: a header of [`HEADER`] bytes, a word
/// per site, then a byte per mutant).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Region {
    pub total: u64,
    pub budget_exceeded: bool,
    pub budget_waived: bool,
    pub fell_back: u64,
    pub reached: bool,
    /// Counting stopped in a function: `total` is short.
    pub uncounted: bool,
    /// `(site, hits)` of every site hit.
    pub hits: Vec<(u32, u64)>,
    /// `(mutant, flags)` of every mutant with infection flags.
    pub infection: Vec<(u32, u8)>,
}

impl Region {
    /// The region in `bytes`; `None` if they are too few for what its header says.
    pub fn read(bytes: &[u8]) -> Option<Region> {
        let word = |i: usize| -> Option<u64> {
            let at = i * 8;
            Some(u64::from_ne_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
        };
        let (sites, mutants) = (word(6)? as usize, word(7)? as usize);
        let infection_at = HEADER.checked_add(sites.checked_mul(8)?)?;
        let flags = bytes.get(infection_at..infection_at.checked_add(mutants)?)?;
        let counters = &bytes[HEADER..infection_at];
        Some(Region {
            total: word(0)?,
            budget_exceeded: word(2)? != 0,
            budget_waived: word(3)? != 0,
            fell_back: word(4)?,
            reached: word(5)? != 0,
            uncounted: word(8)? != 0,
            hits: counters
                .chunks_exact(8)
                .enumerate()
                .map(|(i, c)| {
                    (
                        i as u32,
                        u64::from_ne_bytes(c.try_into().unwrap_or_default()),
                    )
                })
                .filter(|&(_, n)| n != 0)
                .collect(),
            infection: flags
                .iter()
                .enumerate()
                .filter(|&(_, &f)| f != 0)
                .map(|(i, &f)| (i as u32, f))
                .collect(),
        })
    }
}

/// A process's file: the executable it ran (as `/proc/self/exe` named it) and its region.
pub fn read_process_file(bytes: &[u8]) -> Option<(String, Region)> {
    let rest = bytes.strip_prefix(MAGIC.as_slice())?;
    let len = u64::from_ne_bytes(rest.get(..8)?.try_into().ok()?) as usize;
    let exe = std::str::from_utf8(rest.get(8..8usize.checked_add(len)?)?).ok()?;
    let region = Region::read(bytes.get(PREAMBLE..)?)?;
    Some((exe.to_owned(), region))
}

/// What the processes a test started counted, one entry per executable (the counts of its
/// processes added), for the driver to read through that executable's catalog.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Counted {
    /// The executable's path, as the process read it from `/proc/self/exe`.
    pub exe: String,
    /// How many processes of it counted.
    pub processes: u32,
    /// `(site index in that executable, hits)`, with coverage.
    pub hits: Vec<(u32, u64)>,
    /// `(mutant index in that executable, infection flags)`, with the probe.
    pub infection: Vec<(u32, u8)>,
}

impl Counted {
    /// The report line (without prefix) that carries it.
    pub fn encode(&self) -> String {
        format!(
            "spawned\t{}\t{}\t{}\t{}",
            escape(&self.exe),
            self.processes,
            pairs_text(&self.hits),
            pairs_text(&self.infection)
        )
    }

    /// The fields after `spawned\t`.
    pub fn decode(rest: &str) -> Option<Counted> {
        let f: Vec<&str> = rest.split('\t').collect();
        if f.len() != 4 {
            return None;
        }
        Some(Counted {
            exe: unescape(f[0]),
            processes: f[1].parse().ok()?,
            hits: pairs(f[2])?,
            infection: pairs(f[3])?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spawn_round_trips_with_a_folder_that_has_tabs() {
        let spawn = Spawn {
            dir: PathBuf::from("/tmp/a b\tc"),
            run: 7,
            budget: 100,
            own_budget: 30,
            own_after_ms: 1000,
            server: 4242,
            coverage: true,
            probe: false,
        };
        assert_eq!(Spawn::decode(&spawn.encode()), Some(spawn));
        assert_eq!(Spawn::decode("1\t2\t1\t1\t0\t0\t9\t"), None);
        assert_eq!(Spawn::decode("x\t2\t1\t1\t/d"), None);
    }

    #[test]
    fn files_are_told_apart_by_run() {
        let spawn = Spawn::decode("12\t0\t0\t0\t0\t0\t0\t/d").unwrap();
        assert_eq!(spawn.file(345), PathBuf::from("/d/12-345"));
        assert!(spawn.is_of_run("12-345"));
        assert!(!spawn.is_of_run("1-345"));
        assert!(!spawn.is_of_run("123-45"));
        assert!(!spawn.is_of_run("other"));
    }

    #[test]
    fn counts_round_trip() {
        let counted = Counted {
            exe: "/t/debug/my app".into(),
            processes: 3,
            hits: vec![(0, 4), (9, 1)],
            infection: vec![],
        };
        let line = counted.encode();
        let rest = line.strip_prefix("spawned\t").unwrap();
        assert_eq!(Counted::decode(rest), Some(counted));
    }
}
