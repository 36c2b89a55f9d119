//! Per-mutant overhead: one test run with a mutant on, through the runtime's fork server
//! (what the driver does) and, for comparison, by starting the test binary afresh (what a
//! tool without a fork server pays at least). The round trip of a test that does nothing
//! is the overhead (fork, switch, libtest's own start, wait, classify, protocol); a test
//! that sleeps 5 ms shows the overhead is additive. Both go through the driver's own
//! client and test command, so what is measured is what the driver does.

use crate::artifacts::{self, Mode};
use crate::repo;
use crate::stats::{median, row};
use mutate_driver::compile::TestBinary;
use mutate_driver::process::test_command;
use mutate_driver::server::{Catalog, Server};
use mutate_protocol::Request;
use std::process::Stdio;
use std::time::Instant;

/// Starts the driver's client on `binary` as a server for `test`.
pub(crate) fn start(binary: &TestBinary, test: &str) -> Result<Server, String> {
    Server::start(binary, test)
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("{} has no mutate runtime", binary.path.display()))
}

/// The first mutant of the binary's catalog: any one will do, the test does not reach it.
/// (A server started for a test sends no catalog; one started without reads it.)
fn some_mutant(binary: &TestBinary) -> Result<String, String> {
    let catalog = match Server::catalog(binary).map_err(|e| e.to_string())? {
        Catalog::Served(catalog) => catalog,
        _ => return Err(format!("{} has no mutate runtime", binary.path.display())),
    };
    let entry = catalog.first().ok_or("the fixture has no mutants")?;
    Ok(entry.id.clone())
}

/// Median milliseconds per run over `requests` runs: the round trip as the driver sees
/// it, and fork to reap as the server measures it.
fn through_server(binary: &TestBinary, test: &str, requests: usize) -> Result<(f64, f64), String> {
    let mut server = start(binary, test)?;
    let request = Request {
        test: None,
        mutant: Some(some_mutant(binary)?),
        budget: 1_000_000,
        timeout_ms: 10_000,
        grace_ms: 0,
        blocked_ms: 0,
        memory_mb: 4096,
        coverage: false,
        probe: false,
        output: true,
        observe: false,
        inert: false,
        ..Request::default()
    };
    let mut child = Vec::with_capacity(requests);
    let started = Instant::now();
    for _ in 0..requests {
        let report = server.run(&request).map_err(|e| e.to_string())?;
        if !report.passed {
            return Err(format!("{test} did not pass under the first mutant"));
        }
        child.push(report.micros as f64 / 1000.0);
    }
    let round_trip = started.elapsed().as_secs_f64() * 1000.0 / requests as f64;
    Ok((round_trip, median(child)))
}

/// Milliseconds per run, starting the binary afresh for every run, as the driver would.
fn fresh_process(
    binary: &TestBinary,
    test: &str,
    mutant: &str,
    requests: usize,
) -> Result<f64, String> {
    let started = Instant::now();
    for _ in 0..requests {
        let status = test_command(binary)
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
    Ok(started.elapsed().as_secs_f64() * 1000.0 / requests as f64)
}

/// The fixture's test binary in the schemata build.
fn fixture() -> Result<TestBinary, String> {
    fixture_in(&[])
}

/// The fixture's test binary in the schemata build, with more cargo arguments
/// (`--release`).
pub(crate) fn fixture_in(more: &[&str]) -> Result<TestBinary, String> {
    let mut args = vec!["test", "--no-run", "-p", "bench-fixture", "--lib"];
    args.extend_from_slice(more);
    let path = artifacts::one(Mode::Schemata, &args, "bench_fixture")?;
    Ok(TestBinary {
        path,
        target: "bench_fixture".into(),
        src_path: "bench/fixture/src/lib.rs".into(),
        package_dir: repo().join("bench/fixture"),
    })
}

/// Median milliseconds of one run of an empty test through the fork server: the
/// per-mutant overhead the floor counts.
pub fn round_trip_ms() -> Result<f64, String> {
    let binary = fixture()?;
    let runs: Vec<f64> = (0..5)
        .map(|_| through_server(&binary, "tests::empty", 200).map(|(rtt, _)| rtt))
        .collect::<Result<_, _>>()?;
    Ok(median(runs))
}

pub fn measure(runs: usize, requests: usize) -> Result<(), String> {
    let binary = fixture()?;
    println!("fork server: one test run with a mutant on ({requests} runs x {runs}, median)");
    let Overhead {
        served,
        child,
        fresh,
    } = overhead(&binary, runs, requests)?;
    row(
        "empty test, fork server (per-mutant overhead)",
        format!("{served:.3} ms"),
    );
    row(
        "  of which fork to reap, as the server measures it",
        format!("{child:.3} ms"),
    );
    row("empty test, fresh process", format!("{fresh:.3} ms"));
    row(
        "fresh process / fork server",
        format!("{:.1}x", fresh / served),
    );
    let mut slow = Vec::new();
    for _ in 0..runs {
        slow.push(through_server(&binary, "tests::sleeps_5ms", requests / 4 + 1)?.0);
    }
    row(
        "5 ms test, fork server, minus the 5 ms",
        format!("{:.3} ms", median(slow) - 5.0),
    );
    Ok(())
}

/// One empty test's run with a mutant on, in milliseconds (medians): through the fork
/// server, of that the child's life, and as a fresh process.
pub struct Overhead {
    pub served: f64,
    pub child: f64,
    pub fresh: f64,
}

/// [`Overhead`] over `runs` repetitions of `requests` runs, the two ways interleaved so
/// drift in the machine's load hits both alike.
pub fn overhead(binary: &TestBinary, runs: usize, requests: usize) -> Result<Overhead, String> {
    let mutant = some_mutant(binary)?;
    let (mut served, mut child, mut fresh) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let (round_trip, in_child) = through_server(binary, "tests::empty", requests)?;
        served.push(round_trip);
        child.push(in_child);
        fresh.push(fresh_process(binary, "tests::empty", &mutant, requests)?);
    }
    Ok(Overhead {
        served: median(served),
        child: median(child),
        fresh: median(fresh),
    })
}

/// The headline table's row for the per-mutant overhead, measured now.
pub fn headline_row(runs: usize, requests: usize) -> Result<String, String> {
    let binary = fixture()?;
    let o = overhead(&binary, runs, requests)?;
    Ok(format!(
        "| Per-mutant overhead: a forked run through the fork server | {:.2} ms ({:.1}× less \
         than a fresh process) | starting the test binary per run | {} | `mutate-bench \
         fork-server --runs {runs}` | |",
        o.served,
        o.fresh / o.served,
        crate::stats::today()
    ))
}
