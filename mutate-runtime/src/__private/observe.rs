//! What a traced call (`observe.rs` of the macro) calls: whether to trace, the frame, and
//! digests of values by autoref specialization: [`Digest`] for types with `Debug`,
//! [`DigestFallback`] for the rest (recorded as `?`: not comparable).

use std::fmt::{self, Debug, Write};
use std::hash::{DefaultHasher, Hasher};

/// Whether this call is to be traced (an observing run, and not the inner call).
#[inline(always)]
pub fn wanted() -> bool {
    !cfg!(mutate_fixed) && crate::observe::wanted()
}

/// Runs `f` with no annotated call in it traced: what a traced call computes of its
/// values.
#[inline]
pub fn quiet<R>(f: impl FnOnce() -> R) -> R {
    crate::observe::quiet(f)
}

/// No annotated call traced on this thread while the value lives: [`quiet`] for code that
/// the macro writes inline (a closure is a body more for rustc to check, in every traced
/// function).
pub struct Quiet(#[allow(dead_code)] crate::observe::Quiet);

impl Quiet {
    #[inline]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Quiet {
        Quiet(crate::observe::Quiet::begin())
    }
}

/// The next annotated call is the inner call of the one being traced.
#[inline]
pub fn reenter() {
    crate::observe::reenter();
}

/// Whether traced calls record their arguments as Rust expressions (`--suggest-tests`).
#[inline]
pub fn values_wanted() -> bool {
    crate::observe::values_wanted()
}

/// An argument given by value (or by shared reference), as written by
/// [`literal`](super::literal); else its `Debug` text (`d:`, or `r:` where the parameter
/// is a shared reference: the text is the value behind it), which reads as Rust often
/// enough where the type is a generic parameter (`"abc"`, `[1, 2]`) for the driver to try
/// it; `?` where it has neither.
pub fn value(literal: Option<String>, debugged: Option<String>, reference: bool) -> String {
    match (literal, debugged) {
        (Some(l), _) => format!("v:{l}"),
        (None, Some(d)) if one_line(&d, super::literal::LONGEST) => {
            format!("{}:{d}", if reference { "r" } else { "d" })
        }
        _ => "?".into(),
    }
}

/// The receiver (`kind`: `v` by value, `r` behind `&`, `m` behind `&mut`): as Rust where
/// its type has a literal form (a primitive's method), else by its `Debug` text before
/// the call, `s<kind>:<text>`, which finds the call that built it; without either (a
/// type with no `Debug`, a text too long to match), `s<kind>:` with no text: the latest
/// earlier call that returned a value of its type may have built it.
pub fn receiver(literal: Option<String>, debugged: Option<String>, kind: &str) -> String {
    match (literal, debugged) {
        // Written as the receiver's own type: `&x` behind `&`, `&mut x` behind `&mut`,
        // whose local is `x`.
        (Some(l), _) => match l.strip_prefix("&mut ") {
            Some(pointee) if kind == "m" => format!("m:{pointee}"),
            _ => format!("v:{l}"),
        },
        (None, Some(d)) if one_line(&d, SHOWN_WHOLE) => format!("s{kind}:{d}"),
        _ => format!("s{kind}:"),
    }
}

/// Longest `Debug` text of a receiver or a returned value a traced call records to find
/// the call that built a value: longer ones are not matched.
const SHOWN_WHOLE: usize = 512;

/// What a call returned, as a later call may be given it: its `Debug` text, or empty.
pub fn returned_text(debugged: Option<String>) -> String {
    debugged
        .filter(|d| one_line(d, SHOWN_WHOLE))
        .unwrap_or_default()
}

/// Whether a `Debug` text fits a trace record: at most `longest` bytes, no control
/// character (the record's separators).
fn one_line(text: &str, longest: usize) -> bool {
    text.len() <= longest && !text.contains(char::is_control)
}

/// An argument given by `&mut`: the value behind it before the call.
pub fn mutable(literal: Option<String>) -> String {
    literal.map_or_else(|| "?".into(), |l| format!("m:{l}"))
}

/// The arguments' texts, in order.
pub fn arguments<const N: usize>(texts: [String; N]) -> Vec<String> {
    texts.into()
}

/// A traced call under way.
pub struct Call(crate::observe::Frame);

