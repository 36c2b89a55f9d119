//! The `const fn`s a schemata build needs `const`, read from the source before it is built.
//!
//! The macro makes a `const fn` with mutants a plain one (its switches are read at run
//! time), which rustc rejects (E0015) where a constant, a static, an array's length or a
//! `const fn` left `const` calls it. The rebuild net learns each such function from that
//! error and has the macro keep it `const`; but rustc reports them crate by crate and stage
//! by stage (a doc test's `static` after the library built, a kept function's own callees
//! a round after it), each a whole build of the crate more. Here the calls that certainly
//! need their function `const` are found first, and listed as if rustc had reported them.
//!
//! Only calls whose function is certain are listed: `Type::f(..)` and `Self::f(..)` of a
//! crate's `impl Type` with a `const fn f` that the macro rewrites, a free `f(..)` where
//! the crate has one `const fn f`, and a method whose receiver's type the crate's own
//! declarations give (a constant of the crate or of an `impl`, `self`, a call of one of the
//! crate's functions returning its type: `CONTROLS.add(b' ').add(b'"')`). A function listed
//! wrongly would lose its mutants (they are not run where a function is kept `const`); a
//! call missed here still fails the build, and the net lists it as before.

use crate::all_items::cfg_off::ActiveCfg;
use crate::all_items::has_mutate;
use crate::cli::Args;
use crate::compile::Workspace;
use crate::modules::item_attrs;
use mutate_protocol::build_errors::{self, BuildError, Scope};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// One `fn` of the crate.
struct Function<'a> {
    /// `Some("Type")` for an `impl Type` (or `impl Trait for Type`) block's.
    owner: Option<String>,
    /// An `impl Trait for Type`'s: never `const`, and not what a constant calls (a trait's
    /// `add` beside the inherent `const fn add`).
    of_trait: bool,
    name: String,
    constness: bool,
    /// Under a `#[mutate]`: made a plain `fn` in a schemata build where it is `const`.
    rewritten: bool,
    /// The crate type it returns (`Self` read as its owner), for a method called on it.
    returns: Option<String>,
    file: usize,
    /// Its `fn` keyword, where the macro looks for an entry that names it.
    at: proc_macro2::LineColumn,
    body: &'a syn::Block,
}

impl Function<'_> {
    /// A `const fn` the macro makes a plain one, which compile-time code calling it needs
    /// `const`.
    fn is_needed(&self) -> bool {
        self.constness && self.rewritten
    }
}

/// Code rustc evaluates at compile time, and where it stands.
struct Context<'a> {
    file: usize,
    owner: Option<String>,
    code: Code<'a>,
}

