//! Match-arm deletion where a wildcard arm exists: the arm gets a guard that is false
//! while the mutant is active, so its values fall through to the arms below (the wildcard
//! catches what nothing else does, so the match stays exhaustive). Not applied to the
//! wildcard arm itself, nor to arms after it (they are never reached).

use super::switch;
use crate::location;
use crate::model::Collector;
use crate::text::tidy;
use mutate_operators::Operator;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Arm, Expr, Pat};

const OPERATOR: Operator = Operator::MatchArm;

/// Whether the arm catches every value: `_` or a plain binding, with no guard. A lone
/// name is a binding only if it is not a constant or unit variant (`None`, `MAX`,
/// `Red`): by Rust's naming conventions, those start with a capital.
pub(crate) fn is_wildcard(arm: &Arm) -> bool {
    // Under `#[cfg(..)]`, it may not be compiled.
    if crate::syntax::cfg_predicates(&arm.attrs).next().is_some() {
        return false;
    }
    match &arm.pat {
        Pat::Wild(_) => true,
        Pat::Ident(i) => {
            let binding = i.by_ref.is_some()
                || i.mutability.is_some()
                || i.ident
                    .to_string()
                    .trim_start_matches("r#")
                    .starts_with(|c: char| c.is_lowercase() || c == '_');
            binding && i.subpat.is_none()
        }
        _ => false,
    }
}

/// Adds a deletion mutant to each arm before the match's wildcard arm. `written` are the
/// arms as the user wrote them (their bodies may have been rewritten since).
pub fn rewrite(c: &mut Collector, arms: &mut [Arm], written: &[Arm]) {
    if !c.wants(OPERATOR) {
        return;
    }
    let Some(wildcard) = written.iter().position(is_wildcard) else {
        return;
    };
    for (arm, as_written) in arms.iter_mut().zip(written).take(wildcard) {
        // A guard with `let` in it cannot be joined with `&&` to another condition.
        if let Pat::Guard(g) = &arm.pat
            && crate::syntax::has_let(&g.guard)
        {
            continue;
        }
        let mut bare = as_written.clone();
        bare.attrs.clear();
        let tokens = bare.to_token_stream();
        let site = c.new_site();
        let pat = match &as_written.pat {
            Pat::Guard(g) => tidy(&g.pat.to_token_stream()),
            other => tidy(&other.to_token_stream()),
        };
        let entered = c.enter_cfg(&as_written.attrs);
        let k = c.add_described(
            site,
            OPERATOR,
            location::of_tokens(&tokens),
            &tidy(&tokens),
            "",
            format!("delete match arm {pat}"),
        );
        c.leave_cfg(entered);
        // Named where the arm starts, its attributes included, as cargo-mutants names it.
        if !as_written.attrs.is_empty() {
            c.name_at(k, location::of_tokens(&as_written.to_token_stream()));
        }
        let sw = switch(site);
        let pat = std::mem::replace(&mut arm.pat, Pat::Verbatim(Default::default()));
        arm.pat = also_only_if(pat, quote!((#sw != #k)));
    }
}

/// `pat` that matches only while `condition` holds too: `condition` joined to its guard,
/// or made its guard.
pub fn also_only_if(pat: Pat, condition: TokenStream) -> Pat {
    match pat {
        Pat::Guard(mut g) => {
            let guard = &g.guard;
            *g.guard = Expr::Verbatim(quote!(#condition && (#guard)));
            Pat::Guard(g)
        }
        pat => Pat::Guard(syn::PatGuard {
            attrs: Vec::new(),
            pat: Box::new(pat),
            if_token: Default::default(),
            guard: Box::new(Expr::Verbatim(condition)),
        }),
    }
}
