//! The standard library's twins (`swap_method`, `ordering`): each call here has a mirror
//! with the same signature, and the probe tells each from its mirror.

use mutate_runtime::mutate;
use std::cmp::Ordering;
use std::collections::VecDeque;
use std::sync::atomic::{self, AtomicU32};

/// `min` ↔ `max` (inherent on floats, `Ord`'s on integers) and a checked sum.
#[mutate]
pub fn clamp_sum(a: u32, b: u32, limit: u32) -> Option<u32> {
    a.min(limit).checked_add(b.max(1))
}

/// The ends of a string and of a list.
#[mutate]
pub fn ends(text: &str, list: &[u8]) -> (bool, String, Option<u8>) {
    let trimmed = text.trim_start().to_ascii_uppercase();
    (text.starts_with('#'), trimmed, list.first().copied())
}

/// `is_some`, `any`, `find` and `position`: each with its mirror.
#[mutate]
pub fn searches(text: &str, list: &[u8]) -> (bool, bool, Option<usize>, Option<usize>) {
    let has = text.strip_prefix('x').is_some();
    let big = list.iter().any(|&x| x > 5);
    let at = text.find('a');
    let seven = list.iter().position(|&x| x == 7);
    (has, big, at, seven)
}

/// `take(n)` and `skip(n)` off by one, and a queue read from its front.
#[mutate]
pub fn window(list: &[u8], from: usize, count: usize) -> Vec<u8> {
    let mut queue: VecDeque<u8> = list.iter().copied().skip(from).take(count).collect();
    let first = queue.pop_front();
    queue.extend(first);
    queue.into_iter().collect()
}

/// A comparison's ordering and an atomic one: `Less` ↔ `Greater`, `SeqCst` → `Relaxed`.
#[mutate]
pub fn order(a: u32, b: u32, counter: &AtomicU32) -> (bool, u32) {
    let less = a.cmp(&b) == Ordering::Less;
    let before = counter.fetch_add(1, atomic::Ordering::SeqCst);
    (less, before)
}

/// A stable sort by key, whose unstable twin may reorder equal keys.
#[mutate]
pub fn by_length(mut words: Vec<&str>) -> Vec<&str> {
    words.sort_by_key(|w| w.len());
    words
}

/// `to_lowercase` ↔ `to_uppercase`: on a `str` both give a `String`; on a `char` each
/// gives its own iterator type, so its twin falls back (not run: its text may build).
#[mutate]
pub fn cases(text: &str, c: char) -> (String, String) {
    (text.to_lowercase(), c.to_uppercase().collect())
}

/// Arms one value can match, in an order that matters (`arm_order`): `Some(0)` is even,
/// and `Some(_)` catches the evens too.
#[mutate]
pub fn parity(n: Option<i32>) -> &'static str {
    match n {
        Some(0) => "zero",
        Some(x) if x % 2 == 0 => "even",
        Some(_) => "odd",
        None => "none",
    }
}

/// Literal ranges: `0` and `1..=9` match no value in common, so swapping them would be an
/// equivalent mutant and is not made; the guarded arm and `10..` share the even tens.
#[mutate]
pub fn band(n: u8) -> &'static str {
    match n {
        0 => "zero",
        1..=9 => "digit",
        m if m % 2 == 0 => "even",
        10.. => "odd",
    }
}

/// `.rev()` removed from a chain and added to loops: over a range, over a filtered slice,
/// and over an iterator that is not double-ended (collected, then read backwards). Not
/// added where the loop binds nothing from a range (the padding): backwards it does the
/// same, and the probe would show that equivalent mutant.
#[mutate]
pub fn directions(list: &[u8]) -> (Vec<u8>, Vec<usize>, Vec<u8>, Vec<u8>) {
    let backwards: Vec<u8> = list.iter().rev().copied().collect();
    let mut order = Vec::new();
    for i in 0..list.len() {
        order.push(i);
    }
    for _ in 0..2 {
        order.push(usize::MAX);
    }
    let mut odd = Vec::new();
    for x in list.iter().filter(|x| *x % 2 == 1) {
        odd.push(*x);
    }
    let mut counted = Vec::new();
    for x in std::iter::successors(Some(1u8), |x| (*x < 3).then_some(x + 1)) {
        counted.push(x);
    }
    (backwards, order, odd, counted)
}