enum Code<'a> {
    Expr(&'a syn::Expr),
    Block(&'a syn::Block),
    /// Expressions a macro is given where items stand, parsed from its tokens.
    Exprs(Vec<syn::Expr>),
    /// `Type::f(` in a `macro_rules!` definition's compile-time code (`const { .. }`,
    /// `$crate::Map::with_hasher(..)`): tokens, not yet an expression.
    Paths(Vec<(String, String, proc_macro2::LineColumn)>),
}

/// One file the build compiles.
pub struct Source {
    /// As rustc names it: relative to the build root.
    pub name: String,
    pub text: String,
    pub syntax: syn::File,
    /// What its package's build turns on: an item under a `#[cfg(..)]` known to be off is
    /// not compiled, and needs nothing.
    pub active: Rc<ActiveCfg>,
    /// The crates its package depends on, as its code names them (`-` written `_`): a
    /// path from one of them (or from `std`, `core`, `alloc`) is not the crate's own.
    pub dependencies: Rc<BTreeSet<String>>,
}

/// The Rust files of the workspace's packages as the schemata build compiles them: each
/// target's root and the module files it declares, at any depth (not a fixture beside
/// them that no target compiles), and the doc tests the driver generated; in the build
/// root.
pub fn files(args: &Args, workspace: &Workspace) -> Vec<Source> {
    let mut found = BTreeMap::new();
    for package in workspace.metadata.workspace_packages() {
        let active = Rc::new(ActiveCfg::of(
            package,
            &args.features,
            args.all_features,
            !args.no_default_features,
        ));
        let dependencies: Rc<BTreeSet<String>> = Rc::new(
            package
                .dependencies
                .iter()
                .map(|d| d.rename.as_ref().unwrap_or(&d.name).replace('-', "_"))
                .collect(),
        );
        let in_build = |path: &Path| -> Option<PathBuf> {
            let relative = path.strip_prefix(&workspace.root).ok()?;
            Some(workspace.build_root.join(relative))
        };
        let Some(dir) = package.manifest_path.parent() else {
            continue;
        };
        let mut parsed = BTreeMap::new();
        if let Some(doctests) = in_build(dir.as_std_path()).map(|d| d.join(crate::doctests::DIR)) {
            let files = crate::source::files_under(&doctests, |name| {
                name != "target" && !name.starts_with('.')
            });
            for path in files
                .into_iter()
                .filter(|p| p.extension() == Some("rs".as_ref()))
            {
                let file = read(&path);
                parsed.insert(path, file);
            }
        }
        // A build script runs before the crate is compiled: no constant of the crate's.
        for target in package.targets.iter().filter(|t| !t.is_custom_build()) {
            if let Some(root) = in_build(target.src_path.as_std_path()) {
                compiled_from(&root, true, &active, &mut parsed);
            }
        }
        for (path, file) in parsed {
            let Some((text, syntax)) = file else { continue };
            found.entry(path).or_insert_with(|| Source {
                name: String::new(),
                text,
                syntax,
                active: active.clone(),
                dependencies: dependencies.clone(),
            });
        }
    }
    // Named relative to the build root, as rustc names them.
    found
        .into_iter()
        .filter_map(|(path, source)| {
            let relative = path.strip_prefix(&workspace.build_root).ok()?;
            let name = build_errors::lexically_normal(relative);
            let name = name.to_string_lossy().into_owned();
            Some(Source { name, ..source })
        })
        .collect()
}

/// A file's text and syntax; `None` where it cannot be read or parsed (rustc will say why).
fn read(path: &Path) -> Option<(String, syn::File)> {
    let text = std::fs::read_to_string(path).ok()?;
    let syntax = syn::parse_file(&text).ok()?;
    Some((text, syntax))
}

/// Each file read, by its path.
type Parsed = BTreeMap<PathBuf, Option<(String, syn::File)>>;

/// `path` and the files of the modules it declares (`mod name;`), at any depth; those
/// under a `#[cfg]` known to be off left out. `mod_rs`: its modules live beside it.
fn compiled_from(path: &Path, mod_rs: bool, active: &ActiveCfg, found: &mut Parsed) {
    if found.contains_key(path) {
        return;
    }
    let file = read(path);
    let mut modules = Vec::new();
    if let Some((_, syntax)) = &file {
        let dir = crate::modules::children_dir(path, mod_rs);
        let file_dir = path.parent().unwrap_or(Path::new(""));
        declared_in(&syntax.items, (&dir, file_dir, true), active, &mut modules);
    }
    found.insert(path.to_path_buf(), file);
    for (module, mod_rs) in modules {
        compiled_from(&module, mod_rs, active, found);
    }
}

/// The files of the modules `items` declare (`mod name;`), each with whether its own
/// modules live beside it; inline modules' too.
fn declared_in(
    items: &[syn::Item],
    (dir, file_dir, top): (&Path, &Path, bool),
    active: &ActiveCfg,
    found: &mut Vec<(PathBuf, bool)>,
) {
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        if active.off(&m.attrs) {
            continue;
        }
        match &m.content {
            Some((_, content)) => {
                let inner = crate::modules::inline_dir(m, dir);
                declared_in(content, (&inner, file_dir, false), active, found);
            }
            None => {
                for file in crate::modules::declared_files(m, dir, file_dir, top) {
                    found.extend(file.candidates.into_iter().find(|(c, _)| c.is_file()));
                }
            }
        }
    }
}

/// What the files declare.
#[derive(Default)]
struct Crate<'a> {
    functions: Vec<Function<'a>>,
    /// Constants' and statics' names (`Type::NAME` for an `impl`'s), by their declared
    /// type's name.
    constants: BTreeMap<String, String>,
    contexts: Vec<Context<'a>>,
}

/// The crate's functions a path can name (not a trait impl's), by owner and name.
type ByName = BTreeMap<(Option<String>, String), Vec<usize>>;

