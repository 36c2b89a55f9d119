//! A field deleted from a struct expression that has a base (`S { a: 1, ..base }`): the
//! field then takes the base's value, so the mutant always builds (builders written as
//! `Self { width, ..self }` are where this bites). Fields under `#[cfg]` are left alone.

use super::switch;
use crate::location;
use crate::model::Collector;
use crate::text::tidy;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{ExprStruct, Member};

const OPERATOR: Operator = Operator::Field;

/// Each field of a struct expression as written, with its comma, with its location and
/// text: read before its value is rewritten into schemata code, whose tokens are located
/// elsewhere. The comma goes with the deletion: `S { a, ..base }` becomes `S { ..base }`.
pub fn written(e: &ExprStruct) -> Vec<(location::Location, String)> {
    e.fields
        .pairs()
        .map(|field| {
            let tokens = field.to_token_stream();
            (
                location::of_tokens(&tokens),
                tidy(&tokens).trim_end().to_owned(),
            )
        })
        .collect()
}

/// Schemata for a struct expression with a base whose fields were already rewritten: one
/// arm per field, each building the struct without it. `written`: its fields as written
/// ([`written`]), which is what a deletion shows.
pub fn rewrite(
    c: &mut Collector,
    e: &ExprStruct,
    written: &[(location::Location, String)],
) -> Option<TokenStream> {
    if e.rest.is_none() || !c.wants(OPERATOR) {
        return None;
    }
    let deletable: Vec<usize> = (0..e.fields.len())
        .filter(|&i| e.fields[i].attrs.is_empty())
        .collect();
    if deletable.is_empty() {
        return None;
    }
    let site = c.new_site();
    let ty = tidy(&e.path.to_token_stream());
    let arms: Vec<TokenStream> = deletable
        .into_iter()
        .map(|i| {
            let field = &e.fields[i];
            let name = match &field.member {
                Member::Named(ident) => ident.to_string(),
                Member::Unnamed(index) => index.index.to_string(),
            };
            // The same struct expression as written: one entry per field.
            let (location, text) = written[i].clone();
            let k = c.add_described(
                site,
                OPERATOR,
                location,
                &text,
                "",
                format!("delete field {name} from struct {ty} expression"),
            );
            let mut without = e.clone();
            without.fields = e
                .fields
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, f)| f.clone())
                .collect();
            // A comma before `..base`, or `true ..self` would read as a range.
            if !without.fields.empty_or_trailing() {
                without.fields.push_punct(Default::default());
            }
            quote!(#k => #without,)
        })
        .collect();
    let sw = switch(site);
    Some(quote!((match #sw { #(#arms)* _ => #e })))
}

#[cfg(test)]
mod tests {
    use super::written;
    use quote::ToTokens;

    /// Deleted as shown, a field leaves a struct expression that parses: its comma goes too.
    #[test]
    fn a_field_is_shown_with_its_comma() {
        let e: syn::ExprStruct = syn::parse_str("S { alpha, b: 1, ..base }").unwrap();
        let whole = crate::text::tidy(&e.to_token_stream());
        for (_, text) in written(&e) {
            assert!(text.ends_with(','), "{text}");
            let without = whole.replacen(text.as_str(), "", 1);
            assert!(
                syn::parse_str::<syn::ExprStruct>(&without).is_ok(),
                "{without}"
            );
        }
    }
}
