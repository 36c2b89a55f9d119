//! What a site's original arm calls in the coverage run to compare each replacement with
//! the original ([`crate::probe`]). Every function here only reads values the original
//! already computed; a replacement is computed only where that cannot have an effect of
//! its own (no panic, no call into user code beyond a comparison operator, which is taken
//! to be pure). What cannot be compared is recorded as unknown, and such a mutant is run.
//!
//! Arithmetic goes through autoref specialization, as the swaps in [`super::ops`] do:
//! [`ArithProbe`] holds for the primitive numbers, whose replacements are computed with
//! checked arithmetic (an overflow or a division by zero, where the original did not
//! panic, counts as different); [`ArithProbeFallback`] holds for everything else.

use super::ops;
use crate::catalog::Table;
use std::marker::PhantomData;

/// Whether `site` of `table` compares its replacements now: the coverage run, and some of
/// them not yet seen to differ.
#[inline(always)]
pub fn probing(table: &Table, site: u32) -> bool {
    !cfg!(mutate_fixed) && crate::probe::probing_site(table, site)
}

/// Mutant `k` of `table` always computes something else when reached (a literal, `==`
/// for `!=`, a deleted `!`): no need to compare.
#[inline]
pub fn differs(table: &Table, k: u32) {
    crate::probe::seen(table, k, false);
}

/// Mutant `k` of `table` computed the same as the original at this evaluation (or not).
#[inline]
pub fn seen(table: &Table, k: u32, same: bool) {
    crate::probe::seen(table, k, same);
}

/// Mutant `k` of `table` could not be compared at this evaluation.
#[inline]
pub fn unknown(table: &Table, k: u32) {
    crate::probe::unknown(table, k);
}

/// A condition forced to a value: mutant `k` agrees with the original where the condition
/// had that value.
#[inline]
pub fn forced(table: &Table, original: bool, mutants: &[(u32, bool)]) {
    for &(k, value) in mutants {
        seen(table, k, value == original);
    }
}

/// A replacement comparison operator.
#[derive(Clone, Copy)]
pub enum Compare {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
}

/// An ordering comparison `l op r` that gave `original`: each replacement computed on the
/// same operands.
#[inline]
pub fn ordering<L: PartialOrd<R> + ?Sized, R: ?Sized>(
    table: &Table,
    l: &L,
    r: &R,
    original: bool,
    mutants: &[(u32, Compare)],
) {
    for &(k, compare) in mutants {
        let value = match compare {
            Compare::Lt => l < r,
            Compare::Le => l <= r,
            Compare::Gt => l > r,
            Compare::Ge => l >= r,
            Compare::Eq => l == r,
        };
        seen(table, k, value == original);
    }
}

/// A primitive number, compared exactly: floats by their bits, so `-0.0` and `0.0` differ
/// (a mutant turning one into the other is not proven harmless).
pub trait Exact: Copy {
    fn exactly(self, other: Self) -> bool;
}

/// The written operator `Self` computed on primitive operands without panicking: `None`
/// where it would panic (overflow, division by zero, a shift too wide). Both operands
/// have one type, but for shifts, whose amount may be any integer type: as for the
/// operators themselves, so that a probe never ties a shifted literal's type to its
/// amount's (`(1 << bits) + x` with `bits: u32`, `x: u64`).
pub trait Checked<L, R> {
    fn checked(left: L, right: R) -> Option<L>;
}

/// A shift's amount, of any integer type, as the `u32` that checked shifts take.
pub trait ShiftAmount: Copy {
    fn amount(self) -> Option<u32>;
}

/// `-x` without panicking.
pub trait CheckedNeg: Sized {
    fn checked_negation(self) -> Option<Self>;
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl Exact for $t {
            #[inline]
            fn exactly(self, other: Self) -> bool { self == other }
        }
        impl ShiftAmount for $t {
            #[inline]
            fn amount(self) -> Option<u32> { u32::try_from(self).ok() }
        }
        impl Checked<$t, $t> for ops::Add { fn checked(l: $t, r: $t) -> Option<$t> { l.checked_add(r) } }
        impl Checked<$t, $t> for ops::Sub { fn checked(l: $t, r: $t) -> Option<$t> { l.checked_sub(r) } }
        impl Checked<$t, $t> for ops::Mul { fn checked(l: $t, r: $t) -> Option<$t> { l.checked_mul(r) } }
        impl Checked<$t, $t> for ops::Div { fn checked(l: $t, r: $t) -> Option<$t> { l.checked_div(r) } }
        impl Checked<$t, $t> for ops::Rem { fn checked(l: $t, r: $t) -> Option<$t> { l.checked_rem(r) } }
        impl Checked<$t, $t> for ops::BitAnd { fn checked(l: $t, r: $t) -> Option<$t> { Some(l & r) } }
        impl Checked<$t, $t> for ops::BitOr { fn checked(l: $t, r: $t) -> Option<$t> { Some(l | r) } }
        impl Checked<$t, $t> for ops::BitXor { fn checked(l: $t, r: $t) -> Option<$t> { Some(l ^ r) } }
        impl<R: ShiftAmount> Checked<$t, R> for ops::Shl {
            fn checked(l: $t, r: R) -> Option<$t> { l.checked_shl(r.amount()?) }
        }
        impl<R: ShiftAmount> Checked<$t, R> for ops::Shr {
            fn checked(l: $t, r: R) -> Option<$t> { l.checked_shr(r.amount()?) }
        }
    )*};
}

integers!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

macro_rules! signed {
    ($($t:ty),*) => {$(
        impl CheckedNeg for $t {
            #[inline]
            fn checked_negation(self) -> Option<Self> { self.checked_neg() }
        }
    )*};
}

