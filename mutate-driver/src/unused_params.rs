//! Body replacements whose text a crate's own lint levels reject: a replaced body leaves
//! the function's parameters unused, and in a crate that denies warnings (`#![cfg_attr(test,
//! deny(warnings))]`, `#![deny(unused)]`, `-D warnings`) `cargo test` does not build it.
//!
//! In the driver's builds the macro gives each such function a parameter that is never
//! used, named after its replacements' location (`unviable_marks::unused_marker`), with no
//! level of its own. The driver caps lints at `warn`, so rustc always says so; whether the
//! crate denies the lint is in rustc's notes, which it gives once per level and source in
//! a compilation (on the first `unused_variables` warning there, ours or the user's): "the
//! lint level is defined here", pointing at the attribute, or "`-D unused-variables` implied
//! by `-D warnings`". A target in which any such note names `deny` or `forbid` denies it:
//! `cargo test` builds every target, and one that does not build fails it (the library's
//! unit tests are where `cfg_attr(test, ..)` applies). A module that warns again where its
//! crate denies is not told apart.

use cargo_metadata::diagnostic::Diagnostic;
use mutate_protocol::unviable_marks::{self, Kind};
use std::collections::{BTreeMap, BTreeSet};

/// What one build's warnings said of the markers and of `unused_variables`' levels.
#[derive(Debug, Default)]
pub struct UnusedParams {
    /// (target, marker) of each marker warned of.
    markers: BTreeSet<(String, String)>,
    /// Targets that deny the lint, with what denies it as written.
    denying: BTreeMap<String, String>,
}

impl UnusedParams {
    /// Reads one diagnostic of `target`; returns whether it is a marker's warning (which
    /// the user did not write, and is not shown).
    pub fn take(&mut self, target: &str, diagnostic: &Diagnostic) -> bool {
        let lint = diagnostic.code.as_ref().map(|c| c.code.as_str());
        if lint == Some("unused_variables")
            && let Some(source) = denied_by(diagnostic)
        {
            self.denying.entry(target.to_owned()).or_insert(source);
        }
        match unviable_marks::parse_unused(&diagnostic.message) {
            Some(marker) => {
                self.markers.insert((target.to_owned(), marker.to_owned()));
                true
            }
            None => false,
        }
    }

    /// The markers of targets that deny the lint, with the reason their replacements are
    /// unviable.
    pub fn denied(&self) -> BTreeMap<String, String> {
        self.markers
            .iter()
            .filter_map(|(target, marker)| {
                let source = self.denying.get(target)?;
                Some((
                    marker.clone(),
                    format!("{} ({source})", Kind::Unused.reason()),
                ))
            })
            .collect()
    }
}

/// What denies the lint of `diagnostic`, if its notes say a level that rejects it: the
/// attribute as written, or the command-line flag.
fn denied_by(diagnostic: &Diagnostic) -> Option<String> {
    for note in &diagnostic.children {
        if note.message == "the lint level is defined here" {
            let span = note.spans.first()?;
            let line = span.text.first()?;
            let before: String = line
                .text
                .chars()
                .take(line.highlight_start.saturating_sub(1))
                .collect();
            return rejecting(&before).then(|| format!("`{}`", line.text.trim()));
        }
        // "`-D unused-variables` implied by `-D warnings`", "requested on the command line
        // with `-D unused-variables`"; a capped level is said as it was asked.
        if let Some(flag) = ["`-D ", "`-F "]
            .iter()
            .find_map(|f| note.message.rfind(f).map(|at| &note.message[at..]))
        {
            return Some(format!(
                "{} on the command line",
                flag.trim_end_matches('.')
            ));
        }
    }
    None
}

/// Whether the lint level attribute whose text comes before the lint's name is `deny` or
/// `forbid` (the last level named before it: `#![deny(missing_docs), warn(unused)]`).
fn rejecting(before: &str) -> bool {
    ["deny(", "forbid(", "warn(", "allow(", "expect("]
        .iter()
        .filter_map(|level| before.rfind(level).map(|at| (at, level)))
        .max()
        .is_some_and(|(_, level)| matches!(*level, "deny(" | "forbid("))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diagnostic(json: &str) -> Diagnostic {
        serde_json::from_str(json).unwrap()
    }

    fn warning(message: &str, children: &str) -> String {
        format!(
            r#"{{"message":"{message}","code":{{"code":"unused_variables","explanation":null}},
            "level":"warning","spans":[],"children":[{children}],"rendered":null}}"#
        )
    }

    fn defined_here(line: &str, column: usize) -> String {
        format!(
            r#"{{"message":"the lint level is defined here","code":null,"level":"note",
            "spans":[{{"file_name":"src/lib.rs","byte_start":0,"byte_end":1,"line_start":1,
            "line_end":1,"column_start":{column},"column_end":{end},"is_primary":true,
            "text":[{{"text":"{line}","highlight_start":{column},"highlight_end":{end}}}],
            "label":null,"suggested_replacement":null,"suggestion_applicability":null,
            "expansion":null}}],"children":[],"rendered":null}}"#,
            end = column + 8
        )
    }

    fn note(message: &str) -> String {
        format!(
            r#"{{"message":"{message}","code":null,"level":"note","spans":[],"children":[],
            "rendered":null}}"#
        )
    }

    const MARKER: &str = "unused variable: `mutate_unused_00000000000000ab`";

    #[test]
    fn a_crate_that_denies_warnings_in_its_tests_rejects_the_markers() {
        let mut seen = UnusedParams::default();
        // The library built for its unit tests: the first warning carries the source.
        let attribute = "#![cfg_attr(test, deny(warnings))]";
        let first = warning(MARKER, &defined_here(attribute, 27));
        assert!(seen.take("lib", &diagnostic(&first)));
        let denied = seen.denied();
        let reason = &denied["mutate_unused_00000000000000ab"];
        assert!(
            reason.contains("cfg_attr(test, deny(warnings))"),
            "{reason}"
        );
    }

    #[test]
    fn a_level_said_once_covers_the_target_s_later_markers() {
        let mut seen = UnusedParams::default();
        let by_default = note("`#[warn(unused_variables)]` on by default");
        let user = warning("unused variable: `count`", &by_default);
        assert!(!seen.take("lib", &diagnostic(&user)));
        let marker = warning(MARKER, "");
        assert!(seen.take("lib", &diagnostic(&marker)));
        assert!(seen.denied().is_empty());
        // Denied on the command line, said in the target's other compilation (the
        // library built for its unit tests).
        let flag = note("`-D unused-variables` implied by `-D warnings`");
        assert!(!seen.take("lib", &diagnostic(&warning("unused variable: `x`", &flag))));
        let reason = &seen.denied()["mutate_unused_00000000000000ab"];
        assert!(
            reason.contains("`-D warnings` on the command line"),
            "{reason}"
        );
    }

    #[test]
    fn the_last_level_before_the_lint_s_name_is_its_level() {
        assert!(rejecting("#![deny("));
        assert!(rejecting("#![cfg_attr(test, deny("));
        assert!(!rejecting("#![warn("));
        assert!(!rejecting("#![deny(missing_docs), warn("));
        assert!(rejecting("#![warn(missing_docs), forbid("));
    }
}
