//! Type-safe operator replacement without type information, by autoref specialization.
//!
//! A proc macro cannot see types, so `a + b -> a - b` would not compile for, say,
//! `String + &str`. For each (original, replacement) pair there are two traits with the
//! same method: the viable one, implemented for `Operands<L, R>` only when the replacement
//! exists with the original's output type, and the fallback, implemented for
//! `&Operands<L, R>` with no bounds at all. The generated call
//! `(&Operands::new(l, r)).add_as_sub()` resolves to the viable impl when its bounds hold
//! (no autoref needed) and to the fallback otherwise. The fallback hands the operands back
//! (`Err`), and the generated code computes the original with the operator itself, so the
//! operator's own coercions (`String + &String`) still apply, and reports the mutant
//! unviable.

use std::cell::Cell;
use std::ops;

/// Both operands of a binary operator, moved in once and taken out by whichever impl runs.
pub struct Operands<L, R>(Cell<Option<(L, R)>>);

impl<L, R> Operands<L, R> {
    #[inline]
    pub fn new(left: L, right: R) -> Self {
        Operands(Cell::new(Some((left, right))))
    }
    #[inline]
    fn take(&self) -> (L, R) {
        self.0.take().expect("operands are taken once")
    }
}

/// The place and operand of a compound assignment.
pub struct PlaceOperand<'a, L, R>(Cell<Option<(&'a mut L, R)>>);

impl<'a, L, R> PlaceOperand<'a, L, R> {
    #[inline]
    pub fn new(place: &'a mut L, right: R) -> Self {
        PlaceOperand(Cell::new(Some((place, right))))
    }
    #[inline]
    fn take(&self) -> (&'a mut L, R) {
        self.0.take().expect("operands are taken once")
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
}

macro_rules! binary_pairs {
    ($( $Orig:ident => $Repl:ident :: $repl:ident : $Viable:ident, $Fallback:ident, $method:ident; )*) => {$(
        pub trait $Viable {
            type Output;
            type Operands;
            fn $method(&self) -> Result<Self::Output, Self::Operands>;
        }
        impl<L, R> $Viable for Operands<L, R>
        where
            L: ops::$Orig<R> + ops::$Repl<R, Output = <L as ops::$Orig<R>>::Output>,
        {
            type Output = <L as ops::$Orig<R>>::Output;
            type Operands = (L, R);
            #[inline]
            fn $method(&self) -> Result<Self::Output, (L, R)> {
                let (l, r) = self.take();
                Ok(ops::$Repl::$repl(l, r))
            }
        }
        pub trait $Fallback<L, R> {
            fn $method<T>(&self) -> Result<T, (L, R)>;
        }
        impl<L, R> $Fallback<L, R> for &Operands<L, R> {
            #[inline]
            fn $method<T>(&self) -> Result<T, (L, R)> {
                Err(self.take())
            }
        }
    )*};
}

macro_rules! assign_pairs {
    ($( $Orig:ident => $Repl:ident :: $repl:ident : $Viable:ident, $Fallback:ident, $method:ident; )*) => {$(
        pub trait $Viable<'a, L, R> {
            fn $method(&self) -> Result<(), (&'a mut L, R)>;
        }
        impl<'a, L: ops::$Orig<R> + ops::$Repl<R>, R> $Viable<'a, L, R> for PlaceOperand<'a, L, R> {
            #[inline]
            fn $method(&self) -> Result<(), (&'a mut L, R)> {
                let (place, r) = self.take();
                ops::$Repl::$repl(place, r);
                Ok(())
            }
        }
        pub trait $Fallback<'a, L, R> {
            fn $method(&self) -> Result<(), (&'a mut L, R)>;
        }
        impl<'a, L, R> $Fallback<'a, L, R> for &PlaceOperand<'a, L, R> {
            #[inline]
            fn $method(&self) -> Result<(), (&'a mut L, R)> {
                Err(self.take())
            }
        }
    )*};
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

