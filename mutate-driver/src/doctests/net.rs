//! The doc tests of the tested packages as generated into the mirror, and the part of the
//! rebuild net that deals with doc tests that do not build. One that fails in the shared
//! crate is set apart: it gets a crate of its own, declared in the mirror's manifest, and
//! the shared crate is written again without it. One that fails in a crate of its own (it
//! needs `cfg(doctest)`, say) is left out: its crate is emptied for this run. Both are
//! remembered in the target directory, so the next run generates them so from the start.

use super::collect::DocTest;
use super::{Generated, SHARED_TARGET};
use crate::error::{Error, Operation, Result};
use cargo_metadata::diagnostic::Diagnostic;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// First line of the file of remembered doc tests: which driver wrote it.
fn header() -> String {
    format!(
        "# doc tests set apart or left out by {} {}",
        env!("CARGO_PKG_NAME"),
        crate::stamp::executable()
    )
}

/// The mark of a doc test set apart in that file (a left-out one has none).
const APART: &str = "apart ";

/// Doc tests that earlier runs found do not build in the shared crate (`apart`) or at all
/// (`left_out`), by key.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Remembered {
    pub apart: BTreeSet<String>,
    pub left_out: BTreeSet<String>,
}

impl Remembered {
    /// What runs before remembered in `target_dir`; forgotten when another build of the
    /// driver wrote it, since this one may build them.
    pub fn read(target_dir: &Path) -> Remembered {
        let text = std::fs::read_to_string(file_in(target_dir)).unwrap_or_default();
        let mut lines = text.lines();
        let mut remembered = Remembered::default();
        if lines.next() != Some(header().as_str()) {
            return remembered;
        }
        for line in lines {
            match line.strip_prefix(APART) {
                Some(key) => remembered.apart.insert(key.to_owned()),
                None => remembered.left_out.insert(line.to_owned()),
            };
        }
        remembered
    }

    fn write(&self, target_dir: &Path) -> std::io::Result<()> {
        let mut text = format!("{}\n", header());
        for key in &self.apart {
            text.push_str(&format!("{APART}{key}\n"));
        }
        for key in &self.left_out {
            text.push_str(&format!("{key}\n"));
        }
        std::fs::write(file_in(target_dir), text)
    }
}

/// A doc test left out, named as rustdoc names it, with rustc's first error in its file
/// `name` and the crate's lint levels where it gives some.
fn left_out_note(
    package: &Package,
    key: &str,
    name: &str,
    errors: &[(String, Diagnostic)],
) -> (String, String) {
    let test = package.tests.iter().find(|t| super::key(t) == key);
    let first_error = errors
        .iter()
        .find(|(_, e)| places(e).any(|(file, _)| file == name))
        .map(|(_, e)| e.message.clone());
    let mut why = first_error.unwrap_or_default();
    if let Some(test) = test.filter(|t| !t.test_attrs.is_empty()) {
        why.push_str(&format!(
            " (the crate's `#[doc(test(attr({})))]` applies, as under rustdoc)",
            test.test_attrs.join(", ")
        ));
    }
    let named = test.map_or_else(|| key.to_owned(), super::display_name);
    (named, why)
}

fn file_in(target_dir: &Path) -> PathBuf {
    target_dir.join("doctests-left-out.txt")
}

/// One package's generated doc tests, with what generated them.
pub struct Package {
    /// The package's folder, relative to the mirror's root: rustc names the generated
    /// files from there.
    pub dir: String,
    pub generated: Generated,
    pub tests: Vec<DocTest>,
    pub lib: String,
    pub edition: String,
}

impl Package {
    /// A generated file's name as rustc gives it (`path` relative to the package).
    fn rustc_name(&self, path: &str) -> String {
        if self.dir.is_empty() {
            path.to_owned()
        } else {
            format!("{}/{}", self.dir, path)
        }
    }
}

/// What one round of the net did with the doc tests.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Absorbed {
    /// Moved out of the shared crate into crates of their own.
    pub set_apart: usize,
    /// Left out of this run (they failed in a crate of their own): each named as rustdoc
    /// names it, with rustc's first error in it.
    pub left_out: Vec<(String, String)>,
}

