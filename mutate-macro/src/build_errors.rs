//! The rebuild net, on the macro's side: the driver's list of places where its schemata
//! build failed. The innermost expression with mutants holding a place (a site) is
//! emitted as written, its mutants still listed but unviable; a place no site holds, or
//! listed as a function's, makes its whole function so. The next build then succeeds
//! where the macro could not foresee a type.

use crate::location::{self, LineColumn};
use mutate_protocol::build_errors::{self, BuildError, Scope};
use proc_macro2::{Span, TokenStream};
use quote::quote;
use std::sync::{Mutex, OnceLock};

struct Known {
    /// The list's path, when this is one of the driver's builds.
    path: Option<String>,
    errors: Vec<BuildError>,
    /// The shared list of `const fn`s to compile `const` (`build_errors::const_list_file`),
    /// with its path.
    keep_const: (Option<String>, Vec<BuildError>),
    /// Which site-scope errors a site has taken already (the innermost one takes it).
    claimed: Mutex<Vec<bool>>,
}

fn known() -> &'static Known {
    static KNOWN: OnceLock<Known> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let Some((path, const_path)) = list_paths() else {
            return Known {
                path: None,
                errors: Vec::new(),
                keep_const: (None, Vec::new()),
                claimed: Mutex::new(Vec::new()),
            };
        };
        // The driver writes a list only when a build fails; the file must exist from the
        // first build on for rustc to track it.
        let read = |path: &str| {
            crate::tracked_file::create_if_missing(path);
            std::fs::read_to_string(path)
                .map(|text| build_errors::parse(&text))
                .unwrap_or_default()
        };
        let errors = read(&path);
        let keep_const = read(&const_path);
        Known {
            path: Some(path),
            claimed: Mutex::new(vec![false; errors.len()]),
            errors,
            keep_const: (Some(const_path), keep_const),
        }
    })
}

/// This crate's list and the shared list of `const fn`s in the driver's directory of
/// lists, in the driver's builds.
fn list_paths() -> Option<(String, String)> {
    let dir = std::env::var(mutate_protocol::env::BUILD_ERRORS).ok()?;
    let krate = std::env::var("CARGO_CRATE_NAME").ok()?;
    let dir = std::path::Path::new(&dir);
    (!dir.as_os_str().is_empty()).then(|| {
        (
            build_errors::list_file(dir, &krate),
            build_errors::const_list_file(dir),
        )
    })
}

/// Items that make rustc track the lists, so cargo rebuilds the crate when one changes.
/// Empty outside the driver's builds.
pub fn tracking() -> TokenStream {
    let known = known();
    let paths = known.path.iter().chain(&known.keep_const.0);
    quote! {
        #( const _: &[u8] = ::core::include_bytes!(#paths); )*
    }
}

/// rustc's message, where a constant (a static, another `const fn`) calls the `const fn`
/// the macro calls `function` (`Point::new`), whose `fn` is at `line` of `file`: it is then
/// compiled `const`, as written, since the schemata's switches are not `const`.
pub fn kept_const(file: &str, line: usize, function: &str) -> Option<&'static str> {
    known()
        .keep_const
        .1
        .iter()
        .find(|e| {
            let located = e.line != 0;
            let here = e.file == file && e.line as usize == line;
            let named = build_errors::named_function(&e.message)
                .is_some_and(|named| build_errors::names(&named, function));
            if located { here } else { named }
        })
        .map(|e| e.message.as_str())
}

/// Whether this is one of the driver's builds (which read rustc's warnings back).
pub fn driver_build() -> bool {
    known().path.is_some()
}

/// Whether any error is listed for this crate.
pub fn any() -> bool {
    !known().errors.is_empty()
}

/// Whether any error is listed for `file`: only then are ranges worth computing.
pub fn any_in(file: &str) -> bool {
    known().errors.iter().any(|e| e.file == file)
}

/// rustc's message for an unclaimed site-scope error in `file` at `at` (where the site's
/// generated code is located) or between `first` and `last` (its operands), which it
/// claims; the site is then left as written. Not a use of a binding rustc says is
/// initialized in some conditions: the use is not the cause, what skips them is
/// ([`claim_unplaced`]).
pub fn claim_site(
    file: &str,
    at: LineColumn,
    first: LineColumn,
    last: LineColumn,
) -> Option<&'static str> {
    claim_first(|e| {
        let place = position(e);
        e.scope == Scope::Site
            && e.initialized.is_empty()
            && e.evaluated.is_empty()
            && e.file == file
            && (place == (at.line, at.column) || within(place, first, last))
    })
}

/// rustc's message for an error in the evaluation of the generated constant `name` (a
/// mutant's own constant, `rewrite/switched_constants.rs`) between `first` and `last` in
/// `file`, which it claims: the mutants of one operator share its place, and the name
/// says whose each error is.
pub fn claim_evaluated(
    file: &str,
    name: &str,
    first: LineColumn,
    last: LineColumn,
) -> Option<&'static str> {
    claim_first(|e| e.evaluated == name && e.file == file && within(position(e), first, last))
}

/// The message of the first unclaimed error that `wanted`, which it claims.
fn claim_first(wanted: impl Fn(&BuildError) -> bool) -> Option<&'static str> {
    let known = known();
    let mut claimed = known.claimed.lock().unwrap_or_else(|e| e.into_inner());
    let i = (known.errors.iter().enumerate()).position(|(i, e)| !claimed[i] && wanted(e))?;
    claimed[i] = true;
    Some(known.errors[i].message.as_str())
}

