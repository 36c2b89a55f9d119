//! `--incremental`: a verdict of the previous run is taken again, without running the
//! mutant, when nothing it rests on changed:
//! - the same driver and the options verdicts depend on; the same files other than Rust
//!   sources (manifests, the lock file, data the tests read), and in every Rust source the
//!   same skeleton (items, signatures, attributes, macros: all but function bodies);
//! - the mutant's function has the same body (its mutants then sit at the same places
//!   relative to it, which is how a mutant is recognised after lines above it moved);
//! - the same tests reach it as before (the new coverage run says so), none of them is a
//!   test function whose body changed, and none of them entered a function whose body
//!   changed.
//!
//! A test entering a function is seen through the function's whole-body mutant, whose
//! site every call passes: a changed function without one (its operators left out, or a
//! helper outside `#[mutate]`) could be entered by any test, so every verdict is
//! recomputed. So is every verdict after a change the rule cannot place.
//!
//! The rule is about the tests' runs with every mutant off: a mutant that sends a test
//! into changed code it never entered before is not seen (Stryker's incremental mode has
//! the same limit); a full run decides it.

pub mod fingerprint;

use crate::discover::Discovery;
use crate::lab::MutantResult;
use crate::outcome::Status;
use fingerprint::{FileFingerprint, hash};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::Path;

/// The file an incremental run keeps in the output folder.
pub const STATE_FILE: &str = "incremental.json";

/// What a run leaves for the next: the sources it saw and the verdicts it reached.
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    /// The driver's version and the options verdicts depend on.
    settings: String,
    /// Each Rust source under the workspace's packages, by path from the workspace root.
    sources: BTreeMap<String, FileFingerprint>,
    /// Every other file there, hashed whole.
    others: BTreeMap<String, u64>,
    /// By mutant key (see [`Snapshot::key`]).
    verdicts: BTreeMap<String, Verdict>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Verdict {
    status: Status,
    reason: String,
    killed_by: Vec<String>,
    covered_by: BTreeSet<String>,
    /// Each covering test run against it, with its outcome (the kill matrix's row).
    #[serde(default)]
    outcomes: Vec<(String, Status)>,
    /// A survivor's trace: the test traced and where the difference went (its diagnosis
    /// rests on the same unchanged runs, so it is taken too, not traced again).
    #[serde(default)]
    propagation: Option<(String, crate::propagation::Propagation)>,
}

/// The workspace's files as they are at the start of a run.
pub struct Snapshot {
    settings: String,
    sources: BTreeMap<String, FileFingerprint>,
    others: BTreeMap<String, u64>,
}

impl Snapshot {
    /// Reads every file under `packages` (skipping build output, hidden folders and
    /// `skip`, the report folder), and the workspace root's manifest, lock file and cargo
    /// configuration, named by their paths from `root`.
    pub fn take(root: &Path, packages: &[&Path], skip: &Path, settings: String) -> Snapshot {
        let mut snapshot = Snapshot {
            settings,
            sources: BTreeMap::new(),
            others: BTreeMap::new(),
        };
        // Walked paths are absolute: so must the one left out be, however it was given.
        let skip = std::path::absolute(skip).unwrap_or_else(|_| skip.to_path_buf());
        let mut seen = HashSet::new();
        for package in packages {
            snapshot.walk(root, package, &skip, &mut seen);
        }
        for file in [
            "Cargo.toml",
            "Cargo.lock",
            ".cargo/config.toml",
            ".cargo/config",
        ] {
            let path = root.join(file);
            if !seen.contains(&path)
                && let Ok(bytes) = std::fs::read(&path)
            {
                snapshot.others.insert(file.to_owned(), hash(&bytes));
            }
        }
        snapshot
    }