impl Call {
    /// `path`: how a test names the function (`module::Type::name`), for the tests the
    /// driver suggests.
    #[inline]
    pub fn enter(function: &'static str, path: &'static str) -> Call {
        Call(crate::observe::Frame::enter(function, path))
    }

    /// The call returned `returned` and left `changed` behind its `&mut` arguments; it
    /// was given `arguments` and returned a value whose `Debug` text is the second (see
    /// [`values_wanted`]).
    pub fn exit(
        self,
        returned: String,
        changed: &[String],
        given: Option<(Vec<String>, Option<String>)>,
    ) {
        let given = given.map(|(arguments, shown)| (arguments, returned_text(shown)));
        self.0.exit(&returned, changed, given);
    }
}

/// A value to digest.
pub struct Seen<'a, T: ?Sized>(&'a T);

impl<'a, T: ?Sized> Seen<'a, T> {
    #[inline]
    pub fn new(value: &'a T) -> Self {
        Seen(value)
    }
}

/// How many characters of a value's `Debug` text a digest keeps, to show.
const SHOWN: usize = 60;

pub trait Digest {
    fn digest(&self) -> String;
}

/// `hash:text`: a hash of the `Debug` text (its first [`HASHED`] bytes), and its start
/// (whitespace and control characters as spaces, so digests join with a control
/// character), to show a difference.
impl<T: Debug + ?Sized> Digest for Seen<'_, T> {
    fn digest(&self) -> String {
        // Unarmed (`observe.rs` of the runtime): the call keeps its place, unvalued.
        if !crate::observe::armed() {
            return "?".into();
        }
        let mut digest = Digester::default();
        let _ = write!(digest, "{:?}", self.0);
        format!("{:016x}:{}", digest.hasher.finish(), digest.shown)
    }
}

pub trait DigestFallback {
    fn digest(&self) -> String;
}

impl<T: ?Sized> DigestFallback for &Seen<'_, T> {
    fn digest(&self) -> String {
        "?".into()
    }
}

/// How many bytes of a value's `Debug` text a digest hashes. Formatting stops there: a
/// test that passes a megabyte string through many traced calls would otherwise format
/// it whole at each (semver's `test_new`: 1.2 s a traced run). Values that differ only
/// past it digest the same.
const HASHED: usize = 64 << 10;

/// Hashes what is written, up to [`HASHED`] bytes, and keeps its start: a value's text is
/// never held whole.
#[derive(Default)]
struct Digester {
    hasher: DefaultHasher,
    hashed: usize,
    shown: String,
    /// Characters in `shown` (a `Debug` value arrives in many small writes).
    shown_chars: usize,
}

impl Write for Digester {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = HASHED - self.hashed;
        let bytes = &s.as_bytes()[..s.len().min(room)];
        self.hasher.write(bytes);
        self.hashed += bytes.len();
        for c in s.chars().take(SHOWN - self.shown_chars) {
            self.shown.push(if c.is_whitespace() || c.is_control() {
                ' '
            } else {
                c
            });
            self.shown_chars += 1;
        }
        match self.hashed < HASHED {
            true => Ok(()),
            // Ends the formatting: the rest would not be hashed.
            false => Err(fmt::Error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_with_debug_digest_by_text_and_others_are_unknown() {
        struct Opaque;
        let a = Seen::new(&vec![1, 2]).digest();
        let b = Seen::new(&vec![1, 3]).digest();
        assert_ne!(a, b);
        assert!(a.ends_with(":[1, 2]"), "{a}");
        assert_eq!((&Seen::new(&Opaque)).digest(), "?");
        let long = Seen::new(&"x\ty".repeat(100)).digest();
        assert!(!long.contains('\t'));
        assert_eq!(long.split_once(':').unwrap().1.chars().count(), SHOWN);
    }

    #[test]
    fn a_huge_value_is_hashed_up_to_the_cap() {
        let huge = "1".repeat(HASHED * 4);
        let other_tail = format!("{}2", &huge[..huge.len() - 1]);
        let other_head = format!("2{}", &huge[1..]);
        let digest = |s: &String| Seen::new(s).digest();
        assert_eq!(digest(&huge), digest(&other_tail), "past the cap: not seen");
        assert_ne!(digest(&huge), digest(&other_head));
    }
}
