//! Locals bound to constant arithmetic (`let chunk = (LONG * 3) / 8;`, `let b = 64;`). A
//! divisor or shift amount that names one is constant to rustc's lints as the arithmetic
//! itself is: the text `x / chunk` with `3` made `0` does not build ("this operation will
//! panic at runtime"). So where one is used so, its mutants are witnessed against the left
//! side as a constant written there would be (`operators/constant.rs`).
//!
//! Only a name that every binding of the function binds with a plain `let name = ..`
//! is read (not a parameter's, a closure's, a `for`'s, a `match`'s or an `if let`'s name):
//! the `let`s are met in order, each shadowing the last, and a binding ends with its
//! block, so a use names the binding it does in the text.

use crate::operators::constant;
use quote::ToTokens;
use std::collections::{HashMap, HashSet};
use syn::visit::Visit;
use syn::{Block, Expr, Local, Pat, Signature};

#[derive(Default)]
pub struct ConstantLocals {
    /// The names that only plain `let`s bind in the function.
    let_bound: HashSet<String>,
    /// The `let`s in scope of those names, each with its constant arithmetic as written and
    /// the number of mutants made before it was rewritten (none where it is not constant).
    in_scope: Vec<(String, Option<(Expr, usize)>)>,
}

/// A `let` of a name only `let`s bind, read before its initializer is rewritten.
pub struct Binding(String, Option<(Expr, usize)>);

impl ConstantLocals {
    /// The names bound in `sig`'s parameters and in `body`.
    pub fn of(sig: &Signature, body: &Block) -> Self {
        let mut count = Binders::default();
        for input in &sig.inputs {
            count.visit_fn_arg(input);
        }
        count.visit_block(body);
        let let_bound = count
            .all
            .into_iter()
            .filter(|(name, n)| count.by_let.get(name) == Some(n))
            .map(|(name, _)| name)
            .collect();
        ConstantLocals {
            let_bound,
            in_scope: Vec::new(),
        }
    }

    /// Where the current block's bindings start: [`Self::end_block`] drops those after.
    pub fn block_start(&self) -> usize {
        self.in_scope.len()
    }

    pub fn end_block(&mut self, start: usize) {
        self.in_scope.truncate(start);
    }

    /// A `let` of a name only `let`s bind, with its arithmetic where that is constant (and
    /// the binding not `mut`) and the number of mutants made so far: in scope once the
    /// statement is rewritten ([`Self::bind`]).
    pub fn binding(&self, local: &Local, mutants_before: usize) -> Option<Binding> {
        let ident = plain_let(local)?;
        let name = ident.ident.to_string();
        if !self.let_bound.contains(&name) {
            return None;
        }
        let init = local.init.as_ref().filter(|init| init.diverge.is_none());
        let constant = init
            .filter(|init| ident.mutability.is_none() && constant::is_constant(&init.expr))
            .map(|init| ((*init.expr).clone(), mutants_before));
        Some(Binding(name, constant))
    }

    pub fn bind(&mut self, Binding(name, constant): Binding) {
        self.in_scope.push((name, constant));
    }

    /// `e` (an amount or divisor, whose own mutants were made from `before` on) with each
    /// constant local it names replaced by that local's arithmetic in parentheses, where
    /// `e` is constant arithmetic but for those names and names one (`b - 2` after `let b
    /// = 64;`); with the number of mutants made before any of it. The mutants of both keep
    /// their places in it, for `constant::mutated` to find.
    pub fn substituted(&self, e: &Expr, before: usize) -> Option<(Expr, usize)> {
        let mut written = e.clone();
        let mut first = before;
        let mut named = false;
        let constant = self.substitute(&mut written, &mut first, &mut named);
        (constant && named).then_some((written, first))
    }

    /// Puts each constant local's arithmetic in place in `e` (one copy, edited in place);
    /// whether all of `e` is constant arithmetic so.
    fn substitute(&self, e: &mut Expr, first: &mut usize, named: &mut bool) -> bool {
        match e {
            Expr::Path(path) if path.qself.is_none() && path.path.get_ident().is_some() => {
                let name = path.path.get_ident().map(ToString::to_string);
                let local = self
                    .in_scope
                    .iter()
                    .rev()
                    .find(|(bound, _)| Some(bound) == name.as_ref());
                let Some((_, constant)) = local else {
                    return constant::is_constant(e);
                };
                let Some((written, before)) = constant else {
                    return false;
                };
                *first = (*first).min(*before);
                *named = true;
                // The parentheses at the local's arithmetic: a witness is spanned where its
                // text starts, as the user's code, or rustc is silent.
                let at = crate::syntax::first_span(&written.to_token_stream());
                *e = Expr::Paren(syn::ExprParen {
                    attrs: Vec::new(),
                    paren_token: syn::token::Paren(at),
                    expr: Box::new(written.clone()),
                });
                true
            }
            Expr::Lit(_) | Expr::Path(_) => constant::is_constant(e),
            Expr::Paren(p) => self.substitute(&mut p.expr, first, named),
            Expr::Group(g) => self.substitute(&mut g.expr, first, named),
            Expr::Cast(c) => self.substitute(&mut c.expr, first, named),
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                self.substitute(&mut u.expr, first, named)
            }
            Expr::Binary(b) if constant::arithmetic(&b.op) => {
                self.substitute(&mut b.left, first, named)
                    && self.substitute(&mut b.right, first, named)
            }
            _ => false,
        }
    }
}

