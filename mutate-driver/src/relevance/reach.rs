//! Where the change is, in functions: what lets a relevance run skip the run before the
//! change when the mutant's run after it never entered changed code, and trace the run
//! after it only from its first call of a changed function on.
//!
//! Why that is sound: before and after the change, a test runs the same code until it
//! first enters changed code. With the same mutant on in both, their runs are the same up
//! to that point, so if the run after the change never entered changed code, neither did
//! the run before it, and the two observe the same: the mutant is not relevant under that
//! test. Entering is seen in the run's trace (every annotated call's exit, a panic's too),
//! so the rule holds only when every changed line outside test code lies in an annotated
//! function that the unmutated runs' traces show (it is traceable), or in one entered only
//! through those (`ChangedFunctions::watched`). A change to a build script (its `main` is
//! never traced) turns the rule off, as it may flip any `cfg`, unless it told cargo the
//! same and wrote the same in both builds (`build_scripts.rs`). Changes to what is not
//! Rust source (a manifest, data a function includes) are not followed.

use crate::diff::Changed;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::RangeInclusive;
use std::path::Path;

/// The functions that hold a change's lines, by name as the trace names them.
#[derive(Debug, Default, PartialEq)]
pub struct ChangedFunctions {
    functions: BTreeMap<String, Written>,
}

/// Where a changed function is written, when its source was read: its places, and
/// whether one is a trait impl's method (which code that never names it may call).
#[derive(Debug, Default, PartialEq)]
struct Written {
    places: Vec<(String, RangeInclusive<u32>)>,
    trait_method: bool,
}

impl ChangedFunctions {
    pub fn names(&self) -> BTreeSet<String> {
        self.functions.keys().cloned().collect()
    }

    /// The functions whose first call a run's trace shows it entering changed code, given
    /// those `traced` (seen in some unmutated run's trace): the changed ones traced, when
    /// every one that is not can be entered only through them: not a trait's method, and
    /// its name written nowhere under `root` but in it and in the traced changed functions
    /// (semver 1.0.24's new `ptr_eq`, called only from the reworked `eq` and `cmp`, and
    /// left untraced where the rebuild net dropped its `impl`'s schemata). `None` when
    /// some is not.
    pub fn watched(&self, traced: &BTreeSet<&str>, root: &Path) -> Option<BTreeSet<String>> {
        let (seen, unseen): (Vec<_>, Vec<_>) = self
            .functions
            .iter()
            .partition(|(name, _)| traced.contains(name.as_str()));
        if unseen.is_empty() {
            return Some(self.names());
        }
        if unseen
            .iter()
            .any(|(_, w)| w.trait_method || w.places.is_empty())
        {
            return None;
        }
        let sources = rust_sources(root);
        let within = |file: &str, line: u32, places: &[(String, RangeInclusive<u32>)]| {
            places
                .iter()
                .any(|(f, lines)| f == file && lines.contains(&line))
        };
        for (name, written) in &unseen {
            let ident = name.rsplit("::").next().unwrap_or(name);
            for (file, source) in &sources {
                for (index, line) in source.lines().enumerate() {
                    let n = u32::try_from(index + 1).unwrap_or(u32::MAX);
                    let entered_through = within(file, n, &written.places)
                        || seen.iter().any(|(_, w)| within(file, n, &w.places));
                    if crate::source::has_word(line, ident) && !entered_through {
                        return None;
                    }
                }
            }
        }
        Some(seen.into_iter().map(|(name, _)| name.clone()).collect())
    }
}

/// Every Rust source under `root` (not in `target` or hidden folders), by path relative
/// to it.
fn rust_sources(root: &Path) -> Vec<(String, String)> {
    crate::source::files_under(root, |name| name != "target" && !name.starts_with('.'))
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| {
            let source = std::fs::read_to_string(&path).ok()?;
            let relative = path.strip_prefix(root).unwrap_or(&path);
            Some((relative.to_string_lossy().into_owned(), source))
        })
        .collect()
}

/// The build scripts of the workspace (paths relative to its root), and whether each told
/// cargo the same and wrote the same on both sides of the change (`build_scripts.rs`).
pub type BuildScripts = BTreeMap<String, bool>;

