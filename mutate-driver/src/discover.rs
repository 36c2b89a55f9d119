//! What there is to run: every binary's catalog of mutants (unioned by id, since a
//! linker may leave some tables out of an integration-test binary) and its tests.

use crate::compile::{Built, TestBinary};
use crate::custom_harness;
use crate::error::{Error, Operation, Result};
use crate::process::test_command;
use crate::server::{Catalog, Server};
use crate::test_args::TestArgs;
use mutate_operators::Operator;
use mutate_protocol::{CatalogEntry, unviable_marks};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};

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
    /// The workspace's programs that link the runtime (`compile::Built::executables`): a
    /// test may start them, and they count into its run (`mutate_protocol::spawned`).
    pub executables: Vec<TestBinary>,
    /// Per binary, then per executable: a site's index there -> the mutants at that site.
    pub sites: Vec<HashMap<u32, Vec<usize>>>,
    /// Per binary, then per executable: a mutant's index there -> the mutant.
    pub indexes: Vec<HashMap<u32, usize>>,
    /// Per binary, then per executable: a mutant -> the counters of its function's calls
    /// and loop rounds there (two for a mutant compiled twice, the runtime's `twins.rs`).
    pub tick_slots: Vec<HashMap<usize, Vec<u32>>>,
    /// Per binary, then per executable: every such counter there.
    pub function_counters: Vec<HashSet<u32>>,
    /// Each binary's and executable's path, as a process of it reads its own
    /// (`/proc/self/exe`), to its place in `sites` and `indexes`.
    pub programs: HashMap<PathBuf, usize>,
    /// Binaries whose tests cannot be run one by one, and why: a fork server that could not
    /// start (`server::Catalog::Unstartable`), or no libtest harness. Each is run whole
    /// against the mutants the other tests do not detect (`lab::whole`).
    pub whole: Vec<(usize, String)>,
    /// Of `whole`, the binaries there only for the programs their tests may start (they do
    /// not link the runtime): run whole against the mutants of programs alone.
    pub programs_only: Vec<usize>,
    /// The user's test arguments for a binary run whole (`TestArgs::libtest_args`).
    pub libtest_args: Vec<String>,
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

    /// Where a program a test started (by the path its process read) has its catalog in
    /// `sites` and `indexes`.
    pub fn program(&self, exe: &str) -> Option<usize> {
        self.programs.get(Path::new(exe)).copied()
    }

    /// Whether mutant `m` is compiled into an executable, where any test may start it.
    pub fn in_executable(&self, m: usize) -> bool {
        let first = self.binaries.len();
        self.indexes[first..]
            .iter()
            .any(|indexes| indexes.values().any(|&n| n == m))
    }
}

