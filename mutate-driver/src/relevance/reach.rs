//! Where the change is, in functions: what lets a relevance run skip the run before the
//! change when the mutant's run after it never entered changed code.
//!
//! Why that is sound: before and after the change, a test runs the same code until it
//! first enters changed code. With the same mutant on in both, their runs are the same up
//! to that point, so if the run after the change never entered changed code, neither did
//! the run before it, and the two observe the same: the mutant is not relevant under that
//! test. Entering is seen in the run's trace (every annotated call's exit, a panic's too),
//! so the rule holds only when every changed line outside test code lies in an annotated
//! function, each of which the unmutated runs' traces show (it is traceable): a change to
//! a build script (its `main` is never traced) turns the rule off, as it may flip any
//! `cfg`. Changes to what is not Rust source (a manifest, data a function includes) are
//! not followed.

use crate::diff::Changed;
use std::collections::BTreeSet;
use std::ops::RangeInclusive;
use std::path::Path;

/// The functions (as the trace names them) that hold the change's lines outside test
/// code, or `None` when some such line is in no function with mutants.
pub fn changed_functions(
    changed: &Changed,
    root: &Path,
    holder: impl Fn(&str, u32) -> Option<String>,
) -> Option<BTreeSet<String>> {
    let mut functions = BTreeSet::new();
    for (file, added, removed) in changed.edits() {
        // A test file's changes reach only tests, which are matched by name; what is not
        // Rust (a manifest, a README, data) is not followed.
        if is_test_file(file) || !file.ends_with(".rs") {
            continue;
        }
        let source = std::fs::read_to_string(root.join(file)).ok()?;
        let tests = test_code(&source)?;
        let written = functions_in(&source)?;
        // The function as written holds its signature and braces too, which no mutant
        // spans; the mutants' function is the fallback.
        let holder = |file: &str, line: u32| {
            written
                .iter()
                .filter(|(lines, _)| lines.contains(&line))
                .min_by_key(|(lines, _)| lines.end() - lines.start())
                .map(|(_, name)| name.clone())
                .or_else(|| holder(file, line))
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
            if !inert(line) && !in_tests(n) {
                functions.insert(holder(file, n)?);
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

/// Every function and method in a Rust source with its lines, named as the trace names
/// them (`name`, or `Type::name` in an `impl`).
fn functions_in(source: &str) -> Option<Vec<(RangeInclusive<u32>, String)>> {
    use syn::spanned::Spanned;
    fn walk(items: &[syn::Item], out: &mut Vec<(RangeInclusive<u32>, String)>) {
        let lines = |span: proc_macro2::Span| span.start().line as u32..=span.end().line as u32;
        for item in items {
            match item {
                syn::Item::Fn(f) => out.push((lines(f.span()), f.sig.ident.to_string())),
                syn::Item::Impl(i) => {
                    let syn::Type::Path(path) = &*i.self_ty else {
                        continue;
                    };
                    let Some(ty) = path.path.segments.last() else {
                        continue;
                    };
                    for inner in &i.items {
                        if let syn::ImplItem::Fn(f) = inner {
                            out.push((lines(f.span()), format!("{}::{}", ty.ident, f.sig.ident)));
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

    #[test]
    fn functions_are_named_as_traces_name_them() {
        let source = "fn a() {}\nstruct S;\nimpl S {\n    fn b(&self) {\n    }\n}\n\
                      mod m {\n    fn c() {}\n}\n";
        assert_eq!(
            functions_in(source),
            Some(vec![
                (1..=1, "a".to_owned()),
                (4..=5, "S::b".to_owned()),
                (8..=8, "c".to_owned()),
            ])
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
        // Line 2 is in `a`; line 8 in the tests.
        let both = diff(
            "@@ -2,1 +2,1 @@\n-    0;\n+    1;\n@@ -8,1 +8,1 @@\n-    fn s() {}\n+    fn t() {}\n",
        );
        assert_eq!(
            changed_functions(&both, dir.path(), holder),
            Some(BTreeSet::from(["a".to_owned()]))
        );
        // Line 4 is in no function.
        let outside = diff("@@ -4,1 +4,1 @@\n-const C: u32 = 0;\n+const C: u32 = 1;\n");
        assert_eq!(changed_functions(&outside, dir.path(), holder), None);
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
            changed_functions(&inert, dir.path(), holder),
            Some(BTreeSet::new())
        );
        let code = other("@@ -4,1 +4,1 @@\n-const D: u32 = 1;\n+const D: u32 = 2;\n");
        assert_eq!(changed_functions(&code, dir.path(), holder), None);
        // A removed comment is inert too; removed code outside a function is not.
        let comment = other("@@ -1,2 +1,1 @@\n-// Old.\n //! Docs.\n");
        assert_eq!(
            changed_functions(&comment, dir.path(), holder),
            Some(BTreeSet::new())
        );
        let removed = other("@@ -4,2 +4,1 @@\n const D: u32 = 2;\n-const E: u32 = 3;\n");
        assert_eq!(changed_functions(&removed, dir.path(), holder), None);
        let tests_only =
            crate::diff::parse("--- a/tests/t.rs\n+++ b/tests/t.rs\n@@ -1 +1 @@\n-a\n+b\n")
                .unwrap();
        assert_eq!(
            changed_functions(&tests_only, dir.path(), holder),
            Some(BTreeSet::new())
        );
    }
}
