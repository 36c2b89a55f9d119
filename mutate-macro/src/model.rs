//! The mutants found in one function: each belongs to a site (one check on the hot path)
//! and has a local index within the function's table, assigned in visiting order.

use crate::location::Location;
use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

#[derive(Debug, Clone)]
pub struct Mutant {
    pub operator: &'static str,
    pub site: u32,
    pub location: Location,
    pub original: String,
    pub replacement: String,
    /// What the mutant does, without the function: `replace < with <=`.
    pub change: String,
}

#[derive(Debug, Default)]
pub struct Collector {
    /// Function the mutants are in, as shown to users: `triangle` or `Shape::area`.
    pub function: String,
    pub mutants: Vec<Mutant>,
    pub sites: u32,
}

impl Collector {
    pub fn new(function: String) -> Self {
        Collector {
            function,
            ..Default::default()
        }
    }

    pub fn new_site(&mut self) -> u32 {
        self.sites += 1;
        self.sites - 1
    }

    /// Adds a mutant `replace {original} with {replacement}`; returns its local index.
    pub fn add(
        &mut self,
        site: u32,
        operator: &'static str,
        location: Location,
        original: &str,
        replacement: &str,
    ) -> u32 {
        let change = format!("replace {original} with {replacement}");
        self.add_described(site, operator, location, original, replacement, change)
    }

    pub fn add_described(
        &mut self,
        site: u32,
        operator: &'static str,
        location: Location,
        original: &str,
        replacement: &str,
        change: String,
    ) -> u32 {
        self.mutants.push(Mutant {
            operator,
            site,
            location,
            original: original.to_owned(),
            replacement: replacement.to_owned(),
            change,
        });
        (self.mutants.len() - 1) as u32
    }

    /// `file:line:col: change in function`, made unique within the function: code that a
    /// declarative macro generated can carry the same span twice.
    pub fn ids(&self) -> Vec<String> {
        let mut seen = std::collections::HashMap::<String, u32>::new();
        self.mutants
            .iter()
            .map(|m| {
                let [line, col, ..] = m.location.span;
                let base = format!(
                    "{}:{line}:{col}: {} in {}",
                    m.location.file, m.change, self.function
                );
                let n = seen.entry(base.clone()).or_insert(0);
                *n += 1;
                if *n == 1 {
                    base
                } else {
                    format!("{base} (#{n})")
                }
            })
            .collect()
    }
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
        callable = matches!(&token, TokenTree::Ident(_) | TokenTree::Group(_))
            || matches!(&token, TokenTree::Punct(p) if p.as_char() == '>');
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
    }

    #[test]
    fn ids_are_unique_within_a_function() {
        let mut c = Collector::new("f".into());
        let loc = Location {
            file: "src/lib.rs".into(),
            span: [1, 2, 1, 3],
        };
        let site = c.new_site();
        c.add(site, "binary", loc.clone(), "+", "-");
        c.add(site, "binary", loc, "+", "-");
        let ids = c.ids();
        assert_eq!(ids[0], "src/lib.rs:1:2: replace + with - in f");
        assert_eq!(ids[1], "src/lib.rs:1:2: replace + with - in f (#2)");
    }
}
