//! `cargo mutate-driver` itself, built as a binary of the end-to-end tests' package.

fn main() {
    mutate_driver::main();
}
