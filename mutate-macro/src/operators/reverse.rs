//! A forgotten or a stray `.rev()`: removed from an iterator chain (`x.iter().rev()` →
//! `x.iter()`), or added to a `for` loop's iterator (`for i in 0..n` → `for i in
//! (0..n).rev()`). An iterator and its reverse are two types, so the site yields the
//! runtime's `Reversed` either way (see its `reverse.rs`): the written code iterates
//! through it too, in schemata builds only. Added only to loops whose body can show the
//! order of its rounds ([`order_matters`]). A loop's iterator that is not double-ended
//! cannot be reversed, as `.rev()` does not build on it: the fallback rustc then picks
//! marks the mutant unviable in its warning ([`fallback_trait`]).

use super::{fallback_arms, switch};
use crate::emit::rt;
use crate::location::{self, Location};
use crate::model::{Collector, NEVER};
use crate::text::tidy;
use mutate_operators::Operator;
use mutate_protocol::unviable_marks::Kind;
use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::{Expr, ExprMethodCall};

const OPERATOR: Operator = Operator::Reverse;

/// `receiver.rev()`, its receiver already rewritten: the call removed.
pub fn remove(c: &mut Collector, call: &ExprMethodCall) -> Option<TokenStream> {
    if call.method != "rev" || !call.args.is_empty() || call.turbofish.is_some() {
        return None;
    }
    if !c.wants(OPERATOR) {
        return None;
    }
    let receiver = &call.receiver;
    let site = c.new_site();
    // Located on the whole `.rev()`, which the mutant deletes, so that its text is the
    // code as written less that; named at `rev`, as before.
    let mut deleted = TokenStream::new();
    call.dot_token.to_tokens(&mut deleted);
    call.method.to_tokens(&mut deleted);
    call.paren_token.surround(&mut deleted, |_| {});
    let k = c.add_described(
        site,
        OPERATOR,
        location::of_tokens(&deleted),
        ".rev()",
        "",
        "delete .rev()".to_owned(),
    );
    if k == NEVER {
        return None;
    }
    c.name_at(k, Location::of(call.method.span()));
    let rt = rt();
    let sw = switch(site);
    // Evaluated once, by a `match` (whose scrutinee's temporaries live as long as the
    // call's did): written in each arm, a closure in it would be two closure types.
    Some(quote!((match #receiver {
        __mutate_receiver => match #sw {
            #k => #rt::reverse::Reversed::Forward(__mutate_receiver),
            _ => #rt::reverse::Reversed::backward(__mutate_receiver),
        },
    })))
}

/// Whether a `for` loop's iterator, as written, ends in `.rev()` already: removing it is
/// [`remove`]'s mutant.
fn is_reversed(iterable: &Expr) -> bool {
    matches!(crate::syntax::strip_parens(iterable), Expr::MethodCall(m) if m.method == "rev" && m.args.is_empty())
}

/// Whether [`add`] should reverse this loop (as written): its iterator is not reversed
/// already, its body can show the order of its rounds ([`order_matters`]), and its rounds
/// can differ: not when the pattern binds nothing (`_`) and the iterator is a range, which
/// has no side effects of its own (`for _ in 0..pad { out.push(fill) }` does the same
/// thing backwards: reversing it would be an equivalent mutant).
pub fn worth_adding(f: &syn::ExprForLoop) -> bool {
    let blind_range = matches!(*f.pat, syn::Pat::Wild(_))
        && matches!(crate::syntax::strip_parens(&f.expr), Expr::Range(_));
    !blind_range && !is_reversed(&f.expr) && order_matters(&f.body)
}

/// Words in a loop's body that make the order of its rounds matter: it stops early
/// (`break`, `?`, a `return` of anything but a literal), or it puts what it sees in order
/// somewhere (a push, an insert that may overwrite, a write, a send). A body with none (a
/// sum, a count, a maximum, a check of every item that returns `false` at the first that
/// fails it) mostly gives the same result backwards: reversing it would be an equivalent
/// mutant, and is not made.
const ORDER_SENSITIVE: &[&str] = &[
    "break",
    "push",
    "push_str",
    "push_back",
    "push_front",
    "insert",
    "extend",
    "write",
    "write_str",
    "write_all",
    "writeln",
    "print",
    "println",
    "send",
];

/// Whether the order of a loop's rounds can show in what its body (as written) does.
fn order_matters(body: &syn::Block) -> bool {
    sensitive(body.to_token_stream())
}

fn sensitive(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        TokenTree::Group(g) => sensitive(g.stream()),
        TokenTree::Ident(word) if word == "return" => !returns_a_literal(&tokens[i + 1..]),
        TokenTree::Ident(word) => ORDER_SENSITIVE.iter().any(|w| word == w),
        TokenTree::Punct(p) => p.as_char() == '?',
        TokenTree::Literal(_) => false,
    })
}

/// `return false;`, `return None`, `return 0`: the same whichever round returns.
fn returns_a_literal(after: &[TokenTree]) -> bool {
    let value = match after.first() {
        Some(TokenTree::Literal(_)) => true,
        Some(TokenTree::Ident(i)) => i == "true" || i == "false" || i == "None",
        _ => false,
    };
    let ends = match after.get(1) {
        None => true,
        Some(TokenTree::Punct(p)) => p.as_char() == ';',
        _ => false,
    };
    value && ends
}

/// The replacement's text for a `for` loop's iterable `text`: code that builds where the
/// mutant runs. An iterator ([`reads_as_iterator`]) is reversed as it is; anything else (a
/// slice, a `Vec`, a constant, `v.clone()`, a function's result, `&v[..n]`) is iterated
/// first, as the loop does.
fn reversed_text(text: &str, iterator: bool) -> String {
    if iterator {
        format!("({text}).rev()")
    } else {
        format!("({text}).into_iter().rev()")
    }
}

