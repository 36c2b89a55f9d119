//! What the coverage run saw of each mutant: at every evaluation of a site, the original
//! and each replacement computed side by side. A mutant whose replacement computed the
//! same as the original at every evaluation under a test behaves exactly like the original
//! under that test: it survives it for certain, without being run.
//!
//! The server reports, per test, a set of these flags for each mutant it saw.

/// At some evaluation the replacement computed the same as the original.
pub const SAME: u8 = 1;
/// At some evaluation the replacement computed something else (or would have panicked
/// where the original did not, or the other way round): the mutant infects the state.
pub const DIFFERENT: u8 = 2;
/// At some evaluation the two could not be compared (the types have no exact comparison,
/// or computing the replacement could have had effects of its own).
pub const UNKNOWN: u8 = 4;

/// Whether a test whose evaluations of a reached mutant's site left these flags is
/// certainly not infected by it: every evaluation was compared, and none differed. A
/// mutant whose site kind is never compared leaves no flags, and is not proven.
pub fn proven_same(flags: u8) -> bool {
    flags == SAME
}

/// Whether some evaluation certainly differed.
pub fn infected(flags: u8) -> bool {
    flags & DIFFERENT != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_site_always_compared_and_never_different_is_proven() {
        assert!(proven_same(SAME));
        assert!(!proven_same(0), "a site never compared proves nothing");
        assert!(!proven_same(SAME | UNKNOWN));
        assert!(!proven_same(SAME | DIFFERENT));
        assert!(infected(SAME | DIFFERENT));
        assert!(!infected(SAME | UNKNOWN));
    }
}