/// The name a `let` binds where its pattern is one name (typed or not), by value.
fn plain_let(local: &Local) -> Option<&syn::PatIdent> {
    let pat = match &local.pat {
        Pat::Type(typed) => &*typed.pat,
        pat => pat,
    };
    match pat {
        Pat::Ident(ident) if ident.by_ref.is_none() && ident.subpat.is_none() => Some(ident),
        _ => None,
    }
}

/// Counts the names patterns bind, and how many of those bindings are plain `let`s (a
/// unit variant such as `None` in a pattern counts too: harmless, as no local has its
/// name).
#[derive(Default)]
struct Binders {
    all: HashMap<String, usize>,
    by_let: HashMap<String, usize>,
}

impl<'ast> Visit<'ast> for Binders {
    fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
        *self.all.entry(p.ident.to_string()).or_default() += 1;
        syn::visit::visit_pat_ident(self, p);
    }

    fn visit_local(&mut self, local: &'ast Local) {
        if let Some(ident) = plain_let(local) {
            *self.by_let.entry(ident.ident.to_string()).or_default() += 1;
        }
        syn::visit::visit_local(self, local);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn locals(function: &str) -> (ConstantLocals, Vec<Local>) {
        let f: syn::ItemFn = syn::parse_str(function).unwrap();
        let lets = f
            .block
            .stmts
            .iter()
            .filter_map(|s| match s {
                syn::Stmt::Local(l) => Some(l.clone()),
                _ => None,
            })
            .collect();
        (ConstantLocals::of(&f.sig, &f.block), lets)
    }

    #[test]
    fn a_name_bound_once_to_constant_arithmetic_is_read() {
        let (mut locals, lets) = locals(
            "fn f(x: usize) -> usize { let chunk = (LONG * 3) / 8; let n: u32 = 64; \
             let mut m = 2; let y = x * 2; x / chunk }",
        );
        let bindings: Vec<Binding> = lets.iter().filter_map(|l| locals.binding(l, 0)).collect();
        let constant: Vec<&str> = bindings
            .iter()
            .filter(|b| b.1.is_some())
            .map(|b| b.0.as_str())
            .collect();
        assert_eq!(constant, ["chunk", "n"]);
        for b in bindings {
            locals.bind(b);
        }
        let use_of = |name: &str| syn::parse_str::<Expr>(name).unwrap();
        let (written, _) = locals.substituted(&use_of("chunk"), 0).unwrap();
        assert_eq!(quote::quote!(#written).to_string(), "((LONG * 3) / 8)");
        // Arithmetic of one: the local's arithmetic in its place.
        let (written, _) = locals.substituted(&use_of("(n - 2) as u32"), 0).unwrap();
        assert_eq!(quote::quote!(#written).to_string(), "((64) - 2) as u32");
        // Not a constant local, or nothing to put in: not read.
        assert!(locals.substituted(&use_of("y"), 0).is_none());
        assert!(locals.substituted(&use_of("chunk - y"), 0).is_none());
        assert!(locals.substituted(&use_of("BITS - 1"), 0).is_none());
    }

    #[test]
    fn a_later_let_shadows_an_earlier_one() {
        let (mut locals, lets) =
            locals("fn f(x: u32) -> u32 { let n = 8; let a = x / n; let n = x; a / n }");
        let n: Expr = syn::parse_str("n").unwrap();
        locals.bind(locals.binding(&lets[0], 0).unwrap());
        assert!(locals.substituted(&n, 0).is_some());
        locals.bind(locals.binding(&lets[2], 0).unwrap());
        assert!(locals.substituted(&n, 0).is_none());
    }

    #[test]
    fn a_name_bound_by_other_patterns_is_not_read() {
        // A loop's pattern, a parameter, a closure's parameter: each shadows or is
        // shadowed out of the order of the `let`s, and a use could mean either.
        for function in [
            "fn f(x: u32) -> u32 { let n = 8; for n in 1..3 { let _ = x / n; } x / n }",
            "fn f(n: u32) -> u32 { let n = 8; n }",
            "fn f(x: u32) -> u32 { let n = 8; let g = |n: u32| x / n; g(n) }",
        ] {
            let (locals, lets) = locals(function);
            assert!(
                lets.iter()
                    .all(|l| locals.binding(l, 0).is_none_or(|b| b.0 != "n")),
                "{function}"
            );
        }
    }

    #[test]
    fn a_binding_ends_with_its_block() {
        let (mut locals, lets) = locals("fn f(x: u32) -> u32 { let n = 8; x / n }");
        let start = locals.block_start();
        locals.bind(locals.binding(&lets[0], 0).unwrap());
        let n: Expr = syn::parse_str("n").unwrap();
        assert!(locals.substituted(&n, 0).is_some());
        locals.end_block(start);
        assert!(locals.substituted(&n, 0).is_none());
    }
}
