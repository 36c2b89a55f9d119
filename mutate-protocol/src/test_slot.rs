//! One fork server for every test of its binary. A server runs each request's test by
//! returning, in the forked child, into libtest's `main`, which reads the test to run from
//! the command line. The driver starts it with `--exact <slot>`, where the slot is an
//! argument of [`LEN`] bytes that names no test; in the child, before `main`, the server
//! writes the request's test name over it (the arguments are the process's own memory,
//! which the standard library reads when `main` asks for them). A name of [`LEN`] bytes or
//! more does not fit, and its test gets a server of its own.

/// Bytes the slot holds, its closing NUL included.
pub const LEN: usize = 1024;

/// How the slot starts: what the server looks for among its arguments.
const MARK: &str = "@mutate-test-slot:";

/// The argument that holds the slot: [`MARK`], then padding to `LEN - 1` bytes.
pub fn argument() -> String {
    let mut slot = String::with_capacity(LEN - 1);
    slot.push_str(MARK);
    while slot.len() < LEN - 1 {
        slot.push('-');
    }
    slot
}

/// Whether test `name` fits in the slot.
pub fn fits(name: &str) -> bool {
    name.len() < LEN && !name.contains('\0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slot_holds_names_shorter_than_it() {
        assert_eq!(argument().len() + 1, LEN);
        assert!(argument().starts_with(MARK));
        assert!(fits("map::tests::insert"));
        assert!(fits(&"x".repeat(LEN - 1)));
        assert!(!fits(&"x".repeat(LEN)));
    }
}
