//! The doc tests of the tested packages as generated into the mirror, and the part of the
//! rebuild net that leaves out a doc test that does not build as an integration test (one
//! that needs `cfg(doctest)`, say). Its crate is emptied for this run, and its key is
//! remembered in the target directory, so the next run does not generate it at all.

use super::{Generated, GeneratedFile};
use crate::error::{Error, Operation, Result};
use cargo_metadata::diagnostic::Diagnostic;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// First line of the file of left-out doc tests: which driver left them out.
const HEADER: &str = concat!(
    "# left out by mutate-driver ",
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("CARGO_PKG_NAME"),
    ")"
);

/// One package's generated doc tests.
pub struct Package {
    /// The package's folder, relative to the mirror's root: rustc names the generated
    /// files from there.
    pub dir: String,
    pub generated: Generated,
}

impl Package {
    /// A generated file's name as rustc gives it.
    fn rustc_name(&self, file: &GeneratedFile) -> String {
        if self.dir.is_empty() {
            file.path.clone()
        } else {
            format!("{}/{}", self.dir, file.path)
        }
    }
}

/// Every tested package's doc tests.
pub struct DocTests {
    pub packages: Vec<Package>,
    pub dropped: BTreeSet<String>,
    dropped_path: PathBuf,
    root: PathBuf,
}

impl DocTests {
    /// Doc tests left out in earlier runs, kept in `target_dir`; forgotten when the
    /// driver's version changed, since it may build them now.
    pub fn dropped_in(target_dir: &Path) -> (PathBuf, BTreeSet<String>) {
        let path = target_dir.join("doctests-left-out.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut lines = text.lines();
        let keys = if lines.next() == Some(HEADER) {
            lines.map(str::to_owned).collect()
        } else {
            BTreeSet::new()
        };
        (path, keys)
    }

    pub fn new(
        packages: Vec<Package>,
        dropped: (PathBuf, BTreeSet<String>),
        mirror_root: &Path,
    ) -> Self {
        DocTests {
            packages,
            dropped: dropped.1,
            dropped_path: dropped.0,
            root: mirror_root.to_path_buf(),
        }
    }

    /// Whether rustc's `file` is a generated doc test.
    pub fn is_generated(&self, file: &str) -> bool {
        self.packages
            .iter()
            .any(|p| p.generated.files.iter().any(|f| p.rustc_name(f) == file))
    }

    /// Leaves out the doc tests that `errors` fall in, emptying their crates; returns how
    /// many it left out.
    pub fn absorb(&mut self, errors: &[(String, Diagnostic)]) -> Result<usize> {
        let mut newly = Vec::new();
        for package in &self.packages {
            for file in &package.generated.files {
                let name = package.rustc_name(file);
                let failed = errors
                    .iter()
                    .any(|(_, e)| e.spans.iter().any(|s| s.file_name == name));
                if failed && !self.dropped.contains(&file.key) {
                    newly.push((name, file.key.clone()));
                }
            }
        }
        for (name, key) in &newly {
            std::fs::write(
                self.root.join(name),
                "// Left out: this doc test does not build as an integration test.\n",
            )
            .map_err(|e| Error::caused(Operation::Build, "leaving out a doc test", e))?;
            self.dropped.insert(key.clone());
        }
        if !newly.is_empty() {
            let keys: String = self.dropped.iter().map(|k| format!("{k}\n")).collect();
            let text = format!("{HEADER}\n{keys}");
            std::fs::write(&self.dropped_path, text)
                .map_err(|e| Error::caused(Operation::Build, "recording left-out doc tests", e))?;
        }
        Ok(newly.len())
    }

    /// Notes on the doc tests left out, for the terminal.
    pub fn notes(&self) -> Vec<String> {
        self.packages
            .iter()
            .flat_map(|p| &p.generated.skipped)
            .map(|(name, why)| format!("doc test {name} is left out: {why}"))
            .collect()
    }

    pub fn count(&self) -> usize {
        self.packages.iter().map(|p| p.generated.files.len()).sum()
    }
}
