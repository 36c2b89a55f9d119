//! The hard cases for `#[mutate]`. Every function here builds, without warnings, both as
//! written and as schemata; `tests/sites.rs` switches each mutant on and records what
//! changes.
#![deny(warnings)]
// The cases are written the hard way on purpose; these lints would have them simplified.
#![allow(
    clippy::ptr_arg,
    clippy::op_ref,
    clippy::unnecessary_fold,
    clippy::needless_range_loop,
    clippy::nonminimal_bool,
    clippy::manual_is_multiple_of,
    clippy::identity_op,
    clippy::len_without_is_empty,
    clippy::new_without_default
)]

use mutate_runtime::mutate;
use std::ops::{Add, Mul, Sub};
use std::time::{Duration, Instant};

#[mutate]
pub fn classify(a: u32, b: u32, c: u32) -> &'static str {
    if a == 0 || b == 0 || c == 0 {
        return "invalid";
    }
    if a + b <= c || a + c <= b || b + c <= a {
        "invalid"
    } else if a == b && b == c {
        "equilateral"
    } else if a == b || b == c || a == c {
        "isosceles"
    } else {
        "scalene"
    }
}

/// String and `&str` arithmetic, references on both sides, `String + &String`.
#[mutate]
pub fn strings(a: &str, b: &String) -> String {
    let owned = a.to_string() + "-";
    let both = owned + b;
    let refs = &1u8 + &2u8;
    both + &refs.to_string()
}

/// A user type whose `Add` and `Sub` outputs differ: `+ -> -` must fall back.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Meters(pub f64);
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Delta(pub f64);

impl Add for Meters {
    type Output = Meters;
    fn add(self, other: Meters) -> Meters {
        Meters(self.0 + other.0)
    }
}
impl Sub for Meters {
    type Output = Delta;
    fn sub(self, other: Meters) -> Delta {
        Delta(self.0 - other.0)
    }
}
impl Mul<f64> for Meters {
    type Output = Meters;
    fn mul(self, k: f64) -> Meters {
        Meters(self.0 * k)
    }
}

#[mutate]
pub fn total(a: Meters, b: Meters) -> Meters {
    a + b
}

#[mutate]
pub fn generic_sum<T: Add<Output = T> + Copy>(a: T, b: T) -> T {
    a + b
}

#[mutate]
pub fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() >= b.len() { a } else { b }
}

/// Untyped and typed closures in iterator chains.
#[mutate]
pub fn closures(v: &[i32]) -> (i32, i32, usize) {
    let untyped = v.iter().fold(0, |acc, x| acc + x);
    let typed = v.iter().map(|x: &i32| x * 2).sum::<i32>();
    let count = v.iter().filter(|x| **x > 1).count();
    (untyped, typed, count)
}

#[mutate]
pub async fn async_double(x: u64) -> u64 {
    x * 2
}

#[mutate]
pub fn evens(limit: u32) -> impl Iterator<Item = u32> {
    (0..limit).filter(|n| n % 2 == 0)
}

#[mutate]
pub fn parse_sum(a: &str, b: &str) -> Result<i64, std::num::ParseIntError> {
    let x: i64 = a.parse()?;
    let y: i64 = b.parse()?;
    Ok(x - y)
}

#[mutate]
pub fn first_word_len(s: &str) -> usize {
    let Some(word) = s.split_whitespace().next() else {
        return 0;
    };
    word.len()
}

/// Labelled loops, `break` with a value, `continue`, ranges in `for` heads.
#[mutate]
pub fn find_pair(grid: &[Vec<i32>], target: i32) -> Option<(usize, usize)> {
    let mut found = None;
    'rows: for (i, row) in grid.iter().enumerate() {
        for j in 0..row.len() {
            if row[j] < 0 {
                continue;
            }
            if row[j] == target {
                found = Some((i, j));
                break 'rows;
            }
        }
    }
    found
}

#[mutate]
pub fn loop_value(limit: u32) -> u32 {
    let mut n = 0;
    let last = loop {
        n += 1;
        if n >= limit {
            break n * 10;
        }
    };
    let mut sum = 0;
    for k in 1..=3 {
        sum += k;
    }
    let labelled = 'block: {
        if limit > 100 {
            break 'block 1;
        }
        2
    };
    last + sum + labelled
}

#[mutate]
pub fn raw_read(v: &[u8]) -> u8 {
    // SAFETY: the slice is non-empty at every call site.
    unsafe { *v.as_ptr().add(v.len() - 1) }
}

