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

/// One branch of a `cfg_if!` invocation: the items it passes on, and the `cfg` predicate
/// (as source text) under which they are compiled.
pub struct CfgIfBranch {
    pub predicate: String,
    pub items: Vec<syn::Item>,
}

/// The branches of `cfg_if! { if #[cfg(a)] { .. } else if #[cfg(b)] { .. } else { .. } }`
/// (the `cfg-if` crate's macro, by any path ending in `cfg_if`), each with the predicate
/// the macro gives its items: its own and the negation of every earlier one. `None` for
/// any other macro, or one whose body is not that shape. Crates choose whole modules this
/// way (hashbrown's `mod sse2;` or `mod generic;`), so their files and items are the
/// library's too.
pub fn cfg_if_branches(m: &syn::ItemMacro) -> Option<Vec<CfgIfBranch>> {
    use proc_macro2::{Delimiter, TokenTree};
    let last = m.mac.path.segments.last()?;
    if last.ident != "cfg_if" || m.ident.is_some() {
        return None;
    }
    let mut branches = Vec::new();
    let mut earlier: Vec<String> = Vec::new();
    let mut condition: Option<String> = None;
    for token in m.mac.tokens.clone() {
        match token {
            TokenTree::Ident(word) if word == "if" || word == "else" => {}
            TokenTree::Punct(p) if p.as_char() == '#' => {}
            TokenTree::Group(g) if g.delimiter() == Delimiter::Bracket => {
                let list = syn::parse2::<syn::MetaList>(g.stream()).ok()?;
                if !list.path.is_ident("cfg") || condition.is_some() {
                    return None;
                }
                condition = Some(list.tokens.to_string());
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
                let file = syn::parse2::<syn::File>(g.stream()).ok()?;
                let mut terms: Vec<String> = earlier.iter().map(|c| format!("not({c})")).collect();
                terms.extend(condition.clone());
                branches.push(CfgIfBranch {
                    predicate: format!("all({})", terms.join(", ")),
                    items: file.items,
                });
                earlier.extend(condition.take());
            }
            _ => return None,
        }
    }
    Some(branches)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branches(text: &str) -> Option<Vec<(String, Vec<String>)>> {
        let item: syn::ItemMacro = syn::parse_str(text).unwrap();
        let names = |items: &[syn::Item]| {
            items
                .iter()
                .map(|i| match i {
                    syn::Item::Mod(m) => format!("mod {}", m.ident),
                    syn::Item::Fn(f) => format!("fn {}", f.sig.ident),
                    _ => "other".to_owned(),
                })
                .collect()
        };
        let found = cfg_if_branches(&item)?;
        Some(
            found
                .iter()
                .map(|b| (b.predicate.clone(), names(&b.items)))
                .collect(),
        )
    }

    #[test]
    fn cfg_if_branches_carry_their_own_and_the_earlier_predicates() {
        let found = branches(
            "cfg_if::cfg_if! { if #[cfg(unix)] { mod unix; fn a() {} } \
             else if #[cfg(windows)] { mod windows; } else { mod other; } }",
        );
        assert_eq!(
            found,
            Some(vec![
                ("all(unix)".into(), vec!["mod unix".into(), "fn a".into()]),
                ("all(not(unix), windows)".into(), vec!["mod windows".into()]),
                (
                    "all(not(unix), not(windows))".into(),
                    vec!["mod other".into()]
                ),
            ])
        );
    }

    #[test]
    fn other_macros_and_shapes_are_not_cfg_if() {
        assert!(branches("other! { if #[cfg(unix)] { mod unix; } }").is_none());
        assert!(branches("cfg_if! { if #[cfg(unix)] { mod unix; } whatever }").is_none());
        assert!(branches("cfg_if! { if #[inline] { mod unix; } }").is_none());
    }
}
