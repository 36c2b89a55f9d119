//! What the rebuild net says of an error it could not place, when the schemata build fails
//! for good: the file and line, the function holding it, what the net had already left
//! as written there, and the crate that compiled it (a test target compiling a library
//! file through `#[path]` is one), so that a user's report of the bug can be acted on.

use mutate_protocol::build_errors::Scope;
use std::path::Path;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// One sentence on an error at `file:line:column`, compiled in `target` (cargo's words:
/// "test target `lexical`"), where the net had listed `listed` (the scope
/// of the entry it holds for that place in that crate, if any).
pub fn describe(
    root: &Path,
    (file, line, column): (&str, u32, u32),
    target: &str,
    listed: Option<Scope>,
    message: &str,
) -> String {
    let function = function_at(&root.join(file), line).map_or_else(
        || "outside any function".to_owned(),
        |f| format!("in `{f}`"),
    );
    let tried = match listed {
        None => "no mutant's code holds it",
        Some(Scope::Site) => "it stays with the mutants of the expression holding it as written",
        Some(Scope::Jumps) => "it stays with the jumps after the move rustc names as written",
        Some(Scope::Suspects) => "it stays with every jump and skip of the function as written",
        Some(Scope::Function) => "it stays with the whole function compiled as written",
        Some(Scope::Const) => "it stays with the `const fn` compiled `const`",
    };
    format!(
        "mutate could not map rustc's error at {file}:{line}:{column} ({function}, compiled \
         by {target}) to a mutant: {tried}. rustc says: {message}"
    )
}

/// The innermost function whose text holds `line` of `path`, named as the report names
/// functions (`Type::method`); `None` where the file does not parse or no function does.
fn function_at(path: &Path, line: u32) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let file = syn::parse_file(&text).ok()?;
    let mut finder = Finder {
        line: line as usize,
        owner: Vec::new(),
        found: None,
    };
    finder.visit_file(&file);
    finder.found
}

struct Finder {
    line: usize,
    /// The `impl` or `trait` types around the visited item, innermost last.
    owner: Vec<String>,
    found: Option<String>,
}

impl Finder {
    fn holds(&self, spanned: &impl Spanned) -> bool {
        let span = spanned.span();
        (span.start().line..=span.end().line).contains(&self.line)
    }

    fn found(&mut self, name: &syn::Ident) {
        self.found = Some(match self.owner.last() {
            Some(owner) => format!("{owner}::{name}"),
            None => name.to_string(),
        });
    }
}

impl<'ast> Visit<'ast> for Finder {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if self.holds(f) {
            self.found(&f.sig.ident);
            syn::visit::visit_item_fn(self, f);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if self.holds(f) {
            self.found(&f.sig.ident);
            syn::visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if self.holds(f) {
            self.found(&f.sig.ident);
            syn::visit::visit_trait_item_fn(self, f);
        }
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        if !self.holds(i) {
            return;
        }
        let owner = match &*i.self_ty {
            syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        };
        self.owner.push(owner.unwrap_or_else(|| "_".to_owned()));
        syn::visit::visit_item_impl(self, i);
        self.owner.pop();
    }

    fn visit_item_trait(&mut self, t: &'ast syn::ItemTrait) {
        if !self.holds(t) {
            return;
        }
        self.owner.push(t.ident.to_string());
        syn::visit::visit_item_trait(self, t);
        self.owner.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_innermost_function_the_crate_and_what_the_net_tried() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("src")).unwrap();
        let text = "pub fn outer() {\n    fn inner() {\n        let x = 1;\n    }\n}\n\n\
                    struct Parser;\n\nimpl Parser {\n    fn parse(&self) -> u8 {\n        0\n    }\n}\n";
        std::fs::write(dir.path().join("src/parse.rs"), text).unwrap();
        let said = describe(
            dir.path(),
            ("src/parse.rs", 3, 17),
            "test target `lexical` of serde_json",
            Some(Scope::Function),
            "cannot move out of `iter` because it is borrowed",
        );
        assert_eq!(
            said,
            "mutate could not map rustc's error at src/parse.rs:3:17 (in `inner`, compiled by \
             test target `lexical` of serde_json) to a mutant: it stays with the whole \
             function compiled as written. rustc says: cannot move out of `iter` because it is \
             borrowed"
        );
        let method = describe(
            dir.path(),
            ("src/parse.rs", 11, 9),
            "the library",
            None,
            "m",
        );
        assert!(method.contains("(in `Parser::parse`, "), "{method}");
        let between = describe(dir.path(), ("src/parse.rs", 7, 1), "the library", None, "m");
        assert!(between.contains("(outside any function, "), "{between}");
    }
}