/// Every tested package's doc tests.
pub struct DocTests {
    pub packages: Vec<Package>,
    pub remembered: Remembered,
    target_dir: PathBuf,
    root: PathBuf,
}

impl DocTests {
    pub fn new(
        packages: Vec<Package>,
        remembered: Remembered,
        target_dir: &Path,
        mirror_root: &Path,
    ) -> Self {
        DocTests {
            packages,
            remembered,
            target_dir: target_dir.to_path_buf(),
            root: mirror_root.to_path_buf(),
        }
    }

    /// Whether `error` is in a generated doc test (or in a macro one of them calls).
    pub fn holds(&self, error: &Diagnostic) -> bool {
        places(error).any(|(file, _)| self.is_generated(file))
    }

    /// Whether rustc's `file` is a generated doc test.
    fn is_generated(&self, file: &str) -> bool {
        self.packages.iter().any(|p| {
            p.generated
                .files
                .iter()
                .any(|f| p.rustc_name(&f.path) == file)
        })
    }

    /// Sets apart the doc tests of the shared crates that `errors` fall in, and leaves out
    /// those that fail in a crate of their own.
    pub fn absorb(&mut self, errors: &[(String, Diagnostic)]) -> Result<Absorbed> {
        let mut absorbed = Absorbed::default();
        let mut regenerate = Vec::new();
        for (index, package) in self.packages.iter().enumerate() {
            for file in &package.generated.files {
                let name = package.rustc_name(&file.path);
                let failing: BTreeSet<&str> = errors
                    .iter()
                    .flat_map(|(_, e)| places(e))
                    .filter(|(file, _)| *file == name)
                    .flat_map(|(_, line)| file.tests_at(line))
                    .map(|t| t.key.as_str())
                    .collect();
                for key in failing {
                    if file.target == SHARED_TARGET {
                        if self.remembered.apart.insert(key.to_owned()) {
                            absorbed.set_apart += 1;
                            regenerate.push(index);
                        }
                    } else if self.remembered.left_out.insert(key.to_owned()) {
                        absorbed
                            .left_out
                            .push(left_out_note(package, key, &name, errors));
                        std::fs::write(
                            self.root.join(&name),
                            "// Left out: this doc test does not build as an integration test.\n",
                        )
                        .map_err(|e| {
                            Error::caused(Operation::Build, "leaving out a doc test", e)
                        })?;
                    }
                }
            }
        }
        regenerate.dedup();
        for index in regenerate {
            self.write_again(index)?;
        }
        if absorbed != Absorbed::default() {
            self.remembered
                .write(&self.target_dir)
                .map_err(|e| Error::caused(Operation::Build, "recording doc tests set apart", e))?;
        }
        Ok(absorbed)
    }

