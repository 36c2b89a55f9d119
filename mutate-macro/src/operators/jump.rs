//! `break` <-> `continue`, only where the swap means the same loop.

use super::switch;
use crate::location;
use crate::model::Collector;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

pub fn rewrite(
    c: &mut Collector,
    written: &TokenStream,
    original: &str,
    replacement: TokenStream,
) -> TokenStream {
    let site = c.new_site();
    let shown = crate::model::tidy(&replacement);
    let k = c.add(site, "jump", location::of_tokens(written), original, &shown);
    let sw = switch(site);
    let written = written.to_token_stream();
    quote!((match #sw { #k => #replacement, _ => #written }))
}
