//! The choice at function entry: the body as written, or the schemata body. With nothing
//! of the function active (and no coverage being counted), the function runs the code the
//! user wrote, compiled as written, for the price of one load per call; site checks, loop
//! ticks and type tricks run only in the function whose mutant is on.
//!
//! Some bodies cannot be emitted twice. Those keep the schemata body alone (and pay a check
//! per site when nothing is active, but for their closures, which make the same choice
//! where they start):
//! - a return type with `impl Trait`: the two bodies would return two different hidden
//!   types (each copy of a closure is a type of its own);
//! - nested items with code of their own (`fn`, `impl`, `trait`, `mod`): the schemata copy
//!   of a nested `fn` holds its mutants, which the written copy would bypass, and a second
//!   `impl` of an outer type conflicts with the first;
//! - items that name a symbol or export a macro: two copies would clash.

use crate::emit;
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::visit::{self, Visit};
use syn::{Block, Expr, ReturnType, Signature, Stmt};

/// Whether `written` (the body of `sig`) may be emitted beside its schemata copy.
pub fn possible(sig: &Signature, written: &Block) -> bool {
    if let ReturnType::Type(_, ty) = &sig.output
        && crate::syntax::mentions_impl(ty.to_token_stream())
    {
        return false;
    }
    let mut items = NestedItems {
        twice_unsafe: false,
    };
    items.visit_block(written);
    !items.twice_unsafe
}

struct NestedItems {
    twice_unsafe: bool,
}

impl<'ast> Visit<'ast> for NestedItems {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        use syn::Item;
        let attrs: &[syn::Attribute] = match item {
            Item::Fn(_) | Item::Impl(_) | Item::Trait(_) | Item::Mod(_) | Item::ForeignMod(_) => {
                self.twice_unsafe = true;
                return;
            }
            Item::Static(s) => &s.attrs,
            Item::Macro(m) => &m.attrs,
            _ => return,
        };
        if attrs.iter().any(|a| {
            let path = a.path();
            path.is_ident("no_mangle")
                || path.is_ident("export_name")
                || path.is_ident("macro_export")
                || path.is_ident("unsafe")
        }) {
            self.twice_unsafe = true;
        }
    }

    // Attributes' and macros' tokens are not code of this body.
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    fn visit_expr(&mut self, e: &'ast syn::Expr) {
        if !self.twice_unsafe {
            visit::visit_expr(self, e);
        }
    }
}

/// Whether a closure's body as written, `written`, may be emitted beside its schemata copy
/// inside the closure. Both copies give the closure's value, so neither may hold a closure
/// or an async block (each copy would be a type of its own), nor a macro whose tokens could
/// make one; and no item (a nested `fn`'s mutants live in its own table, which the
/// closure's choice does not see, and an `impl` would be defined twice).
pub fn possible_in_closure(written: &Expr) -> bool {
    let mut copyable = ClosureCopyable { copyable: true };
    copyable.visit_expr(written);
    copyable.copyable
}

struct ClosureCopyable {
    copyable: bool,
}

impl<'ast> Visit<'ast> for ClosureCopyable {
    fn visit_item(&mut self, _: &'ast syn::Item) {
        self.copyable = false;
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        if makes_closures(m.tokens.clone()) {
            self.copyable = false;
        }
    }

    fn visit_expr(&mut self, e: &'ast Expr) {
        match e {
            Expr::Closure(_) | Expr::Async(_) => self.copyable = false,
            _ if self.copyable => visit::visit_expr(self, e),
            _ => {}
        }
    }
}

/// Whether macro tokens could write a closure or an async block: a `|` or `async` anywhere.
fn makes_closures(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|t| match t {
        proc_macro2::TokenTree::Punct(p) => p.as_char() == '|',
        proc_macro2::TokenTree::Ident(i) => i == "async",
        proc_macro2::TokenTree::Group(g) => makes_closures(g.stream()),
        proc_macro2::TokenTree::Literal(_) => false,
    })
}

/// Puts the choice first in `schemata` (after its table items, which the caller inserts at
/// index 0 afterwards): with the function's table not switched to schemata, return the
/// body as written.
pub fn choose(schemata: &mut Block, written: Block) {
    schemata.stmts.insert(0, choice(written.to_token_stream()));
}

/// The same choice at the start of a closure of a function that keeps its schemata body
/// alone: the closure is one type either way, so a function returning `impl Fn` still has
/// closures that run as written when nothing of it is on. indexmap's hash lookups call
/// such closures at every probe, each paying its site checks. `schemata` is the closure's
/// body after rewriting, a block; `written`, its body as written.
pub fn choose_in_closure(schemata: &mut Expr, written: Expr) {
    match schemata {
        Expr::Block(block) => block
            .block
            .stmts
            .insert(0, choice(written.to_token_stream())),
        _ => unreachable!("a rewritten closure body is a block"),
    }
}

/// `if` the function's table is not switched to schemata, `return` the code as written.
fn choice(written: TokenStream) -> Stmt {
    let rt = emit::rt();
    let table = emit::table();
    // `return` (not `if .. else`) keeps the written body's value a coercion site to the
    // return type, as it was. The allows: a diverging body makes the `return`
    // unreachable, and a body of one expression has braces rustc calls unnecessary.
    let choice = quote! {
        if !#rt::schemata(&#table) {
            #[allow(unreachable_code, unused_braces)]
            return #written;
        }
    };
    Stmt::Item(syn::Item::Verbatim(choice))
}