/// Lists the mutants and tests of a schemata build; a mutant rustc resolved to a type
/// fallback (`built.unviable`) gets its reason as its build error, so it is unviable and
/// never run, as it would not build for `cargo test` either.
/// Only the tests `test_args` accept are listed, as libtest would run only those.
pub fn discover(built: Built, test_args: &TestArgs) -> Result<Discovery> {
    let Built {
        binaries,
        executables,
        unviable,
        unused,
    } = built;
    let mut catalogs = Vec::new();
    // Binaries that link the runtime: their tests can be run, with coverage, even where
    // they hold no mutant (they may start a program that does).
    let mut served = Vec::new();
    let mut whole = Vec::new();
    let mut by_id: HashMap<String, CatalogEntry> = HashMap::new();
    for (index, binary) in binaries.iter().enumerate() {
        let catalog = Server::catalog(binary)?;
        served.push(matches!(catalog, Catalog::Served(_)));
        catalogs.push(match catalog {
            Catalog::Served(catalog) => catalog,
            Catalog::Plain => Vec::new(),
            Catalog::Unstartable(how) => {
                whole.push((index, format!("its fork server could not start: {how}")));
                Vec::new()
            }
        });
    }
    // A program is asked for its catalog only where it links the runtime: one that does
    // not would run its `main` with the request's arguments.
    let mut executables: Vec<TestBinary> = executables
        .into_iter()
        .filter(|e| links_runtime(&e.path))
        .collect();
    executables.dedup_by(|a, b| a.path == b.path);
    for executable in &executables {
        catalogs.push(match Server::catalog(executable)? {
            Catalog::Served(catalog) => catalog,
            Catalog::Plain | Catalog::Unstartable(_) => Vec::new(),
        });
    }
    for entry in catalogs.iter().flatten() {
        by_id
            .entry(entry.id.clone())
            .or_insert_with(|| entry.clone());
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
    let tick_slots = catalogs
        .iter()
        .map(|catalog| {
            let mut map: HashMap<usize, Vec<u32>> = HashMap::new();
            for entry in catalog
                .iter()
                .filter(|e| e.ticks != mutate_protocol::NO_TICKS)
            {
                let slots = map.entry(position[entry.id.as_str()]).or_default();
                if !slots.contains(&entry.ticks) {
                    slots.push(entry.ticks);
                }
            }
            map
        })
        .collect();
    let function_counters = catalogs
        .iter()
        .map(|catalog| {
            catalog
                .iter()
                .map(|entry| entry.ticks)
                .filter(|&ticks| ticks != mutate_protocol::NO_TICKS)
                .collect()
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

    let programs = binaries
        .iter()
        .chain(&executables)
        .enumerate()
        .map(|(i, program)| (canonical(&program.path), i))
        .collect();

    // A test binary that does not link the runtime (annotated code only elsewhere) may
    // still start a program that holds mutants: it is run whole against those, as
    // `cargo test` runs it, with the mutant on in the programs it starts.
    let mut programs_only = Vec::new();
    let programs_have_mutants = catalogs[binaries.len()..].iter().any(|c| !c.is_empty());
    for (index, _) in binaries.iter().enumerate() {
        let plain = !served[index] && !whole.iter().any(|(b, _)| *b == index);
        if plain && programs_have_mutants {
            whole.push((
                index,
                "it does not link the runtime, and may start the workspace's programs".into(),
            ));
            programs_only.push(index);
        }
    }
    let mut tests = Vec::new();
    for (index, binary) in binaries.iter().enumerate() {
        if !served[index] {
            continue;
        }
        let listing = std::time::Instant::now();
        let Some(all) = list_tests(binary, false)? else {
            // `harness = false`: its own `main`, which names no tests to run one by one.
            whole.push((index, "no libtest harness: `harness = false`".into()));
            continue;
        };
        // A harness of its own that lists cases as libtest does, and builds them all first.
        let slow = custom_harness::run_whole(all.len(), listing.elapsed());
        if let Some(why) = slow
            && custom_harness::declared(&binary.package_dir, &binary.target)
        {
            whole.push((index, why));
            continue;
        }
        let ignored = list_tests(binary, true)?.unwrap_or_default();
        for name in all
            .difference(&ignored)
            .filter(|name| test_args.accepts(name))
        {
            tests.push(TestCase {
                binary: index,
                name: name.clone(),
            });
        }
    }
    Ok(Discovery {
        binaries,
        executables,
        mutants,
        tests,
        sites,
        indexes,
        tick_slots,
        function_counters,
        programs,
        whole,
        programs_only,
        libtest_args: test_args.libtest_args(),
    })
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether the program at `path` links the mutate runtime's fork server: it holds the
/// name the server gives its children's captured output.
fn links_runtime(path: &Path) -> bool {
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    let marker = mutate_protocol::server_exit::runtime_marker();
    let marker = marker.as_bytes();
    bytes.windows(marker.len()).any(|w| w == marker)
}

/// Test names from libtest's listing (benchmarks are not tests); `None` where the binary
/// is not libtest's (`harness = false`: no "N tests, M benchmarks" line).
fn list_tests(binary: &TestBinary, ignored_only: bool) -> Result<Option<BTreeSet<String>>> {
    let mut command = test_command(binary);
    command.arg("--list");
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
    Ok(parse_list(&String::from_utf8_lossy(&output.stdout)))
}

/// The tests of libtest's `--list`, if it ends as libtest's does ("3 tests, 0
/// benchmarks").
fn parse_list(text: &str) -> Option<BTreeSet<String>> {
    let summary = |line: &str| {
        let mut words = line.split_whitespace();
        let counted = |number: Option<&str>, noun: Option<&str>, nouns: [&str; 2]| {
            number.is_some_and(|n| n.parse::<usize>().is_ok())
                && noun.is_some_and(|w| nouns.contains(&w))
        };
        counted(words.next(), words.next(), ["test,", "tests,"])
            && counted(words.next(), words.next(), ["benchmark", "benchmarks"])
            && words.next().is_none()
    };
    text.lines().any(summary).then(|| {
        text.lines()
            .filter_map(|line| line.strip_suffix(": test"))
            .map(str::to_owned)
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::parse_list;

    #[test]
    fn listing_keeps_tests_only() {
        let text = "a::b: test\nc: benchmark\nweird: name: test\n\n2 tests, 1 benchmark\n";
        let names: Vec<_> = parse_list(text).unwrap().into_iter().collect();
        assert_eq!(names, ["a::b", "weird: name"]);
        assert_eq!(
            parse_list("\n0 tests, 0 benchmarks\n"),
            Some(Default::default())
        );
    }

    #[test]
    fn a_listing_without_libtest_s_summary_is_no_harness_s() {
        assert_eq!(parse_list("custom harness: ok\n"), None);
        assert_eq!(parse_list(""), None);
    }
}
