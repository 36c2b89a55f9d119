//! The suggested tests as Rust: the candidate call, then an assertion on each value the
//! probe showed with every mutant off, as Rust where the runtime wrote it, else on its
//! `Debug` text. Pure.

use super::calls::Call;
use crate::discover::{Discovery, Mutant};
use std::collections::BTreeSet;

/// One suggested test.
#[derive(Debug, Clone)]
pub struct Test {
    pub name: String,
    /// The survivor it was written for.
    pub mutant: usize,
    /// Its statements, in the ways it may be written, the most readable first: where
    /// rustc refuses one (a value written from its `Debug` text that is not Rust after
    /// all), the next is tried.
    bodies: Vec<Vec<String>>,
}

/// What a probe value asserts: `lit <Rust>` is compared as a value, `dbg <string>` by
/// its `Debug` text; `none` is not asserted. With `returns` (how a test names the
/// value's type), a `Debug` text that reads as a value of that type (`Equilateral`,
/// `Point { x: 1 }`) is tried as Rust first.
fn assertions(actual: &str, shown: &str, returns: Option<&str>) -> Vec<String> {
    if let Some(literal) = shown.strip_prefix("lit ") {
        return vec![format!("assert_eq!({actual}, {literal});")];
    }
    let Some(text) = shown.strip_prefix("dbg ") else {
        return Vec::new();
    };
    let by_text = format!("assert_eq!(format!(\"{{:?}}\", {actual}), {text});");
    let as_rust = returns.and_then(|ty| written_from_debug(&unescape(text)?, ty));
    match as_rust {
        Some(value) => vec![format!("assert_eq!({actual}, {value});"), by_text],
        None => vec![by_text],
    }
}

/// A value of type `ty` (a path) as Rust, from its `Debug` text as derived: the type's
/// own name first (`Point { .. }`, `Meters(3)`) or a variant's (`Equilateral`).
fn written_from_debug(text: &str, ty: &str) -> Option<String> {
    let head: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    if !head.starts_with(|c: char| c.is_ascii_uppercase()) {
        return None;
    }
    let type_name = ty.rsplit("::").next()?;
    match head == type_name {
        true => Some(format!("{ty}{}", &text[head.len()..])),
        false => Some(format!("{ty}::{text}")),
    }
}

/// The text of a string literal as `{:?}` writes it; `None` for an escape it does not.
fn unescape(literal: &str) -> Option<String> {
    let inner = literal.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            '0' => out.push('\0'),
            'u' => {
                let code: String = chars.by_ref().skip(1).take_while(|c| *c != '}').collect();
                out.push(char::from_u32(u32::from_str_radix(&code, 16).ok()?)?);
            }
            other => out.push(other),
        }
    }
    Some(out)
}

impl Test {
    /// The test for survivor `m` from `call` and what it showed unmutated (what it
    /// returned, then each `&mut` local); `None` if nothing it showed can be asserted.
    pub fn new(mutant: &Mutant, m: usize, call: &Call, shown: &[String]) -> Option<Test> {
        let locals = call.mutable_locals();
        let returned_unit = shown.first().is_some_and(|s| s == "lit ()");
        // Each value's assertions, the preferred first.
        let mut asserted: Vec<Vec<String>> = Vec::new();
        if !returned_unit && let Some(shown) = shown.first() {
            asserted.push(assertions("returned", shown, call.returns.as_deref()));
        }
        for (local, value) in locals.iter().zip(shown.iter().skip(1)) {
            asserted.push(assertions(local, value, None));
        }
        asserted.retain(|a| !a.is_empty());
        if asserted.is_empty() {
            return None;
        }
        let mut start = call.locals();
        match returned_unit || shown.first().is_some_and(|s| s == "none") {
            true => start.push(format!("{};", call.expression())),
            false => start.push(format!("let returned = {};", call.expression())),
        }
        // The preferred way of each value at once, then the plainest (each value's last).
        let mut bodies = vec![asserted.iter().map(|a| a[0].clone()).collect::<Vec<_>>()];
        let plainest: Vec<String> = asserted.iter().map(|a| a[a.len() - 1].clone()).collect();
        if plainest != bodies[0] {
            bodies.push(plainest);
        }
        let bodies = bodies
            .into_iter()
            .map(|assertions| [start.clone(), assertions].concat())
            .collect();
        let e = &mutant.entry;
        let function = call.path.rsplit("::").next().unwrap_or("call");
        let name = format!("{}_{}_{}", snake(function), e.span[0], e.span[1]);
        Some(Test {
            name,
            mutant: m,
            bodies,
        })
    }

    /// rustc refused the way it is written: the next way, if there is one.
    pub fn next_way(&mut self) -> bool {
        self.bodies.remove(0);
        !self.bodies.is_empty()
    }

    /// The test's code: what it kills in its comment, then the test.
    pub fn code(&self, d: &Discovery, kills: &BTreeSet<usize>) -> String {
        let mut out = String::from("/// Kills the mutants:\n");
        for &m in kills {
            let e = &d.mutants[m].entry;
            out.push_str(&format!(
                "/// - {}:{}:{}: {}\n",
                e.file, e.span[0], e.span[1], e.description
            ));
        }
        out.push_str(&self.source());
        out
    }

    /// The test alone.
    pub fn source(&self) -> String {
        format!(
            "#[test]\nfn {}() {{\n    {}\n}}\n",
            self.name,
            self.bodies[0].join("\n    ")
        )
    }
}

/// `name` as a function name's part: lowercase, `_` for anything else.
fn snake(name: &str) -> String {
    name.chars()
        .map(|c| match c.is_ascii_alphanumeric() {
            true => c.to_ascii_lowercase(),
            false => '_',
        })
        .collect()
}