/// The functions (as the trace names them) that hold the change's lines outside test
/// code, or `None` when some such line is in no function with mutants, or in a build
/// script whose change may have changed what the crate is built with.
pub fn changed_functions(
    changed: &Changed,
    root: &Path,
    build_scripts: &BuildScripts,
    holder: impl Fn(&str, u32) -> Option<String>,
) -> Option<ChangedFunctions> {
    let mut functions = ChangedFunctions::default();
    for (file, added, removed) in changed.edits() {
        match build_scripts.get(file) {
            Some(true) => continue,
            // Never traced, and it may flip any `cfg`.
            Some(false) => return None,
            None => {}
        }
        // A test file's changes reach only tests, which are matched by name; what is not
        // Rust (a manifest, a README, data) is not followed.
        if is_test_file(file) || !file.ends_with(".rs") {
            continue;
        }
        let source = std::fs::read_to_string(root.join(file)).ok()?;
        let tests = test_code(&source)?;
        let written = functions_in(&source)?;
        // The function as written holds its signature and braces too, which no mutant
        // spans; the mutants' function is the fallback, its place unknown.
        let holder = |file: &str, line: u32| {
            let found = written
                .iter()
                .filter(|f| f.lines.contains(&line))
                .min_by_key(|f| f.lines.end() - f.lines.start());
            match found {
                Some(f) => Some((f.name.clone(), Some(f))),
                None => holder(file, line).map(|name| (name, None)),
            }
        };
        let lines: Vec<&str> = source.lines().collect();
        let in_tests = |line: u32| tests.iter().any(|t| t.contains(&line));
        let text = |n: u32| {
            let index = usize::try_from(n).unwrap_or(usize::MAX).wrapping_sub(1);
            lines.get(index).copied().unwrap_or("")
        };
        // Lines that do nothing at run time (comments, blank lines, lint and doc
        // attributes), added or removed, need no function; every other line does.
        let added = added
            .iter()
            .flat_map(|range| range.clone().map(|n| (n, text(n))));
        let removed = removed.iter().map(|(n, line)| (*n, line.as_str()));
        for (n, line) in added.chain(removed) {
            if inert(line) || in_tests(n) {
                continue;
            }
            let (name, place) = holder(file, n)?;
            let entry = functions.functions.entry(name).or_default();
            if let Some(f) = place {
                let place = (file.to_owned(), f.lines.clone());
                if !entry.places.contains(&place) {
                    entry.places.push(place);
                }
                entry.trait_method |= f.trait_method;
            }
        }
    }
    Some(functions)
}

/// A line with no effect when the program runs.
fn inert(line: &str) -> bool {
    let line = line.trim();
    let lint_or_doc = [
        "#![forbid",
        "#![deny",
        "#![warn",
        "#![allow",
        "#![doc",
        "#![cfg_attr(doc",
    ]
    .iter()
    .chain(&[
        "#[allow",
        "#[cfg_attr(doc",
        "#[deny",
        "#[warn",
        "#[doc",
        "#[must_use",
        "#[inline",
    ])
    .any(|start| line.starts_with(start));
    line.is_empty()
        || line.starts_with("//")
        || line.starts_with("/*")
        || line.starts_with('*')
        || lint_or_doc
}

/// Files under a package's `tests/`, `benches/` or `examples/`: compiled for tests only.
fn is_test_file(file: &str) -> bool {
    file.split('/')
        .any(|part| matches!(part, "tests" | "benches" | "examples"))
}

/// The line ranges of test-only items (`#[test]` functions, `#[cfg(test)]` modules and
/// items) in a Rust source, or `None` when it does not parse.
fn test_code(source: &str) -> Option<Vec<RangeInclusive<u32>>> {
    let file = syn::parse_file(source).ok()?;
    let mut ranges = Vec::new();
    collect(&file.items, &mut ranges);
    Some(ranges)
}

/// A function as written.
#[derive(Debug, PartialEq)]
struct Function {
    lines: RangeInclusive<u32>,
    /// As the trace names it: `name`, or `Type::name` in an `impl`.
    name: String,
    /// In an `impl` of a trait.
    trait_method: bool,
}

