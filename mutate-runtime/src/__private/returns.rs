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

/// `(&&&Leak::<&T>::new()).make()`: a reference to a default value, for a `&T` whose `T`
/// the macro can only name (an alias or associated type may be `str` or a slice): first
/// `Box::leak(Box::new(T::default()))` where `T` is sized and `Default` ([`LeakDefault`]),
/// else the reference type's own `Default` (`&str`, `&[T]`, `&OsStr`: [`RefDefault`]), else
/// `None` (the fallback, on `Leak<R>`: the mutant is unviable and the original runs). The
/// order is autoderef's: the impl on the most references is tried first.
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

impl<'a, T: Default> LeakDefault<&'a T> for &&Leak<&'a T> {
    #[inline]
    fn make(&self) -> Option<&'a T> {
        Some(Box::leak(Box::new(T::default())))
    }
}

impl<'a, T: Default> LeakDefault<&'a mut T> for &&Leak<&'a mut T> {
    #[inline]
    fn make(&self) -> Option<&'a mut T> {
        Some(Box::leak(Box::new(T::default())))
    }
}

pub trait RefDefault<R> {
    fn make(&self) -> Option<R>;
}

impl<R: Default> RefDefault<R> for &Leak<R> {
    #[inline]
    fn make(&self) -> Option<R> {
        Some(R::default())
    }
}

/// `(&Convert::<T, S>::new()).make(s)`: `Some(T::from(s))` when `T: From<S>` is known at
/// the call, else `None` (the fallback, on `&Convert<T, S>`). For `W::from(v)` of a type
/// `W<S>` the macro knows only by name.
pub struct Convert<T, S>(PhantomData<fn(S) -> T>);

impl<T, S> Convert<T, S> {
    #[inline]
    pub fn new() -> Self {
        Convert(PhantomData)
    }
}

impl<T, S> Default for Convert<T, S> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait ConvertFrom<T, S> {
    fn make(&self, from: S) -> Option<T>;
}

impl<T: From<S>, S> ConvertFrom<T, S> for Convert<T, S> {
    #[inline]
    fn make(&self, from: S) -> Option<T> {
        Some(T::from(from))
    }
}

/// `(&Collect::<C, T>::new()).make(t)`: `Some(C::from_iter([t]))` when `C: FromIterator<T>`
/// is known at the call, else `None` (the fallback, on `&Collect<C, T>`). For
/// `W::from_iter([v])` of a type `W<T>` the macro knows only by name.
pub struct Collect<C, T>(PhantomData<fn(T) -> C>);

impl<C, T> Collect<C, T> {
    #[inline]
    pub fn new() -> Self {
        Collect(PhantomData)
    }
}

impl<C, T> Default for Collect<C, T> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait CollectFrom<C, T> {
    fn make(&self, item: T) -> Option<C>;
}

impl<C: FromIterator<T>, T> CollectFrom<C, T> for Collect<C, T> {
    #[inline]
    fn make(&self, item: T) -> Option<C> {
        Some(C::from_iter([item]))
    }
}

/// `(&Repeat::<T, N>::new()).make(v)`: `[v; N]` when `T: Copy` is known at the call, as
/// the text `[v; N]` asks of a value that is not a constant, else `None` (the fallback,
/// on `&Repeat<T, N>`): cargo-mutants' `[Default::default(); N]` of a `String` does not
/// build, and a program that clones instead would be another mutant under its name.
pub struct Repeat<T, const N: usize>(PhantomData<fn(T) -> [T; N]>);

impl<T, const N: usize> Repeat<T, N> {
    #[inline]
    pub fn new() -> Self {
        Repeat(PhantomData)
    }
}

impl<T, const N: usize> Default for Repeat<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

pub trait RepeatCopy<T, const N: usize> {
    fn make(&self, value: T) -> Option<[T; N]>;
}

impl<T: Copy, const N: usize> RepeatCopy<T, N> for Repeat<T, N> {
    #[inline]
    fn make(&self, value: T) -> Option<[T; N]> {
        Some([value; N])
    }
}

/// The result of a function declared `-> impl Iterator<Item = T>`: its body's iterator,
/// or a replacement (empty or one item). One concrete type for both, as an opaque return
/// type requires; it has each std trait an `impl Iterator` may also promise (`+ Clone`,
/// `+ DoubleEndedIterator`, ..) where both sides have it.
#[derive(Clone, Debug)]
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

