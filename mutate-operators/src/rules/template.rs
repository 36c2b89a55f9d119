//! Templates: Rust expressions with metavariables. `$x` stands for one expression, `$x..`
//! for the rest of a list of arguments or elements (none or more). Each is written in the
//! parsed expression as an identifier no user writes (`__mutate_var_x`,
//! `__mutate_rest_x`), so syn parses a template as it parses code.

use super::matching::{self, Bindings, Bound};
use super::variable::{REST, VAR, Variable, variable_of};
use proc_macro2::{Delimiter, Group, Punct, Spacing, TokenStream, TokenTree};
use quote::ToTokens;
use std::fmt;
use syn::Expr;

#[derive(Clone)]
pub struct Template {
    /// As written, for messages.
    text: String,
    expr: Expr,
    tokens: TokenStream,
    variables: Vec<Variable>,
}

impl fmt::Debug for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Template({:?})", self.text)
    }
}

impl Template {
    pub fn parse(text: &str) -> Result<Template, String> {
        if text.trim().is_empty() {
            return Err("is empty".into());
        }
        let (code, variables) = placeholders(text)?;
        let expr: Expr = syn::parse_str(&code)
            .map_err(|e| format!("`{}` is not a Rust expression ({e})", text.trim()))?;
        let tokens = expr.to_token_stream();
        Ok(Template {
            text: text.trim().to_owned(),
            expr,
            tokens,
            variables,
        })
    }

    /// The metavariables, each once, in the order first written.
    pub fn variables(&self) -> &[Variable] {
        &self.variables
    }

    /// A `match` template must say what it matches: not a bare metavariable, and an
    /// expression the attribute rewrites in place (not a block, a loop, a closure...).
    pub fn check_matchable(&self) -> Result<(), String> {
        if let Expr::Path(p) = &self.expr
            && p.path
                .get_ident()
                .is_some_and(|i| variable_of(&i.to_string()).is_some())
        {
            return Err("a lone metavariable would match every expression".into());
        }
        let supported = matches!(
            self.expr,
            Expr::MethodCall(_)
                | Expr::Call(_)
                | Expr::Binary(_)
                | Expr::Unary(_)
                | Expr::Path(_)
                | Expr::Field(_)
                | Expr::Index(_)
                | Expr::Lit(_)
                | Expr::Cast(_)
                | Expr::Reference(_)
                | Expr::Try(_)
                | Expr::Range(_)
                | Expr::Tuple(_)
                | Expr::Array(_)
        );
        if !supported {
            return Err(
                "must be a call, method call, operator, path, field, index, literal, \
                        cast, reference, `?`, range, tuple or array expression"
                    .into(),
            );
        }
        for var in &self.variables {
            if var.rest && !matching::rest_is_in_a_list(&self.expr, &var.name) {
                return Err(format!(
                    "`{var}` stands for the rest of a list: write it among a call's \
                     arguments, or a tuple's or array's elements"
                ));
            }
        }
        Ok(())
    }

    /// The metavariables' values if `e` has the template's shape.
    pub fn bind(&self, e: &Expr) -> Option<Bindings> {
        let mut bindings = Bindings::default();
        matching::expr(&self.expr, e, &mut bindings).then_some(bindings)
    }

    /// The template with each metavariable replaced by its value.
    pub fn substitute(&self, bindings: &Bindings) -> TokenStream {
        substitute(self.tokens.clone(), bindings)
    }
}

/// The template's text with each `$x` and `$x..` written as its placeholder identifier.
fn placeholders(text: &str) -> Result<(String, Vec<Variable>), String> {
    let mut code = String::with_capacity(text.len() + 32);
    let mut variables: Vec<Variable> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let mut in_string = false;
    while let Some((i, c)) = chars.next() {
        if in_string {
            code.push(c);
            if c == '\\' {
                if let Some((_, next)) = chars.next() {
                    code.push(next);
                }
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        if c == '"' {
            in_string = true;
            code.push(c);
            continue;
        }
        if c != '$' {
            code.push(c);
            continue;
        }
        let rest_of_text = &text[i + 1..];
        let name: String = rest_of_text
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(format!(
                "`$` at character {} must begin a metavariable such as `$x` or `$args..`",
                i + 1
            ));
        }
        for _ in 0..name.chars().count() {
            chars.next();
        }
        let after = &rest_of_text[name.len()..];
        let rest =
            after.starts_with("..") && !after.starts_with("...") && !after.starts_with("..=");
        if rest {
            chars.next();
            chars.next();
        }
        let variable = Variable { name, rest };
        if let Some(seen) = variables.iter().find(|v| v.name == variable.name) {
            if seen.rest != variable.rest {
                return Err(format!(
                    "`{seen}` and `{variable}` are written in one template"
                ));
            }
        } else {
            variables.push(variable.clone());
        }
        code.push_str(if rest { REST } else { VAR });
        code.push_str(&variable.name);
    }
    Ok((code, variables))
}

fn substitute(tokens: TokenStream, bindings: &Bindings) -> TokenStream {
    let mut out: Vec<TokenTree> = Vec::new();
    let mut iter = tokens.into_iter().peekable();
    while let Some(token) = iter.next() {
        match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), substitute(g.stream(), bindings));
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Ident(ref ident) => match variable_of(&ident.to_string()) {
                Some(var) => match bindings.get(&var.name) {
                    Some(Bound::One(e)) => {
                        // Alone between commas or brackets, it needs no parentheses.
                        let comma = |t: Option<&TokenTree>| {
                            t.is_none_or(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ','))
                        };
                        if comma(out.last()) && comma(iter.peek()) {
                            out.extend(e.to_token_stream());
                        } else {
                            out.extend(operand(e));
                        }
                    }
                    Some(Bound::Rest(list)) if list.is_empty() => {
                        // No element: drop one comma with it, the following else the preceding.
                        if matches!(iter.peek(), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
                            iter.next();
                        } else if matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == ',')
                        {
                            out.pop();
                        }
                    }
                    Some(Bound::Rest(list)) => {
                        for (i, e) in list.iter().enumerate() {
                            if i > 0 {
                                out.push(TokenTree::Punct(Punct::new(',', Spacing::Alone)));
                            }
                            out.extend(e.to_token_stream());
                        }
                    }
                    // Checked when the rule was compiled: `replace` binds nothing `match` does not.
                    None => out.push(token),
                },
                None => out.push(token),
            },
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// A matched expression as an operand of the replacement: as written where it binds
/// tighter than any operator (a path, a call, a literal...), else in parentheses.
fn operand(e: &Expr) -> TokenStream {
    let tokens = e.to_token_stream();
    let tight = matches!(
        e,
        Expr::Path(_)
            | Expr::Lit(_)
            | Expr::Call(_)
            | Expr::MethodCall(_)
            | Expr::Field(_)
            | Expr::Index(_)
            | Expr::Paren(_)
            | Expr::Tuple(_)
            | Expr::Array(_)
            | Expr::Macro(_)
            | Expr::Try(_)
    );
    if tight {
        tokens
    } else {
        TokenTree::Group(Group::new(Delimiter::Parenthesis, tokens)).into()
    }
}
