//! Mutants that rustc proves unviable while it builds them. A replacement the macro cannot
//! type-check itself (`Default::default()` of a type it can only name) is written through
//! autoref specialization: the viable impl when the type allows it, else a fallback. Which
//! one rustc picks is fixed at each call, even in a generic function no test reaches. The
//! macro declares that mutant's fallback as a deprecated method whose note carries
//! [`note`]`(kind, id)`; the driver forces the `deprecated` lint on for the crates it
//! builds, reads the warning back with [`parse`], and reports the mutant unviable without
//! running it, as `cargo test` could not build it either.

/// Start of every note; what follows is `<kind> <mutant id>`.
const PREFIX: &str = "[mutate unviable] ";

/// Which replacement does not exist for the types at hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `Default::default()`: the type has no `Default`.
    Default,
    /// `Box::leak(Box::new(Default::default()))`: the referenced type is unsized or has no
    /// `Default`.
    Leaked,
    /// No value of the type can be written (`impl Trait`).
    Unwritable,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Default => "default",
            Kind::Leaked => "leaked",
            Kind::Unwritable => "unwritable",
        }
    }

    fn from_word(word: &str) -> Option<Self> {
        [Kind::Default, Kind::Leaked, Kind::Unwritable]
            .into_iter()
            .find(|k| k.word() == word)
    }

    /// Why the mutant is unviable, as the report says it.
    pub fn reason(self) -> &'static str {
        match self {
            Kind::Default => "the type has no `Default` value here (rustc chose the fallback)",
            Kind::Leaked => {
                "the referenced type is unsized or has no `Default` value here (rustc chose \
                 the fallback)"
            }
            Kind::Unwritable => "no value of an `impl Trait` type can be written",
        }
    }
}

/// The deprecation note the macro gives the fallback of mutant `id`.
pub fn note(kind: Kind, id: &str) -> String {
    format!("{PREFIX}{} {id}", kind.word())
}

/// The kind and mutant id in a rustc message holding a [`note`] (`use of deprecated
/// method `..`: <note>`), if it holds one.
pub fn parse(message: &str) -> Option<(Kind, &str)> {
    let (_, rest) = message.split_once(PREFIX)?;
    let (word, id) = rest.split_once(' ')?;
    Some((Kind::from_word(word)?, id))
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
    }

    #[test]
    fn other_deprecations_are_not_marks() {
        assert_eq!(
            parse("use of deprecated function `old`: use `new` instead"),
            None
        );
        assert_eq!(parse("[mutate unviable] strange id"), None);
    }
}
