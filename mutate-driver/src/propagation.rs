//! Where an infection went: the traces of a survivor's infecting test, run twice with every
//! mutant off and once with the survivor on, compared call by call (the runtime's
//! `observe.rs` writes them: depth in annotated calls, function, digest of what it returned,
//! digests of what it left behind its `&mut` arguments).
//!
//! A record that differs between the two unmutated runs depends on something else (a hash
//! seed, the time): it is left out, as Reneri leaves out what changes across runs.
//!
//! Pure: traces in, a [`Propagation`] out.

use mutate_protocol::{TRACE_SEPARATOR, TRACE_TRUNCATED};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

/// How far the difference a survivor computes travelled in its infecting test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(tag = "reach", rename_all = "snake_case")]
pub enum Propagation {
    /// Every call of the mutated function returned and left the same as without it.
    Local,
    /// Some annotated call changed (the outermost such: `changed`), but no call made from
    /// the test's own code did: `masked_in`, which called it, returned and left the same.
    Masked {
        changed: String,
        masked_in: Option<String>,
    },
    /// A call made from the test's own code returned (or, with `left`, left behind its
    /// `&mut` arguments) something else, and the test passed: it does not check it.
    Reached {
        function: String,
        left: bool,
        original: String,
        mutant: String,
    },
    /// The run left no comparable trace of the mutated function (it is not traced: `async`,
    /// patterns as parameters, `impl Trait`; or its values have no `Debug`).
    Untraced,
    /// The test's two runs with every mutant off made other calls, or its calls of the
    /// mutated function (or around them) came out otherwise (random inputs, the time, hash
    /// order): what it does changes from run to run, so whether it detects a mutant is
    /// chance.
    Unsteady,
}

/// One traced call's exit. Held by the hundred thousand while survivors are traced: the
/// function's name is one copy per trace, the digests hold no spare capacity, and the
/// values a suggested test writes are apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Call {
    pub(crate) depth: u32,
    pub(crate) function: Arc<str>,
    /// Digests of what it returned.
    pub(crate) returned: Box<str>,
    /// Digests of what it left behind its `&mut` arguments.
    pub(crate) changed: Box<str>,
    /// How a test names the function, each argument as a Rust expression (`v:` by
    /// value, `m:` behind `&mut`, `d:`/`r:` a `Debug` text, `s*:` the receiver's, `?`
    /// not writable), and the `Debug` text of what it returned, where the run recorded
    /// them (`--suggest-tests`).
    pub(crate) given: Option<Box<Given>>,
}

/// What a traced call was given and returned, as a suggested test may write it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Given {
    pub(crate) path: String,
    pub(crate) args: Vec<String>,
    pub(crate) returned: String,
}

/// One run's trace, read once: its calls in the order they returned, and each (depth,
/// function)'s calls, in order.
pub struct Trace {
    calls: Vec<Call>,
    groups: BTreeMap<(u32, Arc<str>), Vec<usize>>,
    /// Each call's caller among the traced calls, by index ([`callers`]).
    parents: Vec<Option<usize>>,
    /// It reached its size limit: later calls are missing, so it compares with nothing.
    truncated: bool,
}

impl Trace {
    /// The trace of a run's `lines`, each dropped once read: the text and the calls it
    /// becomes are not both held whole.
    pub fn parse(lines: Vec<String>) -> Trace {
        let truncated = lines.last().is_some_and(|l| l == TRACE_TRUNCATED);
        let mut names: HashSet<Arc<str>> = HashSet::new();
        let mut name = |n: &str| match names.get(n) {
            Some(known) => known.clone(),
            None => {
                let new: Arc<str> = Arc::from(n);
                names.insert(new.clone());
                new
            }
        };
        let calls: Vec<Call> = lines
            .into_iter()
            .filter_map(|line| {
                let mut f = line.splitn(7, '\t');
                Some(Call {
                    depth: f.next()?.parse().ok()?,
                    function: name(f.next()?),
                    returned: f.next()?.into(),
                    changed: f.next().unwrap_or("").into(),
                    given: f.next().zip(f.next()).map(|(path, args)| {
                        let args = match args {
                            "" => Vec::new(),
                            args => args.split(TRACE_SEPARATOR).map(str::to_owned).collect(),
                        };
                        Box::new(Given {
                            path: path.to_owned(),
                            args,
                            returned: f.next().unwrap_or("").to_owned(),
                        })
                    }),
                })
            })
            .collect();
        let mut groups: BTreeMap<(u32, Arc<str>), Vec<usize>> = BTreeMap::new();
        for (i, c) in calls.iter().enumerate() {
            groups
                .entry((c.depth, c.function.clone()))
                .or_default()
                .push(i);
        }
        Trace {
            parents: callers(&calls),
            calls,
            groups,
            truncated,
        }
    }

