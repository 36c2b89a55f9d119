//! How a binary operator's mutant is shown. The replacement is made on the expression's
//! node: in `a - b + c`, `+` made `*` computes `(a - b) * c`. Typed in as is, `a - b * c`
//! groups otherwise (and may not even build). Where the new operator binds its operands
//! otherwise than the old one did, the mutant is shown on the whole expression, with the
//! parentheses that keep what ran: `replace a - b + c with (a - b) * c`, so that its text
//! under `cargo test` is the mutant the driver judged. Its place in a larger expression
//! counts too: in `a & b ^ c`, `&` made `|` is shown as `(a | b)`, since `a | b ^ c` is
//! `a | (b ^ c)`.

use crate::location::{self, Location};
use crate::text::tidy;
use quote::ToTokens;
use syn::{BinOp, Expr, ExprBinary};

/// Which operand of a binary operator an expression is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

/// A mutant shown on the whole expression.
pub struct Shown {
    pub location: Location,
    pub original: String,
    pub replacement: String,
}

/// `written` (the expression as written, an operand of `operand_of` if that is a binary
/// operator) with its operator made `new`, where the text would group otherwise; `None`
/// where the operator alone shows it.
pub fn shown(written: &ExprBinary, operand_of: Option<(BinOp, Side)>, new: &str) -> Option<Shown> {
    let new_binds = binding_of(new)?;
    // Left-associative: a left operand of an operator that binds less loosely keeps its
    // place; a right one of an operator that binds no tighter is taken by the new one.
    let left = matches!(&*written.left, Expr::Binary(l) if binding(&l.op) < new_binds);
    let right = matches!(&*written.right, Expr::Binary(r) if binding(&r.op) <= new_binds);
    // The same, seen from the operator whose operand the expression is.
    let whole = operand_of.is_some_and(|(outer, side)| match side {
        Side::Left => new_binds < binding(&outer),
        Side::Right => new_binds <= binding(&outer),
    });
    if !left && !right && !whole {
        return None;
    }
    let side = |e: &Expr, parenthesized: bool| {
        let text = tidy(&e.to_token_stream());
        if parenthesized {
            format!("({text})")
        } else {
            text
        }
    };
    Some(Shown {
        location: location::of_tokens(&written.to_token_stream()),
        original: tidy(&written.to_token_stream()),
        replacement: {
            let text = format!(
                "{} {new} {}",
                side(&written.left, left),
                side(&written.right, right)
            );
            if whole { format!("({text})") } else { text }
        },
    })
}

/// How tightly a binary operator binds (Rust's precedence, higher binds tighter).
fn binding(op: &BinOp) -> u8 {
    binding_of(&op.to_token_stream().to_string()).unwrap_or(0)
}

fn binding_of(symbol: &str) -> Option<u8> {
    Some(match symbol {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "&" => 7,
        "^" => 6,
        "|" => 5,
        "==" | "!=" | "<" | ">" | "<=" | ">=" => 4,
        "&&" => 3,
        "||" => 2,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown_as(expr: &str, new: &str) -> Option<(String, String)> {
        let Ok(Expr::Binary(e)) = syn::parse_str::<Expr>(expr) else {
            panic!("{expr} is a binary expression");
        };
        shown(&e, None, new).map(|s| (s.original, s.replacement))
    }

    #[test]
    fn a_tighter_operator_keeps_a_looser_left_operand_together() {
        assert_eq!(
            shown_as("byte - b'A' + 10", "*"),
            Some(("byte - b'A' + 10".into(), "(byte - b'A') * 10".into()))
        );
        assert_eq!(
            shown_as("a == 1 || b == 2 || c", "&&"),
            Some((
                "a == 1 || b == 2 || c".into(),
                "(a == 1 || b == 2) && c".into()
            ))
        );
    }

    #[test]
    fn a_right_operand_that_binds_no_tighter_is_kept_together() {
        assert_eq!(
            shown_as("a + b * c", "/"),
            Some(("a + b * c".into(), "a / (b * c)".into()))
        );
    }

    #[test]
    fn the_operator_alone_where_the_text_groups_the_same() {
        assert_eq!(shown_as("a - b + c", "-"), None);
        assert_eq!(shown_as("a * b + c", "-"), None);
        assert_eq!(shown_as("(a - b) + c", "*"), None);
        assert_eq!(shown_as("x & 1 == 0", "!="), None);
        assert_eq!(shown_as("a && b || c", "&&"), None);
    }

    #[test]
    fn an_operand_of_an_operator_that_binds_tighter_than_the_new_one_is_kept_together() {
        let Ok(Expr::Binary(outer)) = syn::parse_str::<Expr>("a & b ^ c") else {
            panic!("a binary expression");
        };
        let Expr::Binary(inner) = &*outer.left else {
            panic!("`a & b` is its left operand");
        };
        let replacement = shown(inner, Some((outer.op, Side::Left)), "|").map(|s| s.replacement);
        assert_eq!(replacement.as_deref(), Some("(a | b)"));
        // `^` made `&` binds tighter than the `|` it is the right operand of: as is.
        let Ok(Expr::Binary(outer)) = syn::parse_str::<Expr>("x | b ^ c") else {
            panic!("a binary expression");
        };
        let Expr::Binary(inner) = &*outer.right else {
            panic!("`b ^ c` is its right operand");
        };
        assert!(shown(inner, Some((outer.op, Side::Right)), "&").is_none());
        assert!(shown(inner, Some((outer.op, Side::Right)), "|").is_some());
    }
}
