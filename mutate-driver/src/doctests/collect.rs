//! The doc tests of a library: every fenced Rust block in the doc comments of every item
//! (and of the crate and its modules), from the library's root through its module files as
//! rustc finds them. Code compiled only for tests (`#[cfg(test)]`) has none, as for
//! rustdoc; `#[cfg(..)]` conditions are kept so a test exists only where its item does.

use super::markdown::{self, Info};
use crate::modules::{self, is_test_only, item_attrs};
use quote::ToTokens;
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::{Attribute, Item};

/// One doc test, before it is made a program.
#[derive(Debug, Clone)]
pub struct DocTest {
    /// The file its comment is in, as rustdoc names it (relative to the package).
    pub file: String,
    /// The item documented: `Point::new`, or empty for the crate's own docs.
    pub item: String,
    /// Line of the opening fence in `file`.
    pub line: usize,
    pub code: String,
    pub info: Info,
    /// `cfg` predicates of the item and everything around it.
    pub cfg: Vec<String>,
    /// The attributes `#[doc(test(attr(..)))]` on the item and everything around it give
    /// its doc tests (`deny(warnings)`), as rustdoc sets them at the test's crate root.
    pub test_attrs: Vec<String>,
    /// The macro whose text holds it, if one does (see [`InMacro`]).
    pub in_macro: Option<InMacro>,
}

/// A doc example written inside a macro's text, which the driver reads but does not
/// expand: named in a note as not run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InMacro {
    /// In a `macro_rules!` definition: rustdoc runs it once per expansion, with the
    /// expansion's text.
    Definition(String),
    /// In the arguments of a call (`pin_project! { /// .. pub struct BufReader .. }`):
    /// rustdoc runs it where the macro passes the doc text on.
    Call(String),
}

/// The doc tests of the library whose root file is `root`, in the package at `package_dir`.
pub fn library(root: &Path, package_dir: &Path) -> Vec<DocTest> {
    let mut walk = Walk {
        package_dir: package_dir.to_path_buf(),
        found: Vec::new(),
        seen: Vec::new(),
    };
    walk.file(root, true, "", &Context::default());
    walk.found
}

struct Walk {
    package_dir: PathBuf,
    found: Vec<DocTest>,
    seen: Vec<PathBuf>,
}

/// Where the items being walked are.
#[derive(Clone)]
struct Place {
    /// The file, as rustdoc names it.
    file: String,
    /// The file on disk.
    source: PathBuf,
    /// Module path, `a::b::`, for item names.
    prefix: String,
    context: Context,
}

/// What the items around the ones being walked give their doc tests.
#[derive(Clone, Default)]
struct Context {
    /// `#[cfg(..)]` predicates.
    cfg: Vec<String>,
    /// Attributes from `#[doc(test(attr(..)))]`.
    test_attrs: Vec<String>,
}

impl Context {
    /// Within an item with these attributes.
    fn within(&self, attrs: &[Attribute]) -> Context {
        let mut context = self.clone();
        context.cfg.extend(cfg_predicates(attrs));
        context.test_attrs.extend(doc_test_attributes(attrs));
        context
    }
}

impl Walk {
    /// Reads one module file: its inner docs, then its items. `prefix`: the module's path.
    fn file(&mut self, path: &Path, mod_rs: bool, prefix: &str, context: &Context) {
        if self.seen.iter().any(|p| p == path) {
            return;
        }
        self.seen.push(path.to_path_buf());
        let Ok(text) = std::fs::read_to_string(path) else {
            return;
        };
        let Ok(file) = syn::parse_file(&text) else {
            return;
        };
        let name = path
            .strip_prefix(&self.package_dir)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let mut context = context.clone();
        // The file's own `#![doc(test(attr(..)))]` holds for everything in it.
        context.test_attrs.extend(doc_test_attributes(&file.attrs));
        let place = Place {
            file: name,
            source: path.to_path_buf(),
            prefix: prefix.to_owned(),
            context,
        };
        let module = prefix.trim_end_matches("::").to_owned();
        self.docs(&file.attrs, &place, &module);
        let dir = modules::children_dir(path, mod_rs);
        let file_dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        self.items(&file.items, &place, &dir, &file_dir, true);
    }

