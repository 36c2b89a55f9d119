//! Why a mutant survived, and what test to write: the reach-infection-propagation view of
//! Reneri, from what the coverage run saw each replacement compute beside the original.
//!
//! - **no infection**: the tests reach the code, but at every evaluation the replacement
//!   computed the same as the original: no input tells them apart. A new input is needed,
//!   and the operator says which (equal sides for a boundary, a zero for `+`/`-`...).
//! - **no propagation**: some test made the replacement compute something else, but the
//!   difference died before the test's own code saw it: where, the trace of that test
//!   says (`propagation.rs`): at the mutated function's exit already, or in a caller.
//! - **weak oracle**: the difference reached a call the test makes, which returned (or
//!   left) something else, and the test passed: it does not check that value.
//! - **infected**: infected, and not traced (the function cannot be, or its values have no
//!   `Debug`).
//! - **not compared**: the mutant's kind (a deleted statement, a replaced body, a deleted
//!   arm) is not compared in the coverage run.
//! - **chance**: the traced test made other calls, or its calls of the mutated function
//!   (or the calls around them) came out otherwise, in two runs with every mutant off
//!   (random inputs, the time, hash order):
//!   another run of it may detect the mutant.
//!
//! Pure: from the catalog entry, the flags by covering test, and test names.

use crate::propagation::Propagation;
use mutate_protocol::{CatalogEntry, infection};
use serde::Serialize;
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    NoInfection,
    NoPropagation,
    WeakOracle,
    Infected,
    NotCompared,
    Chance,
}

