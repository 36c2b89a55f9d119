//! `--since REV --relevance`: the mutants a change interacts with (commit-relevant mutants,
//! Ma et al., Definition 2): some test's observation under the mutant after the change
//! differs from the unmutated program's after the change and from the same mutant's before
//! it (`compare.rs` says what a test's observation is and where it must differ).
//!
//! Each mutant after the change is mapped to its twin before it: the same operator and
//! replacement at the place the diff maps its span to (`diff::Changed::before`). Mutants
//! on code the change added or modified have no twin: they are the *modification*
//! mutants, as `--since` alone selects them. Tests are matched by name; a test that only
//! the changed version has cannot show a difference between versions, so it is not used
//! to find relevance (its kills still count in every score).

mod before;
mod build_scripts;
mod compare;
mod reach;
mod runs;

pub use before::Before;
pub use compare::Evidence;

use crate::diff::Changed;
use crate::discover::Discovery;
use crate::error::Result;
use crate::lab::baseline::Baseline;
use crate::lab::{Config, Results};
use crate::outcome::Status;
use crate::progress::Progress;
use mutate_protocol::infection;
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// What the change did to each mutant's standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// On code the change added or modified: no twin before it.
    Modification,
    /// Some test shows the change and the mutant interacting.
    Relevant,
    NotRelevant,
}

impl Class {
    /// As `report.json` names it.
    pub fn label(self) -> &'static str {
        match self {
            Class::Modification => "modification",
            Class::Relevant => "relevant",
            Class::NotRelevant => "not_relevant",
        }
    }
}

/// One judged mutant's relevance.
#[derive(Debug, Clone)]
pub struct Judged {
    pub class: Class,
    /// The test that showed it (for a modification mutant: that it makes any difference),
    /// where, and the changed lines that test runs through.
    pub shown: Option<Shown>,
}

#[derive(Debug, Clone)]
pub struct Shown {
    pub test: usize,
    pub evidence: Evidence,
    /// The changed lines (`file:first-last in function`) in functions that test enters.
    pub interacts: Vec<String>,
}

/// A relevance run's findings and cost.
pub struct Relevance {
    pub rev: String,
    /// By mutant: `None` for those not judged (unviable, left out).
    pub mutants: Vec<Option<Judged>>,
    /// Building the version before the change (worktree, build, listing).
    pub build_time: Duration,
    /// The traced runs, and how many test runs they made.
    pub run_time: Duration,
    pub runs: usize,
    /// Runs before the change not made: the mutant's run after it never entered changed
    /// code (`reach.rs`); `None` when that rule could not be used.
    pub skipped: Option<usize>,
    /// Tests of the changed version that the version before it does not have.
    pub new_tests: Vec<usize>,
}

/// A score's parts: detected among `total`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Count {
    pub detected: usize,
    pub total: usize,
}

impl Count {
    pub fn score(self) -> Option<f64> {
        (self.total > 0).then(|| 100.0 * self.detected as f64 / self.total as f64)
    }

    fn add(&mut self, status: Status) {
        self.total += 1;
        self.detected += usize::from(status.detected());
    }
}

/// rMS, mMS and MS: over the relevant mutants (a modification mutant is one when some test
/// shows it at all: it has no twin to differ from), the modification mutants, and all.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scores {
    pub relevant: Count,
    /// Of the relevant ones, those off the changed lines.
    pub relevant_unchanged: usize,
    pub modification: Count,
    pub all: Count,
}

impl Relevance {
    pub fn scores(&self, results: &Results) -> Scores {
        let mut s = Scores::default();
        for (judged, r) in self.mutants.iter().zip(&results.mutants) {
            let Some(judged) = judged else { continue };
            s.all.add(r.status);
            if judged.class == Class::Modification {
                s.modification.add(r.status);
            }
            if judged.shown.is_some() {
                s.relevant.add(r.status);
                s.relevant_unchanged += usize::from(judged.class == Class::Relevant);
            }
        }
        s
    }
}

