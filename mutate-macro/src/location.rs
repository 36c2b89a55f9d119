//! Where a span is in the source: the file as the compiler names it, and 1-based lines
//! and columns. Known at expansion time, so ids never depend on expansion order.

use proc_macro2::Span;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    /// Start line, start column, end line, end column; 1-based, end exclusive.
    pub span: [u32; 4],
}

impl Location {
    pub fn of(span: Span) -> Self {
        let start = span.start();
        let end = span.end();
        Location {
            file: file_of(span),
            span: [
                start.line as u32,
                start.column as u32 + 1,
                end.line as u32,
                end.column as u32 + 1,
            ],
        }
    }
}

/// The file as cargo's diagnostics name it: relative to the workspace root for local
/// crates (rustc runs there), absolute otherwise.
fn file_of(span: Span) -> String {
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
