//! Compile-time behaviour of `#[mutate]` as users see it: misplaced or malformed
//! attributes get one clear error pointing at them (`ui/fail/*.stderr` holds the exact
//! text; `TRYBUILD=overwrite` rewrites it), and annotated code builds warning-free.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/fail/*.rs");
    t.pass("tests/ui/pass/*.rs");
}
