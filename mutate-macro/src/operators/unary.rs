//! Deleting a unary `!` or `-`. The operand's type must equal the operator's output for
//! the deletion to type-check, which the autoref fallback decides.

use super::op_fallbacks::{self, Shape};
use super::{always_differ, fallback_arms, switch, when_probing};
use crate::emit::rt;
use crate::emit::table;
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{ExprUnary, UnOp};

pub fn rewrite(c: &mut Collector, e: &ExprUnary) -> Option<TokenStream> {
    let (symbol, shape) = match e.op {
        UnOp::Not(_) => ("!", Shape::NotDeleted),
        UnOp::Neg(_) => ("-", Shape::NegDeleted),
        _ => return None,
    };
    let op_tokens = e.op.to_token_stream();
    // Bound without the user's parentheses, which rustc's `unused_parens` would find
    // needless in a `let` (`!(a || b)`).
    let operand = crate::syntax::strip_parens(&e.expr);
    let site = c.new_site();
    let k = c.add_described(
        site,
        Operator::Unary,
        location::of_tokens(&op_tokens),
        symbol,
        "",
        format!("delete {symbol}"),
    );
    c.op_fallbacks.push((k, shape));
    let method = op_fallbacks::method(k);
    let rt = rt();
    let arms = fallback_arms(quote!(__mutate_v), quote!(#op_tokens __mutate_v));
    let sw = switch(site);
    // `!x` never equals `x`; `-x` equals `x` at zero, which the probe can check on numbers.
    let probe = match e.op {
        UnOp::Neg(_) => {
            let table = table();
            when_probing(
                site,
                quote! {
                    use #rt::probe::{NegProbe as _, NegProbeFallback as _};
                    (&#rt::probe::Negated::new(&__mutate_v)).probe(&#table, #k);
                },
            )
        }
        _ => always_differ(site, &[k]),
    };
    Some(quote! {
        ({
            let __mutate_v = #operand;
            match #sw {
                #k => {
                    match (&#rt::Operand::new(__mutate_v)).#method() { #arms }
                }
                _ => { #probe #op_tokens __mutate_v }
            }
        })
    })
}
