//! What there is to run, and what of it this run takes: the discovered binaries, tests
//! and mutants (nextest's default filter applied), the mutants rustc proved unviable said
//! in a few lines, and the selection by operator, file, regex and diff.

use crate::cli::Args;
use crate::compile::{Built, Workspace};
use crate::diff::Changed;
use crate::discover::{self, Discovery};
use crate::error::{Error, Result};
use crate::filter::Filter;
use crate::nextest::{Applied, Nextest};
use crate::test_args::TestArgs;
use mutate_operators::Selection;
use std::collections::BTreeMap;

/// What nextest's settings did to the run, in one line, and their notes.
fn say_nextest(applied: &crate::nextest::Applied) {
    let tests = &applied.per_test;
    let count = |f: fn(&crate::nextest::ForTest) -> bool| tests.iter().filter(|t| f(t)).count();
    eprintln!(
        "    Nextest profile `{}` of {}: {} tests left out by its default-filter, {} in test \
         groups, {} with retries (a failure a retry passes kills nothing), {} with a time limit",
        applied.nextest.profile,
        crate::nextest::FILE,
        applied.left_out,
        count(|t| t.group.is_some()),
        count(|t| t.retries > 0),
        count(|t| t.terminate_after.is_some()),
    );
    for note in &applied.nextest.notes {
        eprintln!("note: {}: {note}", crate::nextest::FILE);
    }
}

/// Says how many mutants rustc proved unviable (`marked`: by a mark in its warnings, a type
/// fallback, a lint on constant arithmetic or a denied warning; the others through the
/// rebuild net), and in how many functions; and how many cannot run where a constant is
/// needed.
fn report_unbuilt(d: &Discovery, marked: &BTreeMap<String, String>) {
    use mutate_protocol::unviable_marks::Kind;
    let functions = |ms: &[&crate::discover::Mutant]| {
        ms.iter()
            .map(|m| (m.entry.file.as_str(), m.entry.function.as_str()))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    let (constant, unbuilt): (Vec<_>, Vec<_>) = d
        .mutants
        .iter()
        .filter(|m| !m.entry.build_error.is_empty())
        .partition(|m| crate::outcome::schemata_only(&m.entry).is_some());
    if !constant.is_empty() {
        eprintln!(
            "  Not run: {} mutants whose schemata cannot build where they stand (a constant \
             needed there, a swapped method of another type; their text may), in {} functions",
            constant.len(),
            functions(&constant)
        );
    }
    let (marked, by_net): (Vec<_>, Vec<_>) = unbuilt
        .into_iter()
        .partition(|m| marked.contains_key(&m.entry.id));
    let (by_lint, marked): (Vec<_>, Vec<_>) = marked.into_iter().partition(|m| {
        [Kind::Unused, Kind::Comparison, Kind::Recursion]
            .iter()
            .any(|k| m.entry.build_error.starts_with(k.reason()))
    });
    let (by_constant, by_type): (Vec<_>, Vec<_>) = marked.into_iter().partition(|m| {
        [Kind::Constant, Kind::Index]
            .iter()
            .any(|k| m.entry.build_error.starts_with(k.reason()))
    });
    for (ms, what, why) in [
        (
            &by_net,
            "whose code does not build with them",
            "compiled as written; rustc's message is each one's reason",
        ),
        (
            &by_type,
            "whose replacement the types at hand do not allow (no value of the type, no \
             such operator for the operands, no reverse of the iterator, a literal out of \
             range)",
            "rustc chose the fallback, or said so; not run",
        ),
        (
            &by_constant,
            "whose constant arithmetic rustc rejects (an overflow, a shift past the width, \
             a division by zero, an index past an array's end)",
            "not run",
        ),
        (
            &by_lint,
            "whose text adds a warning the crate denies (a parameter left unused, a \
             comparison beyond its type's range, a call of itself on every path)",
            "not run",
        ),
    ] {
        if !ms.is_empty() {
            eprintln!(
                "  Unviable {} mutants {what}, in {} functions ({why})",
                ms.len(),
                functions(ms)
            );
        }
    }
}

/// What the run has to run, and takes of it.
pub struct Found {
    pub d: Discovery,
    /// By mutant: taken by this run (its operator selected, its file and id through the
    /// filters, its lines in the diff).
    pub selected: Vec<bool>,
    /// Mutants rustc proved unviable, by id, with the reason.
    pub unviable: BTreeMap<String, String>,
    /// nextest's settings, where the workspace has them.
    pub nextest: Option<Applied>,
}

/// What chooses the mutants run.
pub struct Choice<'a> {
    pub operators: &'a Selection,
    pub filter: &'a Filter,
    pub changed: Option<&'a Changed>,
}

/// Discovers what `built` holds (the tests `test_args` and nextest's default filter
/// accept), says what is unviable, and selects; `None` where there are no mutants (said).
pub fn discover(
    args: &Args,
    workspace: &Workspace,
    built: Built,
    test_args: &TestArgs,
    choice: Choice,
) -> Result<Option<Found>> {
    let mut unviable = built.unviable.clone();
    let mut d = discover::discover(built, test_args)?;
    let nextest = Nextest::load(&workspace.root, args.nextest_profile.as_deref())
        .map_err(Error::Usage)?
        .map(|settings| crate::nextest::apply(settings, workspace, &mut d));
    if let Some(applied) = &nextest {
        say_nextest(applied);
        // A binary run whole (a proc macro's or a constant's mutant built in) runs its tests
        // one at a time where any is in a test group, as the group may require.
        let threads_set = d
            .libtest_args
            .iter()
            .any(|a| a.starts_with("--test-threads"));
        if applied.groups().any() && !threads_set {
            d.libtest_args.push("--test-threads=1".into());
        }
    }
    if test_args.filters_tests() && d.tests.is_empty() {
        eprintln!("warning: no test is left by the test arguments after `--`");
    } else if nextest.as_ref().is_some_and(|n| n.left_out > 0) && d.tests.is_empty() {
        eprintln!("warning: no test is left by nextest's default-filter");
    }
    // Those marked by location have their ids now.
    let unused = mutate_protocol::unviable_marks::Kind::Unused.reason();
    unviable.extend(
        d.mutants
            .iter()
            .filter(|m| m.entry.build_error.starts_with(unused))
            .map(|m| (m.entry.id.clone(), m.entry.build_error.clone())),
    );
    report_unbuilt(&d, &unviable);
    if d.mutants.is_empty() {
        eprintln!(
            "no mutants: put #[mutate_runtime::mutate] on the functions, impls or modules to test"
        );
        return Ok(None);
    }
    let selected: Vec<bool> = d
        .mutants
        .iter()
        .map(|m| {
            let e = &m.entry;
            choice.operators.contains_name(&e.operator)
                && choice.filter.accepts(&e.file, &e.id)
                // A relevance run judges every mutant; the diff only classes them.
                && (args.relevance
                    || choice
                        .changed
                        .is_none_or(|c| c.modifies(&e.file, e.span[0], e.span[2])))
        })
        .collect();
    if let Some(changed) = choice.changed.filter(|_| !args.relevance) {
        let on_changed = selected.iter().filter(|s| **s).count();
        eprintln!(
            "       Diff {on_changed} of {} mutants on lines changed in {} files",
            d.mutants.len(),
            changed.files()
        );
    }
    Ok(Some(Found {
        d,
        selected,
        unviable,
        nextest,
    }))
}