    /// The calls of one function at one depth, by index, in order.
    fn group(&self, function: &str, depth: u32) -> Option<&Vec<usize>> {
        self.groups.get(&(depth, Arc::from(function)))
    }

    /// Where the first call of one function at one depth is among all calls.
    fn first(&self, function: &str, depth: u32) -> Option<usize> {
        self.group(function, depth)?.first().copied()
    }

    /// Every (depth, function) with calls, outermost first.
    pub(crate) fn keys(&self) -> impl Iterator<Item = (u32, &str)> {
        self.groups.keys().map(|(d, f)| (*d, &**f))
    }

    /// Whether two runs made the same calls, at the same depths, in the same order (what
    /// they returned aside: a hash seed or the time can change a value and not the path).
    pub fn same_path(&self, other: &Trace) -> bool {
        self.calls.len() == other.calls.len()
            && self
                .calls
                .iter()
                .zip(&other.calls)
                .all(|(a, b)| a.depth == b.depth && a.function == b.function)
    }

    /// Whether `function`'s calls, or the calls they ran inside, returned or left other
    /// values in `other`, a run of the same test on the same path with every mutant off:
    /// the test's inputs change from run to run (random values, the time), and which of
    /// its calls happen to agree between the two runs would decide where a mutant's
    /// difference seems to go. The calls around count too: a random draw can give the
    /// function itself the same values in both runs (a number's size class, most often
    /// the largest) and its caller other ones. A value that differs only by an address it
    /// prints (a pointer, `{:p}`) is the process's, not the inputs': it does not count.
    pub fn wanders_at(&self, other: &Trace, function: &str) -> bool {
        let differ = |a: &str, b: &str| {
            a != b && without_addresses(&shown(a)) != without_addresses(&shown(b))
        };
        let mut around = vec![false; self.calls.len()];
        for (i, _) in self
            .calls
            .iter()
            .enumerate()
            .filter(|(_, c)| &*c.function == function)
        {
            let mut at = Some(i);
            while let Some(j) = at.filter(|&j| !around[j]) {
                around[j] = true;
                at = self.parents[j];
            }
        }
        self.calls
            .iter()
            .zip(&other.calls)
            .zip(around)
            .filter(|(_, inside)| *inside)
            .any(|((a, b), _)| differ(&a.returned, &b.returned) || differ(&a.changed, &b.changed))
    }

    /// It reached its size limit: it compares with nothing.
    pub(crate) fn truncated(&self) -> bool {
        self.truncated
    }

    /// The calls of one function at one depth, in order.
    pub(crate) fn calls(&self, function: &str, depth: u32) -> Vec<&Call> {
        self.group(function, depth)
            .map_or_else(Vec::new, |is| is.iter().map(|&i| &self.calls[i]).collect())
    }
}

