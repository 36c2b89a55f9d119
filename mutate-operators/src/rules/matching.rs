//! Matching a template against an expression as written: the same shape, node by node,
//! each metavariable binding the expression (or the rest of the list) in its place. The
//! parts a template cannot hold metavariables in (operators, method names, types, paths,
//! literals) must be written the same, token for token.

use super::variable::{Variable, variable_of};
use proc_macro2::TokenStream;
use quote::ToTokens;
use std::collections::BTreeMap;
use syn::Expr;
use syn::punctuated::Punctuated;

/// What a metavariable matched.
#[derive(Clone)]
pub enum Bound {
    One(Box<Expr>),
    Rest(Vec<Expr>),
}

/// The metavariables' values, by name.
#[derive(Clone, Default)]
pub struct Bindings(BTreeMap<String, Bound>);

impl Bindings {
    pub fn get(&self, name: &str) -> Option<&Bound> {
        self.0.get(name)
    }

    /// Binds `name` to `e`, or checks that `e` is written as what it is bound to (a
    /// metavariable written twice in a template matches the same code twice).
    fn bind(&mut self, name: &str, e: &Expr) -> bool {
        match self.0.get(name) {
            Some(Bound::One(bound)) => same(bound, e),
            Some(Bound::Rest(_)) => false,
            None => {
                self.0
                    .insert(name.to_owned(), Bound::One(Box::new(e.clone())));
                true
            }
        }
    }

    fn bind_rest(&mut self, name: &str, list: Vec<Expr>) -> bool {
        match self.0.get(name) {
            Some(Bound::Rest(bound)) => {
                bound.len() == list.len() && bound.iter().zip(&list).all(|(a, b)| same(a, b))
            }
            Some(Bound::One(_)) => false,
            None => {
                self.0.insert(name.to_owned(), Bound::Rest(list));
                true
            }
        }
    }
}

/// Written the same, token for token.
fn same(a: &impl ToTokens, b: &impl ToTokens) -> bool {
    text(a) == text(b)
}

fn text(t: &impl ToTokens) -> String {
    t.to_token_stream().to_string()
}

/// The metavariable a template expression is, if it is a lone `$x` (or `$x..`).
fn placeholder(t: &Expr) -> Option<Variable> {
    let Expr::Path(p) = t else { return None };
    if p.qself.is_some() || !p.attrs.is_empty() {
        return None;
    }
    variable_of(&p.path.get_ident()?.to_string())
}

/// Whether the template `t` matches the expression `e`, binding metavariables.
pub fn expr(t: &Expr, e: &Expr, b: &mut Bindings) -> bool {
    if let Some(var) = placeholder(t) {
        return !var.rest && b.bind(&var.name, e);
    }
    match (t, e) {
        (Expr::MethodCall(t), Expr::MethodCall(e)) => {
            t.method == e.method
                && same(&t.turbofish, &e.turbofish)
                && expr(&t.receiver, &e.receiver, b)
                && list(&t.args, &e.args, b)
        }
        (Expr::Call(t), Expr::Call(e)) => expr(&t.func, &e.func, b) && list(&t.args, &e.args, b),
        (Expr::Binary(t), Expr::Binary(e)) => {
            same(&t.op, &e.op) && expr(&t.left, &e.left, b) && expr(&t.right, &e.right, b)
        }
        (Expr::Unary(t), Expr::Unary(e)) => same(&t.op, &e.op) && expr(&t.expr, &e.expr, b),
        (Expr::Paren(t), Expr::Paren(e)) => expr(&t.expr, &e.expr, b),
        (Expr::Field(t), Expr::Field(e)) => same(&t.member, &e.member) && expr(&t.base, &e.base, b),
        (Expr::Index(t), Expr::Index(e)) => {
            expr(&t.expr, &e.expr, b) && expr(&t.index, &e.index, b)
        }
        (Expr::Reference(t), Expr::Reference(e)) => {
            t.mutability.is_some() == e.mutability.is_some() && expr(&t.expr, &e.expr, b)
        }
        (Expr::Cast(t), Expr::Cast(e)) => same(&t.ty, &e.ty) && expr(&t.expr, &e.expr, b),
        (Expr::Try(t), Expr::Try(e)) => expr(&t.expr, &e.expr, b),
        (Expr::Range(t), Expr::Range(e)) => {
            same(&t.limits, &e.limits)
                && optional(t.start.as_deref(), e.start.as_deref(), b)
                && optional(t.end.as_deref(), e.end.as_deref(), b)
        }
        (Expr::Tuple(t), Expr::Tuple(e)) => list(&t.elems, &e.elems, b),
        (Expr::Array(t), Expr::Array(e)) => list(&t.elems, &e.elems, b),
        // Anything else (a literal, a path, a block...) matches where written the same; a
        // different kind of expression is told without printing either.
        _ => std::mem::discriminant(t) == std::mem::discriminant(e) && same(t, e),
    }
}