/// The entries (`Scope::Const`, at the function's `fn`) for the `const fn`s that the code
/// of `files` (names as rustc gives them, and texts) calls where a constant is needed.
pub fn needed(files: &[Source]) -> Vec<BuildError> {
    let mut krate = Crate::default();
    let mut foreign = Vec::with_capacity(files.len());
    for (index, source) in files.iter().enumerate() {
        foreign.push(Foreign::of(&source.syntax, &source.dependencies));
        let mut reader = Reader {
            krate: &mut krate,
            active: &source.active,
            file: index,
            owner: None,
            of_trait: false,
            rewritten: false,
        };
        reader.items(&source.syntax.attrs, &source.syntax.items);
    }
    let mut by_name = ByName::new();
    for (index, f) in krate.functions.iter().enumerate() {
        if !f.of_trait {
            let key = (f.owner.clone(), f.name.clone());
            by_name.entry(key).or_default().push(index);
        }
    }
    // The bodies of `const fn`s left as written are compile-time code as they stand.
    let mut pending: Vec<Context> = krate
        .functions
        .iter()
        .filter(|f| f.constness && !f.rewritten)
        .map(|f| Context {
            file: f.file,
            owner: f.owner.clone(),
            code: Code::Block(f.body),
        })
        .collect();
    pending.append(&mut krate.contexts);
    let mut kept = BTreeSet::new();
    let mut entries = Vec::new();
    while let Some(context) = pending.pop() {
        let mut calls = Calls {
            krate: &krate,
            by_name: &by_name,
            owner: context.owner.as_deref(),
            foreign: &foreign[context.file],
            found: Vec::new(),
        };
        match &context.code {
            Code::Expr(e) => calls.visit_expr(e),
            Code::Block(b) => calls.visit_block(b),
            Code::Exprs(exprs) => exprs.iter().for_each(|e| calls.visit_expr(e)),
            Code::Paths(paths) => {
                for (owner, name, at) in paths {
                    calls.found(calls.function(Some(owner), name), *at);
                }
            }
        }
        for (index, at) in calls.found {
            let f = &krate.functions[index];
            if !kept.insert(index) {
                continue;
            }
            let name = match &f.owner {
                Some(owner) => format!("{owner}::{}", f.name),
                None => f.name.clone(),
            };
            let caller = &files[context.file].name;
            let Source {
                name: file, text, ..
            } = &files[f.file];
            entries.push(BuildError {
                file: file.clone(),
                line: f.at.line as u32,
                column: f.at.column as u32 + 1,
                scope: Scope::Const,
                digest: build_errors::digest(text.as_bytes()),
                message: build_errors::predicted_const_call(
                    &name,
                    &format!("{caller}:{}:{}", at.line, at.column + 1),
                ),
                moved: Vec::new(),
                initialized: Vec::new(),
                evaluated: String::new(),
            });
            pending.push(Context {
                file: f.file,
                owner: f.owner.clone(),
                code: Code::Block(f.body),
            });
        }
    }
    entries
}

/// Reads a file's declarations and compile-time code.
struct Reader<'k, 'a> {
    krate: &'k mut Crate<'a>,
    active: &'k ActiveCfg,
    file: usize,
    owner: Option<String>,
    of_trait: bool,
    rewritten: bool,
}

