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

/// What running a constant's initializer as written and with a mutant showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Compared {
    /// The same value, where this crate checks overflow as rustc's evaluation does: no
    /// build with the mutant can differ.
    Same,
    /// Another value, or the same where run-time arithmetic wraps (an overflow rustc's
    /// evaluation rejects may hide there): only a build can tell.
    Different,
    /// The mutant's text panics (an overflow, a division by zero, an index past the end),
    /// with this message: rustc's evaluation rejects it too.
    Panics(String),
}

/// Runs a constant's initializer as written (`written`) and with a mutant (`mutant`), in
/// the constant's crate; `overflow` (`u8::MAX + 1`, compiled there) says whether that
/// crate's arithmetic checks overflow. Run in a process of its own (the server's
/// `constant_values`), as a mutant's text may also crash or run long.
pub fn compare<T: PartialEq>(written: fn() -> T, mutant: fn() -> T, overflow: fn()) -> Compared {
    let Ok(written) = std::panic::catch_unwind(written) else {
        return Compared::Different;
    };
    match std::panic::catch_unwind(mutant) {
        Err(payload) => {
            Compared::Panics(crate::panic_text::of(&*payload).unwrap_or("a panic").into())
        }
        Ok(mutant) if mutant == written && std::panic::catch_unwind(overflow).is_err() => {
            Compared::Same
        }
        Ok(_) => Compared::Different,
    }
}

#[cfg(test)]
mod tests {
    use super::{Compared, compare, on};

    #[test]
    fn only_the_named_mutant_is_on() {
        const ID: &str = "src/lib.rs:3:20: replace * with + in X";
        // Evaluated by rustc, as the macro's branches are.
        const { assert!(on(Some(ID), ID)) };
        assert!(!on(Some("src/lib.rs:3:20: replace * with / in X"), ID));
        assert!(!on(Some("src/lib.rs:3:2"), ID));
        assert!(!on(None, ID));
    }

    fn zero() -> i32 {
        std::hint::black_box(0)
    }

    #[test]
    fn values_are_the_same_only_where_both_run_and_overflow_is_checked_and_a_panic_is_said() {
        let checked: fn() = || panic!("attempt to add with overflow");
        let unchecked: fn() = || {};
        assert_eq!(
            compare(|| 8 * zero(), || 8 * zero() - zero(), checked),
            Compared::Same
        );
        assert_eq!(compare(|| 8 * zero(), || 8, checked), Compared::Different);
        let divides: fn() -> i32 = || panic!("attempt to divide by zero");
        let said = Compared::Panics("attempt to divide by zero".into());
        assert_eq!(compare(|| 0, divides, checked), said);
        assert_eq!(compare(|| 0, divides, unchecked), said);
        assert_eq!(compare(|| 0, || 0, unchecked), Compared::Different);
    }
}
