//! The driver's side of the fork server: start a test binary as a server for one test,
//! read its catalog, send run requests, read reports.

use crate::compile::TestBinary;
use crate::error::{Error, Operation, Result};
use crate::interrupt;
use crate::process::{Contained, test_command};
use mutate_protocol::{
    CatalogEntry, Greeting, PREFIX, Report, Request, SERVER_ENV, VERSION, server_exit,
};
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Stdio};

/// Each child runs one test, so libtest's default concurrency buys nothing; said, libtest
/// does not read the machine's CPU limits (cgroup files, affinity) in every child, which
/// is a tenth of its start. The test itself cannot tell: it runs on a thread of its own
/// either way.
const ONE_THREAD: &str = "--test-threads=1";

pub struct Server {
    process: Contained,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// Sent only to a server started for its catalog ([`Server::catalog`]).
    catalog: Vec<CatalogEntry>,
    /// Number of sites the binary registered.
    pub sites: u32,
    /// It runs whichever test of its binary a request names (`Request::test`).
    pub any_test: bool,
}

impl Drop for Server {
    /// Before its process is ended: how much memory it reached, for the report.
    fn drop(&mut self) {
        crate::memory::server_ending(self.process.child().id());
    }
}

/// What a test binary started for its catalog turned out to be.
pub enum Catalog {
    /// A schemata binary: its mutants.
    Served(Vec<CatalogEntry>),
    /// A binary without the mutate runtime: it listed its tests and ended.
    Plain,
    /// A binary whose fork server ended before its catalog, and how it ended (a test's own
    /// allocator that keeps a ledger of a few thousand allocations, which the server's
    /// outrun: bytes' `test_bytes_vec_alloc`).
    Unstartable(String),
}

/// How a server's start ended.
enum Started {
    Server(Server),
    /// It ended before greeting; how, where it failed (a clean end: a plain binary).
    Ended(Option<String>),
}

impl Started {
    fn server(self) -> Option<Server> {
        match self {
            Started::Server(server) => Some(server),
            Started::Ended(_) => None,
        }
    }
}

impl Server {
    /// Starts `binary` as a server for `test` (its catalog left empty). Returns `None` for
    /// a binary without the mutate runtime.
    pub fn start(binary: &TestBinary, test: &str) -> Result<Option<Server>> {
        Self::spawn(binary, &["--exact", test, ONE_THREAD], &[]).map(Started::server)
    }

    /// [`Server::start`], with more variables in its environment.
    pub fn start_with(
        binary: &TestBinary,
        test: &str,
        env: &[(&str, &str)],
    ) -> Result<Option<Server>> {
        Self::spawn(binary, &["--exact", test, ONE_THREAD], env).map(Started::server)
    }

    /// [`Server::start`], with the C allocator filling each block it hands out with the
    /// complement of `byte` and each it takes back with `byte` (glibc's `MALLOC_PERTURB_`),
    /// so that code which reads memory it did not write, or memory it freed, reads other
    /// bytes than in a plain run.
    pub fn start_perturbed(binary: &TestBinary, test: &str, byte: u8) -> Result<Option<Server>> {
        let byte = byte.to_string();
        let perturb = [("MALLOC_PERTURB_", byte.as_str())];
        Self::spawn(binary, &["--exact", test, ONE_THREAD], &perturb).map(Started::server)
    }

    /// Starts `binary` only to read its catalog.
    pub fn catalog(binary: &TestBinary) -> Result<Catalog> {
        // Without the runtime the binary just lists its tests and exits.
        Ok(
            match Self::spawn(binary, &["--list", "--format", "terse"], &[])? {
                Started::Server(mut server) => Catalog::Served(std::mem::take(&mut server.catalog)),
                Started::Ended(None) => Catalog::Plain,
                Started::Ended(Some(how)) => Catalog::Unstartable(how),
            },
        )
    }

    /// Starts `binary` as a server for any of its tests, each request naming its test
    /// (`mutate_protocol::test_slot`); its `any_test` says whether it found its slot.
    /// Returns `None` for a binary without the mutate runtime.
    pub fn start_any(binary: &TestBinary) -> Result<Option<Server>> {
        let slot = mutate_protocol::test_slot::argument();
        Self::spawn(binary, &["--exact", &slot, ONE_THREAD], &[]).map(Started::server)
    }