impl<'a> Reader<'_, 'a> {
    /// Whether code under `attrs` is left out of the build.
    fn off(&self, attrs: &[syn::Attribute]) -> bool {
        self.active.off(attrs)
    }

    /// A file's items, under its inner attributes.
    fn items(&mut self, attrs: &[syn::Attribute], items: &'a [syn::Item]) {
        if self.off(attrs) {
            return;
        }
        let rewritten = self.rewritten || has_mutate(attrs);
        let outer = std::mem::replace(&mut self.rewritten, rewritten);
        items.iter().for_each(|item| self.item(item));
        self.rewritten = outer;
    }

    fn item(&mut self, item: &'a syn::Item) {
        if self.off(item_attrs(item)) {
            return;
        }
        let rewritten = self.rewritten || has_mutate(item_attrs(item));
        let outer = std::mem::replace(&mut self.rewritten, rewritten);
        match item {
            syn::Item::Fn(f) => self.function(&f.sig, &f.block, &f.attrs),
            syn::Item::Const(k) => self.constant(&k.ident, &k.ty, &k.expr),
            syn::Item::Static(s) => self.constant(&s.ident, &s.ty, &s.expr),
            syn::Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    items.iter().for_each(|item| self.item(item));
                }
            }
            syn::Item::Impl(i) => {
                let owner = type_name(&i.self_ty);
                let outer_owner = std::mem::replace(&mut self.owner, owner);
                let outer_trait = std::mem::replace(&mut self.of_trait, i.trait_.is_some());
                for inner in &i.items {
                    if self.off(impl_item_attrs(inner)) {
                        continue;
                    }
                    let own = self.rewritten || has_mutate(impl_item_attrs(inner));
                    let outer = std::mem::replace(&mut self.rewritten, own);
                    match inner {
                        syn::ImplItem::Fn(f) => self.function(&f.sig, &f.block, &f.attrs),
                        syn::ImplItem::Const(k) => {
                            // `Type::EMPTY.add(b'A')`: the receiver's type is declared.
                            if let (Some(owner), Some(ty)) = (&self.owner, type_name(&k.ty)) {
                                let ty = if ty == "Self" { owner.clone() } else { ty };
                                let name = format!("{owner}::{}", k.ident);
                                self.krate.constants.insert(name, ty);
                            }
                            self.context(Code::Expr(&k.expr))
                        }
                        _ => {}
                    }
                    self.rewritten = outer;
                }
                self.owner = outer_owner;
                self.of_trait = outer_trait;
            }
            syn::Item::Macro(m) if m.ident.is_some() => {
                let paths = compile_time_paths(m.mac.tokens.clone());
                if !paths.is_empty() {
                    self.context(Code::Paths(paths));
                }
            }
            // Expressions a macro is given where items stand (`static_assert! { A.f(1) }`)
            // can only become items' compile-time code.
            syn::Item::Macro(m) => {
                let parser =
                    syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated;
                if let Ok(exprs) = m.mac.parse_body_with(parser) {
                    self.context(Code::Exprs(exprs.into_iter().collect()));
                }
            }
            syn::Item::Trait(t) => {
                for inner in &t.items {
                    if let syn::TraitItem::Const(k) = inner
                        && let Some((_, expr)) = &k.default
                    {
                        self.context(Code::Expr(expr));
                    }
                }
            }
            syn::Item::Enum(e) => {
                for variant in &e.variants {
                    if let Some((_, discriminant)) = &variant.discriminant {
                        self.context(Code::Expr(discriminant));
                    }
                }
            }
            _ => {}
        }
        self.rewritten = outer;
    }

    fn function(&mut self, sig: &syn::Signature, block: &'a syn::Block, attrs: &[syn::Attribute]) {
        let returns = match &sig.output {
            syn::ReturnType::Type(_, ty) => match type_name(ty).as_deref() {
                Some("Self") => self.owner.clone(),
                other => other.map(str::to_owned),
            },
            syn::ReturnType::Default => None,
        };
        self.krate.functions.push(Function {
            owner: self.owner.clone(),
            of_trait: self.of_trait,
            name: sig.ident.to_string(),
            constness: sig.constness.is_some(),
            rewritten: self.rewritten || has_mutate(attrs),
            returns,
            file: self.file,
            at: sig.fn_token.span.start(),
            body: block,
        });
        // Items in the body: constants there are compile-time code too.
        let mut nested = Nested { reader: self };
        nested.visit_block(block);
    }

    fn constant(&mut self, name: &syn::Ident, ty: &syn::Type, expr: &'a syn::Expr) {
        if let Some(ty) = type_name(ty) {
            self.krate.constants.insert(name.to_string(), ty);
        }
        self.context(Code::Expr(expr));
    }

    fn context(&mut self, code: Code<'a>) {
        self.krate.contexts.push(Context {
            file: self.file,
            owner: self.owner.clone(),
            code,
        });
    }
}

/// Items declared in a function's body, and array lengths written in it.
struct Nested<'r, 'k, 'a> {
    reader: &'r mut Reader<'k, 'a>,
}

