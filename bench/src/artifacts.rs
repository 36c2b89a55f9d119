//! Building what is measured, the way the driver builds it: schemata builds go to
//! `target/mutate` with `--cfg mutate_schemata`, plain builds to `target/`.

use crate::repo;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Plain,
    Schemata,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::Plain => "plain",
            Mode::Schemata => "schemata",
        }
    }
}

/// `cargo <args> --message-format json` in `mode`; the executables it produced, by target
/// name.
pub fn build(mode: Mode, args: &[&str]) -> Result<Vec<(String, PathBuf)>, String> {
    build_in(&repo(), mode, args)
}

/// As [`build`], in the workspace at `dir`.
pub fn build_in(dir: &Path, mode: Mode, args: &[&str]) -> Result<Vec<(String, PathBuf)>, String> {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    command
        .args(args)
        .args(["--message-format", "json-render-diagnostics"])
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    if mode == Mode::Schemata {
        command
            .env("RUSTFLAGS", "--cfg mutate_schemata")
            .arg("--target-dir")
            .arg(repo().join("target/mutate"));
    }
    let output = command
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !output.status.success() {
        return Err(format!("cargo {} failed ({})", args.join(" "), mode.name()));
    }
    let mut found = Vec::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        if let Some(path) = message["executable"].as_str() {
            let name = message["target"]["name"].as_str().unwrap_or_default();
            found.push((name.to_owned(), PathBuf::from(path)));
        }
    }
    Ok(found)
}

/// The one executable named `name` from a build.
pub fn one(mode: Mode, args: &[&str], name: &str) -> Result<PathBuf, String> {
    build(mode, args)?
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, path)| path)
        .ok_or_else(|| format!("cargo {} built no `{name}`", args.join(" ")))
}
