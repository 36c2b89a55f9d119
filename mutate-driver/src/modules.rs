//! How rustc finds a library's module files, and which code only tests compile: shared
//! by `--all-items` (which annotates every file) and doc tests (which read every file).

pub use mutate_operators::is_test_only;
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
