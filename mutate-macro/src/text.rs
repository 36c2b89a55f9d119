//! Source-like text of tokens, for the descriptions and ids of mutants.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// Source-like text of a type: `Result<i64, Error>`, not `Result < i64, Error >`.
pub fn tidy_type(ty: &TokenStream) -> String {
    tidy(ty)
        .replace(" < ", "<")
        .replace("< ", "<")
        .replace(" <", "<")
        .replace(" >", ">")
}

/// Source-like text of tokens, for descriptions: spaces only where Rust code has them.
pub fn tidy(tokens: &TokenStream) -> String {
    let mut out = String::new();
    write_tidy(tokens.clone(), &mut out);
    out
}

fn write_tidy(tokens: TokenStream, out: &mut String) {
    let mut joint = false;
    // The previous token can be called or indexed: an identifier, a group, or `>` closing
    // generic arguments.
    let mut callable = false;
    // The previous token opened a lifetime (`'`): its name is not callable.
    let mut tick = false;
    // The previous token was an identifier: a `!` standing alone after it calls a macro.
    let mut after_ident = false;
    // The previous token was a `-` that negates (first, or after an operator or `..=`).
    let mut negation = false;
    // The previous token was a `&` (or `&&`) that borrows, not one that ands.
    let mut borrow = false;
    for token in tokens {
        let (text, call_like) = match &token {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{ ", " }"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                let mut inner = String::new();
                write_tidy(g.stream(), &mut inner);
                let call_like =
                    matches!(g.delimiter(), Delimiter::Parenthesis | Delimiter::Bracket);
                (format!("{open}{inner}{close}"), call_like)
            }
            other => (other.to_string(), false),
        };
        let macro_bang = after_ident
            && matches!(&token, TokenTree::Punct(p) if p.as_char() == '!' && p.spacing() == Spacing::Alone);
        let attach = joint
            || out.is_empty()
            || (call_like && callable)
            || macro_bang
            || negation
            || borrow
            || out.ends_with(['(', '[', '.', '!'])
            || out.ends_with("::")
            || out.ends_with("..=")
            || text.starts_with([',', ';', '.', '?', ')', ']'])
            || text == ":";
        if !attach && !out.ends_with(' ') {
            out.push(' ');
        }
        out.push_str(&text);
        callable = (matches!(&token, TokenTree::Ident(_)) && !tick)
            || matches!(&token, TokenTree::Group(_))
            || matches!(&token, TokenTree::Punct(p) if p.as_char() == '>');
        tick = matches!(&token, TokenTree::Punct(p) if p.as_char() == '\'');
        after_ident = matches!(&token, TokenTree::Ident(word) if !EXPRESSION_BEFORE.iter().any(|k| word == k))
            && !tick;
        negation = matches!(&token, TokenTree::Punct(p) if p.as_char() == '-' && p.spacing() == Spacing::Alone)
            && negates(out);
        borrow = matches!(&token, TokenTree::Punct(p) if p.as_char() == '&' && p.spacing() == Spacing::Alone)
            && borrows(out);
        joint = matches!(&token, TokenTree::Punct(p) if p.spacing() == Spacing::Joint || p.as_char() == '.');
        if matches!(&token, TokenTree::Punct(p) if p.as_char() == ',' || p.as_char() == ';') {
            out.push(' ');
        }
    }
}

/// Keywords an expression follows: a `!` after them negates, it calls no macro.
const EXPRESSION_BEFORE: [&str; 8] = [
    "if", "while", "return", "match", "in", "let", "else", "break",
];

/// Whether the `&` or `&&` that `out` ends with borrows: no operand comes before it, as
/// for a `-` that negates.
fn borrows(out: &str) -> bool {
    let before = out.strip_suffix("&&").or_else(|| out.strip_suffix('&'));
    follows_no_operand(before.unwrap_or(out))
}

/// Whether the `-` that `out` ends with negates: nothing that can be subtracted from
/// comes before it (an operand ends in a letter, digit, `_`, a closing bracket or quote).
fn negates(out: &str) -> bool {
    follows_no_operand(out.strip_suffix('-').unwrap_or(out))
}

/// Whether `before` (the text before a prefix operator) ends in no operand: nothing, an
/// operator, or a keyword an expression follows.
fn follows_no_operand(before: &str) -> bool {
    let before = before.trim_end();
    let keyword = EXPRESSION_BEFORE.iter().any(|k| {
        before
            .strip_suffix(k)
            .is_some_and(|rest| !rest.ends_with(|c: char| c.is_alphanumeric() || c == '_'))
    });
    keyword
        || !before
            .chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || "_)]'\"".contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn tidy_prints_code_as_written() {
        assert_eq!(tidy(&quote!(a.len() > 0)), "a.len() > 0");
        assert_eq!(tidy(&quote!(x <= y)), "x <= y");
        assert_eq!(tidy(&quote!(f(a, b))), "f(a, b)");
        assert_eq!(tidy(&quote!(Vec::new())), "Vec::new()");
        assert_eq!(tidy(&quote!(x.0 as u8)), "x.0 as u8");
        assert_eq!(tidy(&quote!(!done)), "!done");
        assert_eq!(
            tidy(&quote!(read == 0 && p.i == 0)),
            "read == 0 && p.i == 0"
        );
        assert_eq!(tidy(&quote!(bits & lsbits_mask)), "bits & lsbits_mask");
        assert_eq!(tidy(&quote!(f(&x, &&y, &mut z))), "f(&x, &&y, &mut z)");
        assert_eq!(tidy(&quote!(a & !mask)), "a & !mask");
        assert_eq!(tidy(&quote!(write!(f, "x")?)), "write!(f, \"x\")?");
        assert_eq!(tidy(&quote!(debug_assert!(n < 8))), "debug_assert!(n < 8)");
        assert_eq!(tidy(&quote!(a != b)), "a != b");
        assert_eq!(
            tidy(&quote!(if !done {
                return !x;
            })),
            "if !done { return !x;  }"
        );
        assert_eq!(tidy(&quote!('a'..='z')), "'a'..='z'");
        assert_eq!(tidy(&quote!(0..n)), "0..n");
        assert_eq!(tidy(&quote!(i32::MIN..=-100)), "i32::MIN..=-100");
        assert_eq!(tidy(&quote!(f(-x, a - b))), "f(-x, a - b)");
        assert_eq!(tidy(&quote!(x = -1)), "x = -1");
        assert_eq!(tidy(&quote!(return -x)), "return -x");
        assert_eq!(tidy(&quote!(elif - x)), "elif - x");
        assert_eq!(
            tidy_type(&quote!(Result<Vec<u8>, std::io::Error>)),
            "Result<Vec<u8>, std::io::Error>"
        );
        assert_eq!(tidy_type(&quote!(Vec<&'a [T]>)), "Vec<&'a [T]>");
        assert_eq!(
            tidy_type(&quote!(impl Iterator<Item = u32> + '_)),
            "impl Iterator<Item = u32> + '_"
        );
    }
}