/// rustc's message for the first of the listed errors that lie exactly at `at`, which
/// all are claimed: a place only one kind of generated code carries (a function's `fn`
/// keyword: the call tracing of `observe.rs`, then emitted without it; its return arrow:
/// the names body replacements use, `operators/fn_value.rs`). An error claimed already is
/// found again: the functions a `macro_rules!` expands share their `fn` and arrow, and
/// rustc's errors in each of them are one place in the list.
pub fn claim_at(file: &str, at: LineColumn) -> Option<&'static str> {
    let known = known();
    let mut claimed = known.claimed.lock().unwrap_or_else(|e| e.into_inner());
    let mut first = None;
    for (i, e) in known.errors.iter().enumerate() {
        if e.file == file && position(e) == (at.line, at.column) {
            claimed[i] = true;
            first.get_or_insert(e.message.as_str());
        }
    }
    first
}

/// rustc's message for a listed error that makes the function between `start` and `end`
/// in `file` compile as written: one listed as a function's, or one no site claimed, in
/// the function or on the attribute's own line (generated code carries its span).
pub fn in_function(file: &str, start: LineColumn, end: LineColumn) -> Option<&'static str> {
    let known = known();
    if known.errors.is_empty() {
        return None;
    }
    let attribute_line = location::start(Span::call_site()).line;
    let claimed = known.claimed.lock().unwrap_or_else(|e| e.into_inner());
    known
        .errors
        .iter()
        .enumerate()
        .filter(|(i, e)| e.file == file && !claimed[*i])
        .find(|(_, e)| {
            let place = position(e);
            within(place, start, end) || place.0 == attribute_line
        })
        .map(|(_, e)| e.message.as_str())
}

/// Which errors sites have claimed so far: taken before a function is rewritten, so that a
/// second rewrite of it ([`restore`]) claims the same errors again.
pub fn checkpoint() -> Vec<bool> {
    let claimed = known().claimed.lock().unwrap_or_else(|e| e.into_inner());
    claimed.clone()
}

/// Puts back what sites had claimed at a [`checkpoint`].
pub fn restore(checkpoint: Vec<bool>) {
    *known().claimed.lock().unwrap_or_else(|e| e.into_inner()) = checkpoint;
}

/// The errors a function's rewrite could place on no expression, when all are a site's
/// or its suspects' (first seen, or seen again with only the suspects as written).
#[derive(Clone)]
pub struct Unplaced {
    /// rustc's messages, each once, in the list's order.
    pub message: String,
    /// Where rustc said the values used were moved (line, 0-based column): only a jump
    /// after one of them, in the loop that holds it, is a suspect. `None`: every jump is.
    pub moved: Option<Vec<(usize, usize)>>,
    /// Where rustc said a binding used possibly uninitialized is initialized (line,
    /// 0-based column): a mutant that skips code holding one of them is a suspect.
    pub initialized: Vec<(usize, usize)>,
}

/// The listed errors in the function between `start` and `end` in `file` that no site
/// claimed, when all are a site's or its suspects': errors rustc places where no mutant
/// is, as the borrow checker does at a use of what a `break` turned `continue` moved in
/// the round before, or of a binding whose initialization a forced condition skips. They
/// are claimed: the caller leaves its suspects as written instead of the whole function,
/// and if the build fails there again the driver widens the place.
pub fn claim_unplaced(file: &str, start: LineColumn, end: LineColumn) -> Option<Unplaced> {
    let known = known();
    let mut claimed = known.claimed.lock().unwrap_or_else(|e| e.into_inner());
    let unclaimed: Vec<usize> = (0..known.errors.len())
        .filter(|&i| known.errors[i].file == file && !claimed[i])
        .filter(|&i| within(position(&known.errors[i]), start, end))
        .collect();
    if unclaimed.is_empty()
        || unclaimed
            .iter()
            .any(|&i| known.errors[i].scope == Scope::Function)
    {
        return None;
    }
    let mut messages: Vec<&str> = Vec::new();
    let mut moved = Some(Vec::new());
    let mut initialized = Vec::new();
    for &i in &unclaimed {
        claimed[i] = true;
        let error = &known.errors[i];
        if !messages.contains(&error.message.as_str()) {
            messages.push(&error.message);
        }
        let at = |&(line, column): &(u32, u32)| (line as usize, column.saturating_sub(1) as usize);
        let initializations: Vec<(usize, usize)> = error.initialized.iter().map(at).collect();
        if !initializations.is_empty() && initializations.iter().all(|&p| within(p, start, end)) {
            initialized.extend(initializations);
            continue;
        }
        let places: Vec<(usize, usize)> = error.moved.iter().map(at).collect();
        // A move rustc places outside the function (in code generated at the attribute)
        // points at no jump.
        if error.scope == Scope::Suspects
            || places.is_empty()
            || places.iter().any(|&p| !within(p, start, end))
        {
            moved = None;
        }
        if let Some(moved) = &mut moved {
            moved.extend(places);
        }
    }
    Some(Unplaced {
        message: messages.join("; "),
        moved,
        initialized,
    })
}

/// An error's place as (line, 0-based column), as proc_macro2 counts.
fn position(e: &BuildError) -> (usize, usize) {
    (e.line as usize, e.column.saturating_sub(1) as usize)
}

fn within(place: (usize, usize), first: LineColumn, last: LineColumn) -> bool {
    (first.line, first.column) <= place && place <= (last.line, last.column)
}
