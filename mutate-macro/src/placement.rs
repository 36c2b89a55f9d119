//! Where the attribute may stand, and what it expands to there: its arguments parsed, the
//! item checked, then walked once (`items.rs`) into the item as written, less nested
//! `#[mutate]` attributes, and its schemata copy, both handed to `__select!`. Every error
//! met on the way goes to one collector; with any, the item is emitted as written after
//! them.

use crate::attr::{self, Options};
use crate::errors::Errors;
use crate::items::Walk;
use mutate_operators::Selection;
use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::Item;

pub fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let _rules = crate::user_rules::Expansion::begin();
    let mut errors = Errors::default();
    let Some(options) = errors.ok(attr::parse_args(args)) else {
        return errors.emit(input);
    };
    // The driver's inserted attribute moved the item's first line right by the distance
    // between where the item now starts and where the user wrote it.
    if let Some(written) = options.written_at_column
        && let Some(first) = input.clone().into_iter().next()
    {
        let now = crate::location::start(first.span());
        let shift = now.column.saturating_sub(written.saturating_sub(1));
        return crate::location::with_insertion(now.line, shift, || {
            expand_item(options, input, errors)
        });
    }
    expand_item(options, input, errors)
}

fn expand_item(options: Options, input: TokenStream, mut errors: Errors) -> TokenStream {
    let Some(mut item) = errors.ok(syn::parse2::<Item>(input.clone())) else {
        return errors.emit(input);
    };
    if options.skip {
        return input;
    }
    if let Some(problem) = crate::user_rules::error() {
        errors.push(syn::Error::new(Span::call_site(), problem));
        return errors.emit(item);
    }
    if let Some(error) = misplaced(&item) {
        errors.push(error);
        return errors.emit(item);
    }
    let selection = options.selection(&Selection::all());
    let schemata = Walk::annotated(&mut errors).top(&mut item, &selection);
    if !errors.is_empty() {
        return errors.emit(item);
    }
    let unit_tests = unit_tests(&item);
    quote! {
        ::mutate_runtime::__select! { { #item } { #schemata } }
        #unit_tests
    }
}

/// The driver's suggested unit tests for a private function of this item's module
/// (`mutate_protocol::env::UNIT_TESTS`, only in the driver's compilations of them): a
/// test module beside the item, from the file the driver wrote, which sees the module's
/// private items as `super::`.
fn unit_tests(item: &Item) -> TokenStream {
    let Some(list) = std::env::var_os(mutate_protocol::env::UNIT_TESTS) else {
        return TokenStream::new();
    };
    let Ok(list) = std::fs::read_to_string(list) else {
        return TokenStream::new();
    };
    // The first and the last token: a span that joins them is not to be had on stable.
    let tokens: Vec<proc_macro2::TokenTree> =
        quote::ToTokens::to_token_stream(item).into_iter().collect();
    let (Some(head), Some(tail)) = (tokens.first(), tokens.last()) else {
        return TokenStream::new();
    };
    let file = crate::location::file_of(head.span());
    let (first, last) = (
        crate::location::start(head.span()).line,
        crate::location::end(tail.span()).line,
    );
    let modules = list.lines().filter_map(|line| {
        let mut f = line.splitn(3, '\t');
        let (at, line, path) = (f.next()?, f.next()?.parse::<usize>().ok()?, f.next()?);
        (at == file && (first..=last).contains(&line)).then(|| {
            let name = quote::format_ident!("__mutate_suggested_{line}");
            quote! {
                #[cfg(test)]
                #[path = #path]
                mod #name;
            }
        })
    });
    modules.collect()
}

/// The error for an item the attribute cannot go on.
fn misplaced(item: &Item) -> Option<syn::Error> {
    let message = match item {
        Item::Fn(_) | Item::Impl(_) | Item::Trait(_) | Item::Const(_) | Item::Static(_) => {
            return None;
        }
        Item::Mod(m) if m.content.is_some() => return None,
        Item::Mod(_) => "`#[mutate]` cannot see into `mod name;`: put `#[mutate]` on the items \
                         inside that file, or on an inline `mod name { ... }`"
            .to_owned(),
        other => format!(
            "`#[mutate]` goes on a fn, an impl block, a trait, an inline mod, a const or a \
             static, not on {}",
            kind(other)
        ),
    };
    // The error points at the attribute itself (the call site).
    Some(syn::Error::new(Span::call_site(), message))
}

/// How an item a user put the attribute on is called, for the error message.
fn kind(item: &Item) -> &'static str {
    match item {
        Item::Const(_) => "a const",
        Item::Enum(_) => "an enum",
        Item::ExternCrate(_) => "an `extern crate`",
        Item::ForeignMod(_) => "an `extern` block",
        Item::Macro(_) => "a macro",
        Item::Static(_) => "a static",
        Item::Struct(_) => "a struct",
        Item::TraitAlias(_) => "a trait alias",
        Item::Type(_) => "a type alias",
        Item::Union(_) => "a union",
        Item::Use(_) => "a `use`",
        _ => "this item",
    }
}

/// The schemata copy of `item` as text, for the operators' tests.
#[cfg(test)]
pub fn schemata_text(item: TokenStream) -> String {
    let out: syn::Macro = syn::parse2(expand(quote::quote!(), item)).expect("a __select! call");
    out.tokens.into_iter().nth(1).unwrap().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two copies `__select!` gets, as text.
    fn copies(args: TokenStream, item: TokenStream) -> (String, String) {
        let out: syn::Macro = syn::parse2(expand(args, item)).expect("a __select! call");
        let mut groups = out.tokens.into_iter().map(|t| t.to_string());
        (groups.next().unwrap(), groups.next().unwrap())
    }

    #[test]
    fn nested_options_leave_nothing_behind() {
        // Items under a skipped or test-only item keep none of their own attributes'
        // traces in either copy.
        let (written, schemata) = copies(
            quote!(),
            quote! {
                mod m {
                    #[mutate(skip)]
                    mod s {
                        #[mutate(operators(literal))]
                        fn f() -> u8 { 1 }
                    }
                    #[cfg(test)]
                    mod tests {
                        #[mutate(skip)]
                        fn t() {}
                    }
                }
            },
        );
        assert_eq!(written, schemata);
        assert!(!written.contains("mutate"), "{written}");
    }

    #[test]
    fn nested_operators_choose_the_mutants() {
        let (_, schemata) = copies(
            quote!(operators(literal)),
            quote! {
                impl S {
                    #[mutate(operators(arithmetic))]
                    fn a(&self) -> u8 { self.0 + 1 }
                    fn b(&self) -> u8 { self.0 + 1 }
                }
            },
        );
        assert!(schemata.contains("replace + with - in S::a"), "{schemata}");
        assert!(!schemata.contains("replace 1 with 0 in S::a"), "{schemata}");
        assert!(schemata.contains("replace 1 with 0 in S::b"), "{schemata}");
        assert!(!schemata.contains("replace + with - in S::b"), "{schemata}");
    }

    #[test]
    fn closures_of_a_schemata_only_function_choose_where_they_start() {
        // `impl Fn`: one body (two would return two closure types), so the closure
        // chooses its body as written itself, first thing.
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn adder(n: i32) -> impl Fn(i32) -> i32 { move |x| x + n }
            },
        );
        let choice = "if ! :: mutate_runtime :: __private :: schemata";
        // The last: the first is in the body replacement's `original` text.
        let closure = schemata.rfind("move | x |").expect("the closure");
        let after = &schemata[closure..];
        assert!(after.find(choice).is_some_and(|at| at < 20), "{schemata}");
        assert!(after.contains("return x + n ;"), "{schemata}");
        // A function with both bodies chooses at entry; its closures do not.
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn twice(n: i32) -> i32 { let f = move |x| x + n; f(f(0)) }
            },
        );
        assert_eq!(schemata.matches(choice).count(), 0, "{schemata}");
        let entry = "if :: mutate_runtime :: __private :: detour";
        assert_eq!(schemata.matches(entry).count(), 1, "{schemata}");
    }

    #[test]
    fn closure_calls_count_toward_the_budget_only_where_something_is_on() {
        let tick = ":: mutate_runtime :: __private :: tick (& __MUTATE_TABLE) ;";
        // The last closure: the schemata body's, or with both bodies, the written one's.
        let after_closure = |schemata: &str| {
            let closure = schemata.rfind("move | |").expect("the closure");
            schemata[closure..].to_string()
        };
        // Both bodies: counted in the schemata body's closure, with or without mutants of
        // its own (a mutant around it can make it endless as well); the written body's
        // closure is as written.
        for body in [
            quote!(let mut n = 0; std::iter::from_fn(move || { n += 1; Some(n) }).nth(3)),
            quote!(let n = 3; std::iter::from_fn(move || Some(n)).nth(3)),
        ] {
            let (_, schemata) = copies(quote!(), quote! { fn f() -> Option<i32> { #body } });
            let counted = schemata
                .match_indices("move | |")
                .filter(|(at, _)| schemata[*at..].find(tick).is_some_and(|t| t < 200))
                .count();
            assert_eq!(counted, 1, "{schemata}");
            assert!(!after_closure(&schemata).contains(tick), "{schemata}");
        }
        // One body: counted past the closure's own choice of its body as written.
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn g(mut n: i32) -> impl Iterator<Item = i32> {
                    std::iter::from_fn(move || { n += 1; Some(n) })
                }
            },
        );
        let closure = after_closure(&schemata);
        let choice = closure.find("return").expect("the choice");
        assert!(
            closure.find(tick).is_some_and(|at| at > choice),
            "{schemata}"
        );
        // One body, and a closure that cannot choose (it holds a closure): counted while
        // its function's schemata body is chosen.
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn k(mut n: i32) -> impl Iterator<Item = i32> {
                    std::iter::from_fn(move || { n += 1; Some(n).map(|m| m * 2) })
                }
            },
        );
        let checked = format!(
            "if :: mutate_runtime :: __private :: schemata (& __MUTATE_TABLE) {{ {tick} }}"
        );
        assert!(after_closure(&schemata).contains(&checked), "{schemata}");
        // One body and a closure of no mutants of its own: it runs with nothing on, so
        // it is left alone.
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn h(n: i32) -> impl Iterator<Item = i32> {
                    let m = n + 1;
                    std::iter::from_fn(move || Some(m))
                }
            },
        );
        assert!(!after_closure(&schemata).contains(tick), "{schemata}");
    }

    #[test]
    fn a_closure_whose_value_could_be_a_closure_or_holds_items_does_not_choose() {
        // Two copies of a returned closure, async block or macro-made closure would be two
        // types; a nested `fn` has mutants of its own that the choice would not see.
        let choice = "if ! :: mutate_runtime :: __private :: schemata";
        for body in [
            quote!(move |x: i32| {
                let y = x + 1;
                move |z: i32| z * y
            }),
            quote!(|x: i32| async move { x + 1 }),
            quote!(|x: i32| {
                my_macro!(|y| y);
                x + 1
            }),
            quote!(|x: i32| {
                fn helper(v: i32) -> i32 {
                    v + 1
                }
                helper(x) + 1
            }),
        ] {
            let (_, schemata) = copies(
                quote!(),
                quote! {
                    fn f() -> impl Sized { #body }
                },
            );
            assert!(
                schemata.contains("replace + with"),
                "no mutants: {schemata}"
            );
            // The outer closure does not choose (an inner one with sites may: its value
            // is one type either way).
            let closure = schemata.rfind("| x : i32 |").expect("the closure");
            let start = &schemata[closure..(closure + 80).min(schemata.len())];
            assert!(!start.contains(choice), "{schemata}");
        }
    }

    #[test]
    fn the_schemata_body_runs_out_of_line_where_it_can() {
        let outline = ":: mutate_runtime :: __private :: outline (move || ->";
        let (_, schemata) = copies(
            quote!(),
            quote! {
                fn get(&mut self, i: usize) -> Option<&mut u8> { self.0.get_mut(i + 1) }
            },
        );
        // The call is detoured and asks once whether it is traced; the one closure runs
        // if it is (the tracing first in it) or if the schemata body is chosen, so the
        // traced function's call again takes the body as written when none of its
        // mutants is on. One closure: each would keep room for the arguments in the frame.
        let at = |text: &str| schemata.find(text).expect(text);
        let detour = at("if :: mutate_runtime :: __private :: detour");
        let asked =
            at("let __mutate_traced = :: mutate_runtime :: __private :: observe :: wanted ()");
        let chosen = at("if __mutate_traced || :: mutate_runtime :: __private :: schemata");
        let out_of_line = at(outline);
        let traced = at("if __mutate_traced {");
        let written = schemata.rfind("return { self . 0 . get_mut (i + 1) }");
        assert!(
            detour < asked && asked < chosen && chosen < out_of_line && out_of_line < traced,
            "{schemata}"
        );
        assert_eq!(schemata.matches(outline).count(), 1, "{schemata}");
        assert!(written.is_some_and(|w| w > out_of_line), "{schemata}");
        assert!(
            schemata[out_of_line..].starts_with(&format!("{outline} Option < & mut u8 > {{")),
            "the closure states the return type: {schemata}"
        );
        // A tiny body is marked `#[inline]`, as rustc would have inlined it as written,
        // unless its author chose or its symbol is exported (where rustc warns).
        let inline = "# [inline]";
        let (written, schemata) = copies(
            quote!(),
            quote!(
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
        );
        assert!(
            !written.contains(inline) && schemata.contains(inline),
            "{schemata}"
        );
        for item in [
            quote!(
                #[inline(never)]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                #[unsafe(no_mangle)]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                #[export_name = "g"]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                #[cfg_attr(unix, inline(always))]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                fn f(x: u8) -> u8 {
                    let y = x + 1;
                    let z = y * 2 + x * 3;
                    (y + z) * (x + 1)
                }
            ),
        ] {
            let (_, schemata) = copies(quote!(), item);
            assert!(schemata.contains(outline), "{schemata}");
            assert_eq!(schemata.matches(inline).count(), 0, "{schemata}");
        }
        // Each of these keeps its schemata body in line: a body that awaits, a caller's
        // location that a closure would hide (also under `cfg_attr`), a call that never
        // returns.
        for item in [
            quote!(
                async fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                #[track_caller]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                #[cfg_attr(unix, track_caller)]
                fn f(x: u8) -> u8 {
                    x + 1
                }
            ),
            quote!(
                fn f(x: u8) -> ! {
                    let y = x + 1;
                    panic!("{y}")
                }
            ),
        ] {
            let (_, schemata) = copies(quote!(), item);
            assert!(schemata.contains("replace + with"), "{schemata}");
            assert!(!schemata.contains(outline), "{schemata}");
        }
    }
}
