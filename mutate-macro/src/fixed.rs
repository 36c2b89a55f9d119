//! The driver's equivalence builds (`MUTATE_SCHEMATA=fixed`): each function's switch is a
//! constant the macro writes, read from the list in the `MUTATE_FIXED` directory
//! (`mutate_protocol::env::fixed_file`): `fix <id>` writes that mutant in, `watch <id>`
//! makes its site's evaluation visible (an opaque call), anything else leaves the function
//! computing as written. The runtime built for these builds counts, probes and traces
//! nothing, so the optimiser folds every site to one arm, and the code of two such builds
//! differs only where their lists do. Every rewritten function is kept out of line
//! (`#[inline(never)]`), so a mutant's code stays in its function's own symbol, where the
//! driver looks for it first.

use crate::model::Collector;
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::Cell;
use std::sync::OnceLock;
use syn::{Block, FnArg, Pat, Signature, Stmt};

#[derive(Debug, Default)]
struct Fixed {
    /// The list, in an equivalence build.
    path: Option<String>,
    fix: Vec<String>,
    watch: Vec<String>,
    /// The build compiles the tests too (a line `tests`): their executables hold every
    /// function as a private copy, whose every call the compiler knows.
    tests: bool,
}

fn fixed() -> &'static Fixed {
    static FIXED: OnceLock<Fixed> = OnceLock::new();
    FIXED.get_or_init(|| {
        let Some(path) = list_path() else {
            return Fixed::default();
        };
        crate::tracked_file::create_if_missing(&path);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let (fix, watch) = parse(&text);
        Fixed {
            path: Some(path),
            fix,
            watch,
            tests: text.lines().any(|l| l == "tests"),
        }
    })
}

/// The ids to write in and the ids to watch, from a list's text.
fn parse(text: &str) -> (Vec<String>, Vec<String>) {
    let (mut fix, mut watch) = (Vec::new(), Vec::new());
    for line in text.lines() {
        if let Some(id) = line.strip_prefix("fix ") {
            fix.push(id.to_owned());
        } else if let Some(id) = line.strip_prefix("watch ") {
            watch.push(id.to_owned());
        }
    }
    (fix, watch)
}

fn list_path() -> Option<String> {
    let dir = std::env::var(mutate_protocol::env::FIXED).ok()?;
    (!dir.is_empty()).then(|| mutate_protocol::env::fixed_file(std::path::Path::new(&dir)))
}

/// Whether this expansion is for an equivalence build.
pub fn on() -> bool {
    fixed().path.is_some()
}

