//! Whether one mutant name is one program for both tools. cargo-mutants replaces an
//! operator's text, mutate the operator of the syntax tree: where the new operator binds
//! differently, `c - b'A' + 10` made `*` is `c - (b'A' * 10)` for the one and
//! `(c - b'A') * 10` for the other, and `x as usize << n` does not parse. And in a
//! `#![no_std]` crate, cargo-mutants' `vec![..]` is not in scope, where mutate names
//! `alloc`'s. Such a pair is two mutants under one name: its verdicts are not compared.

use super::compare::Mutant;
use proc_macro2::Span;
use std::path::Path;
use syn::spanned::Spanned;
use syn::visit::Visit;

/// Binary operators, longest first so `<<` is not read as `<`.
const OPERATORS: [&str; 18] = [
    "<<", ">>", "&&", "||", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "&", "|", "^", "<",
    ">",
];

/// Why cargo-mutants' version of mutant `theirs` is another program than mutate's, if it
/// is: `source` is the crate's unedited source.
pub fn why_different(source: &Path, theirs: &Mutant) -> Option<String> {
    if theirs
        .log
        .as_ref()
        .and_then(|l| std::fs::read_to_string(l).ok())
        .is_some_and(|log| log.contains("cannot find macro `vec` in this scope"))
    {
        return Some("cargo-mutants' `vec![..]` is not in scope in this `no_std` crate".into());
    }
    let (written, replacement) = operators(&theirs.change)?;
    let text = std::fs::read_to_string(source.join(&theirs.file)).ok()?;
    let at = offset(&text, theirs.line, theirs.column)?;
    if !text[at..].starts_with(written) {
        return None;
    }
    let edited = format!(
        "{}{replacement}{}",
        &text[..at],
        &text[at + written.len()..]
    );
    let before = extent(&text, theirs.line, theirs.column)?;
    // The new operator's text may be longer or shorter (`>` made `>=`): an expression that
    // ends on the operator's line ends that much further or sooner in the edited text.
    let shift = |((l0, c0), (l1, c1)): Extent| {
        let c1 = if l1 == theirs.line as usize {
            (c1 + written.len()).saturating_sub(replacement.len())
        } else {
            c1
        };
        ((l0, c0), (l1, c1))
    };
    match extent(&edited, theirs.line, theirs.column).map(shift) {
        Some(after) if after == before => None,
        Some(_) => Some(format!(
            "cargo-mutants' text groups the operands otherwise (`{replacement}` binds \
             differently from `{written}` there)"
        )),
        None => Some(format!(
            "cargo-mutants' text with `{replacement}` does not parse as that operator"
        )),
    }
}

/// `replace+with*` (the change as compared, spaces squeezed) as `("+", "*")`.
fn operators(change: &str) -> Option<(&'static str, &'static str)> {
    let rest = change.strip_prefix("replace")?;
    let (written, replacement) = rest.split_once("with")?;
    let find = |op: &str| OPERATORS.iter().find(|o| **o == op).copied();
    Some((find(written)?, find(replacement)?))
}

/// The byte offset of 1-based `line` and `column` (in characters).
fn offset(text: &str, line: u64, column: u64) -> Option<usize> {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.checked_sub(1)? as usize)
        .map(str::len)
        .sum();
    let line_text = text[start..].lines().next()?;
    let within = line_text
        .char_indices()
        .nth(column.checked_sub(1)? as usize)
        .map_or(line_text.len(), |(i, _)| i);
    Some(start + within)
}

/// Where the binary expression whose operator starts at `line`:`column` begins and ends,
/// if the text parses and holds one.
type Extent = ((usize, usize), (usize, usize));

fn extent(text: &str, line: u64, column: u64) -> Option<Extent> {
    struct Find {
        at: (usize, usize),
        found: Option<Span>,
    }
    impl<'a> Visit<'a> for Find {
        fn visit_expr_binary(&mut self, e: &'a syn::ExprBinary) {
            let start = e.op.span().start();
            if (start.line, start.column + 1) == self.at {
                self.found = Some(e.span());
            }
            syn::visit::visit_expr_binary(self, e);
        }
    }
    let file = syn::parse_file(text).ok()?;
    let mut find = Find {
        at: (line as usize, column as usize),
        found: None,
    };
    find.visit_file(&file);
    let span = find.found?;
    let (start, end) = (span.start(), span.end());
    Some(((start.line, start.column), (end.line, end.column)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(dir: &Path, source: &str, line: u64, column: u64, change: &str) -> Mutant {
        std::fs::write(dir.join("lib.rs"), source).unwrap();
        Mutant {
            file: "lib.rs".into(),
            line,
            column,
            change: change.into(),
            verdict: super::super::compare::Verdict::Unviable,
            name: String::new(),
            timeout: false,
            log: None,
        }
    }

    #[test]
    fn an_operator_that_binds_otherwise_is_another_program() {
        let dir = tempfile::tempdir().unwrap();
        let src = "fn f(c: u8) -> u8 {\n    c - b'A' + 10\n}\n";
        let m = mutant(dir.path(), src, 2, 14, "replace+with*");
        assert!(why_different(dir.path(), &m).unwrap().contains("groups"));
        // `-` binds as `+` does: one program.
        let m = mutant(dir.path(), src, 2, 14, "replace+with-");
        assert_eq!(why_different(dir.path(), &m), None);
    }

    #[test]
    fn a_longer_operator_that_binds_alike_is_one_program() {
        let dir = tempfile::tempdir().unwrap();
        let src = "fn f(a: bool, n: u64) -> bool {\n    a && n > 0\n}\n";
        for change in ["replace>with==", "replace>with>=", "replace>with<"] {
            let m = mutant(dir.path(), src, 2, 12, change);
            assert_eq!(why_different(dir.path(), &m), None, "{change}");
        }
        // `&&` made `||` binds otherwise: `a || n > 0` still groups `n > 0` first, alike.
        let m = mutant(dir.path(), src, 2, 7, "replace&&with||");
        assert_eq!(why_different(dir.path(), &m), None);
    }

    #[test]
    fn text_that_no_longer_parses_is_another_program() {
        let dir = tempfile::tempdir().unwrap();
        // `x as usize << n` reads `usize<` as the start of generic arguments.
        let src = "fn f(x: u8, n: u32) -> usize {\n    x as usize >> n\n}\n";
        let m = mutant(dir.path(), src, 2, 16, "replace>>with<<");
        assert!(
            why_different(dir.path(), &m)
                .unwrap()
                .contains("does not parse")
        );
    }
}
