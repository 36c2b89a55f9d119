//! Code as a Rust 2015 crate writes it: paths from the crate root, `Box<Trait>`, an
//! `extern crate` in the integration test. Every mutant the driver makes here must build
//! as the macro writes it: a path in generated code that carries the user's span resolves
//! in the user's edition, where `::core` is not the standard library.

#![allow(bare_trait_objects)]

pub mod shapes;

use std::collections::HashMap;

/// Similarity of two words: the share of `a`'s characters that `b` has at the same place.
pub fn same_places(a: &str, b: &str) -> f64 {
    if a.is_empty() {
        return 0.0;
    }
    let mut same = 0;
    for (i, c) in a.chars().enumerate() {
        if b.chars().nth(i) == Some(c) {
            same += 1;
        }
    }
    same as f64 / a.chars().count() as f64
}

/// The words of `s`, in order, lower-cased.
pub fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in s.split_whitespace() {
        out.push(word.to_lowercase());
    }
    out
}

/// How often each word occurs.
pub fn counts(s: &str) -> HashMap<String, usize> {
    let mut counts = HashMap::new();
    for word in words(s) {
        *counts.entry(word).or_insert(0) += 1;
    }
    counts
}

/// The first upper-case letter.
pub fn first_upper(s: &str) -> Option<char> {
    s.chars().find(|c| c.is_uppercase())
}

/// Digits of `n`, least significant first.
pub fn digits(mut n: u64) -> Vec<u8> {
    let mut out = vec![];
    while n > 0 {
        out.push((n % 10) as u8);
        n /= 10;
    }
    out
}

/// `"a,b"` as two numbers.
pub fn pair(s: &str) -> Result<(u32, u32), String> {
    let mut parts = s.split(',');
    let a = parts.next().ok_or("no first")?;
    let b = parts.next().ok_or("no second")?;
    let a = a.trim().parse::<u32>().map_err(|e| e.to_string())?;
    let b = b.trim().parse::<u32>().map_err(|e| e.to_string())?;
    Ok((a, b))
}

/// The last byte of a word.
pub fn last_byte(word: [u8; 4]) -> u8 {
    word[3]
}

/// A name for a count.
pub fn name(n: usize) -> &'static str {
    match n {
        0 => "none",
        1 => "one",
        _ => "many",
    }
}

/// Counts up from one to its limit.
pub struct Counter {
    pub at: u32,
    pub limit: u32,
}

impl Iterator for Counter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.at < self.limit {
            self.at += 1;
            Some(self.at)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn similarity() {
        assert_eq!(same_places("abcd", "abxd"), 0.75);
        assert_eq!(same_places("", "x"), 0.0);
    }

    #[test]
    fn words_and_counts() {
        assert_eq!(words("A b  C"), vec!["a", "b", "c"]);
        assert_eq!(counts("a b a")["a"], 2);
        assert_eq!(counts("a b a")["b"], 1);
    }

    #[test]
    fn finds_upper() {
        assert_eq!(first_upper("abCd"), Some('C'));
        assert_eq!(first_upper("abc"), None);
    }

    #[test]
    fn splits_digits() {
        assert_eq!(digits(1203), vec![3, 0, 2, 1]);
        assert!(digits(0).is_empty());
    }

    #[test]
    fn parses_pairs() {
        assert_eq!(pair("3, 4"), Ok((3, 4)));
        assert_eq!(pair("3"), Err("no second".to_string()));
        assert!(pair("x,4").is_err());
        assert!(pair("4,x").is_err());
    }

    #[test]
    fn bytes_and_names() {
        assert_eq!(last_byte([1, 2, 3, 4]), 4);
        assert_eq!(name(0), "none");
        assert_eq!(name(1), "one");
        assert_eq!(name(5), "many");
    }

    #[test]
    fn counts_up() {
        let c = Counter { at: 0, limit: 3 };
        assert_eq!(c.collect::<Vec<_>>(), vec![1, 2, 3]);
    }
}
