//! The mutation operators of **mutate**, by name, and the groups that name several at
//! once. The `#[mutate(operators(...))]` attribute and the driver's `--operators`,
//! `--skip-operators` and configuration all resolve names here, so both accept the same
//! words and reject the same mistakes with the same list of valid ones.

pub mod rules;
mod skip;
mod test_only;

pub use skip::skipped_for_cargo_mutants;
pub use test_only::is_test_only;

use std::collections::BTreeSet;
use std::fmt;

/// A mutation operator: a kind of change `#[mutate]` makes. Its name is what users write
/// (`#[mutate(operators(arithmetic))]`, `--operators`) and what catalogs and reports carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Operator {
    Arithmetic,
    Bitwise,
    Relational,
    Logical,
    Assignment,
    Unary,
    Literal,
    Condition,
    Jump,
    Range,
    Statement,
    MatchArm,
    ArmOrder,
    FnValue,
    Field,
    SwapMethod,
    Reverse,
    Ordering,
}

impl Operator {
    /// Every operator, in the order they are documented.
    pub const ALL: [Operator; 18] = [
        Operator::Arithmetic,
        Operator::Bitwise,
        Operator::Relational,
        Operator::Logical,
        Operator::Assignment,
        Operator::Unary,
        Operator::Literal,
        Operator::Condition,
        Operator::Jump,
        Operator::Range,
        Operator::Statement,
        Operator::MatchArm,
        Operator::ArmOrder,
        Operator::FnValue,
        Operator::Field,
        Operator::SwapMethod,
        Operator::Reverse,
        Operator::Ordering,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Operator::Arithmetic => "arithmetic",
            Operator::Bitwise => "bitwise",
            Operator::Relational => "relational",
            Operator::Logical => "logical",
            Operator::Assignment => "assignment",
            Operator::Unary => "unary",
            Operator::Literal => "literal",
            Operator::Condition => "condition",
            Operator::Jump => "jump",
            Operator::Range => "range",
            Operator::Statement => "statement",
            Operator::MatchArm => "match_arm",
            Operator::ArmOrder => "arm_order",
            Operator::FnValue => "fn_value",
            Operator::Field => "field",
            Operator::SwapMethod => "swap_method",
            Operator::Reverse => "reverse",
            Operator::Ordering => "ordering",
        }
    }

    pub const fn description(self) -> &'static str {
        match self {
            Operator::Arithmetic => "`+ - * / %` swapped",
            Operator::Bitwise => "`& | ^ << >>` swapped",
            Operator::Relational => "`< <= > >= == !=` boundary, negation and swaps",
            Operator::Logical => "`&&` and `||` swapped",
            Operator::Assignment => "compound assignment `+=` … swapped",
            Operator::Unary => "`!` and `-` deleted",
            Operator::Literal => "integer, float, bool, char and string literals changed",
            Operator::Condition => "`if`, `while` and match-guard conditions forced",
            Operator::Jump => "`break` and `continue` swapped",
            Operator::Range => "`..` and `..=` swapped in `for` heads",
            Operator::Statement => "a call statement (its value dropped) or an `expr?;`, deleted",
            Operator::MatchArm => "a match arm deleted where a wildcard arm catches its values",
            Operator::ArmOrder => "two adjacent match arms whose patterns overlap swapped",
            Operator::FnValue => "a whole function body replaced by a value of its return type",
            Operator::Field => "a field deleted from a struct expression with a `..base`",
            Operator::SwapMethod => {
                "a std method swapped for its twin (`min` ↔ `max`, `is_some` ↔ `is_none`, …)"
            }
            Operator::Reverse => {
                "`.rev()` removed from an iterator chain, or added to a `for` loop's iterator"
            }
            Operator::Ordering => {
                "`Ordering::Less` ↔ `Greater`; atomic orderings weakened to `Relaxed`"
            }
        }
    }

    pub fn from_name(name: &str) -> Option<Operator> {
        Operator::ALL.into_iter().find(|op| op.name() == name)
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Groups: a name that stands for several operators (`all`: every one).
pub const GROUPS: &[(&str, &[Operator])] = &[
    (
        "expression",
        &[
            Operator::Arithmetic,
            Operator::Bitwise,
            Operator::Relational,
            Operator::Logical,
            Operator::Assignment,
            Operator::Unary,
            Operator::Literal,
            Operator::Field,
        ],
    ),
    (
        "control",
        &[
            Operator::Condition,
            Operator::Jump,
            Operator::Range,
            Operator::Statement,
            Operator::MatchArm,
            Operator::ArmOrder,
        ],
    ),
    // The bugs of code written against the standard library: a twin method, an ordering.
    (
        "method",
        &[Operator::SwapMethod, Operator::Reverse, Operator::Ordering],
    ),
    // Descartes' extreme mutation: one cheap pass that finds untested functions.
    ("extreme", &[Operator::FnValue]),
    ("all", &Operator::ALL),
];

/// The group every user rule belongs to (`[[package.metadata.mutate.rules]]`).
pub const RULES_GROUP: &str = "rules";

/// A set of operators, and of the user's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    operators: BTreeSet<Operator>,
    rules: RuleSet,
}

