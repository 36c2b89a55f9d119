//! The summary printed at the end of a run, with every survivor shown as a diff and the
//! command that reproduces it.

use super::Summary;
use super::pseudo::PseudoTested;
use crate::diagnosis::Diagnoses;
use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use crate::source;
use std::fmt::Write;
use std::path::Path;

/// `reproduce` turns a mutant id into the command that runs it alone.
/// What the terminal shows beside the results.
pub struct View<'a> {
    pub pseudo: &'a [PseudoTested],
    pub root: &'a Path,
    pub times: &'a super::Times,
    pub diagnoses: &'a Diagnoses,
}

pub fn render(
    d: &Discovery,
    results: &Results,
    view: &View,
    reproduce: impl Fn(&str) -> String,
) -> String {
    let mut out = String::new();
    survivors(&mut out, d, results, view, reproduce);
    pseudo_tested(&mut out, view.pseudo);
    order_dependent(&mut out, d, results);
    flaky(&mut out, d, results);
    totals(&mut out, d, results, view.times);
    out
}

/// Every survivor and uncovered mutant, as a diff, survivors with their reproduction.
fn survivors(
    out: &mut String,
    d: &Discovery,
    results: &Results,
    view: &View,
    reproduce: impl Fn(&str) -> String,
) {
    let root = view.root;
    for status in [Status::Survived, Status::NoCoverage] {
        for (m, r) in results.mutants.iter().enumerate() {
            if r.status != status {
                continue;
            }
            let e = &d.mutants[m].entry;
            let _ = writeln!(out, "{:>11} {}", status.label().to_uppercase(), e.id);
            if let Ok(text) = std::fs::read_to_string(root.join(&e.file))
                && let Some((before, after)) = source::before_after(&text, e)
            {
                let line = e.span[0];
                for l in before.lines() {
                    let _ = writeln!(out, "{:>11} {line:>5} - {l}", "");
                }
                let _ = writeln!(out, "{:>11} {line:>5} + {after}", "");
            }
            if let Some(diagnosis) = view.diagnoses.get(&m) {
                let _ = writeln!(
                    out,
                    "{:>11} why: {}: {}",
                    "",
                    diagnosis.category.label(),
                    diagnosis.suggestion
                );
            } else if status == Status::Survived && !r.reason.is_empty() {
                // Judged by builds (a constant, a proc macro): what they showed.
                let _ = writeln!(out, "{:>11} why: {}", "", r.reason);
            }
            if let Some(earlier) = r.duplicate_of {
                // One test kills both: the survivors to write tests for are one fewer.
                let same = &d.mutants[earlier].entry.id;
                let _ = writeln!(out, "{:>11} same code as: {same}", "");
            }
            match &r.suggestion {
                Some(crate::suggest::Suggestion::Test { name, module, .. }) => {
                    let file = match module {
                        Some(module) => {
                            format!("{} (for {module})", crate::suggest::write::UNIT_FILE)
                        }
                        None => crate::suggest::write::FILE.to_owned(),
                    };
                    let _ = writeln!(out, "{:>11} test: `{name}` in {file} kills it", "");
                }
                Some(crate::suggest::Suggestion::None { why }) => {
                    let _ = writeln!(out, "{:>11} no test suggested: {why}", "");
                }
                None => {}
            }
            if status == Status::Survived {
                let _ = writeln!(out, "{:>11} reproduce: {}", "", reproduce(&e.id));
            }
        }
    }
}

fn pseudo_tested(out: &mut String, pseudo: &[PseudoTested]) {
    if pseudo.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "\nPseudo-tested functions: tests reach them, yet every replacement of the whole\n\
         body survived. The tests run this code but check nothing it computes."
    );
    for p in pseudo {
        let _ = writeln!(
            out,
            "{:>11} {}:{} {} ({} replacements survived)",
            "PSEUDO", p.file, p.line, p.function, p.survived
        );
    }
}

fn order_dependent(out: &mut String, d: &Discovery, results: &Results) {
    named_tests(
        out,
        d,
        "These tests pass alone but fail when their binary runs whole\n\
         (`cargo test -- --test-threads=1`): they depend on test order.\n\
         Mutants were judged with each test alone, so their verdicts stand.",
        "ORDER",
        &results.fail_together,
    );
}

