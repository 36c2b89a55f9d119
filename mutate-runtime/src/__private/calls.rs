//! Whether a call statement's value is `()`, known only to the compiler: the call is
//! wrapped in a closure and `(&UnitProbe::of(&call)).is_unit()` selects, by autoref
//! specialization, `true` for a closure returning `()` and `false` for any other (the
//! deletion mutant of such a call is unviable).

pub struct UnitProbe<F>(std::marker::PhantomData<F>);

impl<F> UnitProbe<F> {
    /// Only the closure's type matters; it is not called.
    #[inline]
    pub fn of(_call: &F) -> Self {
        UnitProbe(std::marker::PhantomData)
    }
}

pub trait UnitCall {
    fn is_unit(&self) -> bool;
}

impl<F: FnOnce()> UnitCall for UnitProbe<F> {
    #[inline]
    fn is_unit(&self) -> bool {
        true
    }
}

pub trait OtherCall {
    fn is_unit(&self) -> bool;
}

impl<F> OtherCall for &UnitProbe<F> {
    #[inline]
    fn is_unit(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The borrow is the mechanism: it lets the fallback impl on `&UnitProbe` be chosen.
    #[allow(clippy::needless_borrow)]
    #[test]
    fn tells_unit_calls_from_others() {
        #[allow(unused_imports)]
        use super::{OtherCall as _, UnitCall as _};
        let mut log = Vec::new();
        let push = || log.push(1);
        assert!((&UnitProbe::of(&push)).is_unit());
        let len = || 3_usize;
        assert!(!(&UnitProbe::of(&len)).is_unit());
    }
}
