//! The crate's own `Option` and `String` shadow std's. `#[mutate]` sees only names: its
//! body replacements `None` (std's) for `-> Option<u32>`, and `String::new()` and
//! `"xyzzy".into()` for the crate's `String`, do not build here, as their text would not:
//! the rebuild net makes just those unviable; the other mutants of `first_even` and `name`
//! run, `double` too; `greet` and `capped` (a `min` of the crate's own, with no `max`) lose
//! only the one site that does not build (`greet`'s `std::string::String` is a `Default`).
//! `sum_from_first_large` and `doubled_after_zero` lose the `break` swap the borrow
//! checker rejects away from the jump (the second only the `break` after the move).

use mutate_runtime::mutate;

pub mod own {
    #[derive(Debug, PartialEq)]
    pub enum Option<T> {
        Some(T),
        Nothing,
    }

    #[derive(Debug, PartialEq)]
    pub struct String(pub &'static str);
}

use own::{Option, String};

#[mutate]
pub fn first_even(xs: &[u32]) -> Option<u32> {
    for x in xs {
        if x % 2 == 0 {
            return Option::Some(*x);
        }
    }
    Option::Nothing
}

#[mutate]
pub fn name(n: u32) -> String {
    if n == 1 {
        String("one")
    } else {
        String("many")
    }
}

#[mutate]
pub fn double(x: u32) -> u32 {
    x * 2
}

/// A closure whose parameters' types are known only from its call: where the closure is
/// checked, the replacement of its `+` cannot be chosen. The rebuild net leaves that one
/// site as written (its mutants unviable); the function's other mutants run.
#[mutate]
pub fn greet(name: &str, times: usize) -> std::string::String {
    let join = |a, b| a + b;
    join(std::string::String::from("hi "), name).repeat(times + 1)
}

/// A `min` with no `max` beside it.
pub struct Cap(pub u32);

impl Cap {
    pub fn min(&self, x: u32) -> u32 {
        if x < self.0 {
            x
        } else {
            self.0
        }
    }
}

/// `min` here is the crate's own: `swap_method`'s `max` does not build, and only that site
/// is compiled as written.
#[mutate]
pub fn capped(cap: &Cap, x: u32) -> u32 {
    cap.min(x) * 2
}

/// Past the first large item, the rest of the items are summed by a loop that takes the
/// iterator. As `continue`, the `break` after it would use the moved iterator in the next
/// round: the borrow checker says so where `it` is used, where no mutant is. The rebuild
/// net leaves the function's jumps as written (unviable); its other mutants run.
#[mutate]
pub fn sum_from_first_large(xs: Vec<u32>) -> u32 {
    let mut it = xs.into_iter();
    let mut sum = 0;
    while let Some(x) = it.next() {
        if x > 10 {
            sum += x;
            for rest in it {
                sum += rest;
            }
            break;
        }
    }
    sum
}

/// The items after the first zero, doubled; none past an item over 100 met first; `None`
/// without either. Two `break`s, as in a path's difference taken component by component:
/// the first, before the loop that takes the iterator, runs as `continue` and is killed;
/// only the second, after it, is the borrow checker's (it names where `it` was moved).
#[mutate]
pub fn doubled_after_zero(xs: Vec<u32>) -> std::option::Option<Vec<u32>> {
    let mut it = xs.into_iter();
    let mut out = Vec::new();
    loop {
        let x = it.next()?;
        if x > 100 {
            break;
        }
        if x == 0 {
            for rest in it {
                out.push(rest * 2);
            }
            break;
        }
    }
    Some(out)
}

/// A vector's 32-bit lanes reordered by a shuffle whose control must be a constant where
/// it is written (`_mm_shuffle_epi32`'s second argument): its mutants' schemata do not
/// build there, as they choose the value at run time, though their text builds. The net
/// compiles that literal as written, and its mutants are not run, nor called unviable.
#[cfg(target_arch = "x86_64")]
#[mutate]
pub fn shuffled(x: [u32; 4]) -> [u32; 4] {
    use core::arch::x86_64::{_mm_loadu_si128, _mm_shuffle_epi32};
    // SAFETY: SSE2 is part of x86_64; `[u32; 4]` and `__m128i` have one size, and the load
    // takes any alignment.
    unsafe {
        let v = _mm_loadu_si128(x.as_ptr().cast());
        core::mem::transmute(_mm_shuffle_epi32(v, 0b00_01_10_11))
    }
}

/// Votes of a panel, asked as a whole: `all` and `any` here return answers of two types,
/// as a stream's futures do (`StreamExt::all`'s `AllFuture`, `any`'s `AnyFuture`).
pub struct Panel(pub Vec<bool>);

/// Every vote yes.
pub struct Unanimous(bool);

/// Some vote yes.
pub struct Carried(bool);

/// An answer, whichever way it was asked.
pub trait Answer {
    fn settled(self) -> bool;
}

impl Answer for Unanimous {
    fn settled(self) -> bool {
        self.0
    }
}

impl Answer for Carried {
    fn settled(self) -> bool {
        self.0
    }
}

impl Panel {
    pub fn all(&self) -> Unanimous {
        Unanimous(self.0.iter().all(|&v| v))
    }

