//! Literals: integers to 0 and n+1 (or 0 to 1), floats to 0.0 (or 0.0 to 1.0), booleans
//! flipped, strings to "" and "xyzzy". Each replacement keeps the literal's type: same
//! suffix, and `n+1` computed by a wrapping call so context-typed literals never overflow.

use super::{always_differ, switch};
use crate::emit::rt;
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};
use syn::Lit;

pub fn rewrite(c: &mut Collector, lit: &Lit) -> Option<TokenStream> {
    let rt = rt();
    let written = lit.to_token_stream();
    let replacements: Vec<(String, TokenStream)> = match lit {
        Lit::Int(int) => {
            let value: u128 = int.base10_parse().ok()?;
            let suffix = int.suffix();
            let zero = Literal::u8_unsuffixed(0).to_string() + suffix;
            let zero: TokenStream = zero.parse().ok()?;
            if value == 0 {
                let one: TokenStream = format!("1{suffix}").parse().ok()?;
                vec![("1".into(), one)]
            } else {
                let next = value.checked_add(1)?;
                vec![
                    ("0".into(), zero),
                    (next.to_string(), quote!(#rt::succ(#written))),
                ]
            }
        }
        Lit::Float(float) => {
            let value: f64 = float.base10_parse().ok()?;
            let suffix = float.suffix();
            if value == 0.0 {
                vec![("1.0".into(), format!("1.0{suffix}").parse().ok()?)]
            } else {
                vec![("0.0".into(), format!("0.0{suffix}").parse().ok()?)]
            }
        }
        Lit::Bool(b) => {
            let flipped = !b.value;
            vec![(flipped.to_string(), quote!(#flipped))]
        }
        Lit::Str(s) => {
            let mut out = Vec::new();
            if !s.value().is_empty() {
                out.push(("\"\"".into(), quote!("")));
            }
            if s.value() != "xyzzy" {
                out.push(("\"xyzzy\"".into(), quote!("xyzzy")));
            }
            out
        }
        // Byte strings' types carry their length; chars and C strings are left alone.
        _ => return None,
    };
    if replacements.is_empty() {
        return None;
    }
    let loc = location::of_tokens(&written);
    let original = written.to_string();
    let site = c.new_site();
    let mut ks = Vec::new();
    let arms: Vec<_> = replacements
        .into_iter()
        .map(|(shown, code)| {
            let k = c.add(site, Operator::Literal, loc.clone(), &original, &shown);
            ks.push(k);
            quote!(#k => #code,)
        })
        .collect();
    let sw = switch(site);
    let probe = always_differ(site, &ks);
    Some(quote!((match #sw { #(#arms)* _ => { #probe #written } })))
}

/// A negative integer literal is one value: mutating its digits alone would make
/// `-2147483648` an out-of-range `i32`. It becomes 0.
pub fn rewrite_negative(c: &mut Collector, minus: &TokenStream, lit: &Lit) -> Option<TokenStream> {
    let written = quote!(#minus #lit);
    let site = c.new_site();
    let mut arms = Vec::new();
    let mut ks = Vec::new();
    // `-` deleted, as the unary operator elsewhere (cargo-mutants makes it here too).
    if matches!(lit, Lit::Int(_) | Lit::Float(_)) {
        let k = c.add_described(
            site,
            Operator::Unary,
            location::of_tokens(minus),
            "-",
            "",
            "delete -".into(),
        );
        ks.push(k);
        // `-128i8` without its `-` is out of range: it wraps, as written at run time, rather
        // than fail the build (the mutant is then equivalent, as on `MIN` it must be).
        arms.push(quote!(#k => {
            #[allow(overflowing_literals)]
            let __mutate_positive = #lit;
            __mutate_positive
        }));
    }
    if let Lit::Int(int) = lit
        && int.base10_parse::<u128>().ok()? != 0
    {
        let zero: TokenStream = format!("0{}", int.suffix()).parse().ok()?;
        let k = c.add(
            site,
            Operator::Literal,
            location::of_tokens(&written),
            &format!("-{}", lit.to_token_stream()),
            "0",
        );
        ks.push(k);
        arms.push(quote!(#k => #zero,));
    }
    if arms.is_empty() {
        return None;
    }
    let sw = switch(site);
    let probe = always_differ(site, &ks);
    Some(quote!((match #sw { #(#arms)* _ => { #probe #written } })))
}
