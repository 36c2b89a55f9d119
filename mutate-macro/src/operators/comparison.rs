//! A comparison with an integer literal, its operator replaced, can compare beyond the
//! other side's type (`len > 0` made `len >= 0`, always true for an unsigned `len`):
//! rustc's `unused_comparisons` warns of its text, and a crate that denies warnings
//! (`#![cfg_attr(test, deny(warnings))]`) does not build it under `cargo test`. In the
//! driver's builds each such mutant's arm writes its comparison once more, literal and
//! all, under `unused_comparisons` at `warn` with a reason that marks the mutant
//! (`mutate_protocol::unviable_marks`); the driver reads back whether the crate denies
//! warnings (`denied_warnings.rs`) and only then reports it unviable. The literal's own
//! mutants (`1` made `0` in `n >= 1`) are witnessed the same way, by the comparison.

use super::regroup::Side;
use crate::location;
use crate::model::{Collector, MadeBy};
use crate::syntax::first_span;
use mutate_operators::Operator;
use mutate_protocol::unviable_marks::{self, Kind};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Expr, ExprBinary, Lit, UnOp};

/// The side of a comparison that is an integer literal (`0`, `-1`), as written.
pub struct Literal {
    side: Side,
    tokens: TokenStream,
    /// How many mutants the function had before the comparison's operands were rewritten:
    /// the literal's own are among those after.
    mutants_before: usize,
}

/// The integer literal operand of `b` as written, if it is a comparison with one, in a
/// driver's build (only there is the mark read); `mutants_before`: the function's mutants
/// so far, before `b`'s operands are rewritten.
pub fn literal_operand(b: &ExprBinary, mutants_before: usize) -> Option<Literal> {
    use syn::BinOp::*;
    if !matches!(b.op, Lt(_) | Le(_) | Gt(_) | Ge(_) | Eq(_) | Ne(_))
        || !crate::build_errors::driver_build()
    {
        return None;
    }
    let (side, operand) = if is_integer(&b.right) {
        (Side::Right, &b.right)
    } else if is_integer(&b.left) {
        (Side::Left, &b.left)
    } else {
        return None;
    };
    Some(Literal {
        side,
        tokens: operand.to_token_stream(),
        mutants_before,
    })
}

fn is_integer(e: &Expr) -> bool {
    match crate::syntax::strip_parens(e) {
        Expr::Lit(l) => {
            matches!(&l.lit, Lit::Int(int) if !crate::syntax::is_float_suffixed(int))
        }
        Expr::Unary(u) if matches!(u.op, UnOp::Neg(_)) => is_integer(&u.expr),
        _ => false,
    }
}

/// The witnesses of the literal's own mutants (`1` made `0` in `n >= 1`), each the
/// comparison by `op` (as written) with the literal replaced, to be put where they never
/// run.
pub fn literal_witnesses(c: &Collector, literal: &Literal, op: &TokenStream) -> TokenStream {
    let at = location::of_tokens(&literal.tokens);
    let mut out = TokenStream::new();
    // Only the mutants made since the operands were: a scan of the whole function's at
    // each comparison would be quadratic in a long one (unicase's lookup table).
    for (k, m) in c.mutants.iter().enumerate().skip(literal.mutants_before) {
        if m.operator != MadeBy::Operator(Operator::Literal) || m.location != at {
            continue;
        }
        let (Ok(replaced), Some(id)) = (m.replacement.parse::<TokenStream>(), c.id_of(k as u32))
        else {
            continue;
        };
        let replaced = Literal {
            tokens: crate::syntax::written_at(replaced, first_span(&literal.tokens)),
            ..*literal
        };
        out.extend(witness(&replaced, op, &id));
    }
    out
}

/// The comparison by `op` of the other operand (bound by reference in the site's code,
/// `binary::relational_site`) with the literal, which rustc lints as it does the mutant's
/// text, marking mutant `id`.
pub fn witness(literal: &Literal, op: &TokenStream, id: &str) -> TokenStream {
    let note = unviable_marks::note(Kind::Comparison, id);
    let lit = &literal.tokens;
    let compared = match literal.side {
        Side::Right => quote!(*__mutate_l #op #lit),
        Side::Left => quote!(#lit #op *__mutate_r),
    };
    // As the user's code: rustc keeps most lints quiet in another crate's macro output.
    let compared = crate::syntax::written_at(compared, first_span(lit));
    // `warnings` at `warn` first, as for a literal's range (`literal.rs`), which also
    // says whether a replaced literal is out of its type's range (not here, again).
    quote! {
        #[warn(warnings)]
        #[allow(overflowing_literals)]
        #[warn(unused_comparisons, reason = #note)]
        let _ = #compared;
    }
}