/// Runs what Definition 2 needs for every judged mutant of `d` (after the change), with
/// `before` (the build of `rev`) and the change itself.
#[allow(clippy::too_many_arguments)]
pub fn run(
    rev: &str,
    before: Before,
    workspace: &crate::compile::Workspace,
    d: &Discovery,
    results: &Results,
    baseline: &[Baseline],
    changed: &Changed,
    config: &Config,
    progress: &mut Progress,
) -> Result<Relevance> {
    let started = Instant::now();
    let twins = Twins::new(d, &before.discovery, changed);
    let mut mutants: Vec<Option<Judged>> = vec![None; d.mutants.len()];
    let mut candidates = Vec::new();
    for (m, r) in results.mutants.iter().enumerate() {
        if matches!(r.status, Status::Unviable | Status::Ignored) {
            continue;
        }
        let entry = &d.mutants[m].entry;
        let [first, _, last, _] = entry.span;
        let modification = changed.modifies(&entry.file, first, last);
        let twin = if modification { None } else { twins.mutant(m) };
        let class = if modification {
            Class::Modification
        } else {
            Class::NotRelevant
        };
        // A mutant with no twin that a test detects is shown by its kill: no run needed.
        if let Some(&t) = r.killed_by.first().filter(|_| twin.is_none()) {
            let evidence = Evidence::New {
                original: "passes".into(),
                mutant: r.reason.clone(),
            };
            mutants[m] = Some(Judged {
                class: if modification { class } else { Class::Relevant },
                shown: Some(shown(t, evidence)),
            });
            continue;
        }
        mutants[m] = Some(Judged { class, shown: None });
        // Candidate tests: those that detected it first, then those the probe saw it
        // infect, then the rest, fastest first; never one it provably changes nothing in,
        // nor (for a mutant with a twin) one the version before has no twin of.
        let mut tests: Vec<usize> = r.covered_by.clone();
        tests.retain(|&t| !infection::proven_same(r.flags(t)));
        tests.sort_by_key(|&t| (!r.killed_by.contains(&t), !infection::infected(r.flags(t))));
        let tests: Vec<(usize, Option<usize>)> = tests
            .into_iter()
            .map(|t| (t, twins.test(t)))
            .filter(|(_, before)| twin.is_none() || before.is_some())
            .collect();
        if !tests.is_empty() {
            candidates.push(runs::Candidate {
                mutant: m,
                tests,
                before: twin,
                outcome_is_chance: crate::lab::undefined::outcome_is_chance(r),
                unsafe_file: config.unsafe_files.contains(&entry.file),
            });
        }
    }
    let builds = runs::Builds {
        after: d,
        before: &before.discovery,
        baseline,
    };
    let places = Places::new(d, results, changed);
    // A changed build script that told cargo the same and wrote the same on both sides
    // changed nothing the crate is built with.
    let scripts: reach::BuildScripts =
        build_scripts::of_workspace(&workspace.metadata, &workspace.root)
            .into_iter()
            .map(|(file, package)| {
                let agree = build_scripts::agree(
                    &package,
                    &workspace.build_target_dir,
                    &before.build_target_dir,
                );
                (file, agree)
            })
            .collect();
    let changed_functions = reach::changed_functions(changed, &workspace.root, &scripts, |f, l| {
        places.holder(f, l)
    });
    let found = runs::run(
        &builds,
        &candidates,
        changed_functions,
        &workspace.root,
        config,
        progress,
    )?;
    for (m, (t, evidence)) in found.shown {
        let judged = mutants[m].as_mut().expect("candidates are judged");
        if judged.class == Class::NotRelevant {
            judged.class = Class::Relevant;
        }
        judged.shown = Some(shown(t, evidence));
    }
    // The changed lines each shown mutant's test runs through, found once for all.
    for shown in mutants
        .iter_mut()
        .flatten()
        .filter_map(|j| j.shown.as_mut())
    {
        shown.interacts = places.reached_by(shown.test);
    }
    Ok(Relevance {
        rev: rev.to_owned(),
        mutants,
        build_time: before.build_time,
        run_time: started.elapsed(),
        runs: found.runs,
        skipped: found.skipped,
        new_tests: (0..d.tests.len())
            .filter(|&t| twins.test(t).is_none())
            .collect(),
    })
}

fn shown(test: usize, evidence: Evidence) -> Shown {
    Shown {
        test,
        evidence,
        interacts: Vec::new(),
    }
}

/// Each mutant's and test's twin in the build before the change.
struct Twins {
    mutants: Vec<Option<usize>>,
    tests: Vec<Option<usize>>,
}

impl Twins {
    fn new(after: &Discovery, before: &Discovery, changed: &Changed) -> Twins {
        let by_place: HashMap<(String, [u32; 4], &str, &str, &str), usize> = before
            .mutants
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let e = &m.entry;
                (
                    (
                        e.file.clone(),
                        e.span,
                        e.operator.as_str(),
                        e.original.as_str(),
                        e.replacement.as_str(),
                    ),
                    i,
                )
            })
            .collect();
        let mutants = after
            .mutants
            .iter()
            .map(|m| {
                let e = &m.entry;
                let (file, span) = changed.before(&e.file, e.span)?;
                by_place
                    .get(&(
                        file,
                        span,
                        e.operator.as_str(),
                        e.original.as_str(),
                        e.replacement.as_str(),
                    ))
                    .copied()
            })
            .collect();
        let by_name: HashMap<String, usize> = (0..before.tests.len())
            .map(|t| (before.test_id(t), t))
            .collect();
        // A doc test is named after its line, which the change may move: the same item's
        // doc test is its twin when the item has one doc test on both sides.
        let unique_by_item = |d: &Discovery| {
            let mut by_item: HashMap<String, Option<usize>> = HashMap::new();
            for t in 0..d.tests.len() {
                if let Some(item) = without_line(&d.test_id(t)) {
                    by_item
                        .entry(item)
                        .and_modify(|seen| *seen = None)
                        .or_insert(Some(t));
                }
            }
            by_item
        };
        let (items_before, items_after) = (unique_by_item(before), unique_by_item(after));
        let tests = (0..after.tests.len())
            .map(|t| {
                let id = after.test_id(t);
                by_name.get(&id).copied().or_else(|| {
                    let item = without_line(&id)?;
                    items_after.get(&item).copied().flatten()?;
                    items_before.get(&item).copied().flatten()
                })
            })
            .collect();
        Twins { mutants, tests }
    }

    fn mutant(&self, m: usize) -> Option<usize> {
        self.mutants[m]
    }

    fn test(&self, t: usize) -> Option<usize> {
        self.tests[t]
    }
}