/// Array and repeat lengths stay untouched; the const has mutants only a build turns on.
#[mutate]
pub fn arrays() -> usize {
    const N: usize = 2 + 1;
    static GREETING: &str = "hi";
    let a = [0u8; N + 1];
    let b: [u8; 2 * 2] = [1, 2, 3, 4];
    a.len() + b.len() + GREETING.len()
}

/// Literal patterns, match guards, a wildcard arm.
#[mutate]
pub fn describe(n: i32) -> &'static str {
    match n {
        0 => "zero",
        1 | 2 => "small",
        x if x < 0 => "negative",
        i32::MIN..=-100 => "unreachable",
        _ => "large",
    }
}

/// Integer literals typed by context, shadowing, extreme literals.
#[mutate]
pub fn literals() -> u64 {
    let z: u64 = 2 + 3;
    let z = z * 2;
    let byte: u8 = 255;
    let min = -2147483648i32;
    let flag = !false;
    let x = 1.5f32;
    z + u64::from(byte) + u64::from(flag) + (min as i64).unsigned_abs() % 7 + x as u64
}

/// Macros in bodies are left alone.
#[mutate]
pub fn with_macros(v: &[u32]) -> String {
    let total: u32 = v.iter().sum();
    assert!(total < 1000, "too big: {}", total + 1);
    format!("{} items, {}", v.len(), total * 2)
}

#[mutate]
pub fn timing(start: Instant) -> Instant {
    start + Duration::from_millis(5)
}

#[mutate]
pub fn bits(a: u32, b: u32) -> u32 {
    let mut x = (a & b) | (a ^ b);
    x <<= 1;
    x >>= 1;
    x |= 1 << 4;
    x
}

#[mutate]
pub fn negate(x: i64, flag: bool) -> (i64, bool) {
    (-x, !flag)
}

#[mutate]
pub fn counting(words: &[&str]) -> std::collections::HashMap<String, usize> {
    let mut counts = std::collections::HashMap::new();
    for w in words {
        *counts.entry(w.to_string()).or_insert(0) += 1;
    }
    counts
}

#[mutate]
pub fn cell_add(c: &std::cell::RefCell<i32>) -> i32 {
    *c.borrow_mut() += 5;
    *c.borrow()
}

#[mutate]
pub fn while_loop(mut n: u32) -> u32 {
    let mut steps = 0;
    while n > 1 {
        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
        steps += 1;
    }
    steps
}

#[mutate]
pub fn let_chains(a: Option<u32>, b: bool) -> u32 {
    if b && let Some(x) = a
        && x > 3
    {
        x
    } else {
        0
    }
}

/// A generic impl, a trait impl and a trait with a default method.
pub struct Stack<T> {
    items: Vec<T>,
}

#[mutate]
impl<T: Clone> Stack<T> {
    pub fn new() -> Self {
        Stack { items: Vec::new() }
    }

    pub fn push(&mut self, item: T) -> usize {
        self.items.push(item);
        self.items.len() - 1
    }

    pub fn peek(&self) -> Option<T> {
        if self.items.is_empty() {
            None
        } else {
            self.items.last().cloned()
        }
    }

