//! Definition 2 of commit-relevant mutants (Ma et al.), applied to what one test shows:
//! a mutant is relevant when some test's observation under the mutant after the change
//! differs both from the unmutated program after the change and from the same mutant
//! before it.
//!
//! What a test shows is its outcome (passes, or fails with a message, times out, crashes)
//! and the state trace of its run: at the exit of every annotated call, what it returned
//! and left behind its `&mut` arguments. Both conditions must hold **at the same point**
//! of that observation (the outcome, or one call's exit). Compared as whole traces, any
//! mutant that changes something in a test that also runs the changed code would count:
//! the change shows in the trace with the mutant on, wherever the mutant is. At one point,
//! the mutant must change a value that the change also changes the mutated value of: they
//! interact there.
//!
//! Pure: observations in, an [`Evidence`] out.

use crate::propagation::{Call, Trace, comparable, shown};

/// One test's run: its outcome, and its trace.
pub struct Observation {
    /// `passes`, `fails: <panic message>`, `times out`, `crashes: <signal>`.
    pub outcome: String,
    pub trace: Trace,
}

/// Where a test showed that the change and the mutant interact.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "at", rename_all = "snake_case")]
pub enum Evidence {
    /// The test's outcome: unmutated after the change, with the mutant after the change,
    /// with the mutant before it.
    Outcome {
        original: String,
        mutant: String,
        before: String,
    },
    /// One call's exit (what it returned, or with `left` what it left behind `&mut`
    /// arguments), shown: unmutated, with the mutant, with the mutant before the change.
    Call {
        function: String,
        left: bool,
        original: String,
        mutant: String,
        before: String,
    },
    /// The mutant does not exist before the change (its code is new or was edited), and
    /// the test shows it: unmutated and with the mutant.
    New { original: String, mutant: String },
}

/// Whether the test shows the mutant as relevant: `post` is the unmutated program after
/// the change (run twice: a point that differs between the two depends on something else
/// and is left out), `mutant` the mutant after the change, `before` the same mutant before
/// it (`None`: it has no such mutant).
pub fn relevant(
    post: [&Observation; 2],
    mutant: &Observation,
    before: Option<&Observation>,
) -> Option<Evidence> {
    let [original, again] = post;
    let stable_outcome = original.outcome == again.outcome;
    let Some(before) = before else {
        return shows(original, again, mutant);
    };
    if stable_outcome
        && mutant.outcome != original.outcome
        && !same_outcome(&mutant.outcome, &before.outcome)
    {
        return Some(Evidence::Outcome {
            original: original.outcome.clone(),
            mutant: mutant.outcome.clone(),
            before: before.outcome.clone(),
        });
    }
    relevant_by_trace(post, mutant, before)
}

/// [`relevant`] at the calls' exits alone, for a mutant whose outcome is chance: one that
/// corrupts memory (`lab/undefined.rs`) passes in one build and dies of a signal in
/// another, whatever the change.
pub fn relevant_by_trace(
    post: [&Observation; 2],
    mutant: &Observation,
    before: &Observation,
) -> Option<Evidence> {
    let [original, again] = post;
    let traces = [&original.trace, &again.trace, &mutant.trace, &before.trace];
    if traces.iter().any(|t| t.truncated()) {
        return None;
    }
    keys(&traces).into_iter().find_map(|(depth, function)| {
        let calls = traces.map(|t| t.calls(function, depth));
        // Calls are matched by their order, so only where every run made as many. How many
        // calls a function gets is the code's own structure, which a change may rework
        // without changing what anyone observes: counts are not compared across versions.
        // (A function the run before never returned from may not exist there.)
        let count = calls[0].len();
        if count == 0 || calls.iter().any(|c| c.len() != count) {
            return None;
        }
        let [first, second, mutated, earlier] = calls;
        (0..count).find_map(|i| at_exit([first[i], second[i], mutated[i]], earlier[i], function))
    })
}

