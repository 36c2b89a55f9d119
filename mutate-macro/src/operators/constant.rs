//! Constant witnesses: mutants of constant arithmetic that rustc would reject as written.
//!
//! `x >> (BITS - 1)` made `x >> (BITS + 1)` does not build: rustc's deny-by-default lints
//! (`arithmetic_overflow`, `unconditional_panic`, `overflowing_literals`) evaluate constant
//! operands and reject a shift past the width, a division by zero or an overflow. In the
//! schemata the replacement's value flows through the switch, where no lint sees it, and
//! the mutant would crash its tests instead. So each mutant of constant arithmetic is also
//! written out as text, in the place whose lint would reject it, behind a branch that never
//! runs, under `#[warn(.., reason = <mark>)]`: rustc's warning carries the mark, and the
//! driver reports the mutant unviable (`mutate_protocol::unviable_marks`).
//!
//! A witness must type as the mutated text would, or it could claim an overflow that is
//! not there: constant arithmetic is witnessed alone only where its own operands fix its
//! type (a constant, a suffixed literal, a cast), and in its context (a shift's amount, a
//! divisor) with the other operand's own value standing in.

use crate::emit::rt;
use crate::location;
use crate::model::{Collector, Mutant};
use mutate_protocol::unviable_marks::{self, Kind};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::visit_mut::{self, VisitMut};
use syn::{BinOp, Expr, Lit};

/// Whether `e` computes a constant as far as its text tells: literal numbers, constants
/// (`BITS`, `u32::MAX`, `Self::WIDTH`), casts, negation and arithmetic of those.
pub fn is_constant(e: &Expr) -> bool {
    match e {
        Expr::Lit(l) => matches!(l.lit, Lit::Int(_) | Lit::Float(_)),
        Expr::Path(p) => {
            p.qself.is_none()
                && p.path.segments.last().is_some_and(|s| {
                    s.arguments.is_none() && looks_like_a_constant(&s.ident.to_string())
                })
        }
        Expr::Paren(p) => is_constant(&p.expr),
        Expr::Group(g) => is_constant(&g.expr),
        Expr::Cast(c) => is_constant(&c.expr),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Neg(_)) && is_constant(&u.expr),
        Expr::Binary(b) => arithmetic(&b.op) && is_constant(&b.left) && is_constant(&b.right),
        _ => false,
    }
}

/// Constant arithmetic whose type its own operands fix (an unsuffixed literal takes its
/// type from the context, which a witness written alone would not have).
pub fn is_typed_constant(e: &Expr) -> bool {
    is_constant(e) && typed(e)
}

/// Binary constant arithmetic, typed by its operands: witnessed alone.
pub fn is_typed_arithmetic(e: &Expr) -> bool {
    matches!(e, Expr::Binary(b) if arithmetic(&b.op)) && is_typed_constant(e)
}

/// Binary constant arithmetic that only its context types (`31 + 60` returned as a `u8`),
/// not a shift (whose type is its left side's): witnessed against its own value as written
/// ([`in_context`]).
pub fn is_untyped_arithmetic(e: &Expr) -> bool {
    matches!(e, Expr::Binary(b) if arithmetic(&b.op) && !matches!(b.op, BinOp::Shl(_) | BinOp::Shr(_)))
        && is_constant(e)
        && !typed(e)
}

/// The operator of a binary expression (or compound assignment) whose right side, when
/// constant, rustc checks against the left side's type: a shift's amount, a divisor.
pub fn checks_right(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::Shl(_)
            | BinOp::Shr(_)
            | BinOp::Div(_)
            | BinOp::Rem(_)
            | BinOp::ShlAssign(_)
            | BinOp::ShrAssign(_)
            | BinOp::DivAssign(_)
            | BinOp::RemAssign(_)
    )
}

/// The arithmetic and bitwise operators (`binary.rs` makes their mutants, and uses the
/// witnesses here: this list is not taken from it, so the two modules stay a chain).
pub fn arithmetic(op: &BinOp) -> bool {
    matches!(
        op,
        BinOp::Add(_)
            | BinOp::Sub(_)
            | BinOp::Mul(_)
            | BinOp::Div(_)
            | BinOp::Rem(_)
            | BinOp::BitAnd(_)
            | BinOp::BitOr(_)
            | BinOp::BitXor(_)
            | BinOp::Shl(_)
            | BinOp::Shr(_)
    )
}

