//! Which mutants both tools make, and whether their verdicts agree. Two mutants are the
//! same when they are in the same file, at the same line and column, and make the same
//! change; function names are left out, since the tools spell them differently
//! (`<impl Display for E>::fmt` against `E::fmt`).

use std::collections::BTreeMap;

/// A verdict, in the terms both tools share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// A test failed, crashed or timed out.
    Detected,
    /// Every test that ran passed, or no test reached the mutant.
    Survived,
    /// The mutant does not build (cargo-mutants) or its replacement value cannot be made
    /// for the type (mutate's type fallback).
    Unviable,
    /// Not run.
    Other,
}

#[derive(Debug, Clone)]
pub struct Mutant {
    pub file: String,
    pub line: u64,
    pub column: u64,
    /// The change, without the function's name.
    pub change: String,
    pub verdict: Verdict,
    /// The tool's own name for the mutant.
    pub name: String,
    /// Detected by a timeout: reported, since timeouts depend on each tool's limits.
    pub timeout: bool,
    /// The tool's log of this mutant's run, where it keeps one (cargo-mutants).
    pub log: Option<std::path::PathBuf>,
}

impl Mutant {
    fn key(&self) -> (String, u64, u64, String) {
        (
            self.file.clone(),
            self.line,
            self.column,
            self.change.clone(),
        )
    }
}

/// `name`'s change with the function left out: `replace < with <= in f` gives
/// `replace < with <=`; a whole-body replacement `replace f -> T with V` gives
/// `body V`; `delete match arm P in f` gives `delete match arm P`. Spaces are dropped:
/// the tools print tokens with different spacing (`*x` against `* x`).
pub fn change_of(description: &str, whole_body: bool) -> String {
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    if whole_body {
        let value = description
            .rfind(" with ")
            .map_or(description, |at| &description[at + 6..]);
        return format!("body {}", without_global_paths(&squeeze(value)));
    }
    let without_function = description
        .rfind(" in ")
        .map_or(description, |at| &description[..at]);
    squeeze(without_function)
}

/// `::std::iter::once(x)` as `std::iter::once(x)`: the tools spell paths from the crate
/// root differently, which is no difference in the mutant.
pub(crate) fn without_global_paths(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(at) = rest.find("::") {
        let before = &rest[..at];
        let is_global = before
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '>'));
        out.push_str(before);
        if !is_global {
            out.push_str("::");
        }
        rest = &rest[at + 2..];
    }
    out.push_str(rest);
    out
}

#[derive(Debug, Default)]
pub struct Comparison {
    pub shared: usize,
    pub agree: usize,
    /// cargo-mutants' verdict, ours, and the mutant, for each disagreement.
    pub disagreements: Vec<(Mutant, Mutant)>,
    pub only_theirs: Vec<Mutant>,
    pub only_ours: Vec<Mutant>,
    /// Shared names whose verdicts are not compared (cargo-mutants', mutate's, why).
    pub apart: Vec<(Mutant, Mutant, String)>,
}

impl Comparison {
    /// Takes out of the shared mutants the disagreements for which `why` gives a reason
    /// their verdicts cannot be compared (two programs under one name, a verdict that
    /// changes from run to run): kept, with the reason, in [`Comparison::apart`].
    pub fn set_apart(&mut self, why: impl Fn(&Mutant) -> Option<String>) {
        let (apart, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.disagreements)
            .into_iter()
            .map(|(t, o)| {
                let reason = why(&t);
                (t, o, reason)
            })
            .partition(|(_, _, reason)| reason.is_some());
        self.disagreements = kept.into_iter().map(|(t, o, _)| (t, o)).collect();
        self.shared -= apart.len();
        self.apart.extend(
            apart
                .into_iter()
                .map(|(t, o, reason)| (t, o, reason.unwrap_or_default())),
        );
    }

    /// Disagreements where one tool could not build its version of the mutant and the
    /// other could (cargo-mutants edits text, mutate the syntax tree, so one name can be
    /// two programs): no test verdict to compare.
    pub fn one_side_unbuilt(&self) -> usize {
        self.disagreements
            .iter()
            .filter(|(t, o)| (t.verdict == Verdict::Unviable) != (o.verdict == Verdict::Unviable))
            .count()
    }

    /// Shared mutants both tools built and ran.
    pub fn comparable(&self) -> usize {
        self.shared - self.one_side_unbuilt()
    }
}

