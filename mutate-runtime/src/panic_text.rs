//! A panic's message, from its payload: what `panic!` and the arithmetic checks carry
//! (`&str` or `String`).

use std::any::Any;

/// The payload's text, where it is text.
pub(crate) fn of(payload: &(dyn Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
}
