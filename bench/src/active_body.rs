//! What a mutant's own function costs while the mutant is on: its schemata body runs, each
//! site checked, each loop round and call counted toward the hit budget. Measured on the fixture's hot
//! tests through the fork server, as the driver runs mutants, with a mutant of the hot
//! function that leaves the loop's length alone (`+ 7` made `+ 0`: the test runs its whole
//! loop, then fails its assertion), against the same test with nothing on. With and
//! without a hit budget, to tell the counting's part from the site checks'.

use crate::fork_server::{fixture_in, start};
use crate::stats::{median, row};
use mutate_driver::compile::TestBinary;
use mutate_protocol::Request;

/// A budget no run reaches: the counting is paid, the limit never met.
const UNREACHED_BUDGET: u64 = 1 << 50;

/// Median milliseconds of the child's life over `runs` runs of `test` under `mutant`.
fn child_ms(
    binary: &TestBinary,
    test: &str,
    mutant: Option<&str>,
    budget: u64,
    runs: usize,
) -> Result<f64, String> {
    let mut server = start(binary, test)?;
    let request = Request {
        test: None,
        mutant: mutant.map(str::to_owned),
        budget,
        timeout_ms: 60_000,
        grace_ms: 0,
        blocked_ms: 0,
        memory_mb: 4096,
        coverage: false,
        probe: false,
        output: false,
        observe: false,
        inert: false,
        ..Request::default()
    };
    let mut lives = Vec::with_capacity(runs);
    for _ in 0..runs {
        let report = server.run(&request).map_err(|e| e.to_string())?;
        lives.push(report.micros as f64 / 1000.0);
    }
    Ok(median(lives))
}

/// The id of the fixture's mutant that ends with `description`.
fn mutant_id(binary: &TestBinary, description: &str) -> Result<String, String> {
    use mutate_driver::server::{Catalog, Server};
    let catalog = match Server::catalog(binary).map_err(|e| e.to_string())? {
        Catalog::Served(catalog) => catalog,
        _ => return Err("the fixture has no mutate runtime".into()),
    };
    catalog
        .iter()
        .find(|e| e.id.ends_with(description))
        .map(|e| e.id.clone())
        .ok_or_else(|| format!("the fixture has no mutant `{description}`"))
}

pub fn measure(runs: usize) -> Result<(), String> {
    println!("the active mutant's own function (median ms of the child's life, {runs} runs)");
    for (profile, more) in [("debug", &[][..]), ("release", &["--release"][..])] {
        let binary = fixture_in(more)?;
        for (test, description) in [
            ("tests::hot_loop", "replace 7 with 0 in checksum"),
            ("tests::hot_calls", "replace 7 with 0 in mix"),
        ] {
            let mutant = mutant_id(&binary, description)?;
            let off = child_ms(&binary, test, None, UNREACHED_BUDGET, runs)?;
            let counted = child_ms(&binary, test, Some(&mutant), 0, runs)?;
            let budgeted = child_ms(&binary, test, Some(&mutant), UNREACHED_BUDGET, runs)?;
            row(
                &format!("{test} ({profile}): nothing on / on, counted / on, budgeted"),
                format!(
                    "{off:.1} / {counted:.1} ({:.2}x) / {budgeted:.1} ({:.2}x)",
                    counted / off,
                    budgeted / off
                ),
            );
        }
    }
    Ok(())
}
