//! `break` <-> `continue`, only where the swap means the same loop.

use super::switch;
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

/// `keyword` is the jump's keyword and label as written, `written` the whole jump (a
/// `break` with a value has no jump mutant: `rewrite/control.rs`).
pub fn rewrite(
    c: &mut Collector,
    keyword: &TokenStream,
    written: &TokenStream,
    replacement: TokenStream,
) -> TokenStream {
    let site = c.new_site();
    let original = crate::text::tidy(keyword);
    let shown = crate::text::tidy(&replacement);
    let k = c.add(
        site,
        Operator::Jump,
        location::of_tokens(keyword),
        &original,
        &shown,
    );
    let sw = switch(site);
    let written = written.to_token_stream();
    quote!((match #sw { #k => #replacement, _ => #written }))
}
