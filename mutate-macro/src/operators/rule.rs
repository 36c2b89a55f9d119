//! The user's rules (`[[package.metadata.mutate.rules]]`, see `mutate_operators::rules`):
//! each rule whose `match` template fits an expression as written makes one mutant there,
//! the expression replaced by the rule's `replace` with the same metavariables.
//!
//! Matched before the expression's children are rewritten (templates are about code as
//! written), and made into a site after them, around whatever site the expression has
//! of its own. The replacement's tokens, the matched code's too, are all located at the
//! expression's first token: a replacement that does not type-check is listed there by
//! the rebuild net, which this site claims before its children can.

use super::switch;
use crate::location::{self, Location};
use crate::model::{Collector, NEVER};
use crate::syntax;
use mutate_operators::rules::{Bindings, Rule};
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::Expr;

/// The rules that fit an expression, found before its children were rewritten.
pub struct Found {
    matched: Vec<(Rule, Bindings)>,
    /// The expression as written, as reports show it.
    written: String,
    location: Location,
    at: Span,
    /// rustc's message where the driver's last build failed in this site's code.
    unviable: Option<&'static str>,
}

/// The selected rules whose templates fit `e`, as written.
pub fn find(c: &Collector, e: &Expr) -> Option<Found> {
    let matched: Vec<(Rule, Bindings)> = crate::user_rules::with_all(|rules| {
        rules
            .iter()
            .filter(|rule| c.wants_rule(&rule.name))
            .filter_map(|rule| rule.matches(e).map(|b| (rule.clone(), b)))
            .collect()
    });
    if matched.is_empty() {
        return None;
    }
    let tokens = e.to_token_stream();
    let at = syntax::first_span(&tokens);
    let unviable = if crate::build_errors::any() {
        let start = location::start(at);
        crate::build_errors::claim_site(&location::file_of(at), start, start, start)
    } else {
        None
    };
    Some(Found {
        matched,
        written: crate::text::tidy(&tokens),
        location: location::of_tokens(&tokens),
        at,
        unviable,
    })
}

/// The site: one arm per rule, `original` (the expression, its children rewritten) last.
/// `None` where its code did not build: the mutants are listed, unviable, and the
/// expression stays as it is.
pub fn site(c: &mut Collector, found: Found, original: TokenStream) -> Option<(TokenStream, Span)> {
    let site = c.new_site();
    let first = c.mutants.len();
    let mut arms = Vec::new();
    for (rule, bindings) in &found.matched {
        let replacement = rule.replacement(bindings);
        let text = crate::text::tidy(&replacement);
        let k = c.add_rule(
            site,
            &rule.name,
            found.location.clone(),
            &found.written,
            &text,
        );
        if k != NEVER {
            let replacement = syntax::all_located_at(replacement, found.at);
            arms.push(quote!(#k => (#replacement),));
        }
    }
    if let Some(message) = found.unviable {
        c.unviable_since(first, message);
        return None;
    }
    if arms.is_empty() {
        return None;
    }
    let sw = switch(site);
    Some((quote!((match #sw { #(#arms)* _ => #original })), found.at))
}
