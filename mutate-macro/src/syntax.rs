//! Helpers over syn's syntax tree that the rewrite needs and syn keeps private.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
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

/// `tokens` with the code the macro generated (spanned at its call site) located at `at`
/// instead, its name resolution unchanged: a build error in a site's code then points at
/// the site, where the rebuild net finds it, not at the attribute.
pub fn located_at(tokens: TokenStream, at: Span) -> TokenStream {
    let call_site = Span::call_site();
    let generated = |span: Span| span.start() == call_site.start() && span.end() == call_site.end();
    let moved = call_site.located_at(at);
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), located_at(g.stream(), at));
                group.set_span(if generated(g.span()) { moved } else { g.span() });
                TokenTree::Group(group)
            }
            mut other => {
                if generated(other.span()) {
                    other.set_span(moved);
                }
                other
            }
        })
        .collect()
}
