//! Per-mutant overhead: one test run with a mutant on, through the runtime's fork server
//! (what the driver does) and, for comparison, by starting the test binary afresh (what a
//! tool without a fork server pays at least). The round trip of a test that does nothing
//! is the overhead (fork, switch, libtest's own start, wait, classify, protocol); a test
//! that sleeps 5 ms shows the overhead is additive.

use crate::artifacts::{self, Mode};
use crate::stats::{median, row};
use mutate_runtime::protocol::{CatalogEntry, PREFIX, Report, Request, SERVER_ENV};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Instant;

thread_local! {
    /// Fork-to-reap times the server reported, in ms.
    static CHILD_MICROS: std::cell::RefCell<Vec<f64>> = const { std::cell::RefCell::new(Vec::new()) };
}

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    mutant: String,
}

impl Server {
    fn start(binary: &Path, test: &str) -> Result<Server, String> {
        let mut child = Command::new(binary)
            .args(["--exact", test])
            .env(SERVER_ENV, "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        let mut server = Server {
            child,
            stdin,
            stdout,
            mutant: String::new(),
        };
        loop {
            let line = server.line()?;
            if line.starts_with("mutant\t") && server.mutant.is_empty() {
                let entry = CatalogEntry::decode(&line).ok_or("malformed catalog line")?;
                server.mutant = entry.id;
            } else if line == "ready" {
                return Ok(server);
            }
        }
    }

    fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("the test binary closed its output".into());
            }
            if let Some(rest) = line.strip_prefix(PREFIX) {
                return Ok(rest.trim_end().to_owned());
            }
        }
    }

    fn run(&mut self, request: &Request) -> Result<Report, String> {
        writeln!(self.stdin, "{}", request.encode()).map_err(|e| e.to_string())?;
        let mut report = None;
        loop {
            let line = self.line()?;
            if Report::decode_line(&mut report, &line)? {
                return Ok(report.expect("complete"));
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Median milliseconds per run over `runs` repetitions of `requests` runs each.
fn through_server(binary: &Path, test: &str, runs: usize, requests: usize) -> Result<f64, String> {
    let mut server = Server::start(binary, test)?;
    let request = Request {
        mutant: Some(server.mutant.clone()),
        budget: 1_000_000,
        timeout_ms: 10_000,
        memory_mb: 4096,
        coverage: false,
        output: true,
    };
    let mut per_run = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        for _ in 0..requests {
            let report = server.run(&request)?;
            CHILD_MICROS.with(|c| c.borrow_mut().push(report.micros as f64 / 1000.0));
            if !report.passed {
                return Err(format!("{test} did not pass under the first mutant"));
            }
        }
        per_run.push(start.elapsed().as_secs_f64() * 1000.0 / requests as f64);
    }
    Ok(median(per_run))
}

/// The same, starting the binary afresh for every run.
fn fresh_process(
    binary: &Path,
    test: &str,
    mutant: &str,
    runs: usize,
    requests: usize,
) -> Result<f64, String> {
    let mut per_run = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        for _ in 0..requests {
            let status = Command::new(binary)
                .args(["--exact", test])
                .env("MUTATE_ACTIVE", mutant)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .map_err(|e| e.to_string())?;
            if !status.success() {
                return Err(format!("{test} failed in a fresh process"));
            }
        }
        per_run.push(start.elapsed().as_secs_f64() * 1000.0 / requests as f64);
    }
    Ok(median(per_run))
}

pub fn measure(runs: usize, requests: usize) -> Result<(), String> {
    let binary = artifacts::one(
        Mode::Schemata,
        &["test", "--no-run", "-p", "bench-fixture", "--lib"],
        "bench_fixture",
    )?;
    let mutant = Server::start(&binary, "tests::empty")?.mutant.clone();
    println!("fork server: one test run with a mutant on ({requests} runs x {runs}, median)");
    let mut served = Vec::new();
    let mut fresh = Vec::new();
    // Interleaved, so drift in the machine's load hits both alike.
    for _ in 0..runs {
        served.push(through_server(&binary, "tests::empty", 1, requests)?);
        fresh.push(fresh_process(
            &binary,
            "tests::empty",
            &mutant,
            1,
            requests,
        )?);
    }
    let (served, fresh) = (median(served), median(fresh));
    row(
        "empty test, fork server (per-mutant overhead)",
        format!("{served:.3} ms"),
    );
    let child = CHILD_MICROS.with(|c| median(c.take()));
    row(
        "  of which fork to reap, as the server measures it",
        format!("{child:.3} ms"),
    );
    row("empty test, fresh process", format!("{fresh:.3} ms"));
    row(
        "fresh process / fork server",
        format!("{:.1}x", fresh / served),
    );
    let slow = through_server(&binary, "tests::sleeps_5ms", runs, requests / 4 + 1)?;
    row(
        "5 ms test, fork server, minus the 5 ms",
        format!("{:.3} ms", slow - 5.0),
    );
    Ok(())
}