    fn items(&mut self, items: &[Item], place: &Place, dir: &Path, file_dir: &Path, top: bool) {
        for item in items {
            let attrs = item_attrs(item);
            if is_test_only(attrs) {
                continue;
            }
            let mut inner = place.clone();
            inner.context = place.context.within(attrs);
            if let Some(name) = item_name(item) {
                self.docs(attrs, &inner, &format!("{}{name}", place.prefix));
            }
            match item {
                Item::Mod(m) => {
                    let prefix = format!("{}{}::", place.prefix, m.ident);
                    match &m.content {
                        Some((_, content)) => {
                            self.docs(&m.attrs, &inner, &prefix[..prefix.len() - 2]);
                            let inline = Place { prefix, ..inner };
                            let inner_dir = modules::inline_dir(m, dir);
                            self.items(content, &inline, &inner_dir, file_dir, false);
                        }
                        None => {
                            for file in modules::declared_files(m, dir, file_dir, top) {
                                let found = file.candidates.iter().find(|(c, _)| c.is_file());
                                if let Some((candidate, mod_rs)) = found {
                                    let mut context = inner.context.clone();
                                    context.cfg.extend(file.cfg);
                                    self.file(candidate, *mod_rs, &prefix, &context);
                                }
                            }
                        }
                    }
                }
                Item::Macro(m) if m.mac.path.is_ident("macro_rules") => {
                    self.macro_rules_docs(m, &inner);
                }
                Item::Macro(m) => {
                    if let Some((file, name)) = doc_comment_doctest(m) {
                        let source_dir = place.source.parent().unwrap_or(Path::new(""));
                        let mut lines = Vec::new();
                        let at = m.mac.path.span().start().line;
                        included_lines(&source_dir.join(file), at, None, &mut lines);
                        let item = format!("{}{}", place.prefix, name.unwrap_or_default());
                        let item = item.trim_end_matches("::").to_owned();
                        self.blocks(&lines, &inner, &item, None);
                    } else if let Some(branches) = modules::cfg_if_branches(m) {
                        for branch in branches {
                            let mut here = inner.clone();
                            here.context.cfg.push(branch.predicate);
                            self.items(&branch.items, &here, dir, file_dir, top);
                        }
                    } else {
                        self.macro_call_docs(m, &inner, (dir, file_dir));
                    }
                }
                _ => self.members(item, &inner, place),
            }
        }
    }

    /// The doc tests of an item's members: associated items, fields and variants.
    fn members(&mut self, item: &Item, inner: &Place, place: &Place) {
        match item {
            Item::Impl(i) => {
                let ty = format!("{}{}", place.prefix, self_type(&i.self_ty));
                for member in &i.items {
                    let (attrs, name) = match member {
                        syn::ImplItem::Fn(f) => (&f.attrs, f.sig.ident.to_string()),
                        syn::ImplItem::Const(c) => (&c.attrs, c.ident.to_string()),
                        syn::ImplItem::Type(t) => (&t.attrs, t.ident.to_string()),
                        _ => continue,
                    };
                    self.member(attrs, inner, &format!("{ty}::{name}"));
                }
            }
            Item::Trait(t) => {
                let owner = format!("{}{}", place.prefix, t.ident);
                for member in &t.items {
                    let (attrs, name) = match member {
                        syn::TraitItem::Fn(f) => (&f.attrs, f.sig.ident.to_string()),
                        syn::TraitItem::Const(c) => (&c.attrs, c.ident.to_string()),
                        syn::TraitItem::Type(t) => (&t.attrs, t.ident.to_string()),
                        _ => continue,
                    };
                    self.member(attrs, inner, &format!("{owner}::{name}"));
                }
            }
            Item::Struct(s) => {
                let owner = format!("{}{}", place.prefix, s.ident);
                self.fields(&s.fields, inner, &owner);
            }
            Item::Union(u) => {
                let owner = format!("{}{}", place.prefix, u.ident);
                for field in &u.fields.named {
                    let name = field.ident.as_ref().map(|i| i.to_string());
                    self.member(
                        &field.attrs,
                        inner,
                        &format!("{owner}::{}", name.unwrap_or_default()),
                    );
                }
            }
            Item::Enum(e) => {
                for variant in &e.variants {
                    let name = format!("{}{}::{}", place.prefix, e.ident, variant.ident);
                    if self.member(&variant.attrs, inner, &name) {
                        let mut here = inner.clone();
                        here.context = inner.context.within(&variant.attrs);
                        self.fields(&variant.fields, &here, &name);
                    }
                }
            }
            _ => {}
        }
    }