/// Where the changed lines are, by function, and which functions each test enters.
struct Places {
    /// `(file, function)` -> the lines its mutants span.
    functions: HashMap<(String, String), (u32, u32)>,
    /// Changed line ranges with the function holding each.
    hunks: Vec<(String, u32, u32, String)>,
    /// Test -> the functions whose mutants it reaches.
    entered: HashMap<usize, BTreeSet<(String, String)>>,
}

impl Places {
    fn new(d: &Discovery, results: &Results, changed: &Changed) -> Places {
        let mut functions: HashMap<(String, String), (u32, u32)> = HashMap::new();
        let mut entered: HashMap<usize, BTreeSet<(String, String)>> = HashMap::new();
        for (m, r) in d.mutants.iter().zip(&results.mutants) {
            let e = &m.entry;
            let key = (e.file.clone(), e.function.clone());
            let lines = functions
                .entry(key.clone())
                .or_insert((e.span[0], e.span[2]));
            *lines = (lines.0.min(e.span[0]), lines.1.max(e.span[2]));
            for &t in &r.covered_by {
                entered.entry(t).or_default().insert(key.clone());
            }
        }
        let mut places = Places {
            functions,
            hunks: Vec::new(),
            entered,
        };
        for (file, ranges) in changed.hunks() {
            for range in ranges {
                if let Some(function) = places.holder(file, *range.start()) {
                    let hunk = (file.to_owned(), *range.start(), *range.end(), function);
                    places.hunks.push(hunk);
                }
            }
        }
        places
    }

    /// The innermost function with mutants whose lines hold `line` of `file`.
    fn holder(&self, file: &str, line: u32) -> Option<String> {
        self.functions
            .iter()
            .filter(|((f, _), (a, b))| f == file && *a <= line && line <= *b)
            .min_by_key(|(_, (a, b))| b - a)
            .map(|((_, function), _)| function.clone())
    }

    /// The changed lines in functions test `t` enters, as `file:first-last in function`.
    fn reached_by(&self, t: usize) -> Vec<String> {
        let Some(entered) = self.entered.get(&t) else {
            return Vec::new();
        };
        self.hunks
            .iter()
            .filter(|(file, _, _, function)| entered.contains(&(file.clone(), function.clone())))
            .map(|(file, first, last, function)| {
                let lines = if first == last {
                    first.to_string()
                } else {
                    format!("{first}-{last}")
                };
                format!("{file}:{lines} in {function}")
            })
            .collect()
    }
}

/// A generated doc test's id without its line number (`doctest_src_lib_rs_jaro_line_147`
/// becomes `doctest_src_lib_rs_jaro`), `None` for other tests.
fn without_line(test_id: &str) -> Option<String> {
    if !test_id.starts_with("doctest_") {
        return None;
    }
    // The last `_line_<digits>`: an item's own name may hold `_line_`.
    let (at, rest) = test_id.rmatch_indices("_line_").find_map(|(at, marker)| {
        let rest = &test_id[at + marker.len()..];
        rest.starts_with(|c: char| c.is_ascii_digit())
            .then_some((at, rest))
    })?;
    let after_number = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    Some(format!("{}{after_number}", &test_id[..at]))
}

#[cfg(test)]
mod tests {
    #[test]
    fn doc_tests_lose_their_line_and_others_are_not_doc_tests() {
        assert_eq!(
            super::without_line("doctest_src_lib_rs_jaro_line_147::doctest").as_deref(),
            Some("doctest_src_lib_rs_jaro::doctest")
        );
        assert_eq!(
            super::without_line("doctest_src_lib_rs_read_line_fast_line_9_2::doctest").as_deref(),
            Some("doctest_src_lib_rs_read_line_fast_2::doctest")
        );
        assert_eq!(super::without_line("strsim::tests::jaro"), None);
    }
}
