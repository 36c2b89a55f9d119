//! Mutants whose text a crate's own lint levels reject: a replaced body leaves the
//! function's parameters unused, a comparison with a literal compares beyond its type
//! (`unused_comparisons`), or `Default::default` calls itself (`unconditional_recursion`;
//! those two read as denied where `warnings` is). In a crate that denies
//! warnings (`#![cfg_attr(test, deny(warnings))]`, `#![deny(unused)]`, `-D warnings`)
//! `cargo test` does not build it.
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
pub struct DeniedWarnings {
    /// (target, marker) of each marker warned of.
    markers: BTreeSet<(String, String)>,
    /// (target, mutant id) of each mutant whose text adds a warning that only a crate
    /// denying warnings rejects (`unviable_marks::Kind::Comparison`, `Recursion`), with
    /// the kind and rustc's words.
    denied_if_warnings: BTreeMap<(String, String), (Kind, String)>,
    /// By target: where `unused_variables`' level comes from, as its warnings' notes say.
    sources: BTreeMap<String, BTreeSet<Source>>,
    /// By target and lint or group name: whether the attribute that sets its level rejects
    /// (`deny`, `forbid`), and the attribute as written. rustc shows an attribute once per
    /// compilation, on the first warning of any lint whose level it sets: that may be
    /// another lint's (`unused_parens`, under `deny(warnings)` too).
    attributes: BTreeMap<String, BTreeMap<String, (bool, String)>>,
    /// The user's own warnings in their code as written, by target, each with where its
    /// level comes from as its notes say.
    user: Vec<(String, UserWarning)>,
}

/// One of the user's warnings, and where its notes say its level comes from.
#[derive(Debug)]
struct UserWarning {
    place: String,
    message: String,
    /// The attribute its own "defined here" note shows: whether it rejects, as written.
    shown: Option<(bool, String)>,
    source: Option<Source>,
}

/// A warning in the user's code as written that the crate's own lint levels make an error
/// (`#![deny(warnings)]`, and a lint the toolchain added since): plain `cargo test` stops
/// there, where the driver's build, its lints capped at `warn`, goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// `file:line:column` as rustc names it.
    pub place: String,
    pub message: String,
    /// What rejects it: the attribute as written, or the flag.
    pub by: String,
}

/// Where a lint's level comes from.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    /// The attribute that names this lint or group (`warnings`, `unused`,
    /// `unused_variables`).
    Attribute(String),
    /// A flag that rejects it (`-D warnings`), as rustc says it.
    Rejected(String),
}

impl DeniedWarnings {
    /// Reads one diagnostic of `target`; returns whether it is a marker's warning (which
    /// the user did not write, and is not shown).
    pub fn take(&mut self, target: &str, diagnostic: &Diagnostic) -> bool {
        if let Some((name, rejects, text)) = attribute_shown(diagnostic) {
            self.attributes
                .entry(target.to_owned())
                .or_default()
                .entry(name)
                .or_insert((rejects, text));
        }
        let lint = diagnostic.code.as_ref().map(|c| c.code.as_str());
        if lint == Some("unused_variables")
            && let Some(source) = source_of(diagnostic)
        {
            self.sources
                .entry(target.to_owned())
                .or_default()
                .insert(source);
        }
        let marked = unviable_marks::parse(&diagnostic.message).or_else(|| {
            diagnostic
                .children
                .iter()
                .find_map(|note| unviable_marks::parse(&note.message))
        });
        if let Some((kind @ (Kind::Comparison | Kind::Recursion), id)) = marked {
            let key = (target.to_owned(), id.to_owned());
            self.denied_if_warnings
                .insert(key, (kind, diagnostic.message.clone()));
            return true;
        }
        match unviable_marks::parse_unused(&diagnostic.message) {
            Some(marker) => {
                self.markers.insert((target.to_owned(), marker.to_owned()));
                true
            }
            None => false,
        }
    }

