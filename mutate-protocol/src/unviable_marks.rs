//! Mutants that rustc proves unviable while it builds them, marked in its warnings.
//!
//! - A replacement the macro cannot type-check itself (`Default::default()` of a type it
//!   can only name) is written through autoref specialization: the viable impl when the
//!   type allows it, else a fallback. Which one rustc picks is fixed at each call, even in
//!   a generic function no test reaches. The macro declares that mutant's fallback as a
//!   deprecated method whose note carries [`note`]`(kind, id)`; the driver forces the
//!   `deprecated` lint on for the crates it builds.
//! - A replacement in constant arithmetic (`BITS - 1` made `BITS + 1`, the amount of a
//!   shift) can make rustc's deny-by-default `arithmetic_overflow` or `unconditional_panic`
//!   lint reject the mutated text. The macro writes that text once more where the lints
//!   see it (in a closure no one calls), under `#[warn(.., reason = note(Constant, id))]`: rustc prints the
//!   reason beside its warning.
//! - An integer literal's `n + 1` at the largest value of some type (`255` made `256`) is
//!   out of range where the context types it so, which rustc's deny-by-default
//!   `overflowing_literals` lint rejects; the macro writes it under `#[warn(.., reason =
//!   note(Range, id))]`.
//! - An integer literal that indexes an array (`b[15]`) made one past the array's end
//!   (`b[16]`) does not build as text: rustc's `unconditional_panic` knows the array's
//!   length from its type. The macro writes that index once more, against the array, in a
//!   closure no one calls, under `#[warn(.., reason = note(Index, id))]`.
//!
//! - `.rev()` added to a `for` loop's iterator applies only where it is double-ended. The
//!   macro reverses it through autoref specialization as for `Default::default()`: the
//!   fallback, declared in the mutant's arm, is a deprecated method marked
//!   [`note`]`(Unreversible, id)`.
//!
//! - A comparison with an integer literal, its operator replaced, may compare beyond its
//!   type's range (`len >= 0`), which `unused_comparisons` warns of: the macro writes it
//!   again under `#[warn(.., reason = note(Comparison, id))]`, and the driver reports it
//!   unviable where the crate denies warnings, as it does for unused parameters (below).
//!
//! - `Default::default()` as the body of `Default::default` itself calls itself on every
//!   path (`unconditional_recursion`): marked by a deprecated function with
//!   [`note`]`(Recursion, id)`, and unviable where the crate denies warnings, as above.
//!
//! - A body replacement leaves the function's parameters unused, which rustc's
//!   `unused_variables` warns of, and which a crate that denies warnings (`#![cfg_attr(test,
//!   deny(warnings))]`, `-D warnings`) does not build. In the driver's builds the macro gives
//!   such a function's schemata body a closure whose one parameter is unused, named
//!   [`unused_marker`] of the replacements' location, and sets no level on it: the driver
//!   reads the crate's level for the lint from rustc's notes (the driver caps lints at
//!   `warn`, so the warning always comes through) and, where it is `deny`, reports the
//!   replacements unviable.
//!
//! The driver reads each warning back with [`parse`] and reports the mutant unviable without
//! running it, as `cargo test` could not build it either.

/// Start of every note; what follows is `<kind> <mutant id>`.
const PREFIX: &str = "[mutate unviable] ";

