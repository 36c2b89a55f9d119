//! Walks one function body, rewriting each expression that has mutants into schemata.
//! Children are rewritten first, so an operand's own mutants sit inside its evaluation.
//!
//! Items in the body are rewritten on their own (see `visit_item_mut`). Left alone: macro
//! invocations, patterns, types, const generic arguments,
//! `const` blocks, array repeat lengths and destructuring assignments — places where a
//! run-time check cannot stand or the code is not ours to read.

use crate::model::Collector;
use crate::operators::{binary, condition, jump, literal, match_arm, range, statement, unary};
use crate::syntax;
use quote::{ToTokens, quote};
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, Pat};

/// What an unlabelled or labelled `break`/`continue` can refer to.
enum Scope {
    /// A loop; `unit` when it is a `while` or `for`, whose `break` carries no value.
    Loop { label: Option<String>, unit: bool },
    /// A labelled block: `break 'a` may target it, `continue 'a` may not.
    Block(String),
    /// A closure or async block: jumps never cross it.
    Barrier,
}

pub struct Rewriter<'a> {
    collector: &'a mut Collector,
    scopes: Vec<Scope>,
    /// Depth of closures with an untyped parameter: the autoref fallback cannot resolve
    /// methods on operands whose type is not known yet there.
    untyped_closures: u32,
}

impl<'a> Rewriter<'a> {
    pub fn new(collector: &'a mut Collector) -> Self {
        Rewriter {
            collector,
            scopes: Vec::new(),
            untyped_closures: 0,
        }
    }

    /// Runs one operator's rewrite; its code only when it made a mutant (its operator
    /// may not be selected for this function).
    fn made(
        &mut self,
        rewrite: impl FnOnce(&mut Collector) -> Option<proc_macro2::TokenStream>,
    ) -> Option<proc_macro2::TokenStream> {
        let before = self.collector.mutants.len();
        let tokens = rewrite(self.collector)?;
        (self.collector.mutants.len() > before).then_some(tokens)
    }

    fn scoped(&mut self, scope: Scope, f: impl FnOnce(&mut Self)) {
        self.scopes.push(scope);
        f(self);
        self.scopes.pop();
    }

    /// The loop a jump refers to, if it is a loop.
    fn target_loop(&self, label: Option<&syn::Lifetime>) -> Option<&Scope> {
        let label = label.map(|l| l.ident.to_string());
        for scope in self.scopes.iter().rev() {
            match (scope, &label) {
                (Scope::Barrier, _) => return None,
                (Scope::Loop { .. }, None) => return Some(scope),
                (Scope::Loop { label: Some(l), .. }, Some(want)) if l == want => {
                    return Some(scope);
                }
                (Scope::Block(l), Some(want)) if l == want => return None,
                _ => {}
            }
        }
        None
    }

