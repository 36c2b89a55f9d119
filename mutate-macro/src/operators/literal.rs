//! Literals: integers to 0 and n+1 (or 0 to 1), floats to 0.0 (or 0.0 to 1.0), booleans
//! flipped, strings to "" and "xyzzy". Each replacement keeps the literal's type: same
//! suffix, and `n+1` computed by a wrapping call so context-typed literals never overflow.
//! Where `n` is the largest value of some integer type, `n+1` is written as a literal
//! under a lint level that marks the mutant unviable where the context gives it that type
//! (`255` as a `u8`: the text `256` does not build), as `cargo test` would find it.
//!
//! A literal under `&` (`unwrap_or(&0)`) is a constant that rustc promotes to a `'static`
//! value; a `&` of a `match` is a temporary, which a returned reference cannot hold. There
//! the `&` goes into every arm (`&1`, `&0`), each promoted as written, and `n+1` is written
//! as a literal (not made where `n` is the largest value of an integer type, which `n+1`
//! may overflow).

use super::{always_differ, switch};
use crate::emit::rt;
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use mutate_protocol::unviable_marks::{self, Kind};
use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};
use syn::Lit;

/// The site of a literal; `reference`: the `&` it is under, if any, put in every arm.
pub fn rewrite(
    c: &mut Collector,
    lit: &Lit,
    reference: Option<&TokenStream>,
) -> Option<TokenStream> {
    let rt = rt();
    let written = lit.to_token_stream();
    // Each replacement as shown, its code, and whether rustc is to judge its range.
    let replacements: Vec<(String, TokenStream, bool)> = match lit {
        // `2f64` is a float, which has no `n+1` here: 0 (or 1), as any float.
        Lit::Int(int) if crate::syntax::is_float_suffixed(int) => {
            let value: u128 = int.base10_parse().ok()?;
            let shown = format!("{}{}", u8::from(value == 0), int.suffix());
            vec![(shown.clone(), shown.parse().ok()?, false)]
        }
        Lit::Int(int) => {
            let value: u128 = int.base10_parse().ok()?;
            // Shown with the suffix, as the code is: `0 .. 0` is not `0 .. 0u8`; and in the
            // base it is written in (`0x100000001b3` becomes `0x100000001b4`, not
            // `1099511628212`), but for 0.
            let suffix = int.suffix();
            let written_in = int.to_string();
            let suffixed = |n: u128| format!("{}{suffix}", in_base_of(&written_in, n));
            let zero = Literal::u8_unsuffixed(0).to_string() + suffix;
            let zero: TokenStream = zero.parse().ok()?;
            if value == 0 {
                vec![(suffixed(1), suffixed(1).parse().ok()?, false)]
            } else {
                let next = value.checked_add(1)?;
                let mut replacements = vec![(suffixed(0), zero, false)];
                let literal: TokenStream = suffixed(next).parse().ok()?;
                match reference {
                    None if is_a_maximum(value) => {
                        let written_next = crate::syntax::written_at(literal, int.span());
                        replacements.push((suffixed(next), written_next, true))
                    }
                    None => replacements.push((suffixed(next), quote!(#rt::succ(#written)), false)),
                    Some(_) if !is_a_maximum(value) => {
                        replacements.push((suffixed(next), literal, false))
                    }
                    Some(_) => {}
                }
                replacements
            }
        }
        Lit::Float(float) => {
            let value: f64 = float.base10_parse().ok()?;
            let suffix = float.suffix();
            let replacement = if value == 0.0 { "1.0" } else { "0.0" };
            let shown = format!("{replacement}{suffix}");
            vec![(shown.clone(), shown.parse().ok()?, false)]
        }
        Lit::Bool(b) => {
            let flipped = !b.value;
            vec![(flipped.to_string(), quote!(#flipped), false)]
        }
        Lit::Str(s) => {
            let mut out = Vec::new();
            if !s.value().is_empty() {
                out.push(("\"\"".into(), quote!(""), false));
            }
            if s.value() != "xyzzy" {
                out.push(("\"xyzzy\"".into(), quote!("xyzzy"), false));
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
        .map(|(shown, code, ranged)| {
            let k = c.add(site, Operator::Literal, loc.clone(), &original, &shown);
            ks.push(k);
            let code = match (ranged, c.id_of(k)) {
                (true, Some(id)) => in_range(&code, &id),
                // No id (the mutant is not selected): its arm never runs.
                (true, None) => quote!(#rt::succ(#written)),
                (false, _) => code,
            };
            quote!(#k => #reference #code,)
        })
        .collect();
    let sw = switch(site);
    let probe = always_differ(site, &ks);
    Some(quote!((match #sw { #(#arms)* _ => { #probe #reference #written } })))
}

/// `literal` (`256`, written as the user's code, so that rustc lints it) in a `let` under
/// `overflowing_literals` at `warn` with a reason that marks mutant `id` unviable: where the
/// context types it out of its range, rustc says so, and the driver does not run it (the
/// build goes on: the driver's builds cap lints at `warn`).
fn in_range(literal: &TokenStream, id: &str) -> TokenStream {
    let note = unviable_marks::note(Kind::Range, id);
    // `warnings` at `warn` first: a crate's `#![deny(warnings)]` would make the warning an
    // error again.
    quote!({
        #[warn(warnings)]
        #[warn(overflowing_literals, reason = #note)]
        let __mutate_next = #literal;
        __mutate_next
    })
}

/// Whether an integer is the largest value of some integer type (`i8` to `u128`), where
/// one more may overflow that type.
fn is_a_maximum(value: u128) -> bool {
    [7, 8, 15, 16, 31, 32, 63, 64, 127, 128]
        .iter()
        .any(|bits| value == u128::MAX >> (128 - bits))
}

/// A negative integer literal is one value: mutating its digits alone would make
/// `-2147483648` an out-of-range `i32`. It becomes 0. `reference`: as for [`rewrite`].
pub fn rewrite_negative(
    c: &mut Collector,
    minus: &TokenStream,
    lit: &Lit,
    reference: Option<&TokenStream>,
) -> Option<TokenStream> {
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
        arms.push(match reference {
            None => quote!(#k => {
                #[allow(overflowing_literals)]
                let __mutate_positive = #lit;
                __mutate_positive
            }),
            Some(reference) => quote! {
                #[allow(overflowing_literals)]
                #k => #reference #lit,
            },
        });
    }
    if let Lit::Int(int) = lit
        && int.base10_parse::<u128>().ok()? != 0
    {
        let shown = format!("0{}", int.suffix());
        let zero: TokenStream = shown.parse().ok()?;
        let k = c.add(
            site,
            Operator::Literal,
            location::of_tokens(&written),
            &format!("-{}", lit.to_token_stream()),
            &shown,
        );
        ks.push(k);
        arms.push(quote!(#k => #reference #zero,));
    }
    if arms.is_empty() {
        return None;
    }
    let sw = switch(site);
    let probe = always_differ(site, &ks);
    Some(quote!((match #sw { #(#arms)* _ => { #probe #reference #written } })))
}

/// `n` written in the base of the literal written as `written` (`0x`, `0o`, `0b`, with
/// hexadecimal digits in its case); 0 as `0`.
fn in_base_of(written: &str, n: u128) -> String {
    let digits = written.get(2..).unwrap_or("");
    match written.get(..2) {
        _ if n == 0 => "0".to_owned(),
        Some("0x") if digits.chars().any(|c| c.is_ascii_uppercase()) => {
            format!("0x{n:X}")
        }
        Some("0x") => format!("0x{n:x}"),
        Some("0o") => format!("0o{n:o}"),
        Some("0b") => format!("0b{n:b}"),
        _ => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_is_replaced_in_the_base_it_is_written_in() {
        assert_eq!(in_base_of("0x100000001b3", 0x100000001b4), "0x100000001b4");
        assert_eq!(in_base_of("0xFFu8", 0x100), "0x100");
        assert_eq!(in_base_of("0xABCDu16", 0xABCE), "0xABCE");
        assert_eq!(in_base_of("0o17", 0o20), "0o20");
        assert_eq!(in_base_of("0b00_01_10_11", 28), "0b11100");
        assert_eq!(in_base_of("1_000", 1001), "1001");
        assert_eq!(in_base_of("0x10", 0), "0");
    }

    #[test]
    fn the_largest_values_of_integer_types() {
        for max in [127, 255, 32767, 65535, u64::MAX as u128, i128::MAX as u128] {
            assert!(is_a_maximum(max), "{max}");
        }
        for other in [0, 1, 128, 511, 1000, 65534] {
            assert!(!is_a_maximum(other), "{other}");
        }
    }
}
