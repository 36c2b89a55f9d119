//! A module declared inside a `cfg_if!`.

pub fn remainder(n: u32) -> u32 {
    n % 2
}

#[cfg(test)]
mod tests {
    #[test]
    fn tells_even_from_odd() {
        assert!(crate::is_even(4));
        assert!(!crate::is_even(7));
    }
}
