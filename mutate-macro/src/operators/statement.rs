//! Statement deletion. An expression statement that is a call, `f(x);` or
//! `v.pop();`, or an `expr?;`, runs only while its mutant is off. Its value is discarded
//! either way, so deleting it always type-checks, whatever the call returns: what goes is
//! its side effects (and the early return of an error or `None`). The statement stays in
//! the code, guarded, so the types it fixes by inference stay fixed; where its text
//! without it may not build, `deletion_witness.rs` has rustc check that text.

use super::switch;
use crate::location;
use crate::model::Collector;
use crate::syntax;
use crate::text::tidy;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Block, Expr, Stmt};

const OPERATOR: Operator = Operator::Statement;

/// Whether the statement, as written, is one this operator deletes.
pub fn deletable(stmt: &Stmt) -> bool {
    matches!(
        stmt,
        Stmt::Expr(Expr::Try(_) | Expr::Call(_) | Expr::MethodCall(_), Some(_))
    )
}

/// Whether the `i`th statement of `block` calls a function that never returns
/// (`process::exit(1);`) and ends the block: the block's type may rest on that call's
/// divergence (`None => { exit(1); }` in a match of values, a closure whose `?` needs its
/// `Result`), which its deletion loses. Where rustc's error is elsewhere than at the
/// statement, the rebuild net takes such deletions for suspects (`function.rs`).
pub fn ends_by_diverging(block: &Block, i: usize) -> bool {
    i + 1 == block.stmts.len() && deletable(&block.stmts[i]) && never_returns(&block.stmts[i])
}

/// Whether any block in `block` [`ends_by_diverging`].
pub fn any_ends_by_diverging(block: &Block) -> bool {
    struct Finder(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finder {
        fn visit_block(&mut self, block: &'ast Block) {
            self.0 |= !block.stmts.is_empty() && ends_by_diverging(block, block.stmts.len() - 1);
            syn::visit::visit_block(self, block);
        }
    }
    let mut finder = Finder(false);
    syn::visit::Visit::visit_block(&mut finder, block);
    finder.0
}

/// Functions that never return, by the last segment of the path they are called by.
const DIVERGING: &[&str] = &[
    "exit",
    "abort",
    "panic_any",
    "resume_unwind",
    "unreachable_unchecked",
];

fn never_returns(stmt: &Stmt) -> bool {
    let Stmt::Expr(Expr::Call(call), _) = stmt else {
        return false;
    };
    let Expr::Path(path) = &*call.func else {
        return false;
    };
    path.path
        .segments
        .last()
        .is_some_and(|s| DIVERGING.iter().any(|d| s.ident == d))
}

/// `stmt` (already rewritten) guarded by its mutant; `written` is it as written. The
/// statement's attributes (`#[cfg(..)]`, `#[allow(..)]`) go on the code that replaces it.
pub fn rewrite(c: &mut Collector, stmt: &Stmt, written: &Stmt) -> Option<Stmt> {
    if !c.wants(OPERATOR) {
        return None;
    }
    let (mut stmt, mut written) = (stmt.clone(), written.clone());
    let attrs = take_attrs(&mut stmt);
    take_attrs(&mut written);
    let entered = c.enter_cfg(&attrs);
    let guarded = guard(c, &stmt, &written);
    c.leave_cfg(entered);
    let tokens = syntax::wrap_in_attrs(&attrs, guarded);
    Some(Stmt::Expr(Expr::Verbatim(tokens), None))
}

fn take_attrs(stmt: &mut Stmt) -> Vec<syn::Attribute> {
    match stmt {
        Stmt::Expr(e, _) => syntax::take_attrs(e),
        _ => Vec::new(),
    }
}

/// The statement's code with its deletion mutant.
fn guard(c: &mut Collector, stmt: &Stmt, written: &Stmt) -> TokenStream {
    let tokens: TokenStream = written.to_token_stream();
    let site = c.new_site();
    let text = tidy(&tokens).trim().to_owned();
    let k = c.add_described(
        site,
        OPERATOR,
        location::of_tokens(&tokens),
        &text,
        "",
        format!("delete {text}"),
    );
    let sw = switch(site);
    // Located at the statement: where the block's type needed the statement (a call that
    // never returns, last in a block of a value), rustc's error is at this site, and the
    // rebuild net makes this mutant alone unviable.
    let guarded = quote!(if #sw != #k { #stmt });
    match tokens.clone().into_iter().next() {
        Some(first) => crate::syntax::located_at(guarded, first.span()),
        None => guarded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ends(body: &str) -> bool {
        any_ends_by_diverging(&syn::parse_str(body).unwrap())
    }

    #[test]
    fn a_block_ending_by_a_call_that_never_returns_is_found_at_any_depth() {
        assert!(ends("{ f(); std::process::exit(1); }"));
        assert!(ends(
            "{ let v = match x { Some(v) => v, None => { abort(); } }; v }"
        ));
        assert!(ends("{ install(|| { g()?; process::exit(0); }) }"));
        assert!(!ends("{ std::process::exit(1); f(); }"));
        assert!(!ends("{ f(); exit_code() }"));
    }
}
