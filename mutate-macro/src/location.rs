//! Where a span is in the source: the file as the compiler names it, and 1-based lines
//! and columns. Known at expansion time, so ids never depend on expansion order.
//!
//! In rustc the compiler's own spans say where they are (`proc_macro::Span`'s locations,
//! stable since Rust 1.88); proc-macro2's `span-locations` feature is needed only by the
//! unit tests, which expand outside rustc.

use proc_macro2::Span;
use std::cell::Cell;

/// A position in a file: 1-based line, 0-based column in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineColumn {
    pub line: usize,
    pub column: usize,
}

/// Where `span` starts.
pub fn start(span: Span) -> LineColumn {
    if proc_macro::is_available() {
        return in_rustc(span.unwrap().start());
    }
    outside_rustc::start(span)
}

/// Where `span` ends (exclusive).
pub fn end(span: Span) -> LineColumn {
    if proc_macro::is_available() {
        return in_rustc(span.unwrap().end());
    }
    outside_rustc::end(span)
}

/// The position of an empty compiler span; its column counts from 1.
fn in_rustc(at: proc_macro::Span) -> LineColumn {
    LineColumn {
        line: at.line(),
        column: at.column().saturating_sub(1),
    }
}

/// The unit tests' locations, from proc-macro2's own source map.
#[cfg(test)]
mod outside_rustc {
    use super::LineColumn;
    use proc_macro2::Span;

    pub fn start(span: Span) -> LineColumn {
        let at = span.start();
        LineColumn {
            line: at.line,
            column: at.column,
        }
    }

    pub fn end(span: Span) -> LineColumn {
        let at = span.end();
        LineColumn {
            line: at.line,
            column: at.column,
        }
    }

    pub fn file(span: Span) -> (String, Option<std::path::PathBuf>) {
        (span.file(), span.local_file())
    }
}

/// The attribute only ever expands inside rustc; nothing to locate elsewhere.
#[cfg(not(test))]
mod outside_rustc {
    use super::LineColumn;
    use proc_macro2::Span;

    pub fn start(_: Span) -> LineColumn {
        LineColumn { line: 0, column: 0 }
    }

    pub fn end(_: Span) -> LineColumn {
        LineColumn { line: 0, column: 0 }
    }

    pub fn file(_: Span) -> (String, Option<std::path::PathBuf>) {
        (String::new(), None)
    }
}

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

fn as_written(position: LineColumn) -> (u32, u32) {
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
        let (start_line, start_column) = as_written(start(span));
        let (end_line, end_column) = as_written(end(span));
        Location {
            file: file_of(span),
            span: [start_line, start_column, end_line, end_column],
        }
    }
}

/// The file as cargo's diagnostics name it: relative to the workspace root for local
/// crates (rustc runs there), absolute otherwise; without `.` and `dir/..` steps, so a
/// file an integration test includes by `#[path = "../src/x.rs"]` is `src/x.rs` there
/// too, and its mutants the library's own (switched on together, see the runtime's
/// `twins.rs`).
pub fn file_of(span: Span) -> String {
    let (file, local) = if proc_macro::is_available() {
        let span = span.unwrap();
        (span.file(), span.local_file())
    } else {
        outside_rustc::file(span)
    };
    let Some(path) = local else {
        return file;
    };
    let path = mutate_protocol::build_errors::lexically_normal(&path);
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
