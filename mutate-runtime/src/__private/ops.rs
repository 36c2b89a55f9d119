//! Type-safe operator replacement without type information, by autoref specialization.
//!
//! A proc macro cannot see types, so `a + b -> a - b` would not compile for, say,
//! `String + &str`. Each operator of `std::ops` is a marker type here, and there are two
//! traits with the same method: the viable one, [`Swap`], implemented for
//! `Operands<L, R, O, N>` only when the replacement `N` exists for the operands with the
//! written operator `O`'s output type, and the fallback, implemented for `&Operands` with
//! no bounds at all. The generated call `(&Operands::<_, _, Add, Sub>::new(l, r)).swap()`
//! resolves to the viable impl when its bounds hold (no autoref needed) and to the
//! fallback otherwise. The fallback hands the operands back
//! (`Err`), and the generated code computes the original with the operator itself, so the
//! operator's own coercions (`String + &String`) still apply, and reports the mutant
//! unviable.

use std::cell::Cell;
use std::marker::PhantomData;
use std::ops;

/// Both operands of a binary operator, moved in once and taken out by whichever impl runs;
/// `O` is the operator written, `N` its replacement (marker types below).
pub struct Operands<L, R, O, N>(Cell<Option<(L, R)>>, PhantomData<(O, N)>);

impl<L, R, O, N> Operands<L, R, O, N> {
    #[inline]
    pub fn new(left: L, right: R) -> Self {
        Operands(Cell::new(Some((left, right))), PhantomData)
    }
    #[inline]
    fn take(&self) -> (L, R) {
        self.0.take().expect("operands are taken once")
    }
    /// The operands, for the swap traits the macro declares per function (each mutant's
    /// fallback marked with its id: `macro/operators/swap_marks.rs`).
    #[inline]
    pub fn taken(&self) -> (L, R) {
        self.take()
    }
}

/// The place and operand of a compound assignment; `O` written, `N` its replacement.
pub struct PlaceOperand<'a, L, R, O, N>(Cell<Option<(&'a mut L, R)>>, PhantomData<(O, N)>);

impl<'a, L, R, O, N> PlaceOperand<'a, L, R, O, N> {
    #[inline]
    pub fn new(place: &'a mut L, right: R) -> Self {
        PlaceOperand(Cell::new(Some((place, right))), PhantomData)
    }
    #[inline]
    fn take(&self) -> (&'a mut L, R) {
        self.0.take().expect("operands are taken once")
    }
    /// The place and operand, for the macro's per-function swap traits.
    #[inline]
    pub fn taken(&self) -> (&'a mut L, R) {
        self.take()
    }
}

/// A binary operator of `std::ops` as a type, so one pair of traits serves every
/// (written, replacement) pair: the macro's table of replacements is the only list.
pub trait BinaryOp<L, R> {
    type Output;
    fn apply(left: L, right: R) -> Self::Output;
}

/// A compound assignment operator of `std::ops` as a type.
pub trait AssignOp<L, R> {
    fn apply(place: &mut L, right: R);
}

macro_rules! operator_types {
    (binary: $($Name:ident = $method:ident),*; assign: $($AName:ident = $amethod:ident),*;) => {
        $(
            pub struct $Name;
            impl<L: ops::$Name<R>, R> BinaryOp<L, R> for $Name {
                type Output = <L as ops::$Name<R>>::Output;
                #[inline]
                fn apply(left: L, right: R) -> Self::Output {
                    ops::$Name::$method(left, right)
                }
            }
        )*
        $(
            pub struct $AName;
            impl<L: ops::$AName<R>, R> AssignOp<L, R> for $AName {
                #[inline]
                fn apply(place: &mut L, right: R) {
                    ops::$AName::$amethod(place, right)
                }
            }
        )*
    };
}

