//! How rustc finds a library's module files and which code only tests compile: shared by
//! `--all-items` (which annotates every file) and doc tests (which read every file).

use std::path::{Path, PathBuf};
use syn::{Attribute, ItemMod};

/// Where the modules a file declares with `mod name;` live: beside it for crate roots,
/// `mod.rs` and files named by `#[path]` (`mod_rs`), else in a folder named after it.
pub fn children_dir(path: &Path, mod_rs: bool) -> PathBuf {
    let here = path.parent().unwrap_or(Path::new(""));
    if mod_rs {
        here.to_path_buf()
    } else {
        here.join(path.file_stem().unwrap_or_default())
    }
}

/// Where the modules an inline `mod name { .. }` declares live.
pub fn inline_dir(m: &ItemMod, dir: &Path) -> PathBuf {
    dir.join(path_attribute(&m.attrs).unwrap_or(m.ident.to_string()))
}

/// The files `mod name;` may be in, existing or not. `dir`: where modules declared at
/// this level live; `file_dir`: the declaring file's folder; `top`: declared at the file's
/// top level, not in an inline mod.
pub fn declared_files(m: &ItemMod, dir: &Path, file_dir: &Path, top: bool) -> Vec<PathBuf> {
    let name = m.ident.to_string();
    match path_attribute(&m.attrs) {
        // A top-level `#[path]` is relative to the file's folder.
        Some(p) if top => vec![file_dir.join(p)],
        Some(p) => vec![dir.join(p)],
        None => vec![
            dir.join(format!("{name}.rs")),
            dir.join(&name).join("mod.rs"),
        ],
    }
}

/// Tests and code compiled only for them: `#[test]`-like attributes (`#[test]`,
/// `#[tokio::test]`, `#[bench]`) and `cfg`s that hold only under `cfg(test)`.
pub fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        let last = a.path().segments.last().map(|s| s.ident.to_string());
        match last.as_deref() {
            Some("test" | "bench") => true,
            Some("cfg") if a.path().is_ident("cfg") => a
                .parse_args::<syn::Meta>()
                .is_ok_and(|predicate| needs_test(&predicate)),
            _ => false,
        }
    })
}

/// Whether a cfg predicate can only hold in a test build.
fn needs_test(predicate: &syn::Meta) -> bool {
    match predicate {
        syn::Meta::Path(p) => p.is_ident("test"),
        syn::Meta::List(list) => {
            let Ok(inner) = list.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            ) else {
                return false;
            };
            if list.path.is_ident("all") {
                inner.iter().any(needs_test)
            } else if list.path.is_ident("any") {
                !inner.is_empty() && inner.iter().all(needs_test)
            } else {
                false
            }
        }
        syn::Meta::NameValue(_) => false,
    }
}

/// `#[path = "..."]` on a `mod`.
pub fn path_attribute(attrs: &[Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}
