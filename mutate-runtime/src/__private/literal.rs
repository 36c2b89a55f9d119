//! Values written as Rust expressions, for the tests the driver suggests
//! (`--suggest-tests`): a traced call records each argument it was given this way, so a
//! test can make the same call, and a probe writes what the call returned, so the test
//! can assert it. Autoref specialization, as for digests: [`Literal`] for types this
//! module can write, [`LiteralFallback`] (nothing) for the rest, generic parameters
//! included.
//!
//! Written so that the text, pasted where a value of the type is expected, is that value:
//! integers with their suffix, floats bit for bit (`{:?}` is the shortest text that reads
//! back the same), strings and chars escaped as `{:?}` escapes them (every escape it
//! writes is one Rust reads).

use std::fmt::Write;

/// Longest text a value may take: a test that pastes a megabyte is no test to offer.
pub const LONGEST: usize = 2 << 10;

/// A type whose values this module writes as Rust expressions.
pub trait ToLiteral {
    /// Writes the value; `false` where it cannot be (a NaN, a type that cannot be named).
    fn write(&self, out: &mut String) -> bool;

    /// Writes the value behind a `&`: `&` and the value, except where a literal already
    /// is a reference (`"text"`: a `&str`).
    fn write_ref(&self, out: &mut String) -> bool {
        out.push('&');
        self.write(out)
    }
}

/// What a value is written as, if it can be and is short enough.
pub fn literal<T: ToLiteral + ?Sized>(value: &T) -> Option<String> {
    let mut out = String::new();
    (value.write(&mut out) && out.len() <= LONGEST).then_some(out)
}

macro_rules! integers {
    ($($t:ty),*) => {$(
        impl ToLiteral for $t {
            fn write(&self, out: &mut String) -> bool {
                write!(out, "{}{}", self, stringify!($t)).is_ok()
            }
        }
    )*};
}
integers!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

macro_rules! floats {
    ($($t:ident),*) => {$(
        impl ToLiteral for $t {
            fn write(&self, out: &mut String) -> bool {
                let name = stringify!($t);
                if self.is_nan() {
                    write!(out, "{name}::NAN").is_ok()
                } else if self.is_infinite() {
                    let sign = if *self > 0.0 { "" } else { "NEG_" };
                    write!(out, "{name}::{sign}INFINITY").is_ok()
                } else {
                    write!(out, "{self:?}{name}").is_ok()
                }
            }
        }
    )*};
}
floats!(f32, f64);

impl ToLiteral for bool {
    fn write(&self, out: &mut String) -> bool {
        write!(out, "{self}").is_ok()
    }
}

impl ToLiteral for char {
    fn write(&self, out: &mut String) -> bool {
        write!(out, "{self:?}").is_ok()
    }
}

impl ToLiteral for () {
    fn write(&self, out: &mut String) -> bool {
        out.push_str("()");
        true
    }
}

impl ToLiteral for str {
    /// A `str` is only ever written behind a reference.
    fn write(&self, _: &mut String) -> bool {
        false
    }

    fn write_ref(&self, out: &mut String) -> bool {
        // Too long to write, before it is formatted.
        self.len() <= LONGEST && write!(out, "{self:?}").is_ok()
    }
}

impl ToLiteral for String {
    fn write(&self, out: &mut String) -> bool {
        self.len() <= LONGEST && write!(out, "String::from({self:?})").is_ok()
    }
}

impl<T: ToLiteral + ?Sized> ToLiteral for &T {
    fn write(&self, out: &mut String) -> bool {
        (**self).write_ref(out)
    }
}

impl<T: ToLiteral + ?Sized> ToLiteral for &mut T {
    fn write(&self, out: &mut String) -> bool {
        out.push_str("&mut ");
        (**self).write(out)
    }
}

impl<T: ToLiteral> ToLiteral for Box<T> {
    fn write(&self, out: &mut String) -> bool {
        out.push_str("Box::new(");
        (**self).write(out) && close(out)
    }
}

/// Writes `items` separated by commas; stops past [`LONGEST`].
fn items<'a, T: ToLiteral + 'a>(out: &mut String, items: impl IntoIterator<Item = &'a T>) -> bool {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if !item.write(out) || out.len() > LONGEST {
            return false;
        }
    }
    true
}

fn close(out: &mut String) -> bool {
    out.push(')');
    true
}

impl<T: ToLiteral> ToLiteral for [T] {
    fn write(&self, out: &mut String) -> bool {
        out.push('[');
        items(out, self) && {
            out.push(']');
            true
        }
    }
}

