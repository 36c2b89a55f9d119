//! A doc test's code made into a program, as rustdoc makes it: hidden lines (`# `) shown,
//! crate attributes (`#![..]`) set apart, the code wrapped in a function unless it has a
//! `fn main`, and code ending in `Ok(())`-like `(())` run as a function returning a
//! `Result`.
//!
//! The function the test calls is never named `main`: in a test build, rustc's harness
//! marks the crate root's `main` `#[allow(dead_code)]`, and the items an example declares
//! in it would then pass a crate's `deny(warnings)` that rejects them under rustdoc
//! (rand_core's `SeedableRng::Seed` example). An example's own `fn main` is renamed so.

/// A doc test ready to go into a module of the generated test crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    /// Inner attributes the code started with (`#![allow(..)]`).
    pub inner_attributes: Vec<String>,
    /// Crates the code loads macros from (`#[macro_use] extern crate x;`): that must be
    /// done at the crate root, so the generated crate does it once for all.
    pub macro_crates: Vec<String>,
    /// Items and a `fn` [`ENTRY`].
    pub body: String,
}

/// What the program's `main` is called here.
pub const ENTRY: &str = "doctest_main";

/// Why a doc test is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skip {
    /// It needs a nightly compiler (`#![feature(..)]`) or has no `main` to call
    /// (`#![no_main]`, `#![no_std]`).
    CrateAttribute(String),
}

/// Makes the program of a doc test's code.
pub fn make(code: &str) -> Result<Program, Skip> {
    let shown: Vec<String> = code.lines().map(show_hidden).collect();
    let mut inner_attributes = Vec::new();
    let mut macro_crates = Vec::new();
    let mut rest = Vec::new();
    let mut leading = true;
    for line in &shown {
        let trimmed = line.trim();
        if leading && trimmed.starts_with("#![") {
            for refused in ["#![feature", "#![no_main", "#![no_std"] {
                if trimmed.starts_with(refused) {
                    return Err(Skip::CrateAttribute(trimmed.to_owned()));
                }
            }
            inner_attributes.push(trimmed.to_owned());
            continue;
        }
        if !trimmed.is_empty() && !trimmed.starts_with("//") {
            leading = false;
        }
        if let Some(krate) = macro_use_crate(trimmed) {
            macro_crates.push(krate);
            rest.push(format!("extern crate {};", macro_crates.last().unwrap()));
            continue;
        }
        rest.push(line.clone());
    }
    let code = rest.join("\n");
    let mains = main_names_at(&code);
    let body = if !mains.is_empty() {
        // Every one: a program may define `main` once per `#[cfg]` (one for unix, one for
        // the rest), and the one the build keeps is the one to call.
        let mut body = String::with_capacity(code.len() + mains.len() * ENTRY.len());
        let mut from = 0;
        for main in mains {
            body.push_str(&code[from..main]);
            body.push_str(ENTRY);
            from = main + "main".len();
        }
        body.push_str(&code[from..]);
        body
    } else if code.trim_end().ends_with("(())") {
        format!(
            "fn {ENTRY}() {{ fn _inner() -> ::core::result::Result<(), impl ::core::fmt::Debug> \
             {{\n{code}\n}} _inner().unwrap() }}"
        )
    } else {
        format!("fn {ENTRY}() {{\n{code}\n}}")
    };
    Ok(Program {
        inner_attributes,
        macro_crates,
        body,
    })
}

/// A line as compiled: `# hidden` → `hidden`, a lone `#` → empty, `##x` → `#x`.
fn show_hidden(line: &str) -> String {
    let trimmed = line.trim_start();
    if trimmed == "#" {
        String::new()
    } else if let Some(rest) = trimmed.strip_prefix("# ") {
        rest.to_owned()
    } else if let Some(rest) = trimmed.strip_prefix("##") {
        let indent = &line[..line.len() - trimmed.len()];
        format!("{indent}#{rest}")
    } else {
        line.to_owned()
    }
}

