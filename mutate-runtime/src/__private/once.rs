//! A value moved in once and taken out once by whichever impl of an autoref pair runs
//! (`case.rs`, `reverse.rs`): both the viable impl, on `Once<T>`, and the fallback, on
//! `&Once<T>`, take `&self`, so the value sits in a cell.

use std::cell::Cell;

pub struct Once<T>(Cell<Option<T>>);

impl<T> Once<T> {
    #[inline]
    pub fn new(value: T) -> Self {
        Once(Cell::new(Some(value)))
    }

    #[inline]
    pub(crate) fn take(&self) -> T {
        self.0.take().expect("taken once")
    }
}
