//! A bound on the loops of a constant's mutant. rustc computes a constant when it builds
//! the crate, and a mutant of a loop's step (`c += 1` made `c *= 1`) may never end: rustc
//! would compute it forever, as the driver's builds cap lints at warnings and the lint
//! that ends a long computation (`long_running_const_eval`) is one. Each `while` and
//! `loop` of a mutant's text counts its rounds and panics past [`ROUNDS`]: the build
//! fails there, at the mutant's own place, and the rebuild net finds it unviable, as for
//! an overflow. The constant as written is never touched.

use proc_macro2::TokenStream;
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, parse_quote};

/// Rounds of one loop a mutant's constant may run: past what a table or a mask takes
/// (hundreds; a table of every `u16`, 65,536), short of what takes rustc long: a million
/// rounds of shlex's mask, each calling a `const fn` of a `match`, took rustc 4 s of its
/// build (every build until the rebuild net lists it), a tenth of that 0.4 s.
pub const ROUNDS: u64 = 100_000;

/// `text` (a constant's initializer) with each loop's rounds counted and bounded; as it
/// is where it holds no loop or does not parse as an expression.
pub fn bounded(text: TokenStream) -> TokenStream {
    let Ok(mut expr) = syn::parse2::<Expr>(text.clone()) else {
        return text;
    };
    let mut bound = Bound { loops: 0 };
    bound.visit_expr_mut(&mut expr);
    match bound.loops {
        0 => text,
        _ => expr.into_token_stream(),
    }
}

struct Bound {
    loops: usize,
}

impl VisitMut for Bound {
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        // Inner loops first: each gets a count of its own.
        visit_mut::visit_expr_mut(self, e);
        let body = match e {
            Expr::While(w) => &mut w.body,
            Expr::Loop(l) => &mut l.body,
            _ => return,
        };
        self.loops += 1;
        let message = format!(
            "a mutant of this constant ran one of its loops {ROUNDS} times: it does not end"
        );
        body.stmts.insert(
            0,
            parse_quote! {
                if __mutate_rounds == #ROUNDS {
                    panic!(#message);
                }
            },
        );
        body.stmts.insert(1, parse_quote!(__mutate_rounds += 1;));
        let looped = e.clone();
        *e = parse_quote!({
            let mut __mutate_rounds: u64 = 0;
            #looped
        });
    }

    // What runs elsewhere, or later: not this constant's computation.
    fn visit_expr_closure_mut(&mut self, _: &mut syn::ExprClosure) {}
    fn visit_item_mut(&mut self, _: &mut syn::Item) {}
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounded_text(text: &str) -> String {
        bounded(text.parse().unwrap()).to_string()
    }

    #[test]
    fn each_loop_counts_its_rounds_and_stops_past_the_bound() {
        let out = bounded_text("{ let mut c = 0u8; while c < 0x80 { loop { break; } c *= 1; } c }");
        assert_eq!(
            out.matches("let mut __mutate_rounds : u64 = 0").count(),
            2,
            "{out}"
        );
        assert_eq!(out.matches("__mutate_rounds += 1").count(), 2, "{out}");
        assert!(out.contains("__mutate_rounds == 100000u64"), "{out}");
        // The loop's value is the block's: `loop { break 3 }` is still 3.
        let value = bounded_text("loop { break 3 }");
        assert!(value.starts_with("{ let mut __mutate_rounds"), "{value}");
        assert!(value.ends_with("break 3 } }"), "{value}");
    }

    #[test]
    fn text_without_loops_or_expressions_is_left_as_it_is() {
        assert_eq!(bounded_text("1 + 2"), "1 + 2");
        assert_eq!(bounded_text("| x | loop { }"), "| x | loop { }");
        let not_an_expression: TokenStream = "fn f() {}".parse().unwrap();
        assert_eq!(
            bounded(not_an_expression.clone()).to_string(),
            not_an_expression.to_string()
        );
    }
}
