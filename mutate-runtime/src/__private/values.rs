//! Values used by literal and range mutants.

use std::ops::{Range, RangeInclusive};

/// Integer types whose literal can be mutated to its successor.
pub trait Succ: Copy {
    fn succ(self) -> Self;
}

macro_rules! impl_succ {
    ($($t:ty)*) => { $(impl Succ for $t { #[inline] fn succ(self) -> Self { self.wrapping_add(1) } })* };
}
impl_succ!(u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize);

/// `n + 1` for an integer literal, wrapping: a generic call rather than a literal so that
/// `255` typed as `u8` by context does not become an out-of-range literal.
#[inline]
pub fn succ<T: Succ>(value: T) -> T {
    value.succ()
}

/// A `for` loop range that is either `a..b` or `a..=b`, chosen at run time: the two std
/// types differ, so one of them cannot stand in for the other.
pub enum SwitchRange<T> {
    Exclusive(Range<T>),
    Inclusive(RangeInclusive<T>),
}

impl<T> SwitchRange<T> {
    #[inline]
    pub fn new(inclusive: bool, start: T, end: T) -> Self {
        if inclusive {
            SwitchRange::Inclusive(start..=end)
        } else {
            SwitchRange::Exclusive(start..end)
        }
    }
}

impl<T> Iterator for SwitchRange<T>
where
    Range<T>: Iterator<Item = T>,
    RangeInclusive<T>: Iterator<Item = T>,
{
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        match self {
            SwitchRange::Exclusive(r) => r.next(),
            SwitchRange::Inclusive(r) => r.next(),
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            SwitchRange::Exclusive(r) => r.size_hint(),
            SwitchRange::Inclusive(r) => r.size_hint(),
        }
    }
}

impl<T> DoubleEndedIterator for SwitchRange<T>
where
    Range<T>: DoubleEndedIterator<Item = T>,
    RangeInclusive<T>: DoubleEndedIterator<Item = T>,
{
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        match self {
            SwitchRange::Exclusive(r) => r.next_back(),
            SwitchRange::Inclusive(r) => r.next_back(),
        }
    }
}