impl<'a> Visit<'a> for Nested<'_, '_, 'a> {
    fn visit_item(&mut self, item: &'a syn::Item) {
        // An `impl` in a body is of the type it names; other items are the body's own.
        let owner = self.reader.owner.take();
        let of_trait = std::mem::take(&mut self.reader.of_trait);
        self.reader.item(item);
        self.reader.owner = owner;
        self.reader.of_trait = of_trait;
    }

    fn visit_expr_repeat(&mut self, repeat: &'a syn::ExprRepeat) {
        self.reader.context(Code::Expr(&repeat.len));
        self.visit_expr(&repeat.expr);
    }

    fn visit_type_array(&mut self, array: &'a syn::TypeArray) {
        self.reader.context(Code::Expr(&array.len));
        self.visit_type(&array.elem);
    }

    fn visit_expr_const(&mut self, block: &'a syn::ExprConst) {
        self.reader.context(Code::Block(&block.block));
    }
}

/// The calls of the crate's rewritten `const fn`s in compile-time code, and where.
struct Calls<'a> {
    krate: &'a Crate<'a>,
    by_name: &'a ByName,
    /// The `impl` block's type, for `Self` and `self`.
    owner: Option<&'a str>,
    /// What the code's file takes from other crates.
    foreign: &'a Foreign,
    found: Vec<(usize, proc_macro2::LineColumn)>,
}

/// What a file's code names from outside the crate: a name it imports from `std`, `core`,
/// `alloc` or a dependency (`use std::time::Duration;`) is not the crate's type or
/// function of that name, nor is a path that starts with one of them.
#[derive(Clone, Default)]
struct Foreign {
    roots: BTreeSet<String>,
    imported: BTreeSet<String>,
}

impl Foreign {
    fn of(file: &syn::File, dependencies: &BTreeSet<String>) -> Foreign {
        let mut roots: BTreeSet<String> = ["std", "core", "alloc"].map(str::to_owned).into();
        roots.extend(dependencies.iter().cloned());
        let mut uses = Uses {
            roots: &roots,
            imported: BTreeSet::new(),
        };
        uses.visit_file(file);
        let imported = uses.imported;
        Foreign { roots, imported }
    }

    /// Whether a path naming `first` first is another crate's.
    fn names(&self, first: &str) -> bool {
        self.roots.contains(first) || self.imported.contains(first)
    }
}

/// The names `use` items import from other crates.
struct Uses<'a> {
    roots: &'a BTreeSet<String>,
    imported: BTreeSet<String>,
}

impl Uses<'_> {
    fn leaves(&mut self, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => self.leaves(&p.tree),
            syn::UseTree::Name(n) => {
                self.imported.insert(n.ident.to_string());
            }
            syn::UseTree::Rename(r) => {
                self.imported.insert(r.rename.to_string());
            }
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.leaves(t)),
            syn::UseTree::Glob(_) => {}
        }
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let root = match &item.tree {
            syn::UseTree::Path(p) => Some(p.ident.to_string()),
            syn::UseTree::Name(n) => Some(n.ident.to_string()),
            syn::UseTree::Rename(r) => Some(r.ident.to_string()),
            _ => None,
        };
        let foreign =
            item.leading_colon.is_some() || root.is_some_and(|root| self.roots.contains(&root));
        if foreign {
            self.leaves(&item.tree);
        }
    }
}

