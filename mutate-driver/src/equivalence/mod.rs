//! Equivalent mutants proven by compiled code (*Trivial Compiler Equivalence*, Papadakis
//! et al., ICSE 2015): a mutant whose library compiles, at full optimisation and with the
//! tests' own checks, to the very code of the library as written computes what it
//! computes, for every input: no test can tell them apart. It is then not a survivor but
//! equivalent, out of the score.
//!
//! The builds write mutants in with their switch a constant (the macro's fixed mode) and
//! keep every rewritten function out of line, so a mutant's code stays in its function's
//! own symbol. One build shows which functions are compiled at all (one candidate of each
//! watched: its site's evaluation made an opaque call); batches of one candidate per
//! function rule out those whose function's code changes; each remaining candidate is
//! built alone, its site watched with and without it: the two builds must be the same
//! code. Generic functions the libraries do not instantiate are compared again in builds
//! of the test targets too, their arguments made opaque. A survivor a traced run showed
//! returning something else is not built at all.

mod build;
pub mod code;

use crate::cli::Args;
use crate::compile::Workspace;
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use crate::progress::Progress;
use crate::propagation::Propagation;
use code::Code;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

/// What the equivalence step did, to say and to report.
#[derive(Debug, Default)]
pub struct Equivalence {
    /// Survivors a traced run showed computing something else: not compared.
    pub witnessed: usize,
    /// Mutants compared.
    pub candidates: usize,
    pub proven: usize,
    /// Compared mutants whose code is an earlier one's.
    pub duplicates: usize,
    /// Candidates whose code no build compared holds with its arguments opaque (a generic
    /// function with a pattern for an argument, code no library compiles).
    pub absent: usize,
    pub builds: usize,
    pub time: Duration,
    /// Why the step stopped short, where it did.
    pub failed: Option<String>,
}

impl Equivalence {
    /// One line for the terminal: what was proven, and what it cost.
    pub fn say(&self) {
        if let Some(why) = &self.failed {
            eprintln!("warning: equivalence not proven: an optimised build failed: {why}");
            return;
        }
        let absent = match self.absent {
            0 => String::new(),
            n => format!(
                " ({n} more not compared, not proven: no library or test compiles their \
                 code with its arguments opaque)"
            ),
        };
        let witnessed = match self.witnessed {
            0 => String::new(),
            n => format!("; {n} more shown by a traced run to compute something else"),
        };
        let duplicates = match self.duplicates {
            0 => String::new(),
            1 => "; 1 mutant compiles to another's code (a duplicate)".to_owned(),
            n => format!("; {n} mutants compile to another's code (duplicates)"),
        };
        eprintln!(
            "     note: {} of {} mutants compared proven equivalent{absent}, in {} optimised \
             builds ({:.1}s){witnessed}{duplicates}",
            self.proven,
            self.candidates,
            self.builds,
            self.time.as_secs_f64()
        );
    }
}

/// The reason an equivalent mutant's report gives.
pub const REASON: &str = "equivalent: the library compiles to the same machine code with it \
    as without it (opt-level 3, the tests' overflow checks and debug assertions), so no test \
    can tell them apart";

/// Compares each survivor (each no-coverage mutant too, with `all`) of the libraries in
/// optimised builds, and marks those proven equivalent.
pub fn run(
    args: &Args,
    workspace: &Workspace,
    d: &Discovery,
    results: &mut Results,
    progress: &mut Progress,
) -> Equivalence {
    let started = Instant::now();
    let wanted = |status: Status| {
        status == Status::Survived || (args.equivalence_all && status == Status::NoCoverage)
    };
    let compiled: Vec<usize> = (0..d.mutants.len())
        .filter(|&m| wanted(results.mutants[m].status))
        .filter(|&m| {
            let entry = &d.mutants[m].entry;
            !entry.compile_time && build::in_library(std::path::Path::new(&entry.file))
        })
        .collect();
    // A survivor whose traced test saw a call return (or leave) something else with it is
    // not equivalent: a run showed it. Only the others are built.
    let (witnessed, candidates): (Vec<usize>, Vec<usize>) = compiled
        .into_iter()
        .partition(|&m| shown_different(&results.mutants[m]));
    let mut summary = Equivalence {
        witnessed: witnessed.len(),
        candidates: candidates.len(),
        ..Equivalence::default()
    };
    if candidates.is_empty() {
        return summary;
    }
    progress.phase(
        "Equivalence",
        candidates.len(),
        (
            "mutant compared in optimised builds",
            "mutants compared in optimised builds",
        ),
    );
    match prove(
        args,
        workspace,
        d,
        (&candidates, &witnessed),
        &mut summary,
        progress,
    ) {
        Ok(settled) => {
            summary.absent = settled.absent.len();
            summary.proven = settled.proven.len();
            summary.duplicates = settled.duplicates.len();
            for m in settled.proven {
                results.mutants[m].status = Status::Equivalent;
                results.mutants[m].reason = REASON.to_owned();
            }
            for (m, earlier) in settled.duplicates {
                results.mutants[m].duplicate_of = Some(earlier);
            }
        }
        Err(why) => summary.failed = Some(why),
    }
    summary.time = started.elapsed();
    summary
}