/// The function's constant switch, `[active, watched]` (see the runtime's
/// `Switch::fixed`), and the item that makes rustc track the list; empty outside an
/// equivalence build.
pub fn items(collector: &Collector) -> TokenStream {
    let fixed = fixed();
    let Some(path) = &fixed.path else {
        return TokenStream::new();
    };
    let [active, watched] = switch_of(collector, fixed);
    quote! {
        const _: &[u8] = ::core::include_bytes!(#path);
        #[allow(dead_code)]
        const __MUTATE_FIXED: [u32; 2] = [#active, #watched];
    }
}

const NONE: u32 = u32::MAX;

fn switch_of(collector: &Collector, fixed: &Fixed) -> [u32; 2] {
    let ids = collector.ids();
    let find = |wanted: &[String]| ids.iter().position(|id| wanted.contains(id));
    let active = find(&fixed.fix).map_or(NONE, |k| k as u32);
    let watched = find(&fixed.watch)
        .filter(|_| collector.comparable)
        .map_or(NONE, |k| collector.mutants[k].site);
    [active, watched]
}

/// The attributes of a rewritten function in an equivalence build: its own `#[inline]`
/// taken off and `#[inline(never)]` put on, so its code (its mutants' included) has a
/// symbol of its own.
pub fn out_of_line(attrs: &mut Vec<syn::Attribute>) {
    attrs.retain(|a| !a.path().is_ident("inline"));
    attrs.push(syn::parse_quote!(#[inline(never)]));
}

thread_local! {
    /// Set while a trait's default methods are rewritten: `Self` is a type parameter there.
    static IN_TRAIT: Cell<bool> = const { Cell::new(false) };
}

/// Runs `rewrite` for a default method of a trait.
pub fn in_trait<R>(rewrite: impl FnOnce() -> R) -> R {
    IN_TRAIT.with(|t| t.set(true));
    let result = rewrite();
    IN_TRAIT.with(|t| t.set(false));
    result
}

/// Whether an equivalence build may compare the function's code, and what it must do
/// first. A function that is not generic has one copy, in its crate, as every caller sees
/// it (exported, or private to the callers its crate has). A generic one is compiled once
/// per use, where the compiler knows every call: it could fold a caller's constant
/// arguments into the copy, so that a mutant that differs for other arguments compiles to
/// the same code; so could any function in a test executable, where everything is private.
/// Its arguments are made opaque first (`core::hint::black_box`), where each is a plain
/// name, `self` included (the body reads an opaque copy of it); one with a pattern for an
/// argument, or a receiver and items in its body, is not compared: its mutants are never
/// watched, so never proven.
pub fn prepare(sig: &Signature, outer_generics: &[String], block: &mut Block) -> bool {
    let generic = !outer_generics.is_empty()
        || IN_TRAIT.with(Cell::get)
        || sig.generics.type_params().next().is_some()
        || sig.generics.const_params().next().is_some()
        || sig
            .inputs
            .iter()
            .any(|a| crate::syntax::mentions_impl(quote::ToTokens::to_token_stream(a)));
    if !generic && !fixed().tests {
        return true;
    }
    let mut names = Vec::new();
    let mut receiver = None;
    for input in &sig.inputs {
        match input {
            FnArg::Typed(typed) => match &*typed.pat {
                Pat::Ident(p) if p.by_ref.is_none() && p.subpat.is_none() => {
                    names.push((p.mutability, p.ident.clone()))
                }
                _ => return false,
            },
            FnArg::Receiver(r) => receiver = Some((r.mutability, r.self_token.span)),
        }
    }
    if let Some((mutability, span)) = receiver {
        // `self` cannot be bound again: the body's own uses read an opaque copy instead.
        // Not where the body holds items of its own, whose `self` is theirs.
        let Some(renamed) = self_renamed(block) else {
            return false;
        };
        *block = renamed;
        // Named where `self` was declared: a body a `macro_rules!` wrote resolves it there.
        let copy = syn::Ident::new(OPAQUE_SELF, span);
        block.stmts.insert(
            0,
            syn::parse_quote!(let #mutability #copy = ::core::hint::black_box(self);),
        );
    }
    let opaque = names.iter().map(|(mutability, name)| -> Stmt {
        syn::parse_quote!(let #mutability #name = ::core::hint::black_box(#name);)
    });
    block.stmts.splice(0..0, opaque);
    true
}

/// The name of a method's opaque copy of `self` in an equivalence build.
const OPAQUE_SELF: &str = "__mutate_self";

/// `block` with each `self` that names the receiver read from [`OPAQUE_SELF`]: in its
/// expressions and the tokens of its macro calls, not in the items it holds (the type
/// fallbacks' traits, whose `self` is their own), nor in a path's `self::`. `None` where a
/// macro call's or verbatim expression's tokens hold an item.
fn self_renamed(block: &Block) -> Option<Block> {
    use syn::visit_mut::{self, VisitMut};
    struct Rename {
        failed: bool,
    }
    impl VisitMut for Rename {
        fn visit_item_mut(&mut self, _: &mut syn::Item) {}

        fn visit_expr_mut(&mut self, e: &mut syn::Expr) {
            match e {
                syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident("self") => {
                    let span = p.path.segments[0].ident.span();
                    p.path.segments[0].ident = syn::Ident::new(OPAQUE_SELF, span);
                }
                syn::Expr::Verbatim(tokens) => match renamed_tokens(tokens.clone()) {
                    Some(renamed) => *tokens = renamed,
                    None => self.failed = true,
                },
                _ => visit_mut::visit_expr_mut(self, e),
            }
        }

        fn visit_macro_mut(&mut self, m: &mut syn::Macro) {
            match renamed_tokens(m.tokens.clone()) {
                Some(renamed) => m.tokens = renamed,
                None => self.failed = true,
            }
        }
    }
    let mut block = block.clone();
    let mut rename = Rename { failed: false };
    rename.visit_block_mut(&mut block);
    (!rename.failed).then_some(block)
}

/// Tokens with each `self` not followed by `::` renamed; `None` where they hold an item.
fn renamed_tokens(tokens: TokenStream) -> Option<TokenStream> {
    use proc_macro2::{Group, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(tokens.len());
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(ident) if ident == "fn" || ident == "impl" || ident == "trait" => {
                return None;
            }
            TokenTree::Ident(ident) if ident == "self" => {
                let path =
                    matches!(tokens.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                out.push(match path {
                    true => token.clone(),
                    false => TokenTree::Ident(syn::Ident::new(OPAQUE_SELF, ident.span())),
                });
            }
            TokenTree::Group(group) => {
                let mut renamed = Group::new(group.delimiter(), renamed_tokens(group.stream())?);
                renamed.set_span(group.span());
                out.push(TokenTree::Group(renamed));
            }
            other => out.push(other.clone()),
        }
    }
    Some(out.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_name_mutants_to_write_in_and_to_watch() {
        let (fix, watch) =
            parse("fix src/lib.rs:1:2: replace > with >= in max\nwatch a\n\nother\n");
        assert_eq!(fix, ["src/lib.rs:1:2: replace > with >= in max"]);
        assert_eq!(watch, ["a"]);
    }
}
