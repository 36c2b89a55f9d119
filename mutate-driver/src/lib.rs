//! `cargo mutate-driver` as a library: the binary's entry point, and the pieces the
//! benchmarks in `bench/` drive directly (the build and the fork-server client). Not a
//! stable API.

mod all_items;
mod analysis;
pub mod app;
pub mod cli;
pub mod compile;
mod diff;
mod discover;
mod doctests;
pub mod error;
mod exit_code;
mod filter;
pub mod interrupt;
mod lab;
mod limits;
mod lockfile;
mod modules;
mod outcome;
mod pool;
pub mod process;
mod progress;
mod rebuild;
mod refusal;
mod report;
pub mod rustc_wrapper;
mod scratch;
mod selection;
pub mod server;
mod source;
mod together;