impl Calls<'_> {
    /// The crate's function `owner::name` (`None`: a free one), where it is the only one.
    fn function(&self, owner: Option<&str>, name: &str) -> Option<usize> {
        match self
            .by_name
            .get(&(owner.map(str::to_owned), name.to_owned()))?
            .as_slice()
        {
            [index] => Some(*index),
            _ => None,
        }
    }

    /// The crate type an expression's value has, where the crate's declarations say.
    fn type_of(&self, expr: &syn::Expr) -> Option<String> {
        match expr {
            syn::Expr::Paren(p) => self.type_of(&p.expr),
            syn::Expr::Reference(r) => self.type_of(&r.expr),
            syn::Expr::Path(p) if p.qself.is_none() && p.path.segments.len() == 2 => {
                let [owner, name] = [0, 1].map(|i| p.path.segments[i].ident.to_string());
                let owner = match owner.as_str() {
                    "Self" => self.owner?.to_owned(),
                    _ if self.foreign.names(&owner) => return None,
                    _ => owner,
                };
                self.krate
                    .constants
                    .get(&format!("{owner}::{name}"))
                    .cloned()
            }
            syn::Expr::Path(p) if p.qself.is_none() => {
                let ident = p.path.get_ident()?.to_string();
                if ident == "self" {
                    return self.owner.map(str::to_owned);
                }
                if self.foreign.names(&ident) {
                    return None;
                }
                self.krate.constants.get(&ident).cloned()
            }
            syn::Expr::Call(call) => {
                let index = self.called(call)?;
                self.krate.functions[index].returns.clone()
            }
            syn::Expr::MethodCall(call) => {
                let index = self.method(call)?;
                self.krate.functions[index].returns.clone()
            }
            _ => None,
        }
    }

    /// The crate's function a call by path names: `Type::f`, `Self::f`, or a free `f`.
    fn called(&self, call: &syn::ExprCall) -> Option<usize> {
        let syn::Expr::Path(path) = &*call.func else {
            return None;
        };
        if path.qself.is_some() || path.path.leading_colon.is_some() {
            return None;
        }
        let segments: Vec<String> = path
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        if segments
            .first()
            .is_some_and(|first| self.foreign.names(first))
        {
            return None;
        }
        match segments.as_slice() {
            [name] => self.function(None, name),
            [.., owner, name] if owner == "Self" => self.function(self.owner, name),
            [.., owner, name] => self.function(Some(owner), name),
            [] => None,
        }
    }

    fn method(&self, call: &syn::ExprMethodCall) -> Option<usize> {
        let owner = self.type_of(&call.receiver)?;
        self.function(Some(&owner), &call.method.to_string())
    }

    fn found(&mut self, index: Option<usize>, at: proc_macro2::LineColumn) {
        if let Some(index) = index.filter(|&i| self.krate.functions[i].is_needed()) {
            self.found.push((index, at));
        }
    }
}

impl<'ast> Visit<'ast> for Calls<'_> {
    fn visit_expr_call(&mut self, call: &'ast syn::ExprCall) {
        self.found(self.called(call), call.span().start());
        syn::visit::visit_expr_call(self, call);
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.found(self.method(call), call.method.span().start());
        syn::visit::visit_expr_method_call(self, call);
    }

    // A closure's body runs when it is called, which compile-time code cannot do with a
    // plain `fn`'s; nested items are read on their own.
    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    fn visit_item(&mut self, _: &'ast syn::Item) {}
}

/// The `Type::f(` paths in a `macro_rules!` definition's `const { .. }` blocks and in the
/// initializers of the `const` and `static` items it writes.
fn compile_time_paths(
    tokens: proc_macro2::TokenStream,
) -> Vec<(String, String, proc_macro2::LineColumn)> {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let keyword = matches!(&tokens[i], TokenTree::Ident(k) if k == "const" || k == "static");
        match (keyword, tokens.get(i + 1)) {
            (true, Some(TokenTree::Group(g))) if g.delimiter() == Delimiter::Brace => {
                paths_in(g.stream(), &mut found);
                i += 2;
            }
            (true, Some(TokenTree::Ident(_))) => {
                // `const NAME: T = <initializer>;`
                let end = (i..tokens.len())
                    .find(|&j| matches!(&tokens[j], TokenTree::Punct(p) if p.as_char() == ';'))
                    .unwrap_or(tokens.len());
                let initializer = (i..end)
                    .find(|&j| matches!(&tokens[j], TokenTree::Punct(p) if p.as_char() == '='));
                if let Some(start) = initializer {
                    paths_in(tokens[start + 1..end].iter().cloned().collect(), &mut found);
                }
                i = end + 1;
            }
            _ => {
                if let TokenTree::Group(g) = &tokens[i] {
                    found.extend(compile_time_paths(g.stream()));
                }
                i += 1;
            }
        }
    }
    found
}

/// Every `Type::f(` in `tokens`, at any depth.
fn paths_in(
    tokens: proc_macro2::TokenStream,
    found: &mut Vec<(String, String, proc_macro2::LineColumn)>,
) {
    use proc_macro2::{Delimiter, TokenTree};
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        if let TokenTree::Group(g) = token {
            paths_in(g.stream(), found);
        }
        let [
            TokenTree::Ident(owner),
            TokenTree::Punct(c1),
            TokenTree::Punct(c2),
            TokenTree::Ident(name),
            TokenTree::Group(args),
        ] = &tokens[i..(i + 5).min(tokens.len())]
        else {
            continue;
        };
        if c1.as_char() == ':' && c2.as_char() == ':' && args.delimiter() == Delimiter::Parenthesis
        {
            found.push((owner.to_string(), name.to_string(), owner.span().start()));
        }
    }
}

