//! `annotated_program N` prints 3N. Its code carries `#[mutate]`; its one test runs the
//! program and links none of it (nor the runtime), so the driver runs that test binary
//! whole, as `cargo test` runs it, against the program's mutants.

#[mutate_runtime::mutate]
fn triple(n: u64) -> u64 {
    n * 3
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .unwrap_or_default()
        .parse()
        .unwrap_or(0);
    println!("{}", triple(n));
}
