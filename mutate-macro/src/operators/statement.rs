//! Statement deletion. An expression statement `expr?;` runs only while its mutant is
//! off: its value is discarded either way, so deleting it always type-checks; what goes
//! is the check it makes (the early return of an error or `None`) and its side effects.
//!
//! A call statement `f(x);` or `v.push(x);` is deleted only when its value is `()`,
//! which only the compiler knows: the call goes into a closure that returns a marker of
//! its value's type (chosen by autoref specialization), and the runtime's `returns_unit`
//! reads that marker from the closure's type. For any other call the mutant is unviable
//! and the call runs. Calls whose arguments hold
//! `return`, `?`, `break`, `continue`, `.await` or `yield` are left alone: in a closure
//! those would mean something else.

use super::switch;
use crate::emit::rt;
use crate::location;
use crate::model::Collector;
use crate::syntax::{self, any_token};
use crate::text::tidy;
use mutate_operators::Operator;
use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::{Expr, Stmt};

const OPERATOR: Operator = Operator::Statement;

/// Whether the statement, as written, is one this operator deletes.
pub fn deletable(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Expr(Expr::Try(_), Some(_)) => true,
        Stmt::Expr(e @ (Expr::Call(_) | Expr::MethodCall(_)), Some(_)) => {
            !jumps(e.to_token_stream())
        }
        _ => false,
    }
}

/// Whether the tokens hold anything that leaves or suspends the enclosing function.
fn jumps(tokens: TokenStream) -> bool {
    any_token(tokens, &|t| match t {
        TokenTree::Ident(i) => ["return", "break", "continue", "await", "yield"]
            .iter()
            .any(|k| i == k),
        TokenTree::Punct(p) => p.as_char() == '?',
        _ => false,
    })
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
    // `expr?;` (and anything not a call) is simply skipped while its mutant is on.
    let call = match stmt {
        Stmt::Expr(call @ (Expr::Call(_) | Expr::MethodCall(_) | Expr::Verbatim(_)), _)
            if !matches!(written, Stmt::Expr(Expr::Try(_), _)) =>
        {
            call
        }
        _ => return quote!(if #sw != #k { #stmt }),
    };
    let rt = rt();
    quote! {{
        #[allow(
            unused_mut,
            unreachable_code,
            clippy::needless_borrow,
            clippy::let_unit_value,
            clippy::diverging_sub_expression
        )]
        let mut __mutate_call = || {
            #[allow(unused_imports)]
            use #rt::calls::{OtherValue as _, UnitValue as _};
            let __mutate_value = #call;
            (&#rt::calls::ValueProbe::of(&__mutate_value)).kind()
        };
        match #sw {
            #k if #rt::calls::returns_unit(&__mutate_call) => {}
            #k => {
                #rt::fell_back();
                __mutate_call();
            }
            _ => {
                __mutate_call();
            }
        }
    }}
}
