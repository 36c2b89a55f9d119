//! One function per kind of declared return type, for the body replacements: each value
//! the replacement table knows, generic and lifetime-carrying types, types with no
//! `Default` (unviable), opaque types and a function that never returns.

use mutate_runtime::mutate;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

#[mutate]
pub fn record(log: &mut Vec<u32>, x: u32) {
    log.push(x);
}

#[mutate]
pub fn is_even(x: u32) -> bool {
    x % 2 == 0
}

#[mutate]
pub fn unsigned(x: u8) -> u8 {
    x.wrapping_mul(3)
}

#[mutate]
pub fn signed(x: i16) -> i16 {
    x - 7
}

#[mutate]
pub fn float(x: f64) -> f64 {
    x * 0.5
}

#[mutate]
pub fn letter(n: u32) -> char {
    char::from_digit(n % 10, 10).unwrap_or('?')
}

#[mutate]
pub fn owned(n: u32) -> String {
    format!("n={n}")
}

#[mutate]
pub fn borrowed(text: &str) -> &str {
    text.trim()
}

#[mutate]
pub fn optional(x: i32) -> Option<i32> {
    x.checked_mul(2)
}

#[mutate]
pub fn fallible(text: &str) -> Result<u16, std::num::ParseIntError> {
    text.parse()
}

#[mutate]
pub fn listed(n: u8) -> Vec<u8> {
    (1..=n).collect()
}

#[mutate]
pub fn boxed(x: i8) -> Box<i8> {
    Box::new(x.saturating_add(1))
}

#[mutate]
pub fn shared(text: &str) -> Rc<String> {
    Rc::new(text.to_uppercase())
}

#[mutate]
pub fn atomic(flag: bool) -> Arc<bool> {
    Arc::new(!flag)
}

#[mutate]
pub fn counts(text: &str) -> HashMap<char, usize> {
    let mut map = HashMap::new();
    for c in text.chars() {
        *map.entry(c).or_insert(0) += 1;
    }
    map
}

#[mutate]
pub fn ordered(text: &str) -> BTreeMap<String, bool> {
    text.split(',')
        .map(|w| (w.to_owned(), w.len() > 2))
        .collect()
}

#[mutate]
pub fn distinct(v: &[u8]) -> HashSet<u8> {
    v.iter().copied().collect()
}

#[mutate]
pub fn sorted(v: &[i64]) -> BTreeSet<i64> {
    v.iter().copied().collect()
}

#[mutate]
pub fn queue(n: u16) -> VecDeque<u16> {
    (0..n).collect()
}

#[mutate]
pub fn first<'a>(items: &'a [String], _label: &str) -> &'a String {
    &items[0]
}

#[mutate]
pub fn tail(v: &[u32]) -> &[u32] {
    &v[1..]
}

#[mutate]
pub fn largest<T: PartialOrd + Copy>(v: &[T]) -> T {
    let mut best = v[0];
    for &x in v {
        if x > best {
            best = x;
        }
    }
    best
}

#[mutate]
pub fn pick<T>(v: &[T], i: usize) -> &T {
    &v[i % v.len()]
}

#[mutate]
pub fn squares(n: u32) -> impl Iterator<Item = u32> {
    (1..=n).map(|x| x * x)
}

#[mutate]
pub fn adder(n: i32) -> impl Fn(i32) -> i32 {
    move |x| x + n
}

/// A closure whose value holds another closure: its two copies would be two types, so only
/// the inner one chooses its body where it starts.
#[mutate]
pub fn doubled_rows(rows: &[Vec<u8>]) -> impl Iterator<Item = u8> + '_ {
    rows.iter().flat_map(|row| row.iter().map(|c| c * 3))
}

#[mutate]
pub fn pair(x: u8) -> (bool, u8) {
    (x > 9, x / 2)
}

#[mutate]
pub fn triple(x: u8) -> [u8; 3] {
    [x, x.wrapping_add(1), x.wrapping_add(2)]
}

/// No `Default`: the body replacement is unviable.
#[derive(Debug, PartialEq)]
pub struct Token(pub u32);

#[mutate]
pub fn token(x: u32) -> Token {
    Token(x + 1)
}

#[mutate]
pub fn maybe_token(x: u32) -> Option<Token> {
    (x > 0).then_some(Token(x))
}

#[derive(Debug, Default, Clone, PartialEq)]
pub struct Settings {
    pub level: u8,
}

#[mutate]
impl Settings {
    pub fn with_level(level: u8) -> Self {
        Settings {
            level: level.min(9),
        }
    }

    pub fn level_ref(&self) -> &u8 {
        &self.level
    }

    pub fn level_mut(&mut self) -> &mut u8 {
        &mut self.level
    }
}

/// Never returns: no body replacement.
#[mutate]
pub fn fail(message: &str) -> ! {
    panic!("{message}")
}

#[mutate]
pub async fn later(x: u64) -> Option<u64> {
    x.checked_sub(1)
}

