//! The driver's side of the fork server: start a test binary as a server for one test,
//! read its catalog, send run requests, read reports.

use crate::compile::TestBinary;
use crate::error::{Error, Result};
use crate::interrupt;
use mutate_protocol::{CatalogEntry, PREFIX, Report, Request, SERVER_ENV, VERSION};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    pub catalog: Vec<CatalogEntry>,
    /// Number of sites the binary registered.
    pub sites: u32,
}

/// A command for a test binary run the way cargo runs it.
pub fn test_command(binary: &TestBinary) -> Command {
    let mut command = Command::new(&binary.path);
    command
        .current_dir(&binary.package_dir)
        .env("CARGO_MANIFEST_DIR", &binary.package_dir)
        .env_remove(mutate_protocol::env::ACTIVE)
        .env_remove(SERVER_ENV);
    if let Some(dir) = crate::scratch::dir() {
        command.env("TMPDIR", dir);
    }
    command
}

/// Runs the command in a process group of its own (so the group can be killed with
/// whatever it spawned), killed too if the driver dies.
pub fn contain(command: &mut Command) {
    command.process_group(0);
    // SAFETY: only an async-signal-safe prctl between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

impl Server {
    /// Starts `binary` as a server for `test` (or, with `None`, only to read its catalog).
    /// Returns `None` for a binary without the mutate runtime.
    pub fn start(binary: &TestBinary, test: Option<&str>) -> Result<Option<Server>> {
        let mut command = test_command(binary);
        match test {
            Some(test) => command.args(["--exact", test]),
            // Without the runtime the binary just lists its tests and exits.
            None => command.args(["--list", "--format", "terse"]),
        };
        command
            .env(SERVER_ENV, "1")
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        contain(&mut command);
        let mut child = command
            .spawn()
            .map_err(|e| Error::internal(&format!("cannot start {}", binary.path.display()), e))?;
        interrupt::register(child.id() as i32);
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut server = Server {
            child,
            stdin,
            stdout,
            catalog: Vec::new(),
            sites: 0,
        };
        let mut greeted = false;
        loop {
            let Some(line) = server.read_line()? else {
                if greeted {
                    return Err(Error::Internal(format!(
                        "{} stopped in the middle of its catalog",
                        binary.path.display()
                    )));
                }
                return Ok(None);
            };
            let (kind, rest) = line.split_once('\t').unwrap_or((&line, ""));
            match kind {
                "hello" => {
                    let mut fields = rest.split('\t');
                    let version: u32 = fields.next().and_then(|v| v.parse().ok()).unwrap_or(0);
                    if version != VERSION {
                        return Err(Error::Internal(format!(
                            "{} speaks protocol {version}, this driver {VERSION}: use the same \
                             version of mutate-runtime and mutate-driver",
                            binary.path.display()
                        )));
                    }
                    server.sites = fields.next().and_then(|v| v.parse().ok()).unwrap_or(0);
                    greeted = true;
                }
                "mutant" => {
                    server
                        .catalog
                        .push(CatalogEntry::decode(&line).ok_or_else(|| {
                            Error::Internal(format!("malformed catalog line: {line}"))
                        })?)
                }
                "ready" => return Ok(Some(server)),
                _ => {}
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
                .map_err(|e| Error::internal("reading from a test binary", e))?;
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
            if Report::decode_line(&mut report, &line).map_err(Error::Internal)? {
                return Ok(report.expect("decode_line saw a result"));
            }
        }
    }

    fn gone(&self) -> Error {
        if interrupt::interrupted() {
            Error::Interrupted
        } else {
            Error::Internal("a test binary's fork server stopped unexpectedly".into())
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let pgid = self.child.id() as i32;
        // SAFETY: killing the process group we created for this server.
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
        let _ = self.child.wait();
        interrupt::unregister(pgid);
    }
}