/// Whether two outcomes of one mutant in a file with `unsafe` code may differ only as
/// memory it corrupted decides: one of them is a crash (a signal; where it would have
/// failed an assertion or passed instead depends on where things sit in memory, which
/// differs between any two builds).
pub fn crashed_by_chance(a: &str, b: &str) -> bool {
    let crashed = |o: &str| !matches!(o, "passes" | "times out") && !o.starts_with("fails");
    crashed(a) || crashed(b)
}

/// Whether two outcomes are the same. A message with bytes that are not text (a NUL, an
/// invalid sequence: memory a mutant corrupted) differs from build to build whatever the
/// change, so such failures are compared by kind only.
fn same_outcome(a: &str, b: &str) -> bool {
    // A NUL shown by a `Debug` text (`\0`) is garbled too.
    let garbled = |text: &str| text.contains(['\0', '\u{FFFD}']) || text.contains("\\0");
    let kind = |text: &str| text.split(':').next().unwrap_or(text).to_owned();
    a == b || ((garbled(a) || garbled(b)) && kind(a) == kind(b))
}

/// Whether a shown value can be compared across two builds: not an address (`0x7f…`:
/// where things sit in memory differs between binaries) and not garbled text.
fn portable(shown: &str) -> bool {
    let address = shown.match_indices("0x").any(|(at, _)| {
        shown[at + 2..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .count()
            >= 6
    });
    !address && !shown.contains(['\0', '\u{FFFD}']) && !shown.contains("\\0")
}

/// For a mutant with no twin before the change: whether the test shows it at all (its
/// outcome, or a stable point of its trace, differs from the unmutated run's).
fn shows(original: &Observation, again: &Observation, mutant: &Observation) -> Option<Evidence> {
    let new = |original: String, mutant: String| Some(Evidence::New { original, mutant });
    if original.outcome == again.outcome && mutant.outcome != original.outcome {
        return new(original.outcome.clone(), mutant.outcome.clone());
    }
    let traces = [&original.trace, &again.trace, &mutant.trace];
    if traces.iter().any(|t| t.truncated()) {
        return None;
    }
    keys(&traces).into_iter().find_map(|(depth, function)| {
        let [first, second, mutated] = traces.map(|t| t.calls(function, depth));
        if first.len() != second.len() {
            return None;
        }
        if mutated.len() != first.len() {
            let count = |n: usize| format!("{n} calls of `{function}`");
            return new(count(first.len()), count(mutated.len()));
        }
        (0..first.len()).find_map(|i| {
            let (a, b, m) = (first[i], second[i], mutated[i]);
            [
                (&a.returned, &b.returned, &m.returned),
                (&a.changed, &b.changed, &m.changed),
            ]
            .into_iter()
            .find(|(a, b, m)| a == b && a != m && comparable(a) && comparable(m))
            .and_then(|(a, _, m)| new(shown(a), shown(m)))
        })
    })
}

/// Every (depth, function) some trace has, outermost first.
fn keys<'a>(traces: &[&'a Trace]) -> Vec<(u32, &'a str)> {
    let all: std::collections::BTreeSet<(u32, &str)> =
        traces.iter().flat_map(|t| t.keys()).collect();
    all.into_iter().collect()
}