fn non_empty(text: &str) -> Result<(), String> {
    if text.is_empty() {
        Err("empty".into())
    } else {
        Ok(())
    }
}

/// A `?` statement whose value is discarded: deleting it drops the check.
#[mutate]
pub fn shout(text: &str) -> Result<String, String> {
    non_empty(text)?;
    Ok(text.to_uppercase())
}

/// A call statement whose value is not `()` (the popped item is dropped): deleting it
/// builds as text, so it is a mutant like any other.
#[mutate]
pub fn drop_last(mut v: Vec<u8>) -> Vec<u8> {
    v.pop();
    v
}

/// Derefs to an unsized type named only through an associated type: `&Self::Target` must
/// not be built as a boxed value of it.
pub struct Name(String);

#[mutate]
impl std::ops::Deref for Name {
    type Target = str;

    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

pub fn name(text: &str) -> Name {
    Name(text.to_owned())
}

/// A type alias for an unsized type: its body replacement is the slice's own default (a
/// leaked one cannot be made), never a build error.
pub type Bytes = [u8];

#[mutate]
pub fn head(v: &Bytes) -> &Bytes {
    &v[..v.len().min(2)]
}

/// Shared slices inside a container: a leaked `&mut [T]` must be reborrowed as `&[T]`.
#[allow(clippy::needless_lifetimes)]
#[mutate]
pub fn halves<'a, T>(xs: &'a [T]) -> Vec<&'a [T]> {
    let (a, b) = xs.split_at(xs.len() / 2);
    vec![a, b]
}

#[allow(clippy::needless_lifetimes)]
#[mutate]
pub fn checked_halves<'a>(xs: &'a [u8]) -> Result<Vec<&'a [u8]>, String> {
    if xs.len() % 2 == 1 {
        return Err("odd".into());
    }
    Ok(halves(xs))
}

/// Shared references to sized values inside a container.
#[mutate]
pub fn refs(xs: &[u16]) -> Vec<&u16> {
    xs.iter().filter(|x| **x > 1).collect()
}

/// A dynamically sized type of the crate's own, as indexmap's `Slice`: `Box<Packed>` has
/// no `Box::new` of a value, so its replacement is the `Box`'s own `Default`, unviable here.
#[repr(transparent)]
pub struct Packed([u8]);

impl Packed {
    pub fn from_boxed(bytes: Box<[u8]>) -> Box<Packed> {
        // SAFETY: `Packed` is a transparent wrapper of `[u8]`: same layout and metadata.
        unsafe { Box::from_raw(Box::into_raw(bytes) as *mut Packed) }
    }

    pub fn bytes(&self) -> &[u8] {
        &self.0
    }
}

#[mutate]
pub fn packed(v: Vec<u8>) -> Box<Packed> {
    Packed::from_boxed(v.into_boxed_slice())
}

/// A trait method named like an inherent one (either's `AsRef::as_ref` beside its own
/// `as_ref`): the call tracing must call the trait's, not `Self::as_ref`.
pub struct Tagged(pub u8);

impl Tagged {
    pub fn as_ref(&self) -> Option<&u8> {
        Some(&self.0)
    }
}

#[mutate]
impl AsRef<u8> for Tagged {
    fn as_ref(&self) -> &u8 {
        &self.0
    }
}

/// A `Drop` impl (as arrayvec's): only the compiler may call `drop`, so it is not traced.
pub struct Counted<'a>(pub &'a std::cell::Cell<u32>);

#[mutate]
impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.set(self.0.get() + 1);
    }
}

/// A call statement whose argument may leave the function (`?`): deleting it skips the
/// parse and its early return together.
#[mutate]
pub fn push_parsed(v: &mut Vec<u8>, text: &str) -> Result<usize, std::num::ParseIntError> {
    v.push(text.parse()?);
    Ok(v.len())
}

/// cargo-mutants' text for a type of one argument the table does not know, `W<T>`:
/// `W::new()`, then `W::from_iter([v])`, `W::new(v)`, `W::from(v)` of each value. std's
/// `Poll` has no `new` of either kind (listed, unviable, not written) and no
/// `FromIterator` (the fallback), but `From<T>`.
#[mutate]
pub fn polled(x: u8) -> std::task::Poll<u8> {
    std::task::Poll::Ready(x.wrapping_mul(2))
}

/// `Pin::new(v)` is guessed at and builds here (a `Box<u8>` is `Unpin`); `Pin::new()` is
/// not written.
#[mutate]
pub fn pinned(x: u8) -> std::pin::Pin<Box<u8>> {
    Box::pin(x.wrapping_add(5))
}