/// `Type` of `Type`, `&Type`, `m::Type<A>`, `&'static [Type]`'s element not included.
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) if p.qself.is_none() => Some(p.path.segments.last()?.ident.to_string()),
        syn::Type::Reference(r) => type_name(&r.elem),
        syn::Type::Paren(p) => type_name(&p.elem),
        syn::Type::Group(g) => type_name(&g.elem),
        _ => None,
    }
}

fn impl_item_attrs(item: &syn::ImplItem) -> &[syn::Attribute] {
    match item {
        syn::ImplItem::Fn(f) => &f.attrs,
        syn::ImplItem::Const(k) => &k.attrs,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needed_in(files: &[(&str, &str)]) -> Vec<(String, String)> {
        let active = Rc::new(ActiveCfg::with("unix\n", ["std".to_owned()]));
        let files: Vec<Source> = files
            .iter()
            .map(|(name, text)| Source {
                name: name.to_string(),
                text: text.to_string(),
                syntax: syn::parse_file(text).unwrap(),
                active: active.clone(),
                dependencies: Rc::new(BTreeSet::from(["serde".to_owned()])),
            })
            .collect();
        needed(&files)
            .into_iter()
            .map(|e| {
                assert!(build_errors::is_const_call(&e.message));
                let name = build_errors::named_function(&e.message).unwrap();
                (e.file, name)
            })
            .collect()
    }

    fn names_needed(files: &[(&str, &str)]) -> BTreeSet<String> {
        needed_in(files).into_iter().map(|(_, n)| n).collect()
    }

    const LIB: &str = "
        #[mutate] impl Config {
            pub const fn new() -> Self { Config { pad: true } }
            pub const fn with_pad(self, pad: bool) -> Self { Config { pad } }
            pub const fn unused(self) -> u8 { 1 + 1 }
        }
        #[mutate] impl Engine {
            pub const fn new(config: Config) -> Engine { Engine { config, table: table() } }
        }
        #[mutate] const fn table() -> [u8; 4] { [1, 2, 3, 4] }
    ";

    #[test]
    fn a_constant_calls_a_function_and_its_callees_are_needed_too() {
        let found = needed_in(&[
            ("src/lib.rs", LIB),
            (
                "src/engines.rs",
                "pub const STANDARD: Engine = Engine::new(Config::new().with_pad(false));",
            ),
        ]);
        let names: BTreeSet<&str> = found.iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(
            names,
            BTreeSet::from(["Engine::new", "Config::new", "Config::with_pad", "table"])
        );
        // Each at its definition, which is where the macro looks.
        assert!(found.iter().all(|(file, _)| file == "src/lib.rs"));
    }

    #[test]
    fn a_const_fn_left_as_written_needs_what_it_calls() {
        // A test module's `const fn` is not rewritten: its body is compile-time code.
        let test = "const fn make() -> Engine { Engine::new(Config::new()) }";
        let found = needed_in(&[("src/lib.rs", LIB), ("tests/t.rs", test)]);
        let names: BTreeSet<String> = found.into_iter().map(|(_, n)| n).collect();
        assert!(names.contains("Engine::new") && names.contains("Config::new"));
    }

    #[test]
    fn a_trait_method_of_the_same_name_and_a_macro_where_items_stand() {
        let text = "
            pub const CONTROLS: &Set = &Set { mask: 1 };
            #[mutate] impl Set {
                pub const fn add(&self, byte: u8) -> Self { Set { mask: self.mask | byte } }
                pub const fn contains(&self, byte: u8) -> bool { self.mask & byte != 0 }
            }
            #[mutate] impl ops::Add for Set {
                type Output = Set;
                fn add(self, other: Self) -> Self { Set { mask: self.mask | other.mask } }
            }
            pub const SPACE: &Set = &CONTROLS.add(b' ').add(b'!');
            static_assert! { CONTROLS.contains(0), !CONTROLS.contains(1) }
            thread_local! { static CELL: Set = Set::new(); }
        ";
        let names = names_needed(&[("src/lib.rs", text)]);
        assert_eq!(
            names,
            BTreeSet::from(["Set::add".to_owned(), "Set::contains".to_owned()])
        );
    }

    #[test]
    fn a_macro_definitions_compile_time_code() {
        let text = "
            #[mutate] impl<K, V, S> Map<K, V, S> {
                pub const fn with_hasher(hasher: S) -> Self { Map { core: Core::new(), hasher } }
            }
            #[mutate] impl<K, V> Core<K, V> {
                pub const fn new() -> Self { Core { len: 0 } }
                pub const fn len(&self) -> usize { self.len }
            }
            #[macro_export]
            macro_rules! map_with_default {
                () => { const { $crate::Map::with_hasher(::core::hash::BuildHasherDefault::new()) } };
            }
            macro_rules! run_time {
                ($m:expr) => { Core::len(&$m) };
            }
        ";
        let names = names_needed(&[("src/lib.rs", text)]);
        assert_eq!(
            names,
            BTreeSet::from(["Map::with_hasher".to_owned(), "Core::new".to_owned()])
        );
    }

    #[test]
    fn the_files_read_are_those_a_target_compiles() {
        let root = tempfile::tempdir().unwrap();
        let write = |path: &str, text: &str| {
            let path = root.path().join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "src/lib.rs",
            "mod a;\nmod b { mod c; }\n#[cfg(windows)]\nmod w;\n",
        );
        write("src/a.rs", "const fn f() {}\n");
        write("src/b/c.rs", "");
        write("src/w.rs", "");
        // A fixture beside them that no module declares (a trybuild case).
        write("src/ui/pass.rs", "const X: u8 = f();\n");
        let active = ActiveCfg::with("unix\n", Vec::new());
        let mut found = Parsed::new();
        compiled_from(&root.path().join("src/lib.rs"), true, &active, &mut found);
        let read: Vec<String> = found
            .keys()
            .map(|p| p.strip_prefix(root.path()).unwrap().display().to_string())
            .collect();
        assert_eq!(read, ["src/a.rs", "src/b/c.rs", "src/lib.rs"]);
    }

    #[test]
    fn calls_at_run_time_or_uncertain_are_not_listed() {
        let found = needed_in(&[
            ("src/lib.rs", LIB),
            (
                "src/run.rs",
                "fn f() -> Engine { Engine::new(Config::new()) }
                 const N: usize = LEN.len();
                 #[cfg(feature = \"nightly\")]
                 const E: Engine = Engine::new(Config::new());
                 #[cfg(windows)]
                 const fn g() -> Engine { Engine::new(Config::new()) }
                 use std::time::Duration as Config;
                 const D: Config = Config::new();
                 const S: Engine = serde::Engine::new(std::Config::new());
                 const T: Engine = ::other::Engine::new(Config::new());
                 static G: fn() -> Config = || Config::new();",
            ),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn array_lengths_and_self_are_read() {
        let text = "
            #[mutate] impl Grid {
                const fn side() -> usize { 4 }
                const CELLS: usize = Self::side() * Self::side();
            }
            fn f() { let _ = [0u8; count()]; }
            #[mutate] const fn count() -> usize { 3 }
        ";
        let names = names_needed(&[("src/lib.rs", text)]);
        assert_eq!(
            names,
            BTreeSet::from(["count".to_owned(), "Grid::side".to_owned()])
        );
    }

    #[test]
    fn constants_of_a_tests_body_and_of_an_impl_are_receivers_of_known_type() {
        // percent-encoding's shape: the tests' own constants, built from an `impl`'s.
        let text = "
            #[mutate] impl Set {
                pub const EMPTY: Self = Set { mask: 0 };
                pub const fn add(&self, byte: u8) -> Self { Set { mask: self.mask | byte } }
                pub const fn union(&self, other: Self) -> Self { Set { mask: self.mask | other.mask } }
                pub const fn complement(&self) -> Self { Set { mask: !self.mask } }
            }
            #[cfg(test)]
            mod tests {
                #[test]
                fn union() {
                    const A: Set = Set::EMPTY.add(1);
                    const B: Set = Set::EMPTY.add(2);
                    const UNION: Set = A.union(B);
                }
                #[test]
                fn complement() {
                    const BOTH: Set = Set::EMPTY.add(1).add(2);
                    const COMPLEMENT: Set = BOTH.complement();
                }
            }
        ";
        assert_eq!(
            names_needed(&[("src/lib.rs", text)]),
            BTreeSet::from([
                "Set::add".into(),
                "Set::union".into(),
                "Set::complement".into()
            ])
        );
    }
}