/// Every function and method in a Rust source with its lines.
fn functions_in(source: &str) -> Option<Vec<Function>> {
    use syn::spanned::Spanned;
    fn walk(items: &[syn::Item], out: &mut Vec<Function>) {
        let lines = |span: proc_macro2::Span| span.start().line as u32..=span.end().line as u32;
        for item in items {
            match item {
                syn::Item::Fn(f) => out.push(Function {
                    lines: lines(f.span()),
                    name: f.sig.ident.to_string(),
                    trait_method: false,
                }),
                syn::Item::Impl(i) => {
                    let syn::Type::Path(path) = &*i.self_ty else {
                        continue;
                    };
                    let Some(ty) = path.path.segments.last() else {
                        continue;
                    };
                    for inner in &i.items {
                        if let syn::ImplItem::Fn(f) = inner {
                            out.push(Function {
                                lines: lines(f.span()),
                                name: format!("{}::{}", ty.ident, f.sig.ident),
                                trait_method: i.trait_.is_some(),
                            });
                        }
                    }
                }
                syn::Item::Mod(syn::ItemMod {
                    content: Some((_, inner)),
                    ..
                }) => walk(inner, out),
                _ => {}
            }
        }
    }
    let file = syn::parse_file(source).ok()?;
    let mut out = Vec::new();
    walk(&file.items, &mut out);
    Some(out)
}

