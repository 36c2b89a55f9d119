//! Operator families. Each one finds its sites in one kind of expression, adds its mutants
//! to the function's collector, and returns the schemata code for that expression: the
//! operands evaluated once, then a `match` on the switch with one arm per mutant and the
//! original as the default arm. Replacements are wrapped in parentheses so they stand
//! anywhere an expression does (even at the start of a statement, before `.method()`).
//!
//! In the coverage run the original arm also compares each replacement with the original
//! where that has no effect of its own (`__private/probe.rs` in the runtime), so mutants
//! that compute nothing different under a test are known to survive it without a run.
//! Sites that cannot compare (statements, bodies, arms) record nothing: unknown.

pub mod arm_order;
pub mod binary;
mod bounded_loops;
pub mod comparison;
pub mod compile_time;
pub mod condition;
pub mod constant;
mod fallback;
pub mod field;
pub mod fn_value;
pub mod index;
pub mod jump;
pub mod literal;
pub mod match_arm;
pub mod method;
pub mod op_fallbacks;
pub mod range;
pub mod regroup;
pub mod returns;
pub mod reverse;
pub mod rule;
pub mod statement;
pub mod textual;
pub mod unary;

use crate::emit::{rt, table};
use proc_macro2::TokenStream;
use quote::quote;

/// The switch read for one site: the active mutant's local index in this table, as read
/// where the body (or closure) started (`emit::read_switch`).
pub fn switch(site: u32) -> TokenStream {
    let rt = rt();
    let table = table();
    let switch = crate::emit::switch();
    quote!(#rt::site(&#table, #site, #switch))
}

/// `calls` (to the runtime's probe) for `site`, run only in the coverage run and only
/// until all its replacements were seen to differ.
pub fn when_probing(site: u32, calls: TokenStream) -> TokenStream {
    let rt = rt();
    let table = table();
    quote!(if #rt::probe::probing(&#table, #site) { #calls })
}

/// Records that mutants `ks` of `site` compute something else whenever reached (a
/// literal's replacement, `!=` for `==`, a deleted `!`).
pub fn always_differ(site: u32, ks: &[u32]) -> TokenStream {
    let rt = rt();
    let table = table();
    when_probing(site, quote!(#(#rt::probe::differs(&#table, #ks);)*))
}

/// `Ok(value) => value, Err(operands) => { fell_back(); original }` for autoref fallbacks.
pub fn fallback_arms(operands: TokenStream, original: TokenStream) -> TokenStream {
    let rt = rt();
    quote! {
        ::core::result::Result::Ok(__mutate_v) => __mutate_v,
        ::core::result::Result::Err(#operands) => {
            #rt::fell_back();
            #original
        }
    }
}
