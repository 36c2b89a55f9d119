//! The suggested tests' file: `suggested_tests.rs` in the output folder, and with
//! `--suggest-tests=write`, `tests/mutate_suggested.rs` in each package they test.

use super::Suggestion;
use crate::lab::MutantResult;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The file's name in the output folder.
pub const FILE: &str = "suggested_tests.rs";
/// The file's name under a package's `tests/` with `--suggest-tests=write`.
pub const WRITTEN: &str = "mutate_suggested.rs";

const HEADER: &str = "//! Tests suggested by cargo mutate-driver for mutants no test detected. Each one\n\
//! passed with every mutant off and failed with the mutants it names on. They assert what\n\
//! the code does today: check that it is what it should do before you keep them.\n";

/// A package's tests: the crates they test, and each test's code in order, once each (a
/// test that kills several survivors is theirs together).
#[derive(Default)]
struct Tests<'r> {
    /// The imports the tests need, each once.
    uses: Vec<&'r str>,
    codes: Vec<&'r str>,
}

fn by_package(results: &[MutantResult]) -> BTreeMap<PathBuf, Tests<'_>> {
    let mut packages: BTreeMap<PathBuf, Tests> = BTreeMap::new();
    for r in results {
        if let Some(Suggestion::Test {
            code,
            package,
            prelude,
            ..
        }) = &r.suggestion
        {
            let tests = packages.entry(package.clone()).or_default();
            if !tests.codes.contains(&code.as_str()) {
                tests.codes.push(code);
            }
            for import in prelude.lines().filter(|l| l.starts_with("use ")) {
                if !tests.uses.contains(&import) {
                    tests.uses.push(import);
                }
            }
        }
    }
    packages
}

/// The file's text for a package's tests.
fn text(tests: &Tests) -> String {
    let mut out = String::from(HEADER);
    out.push('\n');
    for import in &tests.uses {
        out.push_str(&format!("#[allow(unused_imports)]\n{import}\n"));
    }
    for code in &tests.codes {
        out.push('\n');
        out.push_str(code);
    }
    out
}

/// Writes `suggested_tests.rs` into `output_dir` (one package's tests, or each package's
/// under a comment naming it), and with `into_packages` the tests into each package's
/// `tests/`. Returns the files written into packages.
pub fn write(
    output_dir: &Path,
    results: &[MutantResult],
    into_packages: bool,
) -> std::io::Result<Vec<PathBuf>> {
    let packages = by_package(results);
    let file = output_dir.join(FILE);
    if packages.is_empty() {
        return match std::fs::remove_file(&file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(Vec::new()),
        };
    }
    let mut all = String::new();
    for (package, tests) in &packages {
        if packages.len() > 1 {
            all.push_str(&format!("// ---- package {} ----\n", package.display()));
        }
        all.push_str(&text(tests));
    }
    std::fs::write(&file, all)?;
    let mut written = Vec::new();
    if into_packages {
        for (package, tests) in &packages {
            let folder = package.join("tests");
            std::fs::create_dir_all(&folder)?;
            let path = folder.join(WRITTEN);
            std::fs::write(&path, text(tests))?;
            written.push(path);
        }
    }
    Ok(written)
}
