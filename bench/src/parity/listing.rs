//! The mutants each tool lists for a crate, without running any: `--list --json`.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

/// The JSON array `command` prints, kept in `json`; what it says on stderr goes to `log`.
fn listed(command: &mut Command, json: &Path, log: &Path) -> Result<Vec<Value>, String> {
    let out = std::fs::File::create(json).map_err(|e| format!("{}: {e}", json.display()))?;
    let err = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let status = command
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("{status}; see {}", log.display()));
    }
    let text = std::fs::read_to_string(json).map_err(|e| e.to_string())?;
    match serde_json::from_str(&text) {
        Ok(Value::Array(mutants)) => Ok(mutants),
        Ok(_) => Err(format!("{}: not a JSON array", json.display())),
        Err(e) => Err(format!("{}: {e}", json.display())),
    }
}

/// `cargo mutants --list --json` in `tree`; its output kept as `base/parity-<name>.json`.
pub fn cargo_mutants(tree: &Path, base: &Path) -> Result<Vec<Value>, String> {
    listed(
        Command::new("cargo")
            .args(["mutants", "--list", "--json"])
            .current_dir(tree),
        &base.join("parity-cargo-mutants.json"),
        &base.join("parity-cargo-mutants.log"),
    )
    .map_err(|e| format!("cargo mutants --list: {e}"))
}

/// Our driver's `--all-items --list --json` in `tree`, with the runtime it carries, as
/// `versus` runs it. It builds the crate to list (the rebuild net marks unviable mutants),
/// so it takes a while.
pub fn ours(driver: &Path, tree: &Path, base: &Path) -> Result<Vec<Value>, String> {
    listed(
        Command::new(driver)
            .args(["mutate-driver", "--all-items", "--list", "--json"])
            .current_dir(tree),
        &base.join("parity-mutate.json"),
        &base.join("parity-mutate.log"),
    )
    .map_err(|e| format!("mutate --list: {e}"))
}