/// Whether a traced run showed the mutant computing something else at a call's return.
fn shown_different(r: &crate::lab::MutantResult) -> bool {
    matches!(
        r.propagation,
        Some((_, Propagation::Reached { .. } | Propagation::Masked { .. }))
    )
}

/// What comparisons settled.
#[derive(Debug, Default)]
struct Settled {
    proven: Vec<usize>,
    /// Candidates whose code no build compared holds.
    absent: Vec<usize>,
    /// Mutants whose function compiles to the very code an earlier mutant's does, each
    /// with that one: `(mutant, earlier)`.
    duplicates: Vec<(usize, usize)>,
    /// The others (compared for duplicates only) whose code no build compared holds.
    absent_others: Vec<usize>,
}

/// The candidates proven equivalent, those whose code no comparison held, and the
/// duplicates among candidates and `others` (survivors not compared with the original, only
/// with one another). First in the libraries alone; the mutants whose code the libraries
/// do not hold (generic functions only the tests instantiate) again with the test
/// targets' code.
fn prove(
    args: &Args,
    workspace: &Workspace,
    d: &Discovery,
    (candidates, others): (&[usize], &[usize]),
    summary: &mut Equivalence,
    progress: &mut Progress,
) -> Result<Settled, String> {
    let builder = build::Builder::new(args, workspace)?;
    let mut build = |list: String, tests: bool| -> Result<Code, String> {
        summary.builds += 1;
        // The macro makes every function's arguments opaque in a build of the tests.
        let list = match tests {
            true => format!("tests\n{list}"),
            false => list,
        };
        Code::of(&builder.build(&list, tests)?)
    };
    let mut settled = settle(
        d,
        (candidates, others),
        &mut |list| build(list, false),
        &mut || progress.tick(),
    )?;
    if !settled.absent.is_empty() || !settled.absent_others.is_empty() {
        // Counted once already, in the first comparison.
        let in_tests = settle(
            d,
            (&settled.absent, &settled.absent_others),
            &mut |list| build(list, true),
            &mut || {},
        )?;
        settled.proven.extend(in_tests.proven);
        settled.duplicates.extend(in_tests.duplicates);
        settled.absent = in_tests.absent;
    }
    Ok(settled)
}

