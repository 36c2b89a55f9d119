//! The choice at function entry: the body as written, or the schemata body. With nothing
//! of the function active (and no coverage being counted), the function runs the code the
//! user wrote, compiled as written, for the price of one load per call; site checks, loop
//! ticks and type tricks run only in the function whose mutant is on. The load is the
//! table's `detour` flag: set as well in a run that traces calls, whose tracing comes
//! first on the detour (see [`choose_outlined`]).
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
//!
//! Where it can, a function with both bodies keeps its schemata body out of line, in a
//! closure that a cold, never-inlined runtime function calls (`outline`). The function
//! itself is then the written body, one check and a call: about as small as written, so
//! the optimiser inlines it where it inlined the plain function. With both bodies side by
//! side, a small function called in a hot loop was no longer inlined: the bench fixture's
//! `hot_calls` (optimised) ran 2.25x slower than plain, base64's optimised suite 1.59x.
//!
//! What the closure changes while a mutant of the function is on (the schemata path):
//! - an argument bound by a pattern (`(a, b): (A, B)`, `_`) is dropped after the
//!   arguments named by an identifier, which the closure binds again in order (`outline`);
//! - the stack holds the closure's copy of the arguments as well: the function's frame
//!   keeps room for it on both paths, so a recursion with large arguments by value goes
//!   less deep than it did with a mutant on, and deeper with none on.

use crate::emit;
use crate::syntax::{any_token, has_attr};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::visit::{self, Visit};
use syn::{Attribute, Block, Expr, ReturnType, Signature, Stmt};

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

    // A macro in a statement's place may write items, an `impl` among them (dtoa's
    // `diyfp!` does), which two copies of the body would define twice. The standard
    // library's and the log crates' write none.
    fn visit_stmt(&mut self, stmt: &'ast Stmt) {
        if let Stmt::Macro(m) = stmt
            && !writes_no_items(&m.mac.path)
        {
            self.twice_unsafe = true;
            return;
        }
        visit::visit_stmt(self, stmt);
    }
    fn visit_expr(&mut self, e: &'ast syn::Expr) {
        if !self.twice_unsafe {
            visit::visit_expr(self, e);
        }
    }
}

/// Macros known to write statements or expressions, never items.
const WRITE_NO_ITEMS: &[&str] = &[
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "print",
    "println",
    "eprint",
    "eprintln",
    "write",
    "writeln",
    "format",
    "format_args",
    "panic",
    "unreachable",
    "todo",
    "unimplemented",
    "vec",
    "dbg",
    "matches",
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "log",
];

fn writes_no_items(path: &syn::Path) -> bool {
    path.segments
        .last()
        .is_some_and(|s| WRITE_NO_ITEMS.iter().any(|m| s.ident == m))
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
    any_token(tokens, &|t| match t {
        TokenTree::Punct(p) => p.as_char() == '|',
        TokenTree::Ident(i) => i == "async",
        _ => false,
    })
}

/// Whether a function with both bodies may keep its schemata body out of line, in a
/// closure. Not an `async fn` (its body awaits), nor a variadic one (its `VaList` is not
/// captured), nor one that never returns (no caller's loop calls it twice); not
/// `#[track_caller]`, even under `cfg_attr` (a closure cannot be, so `Location::caller`
/// and panics would name the closure, where the written body names the caller). A trait
/// method that is `#[track_caller]` by its trait's declaration is outlined: the macro does
/// not see the trait.
pub fn outlinable(sig: &Signature, attrs: &[Attribute]) -> bool {
    sig.asyncness.is_none()
        && sig.variadic.is_none()
        && !crate::syntax::never_returns(sig)
        && !has_attr(attrs, &["track_caller"])
}

/// Moves the statements of `schemata` (a function's schemata body, its table items not yet
/// in) into a closure that the runtime's `outline` calls, and returns its value. The
/// closure moves the arguments in and states the function's return type, so `?` and
/// coercions in the body see the type they saw (elided lifetimes in a closure's return
/// type are inferred, as they must be here). It is `FnOnce`, so the body may hand out
/// borrows of what `&mut` arguments point to.
///
/// The closure first binds each argument named by a plain identifier again, in the order
/// they are declared: its locals then drop in reverse order of declaration, as a
/// function's arguments do. Captured alone, they would drop in the order the body first
/// names them, and an argument the body never names would outlive the others.
pub fn outline(schemata: &mut Block, sig: &Signature) {
    let rt = emit::rt();
    let stmts = std::mem::take(&mut schemata.stmts);
    let output = match &sig.output {
        ReturnType::Default => quote!(()),
        ReturnType::Type(_, ty) => ty.to_token_stream(),
    };
    let rebound = sig.inputs.iter().filter_map(|input| match input {
        syn::FnArg::Typed(arg) => match &*arg.pat {
            syn::Pat::Ident(syn::PatIdent {
                by_ref: None,
                mutability,
                ident,
                subpat: None,
                ..
            }) => Some(quote! {
                #[allow(unused_variables, unused_mut, clippy::redundant_locals)]
                let #mutability #ident = #ident;
            }),
            _ => None,
        },
        syn::FnArg::Receiver(_) => None,
    });
    let call = quote! {
        #[allow(unreachable_code)]
        return #rt::outline(move || -> #output { #(#rebound)* #(#stmts)* });
    };
    schemata.stmts.push(Stmt::Item(syn::Item::Verbatim(call)));
}