    /// Reads one of the user's warnings (not a mark) of `target` (`name` as cargo names
    /// it): kept if it is in their code as written, not the macro's (whose code carries its
    /// expansion) nor a doc test the driver compiled.
    pub fn take_user(&mut self, target: &str, name: &str, diagnostic: &Diagnostic) {
        if crate::doctests::is_doc_test_target(name) {
            return;
        }
        let Some(span) = diagnostic.spans.iter().find(|s| s.is_primary) else {
            return;
        };
        if span.expansion.is_some() {
            return;
        }
        let warning = UserWarning {
            place: format!(
                "{}:{}:{}",
                span.file_name, span.line_start, span.column_start
            ),
            message: diagnostic.message.clone(),
            shown: attribute_shown(diagnostic).map(|(_, rejects, text)| (rejects, text)),
            source: source_of(diagnostic),
        };
        self.user.push((target.to_owned(), warning));
    }

    /// The first of the user's warnings that their own lint levels make an error in a
    /// plain build, as the notes of the build say: its own, or, where rustc said the
    /// attribute on an earlier warning of the compilation, that warning's.
    pub fn rejected(&self) -> Option<Rejected> {
        self.user.iter().find_map(|(target, warning)| {
            let by = match (&warning.shown, &warning.source) {
                (Some((rejects, text)), _) => rejects.then(|| format!("`{text}`"))?,
                (None, Some(Source::Rejected(flag))) => flag.clone(),
                (None, Some(Source::Attribute(name))) => {
                    let (rejects, text) = self.attributes.get(target)?.get(name)?;
                    rejects.then(|| format!("`{text}`"))?
                }
                (None, None) => return None,
            };
            Some(Rejected {
                place: warning.place.clone(),
                message: warning.message.clone(),
                by,
            })
        })
    }

    /// The markers of targets that deny the lint, with the reason their replacements are
    /// unviable.
    pub fn denied(&self) -> BTreeMap<String, String> {
        self.markers
            .iter()
            .filter_map(|(target, marker)| {
                let source = self.rejecting(target)?;
                Some((
                    marker.clone(),
                    format!("{} ({source})", Kind::Unused.reason()),
                ))
            })
            .collect()
    }

    /// The mutants whose text adds a warning (a useless comparison, an unconditional
    /// recursion) in targets that deny warnings, by id, with the reason they are unviable.
    pub fn denied_with_warnings(&self) -> BTreeMap<String, String> {
        self.denied_if_warnings
            .iter()
            .filter_map(|((target, id), (kind, said))| {
                let source = self.rejecting_warnings(target)?;
                let said = match kind {
                    Kind::Comparison => format!(": {said}"),
                    _ => String::new(),
                };
                Some((id.clone(), format!("{} ({source}{said})", kind.reason())))
            })
            .collect()
    }

    /// What rejects every warning in `target` (`deny(warnings)`, `-D warnings`), as read
    /// from where `unused_variables`' level comes from, if anything does.
    fn rejecting_warnings(&self, target: &str) -> Option<String> {
        self.sources
            .get(target)?
            .iter()
            .find_map(|source| match source {
                Source::Rejected(flag) => ["-D warnings", "-F warnings"]
                    .iter()
                    .any(|f| flag.contains(f))
                    .then(|| flag.clone()),
                Source::Attribute(name) if name == "warnings" => {
                    let (rejects, text) = self.attributes.get(target)?.get(name)?;
                    rejects.then(|| format!("`{text}`"))
                }
                Source::Attribute(_) => None,
            })
    }

    /// What rejects `unused_variables` in `target`, if anything does.
    fn rejecting(&self, target: &str) -> Option<String> {
        self.sources
            .get(target)?
            .iter()
            .find_map(|source| match source {
                Source::Rejected(flag) => Some(flag.clone()),
                Source::Attribute(name) => {
                    let (rejects, text) = self.attributes.get(target)?.get(name)?;
                    rejects.then(|| format!("`{text}`"))
                }
            })
    }
}