/// One call's exit in the two unmutated runs and the mutant's after the change, and the
/// mutant's before it: evidence when the mutant changed a stable value there and the
/// change made its value other than before.
fn at_exit(after: [&Call; 3], before: &Call, function: &str) -> Option<Evidence> {
    let [a, b, m] = after;
    let fields = [
        (
            false,
            &a.returned,
            &b.returned,
            &m.returned,
            &before.returned,
        ),
        (true, &a.changed, &b.changed, &m.changed, &before.changed),
    ];
    fields.into_iter().find_map(|(left, a, b, m, r)| {
        let differs = a == b && a != m && r != m;
        let comparable = [a, m, r]
            .iter()
            .all(|d| comparable(d) && portable(&shown(d)));
        (differs && comparable).then(|| Evidence::Call {
            function: function.to_owned(),
            left,
            original: shown(a),
            mutant: shown(m),
            before: shown(r),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(outcome: &str, lines: &[&str]) -> Observation {
        let lines: Vec<String> = lines.iter().map(|l| l.replace('|', "\t")).collect();
        Observation {
            outcome: outcome.to_owned(),
            trace: Trace::parse(lines),
        }
    }

    const PASSES: &str = "passes";

    #[test]
    fn a_kill_the_mutant_before_the_change_does_not_make_is_relevant() {
        let post = seen(PASSES, &["0|price|h1:10|"]);
        let mutant = seen("fails: expected 10", &["0|price|h2:11|"]);
        let before = seen(PASSES, &["0|price|h3:9|"]);
        assert_eq!(
            relevant([&post, &post], &mutant, Some(&before)),
            Some(Evidence::Outcome {
                original: PASSES.into(),
                mutant: "fails: expected 10".into(),
                before: PASSES.into(),
            })
        );
    }

    #[test]
    fn a_kill_the_same_before_and_after_is_no_interaction() {
        let post = seen(PASSES, &["0|price|h1:10|"]);
        let mutant = seen("fails: boom", &["0|price|h2:11|"]);
        let before = seen("fails: boom", &["0|price|h2:11|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
    }

    #[test]
    fn a_value_the_mutant_and_the_change_both_move_is_relevant() {
        // `total` calls `rate`, which the change edited; the mutant is in `total`.
        let post = seen(PASSES, &["1|rate|h1:2|", "0|total|h2:20|"]);
        let mutant = seen(PASSES, &["1|rate|h1:2|", "0|total|h3:22|"]);
        let before = seen(PASSES, &["1|rate|h4:3|", "0|total|h5:33|"]);
        assert_eq!(
            relevant([&post, &post], &mutant, Some(&before)),
            Some(Evidence::Call {
                function: "total".into(),
                left: false,
                original: "20".into(),
                mutant: "22".into(),
                before: "33".into(),
            })
        );
    }

    #[test]
    fn the_change_showing_elsewhere_in_the_same_test_is_not_relevance() {
        // The mutant moves `other`; the change moves `rate`. No point has both.
        let post = seen(PASSES, &["0|rate|h1:2|", "0|other|h2:5|"]);
        let mutant = seen(PASSES, &["0|rate|h1:2|", "0|other|h3:6|"]);
        let before = seen(PASSES, &["0|rate|h4:3|", "0|other|h3:6|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
    }

    #[test]
    fn a_point_that_varies_between_unmutated_runs_is_left_out() {
        let post = seen(PASSES, &["0|now|h1:1|"]);
        let again = seen(PASSES, &["0|now|h2:2|"]);
        let mutant = seen(PASSES, &["0|now|h3:3|"]);
        let before = seen(PASSES, &["0|now|h4:4|"]);
        assert_eq!(relevant([&post, &again], &mutant, Some(&before)), None);
    }

    #[test]
    fn call_counts_are_not_compared_across_versions() {
        // The change reworked `eq`, which calls `is_inline` once more now; the mutant
        // removes every call after the change. That is the code's structure, not an
        // observation.
        let post = seen(
            PASSES,
            &[
                "1|is_inline|h1:true|",
                "1|is_inline|h1:true|",
                "0|eq|h2:true|",
            ],
        );
        let mutant = seen(PASSES, &["0|eq|h2:true|"]);
        let before = seen(PASSES, &["1|is_inline|h1:true|", "0|eq|h2:true|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
    }

    #[test]
    fn addresses_and_garbled_values_are_not_compared_across_builds() {
        let post = seen(PASSES, &["0|ptr|h1:0x7f8c90000d80|"]);
        let mutant = seen(PASSES, &["0|ptr|h2:0x7fe218000d80|"]);
        let before = seen(PASSES, &["0|ptr|h3:0x7f0b18001880|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
        let post = seen(PASSES, &["0|s|h1:\"23\"|"]);
        let mutant = seen(PASSES, &["0|s|h2:\"23\\0\"|"]);
        let before = seen(PASSES, &["0|s|h3:\"\"|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
        // Failures whose messages hold corrupted memory are compared by kind.
        let post = seen(PASSES, &[]);
        let mutant = seen("fails: not a char boundary of `a\0b\u{FFFD}`", &[]);
        let before = seen("fails: not a char boundary of `a\0c`", &[]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
        // A NUL as a `Debug` text shows it.
        let mutant = seen("fails: left: \"111\\0\" right: \"1111\"", &[]);
        let before = seen("fails: left: \"1112\" right: \"1111\"", &[]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
        let clean = seen("fails: expected 3", &[]);
        assert!(
            relevant(
                [&post, &post],
                &clean,
                Some(&seen("fails: expected 4", &[]))
            )
            .is_some()
        );
    }

    #[test]
    fn a_crash_may_be_memory_deciding() {
        assert!(crashed_by_chance(
            "killed by SIGABRT",
            "fails: out of bounds"
        ));
        assert!(crashed_by_chance("fails: x", "killed by SIGSEGV"));
        assert!(crashed_by_chance("killed by SIGABRT", "passes"));
        assert!(!crashed_by_chance("fails: x", "fails: y"));
        assert!(!crashed_by_chance("times out", "passes"));
    }

    #[test]
    fn a_mutant_whose_outcome_is_chance_is_shown_by_its_trace_alone() {
        let post = seen(PASSES, &["0|len|h1:3|"]);
        let crashed = seen("killed by SIGABRT", &["0|len|h1:3|"]);
        assert!(relevant([&post, &post], &crashed, Some(&post)).is_some());
        assert_eq!(relevant_by_trace([&post, &post], &crashed, &post), None);
        let moved = seen("killed by SIGABRT", &["0|len|h2:4|"]);
        let before = seen(PASSES, &["0|len|h3:5|"]);
        assert!(matches!(
            relevant_by_trace([&post, &post], &moved, &before),
            Some(Evidence::Call { .. })
        ));
    }

    #[test]
    fn a_function_the_run_before_never_returned_from_is_not_compared() {
        // The change extracted `discount` from `total`: the mutant in `rate` moves both,
        // and `total` the same way before the change.
        let post = seen(PASSES, &["1|discount|h1:12|", "0|total|h2:108|"]);
        let mutant = seen(PASSES, &["1|discount|h3:13|", "0|total|h4:107|"]);
        let before = seen(PASSES, &["0|total|h4:107|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
    }

    #[test]
    fn values_without_debug_are_not_compared() {
        let post = seen(PASSES, &["0|f|?|"]);
        let mutant = seen(PASSES, &["0|f|?|"]);
        let before = seen(PASSES, &["0|f|h1:1|"]);
        assert_eq!(relevant([&post, &post], &mutant, Some(&before)), None);
    }

    #[test]
    fn a_mutant_new_in_the_change_is_relevant_when_a_test_shows_it() {
        let post = seen(PASSES, &["0|f|h1:1|"]);
        let shown = seen(PASSES, &["0|f|h2:2|"]);
        assert_eq!(
            relevant([&post, &post], &shown, None),
            Some(Evidence::New {
                original: "1".into(),
                mutant: "2".into()
            })
        );
        assert_eq!(relevant([&post, &post], &post, None), None);
        let killed = seen("fails: no", &["0|f|h1:1|"]);
        assert!(matches!(
            relevant([&post, &post], &killed, None),
            Some(Evidence::New { .. })
        ));
    }

    #[test]
    fn a_truncated_trace_shows_nothing() {
        let post = seen(PASSES, &["0|f|h1:1|"]);
        let before = seen(PASSES, &["0|f|h5:5|"]);
        let whole = seen(PASSES, &["0|f|h9:9|"]);
        assert!(relevant([&post, &post], &whole, Some(&before)).is_some());
        let cut = seen(PASSES, &["0|f|h9:9|", mutate_protocol::TRACE_TRUNCATED]);
        assert_eq!(relevant([&post, &post], &cut, Some(&before)), None);
    }
}
