//! The user's rules as the driver hands them to `#[mutate]`: one file per package
//! ([`crate::env::RULES`]), one line per rule, its parts separated by tabs (the name, the
//! `match` template, the `replace` template, then each `where` condition), each part
//! [`escape`](crate::escape)d. The driver writes a file only when it changes, so rustc
//! (which tracks it) rebuilds the crates that use it only then. Checking and compiling
//! the rules is `mutate-operators`'s.

use crate::{escape, unescape};

const HEADER: &str = "# mutate rules 2";

/// A rule as the user wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleSpec {
    pub name: String,
    /// `match`: the expression template.
    pub pattern: String,
    /// `where`: conditions on metavariables, each `$x is literal`, `$x is path` or
    /// `$x is named NAME`, optionally with `not` (an array, or one string joined by `and`).
    pub conditions: Vec<String>,
    /// `replace`: the template of the replacement.
    pub replace: String,
}

pub fn render(rules: &[RuleSpec]) -> String {
    let mut out = format!("{HEADER}\n");
    for rule in rules {
        let parts = [&rule.name, &rule.pattern, &rule.replace]
            .into_iter()
            .chain(&rule.conditions)
            .map(|part| escape(part))
            .collect::<Vec<_>>();
        out.push_str(&parts.join("\t"));
        out.push('\n');
    }
    out
}

/// The rules of a file [`render`] wrote; an empty file has none.
pub fn parse_file(text: &str) -> Result<Vec<RuleSpec>, String> {
    let mut lines = text.lines();
    match lines.next() {
        None => return Ok(Vec::new()),
        Some(HEADER) => {}
        Some(other) => return Err(format!("not a rules file of this version: `{other}`")),
    }
    lines
        .filter(|l| !l.is_empty())
        .map(|line| {
            let mut parts = line.split('\t').map(unescape);
            let mut next = |what: &str| {
                parts
                    .next()
                    .ok_or_else(|| format!("a rule line has no {what}: `{line}`"))
            };
            Ok(RuleSpec {
                name: next("name")?,
                pattern: next("`match`")?,
                replace: next("`replace`")?,
                conditions: parts.collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_round_trips() {
        let rule = |name: &str, conditions: &[&str], replace: &str| RuleSpec {
            name: name.into(),
            pattern: "$x.f(\"\\t\")".into(),
            conditions: conditions.iter().map(|c| (*c).to_owned()).collect(),
            replace: replace.into(),
        };
        let rules = vec![
            rule("a", &["$x is path", "$x is not named y"], "$x\n.g()"),
            rule("b", &[], "$x.g()"),
        ];
        assert_eq!(parse_file(&render(&rules)).unwrap(), rules);
        assert_eq!(parse_file("").unwrap(), vec![]);
        assert!(parse_file("something else\n").is_err());
    }
}