/// Why rustc rejects the replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `Default::default()`: the type has no `Default`.
    Default,
    /// `Box::leak(Box::new(Default::default()))`: the referenced type is unsized or has no
    /// `Default`.
    Leaked,
    /// No value of the type can be written (`impl Trait`).
    Unwritable,
    /// `W::from(v)` of a type known only by name: it has no `From` of the value.
    Converted,
    /// `W::from_iter([v])` of a type known only by name: it has no `FromIterator` of the
    /// value.
    Collected,
    /// `[v; N]` of an element the macro cannot tell is `Copy`: it is not.
    Repeated,
    /// The replacement's text cannot have the declared type (`Cow::Borrowed` of an owned
    /// value, `PhantomData::new()`): cargo-mutants writes it, rustc would reject it.
    Mistyped,
    /// The mutated constant arithmetic overflows or panics, which rustc's lints reject.
    Constant,
    /// The replaced integer literal is out of range for the type its context gives it.
    Range,
    /// The replaced index is past the end of the array it indexes.
    Index,
    /// The body replacement leaves a parameter unused, and the crate denies that warning.
    Unused,
    /// `.rev()` added to a loop's iterator that is not double-ended.
    Unreversible,
    /// The replaced comparison with a literal compares beyond its type's range
    /// (`unused_comparisons`): unviable where the crate denies warnings.
    Comparison,
    /// `Default::default()` as the body of `Default::default` calls itself on every path
    /// (`unconditional_recursion`): unviable where the crate denies warnings.
    Recursion,
    /// An operator swapped or deleted that the operands' types do not have (with the
    /// written one's output): `String - &str`, `!` deleted from a `u8`'s `!x` where a
    /// `bool` is wanted.
    Operator,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Default => "default",
            Kind::Leaked => "leaked",
            Kind::Unwritable => "unwritable",
            Kind::Converted => "converted",
            Kind::Collected => "collected",
            Kind::Repeated => "repeated",
            Kind::Mistyped => "mistyped",
            Kind::Constant => "constant",
            Kind::Range => "range",
            Kind::Index => "index",
            Kind::Unused => "unused",
            Kind::Unreversible => "unreversible",
            Kind::Comparison => "comparison",
            Kind::Recursion => "recursion",
            Kind::Operator => "operator",
        }
    }

    /// Every kind, in declaration order.
    const ALL: [Kind; 15] = [
        Kind::Default,
        Kind::Leaked,
        Kind::Unwritable,
        Kind::Converted,
        Kind::Collected,
        Kind::Repeated,
        Kind::Mistyped,
        Kind::Constant,
        Kind::Range,
        Kind::Index,
        Kind::Unused,
        Kind::Unreversible,
        Kind::Comparison,
        Kind::Recursion,
        Kind::Operator,
    ];

    fn from_word(word: &str) -> Option<Self> {
        Kind::ALL.into_iter().find(|k| k.word() == word)
    }

    /// Why the mutant is unviable, as the report says it (for [`Kind::Constant`] and
    /// [`Kind::Index`], rustc's own words follow).
    pub fn reason(self) -> &'static str {
        match self {
            Kind::Default => "the type has no `Default` value here (rustc chose the fallback)",
            Kind::Leaked => {
                "the referenced type is unsized or has no `Default` value here (rustc chose \
                 the fallback)"
            }
            Kind::Unwritable => "no value of an `impl Trait` type can be written",
            Kind::Converted => {
                "the type has no `From` of the value here (rustc chose the fallback)"
            }
            Kind::Collected => {
                "the type has no `FromIterator` of the value here (rustc chose the fallback)"
            }
            Kind::Repeated => {
                "the array's element is not `Copy` here, as `[v; N]` needs (rustc chose the \
                 fallback)"
            }
            Kind::Mistyped => "its text cannot have the declared type (rustc would reject it)",
            Kind::Constant => "rustc rejects the mutated constant arithmetic",
            Kind::Range => "the replaced literal is out of range for its type",
            Kind::Index => "rustc rejects the replaced index",
            Kind::Unused => "its text leaves a parameter unused, a warning the crate denies",
            Kind::Unreversible => {
                "`.rev()` does not apply to the loop's iterator (it needs a double-ended \
                 one; `enumerate` and `zip` also need their exact size)"
            }
            Kind::Comparison => {
                "its text compares beyond its type's range (`unused_comparisons`), a warning \
                 the crate denies"
            }
            Kind::Recursion => {
                "its text calls itself on every path (`unconditional_recursion`), a warning \
                 the crate denies"
            }
            Kind::Operator => {
                "the operands' types have no such operator here, with the written one's \
                 output (rustc chose the fallback): its text does not build"
            }
        }
    }
}

/// The note the macro gives mutant `id`'s mark.
pub fn note(kind: Kind, id: &str) -> String {
    format!("{PREFIX}{} {id}", kind.word())
}

/// The kind and mutant id in a rustc message holding a [`note`] (`use of deprecated
/// method `..`: <note>`, or a lint's reason, which rustc prints as a note of its own), if
/// it holds one.
pub fn parse(message: &str) -> Option<(Kind, &str)> {
    let (_, rest) = message.split_once(PREFIX)?;
    let (word, id) = rest.split_once(' ')?;
    Some((Kind::from_word(word)?, id))
}

/// Start of the unused parameter's name that marks a function's body replacements.
const UNUSED_PREFIX: &str = "mutate_unused_";

/// The key of a location: `file:line:column`, as a mutant's id starts.
pub fn location_key(file: &str, line: u32, column: u32) -> String {
    format!("{file}:{line}:{column}")
}

/// The name of the unused parameter that marks the body replacements at location `key`
/// ([`location_key`]): a plain identifier (no leading `_`, which would silence the lint),
/// the key hashed (FNV-1a).
pub fn unused_marker(key: &str) -> String {
    let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{UNUSED_PREFIX}{hash:016x}")
}

/// The marker in rustc's message `unused variable: `<marker>``, if it is one.
pub fn parse_unused(message: &str) -> Option<&str> {
    let name = message
        .strip_prefix("unused variable: `")?
        .strip_suffix('`')?;
    name.starts_with(UNUSED_PREFIX).then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_reads_back_from_rustcs_message() {
        let id = "src/lib.rs:3:5: replace f -> T with Default::default() in f";
        let message = format!(
            "use of deprecated method `f::__mutate_fallback::make`: {}",
            note(Kind::Default, id)
        );
        assert_eq!(parse(&message), Some((Kind::Default, id)));
        let id = "src/lib.rs:9:40: replace - with + in f";
        assert_eq!(parse(&note(Kind::Constant, id)), Some((Kind::Constant, id)));
    }

    #[test]
    fn every_kind_reads_back_from_its_note() {
        let id = "src/lib.rs:3:5: replace f -> Poll<u8> with Poll::from(0) in f";
        for kind in Kind::ALL {
            assert_eq!(parse(&note(kind, id)), Some((kind, id)), "{kind:?}");
        }
    }

    #[test]
    fn other_deprecations_are_not_marks() {
        assert_eq!(
            parse("use of deprecated function `old`: use `new` instead"),
            None
        );
        assert_eq!(parse("[mutate unviable] strange id"), None);
    }

    #[test]
    fn an_unused_marker_reads_back_from_rustcs_message() {
        let marker = unused_marker(&location_key("src/lib.rs", 45, 9));
        assert!(marker.starts_with("mutate_unused_"));
        assert_ne!(marker, unused_marker(&location_key("src/lib.rs", 45, 10)));
        let message = format!("unused variable: `{marker}`");
        assert_eq!(parse_unused(&message), Some(marker.as_str()));
        assert_eq!(parse_unused("unused variable: `count`"), None);
    }
}
