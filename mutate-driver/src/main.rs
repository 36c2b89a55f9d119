//! `cargo mutate-driver`: mutation testing on mutant schemata.

use mutate_driver::{app, cli, interrupt, rustc_wrapper};

fn main() {
    // Cargo runs this binary as rustc's wrapper in the driver's own builds.
    rustc_wrapper::run_if_wrapping();
    let args = cli::parse();
    interrupt::install();
    let code = match app::run(&args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {}", e.chain());
            e.exit_code()
        }
    };
    std::process::exit(code);
}