/// Marks a function whose body as written is tiny `#[inline]`, unless its author chose:
/// at `opt-level` 1 and up, rustc inlines such a function as written across codegen units
/// only while it calls nothing, and the outlined schemata body is a call. Without the mark
/// base64's one-field accessor `padding` stayed a call in its decoding loop (a test of it
/// ran 1.7x slower). Nor is a function marked whose symbol is exported (rustc ignores
/// `#[inline]` there, and warns when it is written by hand) or that is naked.
pub fn keep_inlinable(attrs: &mut Vec<Attribute>, written: &Block) {
    let chosen = ["inline", "no_mangle", "export_name", "linkage", "naked"];
    if has_attr(attrs, &chosen) {
        return;
    }
    let mut size = Size(0);
    size.visit_block(written);
    if size.0 <= TINY {
        attrs.push(syn::parse_quote!(#[inline]));
    }
}

/// The most expressions a body may have to count as tiny: accessors, a comparison of two
/// fields, a small sum.
const TINY: usize = 12;

/// The number of expressions and macro calls in a body.
struct Size(usize);

impl<'ast> Visit<'ast> for Size {
    fn visit_expr(&mut self, e: &'ast Expr) {
        self.0 += 1;
        visit::visit_expr(self, e);
    }

    fn visit_macro(&mut self, _: &'ast syn::Macro) {
        // A macro may expand to anything: count it as over the limit.
        self.0 += TINY + 1;
    }
}

/// Puts the choice first in `schemata` (after its table items, which the caller inserts at
/// index 0 afterwards): unless a call of the function is detoured, return the body as
/// written. The schemata body starts with the call's tracing, if it has any, so a traced
/// call takes it.
pub fn choose(schemata: &mut Block, written: Block) {
    let rt = emit::rt();
    let table = emit::table();
    schemata
        .stmts
        .insert(0, return_written(quote!(!#rt::detour(&#table)), written));
}

/// The choice of a function whose schemata body is out of line (`outlined`, the one
/// statement of its block, from [`outline`]): a detoured call runs the schemata body if
/// its table chose it, or if it is traced (`traced`: the body starts with the tracing,
/// `observe::wrapper`, which calls the function again); any other call, and the traced
/// function's call again when none of its mutants is on, returns the body as written.
/// That call again is most of a traced run's time: in semver's slowest traced test, a run
/// took 600 ms with every call again in its schemata body and 240 ms as written (the test
/// alone, untraced: 50 ms). The runtime is asked once whether the call is traced, at
/// `fn_span` as all the tracing is (the rebuild net drops the tracing alone on an error
/// there).
pub fn choose_outlined(outlined: &mut Block, traced: bool, written: Block, fn_span: Span) {
    let rt = emit::rt();
    let table = emit::table();
    let schemata = std::mem::take(&mut outlined.stmts);
    let chosen = quote!(#rt::schemata(&#table));
    let (ask, condition) = match traced {
        true => {
            let flag = crate::observe::traced_flag();
            let ask = quote!(let #flag = #rt::observe::wanted(););
            let ask = crate::syntax::all_located_at(ask, fn_span);
            (ask, quote!(#flag || #chosen))
        }
        false => (TokenStream::new(), chosen),
    };
    let detour = quote! {
        if #rt::detour(&#table) {
            #ask
            if #condition {
                #(#schemata)*
            }
        }
    };
    outlined.stmts = vec![
        Stmt::Item(syn::Item::Verbatim(detour)),
        Stmt::Item(syn::Item::Verbatim(quote! {
            #[allow(unreachable_code, unused_braces)]
            return #written;
        })),
    ];
}

/// The same choice at the start of a closure of a function that keeps its schemata body
/// alone: the closure is one type either way, so a function returning `impl Fn` still has
/// closures that run as written when nothing of it is on. indexmap's hash lookups call
/// such closures at every probe, each paying its site checks. `schemata` is the closure's
/// body after rewriting, a block; `written`, its body as written.
pub fn choose_in_closure(schemata: &mut Expr, written: Expr) {
    let rt = emit::rt();
    let table = emit::table();
    let choice = return_written(quote!(!#rt::schemata(&#table)), written);
    match schemata {
        Expr::Block(block) => block.block.stmts.insert(0, choice),
        _ => unreachable!("a rewritten closure body is a block"),
    }
}

/// `if` `condition` holds, `return` the code as written.
fn return_written(condition: TokenStream, written: impl ToTokens) -> Stmt {
    // `return` (not `if .. else`) keeps the written body's value a coercion site to the
    // return type, as it was. The allows: a diverging body makes the `return`
    // unreachable, and a body of one expression has braces rustc calls unnecessary.
    let choice = quote! {
        if #condition {
            #[allow(unreachable_code, unused_braces)]
            return #written;
        }
    };
    Stmt::Item(syn::Item::Verbatim(choice))
}