/// The first stable difference between the calls of `function` at `depth` in the mutant's
/// run and the first unmutated run (stable: the two unmutated runs agree there), as
/// (original, mutant) shown values.
fn difference(runs: [&Trace; 3], function: &str, depth: u32) -> Option<Difference> {
    let [first, second, mutant] = runs.map(|r| r.calls(function, depth));
    if first.len() != second.len() {
        return None;
    }
    if first.len() != mutant.len() {
        let count = |n: usize| format!("{n} calls");
        return Some(Difference {
            index: 0,
            left: false,
            original: count(first.len()),
            mutant: count(mutant.len()),
        });
    }
    first
        .iter()
        .zip(&second)
        .zip(&mutant)
        .enumerate()
        .find_map(|(index, ((a, b), m))| {
            let returned = a.returned == b.returned && a.returned != m.returned;
            let changed = a.changed == b.changed && a.changed != m.changed;
            let differs = |left: bool, a: &str, m: &str| Difference {
                index,
                left,
                original: shown(a),
                mutant: shown(m),
            };
            if returned && comparable(&a.returned) && comparable(&m.returned) {
                Some(differs(false, &a.returned, &m.returned))
            } else if changed && comparable(&a.changed) && comparable(&m.changed) {
                Some(differs(true, &a.changed, &m.changed))
            } else {
                None
            }
        })
}

/// What differs in a function's calls: what they return (or, with `left`, leave behind
/// `&mut` arguments), shown.
struct Difference {
    /// Which call of the function at its depth.
    index: usize,
    left: bool,
    original: String,
    mutant: String,
}

/// Digests that can be compared: none is `?` (a value with no `Debug`).
pub(crate) fn comparable(digests: &str) -> bool {
    !digests.split(TRACE_SEPARATOR).any(|d| d == "?")
}

/// Whether some call of `function` in `trace` left a comparable digest: what it returned,
/// or what it left behind `&mut` arguments it has.
fn observable(trace: &[Call], function: &str) -> bool {
    trace
        .iter()
        .filter(|c| &*c.function == function)
        .any(|c| comparable(&c.returned) || (!c.changed.is_empty() && comparable(&c.changed)))
}

/// Each call's caller among the traced calls, by index: calls are written as they
/// return, so the next call one level out.
fn callers(calls: &[Call]) -> Vec<Option<usize>> {
    let mut parents = vec![None; calls.len()];
    let mut latest_at_depth: Vec<Option<usize>> = Vec::new();
    for (i, call) in calls.iter().enumerate().rev() {
        let depth = call.depth as usize;
        if depth > 0 {
            parents[i] = latest_at_depth.get(depth - 1).copied().flatten();
        }
        if latest_at_depth.len() <= depth {
            latest_at_depth.resize(depth + 1, None);
        }
        latest_at_depth[depth] = Some(i);
    }
    parents
}

/// `text` with the digits of each hexadecimal number (`0x7ffd..`) left out: addresses
/// change from process to process.
fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("0x") {
        out.push_str(&rest[..at + 2]);
        rest = rest[at + 2..].trim_start_matches(|c: char| c.is_ascii_hexdigit());
    }
    out.push_str(rest);
    out
}