    /// A member's doc tests (an associated item, a field, a variant), under its own cfg;
    /// false for a test-only member, which has none.
    fn member(&mut self, attrs: &[Attribute], place: &Place, name: &str) -> bool {
        if is_test_only(attrs) {
            return false;
        }
        let mut here = place.clone();
        here.context = place.context.within(attrs);
        self.docs(attrs, &here, name);
        true
    }

    /// The doc tests of a struct's or variant's fields (rustdoc names tuple fields by
    /// their index).
    fn fields(&mut self, fields: &syn::Fields, place: &Place, owner: &str) {
        for (index, field) in fields.iter().enumerate() {
            let name = field
                .ident
                .as_ref()
                .map_or_else(|| index.to_string(), |i| i.to_string());
            self.member(&field.attrs, place, &format!("{owner}::{name}"));
        }
    }

    /// The doc tests in one item's doc attributes.
    fn docs(&mut self, attrs: &[Attribute], place: &Place, item: &str) {
        let dir = place.source.parent().unwrap_or(Path::new(""));
        let mut lines = Vec::new();
        for attr in attrs {
            doc_lines(&attr.meta, None, dir, &mut lines);
        }
        self.blocks(&lines, place, item, None);
    }

    /// A doc test for each fenced block of `lines`, of `item`; `in_macro`: the macro whose
    /// text holds them.
    ///
    /// Lines written under `cfg_attr` are in the text only where their predicate holds, and
    /// they may be a block's fences (base64 opens its examples with ```` ``` ```` where
    /// `alloc` is on and ```` ```ignore ```` where it is off). So the text is read once for
    /// each combination of the predicates, and each block found is compiled under the
    /// combinations that have it (none added where all do).
    fn blocks(&mut self, lines: &[DocLine], place: &Place, item: &str, in_macro: Option<&InMacro>) {
        // Each predicate as a condition on one of `conditions`: `not(p)` is `p` not holding.
        let mut conditions: Vec<String> = Vec::new();
        let mut line_conditions = Vec::with_capacity(lines.len());
        for line in lines {
            line_conditions.push(line.cfg.as_deref().map(|predicate| {
                let (condition, holds) = as_condition(predicate);
                let index = conditions.iter().position(|c| *c == condition);
                let index = index.unwrap_or_else(|| {
                    conditions.push(condition);
                    conditions.len() - 1
                });
                (index, holds)
            }));
        }
        // Past a few conditions in one item's docs, its conditional lines are left out.
        let read_all = conditions.len() <= MAX_DOC_CONDITIONS;
        if !read_all {
            conditions.clear();
        }
        let combinations = 1usize << conditions.len();
        let mut found: Vec<(usize, markdown::Block, Vec<usize>)> = Vec::new();
        for combination in 0..combinations {
            let kept: Vec<&DocLine> = lines
                .iter()
                .zip(&line_conditions)
                .filter(|(_, condition)| match condition {
                    None => true,
                    Some((index, holds)) => read_all && (combination & (1 << index) != 0) == *holds,
                })
                .map(|(line, _)| line)
                .collect();
            let texts: Vec<(&str, bool)> =
                kept.iter().map(|l| (l.text.as_str(), l.comment)).collect();
            let texts = markdown::unindent(&texts);
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            for block in markdown::blocks(&refs) {
                // rustdoc's line: the first doc attribute's, plus the fence's index in the
                // text (not always the fence's own line: attributes and blank lines may
                // stand between doc comments, and an included file has none).
                let line = kept[0].line + block.line;
                match found
                    .iter_mut()
                    .find(|(l, b, _)| *l == line && b.code == block.code && b.info == block.info)
                {
                    Some((_, _, with)) => with.push(combination),
                    None => found.push((line, block, vec![combination])),
                }
            }
        }
        for (line, block, with) in found {
            let mut cfg = place.context.cfg.clone();
            if with.len() < combinations {
                cfg.push(any_of_combinations(&conditions, &with));
            }
            self.found.push(DocTest {
                file: place.file.clone(),
                item: item.to_owned(),
                line,
                code: block.code,
                info: block.info,
                cfg,
                test_attrs: place.context.test_attrs.clone(),
                in_macro: in_macro.cloned(),
            });
        }
    }