/// One comparison of `candidates` through `build` (a list in, the code out): those proven
/// equivalent, those whose code is not in what `build` compiles, and the duplicates among
/// them and `others` (and the `others` whose code is not there). First one build that
/// watches one mutant of each function (its site's evaluation made visible): a function
/// whose own code does not change there is not compiled (or not comparable), and none of
/// its mutants is. Then batches of one mutant per function written in: a candidate whose
/// function's own code changed is not equivalent, and a mutant whose function's code is an
/// earlier one's is its duplicate. Each candidate left is built alone with its site
/// watched, with and without the mutant: equivalent when those two are the same code, and
/// the watched one differs from the original in its function (so the macro wrote this very
/// mutant, and its site is compiled).
fn settle(
    d: &Discovery,
    (candidates, others): (&[usize], &[usize]),
    build: &mut dyn FnMut(String) -> Result<Code, String>,
    tick: &mut dyn FnMut(),
) -> Result<Settled, String> {
    let original = build(String::new())?;
    let function = |m: usize| &d.mutants[m].entry.function;
    let is_candidate: std::collections::HashSet<usize> = candidates.iter().copied().collect();
    let mut all: Vec<usize> = candidates.iter().chain(others).copied().collect();
    all.sort_unstable();
    let mut by_function: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
    for m in all {
        let entry = &d.mutants[m].entry;
        by_function
            .entry((entry.file.as_str(), entry.function.as_str()))
            .or_default()
            .push(m);
    }
    let list = |ms: &mut dyn Iterator<Item = usize>, how: &str| -> String {
        ms.map(|m| format!("{how} {}\n", d.mutants[m].entry.id))
            .collect()
    };
    // The functions whose code a build changed, demangled once per build.
    let changed_in = |code: &Code| -> Vec<(String, String)> {
        code.differing(&original)
            .into_iter()
            .map(|symbol| (symbol.to_owned(), code::demangled(symbol)))
            .collect()
    };
    let watched = changed_in(&build(list(
        &mut by_function.values().map(|ms| ms[0]),
        "watch",
    ))?);
    let (present, absent): (Vec<Vec<usize>>, Vec<Vec<usize>>) = by_function
        .into_values()
        .partition(|ms| !own_symbols(&watched, function(ms[0])).is_empty());
    let (absent, absent_others): (Vec<usize>, Vec<usize>) = absent
        .into_iter()
        .flatten()
        .partition(|m| is_candidate.contains(m));
    for _ in &absent {
        tick();
    }
    let mut unchanged = Vec::new();
    let mut duplicates = Vec::new();
    // The first mutant seen with each code of its function: its symbols that changed, and
    // each one's fingerprints.
    let mut first_with: HashMap<(&str, &str, FunctionCode), usize> = HashMap::new();
    for batch in batches(present) {
        let code = build(list(&mut batch.iter().copied(), "fix"))?;
        let symbols = changed_in(&code);
        for &m in &batch {
            let changed: FunctionCode = own_symbols(&symbols, function(m))
                .into_iter()
                // A symbol the mutant's build lacks (its code folded away) has no prints.
                .map(|symbol| {
                    (
                        symbol.to_owned(),
                        code.0.get(symbol).cloned().unwrap_or_default(),
                    )
                })
                .collect();
            if changed.is_empty() {
                if is_candidate.contains(&m) {
                    unchanged.push(m);
                }
                continue;
            }
            if is_candidate.contains(&m) {
                tick();
            }
            let file = d.mutants[m].entry.file.as_str();
            match first_with.entry((file, function(m).as_str(), changed)) {
                Entry::Occupied(first) => duplicates.push((m, *first.get())),
                Entry::Vacant(slot) => {
                    slot.insert(m);
                }
            }
        }
    }
    // Alone: the proof. Its site watched, with the mutant written in and without: the
    // watched build must differ from the original in its function (the macro found this
    // very mutant, and its site is compiled), and the two must be the same code.
    let mut proven = Vec::new();
    for m in unchanged {
        let id = &d.mutants[m].entry.id;
        let watched = build(format!("watch {id}\n"))?;
        if !own_symbols(&changed_in(&watched), function(m)).is_empty()
            && build(format!("watch {id}\nfix {id}\n"))? == watched
        {
            proven.push(m);
        }
        tick();
    }
    Ok(Settled {
        proven,
        absent,
        duplicates,
        absent_others,
    })
}

/// The symbols of `function` among `symbols` (mangled, demangled).
fn own_symbols<'s>(symbols: &'s [(String, String)], function: &str) -> Vec<&'s str> {
    symbols
        .iter()
        .filter(|(_, name)| belongs(name, function))
        .map(|(symbol, _)| symbol.as_str())
        .collect()
}

/// A function's code in a build, where it is not the original's: each of its symbols that
/// changed, with its fingerprints.
type FunctionCode = Vec<(String, Vec<u64>)>;

/// Batches of mutants, at most one of each function in a batch: `groups` holds each
/// function's, and batch `k` takes the `k`th of each.
fn batches(groups: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    let rounds = groups.iter().map(Vec::len).max().unwrap_or(0);
    (0..rounds)
        .map(|k| groups.iter().filter_map(|g| g.get(k).copied()).collect())
        .collect()
}

/// Whether the function symbol `symbol` (demangled, without its hash) may be the code of
/// the function reports call `function` (`area`, `Shape::area`, `Shape::fmt` of an `impl
/// Display for Shape`): each name of the function is a segment of the symbol's path. A
/// symbol wrongly taken for the function's rules a mutant out or keeps its function in
/// the comparison; an equivalence is only ever proven by a build where it is the only
/// change.
fn belongs(symbol: &str, function: &str) -> bool {
    let segments: Vec<&str> = symbol
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|s| !s.is_empty())
        .collect();
    let names: Vec<&str> = function
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|s| !s.is_empty() && !matches!(*s, "impl" | "for" | "as" | "dyn" | "mut"))
        .collect();
    !names.is_empty() && names.iter().all(|name| segments.contains(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_holds_one_mutant_of_each_function() {
        let groups = vec![vec![1, 2, 3], vec![4], vec![5, 6]];
        assert_eq!(batches(groups), [vec![1, 4, 5], vec![2, 6], vec![3]]);
    }

    #[test]
    fn symbols_are_matched_to_functions_by_their_names() {
        assert!(belongs("demo::max", "max"));
        assert!(belongs("demo::Shape::area::{{closure}}", "Shape::area"));
        assert!(belongs(
            "<demo::Shape as core::fmt::Display>::fmt",
            "Shape::fmt"
        ));
        assert!(belongs("demo::Held<T>::get", "Held::get"));
        assert!(!belongs("demo::maximum", "max"));
        assert!(!belongs("demo::Circle::area", "Shape::area"));
    }
}
