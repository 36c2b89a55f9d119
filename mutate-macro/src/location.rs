//! Where a span is in the source: the file as the compiler names it, and 1-based lines
//! and columns. Known at expansion time, so ids never depend on expansion order.

use proc_macro2::Span;
use std::cell::Cell;

thread_local! {
    /// While an item the driver annotated is expanded: the line the driver inserted the
    /// attribute on and how many columns that moved the rest of the line.
    static INSERTION: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
}

/// Runs `expand` with locations on `line` moved `shift` columns back to where the user
/// wrote them (see `attr::Options::written_at_column`).
pub fn with_insertion<T>(line: usize, shift: usize, expand: impl FnOnce() -> T) -> T {
    INSERTION.set(Some((line, shift)));
    let out = expand();
    INSERTION.set(None);
    out
}

fn as_written(position: proc_macro2::LineColumn) -> (u32, u32) {
    let mut column = position.column;
    if let Some((line, shift)) = INSERTION.get()
        && line == position.line
    {
        column = column.saturating_sub(shift);
    }
    (position.line as u32, column as u32 + 1)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    /// Start line, start column, end line, end column; 1-based, end exclusive.
    pub span: [u32; 4],
}

impl Location {
    pub fn of(span: Span) -> Self {
        let (start_line, start_column) = as_written(span.start());
        let (end_line, end_column) = as_written(span.end());
        Location {
            file: file_of(span),
            span: [start_line, start_column, end_line, end_column],
        }
    }
}

/// The file as cargo's diagnostics name it: relative to the workspace root for local
/// crates (rustc runs there), absolute otherwise.
pub fn file_of(span: Span) -> String {
    let Some(path) = span.local_file() else {
        return span.file();
    };
    if path.is_relative() {
        return path.to_string_lossy().replace('\\', "/");
    }
    if let Ok(cwd) = std::env::current_dir()
        && let Ok(relative) = path.strip_prefix(&cwd)
    {
        return relative.to_string_lossy().replace('\\', "/");
    }
    path.to_string_lossy().into_owned()
}

/// Location of a run of tokens: from the first token's start to the last token's end.
/// (`Span::join` is not stable, so an expression's span is rebuilt from its tokens.)
pub fn of_tokens(tokens: &proc_macro2::TokenStream) -> Location {
    let mut iter = tokens.clone().into_iter();
    let Some(first) = iter.next() else {
        return Location::of(Span::call_site());
    };
    let last = iter.last().unwrap_or_else(|| first.clone());
    let start = Location::of(first.span());
    let end = Location::of(last.span());
    Location {
        file: start.file,
        span: [start.span[0], start.span[1], end.span[2], end.span[3]],
    }
}
