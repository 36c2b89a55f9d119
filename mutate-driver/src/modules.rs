//! How rustc finds a library's module files, and which code only tests compile: shared
//! by `--all-items` (which annotates every file) and doc tests (which read every file).

pub use mutate_operators::is_test_only;
use std::path::{Path, PathBuf};
use syn::{Attribute, Item, ItemMod};

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

/// One file a `mod name;` may be loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleFile {
    /// Where to look, in order, each with whether its own modules live beside it (see
    /// [`children_dir`]): the first that exists is the module.
    pub candidates: Vec<(PathBuf, bool)>,
    /// The `cfg` predicate under which rustc loads this one: a `cfg_attr(p, path = ..)`'s,
    /// or, for the file named as usual beside such attributes, that none of theirs holds.
    pub cfg: Option<String>,
}

/// The files `mod name;` may be in, existing or not. `dir`: where modules declared at
/// this level live; `file_dir`: the declaring file's folder; `top`: declared at the file's
/// top level, not in an inline mod. A path given under `cfg_attr` is one more choice
/// (lazy_static's `#[cfg_attr(not(feature = "spin_no_std"), path = "inline_lazy.rs")]`).
pub fn declared_files(m: &ItemMod, dir: &Path, file_dir: &Path, top: bool) -> Vec<ModuleFile> {
    // A top-level `#[path]` is relative to the file's folder; a file it names keeps its
    // modules beside it, as a `mod.rs` does.
    let named = |p: &str| (if top { file_dir.join(p) } else { dir.join(p) }, true);
    let mut conditional = Vec::new();
    for attr in &m.attrs {
        conditional_paths(&attr.meta, None, &mut conditional);
    }
    let name = m.ident.to_string();
    let usual = match path_attribute(&m.attrs) {
        Some(p) => vec![named(&p)],
        None => vec![
            (dir.join(format!("{name}.rs")), false),
            (dir.join(&name).join("mod.rs"), true),
        ],
    };
    let predicates: Vec<&str> = conditional.iter().map(|(p, _)| p.as_str()).collect();
    let usual_cfg =
        (!predicates.is_empty()).then(|| format!("not(any({}))", predicates.join(", ")));
    let mut files: Vec<ModuleFile> = conditional
        .iter()
        .map(|(predicate, path)| ModuleFile {
            candidates: vec![named(path)],
            cfg: Some(predicate.clone()),
        })
        .collect();
    files.push(ModuleFile {
        candidates: usual,
        cfg: usual_cfg,
    });
    files
}

/// The `path = ".."` values under `cfg_attr` in `meta`, at any depth, each with the
/// predicate under which it holds.
fn conditional_paths(meta: &syn::Meta, outer: Option<&str>, found: &mut Vec<(String, String)>) {
    let Some((predicate, attributes)) = cfg_attr_contents(meta, outer) else {
        return;
    };
    for attribute in &attributes {
        match attribute {
            syn::Meta::NameValue(nv) if nv.path.is_ident("path") => {
                if let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(s),
                    ..
                }) = &nv.value
                {
                    found.push((predicate.clone(), s.value()));
                }
            }
            nested => conditional_paths(nested, Some(&predicate), found),
        }
    }
}

/// `cfg_attr(predicate, attributes..)`: the predicate (as source text, within `outer`'s
/// where it is nested in another) and the attributes it applies. `None` for any other
/// attribute.
pub fn cfg_attr_contents(
    meta: &syn::Meta,
    outer: Option<&str>,
) -> Option<(String, Vec<syn::Meta>)> {
    use quote::ToTokens;
    let syn::Meta::List(list) = meta else {
        return None;
    };
    if !list.path.is_ident("cfg_attr") {
        return None;
    }
    let parser = syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated;
    let mut arguments = list.parse_args_with(parser).ok()?.into_iter();
    let predicate = arguments.next()?.to_token_stream().to_string();
    let predicate = match outer {
        Some(outer) => format!("all({outer}, {predicate})"),
        None => predicate,
    };
    Some((predicate, arguments.collect()))
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

/// The outer attributes of `item`; none for kinds that have no attributes of their own.
pub fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Const(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::ExternCrate(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::ForeignMod(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Macro(i) => &i.attrs,
        Item::Mod(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Trait(i) => &i.attrs,
        Item::TraitAlias(i) => &i.attrs,
        Item::Type(i) => &i.attrs,
        Item::Union(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
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
    fn a_path_under_cfg_attr_is_one_more_choice() {
        let m: ItemMod = syn::parse_str(
            "#[cfg_attr(feature = \"spin\", path = \"core_lazy.rs\")]\n\
             #[cfg_attr(not(feature = \"spin\"), cfg_attr(unix, path = \"inline_lazy.rs\"))]\n\
             pub mod lazy;",
        )
        .unwrap();
        let files = declared_files(&m, Path::new("src"), Path::new("src"), true);
        // Each choice as "candidate (its modules beside it or not) ... if cfg".
        let shown: Vec<String> = files
            .iter()
            .map(|f| {
                let candidates: Vec<String> = f
                    .candidates
                    .iter()
                    .map(|(p, beside)| format!("{} {beside}", p.display()))
                    .collect();
                format!(
                    "{} if {}",
                    candidates.join(", "),
                    f.cfg.as_deref().unwrap_or("-")
                )
            })
            .collect();
        let unix = "all(not (feature = \"spin\"), unix)";
        assert_eq!(
            shown,
            [
                "src/core_lazy.rs true if feature = \"spin\"".to_owned(),
                format!("src/inline_lazy.rs true if {unix}"),
                format!(
                    "src/lazy.rs false, src/lazy/mod.rs true if not(any(feature = \"spin\", {unix}))"
                ),
            ]
        );
    }

    #[test]
    fn other_macros_and_shapes_are_not_cfg_if() {
        assert!(branches("other! { if #[cfg(unix)] { mod unix; } }").is_none());
        assert!(branches("cfg_if! { if #[cfg(unix)] { mod unix; } whatever }").is_none());
        assert!(branches("cfg_if! { if #[inline] { mod unix; } }").is_none());
    }
}
