//! `cargo mutate-driver` as a library: the binary's entry point, and the pieces the
//! benchmarks in `bench/` drive directly (the build and the fork-server client). Not a
//! stable API.

mod all_items;
mod analysis;
pub mod app;
mod cargo_mutants_config;
pub mod cli;
pub mod compile;
mod const_calls;
mod custom_harness;
mod denied_warnings;
mod diagnosis;
mod diff;
mod discover;
mod doctests;
mod equivalence;
pub mod error;
pub mod exit_code;
mod expansion;
mod filter;
mod gate;
mod incremental;
pub mod interrupt;
mod lab;
mod limits;
mod lockfile;
mod memory;
mod modules;
mod nextest;
mod outcome;
mod pool;
pub mod process;
mod progress;
mod propagation;
mod rebuild;
mod refusal;
mod relevance;
mod remaining;
mod report;
mod resolved;
mod rules;
pub mod rustc_wrapper;
mod scratch;
mod selection;
pub mod server;
mod shard;
mod shell;
mod source;
mod stamp;
mod stream;
mod suggest;
mod test_args;
mod together;
mod unplaced;

/// The whole of `cargo mutate-driver`: parses the arguments, runs, and exits with the
/// run's code (or runs as rustc's wrapper, when cargo calls it so in the driver's builds).
pub fn main() -> ! {
    rustc_wrapper::run_if_wrapping();
    let invocation = cli::parse();
    interrupt::install();
    let outcome = match &invocation {
        cli::Invocation::Run(args) => app::run(args),
        cli::Invocation::Merge(args) => app::merge(args),
    };
    let code = match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", e.chain());
            e.exit_code()
        }
    };
    std::process::exit(code);
}
