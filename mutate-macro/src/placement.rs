//! Where the attribute may stand, and what it does there: a free fn, every fn of an
//! `impl` block, a trait's default methods, every such item of an inline `mod`
//! (recursively). Inner `#[mutate(skip)]` items and test-only items are left alone.

use crate::attr::{self, Options};
use crate::build_errors;
use crate::dispatch;
use crate::emit;
use crate::errors::Errors;
use crate::model::Collector;
use crate::operators::fn_value;
use crate::rewrite::Rewriter;
use crate::syntax::{self_type_name, type_params};
use mutate_operators::Selection;
use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{Block, ImplItem, Item, Signature, Stmt, TraitItem};

pub fn expand(args: TokenStream, input: TokenStream) -> TokenStream {
    let mut errors = Errors::default();
    let Some(options) = errors.ok(attr::parse_args(args)) else {
        return errors.emit(input);
    };
    // The driver's inserted attribute moved the item's first line right by the distance
    // between where the item now starts and where the user wrote it.
    if let Some(written) = options.written_at_column
        && let Some(first) = input.clone().into_iter().next()
    {
        let now = first.span().start();
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
    strip_inner(&mut item, &mut errors);
    let mut original = item.clone();
    clear_marks(&mut original);
    let selection = options.selection(&Selection::all());
    let mut schemata = item;
    match &mut schemata {
        Item::Fn(f) => {
            if f.sig.constness.is_some() {
                errors.push(syn::Error::new_spanned(
                    &f.sig,
                    "`#[mutate]` cannot go on a `const fn`: a const context has no room for \
                     run-time switches",
                ));
            } else {
                let name = f.sig.ident.to_string();
                rewrite_fn(name, &f.sig, &mut f.block, &selection, &[]);
            }
        }
        Item::Impl(_) | Item::Trait(_) => rewrite_item(&mut schemata, "", &selection),
        Item::Mod(m) if m.content.is_some() => rewrite_item(&mut schemata, "", &selection),
        // Misplaced: the error points at the attribute itself (the call site).
        Item::Mod(_) => errors.push(syn::Error::new(
            proc_macro2::Span::call_site(),
            "`#[mutate]` cannot see into `mod name;`: put `#[mutate]` on the items inside \
             that file, or on an inline `mod name { ... }`",
        )),
        other => errors.push(syn::Error::new(
            proc_macro2::Span::call_site(),
            format!(
                "`#[mutate]` goes on a fn, an impl block, a trait or an inline mod, not on {}",
                kind(other)
            ),
        )),
    }
    if !errors.is_empty() {
        return errors.emit(original);
    }
    quote! {
        ::mutate_runtime::__select! { { #original } { #schemata } }
    }
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

/// Marker attributes left on inner items between stripping and rewriting: the items to
/// skip, and the items with their own operators.
const SKIP_MARK: &str = "__mutate_skip";
const OPERATORS_MARK: &str = "__mutate_operators";

/// Takes nested `#[mutate]` attributes off (they must not expand again) and marks the
/// items they skip or give their own operators.
fn strip_inner(item: &mut Item, errors: &mut Errors) {
    fn mark(attrs: &mut Vec<syn::Attribute>, errors: &mut Errors) {
        match attr::take_inner(attrs, errors) {
            Some(Options { skip: true, .. }) => attrs.push(syn::parse_quote!(#[__mutate_skip])),
            Some(Options {
                operators: Some(names),
                ..
            }) => {
                let names = names.iter().map(|n| quote::format_ident!("{n}"));
                attrs.push(syn::parse_quote!(#[__mutate_operators(#(#names),*)]));
            }
            _ => {}
        }
    }
    match item {
        Item::Impl(i) => {
            for inner in &mut i.items {
                if let ImplItem::Fn(f) = inner {
                    mark(&mut f.attrs, errors);
                }
            }
        }
        Item::Trait(t) => {
            for inner in &mut t.items {
                if let TraitItem::Fn(f) = inner {
                    mark(&mut f.attrs, errors);
                }
            }
        }
        Item::Mod(m) => {
            for inner in m.content.iter_mut().flat_map(|(_, items)| items) {
                let attrs = match inner {
                    Item::Fn(f) => &mut f.attrs,
                    Item::Impl(i) => &mut i.attrs,
                    Item::Trait(t) => &mut t.attrs,
                    Item::Mod(m) => &mut m.attrs,
                    _ => continue,
                };
                mark(attrs, errors);
                strip_inner(inner, errors);
            }
        }
        _ => {}
    }
}

/// Removes skip marks from the copy of the item that is emitted as written.
fn clear_marks(item: &mut Item) {
    match item {
        Item::Impl(i) => {
            for inner in &mut i.items {
                if let ImplItem::Fn(f) = inner {
                    take_marks(&mut f.attrs, &Selection::none());
                }
            }
        }
        Item::Trait(t) => {
            for inner in &mut t.items {
                if let TraitItem::Fn(f) = inner {
                    take_marks(&mut f.attrs, &Selection::none());
                }
            }
        }
        Item::Mod(m) => {
            for inner in m.content.iter_mut().flat_map(|(_, items)| items) {
                match inner {
                    Item::Fn(f) => {
                        take_marks(&mut f.attrs, &Selection::none());
                    }
                    Item::Impl(i) => {
                        take_marks(&mut i.attrs, &Selection::none());
                    }
                    Item::Trait(t) => {
                        take_marks(&mut t.attrs, &Selection::none());
                    }
                    Item::Mod(m) => {
                        take_marks(&mut m.attrs, &Selection::none());
                    }
                    _ => {}
                }
                clear_marks(inner);
            }
        }
        _ => {}
    }
}

/// Removes an item's marks, returning the operators it should get: `None` to leave it
/// alone (marked to skip, or test-only code), else its own operators or `outer`.
fn take_marks(attrs: &mut Vec<syn::Attribute>, outer: &Selection) -> Option<Selection> {
    let mut skip = attr::is_test_only(attrs);
    let mut selection = outer.clone();
    attrs.retain(|a| {
        if a.path().is_ident(SKIP_MARK) {
            skip = true;
            false
        } else if a.path().is_ident(OPERATORS_MARK) {
            let names = a.meta.require_list().map(|l| l.tokens.to_string());
            if let Ok(names) = names
                && let Ok(own) = Selection::of(names.split(','))
            {
                selection = own;
            }
            false
        } else {
            true
        }
    });
    (!skip).then_some(selection)
}

/// Rewrites every function an impl, trait or mod holds. `prefix` is the module path
/// inside the annotated item, for function names.
pub fn rewrite_item(item: &mut Item, prefix: &str, outer: &Selection) {
    match item {
        Item::Fn(f) => {
            let Some(selection) = take_marks(&mut f.attrs, outer) else {
                return;
            };
            let name = format!("{prefix}{}", f.sig.ident);
            rewrite_fn(name, &f.sig, &mut f.block, &selection, &[]);
        }
        Item::Impl(i) => {
            let Some(outer) = take_marks(&mut i.attrs, outer) else {
                return;
            };
            let ty = self_type_name(&i.self_ty);
            let generics = type_params(&i.generics);
            for inner in &mut i.items {
                if let ImplItem::Fn(f) = inner
                    && let Some(selection) = take_marks(&mut f.attrs, &outer)
                {
                    let name = format!("{prefix}{ty}::{}", f.sig.ident);
                    rewrite_fn(name, &f.sig, &mut f.block, &selection, &generics);
                }
            }
        }
        Item::Trait(t) => {
            let Some(outer) = take_marks(&mut t.attrs, outer) else {
                return;
            };
            let trait_name = t.ident.to_string();
            let generics = type_params(&t.generics);
            for inner in &mut t.items {
                if let TraitItem::Fn(f) = inner
                    && let Some(selection) = take_marks(&mut f.attrs, &outer)
                    && let Some(block) = &mut f.default
                {
                    let name = format!("{prefix}{trait_name}::{}", f.sig.ident);
                    rewrite_fn(name, &f.sig, block, &selection, &generics);
                }
            }
        }
        Item::Mod(m) => {
            let Some(outer) = take_marks(&mut m.attrs, outer) else {
                return;
            };
            let prefix = format!("{prefix}{}::", m.ident);
            for inner in m.content.iter_mut().flat_map(|(_, items)| items) {
                rewrite_item(inner, &prefix, &outer);
            }
        }
        _ => {}
    }
}

/// Rewrites one body into schemata and puts its table first. `const fn`s are skipped:
/// a const context cannot hold run-time switches.
/// `outer_generics`: the type parameters of the enclosing impl or trait.
fn rewrite_fn(
    name: String,
    sig: &Signature,
    block: &mut Block,
    selection: &Selection,
    outer_generics: &[String],
) {
    if sig.constness.is_some() {
        return;
    }
    let written = block.clone();
    let mut collector = Collector::new(name, selection.clone());
    Rewriter::new(&mut collector).visit_block_mut(block);
    let mut generics = outer_generics.to_vec();
    generics.extend(type_params(&sig.generics));
    fn_value::rewrite(&mut collector, sig, &generics, block, &written);
    if collector.mutants.is_empty() {
        *block = written;
        return;
    }
    // The driver's last build failed in this function: as written, mutants unviable.
    let file = crate::location::file_of(sig.fn_token.span);
    let (start, end) = (
        sig.fn_token.span.start(),
        written.brace_token.span.close().end(),
    );
    if let Some(message) = build_errors::in_function(&file, start, end) {
        collector.unviable_since(0, message);
        *block = written;
    } else if dispatch::possible(sig, &written) {
        dispatch::choose(block, written);
    }
    let table = emit::table_items(&collector);
    block.stmts.insert(0, Stmt::Item(Item::Verbatim(table)));
}