/// The attribute a diagnostic's "the lint level is defined here" note points at: the
/// name it sets (the note's highlighted text), whether the level it gives rejects, and the
/// attribute's line as written.
fn attribute_shown(diagnostic: &Diagnostic) -> Option<(String, bool, String)> {
    let note = diagnostic
        .children
        .iter()
        .find(|note| note.message == "the lint level is defined here")?;
    let line = note.spans.first()?.text.first()?;
    let chars: Vec<char> = line.text.chars().collect();
    let start = line.highlight_start.saturating_sub(1).min(chars.len());
    let end = line
        .highlight_end
        .saturating_sub(1)
        .clamp(start, chars.len());
    let name: String = chars[start..end].iter().collect();
    let before: String = chars[..start].iter().collect();
    Some((name, rejecting(&before), line.text.trim().to_owned()))
}

/// Where the level of an `unused_variables` diagnostic comes from, where its notes say
/// (rustc says it on the first warning from each source in a compilation): "`#[warn(
/// unused_variables)]` implied by `#[warn(warnings)]`" (the capped level, as `warn`),
/// "the lint level is defined here" alone (an attribute naming the lint), "`-D
/// unused-variables` implied by `-D warnings`" (a flag). Levels by default are no source.
fn source_of(diagnostic: &Diagnostic) -> Option<Source> {
    let notes = || diagnostic.children.iter().map(|note| note.message.as_str());
    if let Some(group) = notes().find_map(implied_by) {
        return Some(Source::Attribute(group.to_owned()));
    }
    // "requested on the command line with `-D unused-variables`" too.
    if let Some(flag) = notes().find_map(|message| {
        ["`-D ", "`-F "]
            .iter()
            .find_map(|f| message.rfind(f).map(|at| &message[at..]))
    }) {
        return Some(Source::Rejected(format!("{flag} on the command line")));
    }
    notes()
        .any(|message| message == "the lint level is defined here")
        .then(|| Source::Attribute("unused_variables".to_owned()))
}