impl<T: ToLiteral, const N: usize> ToLiteral for [T; N] {
    fn write(&self, out: &mut String) -> bool {
        self.as_slice().write(out)
    }
}

impl<T: ToLiteral> ToLiteral for Vec<T> {
    fn write(&self, out: &mut String) -> bool {
        if self.is_empty() {
            out.push_str("Vec::new()");
            return true;
        }
        out.push_str("vec!");
        self.as_slice().write(out)
    }
}

impl<T: ToLiteral> ToLiteral for Option<T> {
    fn write(&self, out: &mut String) -> bool {
        match self {
            None => {
                out.push_str("None");
                true
            }
            Some(v) => {
                out.push_str("Some(");
                v.write(out) && close(out)
            }
        }
    }
}

impl<T: ToLiteral, E: ToLiteral> ToLiteral for Result<T, E> {
    fn write(&self, out: &mut String) -> bool {
        match self {
            Ok(v) => {
                out.push_str("Ok(");
                v.write(out) && close(out)
            }
            Err(e) => {
                out.push_str("Err(");
                e.write(out) && close(out)
            }
        }
    }
}

impl ToLiteral for std::cmp::Ordering {
    fn write(&self, out: &mut String) -> bool {
        write!(out, "std::cmp::Ordering::{self:?}").is_ok()
    }
}

macro_rules! tuples {
    ($(($($name:ident $i:tt),+))*) => {$(
        impl<$($name: ToLiteral),+> ToLiteral for ($($name,)+) {
            fn write(&self, out: &mut String) -> bool {
                out.push('(');
                $(
                    if $i > 0 {
                        out.push_str(", ");
                    }
                    if !self.$i.write(out) {
                        return false;
                    }
                )+
                // A tuple of one is `(x,)`.
                if [$($i),+].len() == 1 {
                    out.push(',');
                }
                close(out)
            }
        }
    )*};
}
tuples! {
    (A 0)
    (A 0, B 1)
    (A 0, B 1, C 2)
    (A 0, B 1, C 2, D 3)
    (A 0, B 1, C 2, D 3, E 4)
    (A 0, B 1, C 2, D 3, E 4, F 5)
}

/// A value the macro's traced call asks to write.
pub struct Shown<'a, T: ?Sized>(&'a T);

impl<'a, T: ?Sized> Shown<'a, T> {
    #[inline]
    pub fn new(value: &'a T) -> Self {
        Shown(value)
    }
}

pub trait Literal {
    fn literal(&self) -> Option<String>;
}

impl<T: ToLiteral + ?Sized> Literal for Shown<'_, T> {
    fn literal(&self) -> Option<String> {
        literal(self.0)
    }
}

pub trait LiteralFallback {
    fn literal(&self) -> Option<String>;
}

impl<T: ?Sized> LiteralFallback for &Shown<'_, T> {
    /// A value of a generic parameter (`format<I: Integer>(i: I)`: no bound says it can be
    /// written) is still written where it is a primitive, known by its type's name.
    fn literal(&self) -> Option<String> {
        primitive(self.0)
    }
}

/// `value` written as Rust where its type is one of the primitives (or a string, or a
/// reference to either) that [`ToLiteral`] writes, told by the type's name: a type of the
/// user's has a path in its name (`my_crate::u64`), so a name equal to a primitive's is
/// that primitive. Where no bound lets a generic parameter's value be written
/// (`TypeId` would need `'static`), this is how a call through it is written again.
fn primitive<T: ?Sized>(value: &T) -> Option<String> {
    let name = std::any::type_name::<T>();
    macro_rules! named {
        ($($t:ty),*) => {$(
            if name == std::any::type_name::<$t>()
                && std::mem::size_of_val(value) == std::mem::size_of::<$t>()
            {
                // SAFETY: `T` is `$t` (the same name, which only that type has, and the
                // same size), so the pointer is to a valid `$t`.
                let same: &$t = unsafe { &*(value as *const T).cast::<$t>() };
                return literal(same);
            }
        )*};
    }
    named!(
        u8,
        u16,
        u32,
        u64,
        u128,
        usize,
        i8,
        i16,
        i32,
        i64,
        i128,
        isize,
        f32,
        f64,
        bool,
        char,
        &str,
        String,
        &[u8],
        &u8,
        &u16,
        &u32,
        &u64,
        &u128,
        &usize,
        &i8,
        &i16,
        &i32,
        &i64,
        &i128,
        &isize,
        &f32,
        &f64,
        &bool,
        &char,
        &String
    );
    None
}

/// A value's whole `Debug` text, where it has one: what a suggested test asserts where
/// the value cannot be written as Rust.
pub trait Debugged {
    fn debugged(&self) -> Option<String>;
}

