//! Whether a call statement's value is `()`, known only to the compiler. The call goes
//! into a closure that turns its value into a marker type, `Unit` or `Other`, chosen by
//! autoref specialization on the value's type: the closure returns no borrow of what it
//! captures, whatever the call returns. `returns_unit(&closure)` then reads the marker
//! from the closure's type without calling it: `true` for `Unit`, else `false` (the
//! deletion mutant of such a call is unviable).

use std::marker::PhantomData;

/// The call's value was `()`.
pub struct Unit;
/// The call's value was anything else.
pub struct Other;

/// Stands for a call's value, by type only.
pub struct ValueProbe<T>(PhantomData<T>);

impl<T> ValueProbe<T> {
    #[inline]
    pub fn of(_value: &T) -> Self {
        ValueProbe(PhantomData)
    }
}

pub trait UnitValue {
    fn kind(&self) -> Unit;
}

impl UnitValue for ValueProbe<()> {
    #[inline]
    fn kind(&self) -> Unit {
        Unit
    }
}

pub trait OtherValue {
    fn kind(&self) -> Other;
}

impl<T> OtherValue for &ValueProbe<T> {
    #[inline]
    fn kind(&self) -> Other {
        Other
    }
}

/// What a marker says, read from the closure's type.
pub trait Marker {
    const UNIT: bool;
}

impl Marker for Unit {
    const UNIT: bool = true;
}

impl Marker for Other {
    const UNIT: bool = false;
}

/// Whether the closure holding the call returns `Unit`. Only its type matters; it is not
/// called.
#[inline]
pub fn returns_unit<F: FnOnce() -> M, M: Marker>(_call: &F) -> bool {
    M::UNIT
}

#[cfg(test)]
mod tests {
    use super::*;

    // The borrow is the mechanism: it lets the fallback impl on `&ValueProbe` be chosen.
    #[allow(clippy::needless_borrow, clippy::let_unit_value, unused_imports)]
    #[test]
    fn tells_unit_calls_from_others() {
        use super::{OtherValue as _, UnitValue as _};
        let mut log = Vec::new();
        let push = || {
            let value = log.push(1);
            (&ValueProbe::of(&value)).kind()
        };
        assert!(returns_unit(&push));
        let mut map = std::collections::HashMap::from([(1, 2)]);
        // Returns a borrow of a captured map: the marker keeps the closure valid.
        let entry = || {
            let value = map.entry(1).and_modify(|v| *v += 1);
            (&ValueProbe::of(&value)).kind()
        };
        assert!(!returns_unit(&entry));
    }
}
