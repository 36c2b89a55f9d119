//! The suggested tests' files in the output folder: `suggested_tests.rs` (integration
//! tests of public functions; with `--suggest-tests=write` also
//! `tests/mutate_suggested.rs` in each package they test) and `suggested_unit_tests.rs`
//! (tests of private functions, a module to add to the file that defines each).

use super::Suggestion;
use crate::lab::MutantResult;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The integration tests' file in the output folder.
pub const FILE: &str = "suggested_tests.rs";
/// The unit tests' file in the output folder.
pub const UNIT_FILE: &str = "suggested_unit_tests.rs";
/// The file's name under a package's `tests/` with `--suggest-tests=write`.
pub const WRITTEN: &str = "mutate_suggested.rs";

const HEADER: &str = "//! Tests suggested by cargo mutate-driver for mutants no test detected. Each one\n\
//! passed with every mutant off and failed with the mutants it names on. They assert what\n\
//! the code does today: check that it is what it should do before you keep them.\n";

const UNIT_HEADER: &str = "// Unit tests suggested by cargo mutate-driver for mutants no test detected, in\n\
// private functions: each module below goes at the end of the file (or the test module)\n\
// it names, where it can call them (and name what that test module defines). Each test\n\
// passed with every mutant off and failed with the mutants it names on. They assert what\n\
// the code does today: check that it is what it should do.\n";

/// One file's tests: the imports they need and each test's code, in order, once each (a
/// test that kills several survivors is theirs together).
#[derive(Default)]
struct Tests<'r> {
    uses: Vec<&'r str>,
    codes: Vec<&'r str>,
}

impl<'r> Tests<'r> {
    fn add(&mut self, code: &'r str, prelude: &'r str) {
        if !self.codes.contains(&code) {
            self.codes.push(code);
        }
        let imports = prelude
            .lines()
            .filter(|l| l.starts_with("use ") || l.starts_with("extern crate "));
        for import in imports {
            if !self.uses.contains(&import) {
                self.uses.push(import);
            }
        }
    }

    /// The imports, then the tests, each line after `indent`.
    fn text(&self, indent: &str) -> String {
        let mut out = String::new();
        for import in &self.uses {
            out.push_str(&format!(
                "{indent}#[allow(unused_imports)]\n{indent}{import}\n"
            ));
        }
        for code in &self.codes {
            out.push('\n');
            for line in code.lines() {
                match line.is_empty() {
                    true => out.push('\n'),
                    false => out.push_str(&format!("{indent}{line}\n")),
                }
            }
        }
        out
    }
}

/// Whether a manifest turns off cargo's finding of tests by their files (a published
/// crate's normalized manifest does).
fn lists_its_tests(manifest: &str) -> bool {
    manifest.lines().any(|l| {
        let l: String = l.chars().filter(|c| !c.is_whitespace()).collect();
        l == "autotests=false"
    })
}

/// The tests by package (integration tests) and by package and file (unit tests).
#[allow(clippy::type_complexity)]
fn gathered(
    results: &[MutantResult],
) -> (
    BTreeMap<&Path, Tests<'_>>,
    BTreeMap<(&Path, &str), Tests<'_>>,
) {
    let mut integration: BTreeMap<&Path, Tests> = BTreeMap::new();
    let mut unit: BTreeMap<(&Path, &str), Tests> = BTreeMap::new();
    for r in results {
        let Some(Suggestion::Test {
            code,
            package,
            prelude,
            module,
            ..
        }) = &r.suggestion
        else {
            continue;
        };
        match module {
            None => integration.entry(package).or_default().add(code, prelude),
            Some(file) => unit.entry((package, file)).or_default().add(code, prelude),
        }
    }
    (integration, unit)
}

/// Writes the files of suggested tests into `output_dir` (removing those of an earlier
/// run that has none now), and with `into_packages` the integration tests into each
/// package's `tests/`. Returns the files written into packages.
pub fn write(
    output_dir: &Path,
    results: &[MutantResult],
    into_packages: bool,
) -> std::io::Result<Vec<PathBuf>> {
    let (integration, unit) = gathered(results);
    let several = integration.len() > 1;
    let mut file = String::from(HEADER);
    let mut written = Vec::new();
    for (package, tests) in &integration {
        if several {
            file.push_str(&format!("\n// ---- package {} ----\n", package.display()));
        }
        file.push('\n');
        file.push_str(&tests.text(""));
        if into_packages {
            let folder = package.join("tests");
            std::fs::create_dir_all(&folder)?;
            let path = folder.join(WRITTEN);
            std::fs::write(&path, format!("{HEADER}\n{}", tests.text("")))?;
            written.push(path);
            // Cargo finds it only where it finds tests by their files.
            let manifest = package.join("Cargo.toml");
            if lists_its_tests(&std::fs::read_to_string(&manifest).unwrap_or_default()) {
                eprintln!(
                    "note: {} sets `autotests = false`: add `[[test]] name = \"mutate_suggested\"` \
                     to it for cargo to build the suggested tests",
                    manifest.display()
                );
            }
        }
    }
    let mut unit_file = String::from(UNIT_HEADER);
    for ((package, module), tests) in &unit {
        let at = match several {
            true => format!("{} in {}", module, package.display()),
            false => module.to_string(),
        };
        unit_file.push_str(&format!(
            "\n// ---- at the end of {at} ----\n#[cfg(test)]\nmod mutate_suggested {{\n    \
             #[allow(unused_imports)]\n    use super::*;\n{}}}\n",
            tests.text("    ")
        ));
    }
    for (name, text, any) in [
        (FILE, file, !integration.is_empty()),
        (UNIT_FILE, unit_file, !unit.is_empty()),
    ] {
        let path = output_dir.join(name);
        match any {
            true => std::fs::write(path, text)?,
            false => match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            },
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_that_lists_its_tests_is_told_apart() {
        assert!(lists_its_tests(
            "[package]\nname = \"x\"\nautotests = false\n"
        ));
        assert!(!lists_its_tests(
            "[package]\nname = \"x\"\n# autotests = false\n"
        ));
        assert!(!lists_its_tests("[package]\nautotests = true\n"));
    }
}
