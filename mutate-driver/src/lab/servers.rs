//! The mutant phase's fork servers: one per test binary, for any of its tests
//! (`Server::start_any`). A worker keeps its server while its binary has runs waiting and
//! leaves it idle here when it moves on, so that a later worker on that binary takes it
//! instead of starting its own. Starting a server (`exec`, the binary's constructors, the
//! handshake) costs many times a run's fork.

use super::costs::Gathering;
use crate::compile::TestBinary;
use crate::discover::Discovery;
use crate::error::{Error, Result};
use crate::server::Server;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Instant;

/// Idle servers by binary, the oldest first.
pub struct Idle {
    servers: Mutex<VecDeque<(usize, Server)>>,
    /// How many are kept: each is a process holding its binary's memory.
    most: usize,
    /// Tests per binary: past the limit, a server of a binary with fewer tests (a doc
    /// test's, which has one) goes first, as it is the least likely to serve again.
    tests: Vec<usize>,
}

impl std::fmt::Debug for Idle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let servers = self.servers.lock().map_or(0, |s| s.len());
        write!(f, "Idle({servers} servers)")
    }
}

impl Idle {
    /// The idle servers of a run of `d`'s tests with `jobs` workers: at most
    /// [`super::IDLE_SERVERS_PER_JOB`] a job.
    pub fn for_run(d: &Discovery, jobs: usize) -> Idle {
        Idle {
            servers: Mutex::new(VecDeque::new()),
            most: super::IDLE_SERVERS_PER_JOB * jobs,
            tests: tests_per_binary(d),
        }
    }

    /// An idle server of binary `b`, or a new one (its start counted in `costs`).
    pub fn take(&self, b: usize, binary: &TestBinary, costs: &Gathering) -> Result<Server> {
        let idle = {
            let mut servers = self.servers.lock().expect("no worker panics holding it");
            let at = servers.iter().position(|(of, _)| *of == b);
            at.and_then(|at| servers.remove(at))
        };
        match idle {
            Some((_, server)) => Ok(server),
            None => start(binary, None, costs),
        }
    }

    /// Keeps `server` of binary `b` for a later worker; past the limit, the oldest idle
    /// server of a binary with the fewest tests ends.
    pub fn put(&self, b: usize, server: Server) {
        let ended = {
            let mut servers = self.servers.lock().expect("no worker panics holding it");
            servers.push_back((b, server));
            if servers.len() > self.most {
                let tests = |of: usize| self.tests.get(of).copied().unwrap_or(0);
                let fewest = (0..servers.len()).min_by_key(|&i| tests(servers[i].0));
                fewest.and_then(|i| servers.remove(i))
            } else {
                None
            }
        };
        // Ended outside the lock: dropping a server kills and reaps it.
        drop(ended);
    }
}

/// How many tests each binary of `d` has, for [`Idle::for_run`].
fn tests_per_binary(d: &Discovery) -> Vec<usize> {
    let mut tests = vec![0; d.binaries.len()];
    for test in &d.tests {
        tests[test.binary] += 1;
    }
    tests
}

/// Starts `binary` as a server for `test`, or for any test with `None`, counting it in
/// `costs`.
pub fn start(binary: &TestBinary, test: Option<&str>, costs: &Gathering) -> Result<Server> {
    let since = Instant::now();
    let server = match test {
        Some(test) => Server::start(binary, test)?,
        None => Server::start_any(binary)?,
    };
    let server = server
        .ok_or_else(|| Error::run(format!("{} has no mutate runtime", binary.path.display())))?;
    costs.started(since);
    Ok(server)
}