fn flaky(out: &mut String, d: &Discovery, results: &Results) {
    named_tests(
        out,
        d,
        "These tests passed and then failed with every mutant off: they are flaky, and\n\
         a mutant they alone fail with is counted as surviving them.",
        "FLAKY",
        &results.flaky,
    );
}

/// A heading and one labelled line per test, if there are any.
fn named_tests(out: &mut String, d: &Discovery, heading: &str, label: &str, tests: &[usize]) {
    if tests.is_empty() {
        return;
    }
    let _ = writeln!(out, "\n{heading}");
    for &t in tests {
        let _ = writeln!(out, "{label:>11} {}", d.test_id(t));
    }
}

/// Counts per verdict, the score, and where the time went.
fn totals(out: &mut String, d: &Discovery, results: &Results, times: &super::Times) {
    let s = Summary::of(results);
    let percent = |p: Option<f64>| p.map_or("n/a".to_owned(), |p| format!("{p:.1}%"));
    let _ = writeln!(
        out,
        "\n{} mutants in {:.1}s: {} killed, {} timeout, {} crashed, {} survived, {} no coverage, \
         {} unviable, {} ignored{}",
        s.total,
        times.total.as_secs_f64(),
        s.killed,
        s.timeout,
        s.crashed,
        s.survived,
        s.no_coverage,
        s.unviable,
        s.ignored,
        [
            (s.equivalent, "equivalent"),
            (s.undefined_behaviour, "undefined behaviour suspected")
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, label)| format!(", {n} {label}"))
        .collect::<String>()
    );
    let _ = writeln!(
        out,
        "mutation score {} ({} of covered mutants); {} tests",
        percent(s.score),
        percent(s.covered_score),
        d.tests.len()
    );
    let expansion = match times.expansion.is_zero() {
        true => String::new(),
        false => format!(
            ", mutants built into the tests (proc macros', constants') {:.1}s",
            times.expansion.as_secs_f64()
        ),
    };
    let after = |what: &str, took: std::time::Duration| match took.as_secs_f64() {
        // Under a twentieth of a second: the phase had nothing to do.
        s if s < 0.05 => String::new(),
        s => format!(", {what} {s:.1}s"),
    };
    let whole = after("binaries run whole", times.whole);
    let undefined = after("runs again where `unsafe` code lives", times.undefined);
    let _ = writeln!(
        out,
        "time: build {:.1}s, baseline {:.1}s (hit counting and the infection probe added \
         {:.1}s to the tests' runs), mutants {:.1}s{whole}{undefined}, tracing survivors \
         {:.1}s{expansion}",
        times.build.as_secs_f64(),
        times.baseline.as_secs_f64(),
        times.coverage_overhead.as_secs_f64(),
        times.mutants.as_secs_f64(),
        times.tracing.as_secs_f64()
    );
    // The build found most unviable mutants (said before the runs); an operator swap that
    // does not exist for the operands' types is found only when a test runs it.
    let when_run = (0..results.mutants.len())
        .filter(|&m| {
            results.mutants[m].status == Status::Unviable
                && d.mutants[m].entry.build_error.is_empty()
        })
        .count();
    if when_run > 0 {
        let _ = writeln!(
            out,
            "unviable when run: {when_run} mutants (the replacement does not exist for the \
             operands' types, found when a test ran the code; the original ran)"
        );
    }
    let proven = results.proven;
    if proven.runs > 0 {
        let _ = writeln!(
            out,
            "not run, proven by the coverage run to compute nothing different: {} mutants, \
             {} runs of a mutant under a test",
            proven.mutants, proven.runs
        );
    }
    if results.interrupted {
        let _ = writeln!(
            out,
            "interrupted: mutants not yet run are listed as ignored"
        );
    }
}

/// `diagnosis.txt`: each survivor, why it survived and what test to write, one block each.
pub fn diagnoses(d: &Discovery, results: &Results, diagnoses: &Diagnoses) -> String {
    let mut out = String::new();
    for (m, r) in results.mutants.iter().enumerate() {
        let Some(diagnosis) = diagnoses.get(&m) else {
            continue;
        };
        let _ = writeln!(out, "{}", d.mutants[m].entry.id);
        let _ = writeln!(out, "  status: {}", r.status.label());
        let _ = writeln!(out, "  category: {}", diagnosis.category.label());
        let _ = writeln!(out, "  suggestion: {}\n", diagnosis.suggestion);
    }
    out
}