impl<T: std::fmt::Debug + ?Sized> Debugged for Shown<'_, T> {
    /// The text, unless it runs past [`LONGEST`]: formatting stops there, so a megabyte
    /// value a test passes through many traced calls is not written whole at each.
    fn debugged(&self) -> Option<String> {
        let mut capped = Capped(String::new());
        write!(capped, "{:?}", self.0).ok()?;
        Some(capped.0)
    }
}

/// A `String` that refuses to grow past [`LONGEST`].
struct Capped(String);

impl Write for Capped {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.0.len() + s.len() > LONGEST {
            return Err(std::fmt::Error);
        }
        self.0.push_str(s);
        Ok(())
    }
}

pub trait DebuggedFallback {
    fn debugged(&self) -> Option<String>;
}

impl<T: ?Sized> DebuggedFallback for &Shown<'_, T> {
    fn debugged(&self) -> Option<String> {
        None
    }
}

/// How a probe of a suggested test shows a value: `lit <Rust>`, `dbg <its Debug text as
/// a Rust string>`, or `none`; one line.
pub fn shown(literal: Option<String>, debugged: Option<String>) -> String {
    match (literal, debugged) {
        (Some(l), _) => format!("lit {l}"),
        (None, Some(d)) if d.len() <= LONGEST => format!("dbg {d:?}"),
        _ => "none".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_rust_reads_them() {
        assert_eq!(literal(&3u8).unwrap(), "3u8");
        assert_eq!(literal(&-128i8).unwrap(), "-128i8");
        assert_eq!(literal(&0.1f64).unwrap(), "0.1f64");
        assert_eq!(literal(&f32::NEG_INFINITY).unwrap(), "f32::NEG_INFINITY");
        assert_eq!(literal(&'\'').unwrap(), "'\\''");
        assert_eq!(literal(&"a\"\n").unwrap(), "\"a\\\"\\n\"");
        assert_eq!(literal(&String::from("x")).unwrap(), "String::from(\"x\")");
        assert_eq!(literal(&&[1u8, 2][..]).unwrap(), "&[1u8, 2u8]");
        assert_eq!(
            literal(&vec![Some(1i32), None]).unwrap(),
            "vec![Some(1i32), None]"
        );
        assert_eq!(literal(&Vec::<u8>::new()).unwrap(), "Vec::new()");
        assert_eq!(literal(&(1u8,)).unwrap(), "(1u8,)");
        assert_eq!(literal(&(1u8, true)).unwrap(), "(1u8, true)");
        let r: Result<u8, String> = Err("no".into());
        assert_eq!(literal(&r).unwrap(), "Err(String::from(\"no\"))");
        assert_eq!(literal(&&mut 5u16).unwrap(), "&mut 5u16");
    }

    /// What a traced call of a generic function records (no bound on its parameter).
    fn generic<T>(value: &T) -> Option<String> {
        (&Shown::new(value)).literal()
    }

    #[test]
    fn a_generic_parameters_primitive_value_is_written_by_its_types_name() {
        assert_eq!(generic(&-5i128).as_deref(), Some("-5i128"));
        assert_eq!(generic(&1.5f32).as_deref(), Some("1.5f32"));
        assert_eq!(generic(&"ab").as_deref(), Some("\"ab\""));
        assert_eq!(generic(&&7u8).as_deref(), Some("&7u8"));
        assert_eq!(
            generic(&String::from("s")).as_deref(),
            Some("String::from(\"s\")")
        );
        assert_eq!(generic(&&b"xy"[..]).as_deref(), Some("&[120u8, 121u8]"));
        assert_eq!(generic(&vec![1u8]), None, "only primitives and strings");
    }

    #[test]
    fn what_cannot_be_written_is_nothing() {
        struct Opaque;
        assert_eq!((&Shown::new(&Opaque)).literal(), None);
        #[allow(non_camel_case_types)]
        struct u64(#[allow(dead_code)] i64);
        assert_eq!((&Shown::new(&u64(3))).literal(), None, "not the primitive");
        assert_eq!(Shown::new(&7u32).literal().as_deref(), Some("7u32"));
        assert_eq!(literal(&vec![0u64; LONGEST]), None, "too long");
        assert_eq!(literal(&"x".repeat(LONGEST + 1)), None, "too long");
        let huge = vec![1u8; LONGEST];
        assert_eq!(Shown::new(&huge).debugged(), None, "stopped at the cap");
        assert_eq!(Shown::new(&[1u8, 2]).debugged().as_deref(), Some("[1, 2]"));
    }
}