/// `x` of `#[macro_use] extern crate x;` (the attribute on the same line).
fn macro_use_crate(line: &str) -> Option<String> {
    let rest = line.strip_prefix("#[macro_use]")?.trim_start();
    let name = rest
        .strip_prefix("extern crate")?
        .trim()
        .strip_suffix(';')?;
    let name = name.split(" as ").next()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Where the names of the code's own top-level `fn main`s start (byte offsets, in order),
/// if it has any.
fn main_names_at(code: &str) -> Vec<usize> {
    // Statements at the top level do not parse as a file: rustdoc wraps them.
    let Ok(file) = syn::parse_file(code) else {
        return Vec::new();
    };
    let line_starts: Vec<usize> = std::iter::once(0)
        .chain(code.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    file.items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Fn(f) if f.sig.ident == "main" => Some(f.sig.ident.span().start()),
            _ => None,
        })
        .map(|main| {
            // The span's line is 1-based and its column counts characters.
            let line_start = line_starts[main.line - 1];
            let column: usize = code[line_start..]
                .chars()
                .take(main.column)
                .map(char::len_utf8)
                .sum();
            line_start + column
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_statements_in_a_function() {
        let p = make("# use std::fmt;\nlet x = 1;\nassert_eq!(x, 1);").unwrap();
        assert_eq!(
            p.body,
            "fn doctest_main() {\nuse std::fmt;\nlet x = 1;\nassert_eq!(x, 1);\n}"
        );
    }

    #[test]
    fn keeps_a_main_of_its_own_renamed() {
        let code = "/// é\nfn run() {}\n  fn main() {\n    run();\n}";
        assert_eq!(
            make(code).unwrap().body,
            "/// é\nfn run() {}\n  fn doctest_main() {\n    run();\n}"
        );
    }

    #[test]
    fn renames_a_main_per_cfg_in_either_order() {
        let unix_first = "# #[cfg(unix)]\nfn main() -> std::io::Result<()> {\n    Ok(())\n}\n\
                          # #[cfg(not(unix))]\n# fn main() {}";
        assert_eq!(
            make(unix_first).unwrap().body,
            "#[cfg(unix)]\nfn doctest_main() -> std::io::Result<()> {\n    Ok(())\n}\n\
             #[cfg(not(unix))]\nfn doctest_main() {}"
        );
        let rest_first = "#[cfg(not(unix))]\nfn main() {}\n#[cfg(unix)]\nfn main() {}";
        assert_eq!(
            make(rest_first).unwrap().body,
            "#[cfg(not(unix))]\nfn doctest_main() {}\n#[cfg(unix)]\nfn doctest_main() {}"
        );
    }

    #[test]
    fn code_ending_in_ok_runs_as_a_result() {
        let p = make("let n: u8 = \"5\".parse()?;\nOk::<(), std::num::ParseIntError>(())").unwrap();
        assert!(
            p.body
                .contains("fn _inner() -> ::core::result::Result<(), impl")
        );
        assert!(p.body.ends_with("_inner().unwrap() }"));
    }

    #[test]
    fn sets_crate_attributes_and_macro_crates_apart() {
        let p = make("#![allow(unused)]\n#[macro_use] extern crate lazy;\nlet a = 1;").unwrap();
        assert_eq!(p.inner_attributes, ["#![allow(unused)]"]);
        assert_eq!(p.macro_crates, ["lazy"]);
        assert!(p.body.contains("extern crate lazy;\nlet a = 1;"));
        assert_eq!(
            make("#![feature(test)]\nfn main() {}"),
            Err(Skip::CrateAttribute("#![feature(test)]".into()))
        );
    }

    #[test]
    fn hidden_lines() {
        assert_eq!(show_hidden("# let a = 1;"), "let a = 1;");
        assert_eq!(show_hidden("#"), "");
        assert_eq!(show_hidden("    ##[derive(Debug)]"), "    #[derive(Debug)]");
        assert_eq!(show_hidden("#[derive(Debug)]"), "#[derive(Debug)]");
    }
}
