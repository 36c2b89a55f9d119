//! `.rev()` removed from an iterator chain, or added to a `for` loop's iterator. An
//! iterator and its reverse are two types, so both the written code and the mutant yield
//! a [`Reversed`], which iterates whichever it holds. Adding `.rev()` is cheap on a
//! double-ended iterator, which a macro cannot see: the viable impl of [`CanReverse`]
//! exists only for those; the fallback (reached by autoref, as in `ops.rs`) collects the
//! iterator and reads it backwards, and goes on forwards with one that does not end within
//! [`COLLECTED`] items, the mutant reported unviable.

use super::once::Once;
use std::iter::FusedIterator;

/// An iterator, forwards or backwards: one type whichever it holds, and an iterator
/// whatever `I` is (the backward side exists only where `I` is double-ended).
#[derive(Clone, Debug)]
pub enum Reversed<I: Iterator> {
    Forward(I),
    Backward(Backwards<I>),
    /// An iterator that is not double-ended, collected and read from its end.
    Collected(std::iter::Rev<std::vec::IntoIter<I::Item>>),
    /// One that did not end within [`COLLECTED`] items: those, then the rest, forwards.
    Endless(std::iter::Chain<std::vec::IntoIter<I::Item>, I>),
}

/// How many items of an iterator that is not double-ended are collected to be read
/// backwards: more, and it may not end (`0..`, `successors`).
pub const COLLECTED: usize = 1 << 20;

/// `I` taken from its back, as `Rev` does, with `next_back` kept from where the bound was
/// known: so this is an iterator for every `I`, and only double-ended ones can make one.
pub struct Backwards<I: Iterator> {
    iter: I,
    from_back: fn(&mut I) -> Option<I::Item>,
}

impl<I: Iterator + Clone> Clone for Backwards<I> {
    fn clone(&self) -> Self {
        Backwards {
            iter: self.iter.clone(),
            from_back: self.from_back,
        }
    }
}

impl<I: Iterator + std::fmt::Debug> std::fmt::Debug for Backwards<I> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Backwards").field(&self.iter).finish()
    }
}

impl<I: DoubleEndedIterator> Backwards<I> {
    #[inline]
    pub fn new(iter: I) -> Self {
        Backwards {
            iter,
            from_back: I::next_back,
        }
    }
}

impl<I: DoubleEndedIterator> Reversed<I> {
    /// What `iter.rev()` yields, as the written code of a `.rev()` call.
    #[inline]
    pub fn backward(iter: I) -> Self {
        Reversed::Backward(Backwards::new(iter))
    }
}

impl<I: Iterator> Iterator for Reversed<I> {
    type Item = I::Item;
    #[inline]
    fn next(&mut self) -> Option<I::Item> {
        match self {
            Reversed::Forward(i) => i.next(),
            Reversed::Backward(b) => (b.from_back)(&mut b.iter),
            Reversed::Collected(c) => c.next(),
            Reversed::Endless(e) => e.next(),
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            Reversed::Forward(i) => i.size_hint(),
            Reversed::Backward(b) => b.iter.size_hint(),
            Reversed::Collected(c) => c.size_hint(),
            Reversed::Endless(e) => e.size_hint(),
        }
    }
}

impl<I: DoubleEndedIterator> DoubleEndedIterator for Reversed<I> {
    #[inline]
    fn next_back(&mut self) -> Option<I::Item> {
        match self {
            Reversed::Forward(i) => i.next_back(),
            Reversed::Backward(b) => b.iter.next(),
            Reversed::Collected(c) => c.next_back(),
            Reversed::Endless(e) => e.next_back(),
        }
    }
}

impl<I: ExactSizeIterator> ExactSizeIterator for Reversed<I> {}

impl<I: FusedIterator> FusedIterator for Reversed<I> {}

/// The viable reversal: the iterator is double-ended.
pub trait CanReverse<I: Iterator> {
    fn reverse(&self) -> Result<Reversed<I>, I>;
}

impl<I: DoubleEndedIterator> CanReverse<I> for Once<I> {
    #[inline]
    fn reverse(&self) -> Result<Reversed<I>, I> {
        Ok(Reversed::backward(self.take()))
    }
}

/// The fallback, reached by autoref where the iterator is not double-ended (`lines()`
/// enumerated, a map's entries): collected and read from its end; one that does not end
/// within [`COLLECTED`] items goes on forwards, and the mutant is unviable.
pub trait CanReverseFallback<I: Iterator> {
    fn reverse(&self) -> Result<Reversed<I>, I>;
}

impl<I: Iterator> CanReverseFallback<I> for &Once<I> {
    fn reverse(&self) -> Result<Reversed<I>, I> {
        let mut iter = self.take();
        let mut seen = Vec::new();
        for item in iter.by_ref() {
            seen.push(item);
            if seen.len() == COLLECTED {
                // It may never end: no reverse exists to run, so the mutant is unviable.
                super::fell_back();
                return Ok(Reversed::Endless(seen.into_iter().chain(iter)));
            }
        }
        Ok(Reversed::Collected(seen.into_iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The borrow is the mechanism: it lets the fallback impl on `&Once<I>` be chosen.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn double_ended_iterators_reverse_and_others_fall_back() {
        #[allow(unused_imports)]
        use super::{CanReverse as _, CanReverseFallback as _};
        let backwards = (&Once::new(0..3)).reverse().unwrap();
        assert_eq!(backwards.collect::<Vec<_>>(), [2, 1, 0]);
        let lines = (&Once::new("a\nb\nc".lines().enumerate()))
            .reverse()
            .unwrap();
        assert_eq!(lines.collect::<Vec<_>>(), [(2, "c"), (1, "b"), (0, "a")]);
        let endless = std::iter::successors(Some(1u32), |n| Some(n + 1));
        let on = (&Once::new(endless)).reverse().unwrap();
        assert!(matches!(on, Reversed::Endless(_)));
        assert_eq!(on.take(2).collect::<Vec<_>>(), [1, 2]);
        let twice_reversed = Reversed::backward(Reversed::backward(0..3));
        assert_eq!(twice_reversed.collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(Reversed::backward(0..4).len(), 4);
    }
}
