//! The user's rules, as the driver wrote them for its schemata builds (see
//! `mutate_protocol::env::RULES`): read once per crate, compiled once per expansion
//! (compiled templates hold tokens, which live no longer than one macro call). Outside the
//! driver's builds there are none, and rule names in `operators(..)` are taken on trust
//! (nothing is mutated there).

use mutate_operators::rules::{self, Rule, RuleSpec};
use proc_macro2::TokenStream;
use quote::quote;
use std::cell::RefCell;
use std::sync::OnceLock;

struct Loaded {
    /// The file's path, in the driver's builds.
    path: Option<String>,
    rules: Vec<RuleSpec>,
    /// Why the file could not be read: said once per item, where the attribute stands.
    error: Option<String>,
}

fn loaded() -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(|| {
        let Some(path) = rules_path() else {
            return Loaded {
                path: None,
                rules: Vec::new(),
                error: None,
            };
        };
        // The driver writes a file for each package of the workspace; one it did not (a
        // crate from elsewhere) has no rules, and the file must exist for rustc to track it.
        crate::tracked_file::create_if_missing(&path);
        let compiled = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read the rules the driver wrote ({path}): {e}"))
            .and_then(|text| rules::parse_file(&text))
            .and_then(|specs| match rules::compile_all(&specs) {
                Ok(_) => Ok(specs),
                Err(e) => Err(e.to_string()),
            });
        match compiled {
            Ok(rules) => Loaded {
                path: Some(path),
                rules,
                error: None,
            },
            Err(error) => Loaded {
                path: Some(path),
                rules: Vec::new(),
                error: Some(error),
            },
        }
    })
}

/// This package's file in the driver's directory of rules, in the driver's builds.
fn rules_path() -> Option<String> {
    let dir = std::env::var(mutate_protocol::env::RULES).ok()?;
    let package = std::env::var("CARGO_PKG_NAME").ok()?;
    (!dir.is_empty()).then(|| {
        std::path::Path::new(&dir)
            .join(mutate_protocol::env::rules_file(&package))
            .display()
            .to_string()
    })
}

thread_local! {
    /// The rules compiled for the expansion under way.
    static COMPILED: RefCell<Option<Vec<Rule>>> = const { RefCell::new(None) };
}

/// One expansion's use of the compiled rules: they are dropped when it ends, while the
/// compiler still serves this macro call (tokens of one call are invalid in the next,
/// and dropping them after the call aborts the compiler).
pub struct Expansion(());

impl Expansion {
    pub fn begin() -> Expansion {
        Expansion(())
    }
}

impl Drop for Expansion {
    fn drop(&mut self) {
        COMPILED.with(|c| c.borrow_mut().take());
    }
}

/// `f` of every rule (none outside the driver's builds), compiled for this expansion.
pub fn with_all<T>(f: impl FnOnce(&[Rule]) -> T) -> T {
    COMPILED.with(|compiled| {
        let mut compiled = compiled.borrow_mut();
        let rules = compiled.get_or_insert_with(|| {
            // Checked when loaded: an error there stops the expansion before any rule is used.
            rules::compile_all(&loaded().rules).unwrap_or_default()
        });
        f(rules)
    })
}

/// The rules' names, where they are known (the driver's builds).
pub fn names() -> Option<Vec<String>> {
    let loaded = loaded();
    loaded
        .path
        .as_ref()
        .map(|_| loaded.rules.iter().map(|r| r.name.clone()).collect())
}

/// Why the rules could not be used, if they could not.
pub fn error() -> Option<&'static str> {
    loaded().error.as_deref()
}

/// An item that makes rustc track the rules, so cargo rebuilds the crate when they change.
pub fn tracking() -> TokenStream {
    match &loaded().path {
        Some(path) => quote! {
            const _: &[u8] = ::core::include_bytes!(#path);
        },
        None => TokenStream::new(),
    }
}