    /// The doc examples written in a `macro_rules!` definition (`/// ```` lines in its
    /// arms): found, to be named as not run. Their text is partly the macro's arguments
    /// (`#[doc = concat!(..)]`), so only the literal lines are read.
    fn macro_rules_docs(&mut self, m: &syn::ItemMacro, place: &Place) {
        let mut lines = Vec::new();
        doc_literals(m.mac.tokens.clone(), &mut lines);
        let name = m
            .ident
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default();
        let item = format!("{}{name}!", place.prefix);
        self.blocks(&lines, place, &item, Some(&InMacro::Definition(name)));
    }

    /// The doc examples written in the arguments of a macro call at item level
    /// (futures-lite's `pin_project! { /// .. pub struct BufReader .. }`, concurrent-queue's
    /// `const_fn!(..)`): found, to be named as not run.
    /// Where the arguments are items, as rustdoc would name them; else by the module.
    fn macro_call_docs(&mut self, m: &syn::ItemMacro, place: &Place, dirs: (&Path, &Path)) {
        let call = InMacro::Call(m.mac.path.to_token_stream().to_string().replace(' ', ""));
        let first = self.found.len();
        match syn::parse2::<syn::File>(m.mac.tokens.clone()) {
            Ok(file) => self.items(&file.items, place, dirs.0, dirs.1, false),
            Err(_) => {
                let mut lines = Vec::new();
                doc_literals(m.mac.tokens.clone(), &mut lines);
                let item = place.prefix.trim_end_matches("::").to_owned();
                self.blocks(&lines, place, &item, None);
            }
        }
        for test in &mut self.found[first..] {
            test.in_macro.get_or_insert_with(|| call.clone());
        }
    }
}

/// The most `cfg_attr` conditions one item's docs are read under in every combination (2^n
/// readings).
const MAX_DOC_CONDITIONS: usize = 4;

/// A `cfg_attr` predicate as a condition and whether it must hold: `not(p)` is `p` not
/// holding, so that base64's `feature = "alloc"` and `not(feature = "alloc")` are read as
/// one condition, never both or neither.
fn as_condition(predicate: &str) -> (String, bool) {
    match syn::parse_str::<syn::Meta>(predicate) {
        Ok(syn::Meta::List(list)) if list.path.is_ident("not") => {
            let (condition, holds) = as_condition(&list.tokens.to_string());
            (condition, !holds)
        }
        _ => (predicate.to_owned(), true),
    }
}

/// The `cfg` predicate that holds in the given combinations of `conditions` (bit `i` of a
/// combination set: `conditions[i]` holds).
fn any_of_combinations(conditions: &[String], combinations: &[usize]) -> String {
    let each: Vec<String> = combinations
        .iter()
        .map(|c| {
            let terms: Vec<String> = conditions
                .iter()
                .enumerate()
                .map(|(i, p)| match c & (1 << i) != 0 {
                    true => p.clone(),
                    false => format!("not({p})"),
                })
                .collect();
            format!("all({})", terms.join(", "))
        })
        .collect();
    match each.len() {
        1 => each.into_iter().next().unwrap_or_default(),
        _ => format!("any({})", each.join(", ")),
    }
}

/// One line of an item's documentation.
struct DocLine {
    text: String,
    /// The line of the doc attribute (or comment) it is part of: rustdoc numbers a doc
    /// test by its item's first one.
    line: usize,
    /// The `cfg_attr` predicate it is written under, if any.
    cfg: Option<String>,
    /// Whether it is from a doc comment (`///`), not a `#[doc = ".."]` attribute: rustdoc
    /// unindents the two kinds differently.
    comment: bool,
}

/// The lines a doc attribute adds: `doc = ".."` (as `///` comments come), `doc =
/// include_str!(..)` (a path relative to `dir`), or either under `cfg_attr(predicate, ..)`
/// at any depth, which rustdoc reads where the predicate holds (as fnv's crate docs are,
/// under `cfg_attr(feature = "std", doc = ..)`).
fn doc_lines(meta: &syn::Meta, cfg: Option<&str>, dir: &Path, lines: &mut Vec<DocLine>) {
    match meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("doc") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => literal_lines(s, cfg, lines),
            syn::Expr::Macro(m) if m.mac.path.is_ident("include_str") => {
                let Ok(path) = m.mac.parse_body::<syn::LitStr>() else {
                    return;
                };
                let at = nv.path.span().start().line;
                included_lines(&dir.join(path.value()), at, cfg, lines);
            }
            _ => {}
        },
        other => {
            if let Some((predicate, attributes)) = modules::cfg_attr_contents(other, cfg) {
                for attribute in &attributes {
                    doc_lines(attribute, Some(&predicate), dir, lines);
                }
            }
        }
    }
}

