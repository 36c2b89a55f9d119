//! `a..b` <-> `a..=b` in a `for` loop's head. The two std range types differ, so the loop
//! iterates a `SwitchRange` that is one or the other at run time.

use super::switch;
use crate::emit::rt;
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{ExprRange, RangeLimits};

pub fn rewrite(c: &mut Collector, range: &ExprRange) -> Option<TokenStream> {
    let (Some(start), Some(end)) = (&range.start, &range.end) else {
        return None;
    };
    let inclusive = matches!(range.limits, RangeLimits::Closed(_));
    let (original, replacement) = if inclusive {
        ("..=", "..")
    } else {
        ("..", "..=")
    };
    let limits = range.limits.to_token_stream();
    let site = c.new_site();
    let k = c.add(
        site,
        Operator::Range,
        location::of_tokens(&limits),
        original,
        replacement,
    );
    let mutant_inclusive = !inclusive;
    let rt = rt();
    let sw = switch(site);
    Some(quote! {
        #rt::SwitchRange::new(
            match #sw { #k => #mutant_inclusive, _ => #inclusive },
            #start,
            #end,
        )
    })
}
