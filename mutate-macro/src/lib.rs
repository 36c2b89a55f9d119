//! The `#[mutate]` attribute of **mutate**. Depend on `mutate-runtime`, which re-exports it.
//!
//! The attribute rewrites a function, or every function of an `impl` block, a `trait`'s
//! default methods or an inline `mod`, into mutant schemata: every mutant compiled in,
//! each behind a runtime switch. It emits both the original item and the schemata through
//! `mutate_runtime::__select!`, which keeps the original unless the runtime was built with
//! `--cfg mutate_schemata` (only the driver's builds are). In the schemata, each function
//! checks once at entry whether to run its body as written or its schemata body.

mod attr;
mod build_errors;
#[cfg(test)]
mod cargo_mutants_names;
mod deletion_witness;
mod dispatch;
mod emit;
mod errors;
mod fixed;
mod function;
mod items;
mod location;
mod model;
mod observe;
mod operators;
mod placement;
mod rewrite;
mod syntax;
mod text;
mod tracked_file;
mod user_rules;

use proc_macro::TokenStream;

/// Rewrites the item into mutant schemata for `cargo mutate-driver`; leaves it unchanged
/// in every other build.
///
/// Options: `#[mutate(skip)]` on an item inside an annotated `impl`, `trait` or `mod`
/// leaves that item alone; `#[mutate(operators(arithmetic, fn_value))]` gives the item
/// (and what it holds) only those operators or groups (see `mutate-operators`).
#[proc_macro_attribute]
pub fn mutate(args: TokenStream, item: TokenStream) -> TokenStream {
    placement::expand(args.into(), item.into()).into()
}