signed!(i8, i16, i32, i64, i128, isize);

macro_rules! floats {
    ($($t:ty),*) => {$(
        impl Exact for $t {
            #[inline]
            fn exactly(self, other: Self) -> bool { self.to_bits() == other.to_bits() }
        }
        impl Checked<$t, $t> for ops::Add { fn checked(l: $t, r: $t) -> Option<$t> { Some(l + r) } }
        impl Checked<$t, $t> for ops::Sub { fn checked(l: $t, r: $t) -> Option<$t> { Some(l - r) } }
        impl Checked<$t, $t> for ops::Mul { fn checked(l: $t, r: $t) -> Option<$t> { Some(l * r) } }
        impl Checked<$t, $t> for ops::Div { fn checked(l: $t, r: $t) -> Option<$t> { Some(l / r) } }
        impl Checked<$t, $t> for ops::Rem { fn checked(l: $t, r: $t) -> Option<$t> { Some(l % r) } }
        impl CheckedNeg for $t {
            #[inline]
            fn checked_negation(self) -> Option<Self> { Some(-self) }
        }
    )*};
}

floats!(f32, f64);

/// The operands of an arithmetic or bitwise site (or a compound assignment's place, before,
/// and operand), borrowed; `O` is the operator written, `N` the replacement.
pub struct Arith<'a, L, R, O, N>(&'a L, &'a R, PhantomData<(O, N)>);

impl<'a, L, R, O, N> Arith<'a, L, R, O, N> {
    #[inline]
    pub fn new(left: &'a L, right: &'a R) -> Self {
        Arith(left, right, PhantomData)
    }
}

/// Comparable: primitive operands of one type, or a primitive shifted by one.
pub trait ArithProbe {
    fn probe(&self, table: &Table, k: u32);
}

impl<L: Exact, R: Copy, O: Checked<L, R>, N: Checked<L, R>> ArithProbe for Arith<'_, L, R, O, N> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        let same = match (O::checked(*self.0, *self.1), N::checked(*self.0, *self.1)) {
            (Some(original), Some(replacement)) => original.exactly(replacement),
            _ => false,
        };
        seen(table, k, same);
    }
}

/// Anything else: unknown.
pub trait ArithProbeFallback {
    fn probe(&self, table: &Table, k: u32);
}

impl<L, R, O, N> ArithProbeFallback for &Arith<'_, L, R, O, N> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        unknown(table, k);
    }
}

/// The operand of a unary `-` whose deletion is mutant `k`.
pub struct Negated<'a, T>(&'a T);

impl<'a, T> Negated<'a, T> {
    #[inline]
    pub fn new(operand: &'a T) -> Self {
        Negated(operand)
    }
}

/// Comparable: a signed primitive number, the same as its negation only at zero.
pub trait NegProbe {
    fn probe(&self, table: &Table, k: u32);
}

impl<T: Exact + CheckedNeg> NegProbe for Negated<'_, T> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        let same = matches!(self.0.checked_negation(), Some(n) if n.exactly(*self.0));
        seen(table, k, same);
    }
}

pub trait NegProbeFallback {
    fn probe(&self, table: &Table, k: u32);
}

impl<T> NegProbeFallback for &Negated<'_, T> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        unknown(table, k);
    }
}

/// A constant of a function body as written and one of its mutants' values (a constant
/// chosen at run time, `mutate-macro`'s `rewrite/switched_constants.rs`).
pub struct Values<'a, T>(&'a T, &'a T);

impl<'a, T> Values<'a, T> {
    #[inline]
    pub fn new(written: &'a T, mutant: &'a T) -> Self {
        Values(written, mutant)
    }
}

/// Comparable: a primitive number, compared exactly.
pub trait ValuesProbe {
    fn probe(&self, table: &Table, k: u32);
}

impl<T: Exact> ValuesProbe for Values<'_, T> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        seen(table, k, self.0.exactly(*self.1));
    }
}

/// Anything else (a comparison would run the user's code): unknown.
pub trait ValuesProbeFallback {
    fn probe(&self, table: &Table, k: u32);
}

impl<T> ValuesProbeFallback for &Values<'_, T> {
    #[inline]
    fn probe(&self, table: &Table, k: u32) {
        unknown(table, k);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_arithmetic_is_none_where_the_operator_would_panic() {
        assert_eq!(<ops::Add as Checked<u8, u8>>::checked(250, 10), None);
        assert_eq!(<ops::Div as Checked<i32, i32>>::checked(1, 0), None);
        assert_eq!(<ops::Shl as Checked<u32, u32>>::checked(1, 40), None);
        // A shift's amount has a type of its own.
        assert_eq!(
            <ops::Shl as Checked<u64, u32>>::checked(1, 40),
            Some(1 << 40)
        );
        assert_eq!(<ops::Shr as Checked<u8, usize>>::checked(128, 7), Some(1));
        assert_eq!(<ops::Shl as Checked<i64, i64>>::checked(1, -1), None);
        assert_eq!(<ops::Sub as Checked<i32, i32>>::checked(5, 7), Some(-2));
        assert_eq!(
            <ops::Rem as Checked<f64, f64>>::checked(7.5, 2.0),
            Some(1.5)
        );
    }

    #[test]
    fn floats_compare_by_bits() {
        assert!(!0.0f64.exactly(-0.0));
        assert!(f64::NAN.exactly(f64::NAN));
        assert!(i8::MIN.checked_negation().is_none());
        assert!(0i32.checked_negation().is_some_and(|n| n.exactly(0)));
    }
}
