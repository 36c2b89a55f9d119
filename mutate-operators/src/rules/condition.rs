//! `where`: what a metavariable must be for the rule to apply. `$x is literal` (a
//! literal, negative numbers included), `$x is path` (a variable, a constant, a unit
//! variant), `$x is named NAME` (written as NAME: `self.len`, `Ordering::SeqCst`), each
//! also with `not`: `$x is not literal`.

use super::matching::{Bindings, Bound};
use super::template::Template;
use quote::ToTokens;
use syn::Expr;

#[derive(Debug, Clone)]
pub struct Condition {
    variable: String,
    negated: bool,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    Literal,
    Path,
    /// Written as this, token for token.
    Named(String),
}

const FORMS: &str = "write `$x is literal`, `$x is path` or `$x is named NAME`, \
                     each optionally with `not`, joined by `and`";

impl Condition {
    /// One condition, checked against the metavariables `pattern` binds.
    pub fn parse(text: &str, pattern: &Template) -> Result<Condition, String> {
        let text = text.trim();
        let unclear = || format!("`{text}` is not a condition: {FORMS}");
        let (subject, predicate) = text.split_once(" is ").ok_or_else(unclear)?;
        let variable = subject
            .trim()
            .strip_prefix('$')
            .filter(|v| !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .ok_or_else(unclear)?;
        match pattern.variables().iter().find(|v| v.name == variable) {
            None => return Err(format!("`${variable}` is not a metavariable of `match`")),
            Some(v) if v.rest => {
                return Err(format!("`{v}` is a list: conditions are on one expression"));
            }
            Some(_) => {}
        }
        let predicate = predicate.trim();
        let (negated, predicate) = match predicate.strip_prefix("not ") {
            Some(rest) => (true, rest.trim()),
            None => (false, predicate),
        };
        let kind = match predicate {
            "literal" => Kind::Literal,
            "path" => Kind::Path,
            _ => {
                let name = predicate
                    .strip_prefix("named ")
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .ok_or_else(unclear)?;
                let parsed: Expr = syn::parse_str(name)
                    .map_err(|e| format!("`{name}` in `{text}` is not a Rust expression ({e})"))?;
                Kind::Named(parsed.to_token_stream().to_string())
            }
        };
        Ok(Condition {
            variable: variable.to_owned(),
            negated,
            kind,
        })
    }

    pub fn holds(&self, bindings: &Bindings) -> bool {
        let Some(Bound::One(e)) = bindings.get(&self.variable) else {
            return false;
        };
        let is = match &self.kind {
            Kind::Literal => is_literal(e),
            Kind::Path => matches!(**e, Expr::Path(_)),
            Kind::Named(name) => e.to_token_stream().to_string() == *name,
        };
        is != self.negated
    }
}

fn is_literal(e: &Expr) -> bool {
    match e {
        Expr::Lit(_) => true,
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Neg(_)) && matches!(*u.expr, Expr::Lit(_)),
        Expr::Paren(p) => is_literal(&p.expr),
        _ => false,
    }
}