/// The lines of a file a doc attribute written at line `at` includes (`include_str!`), as
/// a `doc` attribute's: each at the attribute's line.
fn included_lines(path: &Path, at: usize, cfg: Option<&str>, lines: &mut Vec<DocLine>) {
    if let Ok(text) = std::fs::read_to_string(path) {
        lines.extend(doc_string_lines(&text).into_iter().map(|l| DocLine {
            text: l.to_owned(),
            line: at,
            cfg: cfg.map(str::to_owned),
            comment: false,
        }));
    }
}

/// `doc_comment::doctest!("../README.md")` (or `doctest!(.., name)`): the `doc-comment`
/// crate's macro, which hands rustdoc a file as the docs of an empty item (a module
/// `name`), so its examples are doc tests (regex, walkdir, tempfile, nom run their
/// READMEs so). The file, relative to the invoking file's folder, and the name.
fn doc_comment_doctest(m: &syn::ItemMacro) -> Option<(String, Option<String>)> {
    let last = m.mac.path.segments.last()?;
    if last.ident != "doctest" || m.ident.is_some() {
        return None;
    }
    let parser = |input: syn::parse::ParseStream| {
        let file: syn::LitStr = input.parse()?;
        let mut name = None;
        if input.parse::<Option<syn::Token![,]>>()?.is_some() && !input.is_empty() {
            name = Some(input.parse::<syn::Ident>()?.to_string());
            input.parse::<Option<syn::Token![,]>>()?;
        }
        Ok((file.value(), name))
    };
    m.mac.parse_body_with(parser).ok()
}

/// The lines rustdoc reads of one doc string. An empty doc comment (`///`) is one blank
/// line. A string of several lines loses its first line where that is empty or all `*` (a
/// `/*!` comment's, fnv's `r#"` opened on its own line), and its last where that is all
/// `*`, as rustdoc trims them.
fn doc_string_lines(value: &str) -> Vec<&str> {
    if value.is_empty() {
        return vec![""];
    }
    let mut lines: Vec<&str> = value.lines().collect();
    if value.contains('\n') {
        let stars = |line: &str| line.chars().all(|c| c == '*');
        if lines.first().is_some_and(|line| stars(line)) {
            lines.remove(0);
        }
        if lines
            .last()
            .is_some_and(|line| !line.is_empty() && stars(line))
        {
            lines.pop();
        }
    }
    lines
}

/// The lines of a doc string, each with its line in the file.
fn literal_lines(s: &syn::LitStr, cfg: Option<&str>, lines: &mut Vec<DocLine>) {
    let first = s.span().start().line;
    // A doc comment's literal is spanned by the comment.
    let comment = s
        .span()
        .source_text()
        .is_some_and(|text| text.starts_with("//") || text.starts_with("/*"));
    let value = s.value();
    for line in doc_string_lines(&value) {
        lines.push(DocLine {
            text: line.to_owned(),
            line: first,
            cfg: cfg.map(str::to_owned),
            comment,
        });
    }
}

/// The lines of the literal doc attributes (`#[doc = ".."]`, as `///` comments come) in a
/// macro's tokens, at any depth, each with its line.
fn doc_literals(tokens: proc_macro2::TokenStream, lines: &mut Vec<DocLine>) {
    use proc_macro2::TokenTree;
    for token in tokens {
        let TokenTree::Group(group) = token else {
            continue;
        };
        if group.delimiter() == proc_macro2::Delimiter::Bracket
            && let Ok(syn::Meta::NameValue(nv)) = syn::parse2::<syn::Meta>(group.stream())
            && nv.path.is_ident("doc")
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
        {
            literal_lines(s, None, lines);
            continue;
        }
        doc_literals(group.stream(), lines);
    }
}

/// The name rustdoc shows for an item's docs; `None` for items whose docs a module's own
/// walk reads (modules) and items without a name.
fn item_name(item: &Item) -> Option<String> {
    Some(match item {
        Item::Const(i) => i.ident.to_string(),
        Item::Enum(i) => i.ident.to_string(),
        Item::Fn(i) => i.sig.ident.to_string(),
        Item::Macro(i) => i.ident.as_ref()?.to_string(),
        Item::Static(i) => i.ident.to_string(),
        Item::Struct(i) => i.ident.to_string(),
        Item::Trait(i) => i.ident.to_string(),
        Item::TraitAlias(i) => i.ident.to_string(),
        Item::Type(i) => i.ident.to_string(),
        Item::Union(i) => i.ident.to_string(),
        Item::Impl(i) => self_type(&i.self_ty),
        _ => return None,
    })
}

