//! The mutation operators of **mutate**, by name, and the groups that name several at
//! once. The `#[mutate(operators(...))]` attribute and the driver's `--operators`,
//! `--skip-operators` and configuration all resolve names here, so both accept the same
//! words and reject the same mistakes with the same list of valid ones.

use std::collections::BTreeSet;
use std::fmt;

/// Every operator, in the order they are documented.
pub const OPERATORS: &[(&str, &str)] = &[
    ("arithmetic", "`+ - * / %` swapped"),
    ("bitwise", "`& | ^ << >>` swapped"),
    (
        "relational",
        "`< <= > >= == !=` boundary, negation and swaps",
    ),
    ("logical", "`&&` and `||` swapped"),
    ("assignment", "compound assignment `+=` … swapped"),
    ("unary", "`!` and `-` deleted"),
    (
        "literal",
        "integer, float, bool, char and string literals changed",
    ),
    (
        "condition",
        "`if`, `while` and match-guard conditions forced",
    ),
    ("jump", "`break` and `continue` swapped"),
    ("range", "`..` and `..=` swapped in `for` heads"),
    (
        "statement",
        "a call statement whose value is `()`, or an `expr?;`, deleted",
    ),
    (
        "match_arm",
        "a match arm deleted where a wildcard arm catches its values",
    ),
    (
        "fn_value",
        "a whole function body replaced by a value of its return type",
    ),
];

/// Groups: a name that stands for several operators.
pub const GROUPS: &[(&str, &[&str])] = &[
    (
        "expression",
        &[
            "arithmetic",
            "bitwise",
            "relational",
            "logical",
            "assignment",
            "unary",
            "literal",
        ],
    ),
    (
        "control",
        &["condition", "jump", "range", "statement", "match_arm"],
    ),
    // Descartes' extreme mutation: one cheap pass that finds untested functions.
    ("extreme", &["fn_value"]),
    ("all", &[]),
];

/// A set of operator names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection(BTreeSet<&'static str>);

/// A name that is neither an operator nor a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName(pub String);

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown mutation operator `{}`; operators: {}; groups: {}",
            self.0,
            names(OPERATORS.iter().map(|(n, _)| *n)),
            names(GROUPS.iter().map(|(n, _)| *n)),
        )
    }
}

impl std::error::Error for UnknownName {}

fn names<'a>(list: impl Iterator<Item = &'a str>) -> String {
    list.collect::<Vec<_>>().join(", ")
}

/// The operators a name stands for.
fn expand(name: &str) -> Result<Vec<&'static str>, UnknownName> {
    if let Some((op, _)) = OPERATORS.iter().find(|(n, _)| *n == name) {
        return Ok(vec![op]);
    }
    match GROUPS.iter().find(|(n, _)| *n == name) {
        Some(("all", _)) => Ok(OPERATORS.iter().map(|(n, _)| *n).collect()),
        Some((_, members)) => Ok(members.to_vec()),
        None => Err(UnknownName(name.to_owned())),
    }
}

impl Selection {
    pub fn all() -> Self {
        Selection(OPERATORS.iter().map(|(n, _)| *n).collect())
    }

    pub fn none() -> Self {
        Selection(BTreeSet::new())
    }

    /// The operators the names (operators or groups) stand for.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Self, UnknownName> {
        let mut set = BTreeSet::new();
        for name in names {
            set.extend(expand(name.trim())?);
        }
        Ok(Selection(set))
    }

    /// This selection less the operators the names stand for.
    pub fn without<'a>(
        mut self,
        names: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, UnknownName> {
        for name in names {
            for op in expand(name.trim())? {
                self.0.remove(op);
            }
        }
        Ok(self)
    }

    pub fn contains(&self, operator: &str) -> bool {
        self.0.contains(operator)
    }

    pub fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.0.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_name_only_operators() {
        for (group, members) in GROUPS {
            for m in *members {
                assert!(
                    OPERATORS.iter().any(|(n, _)| n == m),
                    "{group} names unknown {m}"
                );
            }
        }
    }

    #[test]
    fn every_operator_is_in_a_group_but_all() {
        for (op, _) in OPERATORS {
            assert!(
                GROUPS.iter().any(|(_, members)| members.contains(op)),
                "{op} in no group"
            );
        }
    }

    #[test]
    fn names_and_groups_resolve() {
        let s = Selection::of(["control", "arithmetic"]).unwrap();
        assert!(s.contains("arithmetic") && s.contains("jump") && !s.contains("literal"));
        let s = Selection::all().without(["expression"]).unwrap();
        assert!(s.contains("fn_value") && !s.contains("unary"));
        assert_eq!(Selection::of(["all"]).unwrap(), Selection::all());
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let e = Selection::of(["arithmetics"]).unwrap_err().to_string();
        assert!(
            e.starts_with("unknown mutation operator `arithmetics`"),
            "{e}"
        );
        assert!(
            e.contains("fn_value") && e.contains("groups: expression"),
            "{e}"
        );
    }
}
