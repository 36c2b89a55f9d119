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
    pub catalog: Vec<CatalogEntry>,
    /// Number of sites the binary registered.
    pub sites: u32,
    /// It runs whichever test of its binary a request names (`Request::test`).
    pub any_test: bool,
}

impl Server {
    /// Starts `binary` as a server for `test` (its catalog left empty), or, with `None`,
    /// only to read its catalog. Returns `None` for a binary without the mutate runtime.
    pub fn start(binary: &TestBinary, test: Option<&str>) -> Result<Option<Server>> {
        match test {
            Some(test) => Self::spawn(binary, &["--exact", test, ONE_THREAD]),
            // Without the runtime the binary just lists its tests and exits.
            None => Self::spawn(binary, &["--list", "--format", "terse"]),
        }
    }

    /// Starts `binary` as a server for any of its tests, each request naming its test
    /// (`mutate_protocol::test_slot`); its `any_test` says whether it found its slot.
    /// Returns `None` for a binary without the mutate runtime.
    pub fn start_any(binary: &TestBinary) -> Result<Option<Server>> {
        let slot = mutate_protocol::test_slot::argument();
        Self::spawn(binary, &["--exact", &slot, ONE_THREAD])
    }

    fn spawn(binary: &TestBinary, args: &[&str]) -> Result<Option<Server>> {
        let mut command = test_command(binary);
        command.args(args);
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
                return match server.server_exit() {
                    Some(cause) => Err(Error::failed(
                        Operation::Run,
                        format!("{}'s fork server {cause}", binary.path.display()),
                    )),
                    None => Ok(None),
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
                Some(Greeting::Ready) => return Ok(Some(server)),
                None => {}
            }
        }
    }

    /// Why the server ended, if it ended with one of the server's own exit codes.
    fn server_exit(&mut self) -> Option<&'static str> {
        let status = self.process.child().wait().ok()?;
        server_exit::cause(status.code()?)
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
