//! Conditions: `if` forced true or false, `while` forced false, match guards forced true
//! or false. The original condition is not evaluated when forced.

use super::{switch, when_probing};
use crate::emit::{rt, table};
use crate::location;
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::Expr;

#[derive(Clone, Copy)]
pub enum Kind {
    If,
    While,
    Guard,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::If => "if condition",
            Kind::While => "while condition",
            Kind::Guard => "match guard",
        }
    }

    fn forced(self) -> &'static [bool] {
        match self {
            Kind::If | Kind::Guard => &[true, false],
            // Forcing a loop condition true only makes a mutant that cannot end.
            Kind::While => &[false],
        }
    }
}

/// `cond` was already rewritten; `written` is the condition as the user wrote it.
pub fn rewrite(c: &mut Collector, kind: Kind, cond: &Expr, written: &TokenStream) -> TokenStream {
    let loc = location::of_tokens(written);
    let original = crate::text::tidy(written);
    let site = c.new_site();
    let mut forced = Vec::new();
    let arms: Vec<_> = kind
        .forced()
        .iter()
        .map(|value| {
            // A guard is named by its text, as cargo-mutants names it.
            let change = match kind {
                Kind::Guard => format!("replace {} {original} with {value}", kind.name()),
                _ => format!("replace {} with {value}", kind.name()),
            };
            let k = c.add_described(
                site,
                Operator::Condition,
                loc.clone(),
                &original,
                &value.to_string(),
                change,
            );
            forced.push(quote!((#k, #value)));
            quote!(#k => #value,)
        })
        .collect();
    let sw = switch(site);
    let cond = cond.to_token_stream();
    let (rt, table) = (rt(), table());
    let probe = when_probing(
        site,
        quote!(#rt::probe::forced(&#table, __mutate_c, &[#(#forced),*]);),
    );
    // As a logical operator's sides: a condition in parentheses as written would be warned
    // of here as an assigned value.
    quote!(match #sw {
        #(#arms)*
        _ => {
            #[allow(unused_parens)]
            let __mutate_c: bool = #cond;
            #probe
            __mutate_c
        }
    })
}
