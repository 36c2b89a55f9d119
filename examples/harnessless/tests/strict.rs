//! A harness of its own that sees the driver's counting in its process and fails there.
//! It stands for a test that keeps a ledger of its own allocations (as bytes'
//! `test_bytes_vec_alloc` does), which the runtime's counting can overflow: here the
//! harness refuses to run where its process is counted into a run, which it can tell by
//! the variable that asks for it. As `cargo test` runs it, it passes.

fn main() {
    if std::env::var_os("MUTATE_SPAWNED").is_some() {
        eprintln!("strict: counted into a run; this harness runs only as `cargo test` runs it");
        std::process::exit(1);
    }
    let cases = [(0, 0), (1, 0), (7, 3), (10, 5)];
    let mut failed = 0;
    for (x, want) in cases {
        let got = harnessless::halve(x);
        if got != want {
            eprintln!("halve({x}) = {got}, want {want}");
            failed += 1;
        }
    }
    if failed > 0 {
        std::process::exit(1);
    }
    println!("strict: {} cases passed", cases.len());
}