/// Whether a loop's iterable as written reads as an iterator: a range, or a call of a
/// method of the standard library known to make one (`v.iter()`, `s.chars().enumerate()`).
fn reads_as_iterator(written: &TokenStream) -> bool {
    match syn::parse2::<Expr>(written.clone()) {
        Ok(e) => match crate::syntax::strip_parens(&e) {
            Expr::Range(_) => true,
            Expr::MethodCall(m) => ITERATOR_METHODS.iter().any(|name| m.method == name),
            _ => false,
        },
        Err(_) => false,
    }
}

/// Methods of the standard library that return an iterator (of slices, strings, maps,
/// iterators themselves).
const ITERATOR_METHODS: &[&str] = &[
    "iter",
    "iter_mut",
    "into_iter",
    "chars",
    "char_indices",
    "bytes",
    "lines",
    "split",
    "rsplit",
    "splitn",
    "rsplitn",
    "split_terminator",
    "split_whitespace",
    "split_ascii_whitespace",
    "split_inclusive",
    "matches",
    "match_indices",
    "encode_utf16",
    "enumerate",
    "map",
    "filter",
    "filter_map",
    "flat_map",
    "flatten",
    "zip",
    "skip",
    "take",
    "take_while",
    "skip_while",
    "map_while",
    "step_by",
    "chain",
    "cloned",
    "copied",
    "rev",
    "inspect",
    "peekable",
    "fuse",
    "scan",
    "cycle",
    "by_ref",
    "drain",
    "keys",
    "values",
    "values_mut",
    "into_keys",
    "into_values",
    "windows",
    "chunks",
    "chunks_exact",
    "rchunks",
    "chunks_mut",
];

/// A `for` loop's iterator (`written` as the user wrote it, `iterable` rewritten since),
/// reversed while the mutant is active.
pub fn add(c: &mut Collector, written: &TokenStream, iterable: &Expr) -> Option<TokenStream> {
    if !c.wants(OPERATOR) {
        return None;
    }
    let site = c.new_site();
    let text = tidy(written);
    let k = c.add_described(
        site,
        OPERATOR,
        location::of_tokens(written),
        &text,
        &reversed_text(&text, reads_as_iterator(written)),
        format!("add .rev() to {text}"),
    );
    if k == NEVER {
        return None;
    }
    let rt = rt();
    let sw = switch(site);
    let fallback = fallback_trait(c.id_of(k).as_deref());
    // The iterable moved through `identity`, a function without `self`: the borrow checker
    // then names the move where the iterable is written, not at the attribute (as for a
    // method's receiver, the call's place), and the rebuild net reads that place
    // (`build_errors::Unplaced`). Spans of the user's code here would resolve `::core` in
    // the user's edition, which in 2015 is the crate root.
    let iter = quote!(::core::iter::IntoIterator::into_iter(::core::convert::identity(#iterable)));
    let arms = fallback_arms(
        quote!(__mutate_iter),
        quote!(#rt::reverse::Reversed::Forward(__mutate_iter)),
    );
    // The iterator made once, as for `remove`'s receiver.
    Some(quote!((match #iter {
        __mutate_loop => match #sw {
            #k => {
                #[allow(unused_imports)]
                use #rt::reverse::CanReverse as _;
                #fallback
                match (&#rt::Once::new(__mutate_loop)).reverse() { #arms }
            }
            _ => #rt::reverse::Reversed::Forward(__mutate_loop),
        },
    })))
}

/// The reversal's fallback, where the iterator is not double-ended (reached by autoref, as
/// the runtime's `CanReverseFallback`), declared for mutant `id` (`None`: no table holds
/// it) as a deprecated method whose note marks the mutant unviable
/// (`mutate_protocol::unviable_marks`): `.rev()` does not build on such an iterator, so
/// rustc's warning settles the verdict whether or not a test reaches the loop.
fn fallback_trait(id: Option<&str>) -> TokenStream {
    let rt = rt();
    let mark = super::fallback::mark(Kind::Unreversible, id);
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        trait __MutateReverseFallback<I: ::core::iter::Iterator> {
            #mark
            fn reverse(&self) -> ::core::result::Result<#rt::reverse::Reversed<I>, I>;
        }
        impl<I: ::core::iter::Iterator> __MutateReverseFallback<I> for &#rt::Once<I> {
            #[inline]
            fn reverse(&self) -> ::core::result::Result<#rt::reverse::Reversed<I>, I> {
                #rt::reverse::CanReverseFallback::reverse(self)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{reads_as_iterator, reversed_text};
    use quote::quote;

    #[test]
    fn a_reversed_iterable_reads_as_code_that_builds() {
        assert_eq!(reversed_text("v.iter()", true), "(v.iter()).rev()");
        assert_eq!(reversed_text("0..n", true), "(0..n).rev()");
        assert_eq!(
            reversed_text("Self::FLAGS", false),
            "(Self::FLAGS).into_iter().rev()"
        );
        assert_eq!(reversed_text("&v", false), "(&v).into_iter().rev()");
    }

    #[test]
    fn an_iterable_reads_as_an_iterator_by_its_syntax() {
        for iterator in [
            quote!(0..n),
            quote!((a..=b)),
            quote!(s.chars().enumerate()),
            quote!(v.iter().take_while(|c| f(c))),
        ] {
            assert!(reads_as_iterator(&iterator), "{iterator}");
        }
        // A call that may make anything iterable, and a slice of a range: iterated first,
        // as the loop does.
        for iterable in [
            quote!(input.clone()),
            quote!(items()),
            quote!(&words[..n - 1]),
            quote!(Self::FLAGS),
        ] {
            assert!(!reads_as_iterator(&iterable), "{iterable}");
        }
    }
}
