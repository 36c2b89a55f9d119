//! How the driver hands the rules to `#[mutate]`: one line per rule, its four parts
//! separated by tabs (conditions by `\u{1f}`), tabs, newlines and backslashes escaped.
//! Read by the attribute at expansion time; the driver writes the file only when it
//! changes, so rustc (which tracks it) rebuilds the crates that use it only then.

use super::RuleSpec;

const HEADER: &str = "# mutate rules 1";
const CONDITIONS: char = '\u{1f}';

pub fn render(rules: &[RuleSpec]) -> String {
    let mut out = format!("{HEADER}\n");
    for rule in rules {
        let conditions: Vec<String> = rule.conditions.iter().map(|c| escape(c)).collect();
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            escape(&rule.name),
            escape(&rule.pattern),
            conditions.join(&CONDITIONS.to_string()),
            escape(&rule.replace)
        ));
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
            let parts: Vec<&str> = line.split('\t').collect();
            let [name, pattern, conditions, replace] = parts[..] else {
                return Err(format!("a rule line has {} parts, not 4", parts.len()));
            };
            Ok(RuleSpec {
                name: unescape(name),
                pattern: unescape(pattern),
                conditions: conditions
                    .split(CONDITIONS)
                    .filter(|c| !c.is_empty())
                    .map(unescape)
                    .collect(),
                replace: unescape(replace),
            })
        })
        .collect()
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            CONDITIONS => out.push_str("\\u"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('u') => out.push(CONDITIONS),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}
