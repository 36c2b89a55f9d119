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
        let attach = joint
            || out.is_empty()
            || (call_like && callable)
            || out.ends_with(['(', '[', '.', '!', '&'])
            || out.ends_with("::")
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
        joint = matches!(&token, TokenTree::Punct(p) if p.spacing() == Spacing::Joint || p.as_char() == '.');
        if matches!(&token, TokenTree::Punct(p) if p.as_char() == ',' || p.as_char() == ';') {
            out.push(' ');
        }
    }
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