fn optional(t: Option<&Expr>, e: Option<&Expr>, b: &mut Bindings) -> bool {
    match (t, e) {
        (None, None) => true,
        (Some(t), Some(e)) => expr(t, e, b),
        _ => false,
    }
}

/// Arguments or elements: one by one, a `$rest..` taking what the others leave.
fn list<P>(t: &Punctuated<Expr, P>, e: &Punctuated<Expr, P>, b: &mut Bindings) -> bool {
    let t: Vec<&Expr> = t.iter().collect();
    let e: Vec<&Expr> = e.iter().collect();
    let rest = t
        .iter()
        .position(|x| placeholder(x).is_some_and(|v| v.rest));
    let Some(k) = rest else {
        return t.len() == e.len() && t.iter().zip(&e).all(|(t, e)| expr(t, e, b));
    };
    let after = t.len() - k - 1;
    if e.len() < k + after {
        return false;
    }
    let name = placeholder(t[k]).expect("found above").name;
    t[..k].iter().zip(&e[..k]).all(|(t, e)| expr(t, e, b))
        && t[k + 1..]
            .iter()
            .zip(&e[e.len() - after..])
            .all(|(t, e)| expr(t, e, b))
        && b.bind_rest(
            &name,
            e[k..e.len() - after].iter().map(|x| (*x).clone()).collect(),
        )
}

/// Whether every mention of the rest `$name..` in the template is an element of a list
/// [`list`] matches (a call's arguments, a tuple's or an array's elements).
pub fn rest_is_in_a_list(t: &Expr, name: &str) -> bool {
    let placeholder_text = format!("{}{name}", super::variable::REST);
    let mentions = mentions(&t.to_token_stream(), &placeholder_text);
    let mut in_lists = 0;
    count_in_lists(t, &placeholder_text, &mut in_lists);
    mentions == in_lists
}

fn mentions(tokens: &TokenStream, ident: &str) -> usize {
    tokens
        .clone()
        .into_iter()
        .map(|t| match t {
            proc_macro2::TokenTree::Ident(i) => usize::from(i == ident),
            proc_macro2::TokenTree::Group(g) => mentions(&g.stream(), ident),
            _ => 0,
        })
        .sum()
}

/// Counts the rest placeholders standing as list elements, through the kinds [`expr`]
/// descends into.
fn count_in_lists(t: &Expr, ident: &str, n: &mut usize) {
    let elements = |list: &mut dyn Iterator<Item = &Expr>, n: &mut usize| {
        for x in list {
            if placeholder(x)
                .is_some_and(|v| v.rest && format!("__mutate_rest_{}", v.name) == ident)
            {
                *n += 1;
            } else {
                count_in_lists(x, ident, n);
            }
        }
    };
    match t {
        Expr::MethodCall(c) => {
            count_in_lists(&c.receiver, ident, n);
            elements(&mut c.args.iter(), n);
        }
        Expr::Call(c) => {
            count_in_lists(&c.func, ident, n);
            elements(&mut c.args.iter(), n);
        }
        Expr::Tuple(x) => elements(&mut x.elems.iter(), n),
        Expr::Array(x) => elements(&mut x.elems.iter(), n),
        Expr::Binary(x) => {
            count_in_lists(&x.left, ident, n);
            count_in_lists(&x.right, ident, n);
        }
        Expr::Unary(x) => count_in_lists(&x.expr, ident, n),
        Expr::Paren(x) => count_in_lists(&x.expr, ident, n),
        Expr::Field(x) => count_in_lists(&x.base, ident, n),
        Expr::Index(x) => {
            count_in_lists(&x.expr, ident, n);
            count_in_lists(&x.index, ident, n);
        }
        Expr::Reference(x) => count_in_lists(&x.expr, ident, n),
        Expr::Cast(x) => count_in_lists(&x.expr, ident, n),
        Expr::Try(x) => count_in_lists(&x.expr, ident, n),
        Expr::Range(x) => {
            for e in x.start.iter().chain(x.end.iter()) {
                count_in_lists(e, ident, n);
            }
        }
        _ => {}
    }
}