/// The shown start of each digest (`hash:text`).
pub(crate) fn shown(digests: &str) -> String {
    digests
        .split(TRACE_SEPARATOR)
        .map(|d| d.split_once(':').map_or(d, |(_, text)| text))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the difference `function`'s mutant makes went, from two unmutated traces and one
/// with the mutant on.
pub fn compare(original: &Trace, again: &Trace, mutant: &Trace, function: &str) -> Propagation {
    let runs = [original, again, mutant];
    if runs.iter().any(|r| r.truncated) || !observable(&original.calls, function) {
        return Propagation::Untraced;
    }
    // Every (depth, function) pair seen, outermost first.
    let pairs: std::collections::BTreeSet<(u32, &str)> = runs
        .iter()
        .flat_map(|r| r.groups.keys().map(|(d, f)| (*d, &**f)))
        .collect();
    let changed: Vec<(u32, &str, Difference)> = pairs
        .into_iter()
        .filter_map(|(depth, f)| difference(runs, f, depth).map(|d| (depth, f, d)))
        .collect();
    // The test's first call that came out differently, in the order the test made them.
    let first_call = |f: &str| mutant.first(f, 0);
    let reached = changed
        .iter()
        .filter(|(depth, ..)| *depth == 0)
        .min_by_key(|(_, f, _)| first_call(f));
    if let Some((_, f, d)) = reached {
        return Propagation::Reached {
            function: (*f).to_owned(),
            left: d.left,
            original: d.original.clone(),
            mutant: d.mutant.clone(),
        };
    }
    if !changed.iter().any(|(_, f, _)| *f == function) {
        return Propagation::Local;
    }
    // The outermost change, the mutated function's own where it is among them.
    let depth = changed[0].0;
    let outermost = changed
        .iter()
        .filter(|(d, ..)| *d == depth)
        .find(|(_, f, _)| *f == function)
        .unwrap_or(&changed[0])
        .1;
    Propagation::Masked {
        changed: outermost.to_owned(),
        masked_in: caller(mutant, outermost, depth),
    }
}

/// The calls of the first unmutated run a test could make again to see what `propagation`
/// says differed: the call from the test whose value changed, or the outermost changed
/// call where the difference was masked; where it never left the mutated `function`, that
/// function's calls with different arguments, a few (a test of them needs other inputs).
/// Each with the calls that returned before it, which may have built its arguments.
pub(crate) fn witnesses<'t>(
    runs: [&'t Trace; 3],
    propagation: &Propagation,
    function: &str,
) -> Vec<(&'t Call, &'t [Call])> {
    let [original, ..] = runs;
    let before = |index: usize| &original.calls[..index];
    // The call of `f` at `depth` whose value changed, if one did.
    let changed_at = |depth: u32, f: &str| {
        let d = difference(runs, f, depth)?;
        let group = original.group(f, depth)?;
        group.get(d.index).copied()
    };
    let with_before = |i: usize| (&original.calls[i], before(i));
    // The call `propagation` names (its outermost changed one), then every other call
    // whose value changed, the outermost first (`keys` are in that order): where the
    // first has a receiver or an argument no test can build, a call nearer the mutant may
    // have none (an iterator's `size_hint` inside a public function's `collect`).
    let changed_calls = |first: &str| {
        let named = original
            .keys()
            .filter(|(_, f)| *f == first)
            .find_map(|(depth, f)| changed_at(depth, f));
        let mut calls: Vec<usize> = named.into_iter().collect();
        for (depth, f) in original.keys().filter(|(_, f)| *f != first) {
            if let Some(i) = changed_at(depth, f).filter(|i| !calls.contains(i)) {
                calls.push(i);
            }
        }
        calls.truncate(WITNESSES);
        calls.into_iter().map(with_before).collect()
    };
    match propagation {
        Propagation::Reached { function, .. } => changed_calls(function),
        Propagation::Masked { changed, .. } => changed_calls(changed),
        Propagation::Local => {
            let mut seen = std::collections::BTreeSet::new();
            let mut first_seen = |i: usize| {
                original.calls[i]
                    .given
                    .as_ref()
                    .is_some_and(|g| seen.insert((&g.path, &g.args)))
            };
            let own: Vec<usize> = (0..original.calls.len())
                .filter(|&i| &*original.calls[i].function == function && first_seen(i))
                .take(WITNESSES)
                .collect();
            // Then the calls the first of them was made in, the nearest first: where the
            // mutated function takes what no test can write (itoa's `fmt` of a buffer of
            // `MaybeUninit`), a caller may take what one can (`Buffer::format(5i128)`),
            // and an input moved there reaches the mutant as well.
            let enclosing: Vec<usize> = own
                .first()
                .map(|&i| std::iter::successors(original.parents[i], |&p| original.parents[p]))
                .into_iter()
                .flatten()
                .filter(|&i| first_seen(i))
                .take(WITNESSES)
                .collect();
            own.into_iter().chain(enclosing).map(with_before).collect()
        }
        Propagation::Untraced | Propagation::Unsteady => Vec::new(),
    }
}

/// Most calls of a mutated function [`witnesses`] offers.
const WITNESSES: usize = 8;

/// The function that made `function`'s first call at `depth` in `trace`.
fn caller(trace: &Trace, function: &str, depth: u32) -> Option<String> {
    let first = trace.first(function, depth)?;
    let made_by = trace.parents[first]?;
    Some(trace.calls[made_by].function.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trace(lines: &[&str]) -> Trace {
        let lines: Vec<String> = lines.iter().map(|l| l.replace('|', "\t")).collect();
        Trace::parse(lines)
    }

    #[test]
    fn runs_that_made_other_calls_are_not_on_the_same_path() {
        let run = trace(&["1|inner|h1:3|", "0|outer|h2:Some(3)|"]);
        let other_value = trace(&["1|inner|h7:5|", "0|outer|h8:Some(5)|"]);
        let one_more_call = trace(&["1|inner|h1:3|", "1|inner|h1:3|", "0|outer|h2:Some(3)|"]);
        let other_function = trace(&["1|helper|h1:3|", "0|outer|h2:Some(3)|"]);
        assert!(run.same_path(&other_value));
        assert!(!run.same_path(&one_more_call));
        assert!(!run.same_path(&other_function));
    }

    #[test]
    fn a_changed_call_from_the_test_is_reached() {
        let original = trace(&["1|inner|h1:3|", "0|outer|h2:Some(3)|"]);
        let mutant = trace(&["1|inner|h9:4|", "0|outer|h8:Some(4)|"]);
        assert_eq!(
            compare(&original, &original, &mutant, "inner"),
            Propagation::Reached {
                function: "outer".into(),
                left: false,
                original: "Some(3)".into(),
                mutant: "Some(4)".into(),
            }
        );
    }

    #[test]
    fn the_first_call_the_test_made_that_changed_is_named() {
        let original = trace(&["0|new|a:V0|", "0|add|b:()|c:V1"]);
        let mutant = trace(&["0|new|x:V1|", "0|add|b:()|y:V2"]);
        let Propagation::Reached { function, .. } = compare(&original, &original, &mutant, "new")
        else {
            panic!("not reached");
        };
        assert_eq!(function, "new");
    }

    #[test]
    fn every_changed_call_is_a_witness_the_outermost_first() {
        // `leaf` and `mid` changed, `top` masked it; `other` did not change.
        let original = trace(&[
            "2|leaf|a:1||c::leaf|v:1|1",
            "2|other|b:5||c::other|v:5|5",
            "1|mid|c:2||c::mid|v:1|2",
            "0|top|d:true||c::top||true",
        ]);
        let mutant = trace(&[
            "2|leaf|x:0||c::leaf|v:1|0",
            "2|other|b:5||c::other|v:5|5",
            "1|mid|y:3||c::mid|v:1|3",
            "0|top|d:true||c::top||true",
        ]);
        let runs = [&original, &original, &mutant];
        let propagation = compare(&original, &original, &mutant, "leaf");
        let paths: Vec<&str> = witnesses(runs, &propagation, "leaf")
            .iter()
            .map(|(call, _)| call.given.as_ref().unwrap().path.as_str())
            .collect();
        assert_eq!(paths, ["c::mid", "c::leaf"]);
    }

    #[test]
    fn a_local_difference_is_witnessed_by_the_function_then_the_calls_it_was_made_in() {
        // `leaf` (given twice, once again as before) computes the same under the mutant;
        // `mid` and `top` made its first call, `other` did not.
        let lines = [
            "2|leaf|a:1||c::leaf|?|1",
            "2|leaf|a:1||c::leaf|?|1",
            "2|leaf|a:2||c::leaf|v:2|2",
            "1|mid|b:2||c::mid|v:1|2",
            "1|other|b:5||c::other|v:5|5",
            "0|top|d:true||c::top|v:0|true",
        ];
        let original = trace(&lines);
        let runs = [&original, &original, &original];
        let propagation = compare(&original, &original, &original, "leaf");
        assert_eq!(propagation, Propagation::Local);
        let paths: Vec<(&str, &[String])> = witnesses(runs, &propagation, "leaf")
            .iter()
            .map(|(call, _)| {
                let given = call.given.as_ref().unwrap();
                (given.path.as_str(), given.args.as_slice())
            })
            .collect();
        let args = |a: &str| vec![a.to_owned()];
        assert_eq!(
            paths,
            [
                ("c::leaf", args("?").as_slice()),
                ("c::leaf", args("v:2").as_slice()),
                ("c::mid", args("v:1").as_slice()),
                ("c::top", args("v:0").as_slice()),
            ]
        );
    }

    #[test]
    fn a_difference_that_dies_on_the_way_is_masked_where_it_last_shows() {
        let original = trace(&["2|leaf|a:1|", "1|mid|b:2|", "0|top|c:true|"]);
        let mutant = trace(&["2|leaf|x:0|", "1|mid|y:3|", "0|top|c:true|"]);
        assert_eq!(
            compare(&original, &original, &mutant, "leaf"),
            Propagation::Masked {
                changed: "mid".into(),
                masked_in: Some("top".into()),
            }
        );
    }

    #[test]
    fn no_difference_at_the_mutated_function_is_local() {
        let original = trace(&["1|leaf|a:1|", "0|top|c:true|"]);
        assert_eq!(
            compare(&original, &original, &original, "leaf"),
            Propagation::Local
        );
    }

    #[test]
    fn what_differs_between_unmutated_runs_is_left_out() {
        let original = trace(&["0|top|a:{1, 2}|"]);
        let again = trace(&["0|top|b:{2, 1}|"]);
        let mutant = trace(&["0|top|c:{2, 1}|"]);
        assert_eq!(
            compare(&original, &again, &mutant, "top"),
            Propagation::Local
        );
    }

    #[test]
    fn a_function_given_other_values_in_two_unmutated_runs_wanders() {
        let run = trace(&["1|pack|h1:3|", "0|roundtrip|h2:()|"]);
        let other_input = trace(&["1|pack|h7:5|", "0|roundtrip|h2:()|"]);
        let other_address = trace(&["1|pack|h1:3|", "0|roundtrip|h9:Buf(0x7ffd01)|"]);
        let moved = trace(&["1|pack|h1:3|", "0|roundtrip|h8:Buf(0x55aa02)|"]);
        assert!(run.wanders_at(&other_input, "pack"));
        assert!(!run.wanders_at(&other_input, "roundtrip"));
        assert!(!other_address.wanders_at(&moved, "roundtrip"));
        assert!(!run.wanders_at(&run, "pack"));
        // The same size class in both runs, another number around it.
        let caller_differs = trace(&["1|pack|h1:8|", "0|roundtrip|h5:[1, 2]|"]);
        let same_size = trace(&["1|pack|h1:8|", "0|roundtrip|h6:[3, 4]|"]);
        assert!(caller_differs.wanders_at(&same_size, "pack"));
        // Calls outside the function's never count.
        let before = trace(&["0|seed|h5:1|", "1|pack|h1:8|", "0|roundtrip|h2:()|"]);
        let other_seed = trace(&["0|seed|h6:2|", "1|pack|h1:8|", "0|roundtrip|h2:()|"]);
        assert!(!before.wanders_at(&other_seed, "pack"));
    }

    #[test]
    fn a_changed_mut_argument_counts() {
        let original = trace(&["0|bump|h:()|v:1", "0|bump|h:()|v:1\u{1f}x:{a: 1}"]);
        let mutant = trace(&["0|bump|h:()|v:1", "0|bump|h:()|v:1\u{1f}y:{a: 2}"]);
        assert_eq!(
            compare(&original, &original, &mutant, "bump"),
            Propagation::Reached {
                function: "bump".into(),
                left: true,
                original: "1, {a: 1}".into(),
                mutant: "1, {a: 2}".into(),
            }
        );
    }

    #[test]
    fn an_untraced_function_says_so() {
        let original = trace(&["0|top|a:1|"]);
        assert_eq!(
            compare(&original, &original, &original, "leaf"),
            Propagation::Untraced
        );
        // Values with no `Debug` cannot tell: not "the same".
        let opaque = trace(&["0|leaf|?|?"]);
        assert_eq!(
            compare(&opaque, &opaque, &opaque, "leaf"),
            Propagation::Untraced
        );
    }

    #[test]
    fn a_trace_cut_at_its_limit_compares_with_nothing() {
        let original = trace(&["0|top|a:1|"]);
        let cut = trace(&["0|top|a:1|", TRACE_TRUNCATED]);
        assert_eq!(
            compare(&original, &original, &cut, "top"),
            Propagation::Untraced
        );
    }
}