binary_pairs! {
    Add => Sub::sub: AddAsSub, AddAsSubFallback, add_as_sub;
    Add => Mul::mul: AddAsMul, AddAsMulFallback, add_as_mul;
    Sub => Add::add: SubAsAdd, SubAsAddFallback, sub_as_add;
    Sub => Div::div: SubAsDiv, SubAsDivFallback, sub_as_div;
    Mul => Add::add: MulAsAdd, MulAsAddFallback, mul_as_add;
    Mul => Div::div: MulAsDiv, MulAsDivFallback, mul_as_div;
    Div => Mul::mul: DivAsMul, DivAsMulFallback, div_as_mul;
    Div => Rem::rem: DivAsRem, DivAsRemFallback, div_as_rem;
    Rem => Div::div: RemAsDiv, RemAsDivFallback, rem_as_div;
    Rem => Mul::mul: RemAsMul, RemAsMulFallback, rem_as_mul;
    Rem => Add::add: RemAsAdd, RemAsAddFallback, rem_as_add;
    BitAnd => BitOr::bitor: BitAndAsBitOr, BitAndAsBitOrFallback, bitand_as_bitor;
    BitAnd => BitXor::bitxor: BitAndAsBitXor, BitAndAsBitXorFallback, bitand_as_bitxor;
    BitOr => BitAnd::bitand: BitOrAsBitAnd, BitOrAsBitAndFallback, bitor_as_bitand;
    BitOr => BitXor::bitxor: BitOrAsBitXor, BitOrAsBitXorFallback, bitor_as_bitxor;
    BitXor => BitAnd::bitand: BitXorAsBitAnd, BitXorAsBitAndFallback, bitxor_as_bitand;
    BitXor => BitOr::bitor: BitXorAsBitOr, BitXorAsBitOrFallback, bitxor_as_bitor;
    Shl => Shr::shr: ShlAsShr, ShlAsShrFallback, shl_as_shr;
    Shr => Shl::shl: ShrAsShl, ShrAsShlFallback, shr_as_shl;
}

assign_pairs! {
    AddAssign => SubAssign::sub_assign: AddAssignAsSubAssign, AddAssignAsSubAssignFallback, add_assign_as_sub_assign;
    AddAssign => MulAssign::mul_assign: AddAssignAsMulAssign, AddAssignAsMulAssignFallback, add_assign_as_mul_assign;
    SubAssign => AddAssign::add_assign: SubAssignAsAddAssign, SubAssignAsAddAssignFallback, sub_assign_as_add_assign;
    SubAssign => DivAssign::div_assign: SubAssignAsDivAssign, SubAssignAsDivAssignFallback, sub_assign_as_div_assign;
    MulAssign => AddAssign::add_assign: MulAssignAsAddAssign, MulAssignAsAddAssignFallback, mul_assign_as_add_assign;
    MulAssign => DivAssign::div_assign: MulAssignAsDivAssign, MulAssignAsDivAssignFallback, mul_assign_as_div_assign;
    DivAssign => MulAssign::mul_assign: DivAssignAsMulAssign, DivAssignAsMulAssignFallback, div_assign_as_mul_assign;
    DivAssign => RemAssign::rem_assign: DivAssignAsRemAssign, DivAssignAsRemAssignFallback, div_assign_as_rem_assign;
    RemAssign => DivAssign::div_assign: RemAssignAsDivAssign, RemAssignAsDivAssignFallback, rem_assign_as_div_assign;
    RemAssign => MulAssign::mul_assign: RemAssignAsMulAssign, RemAssignAsMulAssignFallback, rem_assign_as_mul_assign;
    RemAssign => AddAssign::add_assign: RemAssignAsAddAssign, RemAssignAsAddAssignFallback, rem_assign_as_add_assign;
    BitAndAssign => BitOrAssign::bitor_assign: BitAndAssignAsBitOrAssign, BitAndAssignAsBitOrAssignFallback, bitand_assign_as_bitor_assign;
    BitAndAssign => BitXorAssign::bitxor_assign: BitAndAssignAsBitXorAssign, BitAndAssignAsBitXorAssignFallback, bitand_assign_as_bitxor_assign;
    BitOrAssign => BitAndAssign::bitand_assign: BitOrAssignAsBitAndAssign, BitOrAssignAsBitAndAssignFallback, bitor_assign_as_bitand_assign;
    BitOrAssign => BitXorAssign::bitxor_assign: BitOrAssignAsBitXorAssign, BitOrAssignAsBitXorAssignFallback, bitor_assign_as_bitxor_assign;
    BitXorAssign => BitAndAssign::bitand_assign: BitXorAssignAsBitAndAssign, BitXorAssignAsBitAndAssignFallback, bitxor_assign_as_bitand_assign;
    BitXorAssign => BitOrAssign::bitor_assign: BitXorAssignAsBitOrAssign, BitXorAssignAsBitOrAssignFallback, bitxor_assign_as_bitor_assign;
    ShlAssign => ShrAssign::shr_assign: ShlAssignAsShrAssign, ShlAssignAsShrAssignFallback, shl_assign_as_shr_assign;
    ShrAssign => ShlAssign::shl_assign: ShrAssignAsShlAssign, ShrAssignAsShlAssignFallback, shr_assign_as_shl_assign;
}

unary_deletions! {
    Not: NotDeleted, NotDeletedFallback, not_deleted;
    Neg: NegDeleted, NegDeletedFallback, neg_deleted;
}