pub fn compare(theirs: &[Mutant], ours: &[Mutant]) -> Comparison {
    let mut by_key: BTreeMap<_, Vec<&Mutant>> = BTreeMap::new();
    for m in ours {
        by_key.entry(m.key()).or_default().push(m);
    }
    let mut out = Comparison::default();
    let mut used = std::collections::BTreeSet::new();
    for t in theirs {
        let key = t.key();
        match by_key.get(&key).and_then(|ms| ms.first()) {
            Some(o) => {
                used.insert(key);
                out.shared += 1;
                if t.verdict == o.verdict {
                    out.agree += 1;
                } else {
                    out.disagreements.push((t.clone(), (*o).clone()));
                }
            }
            None => out.only_theirs.push(t.clone()),
        }
    }
    out.only_ours = ours
        .iter()
        .filter(|m| !used.contains(&m.key()))
        .cloned()
        .collect();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(line: u64, change: &str, verdict: Verdict) -> Mutant {
        Mutant {
            file: "src/lib.rs".into(),
            line,
            column: 5,
            change: change.into(),
            verdict,
            name: String::new(),
            timeout: false,
            log: None,
        }
    }

    /// Three shared mutants: one only mutate built, one both detect, one only mutate
    /// detects.
    fn three_shared() -> Comparison {
        let theirs = [
            mutant(1, "replace+with*", Verdict::Unviable),
            mutant(2, "replace+with-", Verdict::Detected),
            mutant(3, "replace+with/", Verdict::Survived),
        ];
        let ours = [
            mutant(1, "replace+with*", Verdict::Detected),
            mutant(2, "replace+with-", Verdict::Detected),
            mutant(3, "replace+with/", Verdict::Detected),
        ];
        compare(&theirs, &ours)
    }

    #[test]
    fn set_apart_disagreements_leave_the_shared_count() {
        let mut c = three_shared();
        c.set_apart(|t| (t.line == 1).then(|| "two programs".to_owned()));
        c.set_apart(|t| (t.line == 3).then(|| "chance".to_owned()));
        assert_eq!((c.shared, c.agree, c.disagreements.len()), (1, 1, 0));
        let reasons: Vec<&str> = c.apart.iter().map(|(_, _, why)| why.as_str()).collect();
        assert_eq!(reasons, ["two programs", "chance"]);
    }

    #[test]
    fn a_mutant_one_tool_cannot_build_is_not_a_verdict_to_compare() {
        let c = three_shared();
        assert_eq!((c.shared, c.agree, c.disagreements.len()), (3, 1, 2));
        assert_eq!((c.one_side_unbuilt(), c.comparable()), (1, 2));
    }

    #[test]
    fn paths_from_the_crate_root_match_plain_ones() {
        assert_eq!(
            change_of(
                "replace f -> impl Iterator with ::std::iter::once((0, 0))",
                true
            ),
            change_of(
                "replace f -> impl Iterator with std::iter::once((0, 0))",
                true
            )
        );
        assert_eq!(
            without_global_paths("Ok(::std::vec::Vec::<u8>::new())"),
            "Ok(std::vec::Vec::<u8>::new())"
        );
    }

    #[test]
    fn changes_leave_the_function_out() {
        assert_eq!(
            change_of("replace < with <= in a::b", false),
            "replace<with<="
        );
        assert_eq!(
            change_of(
                "replace <impl Display for E>::fmt -> fmt::Result with Ok(Default::default())",
                true
            ),
            "body Ok(Default::default())"
        );
        assert_eq!(change_of("replace f with ()", true), "body ()");
        assert_eq!(
            change_of("delete match arm Some( x )  in f", false),
            change_of("delete match arm Some(x) in g", false)
        );
    }

    #[test]
    fn counts_shared_agreeing_and_one_sided_mutants() {
        let theirs = [
            mutant(1, "replace + with -", Verdict::Detected),
            mutant(2, "replace + with -", Verdict::Survived),
            mutant(3, "body 0", Verdict::Detected),
        ];
        let ours = [
            mutant(1, "replace + with -", Verdict::Detected),
            mutant(2, "replace + with -", Verdict::Detected),
            mutant(4, "body 1", Verdict::Survived),
        ];
        let c = compare(&theirs, &ours);
        assert_eq!((c.shared, c.agree), (2, 1));
        assert_eq!(c.disagreements.len(), 1);
        assert_eq!(c.only_theirs.len(), 1);
        assert_eq!(c.only_ours.len(), 1);
    }
}
