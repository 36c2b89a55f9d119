//! Walks one function body, rewriting each expression that has mutants into schemata.
//! Children are rewritten first, so an operand's own mutants sit inside its evaluation.
//!
//! Items in the body are rewritten on their own (see `visit_item_mut`). Left alone: macro
//! invocations, patterns, types, const generic arguments,
//! `const` blocks, array repeat lengths and destructuring assignments — places where a
//! run-time check cannot stand or the code is not ours to read.

use crate::model::Collector;
use crate::operators::{binary, condition, jump, literal, match_arm, range, statement, unary};
use crate::syntax::{self, first_span, has_let, is_destructuring, label_name, strip_parens};
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
}

impl<'a> Rewriter<'a> {
    pub fn new(collector: &'a mut Collector) -> Self {
        Rewriter {
            collector,
            scopes: Vec::new(),
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

/// Counts each round of a loop toward the hit budget: a mutant can make a loop endless
/// where no site is checked (`loop { if let Some(x) = it.next() { .. break } }`), and the
/// budget must end it, not the wall clock.
fn count_rounds(body: &mut syn::Block) {
    let rt = crate::emit::rt();
    body.stmts.insert(
        0,
        syn::Stmt::Item(syn::Item::Verbatim(quote!(#rt::tick();))),
    );
}

/// The schemata code for one expression that has mutants of its own.
struct Site {
    tokens: proc_macro2::TokenStream,
    /// The token the site is about (`+`, a literal, `break`): its generated code is
    /// located there, so a build error in that code points at it.
    at: proc_macro2::Span,
    /// Index of the site's first mutant in the collector.
    first_mutant: usize,
}

impl Rewriter<'_> {
    /// Rewrites the children of one expression, whose outer attributes were taken off, and
    /// returns its own site, if it has mutants.
    fn rewrite_expr(&mut self, e: &mut Expr) -> Option<Site> {
        match e {
            Expr::Macro(_) | Expr::Const(_) | Expr::Verbatim(_) => return None,
            // Operators in closures whose parameters have no written type may meet operands
            // whose type is not inferred yet where the fallback is resolved; the rebuild net
            // turns those sites unviable.
            Expr::Closure(closure) => {
                self.scoped(Scope::Barrier, |me| me.visit_expr_mut(&mut closure.body));
                return None;
            }
            Expr::Async(block) => {
                self.scoped(Scope::Barrier, |me| me.visit_block_mut(&mut block.block));
                return None;
            }
            Expr::Loop(l) => {
                let label = label_name(&l.label);
                self.scoped(Scope::Loop { label, unit: false }, |me| {
                    me.visit_block_mut(&mut l.body)
                });
                count_rounds(&mut l.body);
                return None;
            }
            Expr::While(w) => {
                let written = w.cond.to_token_stream();
                self.visit_expr_mut(&mut w.cond);
                let label = label_name(&w.label);
                self.scoped(Scope::Loop { label, unit: true }, |me| {
                    me.visit_block_mut(&mut w.body)
                });
                count_rounds(&mut w.body);
                if !has_let(&w.cond) {
                    let kind = condition::Kind::While;
                    let cond = &w.cond;
                    if let Some(cond) =
                        self.made(|c| Some(condition::rewrite(c, kind, cond, &written)))
                    {
                        *w.cond = Expr::Verbatim(cond);
                    }
                }
                return None;
            }
            Expr::ForLoop(f) => {
                self.visit_expr_mut(&mut f.expr);
                let label = label_name(&f.label);
                self.scoped(Scope::Loop { label, unit: true }, |me| {
                    me.visit_block_mut(&mut f.body)
                });
                count_rounds(&mut f.body);
                if let Expr::Range(r) = strip_parens(&f.expr)
                    && let Some(tokens) = self.made(|c| range::rewrite(c, r))
                {
                    *f.expr = Expr::Verbatim(tokens);
                }
                return None;
            }
            Expr::Block(b) if b.label.is_some() => {
                let label = label_name(&b.label).unwrap_or_default();
                self.scoped(Scope::Block(label), |me| me.visit_block_mut(&mut b.block));
                return None;
            }
            Expr::Repeat(r) => {
                self.visit_expr_mut(&mut r.expr);
                return None;
            }
            Expr::Assign(a) => {
                if !is_destructuring(&a.left) {
                    self.visit_expr_mut(&mut a.left);
                }
                self.visit_expr_mut(&mut a.right);
                return None;
            }
            Expr::Let(l) => {
                self.visit_expr_mut(&mut l.expr);
                return None;
            }
            Expr::Match(m) => {
                let written = m.arms.clone();
                self.visit_expr_mut(&mut m.expr);
                for arm in &mut m.arms {
                    let entered = self.collector.enter_cfg(&arm.attrs);
                    if let Pat::Guard(g) = &mut arm.pat {
                        let written = g.guard.to_token_stream();
                        self.visit_expr_mut(&mut g.guard);
                        if !has_let(&g.guard) {
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
                return None;
            }
            Expr::If(i) => {
                let written = i.cond.to_token_stream();
                self.visit_expr_mut(&mut i.cond);
                self.visit_block_mut(&mut i.then_branch);
                if let Some((_, other)) = &mut i.else_branch {
                    self.visit_expr_mut(other);
                }
                if !has_let(&i.cond) {
                    let kind = condition::Kind::If;
                    let cond = &i.cond;
                    if let Some(cond) =
                        self.made(|c| Some(condition::rewrite(c, kind, cond, &written)))
                    {
                        *i.cond = Expr::Verbatim(cond);
                    }
                }
                return None;
            }
            Expr::Unary(u) if matches!(u.op, syn::UnOp::Neg(_)) => {
                if let Expr::Lit(lit) = strip_parens(&u.expr) {
                    let minus = u.op.to_token_stream();
                    let first_mutant = self.collector.mutants.len();
                    let at = first_span(&minus);
                    return self
                        .made(|c| literal::rewrite_negative(c, &minus, &lit.lit))
                        .map(|tokens| Site {
                            tokens,
                            at,
                            first_mutant,
                        });
                }
                visit_mut::visit_expr_mut(self, e);
            }
            _ => visit_mut::visit_expr_mut(self, e),
        }
        let first_mutant = self.collector.mutants.len();
        let (tokens, at) = match e {
            Expr::Binary(b) => (
                self.made(|c| binary::rewrite(c, b)),
                first_span(&b.op.to_token_stream()),
            ),
            Expr::Unary(u) => (
                self.made(|c| unary::rewrite(c, u)),
                first_span(&u.op.to_token_stream()),
            ),
            Expr::Lit(l) => (self.made(|c| literal::rewrite(c, &l.lit)), l.lit.span()),
            Expr::Break(_) | Expr::Continue(_) => {
                (self.rewrite_jump(e), first_span(&e.to_token_stream()))
            }
            _ => (None, proc_macro2::Span::call_site()),
        };
        tokens.map(|tokens| Site {
            tokens,
            at,
            first_mutant,
        })
    }

    /// Puts a site's code in place of the expression, located at the site's token; or,
    /// where the driver's last build failed in it, leaves the expression as written and
    /// its mutants unviable. `extent`: the expression's file and first and last token, as
    /// the compiler sees them (known only when the driver listed build errors).
    fn place(&mut self, e: &mut Expr, site: Site, extent: Option<&Extent>) {
        if let Some(extent) = extent
            && let Some(message) = crate::build_errors::claim_site(
                &extent.file,
                site.at.start(),
                extent.first,
                extent.last,
            )
        {
            self.collector.unviable_since(site.first_mutant, message);
            return;
        }
        *e = Expr::Verbatim(syntax::located_at(site.tokens, site.at));
    }
}

/// Where an expression is, as the compiler sees it (no `--all-items` shift).
struct Extent {
    file: String,
    first: proc_macro2::LineColumn,
    last: proc_macro2::LineColumn,
}

impl Extent {
    fn of(e: &Expr) -> Option<Extent> {
        let tokens = e.to_token_stream();
        let mut iter = tokens.into_iter();
        let first = iter.next()?.span();
        let last = iter.last().map_or(first, |t| t.span());
        Some(Extent {
            file: crate::location::file_of(first),
            first: first.start(),
            last: last.end(),
        })
    }
}

impl VisitMut for Rewriter<'_> {
    // Code under `#[cfg(..)]` may not be compiled: its mutants carry the predicates, and the
    // attributes stay on whatever code replaces it.
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        let attrs = syntax::take_attrs(e);
        let entered = self.collector.enter_cfg(&attrs);
        let extent = crate::build_errors::any()
            .then(|| Extent::of(e))
            .flatten()
            .filter(|x| crate::build_errors::any_in(&x.file));
        if let Some(site) = self.rewrite_expr(e) {
            self.place(e, site, extent.as_ref());
        }
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
        let selection = self.collector.selection().clone();
        crate::items::rewrite_in_body(item, &self.collector.function, &selection);
    }

    // Not ours to read, or no place for a run-time check.
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
    fn visit_pat_mut(&mut self, _: &mut Pat) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}
}
