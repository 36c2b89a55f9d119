//! Control flow in a body: loops (each round counted toward the hit budget), `if`,
//! `match`, labelled blocks, closures; the scopes `break` and `continue` refer to, for
//! swapping them; and conditions forced true or false, by one helper for `if`, `while`
//! and match guards.

use super::Rewriter;
use crate::location::{self, LineColumn};
use crate::operators::condition::{self, Kind};
use crate::operators::{arm_order, jump, match_arm, range, reverse};
use crate::syntax::{has_let, label_name, strip_parens};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::visit_mut::VisitMut;
use syn::{Block, Expr, ExprBlock, ExprForLoop, ExprIf, ExprLoop, ExprMatch, ExprWhile, Pat};

/// What an unlabelled or labelled `break`/`continue` can refer to.
pub(super) enum Scope {
    /// A loop; `unit` when it is a `while` or `for`, whose `break` carries no value;
    /// `round_start`: where the code run each round starts (a `while`'s condition, a
    /// `loop`'s or `for`'s body).
    Loop {
        label: Option<String>,
        unit: bool,
        round_start: LineColumn,
    },
    /// A labelled block: `break 'a` may target it, `continue 'a` may not.
    Block(String),
    /// A closure or async block: jumps never cross it.
    Barrier,
}

impl Rewriter<'_> {
    fn scoped(&mut self, scope: Scope, f: impl FnOnce(&mut Self)) {
        self.scopes.push(scope);
        f(self);
        self.scopes.pop();
    }

    /// The body of a closure or async block, which no jump crosses. Operators in closures
    /// whose parameters have no written type may meet operands whose type is not inferred
    /// yet where the fallback is resolved; the rebuild net turns those sites unviable.
    pub(super) fn barrier(&mut self, body: impl FnOnce(&mut Self)) {
        self.scoped(Scope::Barrier, body);
    }

    /// A loop's body, in its scope, then its round counted. `first`: where the code run
    /// each round starts, if before the body.
    fn loop_body(
        &mut self,
        (label, unit): (&Option<syn::Label>, bool),
        first: Option<Span>,
        body: &mut Block,
    ) {
        let label = label_name(label);
        let round_start = location::start(first.unwrap_or(body.brace_token.span.open()));
        let scope = Scope::Loop {
            label,
            unit,
            round_start,
        };
        self.scoped(scope, |me| me.visit_block_mut(body));
        count_rounds(body);
    }

    pub(super) fn rewrite_loop(&mut self, l: &mut ExprLoop) {
        self.loop_body((&l.label, false), None, &mut l.body);
    }

    pub(super) fn rewrite_while(&mut self, w: &mut ExprWhile) {
        let first = w
            .cond
            .to_token_stream()
            .into_iter()
            .next()
            .map(|t| t.span());
        self.condition(Kind::While, &mut w.cond, |me| {
            me.loop_body((&w.label, true), first, &mut w.body)
        });
    }

    /// `for`: the iterated expression, the body, then `a..b` <-> `a..=b` in the head.
    pub(super) fn rewrite_for(&mut self, f: &mut ExprForLoop) {
        let written = f.expr.to_token_stream();
        let reversible = reverse::worth_adding(f);
        self.visit_expr_mut(&mut f.expr);
        self.loop_body((&f.label, true), None, &mut f.body);
        if let Expr::Range(r) = strip_parens(&f.expr)
            && let Some(tokens) = self.made(|c| range::rewrite(c, r))
        {
            *f.expr = Expr::Verbatim(tokens);
        }
        if reversible && let Some(tokens) = self.made(|c| reverse::add(c, &written, &f.expr)) {
            *f.expr = Expr::Verbatim(tokens);
        }
    }

    pub(super) fn labelled_block(&mut self, b: &mut ExprBlock) {
        let label = label_name(&b.label).unwrap_or_default();
        self.scoped(Scope::Block(label), |me| me.visit_block_mut(&mut b.block));
    }

    pub(super) fn rewrite_if(&mut self, i: &mut ExprIf) {
        self.condition(Kind::If, &mut i.cond, |me| {
            me.visit_block_mut(&mut i.then_branch);
            if let Some((_, other)) = &mut i.else_branch {
                me.visit_expr_mut(other);
            }
        });
    }

    /// `match`: the scrutinee, each arm (guard, then body) under its `#[cfg(..)]`, then
    /// the arms' deletions.
    pub(super) fn rewrite_match(&mut self, m: &mut ExprMatch) {
        let written = m.arms.clone();
        self.visit_expr_mut(&mut m.expr);
        for arm in &mut m.arms {
            let entered = self.collector.enter_cfg(&arm.attrs);
            if let Pat::Guard(g) = &mut arm.pat {
                self.condition(Kind::Guard, &mut g.guard, |_| {});
            }
            self.visit_expr_mut(&mut arm.body);
            self.collector.leave_cfg(entered);
        }
        // Changes an arm only where it adds that arm's mutant.
        match_arm::rewrite(self.collector, &mut m.arms, &written);
        // Adds copies of arms: last, once each arm's own guard is in place.
        arm_order::rewrite(self.collector, &mut m.arms, &written);
    }

    /// A condition (`if`, `while`, match guard): its own operands first, then what it
    /// decides (`decided`: the branches, a loop's body), then the condition forced true or
    /// false. Not where it holds a `let`: forced, it would bind nothing.
    fn condition(&mut self, kind: Kind, cond: &mut Expr, decided: impl FnOnce(&mut Self)) {
        let written = cond.to_token_stream();
        self.visit_expr_mut(cond);
        decided(self);
        if has_let(cond) {
            return;
        }
        let first = self.collector.mutants.len();
        if let Some(tokens) = self.made(|c| Some(condition::rewrite(c, kind, cond, &written))) {
            match self.skip_suspect(&written) {
                // Forced, the condition is skipped, and with it an initialization.
                Some(message) => self.collector.unviable_since(first, &message),
                None => *cond = Expr::Verbatim(tokens),
            }
        }
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

    /// Whether the net leaves jump `e` (at `at`) as written: every jump where rustc said
    /// nothing of moves (`moved` is `None`); else a jump after a place where a value was
    /// moved, in the code its loop runs each round. A `break` made `continue` there runs
    /// that code again, and the borrow checker finds the use of the moved value, not the
    /// jump.
    pub(super) fn is_suspect(
        &self,
        e: &Expr,
        at: LineColumn,
        moved: Option<&[(usize, usize)]>,
    ) -> bool {
        let label = match e {
            Expr::Break(b) => b.label.as_ref(),
            Expr::Continue(c) => c.label.as_ref(),
            _ => return false,
        };
        let Some(moved) = moved else { return true };
        let Some(Scope::Loop { round_start, .. }) = self.target_loop(label) else {
            return true;
        };
        let (first, at) = ((round_start.line, round_start.column), (at.line, at.column));
        moved.iter().any(|&place| first <= place && place < at)
    }

    /// `break` <-> `continue`, only where the swap means the same loop: a `continue` only
    /// in a `while` or `for`, whose `break` carries no value.
    pub(super) fn rewrite_jump(&mut self, e: &Expr) -> Option<TokenStream> {
        let (keyword, replacement) = match e {
            // A `break` with a value has no `continue` of the same text: `continue n * 10`
            // does not build.
            Expr::Break(b) if b.expr.is_some() => return None,
            Expr::Break(b) => {
                self.target_loop(b.label.as_ref())?;
                let (keyword, label) = (&b.break_token, &b.label);
                (quote!(#keyword #label), quote!(continue #label))
            }
            Expr::Continue(k) => {
                let Scope::Loop { unit: true, .. } = self.target_loop(k.label.as_ref())? else {
                    return None;
                };
                let (keyword, label) = (&k.continue_token, &k.label);
                (quote!(#keyword #label), quote!(break #label))
            }
            _ => return None,
        };
        let written = e.to_token_stream();
        self.made(|c| Some(jump::rewrite(c, &keyword, &written, replacement)))
    }
}

/// Counts each round of a loop toward the hit budget: a mutant can make a loop endless
/// where no site is checked (`loop { if let Some(x) = it.next() { .. break } }`), and the
/// budget must end it, not the wall clock.
fn count_rounds(body: &mut Block) {
    let (rt, table) = (crate::emit::rt(), crate::emit::table());
    body.stmts.insert(
        0,
        syn::Stmt::Item(syn::Item::Verbatim(quote!(#rt::tick(&#table);))),
    );
}