impl<B: DoubleEndedIterator<Item = T>, T> DoubleEndedIterator for EitherIter<B, T> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        match self {
            EitherIter::Body(b) => b.next_back(),
            EitherIter::Replaced(r) => r.next_back(),
        }
    }
}

impl<B: ExactSizeIterator<Item = T>, T> ExactSizeIterator for EitherIter<B, T> {}

impl<B: std::iter::FusedIterator<Item = T>, T> std::iter::FusedIterator for EitherIter<B, T> {}

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
    impl<R> LeakFallback<R> for Leak<R> {
        fn make(&self) -> Option<R> {
            None
        }
    }
    trait ConvertFallback<T, S> {
        fn make(&self, from: S) -> Option<T>;
    }
    impl<T, S> ConvertFallback<T, S> for &Convert<T, S> {
        fn make(&self, _: S) -> Option<T> {
            None
        }
    }
    trait CollectFallback<C, T> {
        fn make(&self, item: T) -> Option<C>;
    }
    impl<C, T> CollectFallback<C, T> for &Collect<C, T> {
        fn make(&self, _: T) -> Option<C> {
            None
        }
    }
    trait RepeatFallback<T, const N: usize> {
        fn make(&self, value: T) -> Option<[T; N]>;
    }
    impl<T, const N: usize> RepeatFallback<T, N> for &Repeat<T, N> {
        fn make(&self, _: T) -> Option<[T; N]> {
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

    /// A sized referent is leaked; an unsized one takes its reference's own `Default`
    /// where it has one (`&str`), else the fallback.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn leaks_a_default_of_sized_types_else_takes_the_references() {
        #[allow(unused_imports)]
        use super::{LeakDefault as _, RefDefault as _};
        let known: Option<&Vec<u8>> = (&&&Leak::<&Vec<u8>>::new()).make();
        assert_eq!(known, Some(&Vec::new()));
        let unsized_referent: Option<&str> = (&&&Leak::<&str>::new()).make();
        assert_eq!(unsized_referent, Some(""));
        let mutable: Option<&mut u8> = (&&&Leak::<&mut u8>::new()).make();
        assert_eq!(mutable, Some(&mut 0));
        let neither: Option<&dyn std::fmt::Debug> = (&&&Leak::<&dyn std::fmt::Debug>::new()).make();
        assert!(neither.is_none());
    }

    #[allow(clippy::needless_borrow)]
    #[test]
    fn converts_collects_and_repeats_where_the_types_allow() {
        #[allow(unused_imports)]
        use super::{CollectFrom as _, ConvertFrom as _, RepeatCopy as _};
        struct Opaque;
        let converted: Option<std::task::Poll<u8>> =
            (&Convert::<std::task::Poll<u8>, u8>::new()).make(3);
        assert_eq!(converted, Some(std::task::Poll::Ready(3)));
        let not: Option<std::num::Wrapping<u8>> =
            (&Convert::<std::num::Wrapping<u8>, u8>::new()).make(3);
        assert!(not.is_none());
        let collected: Option<Vec<u8>> = (&Collect::<Vec<u8>, u8>::new()).make(4);
        assert_eq!(collected, Some(vec![4]));
        let not: Option<Option<u8>> = (&Collect::<Option<u8>, u16>::new()).make(4);
        assert!(not.is_none());
        let repeated: Option<[u8; 2]> = (&Repeat::<u8, 2>::new()).make(7);
        assert_eq!(repeated, Some([7, 7]));
        let not: Option<[String; 2]> = (&Repeat::<String, 2>::new()).make("a".into());
        assert!(not.is_none(), "`[String::new(); 2]` does not build as text");
        let not: Option<[Opaque; 2]> = (&Repeat::<Opaque, 2>::new()).make(Opaque);
        assert!(not.is_none());
    }

    #[test]
    fn either_iterates_its_side() {
        let body: EitherIter<std::ops::Range<u8>, u8> = EitherIter::Body(0..3);
        assert_eq!(body.collect::<Vec<_>>(), vec![0, 1, 2]);
        let once: EitherIter<std::ops::Range<u8>, u8> = EitherIter::Replaced(Some(7).into_iter());
        assert_eq!(once.collect::<Vec<_>>(), vec![7]);
    }
}