    fn walk(
        &mut self,
        root: &Path,
        dir: &Path,
        skip: &Path,
        seen: &mut HashSet<std::path::PathBuf>,
    ) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if !(name.starts_with('.') || name == "target" || path == skip) {
                    self.walk(root, &path, skip, seen);
                }
                continue;
            }
            if !kind.is_file() || !seen.insert(path.clone()) {
                continue;
            }
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let relative = path.strip_prefix(root).unwrap_or(&path);
            let relative = relative.to_string_lossy().into_owned();
            match (name.ends_with(".rs"), std::str::from_utf8(&bytes)) {
                (true, Ok(text)) => {
                    self.sources.insert(relative, FileFingerprint::of(text));
                }
                _ => {
                    self.others.insert(relative, hash(&bytes));
                }
            }
        }
    }

    /// A mutant as the next run can recognise it: its file, its function, its place
    /// relative to the function's first line, its operator and replacement.
    fn key(&self, entry: &mutate_protocol::CatalogEntry) -> Option<(String, String)> {
        let [l1, c1, l2, c2] = entry.span;
        let function = self.sources.get(&entry.file)?.function_at(l1, l2)?;
        let start = function.lines.0;
        let key = format!(
            "{}\t{}\t{}:{c1}-{}:{c2}\t{}\t{}",
            entry.file,
            function.path,
            l1 - start,
            l2 - start,
            entry.operator,
            entry.replacement
        );
        Some((key, function.path.clone()))
    }

    /// The state to leave for the next run: this snapshot and the verdicts reached.
    pub fn state(self, d: &Discovery, results: &[MutantResult]) -> State {
        let mut verdicts = BTreeMap::new();
        for (m, r) in results.iter().enumerate() {
            if !reusable(r.status) {
                continue;
            }
            if let Some((key, _)) = self.key(&d.mutants[m].entry) {
                verdicts.insert(
                    key,
                    Verdict {
                        status: r.status,
                        reason: r.reason.clone(),
                        killed_by: r.killed_by.iter().map(|&t| d.test_id(t)).collect(),
                        covered_by: r.covered_by.iter().map(|&t| d.test_id(t)).collect(),
                        outcomes: r.outcomes.iter().map(|&(t, s)| (d.test_id(t), s)).collect(),
                        propagation: r
                            .propagation
                            .as_ref()
                            .map(|(t, p)| (d.test_id(*t), p.clone())),
                    },
                );
            }
        }
        State {
            settings: self.settings,
            sources: self.sources,
            others: self.others,
            verdicts,
        }
    }
}

/// Verdicts worth keeping: those a run of the mutant decided.
fn reusable(status: Status) -> bool {
    matches!(
        status,
        Status::Killed | Status::Crashed | Status::Timeout | Status::Survived
    )
}

impl State {
    /// The previous run's state in `dir`, if there is one this driver can read.
    pub fn load(dir: &Path) -> Option<State> {
        let text = std::fs::read_to_string(dir.join(STATE_FILE)).ok()?;
        serde_json::from_str(&text).ok()
    }

    pub fn save(&self, dir: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string(self).expect("the state serializes");
        std::fs::write(dir.join(STATE_FILE), text)
    }
}

/// What changed since the previous run, as the reuse rule needs it.
pub enum Changes {
    /// Nothing can be reused, and why.
    Everything(String),
    /// Only function bodies changed: these, by file and path, and the names of the test
    /// functions among them.
    Bodies {
        functions: HashSet<(String, String)>,
        tests: HashSet<String>,
    },
}

impl Changes {
    pub fn between(previous: &State, now: &Snapshot) -> Changes {
        if previous.settings != now.settings {
            return Changes::Everything("the driver or its options changed".into());
        }
        if let Some(file) = first_difference(&previous.others, &now.others) {
            return Changes::Everything(format!("{file} changed"));
        }
        let before: BTreeSet<_> = previous.sources.keys().collect();
        let after: BTreeSet<_> = now.sources.keys().collect();
        if let Some(file) = before.symmetric_difference(&after).next() {
            return Changes::Everything(format!("{file} was added or removed"));
        }
        let mut functions = HashSet::new();
        let mut tests = HashSet::new();
        for (file, old) in &previous.sources {
            let new = &now.sources[file];
            if old.skeleton != new.skeleton || old.functions.len() != new.functions.len() {
                return Changes::Everything(format!("{file} changed outside function bodies"));
            }
            for (a, b) in old.functions.iter().zip(&new.functions) {
                if a.path != b.path {
                    return Changes::Everything(format!("{file} changed outside function bodies"));
                }
                if a.body != b.body {
                    functions.insert((file.clone(), b.path.clone()));
                    if b.test {
                        tests.insert(b.path.rsplit("::").next().unwrap_or(&b.path).to_owned());
                    }
                }
            }
        }
        Changes::Bodies { functions, tests }
    }
}