/// An impl's type as rustdoc names it: as written, generic arguments and path included,
/// with no space at all (`inner::G<'a,T>`, `&'staticstr`, `(A,B)`), as rustdoc 1.95 names
/// `src/lib.rs - inner::G<'a,T>::g (line 5)`.
fn self_type(ty: &syn::Type) -> String {
    let text = ty.to_token_stream().to_string();
    text.split_whitespace().collect()
}

/// The attributes `#[doc(test(attr(..)))]` names, as source text (`deny(warnings)`):
/// rustdoc reads them on the crate and (this toolchain's, not older ones) on any item, for
/// the doc tests of the item and of everything in it.
fn doc_test_attributes(attrs: &[Attribute]) -> Vec<String> {
    type Metas = syn::punctuated::Punctuated<syn::Meta, syn::Token![,]>;
    let lists = |tokens: proc_macro2::TokenStream| -> Vec<syn::Meta> {
        syn::parse::Parser::parse2(Metas::parse_terminated, tokens)
            .map(|metas| metas.into_iter().collect())
            .unwrap_or_default()
    };
    // The tokens of `name(..)`.
    let within = |meta: syn::Meta, name: &str| match meta {
        syn::Meta::List(list) if list.path.is_ident(name) => Some(list.tokens),
        _ => None,
    };
    attrs
        .iter()
        .filter_map(|attr| within(attr.meta.clone(), "doc"))
        .flat_map(lists)
        .filter_map(|meta| within(meta, "test"))
        .flat_map(lists)
        .filter_map(|meta| within(meta, "attr"))
        .flat_map(lists)
        .map(|meta| meta_text(&meta))
        .collect()
}

/// An attribute's text as written, without the spaces token streams print between a name
/// and its parentheses (`deny(warnings)`, not `deny (warnings)`).
fn meta_text(meta: &syn::Meta) -> String {
    let path = |p: &syn::Path| -> String {
        let names: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        names.join("::")
    };
    match meta {
        syn::Meta::Path(p) => path(p),
        syn::Meta::List(list) => {
            let tokens = list.tokens.to_string().replace(" ,", ",");
            format!("{}({tokens})", path(&list.path))
        }
        syn::Meta::NameValue(nv) => {
            format!("{} = {}", path(&nv.path), nv.value.to_token_stream())
        }
    }
}