    fn rewrite_jump(&mut self, e: &Expr) -> Option<proc_macro2::TokenStream> {
        let written = e.to_token_stream();
        match e {
            Expr::Break(b) => {
                self.target_loop(b.label.as_ref())?;
                let (keyword, label) = (&b.break_token, &b.label);
                self.made(|c| {
                    Some(jump::rewrite(
                        c,
                        &quote!(#keyword #label),
                        &written,
                        quote!(continue #label),
                    ))
                })
            }
            Expr::Continue(k) => {
                let Scope::Loop { unit: true, .. } = self.target_loop(k.label.as_ref())? else {
                    return None;
                };
                let (keyword, label) = (&k.continue_token, &k.label);
                self.made(|c| {
                    Some(jump::rewrite(
                        c,
                        &quote!(#keyword #label),
                        &written,
                        quote!(break #label),
                    ))
                })
            }
            _ => None,
        }
    }
}

fn label_name(label: &Option<syn::Label>) -> Option<String> {
    label.as_ref().map(|l| l.name.ident.to_string())
}

fn strip_parens(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip_parens(&p.expr),
        Expr::Group(g) => strip_parens(&g.expr),
        _ => e,
    }
}

/// `(a, b) = ...`, `[x, _] = ...`, `S { .. } = ...`, `_ = ...`: patterns in expression
/// clothing.
fn is_destructuring(e: &Expr) -> bool {
    matches!(
        strip_parens(e),
        Expr::Tuple(_) | Expr::Array(_) | Expr::Struct(_) | Expr::Call(_) | Expr::Infer(_)
    )
}

impl Rewriter<'_> {
    /// Rewrites one expression, whose outer attributes were taken off.
    fn rewrite_expr(&mut self, e: &mut Expr) {
        match e {
            Expr::Macro(_) | Expr::Const(_) | Expr::Verbatim(_) => return,
            Expr::Closure(closure) => {
                let untyped = closure.inputs.iter().any(|p| !matches!(p, Pat::Type(_)));
                self.untyped_closures += u32::from(untyped);
                self.scoped(Scope::Barrier, |me| me.visit_expr_mut(&mut closure.body));
                self.untyped_closures -= u32::from(untyped);
                return;
            }
            Expr::Async(block) => {
                self.scoped(Scope::Barrier, |me| me.visit_block_mut(&mut block.block));
                return;
            }
            Expr::Loop(l) => {
                let label = label_name(&l.label);
                self.scoped(Scope::Loop { label, unit: false }, |me| {
                    me.visit_block_mut(&mut l.body)
                });
                return;
            }
            Expr::While(w) => {
                let written = w.cond.to_token_stream();
                self.visit_expr_mut(&mut w.cond);
                let label = label_name(&w.label);
                self.scoped(Scope::Loop { label, unit: true }, |me| {
                    me.visit_block_mut(&mut w.body)
                });
                if !binary::has_let(&w.cond) {
                    let kind = condition::Kind::While;
                    let cond = &w.cond;
                    if let Some(cond) =
                        self.made(|c| Some(condition::rewrite(c, kind, cond, &written)))
                    {
                        *w.cond = Expr::Verbatim(cond);
                    }
                }
                return;
            }
            Expr::ForLoop(f) => {
                self.visit_expr_mut(&mut f.expr);
                let label = label_name(&f.label);
                self.scoped(Scope::Loop { label, unit: true }, |me| {
                    me.visit_block_mut(&mut f.body)
                });
                if let Expr::Range(r) = strip_parens(&f.expr)
                    && let Some(tokens) = self.made(|c| range::rewrite(c, r))
                {
                    *f.expr = Expr::Verbatim(tokens);
                }
                return;
            }
            Expr::Block(b) if b.label.is_some() => {
                let label = label_name(&b.label).unwrap_or_default();
                self.scoped(Scope::Block(label), |me| me.visit_block_mut(&mut b.block));
                return;
            }
            Expr::Repeat(r) => {
                self.visit_expr_mut(&mut r.expr);
                return;
            }
            Expr::Assign(a) => {
                if !is_destructuring(&a.left) {
                    self.visit_expr_mut(&mut a.left);
                }
                self.visit_expr_mut(&mut a.right);
                return;
            }
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                return;
            }
            Expr::Match(m) => {
                let written = m.arms.clone();
                self.visit_expr_mut(&mut m.expr);
                for arm in &mut m.arms {
                    let entered = self.collector.enter_cfg(&arm.attrs);
                    if let Pat::Guard(g) = &mut arm.pat {
                        let written = g.guard.to_token_stream();
                        self.visit_expr_mut(&mut g.guard);
                        if !binary::has_let(&g.guard) {
                            let kind = condition::Kind::Guard;
                            let guard = &g.guard;
                            if let Some(guard) =
                                self.made(|c| Some(condition::rewrite(c, kind, guard, &written)))
                            {
                                *g.guard = Expr::Verbatim(guard);
                            }
                        }
                    }
                    self.visit_expr_mut(&mut arm.body);
                    self.collector.leave_cfg(entered);
                }
                // Changes an arm only where it adds that arm's mutant.
                match_arm::rewrite(self.collector, &mut m.arms, &written);
                return;
            }
            Expr::If(i) => {
                let written = i.cond.to_token_stream();
                self.visit_expr_mut(&mut i.cond);
                self.visit_block_mut(&mut i.then_branch);
                if let Some((_, other)) = &mut i.else_branch {
                    self.visit_expr_mut(other);
                }
                if !binary::has_let(&i.cond) {
                    let kind = condition::Kind::If;
                    let cond = &i.cond;
                    if let Some(cond) =
                        self.made(|c| Some(condition::rewrite(c, kind, cond, &written)))
                    {
                        *i.cond = Expr::Verbatim(cond);
                    }
                }
                return;
            }
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                if let Expr::Lit(lit) = strip_parens(&u.expr) {
                    let minus = u.op.to_token_stream();
                    if let Some(tokens) =
                        self.made(|c| literal::rewrite_negative(c, &minus, &lit.lit))
                    {
                        *e = Expr::Verbatim(tokens);
                    }
                    return;
                }
                visit_mut::visit_expr_mut(self, e);
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
        let typed = self.untyped_closures == 0;
        let replacement = match e {
            Expr::Binary(b) => self.made(|c| binary::rewrite(c, b, typed)),
            Expr::Unary(u) if typed => self.made(|c| unary::rewrite(c, u)),
            Expr::Lit(l) => self.made(|c| literal::rewrite(c, &l.lit)),
            Expr::Break(_) | Expr::Continue(_) => self.rewrite_jump(e),
            _ => None,
        };
        if let Some(tokens) = replacement {
            *e = Expr::Verbatim(tokens);
        }
    }
}

impl VisitMut for Rewriter<'_> {
    // Code under `#[cfg(..)]` may not be compiled: its mutants carry the predicates, and the
    // attributes stay on whatever code replaces it.
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let attrs = syntax::take_attrs(e);
        let entered = self.collector.enter_cfg(&attrs);
        self.rewrite_expr(e);
        self.collector.leave_cfg(entered);
        syntax::restore_attrs(e, attrs);
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        let entered = self.collector.enter_cfg(&local.attrs);
        visit_mut::visit_local_mut(self, local);
        self.collector.leave_cfg(entered);
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        let entered = self.collector.enter_cfg(&field.attrs);
        visit_mut::visit_field_value_mut(self, field);
        self.collector.leave_cfg(entered);
    }

    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let written: Vec<Option<syn::Stmt>> = block
            .stmts
            .iter()
            .map(|s| statement::deletable(s).then(|| s.clone()))
            .collect();
        visit_mut::visit_block_mut(self, block);
        for (stmt, written) in block.stmts.iter_mut().zip(written) {
            if let Some(written) = written
                && let Some(guarded) = statement::rewrite(self.collector, stmt, &written)
            {
                *stmt = guarded;
            }
        }
    }

    /// An item in the body (a helper `fn`, an `impl` for a local type): rewritten on its
    /// own, with a table of its own, since an item cannot reach the enclosing function's.
    fn visit_item_mut(&mut self, item: &mut syn::Item) {
        let prefix = format!("{}::", self.collector.function);
        let selection = self.collector.selection().clone();
        crate::placement::rewrite_item(item, &prefix, &selection);
    }

    // Not ours to read, or no place for a run-time check.
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
    fn visit_pat_mut(&mut self, _: &mut Pat) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}
}