/// Names made unique by a suffix, in order.
pub fn unique_names(tests: &mut [Test]) {
    let mut seen = BTreeSet::new();
    for test in tests {
        let mut name = test.name.clone();
        let mut n = 2;
        while !seen.insert(name.clone()) {
            name = format!("{}_{n}", test.name);
            n += 1;
        }
        test.name = name;
    }
}

/// What a file of tests of `crate_name` starts with: the traits a trait method's path
/// names as its `impl` wrote them, the crate's root items and the imports rustc suggested
/// (`uses`), which values written from their `Debug` text name.
pub fn prelude(crate_name: &str, uses: &[String]) -> String {
    let mut out = format!(
        "#[allow(unused_imports)]\nuse std::{{convert::TryFrom, fmt, str::FromStr}};\n\
         #[allow(unused_imports)]\nuse {crate_name}::*;\n"
    );
    for import in uses {
        out.push_str(&format!("#[allow(unused_imports)]\n{import}\n"));
    }
    out
}

/// What a file of tests to compile and run starts with.
pub const HEADER: &str = "#![allow(unused, clippy::all)]\n";

/// Whether a survivor's probe values (`None`: it printed none: it crashed or hung) differ
/// from the unmutated ones where those can be asserted.
pub fn differs(original: &[String], mutant: Option<&super::probe::Shown>) -> bool {
    use super::probe::Shown;
    let asserted = |i: usize| original.get(i).is_some_and(|s| s != "none");
    match mutant {
        None | Some(Shown::Panicked) => (0..original.len()).any(asserted),
        Some(Shown::Values(values)) => {
            (0..original.len()).any(|i| asserted(i) && values.get(i) != original.get(i))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suggest::Witness;
    use crate::suggest::probe::Shown;
    use mutate_protocol::CatalogEntry;

    fn mutant() -> Mutant {
        Mutant {
            entry: CatalogEntry {
                index: 0,
                site: 0,
                ticks: mutate_protocol::NO_TICKS,
                id: "m".into(),
                operator: "condition".into(),
                file: "src/lib.rs".into(),
                span: [13, 8, 13, 20],
                original: "a".into(),
                replacement: "b".into(),
                description: "replace a with b".into(),
                function: "classify".into(),
                build_error: String::new(),
                compile_time: false,
                value: Default::default(),
            },
        }
    }

    fn call(args: &[&str]) -> Call {
        Call::of(&Witness {
            function: String::new(),
            path: "triangle::classify".into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            sources: Vec::new(),
        })
        .unwrap()
    }

    #[test]
    fn a_test_asserts_what_the_call_returned_and_changed() {
        let shown = ["dbg \"Invalid\"".to_owned(), "lit vec![1u8]".to_owned()];
        let test = Test::new(&mutant(), 0, &call(&["v:0u32", "m:Vec::new()"]), &shown).unwrap();
        assert_eq!(test.name, "classify_13_8");
        assert_eq!(
            test.source(),
            "#[test]\nfn classify_13_8() {\n    let mut a1 = Vec::new();\n    \
             let returned = triangle::classify(0u32, &mut a1);\n    \
             assert_eq!(format!(\"{:?}\", returned), \"Invalid\");\n    \
             assert_eq!(a1, vec![1u8]);\n}\n"
        );
    }

    #[test]
    fn a_value_of_the_crate_is_tried_as_rust_from_its_debug_text() {
        let mut call = call(&["v:1u32"]);
        call.returns = Some("triangle::Kind".into());
        let test = Test::new(&mutant(), 0, &call, &["dbg \"Equilateral\"".to_owned()]);
        let mut test = test.unwrap();
        assert!(
            test.source()
                .contains("assert_eq!(returned, triangle::Kind::Equilateral);"),
            "{}",
            test.source()
        );
        assert!(test.next_way());
        assert!(
            test.source()
                .contains("assert_eq!(format!(\"{:?}\", returned), \"Equilateral\");")
        );
        assert!(!test.next_way());
        assert_eq!(
            written_from_debug("Kind { a: 1 }", "k::Kind").as_deref(),
            Some("k::Kind { a: 1 }")
        );
        assert_eq!(written_from_debug("[1, 2]", "k::Kind"), None);
        assert_eq!(unescape("\"a\\\"\\u{1f}\"").as_deref(), Some("a\"\u{1f}"));
    }

    #[test]
    fn a_call_returning_nothing_is_a_statement() {
        let shown = ["lit ()".to_owned(), "lit 2u8".to_owned()];
        let test = Test::new(&mutant(), 0, &call(&["m:1u8"]), &shown).unwrap();
        assert!(
            test.source().contains("    triangle::classify(&mut a0);\n"),
            "{}",
            test.source()
        );
        let nothing = ["none".to_owned()];
        assert!(Test::new(&mutant(), 0, &call(&["v:1u8"]), &nothing).is_none());
    }

    #[test]
    fn only_asserted_values_tell_a_mutant_apart() {
        let original = ["lit 1u8".to_owned(), "none".to_owned()];
        let same = Shown::Values(vec!["lit 1u8".into(), "dbg \"x\"".into()]);
        let other = Shown::Values(vec!["lit 2u8".into(), "none".into()]);
        assert!(!differs(&original, Some(&same)));
        assert!(differs(&original, Some(&other)));
        assert!(differs(&original, Some(&Shown::Panicked)));
        assert!(differs(&original, None));
    }

    #[test]
    fn names_are_made_unique() {
        let t = Test::new(&mutant(), 0, &call(&["v:1u8"]), &["lit 1u8".to_owned()]).unwrap();
        let mut tests = vec![t.clone(), t.clone(), t];
        unique_names(&mut tests);
        let names: Vec<&str> = tests.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            ["classify_13_8", "classify_13_8_2", "classify_13_8_3"]
        );
    }
}
