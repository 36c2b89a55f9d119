//! Statement deletion: an expression statement `expr?;` runs only while its mutant is
//! off. Its value is discarded either way, so deleting it always type-checks; what goes
//! is the check it makes (the early return of an error or `None`) and its side effects.
//!
//! Deleting a plain call statement would need the call's type (only a `()` call is a
//! plausible deletion, and the macro cannot see types), so calls are not deleted yet.

use super::switch;
use crate::location;
use crate::model::{Collector, tidy};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Expr, Stmt};

const OPERATOR: &str = "statement";

/// Whether the statement, as written, is one this operator deletes.
pub fn deletable(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(Expr::Try(_), Some(_)))
}

/// `stmt` (already rewritten) guarded by its mutant; `written` is it as written.
pub fn rewrite(c: &mut Collector, stmt: &Stmt, written: &Stmt) -> Option<Stmt> {
    if !c.wants(OPERATOR) {
        return None;
    }
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
    Some(Stmt::Expr(
        Expr::Verbatim(quote!(if #sw != #k { #stmt })),
        None,
    ))
}
