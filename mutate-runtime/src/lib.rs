//! Runtime of **mutate**, mutation testing for Rust built on mutant schemata.
//!
//! Users depend on this crate alone and write `#[mutate_runtime::mutate]` on a function,
//! an `impl` block, a `trait` or an inline `mod`. In an ordinary build the attribute leaves
//! the item exactly as written. In a schemata build (made by `cargo mutate-driver`, which
//! passes `--cfg mutate_schemata`) every mutant of the item is compiled in, each behind a
//! switch that this crate holds; `MUTATE_ACTIVE=<mutant id>` turns one on.
//!
//! The [`control`] module lets tools and tests look at the catalog of mutants, switch one
//! on in-process, and read the per-site hit counters.

// An equivalence build's runtime (`cfg(mutate_fixed)`) counts and serves nothing: the
// code that would is not called there.
#![cfg_attr(mutate_fixed, allow(dead_code))]

#[cfg(feature = "attribute")]
pub use mutate_macro::mutate;

mod catalog;
pub mod control;
mod counters;
mod coverage_cut;
mod flag;
mod observe;
mod own_budget;
mod panic_text;
mod probe;
mod registration;
mod select;
mod switch;
#[cfg(target_os = "linux")]
mod test_slot;
mod threads;
mod twins;

#[cfg(target_os = "linux")]
mod constant_values;
#[cfg(target_os = "linux")]
mod lost_output;
#[cfg(target_os = "linux")]
mod nested_panic;
#[cfg(target_os = "linux")]
mod server;
#[cfg(target_os = "linux")]
mod spawned;

#[doc(hidden)]
pub mod __private;

/// Whether this build of the crate is a schemata build (`--cfg mutate_schemata`).
pub const SCHEMATA: bool = cfg!(mutate_schemata);