    pub fn any(&self) -> Carried {
        Carried(self.0.iter().any(|&v| v))
    }
}

fn settle(answer: impl Answer) -> bool {
    answer.settled()
}

/// `all` swapped for `any` has another type, which `settle` takes as well: the text
/// builds, but mutant schemata cannot hold both calls in one `match`. The net compiles the
/// call as written, and its mutant is not run, nor called unviable.
#[mutate]
pub fn agreed(panel: &Panel) -> bool {
    settle(panel.all())
}

/// What marks a skipped item in [`first_unmarked_is`]'s sequences.
pub const MARK: u32 = 0;

/// Whether the first item past the marks is `want`, the item read in the condition of the
/// loop that skips the marks (as a value settled by another thread is waited for). Forced
/// false, the condition is skipped, and `value` is used uninitialized: the borrow checker
/// says so where `value` is used, at another mutant, and names where the condition
/// assigns it. The net leaves the condition as written (its one mutant unviable), not the
/// comparison at the use nor the whole function; the others run and are killed.
#[mutate]
pub fn first_unmarked_is(items: &mut std::slice::Iter<'_, u32>, want: u32) -> bool {
    let mut value;
    while {
        value = *items.next().unwrap();
        value
    } == MARK
    {}
    value == want
}

/// The numbers among `text`'s words. `n`'s type comes from the push alone: deleted, as
/// text, `word.parse()` has no type to parse into and rustc asks for one (E0284), though
/// in the schemata the push stays, guarded. The deletion's text is checked beside the
/// schemata, and the deletion is unviable; the others run and are killed.
#[mutate]
pub fn numbers(text: &str) -> Vec<u32> {
    let mut out = Vec::new();
    for word in text.split(' ') {
        if let Ok(n) = word.parse() {
            out.push(n);
        }
    }
    out
}

/// Words, read as in [`numbers`].
pub struct Words(pub &'static str);

#[mutate]
impl Words {
    /// The numbers among the words, as [`numbers`] reads them. A method's witness, which
    /// could not name `Self` elsewhere, is a branch of the method that never runs.
    pub fn numbers(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for word in self.0.split(' ') {
            if let Ok(n) = word.parse() {
                out.push(n);
            }
        }
        out
    }
}

/// The printable ASCII of `input`, as text. Only the first arm gives `None` its type:
/// deleted, as text, `collect::<String>()` has no item type to collect (E0283), though in
/// the schemata the arm stays, guarded. That deletion is unviable; the others are killed.
#[mutate]
pub fn printable(input: &[u8]) -> std::string::String {
    input
        .iter()
        .filter_map(|&c| match c {
            b' '..=b'~' => Some(c as char),
            _ => None,
        })
        .collect::<std::string::String>()
}

/// Whether `c` is its own upper case. On a `char`, `to_lowercase` returns another iterator
/// type than `to_uppercase`: one value cannot hold both, so the swap falls back to the
/// written call and is not run (its text builds, both being iterators of `char`), where it
/// was called unviable.
#[mutate]
pub fn is_upper(c: char) -> bool {
    c.to_uppercase().next() == Some(c)
}

/// A stack of the crate's own, of one type argument, which cargo-mutants knows by name
/// only: `Stack::new()`, then `Stack::from_iter([v])`, `Stack::new(v)` and `Stack::from(v)`
/// of each value. Its `new` takes nothing: `Stack::new(v)` does not build, and the rebuild
/// net makes just those unviable (rustc's error is at the `<` of `Stack<u8>`, where only
/// their code is located). It collects, and runs `from_iter`; it has no `From<u8>`, which
/// its fallback says at once; its `Default` (our own value) runs.
#[derive(Debug, Default, PartialEq)]
pub struct Stack<T>(pub Vec<T>);

impl<T> Stack<T> {
    pub fn new() -> Self {
        Stack(Vec::new())
    }
}

impl<T> FromIterator<T> for Stack<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        Stack(items.into_iter().collect())
    }
}

#[mutate]
pub fn stacked(x: u8) -> Stack<u8> {
    Stack(vec![x, x])
}

/// A module an integration test compiles again (`tests/digits.rs`), as serde_json's tests
/// compile its float parser: its mutants are the same there, under the same ids.
pub mod digits;

/// A constant of a body whose mutants fail rustc's evaluation at one operator, each its
/// own way.
pub mod masks;
