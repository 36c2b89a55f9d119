//! The equivalence builds: the workspace's libraries, as `cargo test` links them into the
//! tests, compiled again at full optimisation with the tests' own checks, every switch a
//! constant (`MUTATE_SCHEMATA=fixed`) naming the mutants written in.

use crate::cli::Args;
use crate::compile::Workspace;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The profile of these builds: the test profile's semantics (overflow checks, debug
/// assertions, whatever the workspace's `[profile.test]` sets) at `opt-level` 3, without
/// debug information (the code is compared, not read), incrementally: a build that writes
/// in other mutants compiles again only the code that holds them. No `lto`: the library is
/// compared as the tests link it, one crate's code.
const PROFILE: &str = "mutate-equivalence";
const SETTINGS: [&str; 6] = [
    "profile.mutate-equivalence.inherits=\"test\"",
    "profile.mutate-equivalence.opt-level=3",
    "profile.mutate-equivalence.debug=false",
    "profile.mutate-equivalence.incremental=true",
    "profile.mutate-equivalence.lto=false",
    "profile.mutate-equivalence.strip=\"none\"",
];

/// Where the list of mutants written in lives, and how the builds are made.
pub struct Builder<'a> {
    args: &'a Args,
    workspace: &'a Workspace,
    list_dir: PathBuf,
    /// The user's rules, as the schemata build wrote them for the macro.
    rules: Option<PathBuf>,
    externs: Vec<String>,
}

impl<'a> Builder<'a> {
    pub fn new(args: &'a Args, workspace: &'a Workspace) -> Result<Self, String> {
        let list_dir = workspace.target_dir.join("equivalence");
        std::fs::create_dir_all(&list_dir).map_err(|e| e.to_string())?;
        // The runtime built apart is the schemata builds'; these need the one whose
        // switches are constants.
        let mut externs: Vec<String> = workspace.attribute.iter().cloned().collect();
        if workspace.runtime.is_some() {
            externs.push(crate::all_items::fixed_runtime_extern()?);
        }
        Ok(Builder {
            args,
            workspace,
            list_dir,
            rules: workspace.rules.write(&workspace.target_dir).ok(),
            externs,
        })
    }

    /// Builds the libraries (with `tests`, the test targets too) with `list` (`fix <id>`
    /// / `watch <id>` lines) and returns the object code of the workspace's own: the
    /// rlibs, and each test executable's objects, kept beside it.
    pub fn build(&self, list: &str, tests: bool) -> Result<Vec<PathBuf>, String> {
        let path = mutate_protocol::env::fixed_file(&self.list_dir);
        // Written only when it changes: rustc tracks it, and a write rebuilds.
        if std::fs::read_to_string(&path).ok().as_deref() != Some(list) {
            std::fs::write(&path, list).map_err(|e| format!("writing {path}: {e}"))?;
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .args(["build", "--message-format", "json", "--profile", PROFILE])
            .arg(if tests { "--tests" } else { "--lib" })
            .args(crate::compile::selection_args(self.args, self.workspace))
            .arg("--target-dir")
            .arg(&self.workspace.build_target_dir)
            .args(SETTINGS.iter().flat_map(|setting| ["--config", setting]))
            .env(
                mutate_protocol::env::SCHEMATA,
                mutate_protocol::env::SCHEMATA_FIXED,
            )
            .env(mutate_protocol::env::FIXED, &self.list_dir)
            .env(
                mutate_protocol::env::BUILD_ERRORS,
                self.workspace.build_errors_dir(),
            )
            .env_remove(mutate_protocol::env::ACTIVE)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if tests {
            command.env(crate::rustc_wrapper::KEEP_OBJECTS_ENV, "1");
        }
        if let Some(rules) = &self.rules {
            command.env(mutate_protocol::env::RULES, rules);
        }
        let copy = self.workspace.build_manifest.is_some();
        crate::rustc_wrapper::wrap_members(
            &mut command,
            copy,
            &self.workspace.target_dir,
            &self.externs,
        )
        .map_err(|e| format!("cannot find the driver's own executable: {e}"))?;
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let errors = std::thread::spawn(move || std::io::read_to_string(stderr));
        let mut objects = Vec::new();
        let root = &self.workspace.build_root;
        for message in cargo_metadata::Message::parse_stream(BufReader::new(stdout)) {
            let Ok(cargo_metadata::Message::CompilerArtifact(artifact)) = message else {
                continue;
            };
            if !artifact.manifest_path.as_std_path().starts_with(root) {
                continue;
            }
            objects.extend(
                artifact
                    .filenames
                    .iter()
                    .map(|f| f.clone().into_std_path_buf())
                    .filter(|f| f.extension().is_some_and(|e| e == "rlib")),
            );
            if let Some(executable) = &artifact.executable {
                objects.extend(objects_of(executable.as_std_path()));
            }
        }
        let status = child.wait().map_err(|e| e.to_string())?;
        let stderr = errors.join().ok().and_then(|r| r.ok()).unwrap_or_default();
        if !status.success() {
            return Err(last_error(&stderr));
        }
        if objects.is_empty() {
            return Err("the workspace's libraries built no rlib".into());
        }
        Ok(objects)
    }
}

/// The object files rustc kept (`-C save-temps`) for the executable at `path`: one per
/// codegen unit, named after it (`weak-0a1b.weak.1x2y-cgu.0.rcgu.o`).
fn objects_of(path: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return Vec::new();
    };
    let prefix = format!("{}.", name.to_string_lossy());
    let mut objects: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with(&prefix) && n.ends_with(".rcgu.o")
            })
        })
        .collect();
    objects.sort();
    objects
}

/// cargo's first error line, or its last line.
fn last_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.starts_with("error"))
        .or_else(|| stderr.lines().last())
        .unwrap_or("cargo failed")
        .to_owned()
}

/// Whether `path` (from the workspace's root) is a library's own code, under a package's
/// `src` and not a program's (`src/main.rs`, `src/bin/`): only that is compared. Tests,
/// benchmarks and examples live outside `src`.
pub fn in_library(path: &Path) -> bool {
    let parts: Vec<&str> = path.iter().filter_map(|p| p.to_str()).collect();
    let Some(src) = parts.iter().rposition(|p| *p == "src") else {
        return false;
    };
    let rest = &parts[src + 1..];
    !rest.is_empty() && rest != ["main.rs"] && rest.first() != Some(&"bin")
}

#[cfg(test)]
mod tests {
    use super::in_library;
    use std::path::Path;

    #[test]
    fn library_code_is_under_src_and_not_a_program() {
        assert!(in_library(Path::new("src/lib.rs")));
        assert!(in_library(Path::new(
            "examples/equivalent/src/shapes/area.rs"
        )));
        assert!(!in_library(Path::new("src/main.rs")));
        assert!(!in_library(Path::new("src/bin/tool.rs")));
        assert!(!in_library(Path::new("tests/digits.rs")));
        assert!(!in_library(Path::new("examples/demo.rs")));
    }
}