/// Which rules a selection holds. Kept as what was asked (every rule, some by name, some
/// left out) rather than as a list, since `all` is written before the rules are known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct RuleSet {
    every: bool,
    named: BTreeSet<String>,
    removed: BTreeSet<String>,
}

impl RuleSet {
    fn contains(&self, rule: &str) -> bool {
        (self.every || self.named.contains(rule)) && !self.removed.contains(rule)
    }
}

/// A name that is neither an operator, a group nor a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    pub name: String,
    /// The rules that were known when the name was read.
    pub rules: Vec<String>,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown mutation operator `{}`; operators: {}; groups: {}, {RULES_GROUP}",
            self.name,
            names(Operator::ALL.iter().map(|op| op.name())),
            names(GROUPS.iter().map(|(n, _)| *n)),
        )?;
        if !self.rules.is_empty() {
            write!(
                f,
                "; rules: {}",
                names(self.rules.iter().map(String::as_str))
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownName {}

fn names<'a>(list: impl Iterator<Item = &'a str>) -> String {
    list.collect::<Vec<_>>().join(", ")
}

/// What one name stands for.
enum Meaning {
    Operators(Vec<Operator>),
    /// `all`: every operator and every rule.
    Everything,
    EveryRule,
    Rule(String),
}

/// What a name stands for, given the names of the rules known.
fn expand(name: &str, rules: &[String]) -> Result<Meaning, UnknownName> {
    if let Some(op) = Operator::from_name(name) {
        return Ok(Meaning::Operators(vec![op]));
    }
    if name == "all" {
        return Ok(Meaning::Everything);
    }
    if name == RULES_GROUP {
        return Ok(Meaning::EveryRule);
    }
    if let Some((_, members)) = GROUPS.iter().find(|(n, _)| *n == name) {
        return Ok(Meaning::Operators(members.to_vec()));
    }
    if rules.iter().any(|r| r == name) {
        return Ok(Meaning::Rule(name.to_owned()));
    }
    Err(UnknownName {
        name: name.to_owned(),
        rules: rules.to_vec(),
    })
}

/// Whether `name` is taken by an operator or a group: no rule may be called so.
pub fn is_reserved(name: &str) -> bool {
    Operator::from_name(name).is_some()
        || name == RULES_GROUP
        || GROUPS.iter().any(|(n, _)| *n == name)
}

impl Selection {
    /// Every operator and every rule.
    pub fn all() -> Self {
        Selection {
            operators: Operator::ALL.into_iter().collect(),
            rules: RuleSet {
                every: true,
                ..RuleSet::default()
            },
        }
    }

    pub fn none() -> Self {
        Selection {
            operators: BTreeSet::new(),
            rules: RuleSet::default(),
        }
    }

    /// The operators and rules the names (of operators, groups, or the `rules` known)
    /// stand for.
    pub fn of<'a>(
        names: impl IntoIterator<Item = &'a str>,
        rules: &[String],
    ) -> Result<Self, UnknownName> {
        let mut selection = Selection::none();
        for name in names {
            match expand(name.trim(), rules)? {
                Meaning::Operators(ops) => selection.operators.extend(ops),
                Meaning::Everything => {
                    selection.operators.extend(Operator::ALL);
                    selection.rules.every = true;
                }
                Meaning::EveryRule => selection.rules.every = true,
                Meaning::Rule(rule) => {
                    selection.rules.named.insert(rule);
                }
            }
        }
        Ok(selection)
    }

    /// This selection less the operators and rules the names stand for.
    pub fn without<'a>(
        mut self,
        names: impl IntoIterator<Item = &'a str>,
        rules: &[String],
    ) -> Result<Self, UnknownName> {
        for name in names {
            match expand(name.trim(), rules)? {
                Meaning::Operators(ops) => {
                    for op in ops {
                        self.operators.remove(&op);
                    }
                }
                Meaning::Everything => self = Selection::none(),
                Meaning::EveryRule => self.rules = RuleSet::default(),
                Meaning::Rule(rule) => {
                    self.rules.removed.insert(rule);
                }
            }
        }
        Ok(self)
    }

    pub fn contains(&self, operator: Operator) -> bool {
        self.operators.contains(&operator)
    }

    /// Whether the user's rule of this name is selected.
    pub fn contains_rule(&self, rule: &str) -> bool {
        self.rules.contains(rule)
    }

    /// Whether the operator of this name, as a catalog carries it (an operator's name or
    /// a rule's), is selected.
    pub fn contains_name(&self, name: &str) -> bool {
        match Operator::from_name(name) {
            Some(op) => self.contains(op),
            None => self.contains_rule(name),
        }
    }

    /// The built-in operators selected.
    pub fn iter(&self) -> impl Iterator<Item = Operator> + '_ {
        self.operators.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for op in Operator::ALL {
            assert_eq!(Operator::from_name(op.name()), Some(op));
        }
    }

    #[test]
    fn every_operator_is_in_a_group_but_all() {
        for op in Operator::ALL {
            assert!(
                GROUPS
                    .iter()
                    .any(|(name, members)| *name != "all" && members.contains(&op)),
                "{op} in no group"
            );
        }
    }

    /// The guide's table (`| name | group | mutants |`, `docs/src/operators.md`) names
    /// every operator, in this order, each in its group.
    #[test]
    fn the_guides_table_matches_the_operators() {
        let readme = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/src/operators.md"),
        )
        .expect("the guide's page on operators");
        let rows: Vec<(String, String)> = readme
            .lines()
            .filter_map(|l| {
                let cells: Vec<&str> = l.split('|').map(str::trim).collect();
                let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
                let group = cells.get(2)?;
                Operator::from_name(name)?;
                Some((name.to_owned(), group.to_string()))
            })
            .collect();
        let names: Vec<&str> = rows.iter().map(|(n, _)| n.as_str()).collect();
        let expected: Vec<&str> = Operator::ALL.iter().map(|op| op.name()).collect();
        assert_eq!(names, expected, "the guide's operator table");
        for (name, group) in &rows {
            let op = Operator::from_name(name).unwrap();
            let members = GROUPS
                .iter()
                .find(|(g, _)| g == group)
                .unwrap_or_else(|| panic!("the guide puts {name} in unknown group {group}"))
                .1;
            assert!(members.contains(&op), "the guide puts {name} in {group}");
        }
    }

    #[test]
    fn names_and_groups_resolve() {
        let s = Selection::of(["control", "arithmetic"], &[]).unwrap();
        assert!(
            s.contains(Operator::Arithmetic)
                && s.contains(Operator::Jump)
                && !s.contains(Operator::Literal)
        );
        let s = Selection::all().without(["expression"], &[]).unwrap();
        assert!(s.contains(Operator::FnValue) && !s.contains_name("unary"));
        assert_eq!(Selection::of(["all"], &[]).unwrap(), Selection::all());
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let e = Selection::of(["arithmetics"], &[]).unwrap_err().to_string();
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
