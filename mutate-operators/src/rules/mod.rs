//! The user's own operators: `[[package.metadata.mutate.rules]]` in the manifest, each a
//! name, a `match` template (a Rust expression with metavariables `$x` and `$args..`), an
//! optional `where` (what a metavariable must be) and a `replace` template over the same
//! metavariables. After mu2's operators (seed 001): a matcher, a predicate, a rewrite.
//!
//! The driver reads and checks the rules before anything is built (a malformed rule is a
//! usage error that names it) and hands them to `#[mutate]` in a file
//! (`mutate_protocol::rules`); the attribute compiles each ([`Rule::compile`]), matches
//! expressions as written ([`Rule::matches`]) and writes the replacement
//! ([`Rule::replacement`]).

mod condition;
mod matching;
mod template;
mod variable;

pub use matching::Bindings;
pub use mutate_protocol::rules::{RuleSpec, parse_file, render};

use condition::Condition;
use proc_macro2::TokenStream;
use std::fmt;
use template::Template;

/// A rule, compiled: what it matches and what it writes.
#[derive(Debug, Clone)]
pub struct Rule {
    pub name: String,
    /// The templates as written, for reports (`replace $it.next() with $it.last()`).
    pub pattern_text: String,
    pub replace_text: String,
    pattern: Template,
    conditions: Vec<Condition>,
    replace: Template,
}

/// What is wrong with a rule, and which rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    /// The rule's name (or its position, when the name itself is missing or malformed).
    pub rule: String,
    pub problem: String,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule `{}`: {}", self.rule, self.problem)
    }
}

impl std::error::Error for RuleError {}

impl Rule {
    /// Checks and compiles one rule.
    pub fn compile(spec: &RuleSpec) -> Result<Rule, RuleError> {
        let fail = |problem: String| RuleError {
            rule: spec.name.clone(),
            problem,
        };
        check_name(&spec.name).map_err(|p| fail(p.to_owned()))?;
        let pattern = Template::parse(&spec.pattern).map_err(|p| fail(format!("`match`: {p}")))?;
        pattern
            .check_matchable()
            .map_err(|p| fail(format!("`match`: {p}")))?;
        let replace =
            Template::parse(&spec.replace).map_err(|p| fail(format!("`replace`: {p}")))?;
        for var in replace.variables() {
            match pattern.variables().iter().find(|v| v.name == var.name) {
                None => {
                    return Err(fail(format!(
                        "`replace` uses `{var}`, which `match` does not bind"
                    )));
                }
                Some(bound) if bound.rest != var.rest => {
                    return Err(fail(format!(
                        "`replace` writes `{var}` where `match` binds `{bound}`"
                    )));
                }
                Some(_) => {}
            }
        }
        let conditions = spec
            .conditions
            .iter()
            .flat_map(|text| text.split(" and "))
            .map(|text| Condition::parse(text, &pattern))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|p| fail(format!("`where`: {p}")))?;
        if spec
            .pattern
            .split_whitespace()
            .eq(spec.replace.split_whitespace())
        {
            return Err(fail("`replace` is the same as `match`".into()));
        }
        Ok(Rule {
            name: spec.name.clone(),
            pattern_text: spec.pattern.trim().to_owned(),
            replace_text: spec.replace.trim().to_owned(),
            pattern,
            conditions,
            replace,
        })
    }

    /// The metavariables' values if the expression `e`, as written, matches the template
    /// and meets the conditions.
    pub fn matches(&self, e: &syn::Expr) -> Option<Bindings> {
        let bindings = self.pattern.bind(e)?;
        self.conditions
            .iter()
            .all(|c| c.holds(&bindings))
            .then_some(bindings)
    }

    /// The replacement, its metavariables replaced by what they matched.
    pub fn replacement(&self, bindings: &Bindings) -> TokenStream {
        self.replace.substitute(bindings)
    }
}

/// Compiles every rule, checking that no two share a name.
pub fn compile_all(specs: &[RuleSpec]) -> Result<Vec<Rule>, RuleError> {
    let mut rules: Vec<Rule> = Vec::new();
    for spec in specs {
        if rules.iter().any(|r| r.name == spec.name) {
            return Err(RuleError {
                rule: spec.name.clone(),
                problem: "two rules have this name".into(),
            });
        }
        rules.push(Rule::compile(spec)?);
    }
    Ok(rules)
}

/// A rule's name is how users select it and reports count it: a snake_case word that no
/// operator or group has.
fn check_name(name: &str) -> Result<(), &'static str> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || c == '_');
    if !first_ok
        || !name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return Err("`name` must be a snake_case word (a-z, 0-9, _), like `next_to_last`");
    }
    if crate::is_reserved(name) {
        return Err("`name` is taken by a built-in operator or group");
    }
    Ok(())
}

#[cfg(test)]
mod tests;