impl Category {
    pub fn label(self) -> &'static str {
        match self {
            Category::NoInfection => "no infection",
            Category::NoPropagation => "no propagation",
            Category::WeakOracle => "weak oracle",
            Category::Infected => "infected",
            Category::NotCompared => "not compared",
            Category::Chance => "chance",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnosis {
    pub category: Category,
    /// What to do, in plain English.
    pub suggestion: String,
    /// The covering tests the category rests on: all of them for no infection, those that
    /// saw a difference when infected.
    pub tests: Vec<String>,
}

/// The diagnosis of a surviving mutant reached by `covered_by` (test names), whose
/// coverage runs left `flags` (by the same index; 0: not compared), and, if it was traced,
/// the test traced and where the difference went in its run.
pub fn diagnose(
    e: &CatalogEntry,
    covered_by: &[String],
    flags: &[u8],
    traced: Option<(&str, &Propagation)>,
) -> Diagnosis {
    let at = format!("`{}` at {}:{}:{}", e.original, e.file, e.span[0], e.span[1]);
    let infected: Vec<String> = covered_by
        .iter()
        .zip(flags)
        .filter(|(_, f)| infection::infected(**f))
        .map(|(t, _)| t.clone())
        .collect();
    if let Some((test, propagation)) = traced
        && let Some(diagnosis) = propagated(e, &at, test, propagation, !infected.is_empty())
    {
        return diagnosis;
    }
    if !infected.is_empty() {
        return Diagnosis {
            category: Category::Infected,
            suggestion: format!(
                "{} made {at} compute something else with `{}`, yet passed: the \
                 difference is lost before it reaches the test, or reaches it unchecked. \
                 Assert on what `{}` returns or changes in that test.",
                names(&infected),
                e.replacement,
                e.function,
            ),
            tests: infected,
        };
    }
    if !covered_by.is_empty() && flags.iter().all(|&f| infection::proven_same(f)) {
        return Diagnosis {
            category: Category::NoInfection,
            suggestion: format!(
                "{} Covering tests: {}; start from one of them.",
                no_infection_hint(e, &at),
                names(covered_by)
            ),
            tests: covered_by.to_vec(),
        };
    }
    Diagnosis {
        category: Category::NotCompared,
        suggestion: format!(
            "{} reach {at} in `{}` and pass with it replaced: check what it does.",
            names(covered_by),
            e.function
        ),
        tests: covered_by.to_vec(),
    }
}

/// The diagnosis from a traced infecting test, if the trace told where the difference went.
/// `infected_at_site`: the coverage run saw the replacement compute something else. If
/// not, the mutated function's exit is where infection is looked for, and an unchanged
/// exit is no infection.
fn propagated(
    e: &CatalogEntry,
    at: &str,
    test: &str,
    propagation: &Propagation,
    infected_at_site: bool,
) -> Option<Diagnosis> {
    let function = &e.function;
    let r = &e.replacement;
    let (category, suggestion) = match propagation {
        Propagation::Untraced => return None,
        Propagation::Unsteady => (
            Category::Chance,
            format!(
                "{test} made other calls, or its calls of `{function}` came out otherwise, \
                 in two runs with every mutant off (random inputs, the time, hash order): \
                 whether it detects {at} replaced by `{r}` is chance, and this run it did \
                 not. Give it fixed inputs (a seed), or add a case that reaches this code \
                 the same way every run."
            ),
        ),
        Propagation::Local if !infected_at_site => (
            Category::NoInfection,
            format!(
                "In {test}, `{function}` returns and leaves the same with {at} replaced by \
                 `{r}`: that test's inputs never make this code matter. Add a case where it \
                 decides what `{function}` returns or changes."
            ),
        ),
        Propagation::Local => (
            Category::NoPropagation,
            format!(
                "In {test}, {at} computes something else with `{r}`, but `{function}` still \
                 returns (and leaves) the same: the difference is masked inside it. Test \
                 `{function}` with inputs where that part decides its result, or simplify it."
            ),
        ),
        Propagation::Masked { changed, masked_in } => (
            Category::NoPropagation,
            format!(
                "In {test}, {at} with `{r}` changes what `{changed}` returns or leaves, but \
                 {} returns and leaves the same: the difference is masked on the way back. \
                 Test `{changed}` directly, or from a caller closer to it.",
                masked_in
                    .as_ref()
                    .map_or("every call the test makes".to_owned(), |f| {
                        format!("`{f}`, which calls it,")
                    })
            ),
        ),
        Propagation::Reached {
            function: called,
            left,
            original,
            mutant,
        } => {
            let gives = match left {
                true => "leaves its `&mut` arguments as",
                false => "returns",
            };
            (
                Category::WeakOracle,
                format!(
                    "{test} calls `{called}`, which {gives} {original}; with {at} replaced by \
                     `{r}` it {gives} {mutant}, and the test does not check it. Assert on it."
                ),
            )
        }
    };
    Some(Diagnosis {
        category,
        suggestion,
        tests: vec![test.to_owned()],
    })
}

/// What input the tests lack, by operator: where the original and the replacement differ.
fn no_infection_hint(e: &CatalogEntry, at: &str) -> String {
    let (o, r) = (e.original.as_str(), e.replacement.as_str());
    let function = &e.function;
    match (e.operator.as_str(), o, r) {
        ("condition", _, "true") => format!(
            "The condition {at} in `{function}` held every time the tests reached it: no test \
             takes the other way. Add a case where it does not hold."
        ),
        ("condition", _, _) => format!(
            "The condition {at} in `{function}` never held when the tests reached it: no test \
             takes the way it guards. Add a case where it holds."
        ),
        ("relational", "<", "<=")
        | ("relational", "<=", "<")
        | ("relational", ">", ">=")
        | ("relational", ">=", ">") => format!(
            "`{o}` and `{r}` differ only where both sides are equal, and they never were \
             when the tests reached {at} in `{function}`: the boundary is untested. Add a \
             case with both sides equal."
        ),
        ("arithmetic" | "assignment", "+" | "-" | "+=" | "-=", "+" | "-" | "+=" | "-=") => {
            format!(
                "The right operand of {at} in `{function}` was 0 every time the tests \
                 reached it, where `{o}` and `{r}` agree. Add a case where it is not 0."
            )
        }
        ("unary", "-", _) => format!(
            "The operand of {at} in `{function}` was 0 every time the tests reached it, \
             where deleting `-` changes nothing. Add a case where it is not 0."
        ),
        ("logical", _, _) => format!(
            "`&&` and `||` agree where both sides are equal, and they always were when the \
             tests reached {at} in `{function}`. Add a case where one side holds and the \
             other does not."
        ),
        _ => format!(
            "Every time the tests reached {at} in `{function}`, `{r}` computed the same as \
             `{o}`. Add a case with operands on which they differ."
        ),
    }
}

/// `a`, `a and b`, `a, b and 3 more`.
fn names(tests: &[String]) -> String {
    let shown: Vec<&str> = tests.iter().take(3).map(String::as_str).collect();
    match (shown.len(), tests.len() - shown.len()) {
        (0, _) => "no test".into(),
        (1, _) => shown[0].into(),
        (n, 0) => format!("{} and {}", shown[..n - 1].join(", "), shown[n - 1]),
        (_, more) => format!("{} and {more} more", shown.join(", ")),
    }
}

/// Diagnoses by mutant index.
pub type Diagnoses = HashMap<usize, Diagnosis>;

/// The diagnosis of every survivor.
pub fn of_survivors(d: &crate::discover::Discovery, results: &crate::lab::Results) -> Diagnoses {
    results
        .mutants
        .iter()
        .enumerate()
        .filter(|(_, r)| r.status == crate::outcome::Status::Survived)
        // Judged by builds (a constant's, a proc macro's expansion): no coverage run saw
        // it, and its verdict's reason says what the builds showed.
        .filter(|(m, r)| !d.mutants[*m].entry.compile_time && !r.covered_by.is_empty())
        .map(|(m, r)| {
            // By name: the suggestion reads the same from run to run.
            let mut covering: Vec<(String, u8)> = r
                .covered_by
                .iter()
                .map(|&t| (d.test_id(t), r.flags(t)))
                .collect();
            covering.sort();
            let (tests, flags): (Vec<String>, Vec<u8>) = covering.into_iter().unzip();
            let traced = r.propagation.as_ref().map(|(t, p)| (d.test_id(*t), p));
            let traced = traced.as_ref().map(|(t, p)| (t.as_str(), *p));
            (m, diagnose(&d.mutants[m].entry, &tests, &flags, traced))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mutate_protocol::infection::{DIFFERENT, SAME, UNKNOWN};

    fn entry(operator: &str, original: &str, replacement: &str) -> CatalogEntry {
        CatalogEntry {
            index: 0,
            site: 0,
            ticks: mutate_protocol::NO_TICKS,
            id: "src/lib.rs:3:9: x".into(),
            operator: operator.into(),
            file: "src/lib.rs".into(),
            span: [3, 9, 3, 10],
            original: original.into(),
            replacement: replacement.into(),
            description: "x".into(),
            function: "classify".into(),
            build_error: String::new(),
            compile_time: false,
            value: Default::default(),
        }
    }

    fn tests(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_boundary_never_reached_asks_for_equal_sides() {
        let d = diagnose(
            &entry("relational", "<", "<="),
            &tests(&["t1", "t2"]),
            &[SAME, SAME],
            None,
        );
        assert_eq!(d.category, Category::NoInfection);
        assert!(
            d.suggestion.contains("both sides equal"),
            "{}",
            d.suggestion
        );
        assert!(
            d.suggestion.contains("`<` at src/lib.rs:3:9"),
            "{}",
            d.suggestion
        );
        assert!(d.suggestion.contains("t1 and t2"), "{}", d.suggestion);
    }

    #[test]
    fn one_different_evaluation_makes_it_infected_and_names_that_test() {
        let d = diagnose(
            &entry("condition", "x > 1", "true"),
            &tests(&["t1", "t2"]),
            &[SAME, SAME | DIFFERENT],
            None,
        );
        assert_eq!(d.category, Category::Infected);
        assert_eq!(d.tests, vec!["t2".to_string()]);
    }

    #[test]
    fn an_uncompared_test_leaves_it_not_compared() {
        for flags in [[SAME, 0], [SAME, SAME | UNKNOWN]] {
            let d = diagnose(
                &entry("statement", "f();", ""),
                &tests(&["t1", "t2"]),
                &flags,
                None,
            );
            assert_eq!(d.category, Category::NotCompared);
        }
    }

    #[test]
    fn a_traced_infection_is_told_masked_or_unchecked() {
        let e = entry("relational", "<", "<=");
        let covered = tests(&["t1"]);
        let reached = Propagation::Reached {
            function: "classify".into(),
            left: false,
            original: "Scalene".into(),
            mutant: "Isosceles".into(),
        };
        let d = diagnose(&e, &covered, &[DIFFERENT], Some(("t1", &reached)));
        assert_eq!(d.category, Category::WeakOracle);
        assert!(d.suggestion.contains("returns Scalene"), "{}", d.suggestion);
        assert!(
            d.suggestion.contains("returns Isosceles"),
            "{}",
            d.suggestion
        );
        let d = diagnose(
            &e,
            &covered,
            &[DIFFERENT],
            Some(("t1", &Propagation::Local)),
        );
        assert_eq!(d.category, Category::NoPropagation);
        let d = diagnose(
            &e,
            &covered,
            &[DIFFERENT],
            Some(("t1", &Propagation::Untraced)),
        );
        assert_eq!(d.category, Category::Infected);
    }

    #[test]
    fn a_test_that_takes_other_paths_unmutated_makes_the_verdict_chance() {
        let e = entry("relational", "<", "<=");
        for flags in [[DIFFERENT], [SAME]] {
            let d = diagnose(
                &e,
                &tests(&["t1"]),
                &flags,
                Some(("t1", &Propagation::Unsteady)),
            );
            assert_eq!(d.category, Category::Chance);
            assert!(
                d.suggestion.starts_with("t1 made other calls"),
                "{}",
                d.suggestion
            );
        }
    }

    #[test]
    fn names_are_shortened_past_three() {
        assert_eq!(names(&tests(&["a"])), "a");
        assert_eq!(names(&tests(&["a", "b", "c"])), "a, b and c");
        assert_eq!(
            names(&tests(&["a", "b", "c", "d", "e"])),
            "a, b, c and 2 more"
        );
    }
}