/// `X` in "`#[warn(unused_variables)]` implied by `#[warn(X)]`".
fn implied_by(message: &str) -> Option<&str> {
    let (_, rest) = message.split_once("implied by `#[")?;
    let (_, rest) = rest.split_once('(')?;
    rest.split_once(')').map(|(name, _)| name)
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
        lint_warning("unused_variables", message, children)
    }

    fn lint_warning(lint: &str, message: &str, children: &str) -> String {
        format!(
            r#"{{"message":"{message}","code":{{"code":"{lint}","explanation":null}},
            "level":"warning","spans":[],"children":[{children}],"rendered":null}}"#
        )
    }

    /// The note pointing at `name` in the attribute `line`, as rustc gives it.
    fn defined_here(line: &str, name: &str) -> String {
        let column = line.rfind(name).unwrap() + 1;
        format!(
            r#"{{"message":"the lint level is defined here","code":null,"level":"note",
            "spans":[{{"file_name":"src/lib.rs","byte_start":0,"byte_end":1,"line_start":1,
            "line_end":1,"column_start":{column},"column_end":{end},"is_primary":true,
            "text":[{{"text":"{line}","highlight_start":{column},"highlight_end":{end}}}],
            "label":null,"suggested_replacement":null,"suggestion_applicability":null,
            "expansion":null}}],"children":[],"rendered":null}}"#,
            end = column + name.len()
        )
    }

    fn note(message: &str) -> String {
        format!(
            r#"{{"message":"{message}","code":null,"level":"note","spans":[],"children":[],
            "rendered":null}}"#
        )
    }

    const MARKER: &str = "unused variable: `mutate_unused_00000000000000ab`";

    /// A comparison's mark: `unused_comparisons` on the witness, its reason naming the mutant.
    fn comparison(id: &str) -> String {
        let reason = unviable_marks::note(Kind::Comparison, id);
        lint_warning(
            "unused_comparisons",
            "comparison is useless due to type limits",
            &note(&reason),
        )
    }

    #[test]
    fn a_comparison_beyond_its_type_is_unviable_only_where_warnings_are_denied() {
        let id = "src/lib.rs:3:11: replace > with >= in any";
        // `deny(unused)` rejects unused parameters, not comparisons.
        let mut seen = DeniedWarnings::default();
        let unused = [
            defined_here("#![deny(unused)]", "unused"),
            note("`#[deny(unused_variables)]` implied by `#[deny(unused)]`"),
        ];
        assert!(seen.take("lib", &diagnostic(&warning(MARKER, &unused.join(",")))));
        assert!(seen.take("lib", &diagnostic(&comparison(id))));
        assert_eq!(seen.denied().len(), 1);
        assert!(seen.denied_with_warnings().is_empty());
        // `deny(warnings)` rejects both.
        let mut seen = DeniedWarnings::default();
        let warnings = [
            defined_here("#![cfg_attr(test, deny(warnings))]", "warnings"),
            note("`#[warn(unused_variables)]` implied by `#[warn(warnings)]`"),
        ];
        assert!(seen.take("lib", &diagnostic(&comparison(id))));
        assert!(seen.take("lib", &diagnostic(&warning(MARKER, &warnings.join(",")))));
        let reason = &seen.denied_with_warnings()[id];
        assert!(
            reason.contains("deny(warnings)") && reason.contains("useless"),
            "{reason}"
        );
    }

    #[test]
    fn a_call_of_itself_is_unviable_only_where_warnings_are_denied() {
        let id = "src/lib.rs:9:9: replace Start::default -> Self with Default::default()";
        // The deprecation that marks it: the note is in rustc's message itself.
        let message = format!(
            "use of deprecated function `__mutate_recursion`: {}",
            unviable_marks::note(Kind::Recursion, id)
        );
        let recursion = lint_warning("deprecated", &message, "");
        let mut seen = DeniedWarnings::default();
        assert!(seen.take("lib", &diagnostic(&recursion)));
        assert!(seen.denied_with_warnings().is_empty());
        let flag = note("`-D unused-variables` implied by `-D warnings`");
        assert!(!seen.take("lib", &diagnostic(&warning("unused variable: `x`", &flag))));
        let reason = &seen.denied_with_warnings()[id];
        assert!(reason.contains("unconditional_recursion"), "{reason}");
    }

    #[test]
    fn a_crate_that_denies_warnings_in_its_tests_rejects_the_markers() {
        let mut seen = DeniedWarnings::default();
        // The library built for its unit tests: the first warning carries the source.
        let attribute = "#![cfg_attr(test, deny(warnings))]";
        let notes = [
            defined_here(attribute, "warnings"),
            note("`#[warn(unused_variables)]` implied by `#[warn(warnings)]`"),
        ];
        let first = warning(MARKER, &notes.join(","));
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
        let mut seen = DeniedWarnings::default();
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
    fn an_attribute_shown_on_another_lint_s_warning_still_counts() {
        let mut seen = DeniedWarnings::default();
        // httparse's test build: an `unused_parens` warning came first and took the note.
        let attribute = "#![cfg_attr(test, deny(warnings))]";
        let notes = [
            defined_here(attribute, "warnings"),
            note("`#[warn(unused_parens)]` implied by `#[warn(warnings)]`"),
        ];
        let parens = lint_warning("unused_parens", "unnecessary parentheses", &notes.join(","));
        assert!(!seen.take("lib", &diagnostic(&parens)));
        let implied = note("`#[warn(unused_variables)]` implied by `#[warn(warnings)]`");
        assert!(seen.take("lib", &diagnostic(&warning(MARKER, &implied))));
        let reason = &seen.denied()["mutate_unused_00000000000000ab"];
        assert!(
            reason.contains("cfg_attr(test, deny(warnings))"),
            "{reason}"
        );
    }

    #[test]
    fn a_crate_that_warns_of_its_unused_names_keeps_the_markers() {
        let mut seen = DeniedWarnings::default();
        let attribute = "#![warn(unused_variables)]";
        let first = warning(MARKER, &defined_here(attribute, "unused_variables"));
        assert!(seen.take("lib", &diagnostic(&first)));
        assert!(seen.denied().is_empty());
        let mut seen = DeniedWarnings::default();
        let attribute = "#![deny(unused_variables)]";
        seen.take(
            "lib",
            &diagnostic(&warning(
                MARKER,
                &defined_here(attribute, "unused_variables"),
            )),
        );
        assert_eq!(seen.denied().len(), 1);
    }

    /// A warning of `lint` at src/lib.rs:8:4, written by the user or by a macro.
    fn placed(lint: &str, message: &str, children: &str, by_macro: bool) -> Diagnostic {
        let expansion = if by_macro {
            r##"{"span":{"file_name":"src/lib.rs","byte_start":0,"byte_end":1,"line_start":3,
            "line_end":3,"column_start":1,"column_end":2,"is_primary":false,"text":[],
            "label":null,"suggested_replacement":null,"suggestion_applicability":null,
            "expansion":null},"macro_decl_name":"#[mutate]","def_site_span":null}"##
        } else {
            "null"
        };
        diagnostic(&format!(
            r#"{{"message":"{message}","code":{{"code":"{lint}","explanation":null}},
            "level":"warning","spans":[{{"file_name":"src/lib.rs","byte_start":0,
            "byte_end":1,"line_start":8,"line_end":8,"column_start":4,"column_end":5,
            "is_primary":true,"text":[],"label":null,"suggested_replacement":null,
            "suggestion_applicability":null,"expansion":{expansion}}}],
            "children":[{children}],"rendered":null}}"#
        ))
    }

    #[test]
    fn a_user_warning_is_rejected_where_its_level_s_source_rejects() {
        let attribute = "#![deny(warnings)]";
        let marker_notes = [
            defined_here(attribute, "warnings"),
            note("`#[warn(unused_variables)]` implied by `#[warn(warnings)]`"),
        ];
        let implied = note("`#[warn(dead_code)]` implied by `#[warn(warnings)]`");
        let dead = "function `never_called` is never used";
        // rustc said the attribute on the marker, before the user's warning.
        let mut seen = DeniedWarnings::default();
        assert!(seen.take(
            "lib",
            &diagnostic(&warning(MARKER, &marker_notes.join(",")))
        ));
        seen.take_user("lib", "denied", &placed("dead_code", dead, &implied, false));
        let rejected = seen.rejected().expect("rejected");
        assert_eq!(rejected.place, "src/lib.rs:8:4");
        assert_eq!(rejected.by, format!("`{attribute}`"));
        // The same warning written by the macro, or in a doc test the driver compiled, is
        // not the user's code as written.
        let mut seen = DeniedWarnings::default();
        seen.take(
            "lib",
            &diagnostic(&warning(MARKER, &marker_notes.join(","))),
        );
        seen.take_user("lib", "denied", &placed("dead_code", dead, &implied, true));
        let doc_tests = format!("{}denied", crate::doctests::TARGET_PREFIX);
        seen.take_user(
            "lib",
            &doc_tests,
            &placed("dead_code", dead, &implied, false),
        );
        assert_eq!(seen.rejected(), None);
        // A level by default, or an attribute that warns, rejects nothing.
        let mut seen = DeniedWarnings::default();
        let by_default = note("`#[warn(dead_code)]` on by default");
        seen.take_user(
            "lib",
            "denied",
            &placed("dead_code", dead, &by_default, false),
        );
        let warns = defined_here("#![warn(warnings)]", "warnings");
        seen.take_user("lib", "denied", &placed("dead_code", dead, &warns, false));
        assert_eq!(seen.rejected(), None);
        // A flag does.
        let flag = note("`-D dead-code` implied by `-D warnings`");
        seen.take_user("lib", "denied", &placed("dead_code", dead, &flag, false));
        assert!(seen.rejected().unwrap().by.contains("`-D warnings`"));
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