    /// Generates package `index`'s doc tests again with what is now remembered, writes
    /// their files and declares the new crates in its manifest.
    fn write_again(&mut self, index: usize) -> Result<()> {
        let package = &self.packages[index];
        let generated = super::generate(
            &package.tests,
            &package.lib,
            &package.edition,
            &self.remembered,
        );
        let declared: BTreeSet<&str> = package
            .generated
            .files
            .iter()
            .map(|f| f.target.as_str())
            .collect();
        let new: Vec<(String, String)> = generated
            .files
            .iter()
            .filter(|f| !declared.contains(f.target.as_str()))
            .map(|f| (f.target.clone(), f.path.clone()))
            .collect();
        let failed =
            |e: std::io::Error| Error::caused(Operation::Build, "setting a doc test apart", e);
        // Only what changed is written: cargo rebuilds a crate whose file was touched.
        let write = |path: &str, text: &str| {
            let at = self.root.join(package.rustc_name(path));
            crate::all_items::write_if_changed(&at, text.as_bytes())
        };
        for file in &generated.files {
            write(&file.path, &file.text).map_err(failed)?;
        }
        if !generated.files.iter().any(|f| f.target == SHARED_TARGET) {
            // Declared, but every doc test left it: an empty crate.
            let path = format!("{}/{SHARED_TARGET}.rs", super::DIR);
            write(&path, "// Every doc test is apart.\n").map_err(failed)?;
        }
        if !new.is_empty() {
            let manifest = self.root.join(package.rustc_name("Cargo.toml"));
            let text = std::fs::read_to_string(&manifest).map_err(failed)?;
            let text = crate::all_items::declare_tests(&text, &new).map_err(|e| {
                Error::BuildFailed(format!(
                    "cannot declare doc tests in {}: {e}",
                    manifest.display()
                ))
            })?;
            std::fs::write(&manifest, text).map_err(failed)?;
        }
        let package = &mut self.packages[index];
        // Files no longer generated stay declared (the shared crate, emptied above).
        let mut files = generated.files;
        for old in std::mem::take(&mut package.generated.files) {
            if !files.iter().any(|f| f.target == old.target) {
                files.push(super::GeneratedFile {
                    tests: Vec::new(),
                    ..old
                });
            }
        }
        package.generated = Generated {
            files,
            skipped: generated.skipped,
        };
        Ok(())
    }

    /// Notes on the doc tests left out, for the terminal.
    pub fn notes(&self) -> Vec<String> {
        self.packages
            .iter()
            .flat_map(|p| &p.generated.skipped)
            .map(|(name, why)| format!("doc test {name} is left out: {why}"))
            .collect()
    }

    /// The doc tests generated.
    pub fn count(&self) -> usize {
        self.files().map(|f| f.tests.len()).sum()
    }

    /// Of those, the ones under a `#[cfg(..)]` ([`super::Placed::gated`]).
    pub fn gated(&self) -> usize {
        self.files()
            .flat_map(|f| &f.tests)
            .filter(|t| t.gated)
            .count()
    }

    /// Of those, the ones in a shared crate.
    pub fn shared(&self) -> usize {
        self.files()
            .filter(|f| f.target == SHARED_TARGET)
            .map(|f| f.tests.len())
            .sum()
    }

    fn files(&self) -> impl Iterator<Item = &super::GeneratedFile> {
        self.packages.iter().flat_map(|p| &p.generated.files)
    }
}

/// Where an error is, as (file, line) as rustc names them: each of its spans, and each
/// call site up its macro expansion chain (an error in a library's macro that a doc test
/// calls is the doc test's).
fn places(error: &Diagnostic) -> impl Iterator<Item = (&str, usize)> {
    error.spans.iter().flat_map(|span| {
        std::iter::successors(Some(span), |s| s.expansion.as_ref().map(|e| &e.span))
            .map(|s| (s.file_name.as_str(), s.line_start))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(file: &str, line: usize, expansion: serde_json::Value) -> serde_json::Value {
        serde_json::json!({
            "file_name": file, "byte_start": 0, "byte_end": 1, "line_start": line,
            "line_end": line, "column_start": 1, "column_end": 2, "is_primary": true,
            "text": [], "label": null, "suggested_replacement": null,
            "suggestion_applicability": null, "expansion": expansion,
        })
    }

    #[test]
    fn an_error_in_a_macro_is_placed_at_each_call_site_up_its_chain() {
        let call = span(
            "mutate-doctests/doctest_shared.rs",
            12,
            serde_json::Value::Null,
        );
        let inner = span(
            "/registry/lib/src/macros.rs",
            3,
            serde_json::json!({"span": call, "macro_decl_name": "symbol!", "def_site_span": null}),
        );
        let error: Diagnostic = serde_json::from_value(serde_json::json!({
            "message": "symbol `x` is already defined", "code": null, "level": "error",
            "spans": [inner], "children": [], "rendered": null,
        }))
        .unwrap();
        let places: Vec<(&str, usize)> = places(&error).collect();
        assert_eq!(
            places,
            [
                ("/registry/lib/src/macros.rs", 3),
                ("mutate-doctests/doctest_shared.rs", 12)
            ]
        );
    }
}
