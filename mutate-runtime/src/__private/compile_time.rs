//! Mutants of constant contexts (a `const` or `static` initializer): their value is
//! computed when the crate is built, where no run-time switch can stand. The macro writes
//! each such mutant as a branch of the initializer chosen by [`on`], with the build's
//! `MUTATE_ACTIVE_<package>` (`mutate_protocol::env::built_with`, read by `option_env!`, so
//! rustc tracks it and cargo rebuilds the package when it changes). The driver builds the tests again with each such mutant named there
//! and runs them whole; every other build takes the initializer as written.

/// Whether the build's `MUTATE_ACTIVE_<package>` (`active`) names mutant `id`: evaluated
/// by rustc.
pub const fn on(active: Option<&str>, id: &str) -> bool {
    let Some(active) = active else {
        return false;
    };
    let (a, b) = (active.as_bytes(), id.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::on;

    #[test]
    fn only_the_named_mutant_is_on() {
        const ID: &str = "src/lib.rs:3:20: replace * with + in X";
        // Evaluated by rustc, as the macro's branches are.
        const { assert!(on(Some(ID), ID)) };
        assert!(!on(Some("src/lib.rs:3:20: replace * with / in X"), ID));
        assert!(!on(Some("src/lib.rs:3:2"), ID));
        assert!(!on(None, ID));
    }
}
