//! cargo-mutants' program for an operator swap whose text groups otherwise. Its mutants are
//! text: `c - b'A' + 10` with `+` made `*` is the program `c - b'A' * 10`, which rustc
//! reads as `c - (b'A' * 10)`. The swap on the syntax tree (`binary.rs`, shown whole by
//! `regroup.rs`) computes `(c - b'A') * 10`: the same operator, another program. Both are
//! made; this one is named as cargo-mutants names it (`replace + with *`), at the
//! operator, so a user coming from it finds each of its mutants under the same name.
//!
//! The text is the chain as written (the binary expression that is no binary operator's
//! operand, down through its operands that are binary expressions themselves) with the
//! one operator replaced, read again by syn as rustc would. It stands in one arm of a
//! site around the whole chain, every token located at the replaced operator: where the
//! regrouped program does not build (its operands' types have no such operator), rustc's
//! error is there, and the rebuild net gives it to this mutant alone
//! (`rewrite.rs` claims it before the chain's own sites are placed).

use super::binary;
use super::regroup::{self, Side};
use crate::location::{self, Location};
use mutate_operators::Operator;
use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::{BinOp, Expr, ExprBinary};

/// One swap's program as text.
pub struct Textual {
    pub operator: Operator,
    /// The replaced operator, where the mutant is named and its code located.
    pub at: Span,
    pub location: Location,
    pub original: &'static str,
    pub replacement: &'static str,
    /// The chain with the operator replaced, read again; every token located at `at`.
    pub code: TokenStream,
}

/// The swaps in the chain `root` (as written) whose text groups otherwise than the swap on
/// the tree, each as its text reads.
pub fn variants(root: &ExprBinary) -> Vec<Textual> {
    let mut found = Vec::new();
    collect(root, root, None, &mut Vec::new(), &mut found);
    found
}

fn collect(
    root: &ExprBinary,
    node: &ExprBinary,
    operand_of: Option<(BinOp, Side)>,
    path: &mut Vec<Side>,
    found: &mut Vec<Textual>,
) {
    if let Some((operator, original, replacements)) = binary::swaps(node) {
        for replacement in replacements {
            if regroup::shown(node, operand_of, replacement).is_none() {
                continue;
            }
            if let Some(code) = as_text(root, path, replacement) {
                let at = crate::syntax::first_span(&node.op.to_token_stream());
                found.push(Textual {
                    operator,
                    at,
                    location: location::of_tokens(&node.op.to_token_stream()),
                    original,
                    replacement,
                    code: crate::syntax::all_located_at(code, at),
                });
            }
        }
    }
    for (side, operand) in [(Side::Left, &node.left), (Side::Right, &node.right)] {
        if let Expr::Binary(inner) = &**operand {
            path.push(side);
            collect(root, inner, Some((node.op, side)), path, found);
            path.pop();
        }
    }
}

/// `root` as text with the operator at `path` made `replacement`, read again.
fn as_text(root: &ExprBinary, path: &[Side], replacement: &str) -> Option<TokenStream> {
    let replacement: BinOp = syn::parse_str(replacement).ok()?;
    let mut text = TokenStream::new();
    write(root, Some(path), &replacement, &mut text);
    let read: Expr = syn::parse2(text).ok()?;
    Some(read.to_token_stream())
}

/// The chain's tokens as written, the operator at `path` (if still on it) replaced. Not
/// syn's printing, which adds the parentheses that keep the tree's grouping.
fn write(node: &ExprBinary, path: Option<&[Side]>, replacement: &BinOp, out: &mut TokenStream) {
    let operand = |side: Side, e: &Expr, out: &mut TokenStream| {
        let on_path = path
            .and_then(|p| p.split_first())
            .filter(|(first, _)| **first == side)
            .map(|(_, rest)| rest);
        match e {
            Expr::Binary(inner) if inner.attrs.is_empty() => {
                write(inner, on_path, replacement, out)
            }
            leaf => leaf.to_tokens(out),
        }
    };
    node.attrs.iter().for_each(|a| a.to_tokens(out));
    operand(Side::Left, &node.left, out);
    match path {
        // Spanned as the operator it replaces, resolving there too: rustc's lints on the
        // user's code (`arithmetic_overflow` on `'a' as u8 * 10`) see it as written there,
        // as they would in cargo-mutants' text; a token of the macro's own they ignore.
        Some([]) => {
            let at = crate::syntax::first_span(&node.op.to_token_stream());
            out.extend(crate::syntax::written_at(replacement.to_token_stream(), at));
        }
        _ => node.op.to_tokens(out),
    }
    operand(Side::Right, &node.right, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variants_of(expr: &str) -> Vec<(String, String, String)> {
        let Ok(Expr::Binary(root)) = syn::parse_str::<Expr>(expr) else {
            panic!("{expr} is a binary expression");
        };
        variants(&root)
            .into_iter()
            .map(|t| {
                let read: Expr = syn::parse2(t.code).expect("the text reads as an expression");
                (
                    t.original.to_owned(),
                    t.replacement.to_owned(),
                    grouped(&read),
                )
            })
            .collect()
    }

    /// The expression with every binary operation in parentheses: how rustc groups it.
    fn grouped(e: &Expr) -> String {
        match e {
            Expr::Binary(b) => format!(
                "({} {} {})",
                grouped(&b.left),
                b.op.to_token_stream(),
                grouped(&b.right)
            ),
            other => crate::text::tidy(&other.to_token_stream()),
        }
    }

    #[test]
    fn a_swap_that_binds_tighter_takes_the_neighbouring_operand_as_text_does() {
        assert_eq!(
            variants_of("c - b'A' + 10"),
            vec![("+".into(), "*".into(), "(c - (b'A' * 10))".into())]
        );
    }

    #[test]
    fn a_logical_swap_in_a_chain_regroups_the_whole_chain() {
        assert_eq!(
            variants_of("i > 0 && j > 0 && k"),
            vec![(
                "&&".into(),
                "||".into(),
                "((i > 0) || ((j > 0) && k))".into()
            )]
        );
    }

    #[test]
    fn swaps_that_group_as_the_tree_does_have_no_textual_variant() {
        assert!(variants_of("a * b + c").is_empty());
        assert!(variants_of("a / b - c").is_empty());
        assert!(variants_of("a == b").is_empty());
        assert!(variants_of("(a - b) + c").is_empty());
    }

    #[test]
    fn a_swap_deep_in_the_chain_is_read_with_the_whole_chain() {
        // `&` made `|` in `a & b ^ c`: `a | b ^ c` is `a | (b ^ c)`.
        let found = variants_of("a & b ^ c");
        assert!(
            found.contains(&("&".into(), "|".into(), "(a | (b ^ c))".into())),
            "{found:?}"
        );
    }
}