fn collect(items: &[syn::Item], ranges: &mut Vec<RangeInclusive<u32>>) {
    use syn::spanned::Spanned;
    for item in items {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Use(u) => &u.attrs,
            syn::Item::Struct(s) => &s.attrs,
            syn::Item::Enum(e) => &e.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            _ => &[],
        };
        if mutate_operators::is_test_only(attrs) {
            let span = item.span();
            ranges.push(span.start().line as u32..=span.end().line as u32);
        } else if let syn::Item::Mod(syn::ItemMod {
            content: Some((_, inner)),
            ..
        }) = item
        {
            collect(inner, ranges);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(changed: Option<ChangedFunctions>) -> Option<BTreeSet<String>> {
        changed.map(|c| c.names())
    }

    #[test]
    fn an_untraced_function_named_only_in_traced_changed_ones_is_entered_through_them() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        let lib = "struct I;\nimpl I {\n    fn ptr_eq(&self) -> bool {\n        true\n    }\n}\n\
                   impl PartialEq for I {\n    fn eq(&self, _: &I) -> bool {\n        self.ptr_eq()\n    }\n}\n";
        std::fs::write(dir.path().join("src/lib.rs"), lib).unwrap();
        // Both functions changed: lines 4 and 9.
        let diff = crate::diff::parse(
            "--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -4,1 +4,1 @@\n-        false\n+        true\n\
             @@ -9,1 +9,1 @@\n-        false\n+        self.ptr_eq()\n",
        )
        .unwrap();
        let changed =
            changed_functions(&diff, dir.path(), &BuildScripts::new(), |_, _| None).unwrap();
        assert_eq!(
            changed.names(),
            BTreeSet::from(["I::eq".into(), "I::ptr_eq".into()])
        );
        let traced = BTreeSet::from(["I::eq"]);
        assert_eq!(
            changed.watched(&traced, dir.path()),
            Some(BTreeSet::from(["I::eq".to_owned()]))
        );
        // Named by a test too: a run may enter it first there.
        std::fs::create_dir_all(dir.path().join("tests")).unwrap();
        std::fs::write(dir.path().join("tests/t.rs"), "fn t() { I.ptr_eq(); }\n").unwrap();
        assert_eq!(changed.watched(&traced, dir.path()), None);
        std::fs::remove_file(dir.path().join("tests/t.rs")).unwrap();
        // A trait's method untraced: code that never names it may call it.
        assert_eq!(
            changed.watched(&BTreeSet::from(["I::ptr_eq"]), dir.path()),
            None
        );
        // Everything traced: all of them.
        assert_eq!(
            changed.watched(&BTreeSet::from(["I::eq", "I::ptr_eq"]), dir.path()),
            Some(changed.names())
        );
    }

    #[test]
    fn functions_are_named_as_traces_name_them() {
        let source = "fn a() {}\nstruct S;\nimpl S {\n    fn b(&self) {\n    }\n}\n\
                      mod m {\n    fn c() {}\n}\n";
        let named: Vec<(RangeInclusive<u32>, String)> = functions_in(source)
            .unwrap()
            .into_iter()
            .map(|f| (f.lines, f.name))
            .collect();
        assert_eq!(
            named,
            vec![
                (1..=1, "a".to_owned()),
                (4..=5, "S::b".to_owned()),
                (8..=8, "c".to_owned()),
            ]
        );
    }

    #[test]
    fn test_code_is_found_by_its_attributes() {
        let source = "fn a() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n\
                      #[test]\nfn u() {}\n";
        assert_eq!(test_code(source), Some(vec![2..=6, 7..=8]));
        assert_eq!(test_code("fn ("), None);
    }

    #[test]
    fn changes_in_tests_need_no_function_and_others_do() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("src/lib.rs"),
            "fn a() {\n    1;\n}\nconst C: u32 = 1;\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn t() {}\n}\n",
        )
        .unwrap();
        let diff = |lines: &str| {
            crate::diff::parse(&format!("--- a/src/lib.rs\n+++ b/src/lib.rs\n{lines}")).unwrap()
        };
        let holder = |_: &str, line: u32| (line <= 3).then(|| "a".to_owned());
        let none = BuildScripts::new();
        // Line 2 is in `a`; line 8 in the tests.
        let both = diff(
            "@@ -2,1 +2,1 @@\n-    0;\n+    1;\n@@ -8,1 +8,1 @@\n-    fn s() {}\n+    fn t() {}\n",
        );
        assert_eq!(
            names(changed_functions(&both, dir.path(), &none, holder)),
            Some(BTreeSet::from(["a".to_owned()]))
        );
        // Line 4 is in no function.
        let outside = diff("@@ -4,1 +4,1 @@\n-const C: u32 = 0;\n+const C: u32 = 1;\n");
        assert_eq!(
            names(changed_functions(&outside, dir.path(), &none, holder)),
            None
        );
        // Comments, blank lines and lint attributes outside functions need none; code does.
        std::fs::write(
            dir.path().join("src/other.rs"),
            "//! Docs.\n\n#![forbid(unsafe_code)]\nconst D: u32 = 2;\n",
        )
        .unwrap();
        let other = |lines: &str| {
            crate::diff::parse(&format!("--- a/src/other.rs\n+++ b/src/other.rs\n{lines}")).unwrap()
        };
        let inert = other("@@ -0,0 +1,3 @@\n+//! Docs.\n+\n+#![forbid(unsafe_code)]\n");
        assert_eq!(
            names(changed_functions(&inert, dir.path(), &none, holder)),
            Some(BTreeSet::new())
        );
        let code = other("@@ -4,1 +4,1 @@\n-const D: u32 = 1;\n+const D: u32 = 2;\n");
        assert_eq!(
            names(changed_functions(&code, dir.path(), &none, holder)),
            None
        );
        // A removed comment is inert too; removed code outside a function is not.
        let comment = other("@@ -1,2 +1,1 @@\n-// Old.\n //! Docs.\n");
        assert_eq!(
            names(changed_functions(&comment, dir.path(), &none, holder)),
            Some(BTreeSet::new())
        );
        let removed = other("@@ -4,2 +4,1 @@\n const D: u32 = 2;\n-const E: u32 = 3;\n");
        assert_eq!(
            names(changed_functions(&removed, dir.path(), &none, holder)),
            None
        );
        let tests_only =
            crate::diff::parse("--- a/tests/t.rs\n+++ b/tests/t.rs\n@@ -1 +1 @@\n-a\n+b\n")
                .unwrap();
        assert_eq!(
            names(changed_functions(&tests_only, dir.path(), &none, holder)),
            Some(BTreeSet::new())
        );
        // A build script's change is followed only where its outputs disagree.
        std::fs::write(dir.path().join("build.rs"), "fn main() {}\n").unwrap();
        let script = crate::diff::parse(
            "--- a/build.rs\n+++ b/build.rs\n@@ -1,2 +1,1 @@\n fn main() {}\n-x();\n",
        )
        .unwrap();
        let disagreeing = BuildScripts::from([("build.rs".to_owned(), false)]);
        // Its `main` is a function, but never one a test enters.
        let in_main = |_: &str, _: u32| Some("main".to_owned());
        assert_eq!(
            names(changed_functions(
                &script,
                dir.path(),
                &disagreeing,
                in_main
            )),
            None
        );
        let nowhere = |_: &str, _: u32| None;
        let agreeing = BuildScripts::from([("build.rs".to_owned(), true)]);
        assert_eq!(
            names(changed_functions(&script, dir.path(), &agreeing, nowhere)),
            Some(BTreeSet::new())
        );
    }
}
