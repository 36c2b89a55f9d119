//! The modes that end before the mutant phase: `--list` prints the mutants, and
//! `--run-mutant` runs one with every test binary that holds it, output shown.

use crate::cli::Args;
use crate::compile::Workspace;
use crate::discover::Discovery;
use crate::error::{Error, Operation, Result};
use crate::exit_code;
use crate::process::test_command;
use crate::report;

pub fn print_list(d: &Discovery, selected: &[bool], json: bool) {
    let chosen = d
        .mutants
        .iter()
        .zip(selected)
        .filter(|(_, s)| **s)
        .map(|(m, _)| &m.entry);
    if json {
        let values: Vec<serde_json::Value> = chosen.map(report::json::listed).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&values).expect("JSON values serialize")
        );
    } else {
        let mut unbuilt = 0;
        for e in chosen {
            println!("{}", e.id);
            unbuilt += usize::from(!e.build_error.is_empty());
        }
        if unbuilt > 0 {
            eprintln!(
                "{unbuilt} of these are unviable: their functions do not build with them \
                 (`--list --json` gives rustc's message for each)"
            );
        }
    }
}

/// `--run-mutant ID`: a mutant only a build can judge (a constant's, a proc macro's) is
/// built into the tests ([`crate::expansion::run_one`]); any other is run by every test
/// binary that holds it.
pub fn run_one(args: &Args, workspace: &Workspace, d: &Discovery, id: &str) -> Result<i32> {
    if let Some(m) = d.index_of(id)
        && d.mutants[m].entry.build_error.is_empty()
        && crate::expansion::seen_when_built(args, workspace, d, m)
    {
        return crate::expansion::run_one(args, workspace, d, m);
    }
    run_active(d, id)
}

/// Runs every test binary that holds the mutant with it active, output shown.
fn run_active(d: &Discovery, id: &str) -> Result<i32> {
    let Some(m) = d.index_of(id) else {
        return Err(Error::Usage(format!(
            "no mutant with id `{id}` (see `cargo mutate-driver --list`)"
        )));
    };
    // Compiled as written, or its replacement proved not to build: running the tests with
    // it "active" would run the code as written, and pass.
    let unbuilt = &d.mutants[m].entry.build_error;
    if let Some(reason) = crate::outcome::schemata_only(&d.mutants[m].entry) {
        return Err(Error::Usage(format!(
            "mutant `{id}` cannot run in mutant schemata: {reason}"
        )));
    }
    if !unbuilt.is_empty() {
        println!("UNVIABLE {id}: {unbuilt}; not run");
        return Ok(exit_code::BUILD_FAILED);
    }
    let mut all_passed = true;
    // Any test may start a program that holds the mutant.
    let anywhere = d.in_executable(m);
    for (b, binary) in d.binaries.iter().enumerate() {
        if !anywhere && !d.sites[b].values().any(|ms| ms.contains(&m)) {
            continue;
        }
        eprintln!(
            "     Running {} with the mutant active",
            binary.path.display()
        );
        let status = test_command(binary)
            .args(&d.libtest_args)
            .env(mutate_protocol::env::ACTIVE, id)
            .status()
            .map_err(|e| Error::caused(Operation::Run, "running a test binary", e))?;
        all_passed &= status.success();
    }
    if all_passed {
        println!("SURVIVED {id}: every test passed with the mutant active");
        Ok(exit_code::SURVIVORS)
    } else {
        println!("KILLED {id}: some test failed with the mutant active");
        Ok(exit_code::SUCCESS)
    }
}
