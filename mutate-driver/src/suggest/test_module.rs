//! The covering test's own module as the place of a suggested unit test: where the call
//! a test made takes a type only that test module defines (textwrap's tests wrap
//! `Word(f64)` fragments, a struct private to `optimal_fit::tests`), a test beside the
//! function cannot name it, and one inside that module can. `--all-items` puts an item
//! the macro marks before each test-only inline module's closing brace
//! (`all_items/annotate.rs`): its line is the place. Pure.

use crate::modules::is_test_only;
use syn::Item;

/// The line of the closing brace of the inline test module in `source` (the file `file`,
/// relative to its package) that holds the test named `test` (libtest's name, from the
/// crate's root: `wrap_algorithms::optimal_fit::tests::wraps`); `None` when the test is
/// not in one of that file's inline test modules.
pub fn closing_line(file: &str, source: &str, test: &str) -> Option<usize> {
    let (module, _) = test.rsplit_once("::")?;
    let own = file_module(file)?;
    let parsed = syn::parse_file(source).ok()?;
    let mut found = None;
    walk(&parsed.items, &own, &mut |path, line| {
        if path == module {
            found = Some(line);
        }
    });
    found
}

/// Calls `seen` with the module path and closing-brace line of every test-only inline
/// module among `items` (of module `path`), nested ones too.
fn walk(items: &[Item], path: &str, seen: &mut impl FnMut(&str, usize)) {
    for item in items {
        let Item::Mod(m) = item else { continue };
        let Some((brace, inner)) = &m.content else {
            continue;
        };
        let inner_path = match path.is_empty() {
            true => m.ident.to_string(),
            false => format!("{path}::{}", m.ident),
        };
        if is_test_only(&m.attrs) {
            seen(&inner_path, brace.span.close().start().line);
        }
        walk(inner, &inner_path, seen);
    }
}

/// The module path of a source file as cargo lays out a library (`src/lib.rs` is the
/// root, `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`); `None` outside `src/`. A file a
/// `#[path]` names elsewhere gets a wrong path, and then matches no test: no place.
fn file_module(file: &str) -> Option<String> {
    let relative = file.strip_prefix("src/")?.strip_suffix(".rs")?;
    let relative = relative.strip_suffix("/mod").unwrap_or(relative);
    Some(match relative {
        "lib" | "main" => String::new(),
        other => other.replace('/', "::"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "fn f() {}\n\
                          #[cfg(test)]\n\
                          mod tests {\n    \
                              struct Word(f64);\n    \
                              #[test]\n    \
                              fn wraps() {}\n    \
                              #[cfg(test)]\n    \
                              mod deeper {\n        \
                                  #[test]\n        \
                                  fn t() {}\n    \
                              }\n\
                          }\n\
                          mod not_tests {\n}\n";

    #[test]
    fn a_test_is_placed_in_its_own_inline_test_module() {
        let file = "src/wrap_algorithms/optimal_fit.rs";
        assert_eq!(
            closing_line(file, SOURCE, "wrap_algorithms::optimal_fit::tests::wraps"),
            Some(12)
        );
        assert_eq!(
            closing_line(
                file,
                SOURCE,
                "wrap_algorithms::optimal_fit::tests::deeper::t"
            ),
            Some(11)
        );
    }

    #[test]
    fn a_test_of_another_file_or_module_has_no_place_here() {
        let file = "src/wrap_algorithms/optimal_fit.rs";
        assert_eq!(closing_line(file, SOURCE, "tests::wraps"), None);
        assert_eq!(
            closing_line(file, SOURCE, "wrap_algorithms::optimal_fit::not_tests::t"),
            None
        );
        assert_eq!(closing_line("src/lib.rs", SOURCE, "tests::wraps"), Some(12));
        assert_eq!(closing_line("tests/it.rs", SOURCE, "tests::wraps"), None);
    }

    #[test]
    fn files_are_modules_as_cargo_lays_them_out() {
        assert_eq!(file_module("src/lib.rs").as_deref(), Some(""));
        assert_eq!(file_module("src/a/b.rs").as_deref(), Some("a::b"));
        assert_eq!(file_module("src/a/mod.rs").as_deref(), Some("a"));
        assert_eq!(file_module("benches/x.rs"), None);
    }
}
