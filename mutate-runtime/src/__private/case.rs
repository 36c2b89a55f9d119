//! `to_lowercase` ↔ `to_uppercase` without type information, by autoref specialization
//! (as `ops.rs` does for operators). On `str` and `String` both return a `String`, so the
//! twin is the converted text in the other case; on `char` they return two different
//! iterator types, and no value of the written call's type holds the other case: there the
//! fallback hands the written call's value back, and the mutant is reported not run (its
//! text may build: both are iterators of `char`).

use super::once::Once;

/// The viable twin: text in the other case.
pub trait OtherCase {
    fn to_upper(&self) -> Result<String, String>;
    fn to_lower(&self) -> Result<String, String>;
}

impl OtherCase for Once<String> {
    #[inline]
    fn to_upper(&self) -> Result<String, String> {
        Ok(self.take().to_uppercase())
    }
    #[inline]
    fn to_lower(&self) -> Result<String, String> {
        Ok(self.take().to_lowercase())
    }
}

/// The fallback, reached by autoref where the value is not a `String` (`char`'s
/// iterators).
pub trait OtherCaseFallback<T> {
    fn to_upper(&self) -> Result<T, T>;
    fn to_lower(&self) -> Result<T, T>;
}

impl<T> OtherCaseFallback<T> for &Once<T> {
    #[inline]
    fn to_upper(&self) -> Result<T, T> {
        Err(self.take())
    }
    #[inline]
    fn to_lower(&self) -> Result<T, T> {
        Err(self.take())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The borrow is the mechanism: it lets the fallback impl on `&Once<T>` be chosen.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn text_changes_case_and_chars_fall_back() {
        #[allow(unused_imports)]
        use super::{OtherCase as _, OtherCaseFallback as _};
        assert_eq!(
            (&Once::new("Ab".to_lowercase())).to_upper(),
            Ok("AB".to_owned())
        );
        assert_eq!(
            (&Once::new("Ab".to_uppercase())).to_lower(),
            Ok("ab".to_owned())
        );
        let c = (&Once::new('A'.to_lowercase())).to_upper();
        assert_eq!(c.unwrap_err().collect::<String>(), "a");
    }
}
