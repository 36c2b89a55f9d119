//! `__select!` picks, per build, the original item or its schemata. The cfg is read here,
//! in the runtime crate, so the user's crate never names it (and never warns about it).

#[cfg(not(mutate_schemata))]
#[doc(hidden)]
#[macro_export]
macro_rules! __select {
    ({ $($original:tt)* } { $($schemata:tt)* }) => { $($original)* };
}

#[cfg(mutate_schemata)]
#[doc(hidden)]
#[macro_export]
macro_rules! __select {
    ({ $($original:tt)* } { $($schemata:tt)* }) => { $($schemata)* };
}