    fn spawn(binary: &TestBinary, args: &[&str], env: &[(&str, &str)]) -> Result<Started> {
        let mut command = test_command(binary);
        command.args(args).envs(env.iter().copied());
        let listing = args.first() == Some(&"--list");
        // The catalog is read once, by discovery (which lists); runs need none.
        let mode = match listing {
            false => mutate_protocol::env::SERVER_RUNS,
            true => mutate_protocol::env::SERVER_CATALOG,
        };
        command
            .env(SERVER_ENV, mode)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut process = Contained::spawn(&mut command).map_err(|e| {
            Error::caused(
                Operation::Run,
                format!("cannot start {}", binary.path.display()),
                e,
            )
        })?;
        let stdin = process.child().stdin.take().expect("piped stdin");
        let stdout = BufReader::new(process.child().stdout.take().expect("piped stdout"));
        let mut server = Server {
            process,
            stdin,
            stdout,
            catalog: Vec::new(),
            sites: 0,
            any_test: false,
        };
        let mut greeted = false;
        loop {
            let Some(line) = server.read_line()? else {
                if greeted {
                    return Err(Error::failed(
                        Operation::Run,
                        format!(
                            "{} stopped in the middle of its catalog",
                            binary.path.display()
                        ),
                    ));
                }
                // Not a schemata binary (it listed its tests and ended), or a server that
                // could not start.
                let status = server.process.child().wait().ok();
                let code = status.and_then(|s| s.code());
                return match code.and_then(server_exit::cause) {
                    Some(cause) => Err(Error::failed(
                        Operation::Run,
                        format!("{}'s fork server {cause}", binary.path.display()),
                    )),
                    None => Ok(Started::Ended(
                        status.filter(|s| !s.success()).map(crate::outcome::ended),
                    )),
                };
            };
            match Greeting::decode(&line).map_err(|e| Error::failed(Operation::Run, e))? {
                Some(Greeting::Hello {
                    version,
                    sites,
                    any_test,
                }) => {
                    if version != VERSION {
                        return Err(Error::failed(
                            Operation::Run,
                            format!(
                                "{} speaks protocol {version}, this driver {VERSION}: use the same \
                             version of mutate-runtime and mutate-driver",
                                binary.path.display()
                            ),
                        ));
                    }
                    server.sites = sites;
                    server.any_test = any_test;
                    greeted = true;
                }
                Some(Greeting::Mutant(entry)) => server.catalog.push(*entry),
                Some(Greeting::Ready) => return Ok(Started::Server(server)),
                None => {}
            }
        }
    }

    /// The next protocol line, without prefix; `None` at end of output.
    fn read_line(&mut self) -> Result<Option<String>> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| Error::caused(Operation::Run, "reading from a test binary", e))?;
            if n == 0 {
                return Ok(None);
            }
            if let Some(rest) = line.strip_prefix(PREFIX) {
                return Ok(Some(rest.trim_end_matches(['\n', '\r']).to_owned()));
            }
        }
    }

    pub fn run(&mut self, request: &Request) -> Result<Report> {
        let line = request.encode() + "\n";
        if self.stdin.write_all(line.as_bytes()).is_err() || self.stdin.flush().is_err() {
            return Err(self.gone());
        }
        let mut report = None;
        loop {
            let Some(line) = self.read_line()? else {
                return Err(self.gone());
            };
            if Report::decode_line(&mut report, &line)
                .map_err(|e| Error::failed(Operation::Run, e))?
            {
                return Ok(report.expect("decode_line saw a result"));
            }
        }
    }

    /// Why the server ended, if it ended with one of the server's own exit codes.
    fn server_exit(&mut self) -> Option<&'static str> {
        let status = self.process.child().wait().ok()?;
        server_exit::cause(status.code()?)
    }

    fn gone(&mut self) -> Error {
        if interrupt::interrupted() {
            return Error::Interrupted;
        }
        match self.server_exit() {
            Some(cause) => Error::failed(
                Operation::Run,
                format!("a test binary's fork server {cause}"),
            ),
            None => Error::failed(
                Operation::Run,
                "a test binary's fork server stopped unexpectedly",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Catalog, Server};
    use crate::compile::TestBinary;
    use std::os::unix::fs::PermissionsExt;

    /// A "test binary" that is a shell script: what it does when started for its catalog.
    fn script(dir: &std::path::Path, name: &str, body: &str) -> TestBinary {
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        TestBinary {
            path,
            target: name.into(),
            src_path: format!("tests/{name}.rs"),
            package_dir: dir.to_path_buf(),
        }
    }

    #[test]
    fn a_binary_that_dies_before_its_catalog_is_told_from_one_without_the_runtime() {
        let dir = tempfile::tempdir().unwrap();
        let plain = script(dir.path(), "plain", "echo 'a: test'; exit 0");
        assert!(matches!(Server::catalog(&plain).unwrap(), Catalog::Plain));
        // bytes' ledger allocator aborts the server before it greets.
        let aborted = script(dir.path(), "aborted", "kill -ABRT $$");
        match Server::catalog(&aborted).unwrap() {
            Catalog::Unstartable(how) => assert_eq!(how, "SIGABRT"),
            _ => panic!("an aborted server is not a plain binary"),
        }
        let failed = script(dir.path(), "failed", "exit 3");
        match Server::catalog(&failed).unwrap() {
            Catalog::Unstartable(how) => assert_eq!(how, "exit code 3"),
            _ => panic!("a failed server is not a plain binary"),
        }
    }
}
