//! What an incremental run compares between two versions of a source file: its
//! *skeleton* (everything but function bodies: items, signatures, attributes, macros, doc
//! comments) and each function's body, as tokens (so whitespace and comments inside a
//! body do not count as a change, and a body that only moved is the same body).

use quote::ToTokens;
use serde::{Deserialize, Serialize};
use syn::spanned::Spanned;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;

/// A function of a file: where it is and what its body is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Function {
    /// `module::Type::name` within the file (nested functions after their parent's path;
    /// a name seen twice gets `#2`, `#3`...).
    pub path: String,
    /// First and last line of the whole item (attributes and signature included).
    pub lines: (u32, u32),
    /// Hash of the body's tokens.
    pub body: u64,
    /// A `#[test]` (or `#[bench]`, `#[tokio::test]`...) function: its name is the test's.
    pub test: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileFingerprint {
    /// Hash of the file with every function body emptied; a file that does not parse is
    /// hashed whole here (any change to it then changes the skeleton).
    pub skeleton: u64,
    pub functions: Vec<Function>,
}

impl FileFingerprint {
    pub fn of(source: &str) -> FileFingerprint {
        let Ok(mut file) = syn::parse_file(source) else {
            return FileFingerprint {
                skeleton: hash(source.as_bytes()),
                functions: Vec::new(),
            };
        };
        let mut collect = Collect {
            scope: Vec::new(),
            functions: Vec::new(),
        };
        collect.visit_file(&file);
        EmptyBodies.visit_file_mut(&mut file);
        FileFingerprint {
            skeleton: hash(file.to_token_stream().to_string().as_bytes()),
            functions: number_repeats(collect.functions),
        }
    }

    /// The innermost function whose lines hold `line..=end`.
    pub fn function_at(&self, line: u32, end: u32) -> Option<&Function> {
        self.functions
            .iter()
            .filter(|f| f.lines.0 <= line && end <= f.lines.1)
            .min_by_key(|f| f.lines.1 - f.lines.0)
    }
}

/// A stable hash (the state file is read by later runs): the build-error lists' FNV-1a.
pub use mutate_protocol::build_errors::digest as hash;

fn number_repeats(mut functions: Vec<Function>) -> Vec<Function> {
    let mut seen = std::collections::HashMap::<String, u32>::new();
    for f in &mut functions {
        let n = seen.entry(f.path.clone()).or_default();
        *n += 1;
        if *n > 1 {
            f.path = format!("{}#{n}", f.path);
        }
    }
    functions
}

struct Collect {
    scope: Vec<String>,
    functions: Vec<Function>,
}

impl Collect {
    fn function(
        &mut self,
        name: &syn::Ident,
        attrs: &[syn::Attribute],
        span: proc_macro2::Span,
        body: &syn::Block,
    ) {
        self.scope.push(name.to_string());
        self.functions.push(Function {
            path: self.scope.join("::"),
            lines: (span.start().line as u32, span.end().line as u32),
            body: hash(body.to_token_stream().to_string().as_bytes()),
            test: attrs.iter().any(|a| {
                let last = a.path().segments.last().map(|s| s.ident.to_string());
                matches!(last.as_deref(), Some("test" | "bench")) && !a.path().is_ident("cfg")
            }),
        });
    }
}

impl<'ast> Visit<'ast> for Collect {
    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        self.scope.push(item.ident.to_string());
        syn::visit::visit_item_mod(self, item);
        self.scope.pop();
    }

    fn visit_item_impl(&mut self, item: &'ast syn::ItemImpl) {
        self.scope
            .push(item.self_ty.to_token_stream().to_string().replace(' ', ""));
        syn::visit::visit_item_impl(self, item);
        self.scope.pop();
    }

    fn visit_item_trait(&mut self, item: &'ast syn::ItemTrait) {
        self.scope.push(item.ident.to_string());
        syn::visit::visit_item_trait(self, item);
        self.scope.pop();
    }

    fn visit_item_fn(&mut self, item: &'ast syn::ItemFn) {
        self.function(&item.sig.ident, &item.attrs, item.span(), &item.block);
        syn::visit::visit_item_fn(self, item);
        self.scope.pop();
    }

    fn visit_impl_item_fn(&mut self, item: &'ast syn::ImplItemFn) {
        self.function(&item.sig.ident, &item.attrs, item.span(), &item.block);
        syn::visit::visit_impl_item_fn(self, item);
        self.scope.pop();
    }

    fn visit_trait_item_fn(&mut self, item: &'ast syn::TraitItemFn) {
        match &item.default {
            Some(body) => {
                self.function(&item.sig.ident, &item.attrs, item.span(), body);
                syn::visit::visit_trait_item_fn(self, item);
                self.scope.pop();
            }
            None => syn::visit::visit_trait_item_fn(self, item),
        }
    }
}

