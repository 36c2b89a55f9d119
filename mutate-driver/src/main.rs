//! `cargo mutate-driver`: mutation testing on mutant schemata.

mod app;
mod cli;
mod compile;
mod discover;
mod error;
mod exit_code;
mod filter;
mod interrupt;
mod lab;
mod outcome;
mod pool;
mod progress;
mod report;
mod scratch;
mod server;
mod source;

fn main() {
    let args = cli::parse();
    interrupt::install();
    let code = match app::run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    };
    std::process::exit(code);
}
