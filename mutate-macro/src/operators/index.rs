//! Index witnesses: an integer literal that indexes an array (`b[15]`), made one past the
//! array's end (`b[16]`), does not build as text: rustc's deny-by-default
//! `unconditional_panic` knows an array's length from its type. In the schemata the index
//! flows through the switch, where no lint sees it, and the mutant would panic its tests
//! instead. So each such replacement is also written out against what it indexes,
//! `&base[16]`, in a closure no one calls, under `#[warn(.., reason = <mark>)]`: rustc's
//! warning carries the mark, and the driver reports the mutant unviable
//! (`mutate_protocol::unviable_marks`). On a slice or a `Vec`, whose length rustc does
//! not know, nothing is said and the mutant runs.
//!
//! The witness borrows the base (a reference to it, taken where the witness stands, which
//! the closure copies in: in any edition it holds exactly that place, never all of
//! `self`). It must stand where the text itself may borrow the base. Where the index is
//! read (`x = b[15]`, `&b[15]`, an argument), that is inside the index: the text borrows
//! or reads the base there too. Where it is a place being written or borrowed mutably
//! (`v[0] = x`, `v[0] += 1`, `&mut v[0]`, a method's receiver, which may take `&mut`), a
//! `Vec`'s `IndexMut` holds the base mutably while the index is evaluated, and a borrow
//! there would not build: the witness goes before that whole expression instead
//! (`rewrite.rs` hoists it).

use crate::model::Collector;
use mutate_protocol::unviable_marks::{self, Kind};
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::{Expr, Lit};

/// Whether `base`, as written, names a place whose borrow runs no code of note: a path or
/// field chain (`b`, `self.state.words`), through parentheses, `*`, and indexes by such
/// places or literals (`m[1][15]`). Anything else (a call, a method) is not witnessed: a
/// borrow taken once more would call it again.
pub fn plain_base(base: &Expr) -> bool {
    match base {
        Expr::Path(_) => true,
        Expr::Field(f) => plain_base(&f.base),
        Expr::Paren(p) => plain_base(&p.expr),
        Expr::Group(g) => plain_base(&g.expr),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Deref(_)) && plain_base(&u.expr),
        Expr::Index(i) => plain_base(&i.expr) && (plain_base(&i.index) || is_literal(&i.index)),
        _ => false,
    }
}

/// An integer literal, as an index is written.
pub fn integer(index: &Expr) -> Option<&syn::LitInt> {
    match index {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(int), ..
        }) => Some(int),
        _ => None,
    }
}

fn is_literal(e: &Expr) -> bool {
    integer(e).is_some()
}

/// Witnesses for the mutants `c` made from index `from` on that replace `index` (an
/// integer literal indexing `base`, both as written) with a larger integer; empty where
/// there are none. Mutants the rebuild net made unviable are left out: their site is
/// written as the user wrote it.
pub fn witnesses(c: &Collector, from: usize, index: &syn::LitInt, base: &Expr) -> TokenStream {
    let Ok(written) = index.base10_parse::<u128>() else {
        return TokenStream::new();
    };
    let at = index.span();
    // Spanned as the literal, in the binding and in its use, so that both resolve alike
    // (a function a `macro_rules!` wrote has that macro's hygiene) and the lint reports
    // at the user's code.
    let indexed = Ident::new("__mutate_indexed", at);
    let mut out = TokenStream::new();
    for k in from..c.mutants.len() {
        let m = &c.mutants[k];
        let larger = m.build_error.is_none()
            && m.replacement
                .strip_suffix(index.suffix())
                .and_then(|n| n.parse::<u128>().ok())
                .is_some_and(|n| n > written);
        if !larger {
            continue;
        }
        let Some(id) = c.id_of(k as u32) else {
            continue;
        };
        let Ok(replaced) = m.replacement.parse::<TokenStream>() else {
            continue;
        };
        let note = unviable_marks::note(Kind::Index, &id);
        let text = crate::syntax::written_at(quote!(&#indexed[#replaced]), at);
        out.extend(quote! {
            let _ = {
                let #indexed = &(#base);
                // A closure no one calls: the lint reads it, nothing runs it.
                move || {
                    #[allow(clippy::all, clippy::pedantic)]
                    #[warn(warnings)]
                    #[warn(unconditional_panic, reason = #note)]
                    let _ = #text;
                }
            };
        });
    }
    out
}

/// Whether visiting `e` may leave witnesses to be put before it: an expression whose
/// operand is a place written or borrowed mutably (see the module's comment).
pub fn takes_place_mutably(e: &Expr) -> bool {
    match e {
        Expr::Assign(a) => !crate::syntax::is_destructuring(&a.left),
        Expr::Binary(b) => is_compound(&b.op),
        Expr::Reference(r) => r.mutability.is_some(),
        Expr::RawAddr(r) => matches!(r.mutability, syn::PointerMutability::Mut(_)),
        Expr::MethodCall(_) => true,
        _ => false,
    }
}

/// A compound assignment's operator (`+=`, `<<=`...).
pub fn is_compound(op: &syn::BinOp) -> bool {
    op.to_token_stream().to_string().ends_with('=')
        && !matches!(
            op,
            syn::BinOp::Eq(_) | syn::BinOp::Ne(_) | syn::BinOp::Le(_) | syn::BinOp::Ge(_)
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expr(text: &str) -> Expr {
        syn::parse_str(text).unwrap()
    }

    #[test]
    fn places_that_run_no_code_are_plain() {
        for text in [
            "b",
            "self.state.words",
            "(*r).x",
            "m[1]",
            "m[i].row",
            "Self::TABLE",
        ] {
            assert!(plain_base(&expr(text)), "{text}");
        }
        for text in ["f()", "self.words()", "m[i + 1]", "v.iter().x"] {
            assert!(!plain_base(&expr(text)), "{text}");
        }
    }

    #[test]
    fn compound_operators_are_told_from_comparisons() {
        for text in ["a += 1", "a <<= 1", "a |= b"] {
            let Expr::Binary(b) = expr(text) else {
                panic!()
            };
            assert!(is_compound(&b.op), "{text}");
        }
        for text in ["a == 1", "a <= 1", "a >= b", "a != b", "a + b"] {
            let Expr::Binary(b) = expr(text) else {
                panic!()
            };
            assert!(!is_compound(&b.op), "{text}");
        }
    }
}
