//! What there is to run: every binary's catalog of mutants (unioned by id, since a
//! linker may leave some tables out of an integration-test binary) and its tests.

use crate::compile::{Built, TestBinary};
use crate::error::{Error, Operation, Result};
use crate::process::test_command;
use crate::server::Server;
use mutate_operators::Operator;
use mutate_protocol::{CatalogEntry, unviable_marks};
use std::collections::{BTreeSet, HashMap};

/// One mutant of the union catalog.
#[derive(Debug, Clone)]
pub struct Mutant {
    pub entry: CatalogEntry,
}

/// One test of one binary.
#[derive(Debug, Clone)]
pub struct TestCase {
    pub binary: usize,
    pub name: String,
}

#[derive(Debug, Default)]
pub struct Discovery {
    pub binaries: Vec<TestBinary>,
    /// Mutants, sorted by file, position and id.
    pub mutants: Vec<Mutant>,
    pub tests: Vec<TestCase>,
    /// Per binary: a site's index in that binary -> the mutants at that site.
    pub sites: Vec<HashMap<u32, Vec<usize>>>,
    /// Per binary: a mutant's index in that binary -> the mutant.
    pub indexes: Vec<HashMap<u32, usize>>,
}

impl Discovery {
    /// Test `t` as cargo names it: `binary test`.
    pub fn test_id(&self, t: usize) -> String {
        let test = &self.tests[t];
        self.binaries[test.binary].test_id(&test.name)
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.mutants.iter().position(|m| m.entry.id == id)
    }
}

/// Lists the mutants and tests of a schemata build; a mutant rustc resolved to a type
/// fallback (`built.unviable`) gets its reason as its build error, so it is unviable and
/// never run, as it would not build for `cargo test` either.
pub fn discover(built: Built) -> Result<Discovery> {
    let Built {
        binaries,
        unviable,
        unused,
    } = built;
    let mut catalogs = Vec::new();
    let mut by_id: HashMap<String, CatalogEntry> = HashMap::new();
    for binary in &binaries {
        let catalog = match Server::start(binary, None)? {
            Some(server) => server.catalog.clone(),
            None => Vec::new(),
        };
        for entry in &catalog {
            by_id
                .entry(entry.id.clone())
                .or_insert_with(|| entry.clone());
        }
        catalogs.push(catalog);
    }
    for (id, reason) in &unviable {
        if let Some(entry) = by_id.get_mut(id)
            && entry.build_error.is_empty()
        {
            entry.build_error = reason.clone();
        }
    }
    // Body replacements are marked by their location (`denied_warnings`).
    if !unused.is_empty() {
        let replacements = by_id
            .values_mut()
            .filter(|e| e.operator == Operator::FnValue.name() && e.build_error.is_empty());
        for entry in replacements {
            let [line, column, ..] = entry.span;
            let key = unviable_marks::location_key(&entry.file, line, column);
            if let Some(reason) = unused.get(&unviable_marks::unused_marker(&key)) {
                entry.build_error = reason.clone();
            }
        }
    }
    let mut mutants: Vec<Mutant> = by_id.into_values().map(|entry| Mutant { entry }).collect();
    mutants.sort_by(|a, b| {
        (&a.entry.file, a.entry.span, &a.entry.id).cmp(&(&b.entry.file, b.entry.span, &b.entry.id))
    });
    let position: HashMap<&str, usize> = mutants
        .iter()
        .enumerate()
        .map(|(i, m)| (m.entry.id.as_str(), i))
        .collect();
    let sites = catalogs
        .iter()
        .map(|catalog| {
            let mut map: HashMap<u32, Vec<usize>> = HashMap::new();
            for entry in catalog {
                map.entry(entry.site)
                    .or_default()
                    .push(position[entry.id.as_str()]);
            }
            map
        })
        .collect();
    let indexes = catalogs
        .iter()
        .map(|catalog| {
            catalog
                .iter()
                .map(|entry| (entry.index, position[entry.id.as_str()]))
                .collect()
        })
        .collect();

    let mut tests = Vec::new();
    for (index, binary) in binaries.iter().enumerate() {
        if catalogs[index].is_empty() {
            continue;
        }
        let all = list_tests(binary, false)?;
        let ignored = list_tests(binary, true)?;
        for name in all.difference(&ignored) {
            tests.push(TestCase {
                binary: index,
                name: name.clone(),
            });
        }
    }
    Ok(Discovery {
        binaries,
        mutants,
        tests,
        sites,
        indexes,
    })
}

/// Test names from libtest's terse listing (benchmarks are not tests).
fn list_tests(binary: &TestBinary, ignored_only: bool) -> Result<BTreeSet<String>> {
    let mut command = test_command(binary);
    command.args(["--list", "--format", "terse"]);
    if ignored_only {
        command.arg("--ignored");
    }
    let output = command.output().map_err(|e| {
        Error::caused(
            Operation::Discover,
            format!("cannot list tests of {}", binary.path.display()),
            e,
        )
    })?;
    if !output.status.success() {
        return Err(Error::failed(
            Operation::Discover,
            format!(
                "listing the tests of {} failed: {}",
                binary.path.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            ),
        ));
    }
    Ok(parse_terse_list(&String::from_utf8_lossy(&output.stdout)))
}

fn parse_terse_list(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_terse_list;

    #[test]
    fn terse_listing_keeps_tests_only() {
        let text = "a::b: test\nc: bench\nweird: name: test\n\n";
        let names: Vec<_> = parse_terse_list(text).into_iter().collect();
        assert_eq!(names, ["a::b", "weird: name"]);
    }
}
