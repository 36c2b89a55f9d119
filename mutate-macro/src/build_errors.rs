//! The rebuild net, on the macro's side: the driver's list of places where its schemata
//! build failed. A function holding one is emitted as written, its mutants still listed
//! but unviable, so the next build succeeds where the macro could not foresee a type.

use mutate_protocol::build_errors::{self, BuildError};
use proc_macro2::{LineColumn, Span, TokenStream};
use quote::quote;
use std::sync::OnceLock;

struct Known {
    /// The list's path, when this is one of the driver's builds.
    path: Option<String>,
    errors: Vec<BuildError>,
}

fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let Some(path) = list_path() else {
            return Known {
                path: None,
                errors: Vec::new(),
            };
        };
        // The driver writes a crate's list only when its build fails; the file must exist
        // from the first build on for rustc to track it.
        if !std::path::Path::new(&path).exists() {
            let _ = std::fs::write(&path, "");
        }
        let errors = std::fs::read_to_string(&path)
            .map(|text| build_errors::parse(&text))
            .unwrap_or_default();
        Known {
            path: Some(path),
            errors,
        }
    })
}

/// This crate's list in the driver's directory of lists, in the driver's builds.
fn list_path() -> Option<String> {
    let dir = std::env::var(mutate_protocol::env::BUILD_ERRORS).ok()?;
    let krate = std::env::var("CARGO_CRATE_NAME").ok()?;
    (!dir.is_empty()).then(|| build_errors::list_file(std::path::Path::new(&dir), &krate))
}

/// An item that makes rustc track the list, so cargo rebuilds the crate when it changes.
/// Empty outside the driver's builds.
pub fn tracking() -> TokenStream {
    match &known().path {
        Some(path) => quote! {
            const _: &[u8] = ::core::include_bytes!(#path);
        },
        None => TokenStream::new(),
    }
}

/// rustc's message for the first listed error in `file` between `start` and `end` (a
/// function, as the compiler sees it) or on the attribute's own line, whose generated
/// code carries its span.
pub fn in_function(file: &str, start: LineColumn, end: LineColumn) -> Option<&'static str> {
    let errors = &known().errors;
    if errors.is_empty() {
        return None;
    }
    let attribute_line = Span::call_site().start().line;
    let position = |line: u32, column: u32| (line as usize, column.saturating_sub(1) as usize);
    errors
        .iter()
        .filter(|e| e.file == file)
        .find(|e| {
            let at = position(e.line, e.column);
            let inside = (start.line, start.column) <= at && at <= (end.line, end.column);
            inside || at.0 == attribute_line
        })
        .map(|e| e.message.as_str())
}
