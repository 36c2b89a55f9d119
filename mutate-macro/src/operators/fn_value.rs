//! Whole-body replacement (cargo-mutants' function-value mutants, Descartes' extreme
//! mutation): at the top of the body, one site whose mutants each return a value of the
//! declared return type at once; the default arm goes on into the body as written.
//!
//! Values' code is located at the return arrow (`returns.rs`'s `Value::names`): names of
//! the crate's `vec!`, `Vec`, `Box` or `String` at its `-`, the rest at its `>`. Where the
//! driver's last build failed at the `-`, the crate lacks those names: the values naming
//! them are unviable and get no arm, while the function's other replacements (`None`,
//! `0`) still run. At the `>`, the declared type takes none of them. A constructor the
//! table only guesses the type has (`W::new()`) is located at a token of the declared type
//! of its own (`Value::guesses`): a failed build there makes the values through it
//! unviable. A value whose text cannot have the declared type (`Value::mistyped`) has an
//! arm that marks it unviable and goes on into the body.

use super::fallback;
use super::returns::{self, Replacements, Value, iterator_shown};
use super::switch;
use crate::emit::rt;
use crate::location::{self, Location};
use crate::model::Collector;
use crate::syntax::Params;
use crate::text::{tidy, tidy_type};
use mutate_operators::Operator;
use mutate_protocol::unviable_marks;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Block, Signature, Stmt};

const OPERATOR: Operator = Operator::FnValue;

