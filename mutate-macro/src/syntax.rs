//! Helpers over syn's syntax tree that the rewrite needs and syn keeps private.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{Attribute, Expr};

/// `Some(&mut x.attrs)` for each listed kind of expression.
macro_rules! attrs_of {
    ($e:expr, [$($kind:ident),* $(,)?]) => {
        match $e {
            $(Expr::$kind(x) => Some(&mut x.attrs),)*
            _ => None,
        }
    };
}

/// The outer attributes of an expression; `None` for verbatim tokens.
fn attrs_mut(e: &mut Expr) -> Option<&mut Vec<Attribute>> {
    attrs_of!(
        e,
        [
            Array, Assign, Async, Await, Binary, Block, Break, Call, Cast, Closure, Const,
            Continue, Field, ForLoop, Group, If, Index, Infer, Let, Lit, Loop, Macro, Match,
            MethodCall, Paren, Path, Range, RawAddr, Reference, Repeat, Return, Struct, Try,
            TryBlock, Tuple, Unary, Unsafe, While, Yield,
        ]
    )
}

/// Takes the outer attributes off an expression (`#[cfg(..)]`, `#[allow(..)]` on a
/// statement's expression), so the code rewritten from it carries none inside.
pub fn take_attrs(e: &mut Expr) -> Vec<Attribute> {
    attrs_mut(e).map(std::mem::take).unwrap_or_default()
}

/// Puts attributes taken by [`take_attrs`] back: on the expression, or, where it was
/// replaced by schemata code, on a block around that code, so `#[cfg(..)]` still decides
/// whether the code exists at all.
pub fn restore_attrs(e: &mut Expr, taken: Vec<Attribute>) {
    if taken.is_empty() {
        return;
    }
    if let Expr::Verbatim(tokens) = e {
        *tokens = wrap_in_attrs(&taken, tokens.clone());
        return;
    }
    if let Some(attrs) = attrs_mut(e) {
        let own = std::mem::replace(attrs, taken);
        attrs.extend(own);
    }
}

/// `#[attr].. { tokens }`: a block keeps outer attributes wherever the original expression
/// could carry them (a statement, a block's tail).
pub fn wrap_in_attrs(attrs: &[Attribute], tokens: TokenStream) -> TokenStream {
    if attrs.is_empty() {
        return tokens;
    }
    quote!(#(#attrs)* { #tokens })
}