/// `SCREAMING_CASE`, with at least one letter.
fn looks_like_a_constant(name: &str) -> bool {
    name.chars().any(|c| c.is_ascii_uppercase())
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

fn typed(e: &Expr) -> bool {
    match e {
        Expr::Lit(l) => match &l.lit {
            Lit::Int(i) => !i.suffix().is_empty(),
            Lit::Float(f) => !f.suffix().is_empty(),
            _ => false,
        },
        Expr::Path(_) | Expr::Cast(_) => true,
        Expr::Paren(p) => typed(&p.expr),
        Expr::Group(g) => typed(&g.expr),
        Expr::Unary(u) => typed(&u.expr),
        // A shift has its left side's type; the other operators unify both sides.
        Expr::Binary(b) if matches!(b.op, BinOp::Shl(_) | BinOp::Shr(_)) => typed(&b.left),
        Expr::Binary(b) => typed(&b.left) || typed(&b.right),
        _ => false,
    }
}

/// Witnesses for the mutants `c` made from index `from` on that lie in `written` (constant,
/// as written), each written into `context` (the text around the mutated constant), after
/// the statements `prelude`.
pub fn witnesses(
    c: &Collector,
    from: usize,
    written: &Expr,
    prelude: TokenStream,
    context: impl Fn(&Expr) -> TokenStream,
) -> TokenStream {
    // The witnessed text is spanned as the user's code: rustc does not report these lints
    // in code that another crate's macro generated.
    let at = crate::syntax::first_span(&written.to_token_stream());
    let mut out = TokenStream::new();
    for k in from..c.mutants.len() {
        let Some(mutated) = mutated(written, &c.mutants[k]) else {
            continue;
        };
        let Some(id) = c.id_of(k as u32) else {
            continue;
        };
        let note = unviable_marks::note(Kind::Constant, &id);
        let text = crate::syntax::written_at(context(&mutated), at);
        // A closure no one calls: no branch on the path that runs, and the captures end
        // with the statement.
        out.extend(quote! {
            let _ = || {
                #prelude
                // Clippy reads it as the user's code too, and finds `BITS / 1` silly.
                #[allow(clippy::all, clippy::pedantic)]
                #[warn(warnings)]
                #[warn(arithmetic_overflow, unconditional_panic, overflowing_literals, reason = #note)]
                let _ = #text;
            };
        });
    }
    out
}

/// Witnesses of a constant amount or divisor (`written`, with the number of mutants made
/// before it) against the left side of `op`, a value or place borrowed as `left`: rustc
/// judges the amount by the left side's type, which a stand-in of that type carries.
pub fn against_left(
    c: &Collector,
    (written, before): (&Expr, usize),
    op: &BinOp,
    left: TokenStream,
) -> TokenStream {
    let rt = rt();
    // A local, so the witnessed text (spanned as the user's code) names no runtime path;
    // `mut` for a compound assignment.
    let stand_in = quote! {
        #[allow(unused_mut)]
        let mut __mutate_w = #rt::witness::like(&#left);
    };
    witnesses(
        c,
        before,
        written,
        stand_in,
        |m| quote!(__mutate_w #op (#m)),
    )
}

/// Witnesses of constant arithmetic that its context types (`written`, with the number of
/// mutants made before it), each mutated text in an array beside a stand-in of `value`
/// (the expression's value as written): the array gives the literals that type, as the
/// context gives the text's.
pub fn in_context(
    c: &Collector,
    (written, before): (&Expr, usize),
    value: TokenStream,
) -> TokenStream {
    let rt = rt();
    let stand_in = quote! {
        let __mutate_w = #rt::witness::like(&#value);
    };
    witnesses(c, before, written, stand_in, |m| quote!([__mutate_w, (#m)]))
}

/// `written` with mutant `m` applied as text, if `m` is an operator or literal of it.
pub fn mutated(written: &Expr, m: &Mutant) -> Option<Expr> {
    let mut edit = Edit { m, done: false };
    let mut copy = written.clone();
    edit.visit_expr_mut(&mut copy);
    edit.done.then_some(copy)
}

struct Edit<'a> {
    m: &'a Mutant,
    done: bool,
}

impl Edit<'_> {
    fn here(&self, tokens: &TokenStream, text: &str) -> bool {
        !self.done && location::of_tokens(tokens) == self.m.location && self.m.original == text
    }
}

impl VisitMut for Edit<'_> {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        match e {
            Expr::Binary(b) => {
                // A mutant shown on the whole expression (`regroup.rs`): its replacement,
                // parenthesized as it ran, parses to it.
                let whole = b.to_token_stream();
                if self.here(&whole, &crate::text::tidy(&whole))
                    && let Ok(replacement) = syn::parse_str::<Expr>(&self.m.replacement)
                {
                    *e = replacement;
                    self.done = true;
                    return;
                }
                let op = b.op.to_token_stream();
                if self.here(&op, &op.to_string().replace(' ', ""))
                    && let Ok(replacement) = syn::parse_str::<BinOp>(&self.m.replacement)
                {
                    b.op = replacement;
                    self.done = true;
                    return;
                }
            }
            Expr::Lit(l) => {
                let tokens = l.to_token_stream();
                if self.here(&tokens, &tokens.to_string())
                    && let Some(replacement) = literal(&l.lit, &self.m.replacement)
                {
                    *e = replacement;
                    self.done = true;
                    return;
                }
            }
            _ => {}
        }
        visit_mut::visit_expr_mut(self, e);
    }
}

/// The number literal `shown` replacing `lit`: the mutated text, suffix included (the
/// literal operator shows `1u64` as `1u64`).
fn literal(lit: &Lit, shown: &str) -> Option<Expr> {
    match lit {
        Lit::Int(_) | Lit::Float(_) => syn::parse_str(shown).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replaced_literal_is_the_text_shown() {
        let lit: Lit = syn::parse_str("1u64").unwrap();
        let replaced = literal(&lit, "2u64").expect("a literal");
        assert_eq!(replaced.to_token_stream().to_string(), "2u64");
    }

    fn expr(text: &str) -> Expr {
        syn::parse_str(text).unwrap()
    }

    #[test]
    fn constants_are_literals_constants_and_their_arithmetic() {
        for text in [
            "PTR_BYTES * 8 - 1",
            "u32::MAX - 1",
            "(Self::BITS as usize) / 2",
            "-1",
            "8",
        ] {
            assert!(is_constant(&expr(text)), "{text}");
        }
        for text in [
            "n * 8",
            "len() - 1",
            "x.len",
            "size_of::<u8>() * 8",
            "A && B",
        ] {
            assert!(!is_constant(&expr(text)), "{text}");
        }
    }

    #[test]
    fn only_operands_that_fix_the_type_make_it_typed() {
        for text in ["BITS - 1", "1 + BITS", "255u8 + 1", "(8 - 1) as u32"] {
            assert!(is_typed_constant(&expr(text)), "{text}");
        }
        // The literal's type comes from the context: `1 << 40` may be a `u64`.
        for text in ["1 << 40", "1 << BITS", "8 - 1"] {
            assert!(!is_typed_constant(&expr(text)), "{text}");
        }
    }

    #[test]
    fn a_shift_amount_is_witnessed_against_the_shifted_value() {
        let code = crate::placement::schemata_text(quote! {
            fn top(word: usize) -> bool { word >> (WORD_BITS - 1) == 1 }
        });
        for text in [
            "__mutate_w >> ((WORD_BITS + 1))",
            "__mutate_w >> ((WORD_BITS / 1))",
            "__mutate_w >> ((WORD_BITS - 0))",
            "[mutate unviable] constant",
        ] {
            assert!(code.contains(text), "{text} in {code}");
        }
        // `WORD_BITS - 1` alone is witnessed too, typed by the constant.
        assert!(code.contains("let _ = WORD_BITS + 1"), "{code}");
    }

    #[test]
    fn a_compound_assignment_is_witnessed_against_its_place() {
        let code = crate::placement::schemata_text(quote! {
            fn tenth(mut n: u32) -> u32 { n /= 10; n }
        });
        assert!(code.contains("let mut __mutate_w"), "{code}");
        assert!(code.contains("let _ = __mutate_w /= (0)"), "{code}");
    }

    #[test]
    fn arithmetic_typed_by_its_context_is_witnessed_beside_its_value() {
        let code = crate::placement::schemata_text(quote! {
            fn code(bright: bool) -> u8 { if bright { 31 + 60 } else { 31 } }
        });
        assert!(code.contains("let __mutate_whole"), "{code}");
        assert!(code.contains("[__mutate_w , (31 * 60)]"), "{code}");
        assert!(code.contains("[__mutate_w , (31 - 60)]"), "{code}");
    }

    #[test]
    fn arithmetic_typed_by_the_context_alone_is_not_witnessed() {
        let code = crate::placement::schemata_text(quote! {
            fn mask() -> u64 { (1 << 40) - 1 }
        });
        // `1 << 40` would be an `i32` alone; its amount is witnessed against the `1`.
        assert!(!code.contains("let _ = (1 << 40) +"), "{code}");
        assert!(code.contains("let _ = __mutate_w << (41)"), "{code}");
    }
}
