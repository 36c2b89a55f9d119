//! Index witnesses: an index that is constant as its text tells (`b[15]`, `b[LEN - 1]`),
//! mutated past the array's end (`b[16]`, `b[LEN + 1]`), does not build as text: rustc's
//! deny-by-default `unconditional_panic` knows an array's length from its type. In the
//! schemata the index flows through the switch, where no lint sees it, and the mutant
//! would panic its tests instead. So each mutant of such an index is also written out
//! against what it indexes, `&base[16]`, in a closure no one calls, under `#[warn(..,
//! reason = <mark>)]`: rustc's warning carries the mark, and the driver reports the mutant
//! unviable (`mutate_protocol::unviable_marks`). On a slice or a `Vec`, whose length rustc
//! does not know, nothing is said and the mutant runs.
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
/// places or constants (`m[1][15]`). Anything else (a call, a method) is not witnessed: a
/// borrow taken once more would call it again.
pub fn plain_base(base: &Expr) -> bool {
    match base {
        Expr::Path(_) => true,
        Expr::Field(f) => plain_base(&f.base),
        Expr::Paren(p) => plain_base(&p.expr),
        Expr::Group(g) => plain_base(&g.expr),
        Expr::Unary(u) => matches!(u.op, syn::UnOp::Deref(_)) && plain_base(&u.expr),
        Expr::Index(i) => {
            plain_base(&i.expr) && (plain_base(&i.index) || super::constant::is_constant(&i.index))
        }
        _ => false,
    }
}

/// Witnesses for the mutants `c` made from index `from` on that lie in `index` (constant,
/// indexing `base`, both as written): each mutated index written against the base. A
/// literal made smaller (`15` made `0`) cannot index past the end where the literal did
/// not, and is left out. Mutants the rebuild net made unviable are left out too: their
/// site is written as the user wrote it.
pub fn witnesses(c: &Collector, from: usize, index: &Expr, base: &Expr) -> TokenStream {
    let Some(at) = index.to_token_stream().into_iter().next().map(|t| t.span()) else {
        return TokenStream::new();
    };
    // Spanned as the index, in the binding and in its use, so that both resolve alike
    // (a function a `macro_rules!` wrote has that macro's hygiene) and the lint reports
    // at the user's code.
    let indexed = Ident::new("__mutate_indexed", at);
    let mut out = TokenStream::new();
    for k in from..c.mutants.len() {
        let m = &c.mutants[k];
        if m.build_error.is_some() {
            continue;
        }
        let Some(mutated) = super::constant::mutated(index, m) else {
            continue;
        };
        if smaller_literal(index, &mutated) {
            continue;
        }
        let Some(id) = c.id_of(k as u32) else {
            continue;
        };
        let note = unviable_marks::note(Kind::Index, &id);
        let text = crate::syntax::written_at(quote!(&#indexed[#mutated]), at);
        out.extend(quote! {
            let _ = {
                let #indexed = &(#base);
                // A closure no one calls: the lint reads it, nothing runs it.
                move || {
                    #[allow(clippy::all, clippy::pedantic)]
                    #[warn(warnings)]
                    #[warn(unconditional_panic, arithmetic_overflow, reason = #note)]
                    let _ = #text;
                }
            };
        });
    }
    out
}

/// Whether `mutated` is an integer literal no larger than `written`, also one.
fn smaller_literal(written: &Expr, mutated: &Expr) -> bool {
    let value = |e: &Expr| match e {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(int), ..
        }) => int.base10_parse::<u128>().ok(),
        _ => None,
    };
    matches!((value(written), value(mutated)), (Some(w), Some(m)) if m <= w)
}

/// Whether visiting `e` may leave witnesses to be put before it: an expression whose
/// operand is a place written or borrowed mutably (see the module's comment).
pub fn takes_place_mutably(e: &Expr) -> bool {
    match e {
        Expr::Assign(a) => !crate::syntax::is_destructuring(&a.left),
        Expr::Binary(b) => super::binary::is_compound(&b.op),
        Expr::Reference(r) => r.mutability.is_some(),
        Expr::RawAddr(r) => matches!(r.mutability, syn::PointerMutability::Mut(_)),
        Expr::MethodCall(_) => true,
        _ => false,
    }
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
    fn a_read_index_is_witnessed_in_place() {
        let code = crate::placement::schemata_text(quote! {
            fn last(words: [u32; 4]) -> u32 { words[3] }
        });
        let witness = code.find("__mutate_indexed = & (words)").expect(&code);
        let index = code.find("words [").expect(&code);
        assert!(index < witness, "{code}");
        assert!(code.contains("& __mutate_indexed [4]"), "{code}");
        // `3` made `0` cannot index past the end where `3` did not.
        assert!(!code.contains("& __mutate_indexed [0]"), "{code}");
    }

    #[test]
    fn a_written_index_is_witnessed_before_the_assignment() {
        let code = crate::placement::schemata_text(quote! {
            fn first(v: &mut Vec<u32>) { v[0] = 1; }
        });
        let witness = code.find("__mutate_indexed = & (v)").expect(&code);
        let index = code.find("v [").expect(&code);
        assert!(witness < index, "{code}");
        assert!(code.contains("& __mutate_indexed [1]"), "{code}");
    }

    #[test]
    fn a_constant_index_is_witnessed_mutated() {
        let code = crate::placement::schemata_text(quote! {
            fn last(words: [u32; LEN]) -> u32 { words[LEN - 1] }
        });
        for text in ["[LEN + 1]", "[LEN / 1]", "[LEN - 0]", "[LEN - 2]"] {
            assert!(
                code.contains(&format!("& __mutate_indexed {text}")),
                "{text} in {code}"
            );
        }
    }

    #[test]
    fn an_index_into_a_call_is_not_witnessed() {
        let code = crate::placement::schemata_text(quote! {
            fn first(s: &S) -> u32 { s.words()[3] }
        });
        assert!(!code.contains("__mutate_indexed"), "{code}");
    }
}
