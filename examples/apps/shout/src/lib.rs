//! A proc-macro crate: `shout!(name)` is the text `"NAME!"`. Its helpers run in rustc,
//! when the crates that use the macro are built: only the tests that expand it see them,
//! but for `whisper`, which only this crate's unit tests call.

use proc_macro::TokenStream;
use quote::quote;

/// `shout!(name)` is `"NAME!"`.
#[proc_macro]
pub fn shout(input: TokenStream) -> TokenStream {
    let ident: syn::Ident = syn::parse(input).expect("an identifier");
    let text = loud(&ident.to_string(), 1);
    quote!(#text).into()
}

/// `name` in capitals, then `bangs` exclamation marks.
fn loud(name: &str, bangs: usize) -> String {
    let mut out = name.to_uppercase();
    for _ in 0..bangs {
        out.push('!');
    }
    out
}

/// Only this crate's unit tests call it.
#[cfg_attr(not(test), allow(dead_code))]
fn whisper(name: &str) -> String {
    name.to_lowercase()
}

#[cfg(test)]
mod tests {
    #[test]
    fn whispers() {
        assert_eq!(super::whisper("AB"), "ab");
    }
}

/// `shout_fn!(Name)` is `fn Name() -> &'static str`, returning `"NAME!"`, under the
/// `#[allow(non_snake_case)]` its name needs: a test crate that denies the lint builds only
/// while the macro writes it, as under `cargo test`.
#[proc_macro]
pub fn shout_fn(input: TokenStream) -> TokenStream {
    let ident: syn::Ident = syn::parse(input).expect("an identifier");
    let text = loud(&ident.to_string(), 1);
    let allow = allows_its_name().then(|| quote!(#[allow(non_snake_case)]));
    quote!(#allow fn #ident() -> &'static str { #text }).into()
}

/// Whether `shout_fn!` lets its function keep its name's case.
fn allows_its_name() -> bool {
    true
}