// Every overloadable binary operator of std, once: any of them may replace any other.
operator_types! {
    binary: Add = add, Sub = sub, Mul = mul, Div = div, Rem = rem, BitAnd = bitand,
        BitOr = bitor, BitXor = bitxor, Shl = shl, Shr = shr;
    assign: AddAssign = add_assign, SubAssign = sub_assign, MulAssign = mul_assign,
        DivAssign = div_assign, RemAssign = rem_assign, BitAndAssign = bitand_assign,
        BitOrAssign = bitor_assign, BitXorAssign = bitxor_assign, ShlAssign = shl_assign,
        ShrAssign = shr_assign;
}

/// The viable swap: the replacement exists for these operands with the written
/// operator's output type.
pub trait Swap {
    type Output;
    type Operands;
    fn swap(&self) -> Result<Self::Output, Self::Operands>;
}

impl<L, R, O, N> Swap for Operands<L, R, O, N>
where
    O: BinaryOp<L, R>,
    N: BinaryOp<L, R, Output = O::Output>,
{
    type Output = O::Output;
    type Operands = (L, R);
    #[inline]
    fn swap(&self) -> Result<O::Output, (L, R)> {
        let (l, r) = self.take();
        Ok(N::apply(l, r))
    }
}

/// The fallback, reached by autoref when [`Swap`]'s bounds do not hold.
pub trait SwapFallback<L, R> {
    fn swap<T>(&self) -> Result<T, (L, R)>;
}

impl<L, R, O, N> SwapFallback<L, R> for &Operands<L, R, O, N> {
    #[inline]
    fn swap<T>(&self) -> Result<T, (L, R)> {
        Err(self.take())
    }
}

/// The viable swap of a compound assignment.
pub trait SwapAssign<'a, L, R> {
    fn swap_assign(&self) -> Result<(), (&'a mut L, R)>;
}

impl<'a, L, R, O, N> SwapAssign<'a, L, R> for PlaceOperand<'a, L, R, O, N>
where
    O: AssignOp<L, R>,
    N: AssignOp<L, R>,
{
    #[inline]
    fn swap_assign(&self) -> Result<(), (&'a mut L, R)> {
        let (place, r) = self.take();
        N::apply(place, r);
        Ok(())
    }
}

/// The fallback of a compound assignment.
pub trait SwapAssignFallback<'a, L, R> {
    fn swap_assign(&self) -> Result<(), (&'a mut L, R)>;
}

impl<'a, L, R, O, N> SwapAssignFallback<'a, L, R> for &PlaceOperand<'a, L, R, O, N> {
    #[inline]
    fn swap_assign(&self) -> Result<(), (&'a mut L, R)> {
        Err(self.take())
    }
}

/// The operand of a unary operator.
pub struct Operand<T>(Cell<Option<T>>);

impl<T> Operand<T> {
    #[inline]
    pub fn new(value: T) -> Self {
        Operand(Cell::new(Some(value)))
    }
    #[inline]
    fn take(&self) -> T {
        self.0.take().expect("operand is taken once")
    }
    /// The operand, for the macro's per-function deletion traits.
    #[inline]
    pub fn taken(&self) -> T {
        self.take()
    }
}

macro_rules! unary_deletions {
    ($( $Orig:ident : $Viable:ident, $Fallback:ident, $method:ident; )*) => {$(
        pub trait $Viable<T> {
            fn $method(&self) -> Result<T, T>;
        }
        impl<T: ops::$Orig<Output = T>> $Viable<T> for Operand<T> {
            #[inline]
            fn $method(&self) -> Result<T, T> {
                Ok(self.take())
            }
        }
        pub trait $Fallback<T> {
            fn $method<U>(&self) -> Result<U, T>;
        }
        impl<T> $Fallback<T> for &Operand<T> {
            #[inline]
            fn $method<U>(&self) -> Result<U, T> {
                Err(self.take())
            }
        }
    )*};
}

unary_deletions! {
    Not: NotDeleted, NotDeletedFallback, not_deleted;
    Neg: NegDeleted, NegDeletedFallback, neg_deleted;
}