/// Adds the function's body replacements to `block` (already rewritten by the other
/// operators), whose written text was `written`.
/// `default_of_default`: the function is `Default::default` of an `impl Default`, where
/// the replacement `Default::default()` calls itself (marked below).
pub fn rewrite(
    c: &mut Collector,
    (sig, default_of_default): (&Signature, bool),
    generics: &Params,
    block: &mut Block,
    written: &Block,
) {
    if !c.wants(OPERATOR) {
        return;
    }
    let whole = Whole::of(sig, written);
    let unbuilt = Unbuilt::of(sig);
    let before = c.mutants.len();
    add_replacements(c, sig, generics, block, written, &whole, &unbuilt);
    let selected = (before..c.mutants.len()).any(|k| c.id_of(k as u32).is_some());
    if selected
        && crate::build_errors::driver_build()
        && let Some(witness) = unused_witness(sig, written, &whole)
    {
        prepend(block, witness);
    }
    if default_of_default && crate::build_errors::driver_build() {
        let recursive = (before..c.mutants.len())
            .filter(|&k| c.mutants[k].replacement == "Default::default()")
            .filter_map(|k| c.id_of(k as u32));
        // `Default::default()` as the body of `Default::default` itself calls itself on
        // every path, which rustc's `unconditional_recursion` warns of and a crate that
        // denies warnings does not build: marked, and unviable only where the driver reads
        // that the crate denies warnings (`denied_warnings.rs`). Elsewhere it runs, and
        // overflows the stack as its text would.
        for id in recursive {
            let mark = fallback::marked_call(unviable_marks::Kind::Recursion, Some(&id));
            prepend(block, quote!(if false { #mark }));
        }
    }
}

/// A closure whose one parameter is unused, named after the replacements' location
/// (`mutate_protocol::unviable_marks::unused_marker`), where the function has parameters
/// that its body replacements leave unused: rustc warns of it at the crate's own level for
/// `unused_variables`, as it would of the replacements' text, and the driver reads whether
/// the crate denies it. Spanned as the user's code (rustc does not lint what another
/// crate's macro wrote), with no level of its own.
fn unused_witness(sig: &Signature, written: &Block, whole: &Whole) -> Option<TokenStream> {
    // A parameter with attributes of its own (`#[allow(unused_variables)]`) may have a
    // level of its own: left out.
    let named = sig.inputs.iter().any(|input| match input {
        syn::FnArg::Typed(typed) => typed.attrs.is_empty() && binds_a_name(&typed.pat),
        syn::FnArg::Receiver(_) => false,
    });
    if !named {
        return None;
    }
    let at = written.brace_token.span.open();
    let [line, column, ..] = whole.location.span;
    let key = unviable_marks::location_key(&whole.location.file, line, column);
    let marker = proc_macro2::Ident::new(&unviable_marks::unused_marker(&key), at);
    Some(crate::syntax::written_at(
        quote! {
            #[allow(clippy::all, clippy::pedantic)]
            let _ = |#marker: ()| {};
        },
        at,
    ))
}

/// Whether a parameter's pattern binds a name that rustc would say is unused (not `_` nor
/// `_name`).
fn binds_a_name(pat: &syn::Pat) -> bool {
    use syn::Pat;
    match pat {
        Pat::Ident(i) => !i.ident.to_string().starts_with('_'),
        Pat::Reference(r) => binds_a_name(&r.pat),
        Pat::Paren(p) => binds_a_name(&p.pat),
        Pat::Type(t) => binds_a_name(&t.pat),
        Pat::Tuple(t) => t.elems.iter().any(binds_a_name),
        Pat::TupleStruct(t) => t.elems.iter().any(binds_a_name),
        Pat::Slice(s) => s.elems.iter().any(binds_a_name),
        Pat::Struct(s) => s.fields.iter().any(|f| binds_a_name(&f.pat)),
        Pat::Or(o) => o.cases.iter().any(binds_a_name),
        _ => false,
    }
}

/// The replacements for the declared return type, added to `block`.
fn add_replacements(
    c: &mut Collector,
    sig: &Signature,
    generics: &Params,
    block: &mut Block,
    written: &Block,
    whole: &Whole,
    unbuilt: &Unbuilt,
) {
    match returns::for_output(&sig.output, generics) {
        Replacements::Nothing => {}
        Replacements::Unit => {
            if written.stmts.is_empty() {
                return;
            }
            let site = c.new_site();
            let k = whole.add(c, site, "()");
            let sw = switch(site);
            prepend(block, quote!(if #sw == #k { return; }));
        }
        Replacements::Values(values) => {
            let body = body_text(written);
            let values: Vec<Value> = values
                .into_iter()
                .filter(|v| body.as_deref() != Some(v.shown.as_str()))
                .collect();
            if !values.is_empty() {
                let some = typed_some(&sig.output);
                prepend(block, values_site(c, whole, &values, unbuilt, &some));
            }
        }
        Replacements::Iterator { items, optional } => {
            iterator_site(c, whole, block, (&items, optional), unbuilt)
        }
        Replacements::Impossible => {
            let site = c.new_site();
            let k = whole.add(c, site, "Default::default()");
            let sw = switch(site);
            let rt = rt();
            let mark = fallback::unwritable(c.id_of(k).as_deref());
            prepend(block, quote!(if #sw == #k { #mark #rt::fell_back(); }));
        }
    }
}

/// What the function's mutants replace, and how they are described.
struct Whole {
    location: Location,
    /// The body's text, shortened.
    original: String,
    /// The body is empty: the replacement is shown in braces.
    braces: bool,
    /// ` -> T`, or nothing for `()`.
    shown_type: String,
}

impl Whole {
    fn of(sig: &Signature, written: &Block) -> Self {
        // Located, as cargo-mutants locates it, at the statements the value replaces, so
        // the two tools give the same mutant the same name.
        let inside: TokenStream = written
            .stmts
            .iter()
            .map(ToTokens::to_token_stream)
            .collect();
        let (location, original, braces) = if inside.is_empty() {
            let whole = written.to_token_stream();
            (location::of_tokens(&whole), elide(&tidy(&whole)), true)
        } else {
            (location::of_tokens(&inside), elide(&tidy(&inside)), false)
        };
        let shown_type = match &sig.output {
            syn::ReturnType::Default => String::new(),
            syn::ReturnType::Type(_, ty) => format!(" -> {}", tidy_type(&ty.to_token_stream())),
        };
        Whole {
            location,
            original,
            braces,
            shown_type,
        }
    }

    /// Adds the mutant that replaces the body with `shown`.
    fn add(&self, c: &mut Collector, site: u32, shown: &str) -> u32 {
        let change = format!("replace {}{} with {shown}", c.function, self.shown_type);
        let replacement = if self.braces {
            format!("{{ {shown} }}")
        } else {
            shown.to_string()
        };
        c.add_whole(
            site,
            OPERATOR,
            self.location.clone(),
            &self.original,
            &replacement,
            change,
        )
    }
}

/// rustc's messages where the driver's last build failed at either half of the return
/// arrow, which only values' code carries: the crate lacks a name (`-`), or the declared
/// type does not take the values (`>`); and the file, where the values' guessed
/// constructors are located (`returns.rs`'s `Value::guesses`).
#[derive(Default)]
struct Unbuilt {
    file: Option<String>,
    names: Option<&'static str>,
    conversion: Option<&'static str>,
}

impl Unbuilt {
    fn of(sig: &Signature) -> Self {
        let syn::ReturnType::Type(arrow, _) = &sig.output else {
            return Unbuilt::default();
        };
        let file = location::file_of(arrow.spans[0]);
        if !crate::build_errors::any_in(&file) {
            return Unbuilt::default();
        }
        let at = |span| crate::build_errors::claim_at(&file, location::start(span));
        Unbuilt {
            names: at(arrow.spans[0]),
            conversion: at(arrow.spans[1]),
            file: Some(file),
        }
    }

    /// rustc's message where value `v` did not build: at a name it uses, at one of its
    /// guessed constructors (each error there claimed, so that it does not make the whole
    /// function as written), or at the conversion every value shares.
    fn message(&self, v: &Value) -> Option<&'static str> {
        let guessed = self.file.as_deref().and_then(|file| {
            let claimed: Vec<_> = v
                .guesses
                .iter()
                .filter_map(|&at| crate::build_errors::claim_at(file, location::start(at)))
                .collect();
            claimed.first().copied()
        });
        self.names
            .filter(|_| v.names)
            .or(guessed)
            .or(self.conversion)
    }
}

/// Adds the mutant of value `v` and returns its index; `None` where it depends on what
/// did not build (`unbuilt`), which makes it unviable, with rustc's message and no arm.
fn add_value(
    c: &mut Collector,
    whole: &Whole,
    site: u32,
    shown: &str,
    v: &Value,
    unbuilt: &Unbuilt,
) -> Option<u32> {
    let k = whole.add(c, site, shown);
    match unbuilt.message(v) {
        Some(message) => {
            c.unviable(k, message);
            None
        }
        None => Some(k),
    }
}

/// The arm of a value whose text cannot have the declared type: marked unviable, it goes
/// on into the body.
fn mistyped_arm(c: &Collector, k: u32) -> TokenStream {
    let rt = rt();
    let mark = fallback::mistyped(c.id_of(k).as_deref());
    quote!(#k => { #mark #rt::fell_back(); })
}

/// One arm per value, each returning it at once; a fallible value (a `Default` through
/// the fallback) falls back to the body when it cannot be made.
fn values_site(
    c: &mut Collector,
    whole: &Whole,
    values: &[Value],
    unbuilt: &Unbuilt,
    some: &TokenStream,
) -> TokenStream {
    let rt = rt();
    let site = c.new_site();
    let arms: Vec<TokenStream> = values
        .iter()
        .filter_map(|v| {
            let k = add_value(c, whole, site, &v.shown, v, unbuilt)?;
            let code = &v.code;
            Some(if v.mistyped {
                mistyped_arm(c, k)
            } else if v.fallbacks.any() {
                let fallbacks = fallback::declare(v.fallbacks, c.id_of(k).as_deref());
                quote!(#k => {
                    #fallbacks
                    if let ::core::option::Option::Some(__mutate_v) = (|| #some(#code))() {
                        return __mutate_v;
                    }
                    #rt::fell_back();
                })
            } else {
                quote!(#k => return #code,)
            })
        })
        .collect();
    let sw = switch(site);
    quote!(match #sw { #(#arms)* _ => {} })
}

/// The `Some` that wraps a fallible value in its closure: `Option::<T>::Some` where the
/// declared type `T` can be written in the body (no `impl Trait`), so that the value is
/// given that type as the text's `return` gives it (`(&[], &[])` coerced to `(&[u8],
/// &[u8])`; left to inference, it is a tuple of arrays, which does not build); else
/// `Option::Some`.
fn typed_some(output: &syn::ReturnType) -> TokenStream {
    match output {
        syn::ReturnType::Type(_, ty) if !crate::syntax::mentions_impl(ty.to_token_stream()) => {
            quote!(::core::option::Option::<#ty>::Some)
        }
        _ => quote!(::core::option::Option::Some),
    }
}

/// `impl Iterator<Item = T>`: an empty iterator, or one holding each value of `T`; in an
/// `Option` (`optional`), also `None`, and those iterators in `Some`. One opaque type for
/// every return: the body's iterator and the replacement share `EitherIter`. The body runs
/// in a closure so its own `return`s still return its value.
fn iterator_site(
    c: &mut Collector,
    whole: &Whole,
    block: &mut Block,
    (items, optional): (&[Value], bool),
    unbuilt: &Unbuilt,
) {
    let rt = rt();
    let site = c.new_site();
    // Each arm's value, in a `Some`: the iterator's one item, if any (`None`: empty), and
    // that in a `Some` of its own where the function returns an `Option` (`None`: `None`).
    let wrap = |iterator: TokenStream| {
        if optional {
            quote!(::core::option::Option::Some(#iterator))
        } else {
            iterator
        }
    };
    let none = quote!(::core::option::Option::None);
    let mut arms = Vec::new();
    if optional {
        let k = whole.add(c, site, "None");
        arms.push(quote!(#k => ::core::option::Option::Some(#none),));
    }
    let k = whole.add(c, site, &iterator_shown(None, optional));
    let empty = wrap(none.clone());
    arms.push(quote!(#k => ::core::option::Option::Some(#empty),));
    for v in items {
        let text = iterator_shown(Some(&v.shown), optional);
        let Some(k) = add_value(c, whole, site, &text, v, unbuilt) else {
            continue;
        };
        let code = &v.code;
        let one = wrap(quote!(::core::option::Option::Some(#code)));
        arms.push(if v.mistyped {
            let mark = fallback::mistyped(c.id_of(k).as_deref());
            quote!(#k => { #mark #rt::fell_back(); #none })
        } else if v.fallbacks.any() {
            let fallbacks = fallback::declare(v.fallbacks, c.id_of(k).as_deref());
            quote!(#k => {
                #fallbacks
                (|| ::core::option::Option::Some(#one))().or_else(|| {
                    #rt::fell_back();
                    #none
                })
            })
        } else {
            quote!(#k => ::core::option::Option::Some(#one),)
        });
    }
    let sw = switch(site);
    let stmts = &block.stmts;
    let body = quote!((move || { #(#stmts)* })());
    let wrapped = if optional {
        quote! {{
            let __mutate_replaced: ::core::option::Option<
                ::core::option::Option<::core::option::Option<_>>,
            > = match #sw { #(#arms)* _ => #none };
            if let ::core::option::Option::Some(__mutate_r) = __mutate_replaced {
                return __mutate_r.map(|__mutate_item: ::core::option::Option<_>| {
                    #rt::EitherIter::Replaced(__mutate_item.into_iter())
                });
            }
            #body.map(#rt::EitherIter::Body)
        }}
    } else {
        quote! {{
            let __mutate_replaced: ::core::option::Option<::core::option::Option<_>> =
                match #sw { #(#arms)* _ => #none };
            if let ::core::option::Option::Some(__mutate_item) = __mutate_replaced {
                return #rt::EitherIter::Replaced(__mutate_item.into_iter());
            }
            #rt::EitherIter::Body(#body)
        }}
    };
    *block = syn::parse2(wrapped).expect("a block");
}

fn prepend(block: &mut Block, tokens: TokenStream) {
    block
        .stmts
        .insert(0, Stmt::Item(syn::Item::Verbatim(tokens)));
}

/// The body's text when it is one expression: a replacement equal to it is not made.
fn body_text(block: &Block) -> Option<String> {
    match block.stmts.as_slice() {
        [Stmt::Expr(e, None)] => Some(tidy(&e.to_token_stream())),
        _ => None,
    }
}

/// A long body shortened for the catalog: the report shows the source itself.
fn elide(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let head: String = text.chars().take(MAX).collect();
    format!("{head} …")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn witness(item: &str) -> Option<String> {
        let f: syn::ItemFn = syn::parse_str(item).unwrap();
        let whole = Whole::of(&f.sig, &f.block);
        unused_witness(&f.sig, &f.block, &whole).map(|w| w.to_string())
    }

    #[test]
    fn a_function_whose_replacements_leave_a_name_unused_has_a_witness() {
        for item in [
            "fn f(a: u32) -> u32 { a }",
            "fn f(&self, (a, _b): (u32, u32)) -> u32 { a }",
            "fn f(Point { x, .. }: Point) -> u32 { x }",
            "fn f(mut a: Vec<u32>) { a.push(1) }",
        ] {
            let code = witness(item).unwrap_or_else(|| panic!("{item}"));
            assert!(code.contains("mutate_unused_"), "{code}");
            // No level of its own: the crate's decides.
            assert!(!code.contains("unused_variables"), "{code}");
        }
    }

    #[test]
    fn names_rustc_would_not_warn_of_have_none() {
        for item in [
            "fn f(&self) -> u32 { 1 }",
            "fn f(_a: u32, _: u32) -> u32 { 1 }",
            "fn f(#[allow(unused_variables)] a: u32) -> u32 { a }",
        ] {
            assert_eq!(witness(item), None, "{item}");
        }
    }
}
