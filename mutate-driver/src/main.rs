//! `cargo mutate-driver`: mutation testing on mutant schemata.

fn main() {
    mutate_driver::main();
}