    #[mutate(skip)]
    pub fn len(&self) -> usize {
        self.items.len() + 0
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

impl<T: Clone> Default for Stack<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[mutate]
pub trait Shape {
    fn area(&self) -> f64;
    fn doubled(&self) -> f64 {
        self.area() * 2.0
    }
}

pub struct Square(pub f64);

impl Shape for Square {
    #[mutate]
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

#[mutate]
pub mod geometry {
    /// A `const fn` no constant calls is mutated as a plain one.
    pub const fn const_square(x: u32) -> u32 {
        x * x
    }

    pub fn perimeter(w: u32, h: u32) -> u32 {
        2 * (w + h)
    }

    pub mod inner {
        pub fn half(x: u32) -> u32 {
            x / 2
        }
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn perimeter_of_square() {
            assert_eq!(super::perimeter(1, 1), 4);
        }
    }
}

fn bump(x: &mut u32) {
    *x += 10;
}

#[derive(Debug)]
pub struct Gauge {
    pub level: u32,
    #[cfg(any())]
    pub never: u32,
}

/// Code under `#[cfg(..)]`: what is compiled has mutants, what is not has none, and the
/// attributes stay on the code that replaces it. `cfg(not(any()))` always holds, `cfg(any())`
/// never does.
#[mutate]
pub fn gated(mut x: u32) -> Gauge {
    #[cfg(not(any()))]
    bump(&mut x);
    #[cfg(any())]
    bump(&mut x);
    #[cfg(any())]
    let x = x * 1000;
    #[allow(clippy::assign_op_pattern)]
    #[cfg(not(any()))]
    {
        x = x + 1;
    }
    #[cfg(any())]
    {
        x = x * 3;
    }
    let kind = match x {
        #[cfg(any())]
        0 => 100,
        12 => 1,
        _ => 2,
    };
    Gauge {
        level: x + kind,
        #[cfg(any())]
        never: x - 1,
    }
}

/// A helper `fn` and an `impl` of a local type inside a body: each gets its own table.
#[mutate]
pub fn nested(x: u32) -> u32 {
    fn step(v: u32) -> u32 {
        v % 7 + 1
    }
    struct Local(u32);
    impl Local {
        fn twice(&self) -> u32 {
            self.0 * 2
        }
    }
    Local(step(x)).twice()
}

/// A builder: struct expressions with a base, whose fields can be deleted (they then
/// take the base's value); a field under `#[cfg]` is not.
#[derive(Debug, Clone, Copy, Default)]
pub struct Style {
    pub width: u32,
    pub indent: u32,
    pub wrap: bool,
    pub tabs: u32,
}

impl Style {
    #[mutate]
    pub fn narrow(self, by: u32) -> Style {
        Style {
            width: self.width - by,
            indent: by,
            #[cfg(not(any()))]
            wrap: true,
            ..self
        }
    }
}

/// A shifted literal whose type comes from the sum it is added to (`u64`), not from its
/// shift's amount (`u32`): the schemata must not tie the two, or `1 << 40` is a `u32`.
#[mutate]
pub fn shifted_sum(bits: u32, x: u64) -> u64 {
    (1 << bits) + x
}

/// Literals under `&`, which rustc promotes to `'static` values: a returned reference to
/// one stays one in every mutant, where a `&` of a `match` would be a temporary.
#[mutate]
#[allow(clippy::manual_unwrap_or)]
pub fn promoted(xs: &[i32], flag: bool) -> (&i32, &'static i32, &'static bool) {
    let first = match xs.first() {
        Some(x) => x,
        None => &7,
    };
    (first, &-1, if flag { &true } else { &false })
}

/// Constant arithmetic of a suffixed literal, which rustc checks: its mutants' text, as
/// the witness writes it, keeps the one suffix.
#[mutate]
pub fn high_bit(x: u64) -> u64 {
    (1u64 << 40) | x
}

/// `255` where a `u8` is asked for and where a `u32` is: `256` is out of range for the one
/// (unviable, as its text does not build) and a mutant like any other for the other.
#[mutate]
pub fn low_bytes(hasher: &mut impl std::hash::Hasher, x: u32) -> u32 {
    hasher.write_u8(255);
    x & 255
}

/// Literal indexes in places read, written and borrowed mutably, of arrays and of `Vec`s:
/// a `Vec`'s `IndexMut` holds the `Vec` while its index is evaluated, so the witness of an
/// index past an array's end stands before such a place, not in its index.
#[mutate]
pub fn indexed_places(rows: &mut [Vec<u32>; 2], words: &mut [u32; 4]) -> u32 {
    rows[0][1] = words[3];
    words[3] += rows[1].len() as u32;
    if rows[1].is_empty() {
        rows[1].push(words[0]);
    }
    for x in rows[0].iter_mut() {
        *x += 1;
    }
    let last = &mut words[3];
    *last *= 2;
    words[3] + rows[0][1] + rows[1][0]
}

/// Floats written without a point (`2f64`): integer tokens with a float's suffix, whose
/// replacements are a float's (0, and 1 for 0), not an integer's `n+1`.
#[mutate]
pub fn powered(exp: i32, by: f64) -> f64 {
    if by < 0f64 {
        return -1f64;
    }
    2f64.powi(exp) * by
}

/// A lane of a vector register: a type with no `Default`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lane(pub u16);

/// A buffer's head and its lanes. The replacements of a tuple of slices, one of a type
/// with no `Default`, are made in the fallback's closure, where `&[]` must still take the
/// declared slice type, as the text's `return` gives it (crc32c's `split`).
#[mutate]
pub fn head_and_lanes<'a>(bytes: &'a [u8], lanes: &'a [Lane], at: usize) -> (&'a [u8], &'a [Lane]) {
    (&bytes[..at], lanes)
}

pub mod methods;
pub mod outlined;
pub mod returns;
