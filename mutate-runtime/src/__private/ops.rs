//! Type-safe operator replacement without type information, by autoref specialization.
//!
//! A proc macro cannot see types, so `a + b -> a - b` would not compile for, say,
//! `String + &str`. Each operator of `std::ops` is a marker type here, and the operands
//! are handed over in `Operands<L, R, O, N>` (`PlaceOperand`, `Operand`). Each function
//! the macro rewrites declares two traits with one method per mutant
//! (`macro/operators/op_fallbacks.rs`): the viable one, implemented for `Operands` only
//! when the replacement `N` exists for the operands with the written operator `O`'s
//! output type ([`BinaryOp`]), and the fallback, implemented for `&Operands` with no
//! bounds at all, each of its methods deprecated with its mutant's id. The generated call
//! `(&Operands::<_, _, Add, Sub>::new(l, r)).__mutate_op_k()` resolves to the viable impl
//! when its bounds hold (no autoref needed) and to the fallback otherwise, which rustc's
//! deprecation warning tells the driver. The fallback hands the operands back (`Err`), and
//! the generated code computes the original with the operator itself, so the operator's
//! own coercions (`String + &String`) still apply.

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
    /// The operands, taken out once by whichever of the traits the macro declares per
    /// function runs (`macro/operators/op_fallbacks.rs`).
    #[inline]
    pub fn taken(&self) -> (L, R) {
        self.0.take().expect("operands are taken once")
    }
}

/// The place and operand of a compound assignment; `O` written, `N` its replacement.
pub struct PlaceOperand<'a, L, R, O, N>(Cell<Option<(&'a mut L, R)>>, PhantomData<(O, N)>);

impl<'a, L, R, O, N> PlaceOperand<'a, L, R, O, N> {
    #[inline]
    pub fn new(place: &'a mut L, right: R) -> Self {
        PlaceOperand(Cell::new(Some((place, right))), PhantomData)
    }
    /// The place and operand, taken out once by the macro's per-function swap traits.
    #[inline]
    pub fn taken(&self) -> (&'a mut L, R) {
        self.0.take().expect("operands are taken once")
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

/// The operand of a unary operator.
pub struct Operand<T>(Cell<Option<T>>);

impl<T> Operand<T> {
    #[inline]
    pub fn new(value: T) -> Self {
        Operand(Cell::new(Some(value)))
    }
    /// The operand, taken out once by the macro's per-function deletion traits.
    #[inline]
    pub fn taken(&self) -> T {
        self.0.take().expect("operand is taken once")
    }
}