/// The predicates of `#[cfg(..)]` attributes, as source text.
fn cfg_predicates(attrs: &[Attribute]) -> impl Iterator<Item = String> + '_ {
    attrs.iter().filter_map(|a| {
        let list = a.meta.require_list().ok()?;
        list.path.is_ident("cfg").then(|| list.tokens.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collected(source: &str) -> Vec<DocTest> {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("lib.rs");
        std::fs::write(&root, source).unwrap();
        library(&root, dir.path())
    }

    /// The doc tests of a package whose `src/lib.rs` is `lib`, beside a `README.md`.
    fn collected_beside_readme(readme: &str, lib: &str) -> Vec<DocTest> {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("src")).unwrap();
        std::fs::write(dir.path().join("README.md"), readme).unwrap();
        let root = dir.path().join("src/lib.rs");
        std::fs::write(&root, lib).unwrap();
        library(&root, dir.path())
    }

    #[test]
    fn doc_attributes_under_cfg_attr_hold_tests_where_the_predicate_holds() {
        let tests = collected(concat!(
            "#![cfg_attr(feature = \"std\", doc = r#\"\n```\nassert!(true);\n```\n\"#)]\n",
            "/// Plain.\n",
            "///\n",
            "/// ```\n",
            "/// assert!(plain());\n",
            "/// ```\n",
            "#[cfg_attr(doc, cfg_attr(unix, doc = \"```\\nassert!(nested());\\n```\"))]\n",
            "#[cfg(feature = \"x\")]\n",
            "pub fn f() {}\n",
        ));
        let summary: Vec<(&str, usize, &str, Vec<&str>)> = tests
            .iter()
            .map(|t| {
                let cfg = t.cfg.iter().map(String::as_str).collect();
                (t.item.as_str(), t.line, t.code.as_str(), cfg)
            })
            .collect();
        assert_eq!(
            summary,
            [
                // rustdoc drops the raw string's first line, which is empty.
                ("", 1, "assert!(true);", vec!["all(feature = \"std\")"]),
                ("f", 8, "assert!(plain());", vec!["feature = \"x\""]),
                (
                    "f",
                    11,
                    "assert!(nested());",
                    vec!["feature = \"x\"", "all(all(doc, unix))"]
                ),
            ]
        );
    }

    /// base64's way: the fence that opens an example depends on a feature.
    #[test]
    fn a_fence_under_cfg_attr_makes_a_block_only_where_it_holds() {
        let tests = collected(concat!(
            "#![cfg_attr(feature = \"alloc\", doc = \"```\")]\n",
            "#![cfg_attr(not(feature = \"alloc\"), doc = \"```ignore\")]\n",
            "//! assert!(encode());\n",
            "//! ```\n",
        ));
        let summary: Vec<(usize, &str, bool, Vec<&str>)> = tests
            .iter()
            .map(|t| {
                let cfg = t.cfg.iter().map(String::as_str).collect();
                (t.line, t.code.as_str(), t.info.is_run(), cfg)
            })
            .collect();
        assert_eq!(
            summary,
            [
                (
                    2,
                    "assert!(encode());",
                    false,
                    vec!["all(not(feature = \"alloc\"))"]
                ),
                (
                    1,
                    "assert!(encode());",
                    true,
                    vec!["all(feature = \"alloc\")"]
                ),
            ]
        );
    }

    #[test]
    fn items_a_cfg_if_passes_on_have_their_branch_predicate() {
        let tests = collected(concat!(
            "cfg_if::cfg_if! {\n",
            "    if #[cfg(unix)] {\n",
            "        /// ```\n",
            "        /// assert!(a());\n",
            "        /// ```\n",
            "        pub fn a() {}\n",
            "    } else {\n",
            "        /// ```\n",
            "        /// assert!(b());\n",
            "        /// ```\n",
            "        pub fn b() {}\n",
            "    }\n",
            "}\n",
        ));
        let summary: Vec<(&str, usize, Vec<&str>)> = tests
            .iter()
            .map(|t| {
                (
                    t.item.as_str(),
                    t.line,
                    t.cfg.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("a", 3, vec!["all(unix)"]),
                ("b", 8, vec!["all(not(unix))"])
            ]
        );
    }

    /// The `doc-comment` crate's macro hands rustdoc a README as an item's docs.
    #[test]
    fn a_file_doc_comment_hands_rustdoc_is_read() {
        let tests = collected_beside_readme(
            "# Title\n\n```rust\nassert!(readme());\n```\n\n```text\nnot rust\n```\n",
            "#[cfg(doctest)]\ndoc_comment::doctest!(\"../README.md\");\n\
             #[cfg(doctest)]\ndoctest!(\"../README.md\", readme);\n\
             other::doctest!(1);\n",
        );
        let summary: Vec<(&str, &str, bool, Vec<&str>)> = tests
            .iter()
            .map(|t| {
                let cfg = t.cfg.iter().map(String::as_str).collect();
                (t.item.as_str(), t.code.as_str(), t.info.is_run(), cfg)
            })
            .collect();
        assert_eq!(
            summary,
            [
                ("", "assert!(readme());", true, vec!["doctest"]),
                ("", "not rust", false, vec!["doctest"]),
                ("readme", "assert!(readme());", true, vec!["doctest"]),
                ("readme", "not rust", false, vec!["doctest"]),
            ]
        );
    }

    /// The lines rustdoc names its doc tests by (`src/lib.rs - f (line 2)`), read off
    /// `cargo test --doc` on this text: the first doc attribute's line plus the fence's
    /// index in the joined text.
    #[test]
    fn doc_tests_are_numbered_as_rustdoc_numbers_them() {
        let tests = collected_beside_readme(
            "# T\n\n```\nassert!(true); // 1\n```\n\ntext\n\n```\nassert!(true); // 2\n```\n",
            concat!(
                "/// a\n#[inline]\n/// ```\n/// assert!(true); // interleaved\n/// ```\n",
                "pub fn f() {}\n\n",
                "/// b\n///\n#[doc = \"```\"]\n/// assert!(true); // mixed\n/// ```\n",
                "pub fn g() {}\n\n",
                "#[doc = include_str!(\"../README.md\")]\npub fn h() {}\n\n",
                "/// intro\n#[doc = include_str!(\"../README.md\")]\npub fn k() {}\n",
                "#[doc = r#\"\nOpened on its own line.\n```\nassert!(true);\n```\n\"#]\n",
                "pub fn m() {}\n",
                "/**\nA block comment.\n```\nassert!(true);\n```\n*/\npub fn n() {}\n",
            ),
        );
        let named: Vec<(String, usize)> = tests.iter().map(|t| (t.item.clone(), t.line)).collect();
        let expected = [
            ("f", 2),
            ("g", 10),
            ("h", 17),
            ("h", 23),
            ("k", 21),
            ("k", 27),
            ("m", 22),
            ("n", 29),
        ];
        assert_eq!(named, expected.map(|(i, l)| (i.to_owned(), l)));
    }

    #[test]
    fn examples_in_a_macro_call_are_found_to_be_named_not_run() {
        let tests = collected(concat!(
            "pin_project_lite::pin_project! {\n",
            "    /// ```\n",
            "    /// assert!(buffered());\n",
            "    /// ```\n",
            "    pub struct BufReader<R> { inner: R }\n",
            "}\n",
            "cfg_if::cfg_if! { if #[cfg(unix)] {\n",
            "    /// ```\n",
            "    /// assert!(unix());\n",
            "    /// ```\n",
            "    pub fn u() {}\n",
            "} }\n",
        ));
        let summary: Vec<(&str, &str, Option<&InMacro>)> = tests
            .iter()
            .map(|t| (t.item.as_str(), t.code.as_str(), t.in_macro.as_ref()))
            .collect();
        let call = InMacro::Call("pin_project_lite::pin_project".into());
        assert_eq!(
            summary,
            [
                ("BufReader", "assert!(buffered());", Some(&call)),
                ("u", "assert!(unix());", None),
            ]
        );
    }

    /// As `cargo test --doc` lists them: `src/lib.rs - inner::G<'a,T>::g (line 3)`.
    #[test]
    fn an_impls_type_is_named_as_written_without_spaces() {
        let tests = collected(concat!(
            "pub mod inner { pub struct G<'a, T>(pub &'a T); }\n",
            "impl<'a, T> inner::G<'a, T> {\n",
            "    /// ```\n    /// g();\n    /// ```\n    pub fn g(&self) {}\n",
            "}\n",
            "impl Tr for &'static str {\n",
            "    /// ```\n    /// f();\n    /// ```\n    fn f(&self) {}\n",
            "}\n",
        ));
        let items: Vec<&str> = tests.iter().map(|t| t.item.as_str()).collect();
        assert_eq!(items, ["inner::G<'a,T>::g", "&'staticstr::f"]);
    }

    /// rand_core's `#![doc(test(attr(deny(warnings))))]` fails one of its examples under
    /// rustdoc: the attributes are read on the crate and on every item around a doc test.
    #[test]
    fn doc_test_attributes_hold_for_everything_within() {
        let tests = collected(concat!(
            "#![doc(test(attr(deny(warnings))))]\n",
            "/// ```\n/// f();\n/// ```\npub fn f() {}\n",
            "pub mod m {\n",
            "    #![doc(test(no_crate_inject, attr(allow(dead_code), deny(unused_imports, unused))))]\n",
            "    /// ```\n    /// g();\n    /// ```\n    pub fn g() {}\n",
            "}\n",
            "#[doc(test(attr(allow(unused_variables))))]\n",
            "/// ```\n/// h();\n/// ```\npub fn h() {}\n",
            "/// ```\n/// k();\n/// ```\npub fn k() {}\n",
        ));
        let attrs: Vec<(&str, Vec<&str>)> = tests
            .iter()
            .map(|t| {
                let attrs = t.test_attrs.iter().map(String::as_str).collect();
                (t.item.as_str(), attrs)
            })
            .collect();
        assert_eq!(
            attrs,
            [
                ("f", vec!["deny(warnings)"]),
                (
                    "m::g",
                    vec![
                        "deny(warnings)",
                        "allow(dead_code)",
                        "deny(unused_imports, unused)"
                    ]
                ),
                ("h", vec!["deny(warnings)", "allow(unused_variables)"]),
                ("k", vec!["deny(warnings)"]),
            ]
        );
    }

    #[test]
    fn other_attributes_under_cfg_attr_hold_no_doc_lines() {
        let tests = collected("#[cfg_attr(test, derive(Debug), allow(dead_code))]\nstruct S;\n");
        assert!(tests.is_empty());
    }
}