fn first_difference<'a>(
    a: &'a BTreeMap<String, u64>,
    b: &'a BTreeMap<String, u64>,
) -> Option<&'a str> {
    a.iter()
        .find(|(k, v)| b.get(*k) != Some(v))
        .map(|(k, _)| k.as_str())
        .or_else(|| b.keys().find(|k| !a.contains_key(*k)).map(String::as_str))
}

/// Takes verdicts of the previous run into `results` where the rule allows, after the
/// coverage run, and marks them `reused` (they are not run).
pub fn reuse(
    previous: &State,
    now: &Snapshot,
    changes: &Changes,
    d: &Discovery,
    selected: &[bool],
    results: &mut [MutantResult],
) {
    let Changes::Bodies { functions, tests } = changes else {
        return;
    };
    // Each mutant's key and (file, function).
    let keys: Vec<Option<(String, (String, String))>> = d
        .mutants
        .iter()
        .map(|m| {
            let (key, function) = now.key(&m.entry)?;
            Some((key, (m.entry.file.clone(), function)))
        })
        .collect();
    let function_of = |m: usize| keys[m].as_ref().map(|(_, f)| f);
    // A changed function must show who enters it: through its whole-body mutant, which
    // counts its hits only where it was built (not compiled as written by the rebuild net).
    let entered: HashSet<&(String, String)> = (0..d.mutants.len())
        .filter(|&m| {
            let e = &d.mutants[m].entry;
            e.operator == mutate_operators::Operator::FnValue.name() && e.build_error.is_empty()
        })
        .filter_map(function_of)
        .collect();
    let test_function = |name: &str| tests.contains(name.rsplit("::").next().unwrap_or(name));
    if functions
        .iter()
        .any(|f| !entered.contains(f) && !test_function(&f.1))
    {
        return;
    }
    // The tests that entered a changed function, or are one.
    let mut touched: HashSet<usize> = HashSet::new();
    for (m, r) in results.iter().enumerate() {
        if function_of(m).is_some_and(|f| functions.contains(f)) {
            touched.extend(r.covered_by.iter().copied());
        }
    }
    touched.extend((0..d.tests.len()).filter(|&t| test_function(&d.tests[t].name)));
    let ids: Vec<String> = (0..d.tests.len()).map(|t| d.test_id(t)).collect();
    let index: HashMap<&str, usize> = ids
        .iter()
        .enumerate()
        .map(|(t, id)| (id.as_str(), t))
        .collect();
    let tests_of = |names: &[String]| -> Option<Vec<usize>> {
        names
            .iter()
            .map(|id| index.get(id.as_str()).copied())
            .collect()
    };
    for (m, r) in results.iter_mut().enumerate() {
        let Some((key, function)) = &keys[m] else {
            continue;
        };
        let Some(verdict) = previous.verdicts.get(key) else {
            continue;
        };
        let unchanged = selected[m]
            && d.mutants[m].entry.build_error.is_empty()
            && !functions.contains(function)
            && r.covered_by.iter().all(|t| !touched.contains(t))
            && r.covered_by.len() == verdict.covered_by.len()
            && r.covered_by
                .iter()
                .all(|&t| verdict.covered_by.contains(&ids[t]));
        if !unchanged {
            continue;
        }
        let Some(killed_by) = tests_of(&verdict.killed_by) else {
            continue;
        };
        let outcome_tests: Vec<String> = verdict.outcomes.iter().map(|(t, _)| t.clone()).collect();
        let Some(outcome_tests) = tests_of(&outcome_tests) else {
            continue;
        };
        let propagation = match &verdict.propagation {
            Some((id, p)) => match index.get(id.as_str()) {
                Some(&t) => Some((t, p.clone())),
                None => continue,
            },
            None => None,
        };
        r.status = verdict.status;
        r.reason = verdict.reason.clone();
        r.killed_by = killed_by;
        r.outcomes = outcome_tests
            .into_iter()
            .zip(verdict.outcomes.iter().map(|(_, s)| *s))
            .collect();
        r.propagation = propagation;
        r.reused = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "fn f() -> u32 { 1 }\n#[test]\nfn checks_f() { assert_eq!(f(), 1); }\n";

    fn snapshot(settings: &str, source: &str, lock: u64) -> Snapshot {
        Snapshot {
            settings: settings.into(),
            sources: [("src/lib.rs".to_owned(), FileFingerprint::of(source))].into(),
            others: [("Cargo.lock".to_owned(), lock)].into(),
        }
    }

    fn state(snapshot: Snapshot) -> State {
        State {
            settings: snapshot.settings,
            sources: snapshot.sources,
            others: snapshot.others,
            verdicts: BTreeMap::new(),
        }
    }

    fn everything(changes: Changes) -> Option<String> {
        match changes {
            Changes::Everything(why) => Some(why),
            Changes::Bodies { .. } => None,
        }
    }

    #[test]
    fn options_other_files_and_items_change_everything() {
        let before = state(snapshot("v1", SOURCE, 1));
        let other_options = snapshot("v2", SOURCE, 1);
        assert!(everything(Changes::between(&before, &other_options)).is_some());
        let other_lock = snapshot("v1", SOURCE, 2);
        assert_eq!(
            everything(Changes::between(&before, &other_lock)).as_deref(),
            Some("Cargo.lock changed")
        );
        let new_item = snapshot("v1", &format!("{SOURCE}fn g() {{}}\n"), 1);
        assert!(everything(Changes::between(&before, &new_item)).is_some());
    }

    #[test]
    fn body_edits_name_the_function_and_the_test() {
        let before = state(snapshot("v1", SOURCE, 1));
        let same = snapshot("v1", &format!("// moved\n\n{SOURCE}"), 1);
        let Changes::Bodies { functions, tests } = Changes::between(&before, &same) else {
            panic!("only lines moved");
        };
        assert!(functions.is_empty() && tests.is_empty());
        let edited = SOURCE.replace("{ 1 }", "{ 2 }").replace("f(), 1", "f(), 2");
        let Changes::Bodies { functions, tests } =
            Changes::between(&before, &snapshot("v1", &edited, 1))
        else {
            panic!("only bodies changed");
        };
        let file = "src/lib.rs".to_owned();
        assert_eq!(
            functions,
            [
                (file.clone(), "f".to_owned()),
                (file, "checks_f".to_owned())
            ]
            .into()
        );
        assert_eq!(tests, ["checks_f".to_owned()].into());
    }

    #[test]
    fn the_root_lock_file_counts_and_the_report_folder_does_not() {
        let root = tempfile::tempdir().unwrap();
        let package = root.path().join("member");
        std::fs::create_dir_all(package.join("src")).unwrap();
        std::fs::write(package.join("src/lib.rs"), SOURCE).unwrap();
        std::fs::write(root.path().join("Cargo.lock"), "version = 4").unwrap();
        let out = package.join("mutate.out");
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("report.json"), "{}").unwrap();
        let before = state(take_snapshot(root.path(), &package, &out));
        assert!(before.others.contains_key("Cargo.lock"));
        assert!(before.others.keys().all(|f| !f.contains("mutate.out")));
        // A new report is no change; a new lock file is.
        std::fs::write(out.join("report.json"), "{\"again\": 1}").unwrap();
        assert!(
            everything(Changes::between(
                &before,
                &take_snapshot(root.path(), &package, &out)
            ))
            .is_none()
        );
        std::fs::write(root.path().join("Cargo.lock"), "version = 4\n[[package]]").unwrap();
        assert_eq!(
            everything(Changes::between(
                &before,
                &take_snapshot(root.path(), &package, &out)
            ))
            .as_deref(),
            Some("Cargo.lock changed")
        );
    }

    fn take_snapshot(root: &Path, package: &Path, out: &Path) -> Snapshot {
        Snapshot::take(root, &[package], out, "v1".into())
    }
}