/// Empties every function body, leaving what is not a body: the skeleton. Other blocks
/// (a `const` initializer's, say) stay in it.
struct EmptyBodies;

impl VisitMut for EmptyBodies {
    fn visit_item_fn_mut(&mut self, item: &mut syn::ItemFn) {
        item.block.stmts.clear();
        syn::visit_mut::visit_item_fn_mut(self, item);
    }

    fn visit_impl_item_fn_mut(&mut self, item: &mut syn::ImplItemFn) {
        item.block.stmts.clear();
        syn::visit_mut::visit_impl_item_fn_mut(self, item);
    }

    fn visit_trait_item_fn_mut(&mut self, item: &mut syn::TraitItemFn) {
        if let Some(body) = &mut item.default {
            body.stmts.clear();
        }
        syn::visit_mut::visit_trait_item_fn_mut(self, item);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "
mod m {
    pub struct S;
    impl S {
        pub fn a(&self) -> u32 { 1 + 1 }
    }
    pub fn b() -> u32 { 2 }
}
#[test]
fn t() { assert_eq!(m::b(), 2); }
";

    #[test]
    fn a_body_edit_changes_that_body_alone() {
        let before = FileFingerprint::of(BEFORE);
        let after = FileFingerprint::of(&BEFORE.replace("1 + 1", "1 + 2"));
        assert_eq!(before.skeleton, after.skeleton);
        let paths: Vec<_> = before.functions.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(paths, ["m::S::a", "m::b", "t"]);
        let changed: Vec<_> = (before.functions.iter().zip(&after.functions))
            .filter(|(a, b)| a.body != b.body)
            .map(|(a, _)| a.path.as_str())
            .collect();
        assert_eq!(changed, ["m::S::a"]);
        assert!(before.functions[2].test && !before.functions[1].test);
    }

    #[test]
    fn moving_and_respacing_a_body_is_no_change_but_a_new_item_is() {
        let before = FileFingerprint::of(BEFORE);
        let moved = FileFingerprint::of(&format!(
            "\n\n// a comment\n{}",
            BEFORE.replace("{ 2 }", "{\n    2\n}")
        ));
        assert_eq!(before.skeleton, moved.skeleton);
        let bodies = |f: &FileFingerprint| f.functions.iter().map(|f| f.body).collect::<Vec<_>>();
        assert_eq!(bodies(&before), bodies(&moved));
        assert_eq!(moved.functions[1].lines, (7 + 3, 9 + 3));
        let added = FileFingerprint::of(&format!("{BEFORE}\nfn c() {{}}\n"));
        let constant = FileFingerprint::of(&format!("{BEFORE}\nconst C: u32 = {{ 1 }};\n"));
        let other = FileFingerprint::of(&format!("{BEFORE}\nconst C: u32 = {{ 2 }};\n"));
        assert_ne!(constant.skeleton, other.skeleton);
        assert_ne!(before.skeleton, added.skeleton);
        let signature = FileFingerprint::of(&BEFORE.replace("fn b() -> u32", "fn b() -> u64"));
        assert_ne!(before.skeleton, signature.skeleton);
    }

    #[test]
    fn the_innermost_function_holds_a_span() {
        let f = FileFingerprint::of("fn outer() {\n    fn inner() {\n        1;\n    }\n}\n");
        assert_eq!(f.function_at(3, 3).unwrap().path, "outer::inner");
        assert_eq!(f.function_at(1, 5).unwrap().path, "outer");
    }
}
