//! Values for function-body replacements that the macro cannot write as literals: a
//! `Default` value of a type it can only name (through autoref specialization, so a type
//! without `Default` selects the fallback and the mutant is unviable, never a compile
//! error), and an iterator that is either the body's or a replacement's.
//!
//! The fallbacks are not here: the macro declares them in each mutant's arm, as deprecated
//! methods whose note names the mutant, so rustc's warning says which mutants resolved to
//! one (`mutate_protocol::unviable_marks`).

use std::marker::PhantomData;

/// `(&Make::<T>::new()).make()`: `Some(T::default())` when `T: Default` is known at the
/// call, else `None` (the fallback, on `&Make<T>`: the mutant is unviable and the original
/// runs).
pub struct Make<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> Make<T> {
    #[inline]
    pub fn new() -> Self {
        Make(PhantomData)
    }
}

impl<T: ?Sized> Default for Make<T> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait MakeDefault<T> {
    fn make(&self) -> Option<T>;
}

impl<T: Default> MakeDefault<T> for Make<T> {
    #[inline]
    fn make(&self) -> Option<T> {
        Some(T::default())
    }
}

/// `(&Leak::<&T>::new()).make()`: `Some(Box::leak(Box::new(T::default())))` when `T` is
/// sized and `Default` at the call, else `None`. For a `&T` whose `T` the macro can only
/// name (an alias or associated type may be `str` or a slice), so an unsized `T` makes
/// the mutant unviable instead of failing the build.
pub struct Leak<R: ?Sized>(PhantomData<R>);

impl<R: ?Sized> Leak<R> {
    #[inline]
    pub fn new() -> Self {
        Leak(PhantomData)
    }
}

impl<R: ?Sized> Default for Leak<R> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait LeakDefault<R> {
    fn make(&self) -> Option<R>;
}

impl<'a, T: Default> LeakDefault<&'a T> for Leak<&'a T> {
    #[inline]
    fn make(&self) -> Option<&'a T> {
        Some(Box::leak(Box::new(T::default())))
    }
}

impl<'a, T: Default> LeakDefault<&'a mut T> for Leak<&'a mut T> {
    #[inline]
    fn make(&self) -> Option<&'a mut T> {
        Some(Box::leak(Box::new(T::default())))
    }
}

/// The result of a function declared `-> impl Iterator<Item = T>`: its body's iterator,
/// or a replacement (empty or one item). One concrete type for both, as an opaque return
/// type requires.
pub enum EitherIter<B, T> {
    Body(B),
    Replaced(std::option::IntoIter<T>),
}

impl<B: Iterator<Item = T>, T> Iterator for EitherIter<B, T> {
    type Item = T;

    #[inline]
    fn next(&mut self) -> Option<T> {
        match self {
            EitherIter::Body(b) => b.next(),
            EitherIter::Replaced(r) => r.next(),
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match self {
            EitherIter::Body(b) => b.size_hint(),
            EitherIter::Replaced(r) => r.size_hint(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // As the macro declares them.
    trait MakeFallback<T> {
        fn make(&self) -> Option<T>;
    }
    impl<T> MakeFallback<T> for &Make<T> {
        fn make(&self) -> Option<T> {
            None
        }
    }
    trait LeakFallback<R> {
        fn make(&self) -> Option<R>;
    }
    impl<R> LeakFallback<R> for &Leak<R> {
        fn make(&self) -> Option<R> {
            None
        }
    }

    // The borrow is the mechanism: it lets the fallback impl on `&Make<T>` be chosen.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn default_when_known_else_none() {
        #[allow(unused_imports)]
        use super::MakeDefault as _;
        struct NoDefault;
        let known: Option<Vec<u8>> = (&Make::<Vec<u8>>::new()).make();
        assert_eq!(known, Some(Vec::new()));
        let unknown: Option<NoDefault> = (&Make::<NoDefault>::new()).make();
        assert!(unknown.is_none());
    }

    #[allow(clippy::needless_borrow)]
    #[test]
    fn leaks_a_default_only_of_sized_types() {
        #[allow(unused_imports)]
        use super::LeakDefault as _;
        let known: Option<&Vec<u8>> = (&Leak::<&Vec<u8>>::new()).make();
        assert_eq!(known, Some(&Vec::new()));
        let unsized_referent: Option<&str> = (&Leak::<&str>::new()).make();
        assert!(unsized_referent.is_none());
        let mutable: Option<&mut u8> = (&Leak::<&mut u8>::new()).make();
        assert_eq!(mutable, Some(&mut 0));
    }

    #[test]
    fn either_iterates_its_side() {
        let body: EitherIter<std::ops::Range<u8>, u8> = EitherIter::Body(0..3);
        assert_eq!(body.collect::<Vec<_>>(), vec![0, 1, 2]);
        let once: EitherIter<std::ops::Range<u8>, u8> = EitherIter::Replaced(Some(7).into_iter());
        assert_eq!(once.collect::<Vec<_>>(), vec![7]);
    }
}
