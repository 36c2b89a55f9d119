//! Counting the words and lines of a text. No test of this crate calls it: the
//! integration tests run the `wordcount` program, which does.

/// How many words `text` has.
pub fn count_words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// How many lines `text` has.
pub fn count_lines(text: &str) -> usize {
    text.lines().count()
}

/// `n` right-aligned in `width` columns.
pub fn pad(n: usize, width: usize) -> String {
    let digits = n.to_string();
    let fill = width.saturating_sub(digits.len());
    " ".repeat(fill) + &digits
}

/// The width of the report's column, as a `const fn` that also runs at run time.
pub const fn column_width(label: &str) -> usize {
    12 - label.len()
}

/// The widest label the report has room for, computed at compile time: the constant calls
/// `room`, which therefore stays `const` in the driver's builds.
pub const ROOM: usize = room(12);

/// Room left for a label in `width` columns, past the colon.
pub const fn room(width: usize) -> usize {
    width - 1
}

/// Nothing runs this: its mutants are not covered.
pub fn average_word_length(text: &str) -> f64 {
    let words = count_words(text);
    if words == 0 {
        return 0.0;
    }
    text.split_whitespace().map(str::len).sum::<usize>() as f64 / words as f64
}