/// `Cow`: borrowed and owned, each of `""` and `"xyzzy"`.
#[mutate]
pub fn trimmed(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(' ') {
        std::borrow::Cow::Owned(text.trim().to_uppercase())
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// `Cow` of a slice: the leaked vectors `Borrowed` takes, and their owned copies.
#[mutate]
pub fn bytes_cow(v: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    std::borrow::Cow::Borrowed(&v[1..])
}

/// `Cow` of an owned type: `Cow::Borrowed(String::new())` cannot have the declared type
/// (listed, unviable); `Cow::Owned(String::new().to_owned())` can.
#[mutate]
pub fn owned_cow(text: &str) -> std::borrow::Cow<'static, String> {
    std::borrow::Cow::Owned(text.repeat(2))
}

/// `Cow` of a type the table can only name: borrowed, the reference type's own default
/// (`&OsStr` has one, `&Path` none: unviable); owned, the `Cow`'s.
#[mutate]
pub fn os_cow(text: &std::ffi::OsStr) -> std::borrow::Cow<'_, std::ffi::OsStr> {
    std::borrow::Cow::Borrowed(text)
}

#[mutate]
pub fn path_cow(text: &str) -> std::borrow::Cow<'_, std::path::Path> {
    std::borrow::Cow::Borrowed(std::path::Path::new(text))
}

#[mutate]
pub fn cell(x: u8) -> std::cell::Cell<u8> {
    std::cell::Cell::new(x.wrapping_add(3))
}

#[mutate]
pub fn locked(x: u16) -> Arc<std::sync::Mutex<u16>> {
    Arc::new(std::sync::Mutex::new(x + 9))
}

#[mutate]
pub fn non_zero(x: u32) -> std::num::NonZeroU32 {
    std::num::NonZeroU32::new(x.max(7)).unwrap()
}

#[mutate]
pub fn signed_non_zero(x: i8) -> Option<std::num::NonZero<i8>> {
    std::num::NonZero::new(x.wrapping_mul(3))
}

/// `Box<str>`, `Rc<[T]>`: cargo-mutants' `Box::new("")`, `Rc::new(Vec::leak(..))`, built as
/// the boxed `str` and slice they spell.
#[mutate]
pub fn boxed_name(text: &str) -> Box<str> {
    text.to_uppercase().into_boxed_str()
}

#[mutate]
pub fn shared_bytes(v: &[u8]) -> Rc<[u8]> {
    v.iter().map(|b| b + 2).collect()
}

/// An unsized referent: a leaked default cannot be made, `&OsStr`'s own default can.
#[mutate]
pub fn os_name(text: &std::ffi::OsStr) -> &std::ffi::OsStr {
    std::path::Path::new(text).file_name().unwrap_or(text)
}

/// No default of a trait object: unviable.
#[mutate]
pub fn as_debug(x: &u8) -> &dyn std::fmt::Debug {
    x
}

/// `&mut str`: cargo-mutants' `Box::leak(Box::new(""))`, built as the leaked `str` it spells.
#[mutate]
pub fn shouted(text: &mut str) -> &mut str {
    text.make_ascii_uppercase();
    text
}

/// The replacements share the body's opaque type under the extra bounds std's traits give.
#[mutate]
pub fn cloned_evens(v: &[u8]) -> impl Iterator<Item = u8> + Clone + Send + '_ {
    v.iter().copied().filter(|x| x % 2 == 0)
}

/// A trait of the crate's own, which every iterator has.
pub trait Counting {}

impl<I: Iterator> Counting for I {}

/// A bound the replacements' shared type cannot be told to have: cargo-mutants' values,
/// listed, each unviable, and the body as written.
#[mutate]
pub fn counting_evens(v: &[u8]) -> impl Iterator<Item = u8> + Counting + '_ {
    v.iter().copied().filter(|x| x % 2 == 0)
}

/// `None`, and each iterator in `Some`.
#[mutate]
pub fn maybe_iter(n: u8) -> Option<impl Iterator<Item = u8>> {
    (n > 0).then(|| (0..n).map(|x| x * 3))
}

/// `None` is the one value of an `Option` of another opaque type.
#[mutate]
pub fn maybe_adder(n: i32) -> Option<impl Fn(i32) -> i32> {
    (n != 0).then_some(move |x| x * n)
}

pub mod alias {
    /// A `Result` alias of no type arguments, as `fmt::Result`.
    pub type Result = std::result::Result<u8, String>;
}

#[mutate]
pub fn aliased(x: u8) -> alias::Result {
    x.checked_add(200).ok_or_else(|| "overflow".to_owned())
}

/// `[v; N]` of values that are not `Copy`: unviable, as the text does not build.
#[mutate]
pub fn labels(n: usize) -> [String; 2] {
    [format!("a{n}"), format!("b{n}")]
}

#[mutate]
pub fn options(x: u8) -> [Option<u8>; 3] {
    [Some(x), None, x.checked_sub(1)]
}

/// A tuple of one: cargo-mutants' `(v)` is no tuple (listed, unviable).
#[mutate]
pub fn single(x: u8) -> (u8,) {
    (x.wrapping_add(4),)
}
