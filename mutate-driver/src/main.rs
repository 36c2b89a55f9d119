//! `cargo mutate-driver`: mutation testing on mutant schemata.

use mutate_driver::{app, cli, interrupt};

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
