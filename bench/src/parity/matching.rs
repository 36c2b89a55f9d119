//! Which of cargo-mutants' listed mutants mutate also makes: each of theirs paired with at
//! most one of ours on the same file and line. The tools name functions differently
//! (`<impl Hasher for FnvHasher>::finish` against `FnvHasher::finish`) and space tokens
//! differently, so names alone would undercount; the passes go from the strictest
//! agreement to the loosest, so that a loose pass never takes a mutant a strict one wants.

use crate::versus::compare::without_global_paths;
use crate::versus::tools::position_in_id;
use serde_json::Value;
use std::collections::HashMap;

/// One mutant of `cargo mutants --list --json`.
#[derive(Debug, Clone)]
pub struct Theirs {
    pub name: String,
    pub file: String,
    pub line: u64,
    pub column: u64,
    pub genre: String,
    /// The change, from the name: see [`change_text`].
    change: String,
    /// The replacement as compared: see [`replacement_key`].
    replacement: String,
    /// An empty replacement: cargo-mutants deletes the text (`delete !`, `delete -`,
    /// `delete match arm`).
    deletes: bool,
    /// First and last line of the function, for a whole-body replacement (`FnValue`).
    function_lines: Option<(u64, u64)>,
}

/// One mutant of `cargo-mutate-driver mutate-driver --all-items --list --json`.
#[derive(Debug, Clone)]
pub struct Ours {
    pub file: String,
    pub status: String,
    /// Where the report's `location` starts; the id's line may differ (the operator's
    /// line, where `location` starts the whole expression).
    location_line: u64,
    /// The id's line and column, or else `location`'s.
    pub line: u64,
    pub column: u64,
    mutator: String,
    change: String,
    replacement: String,
    deletes: bool,
}

impl Theirs {
    pub fn from_json(m: &Value) -> Self {
        let name = str_at(&m["name"]);
        let description = name.split_once(": ").map_or(name.as_str(), |(_, d)| d);
        let replacement = str_at(&m["replacement"]);
        let span = &m["function"]["span"];
        Theirs {
            change: change_text(description),
            replacement: replacement_key(&replacement),
            deletes: squeeze(&replacement).is_empty(),
            file: str_at(&m["file"]),
            line: u64_at(&m["span"]["start"]["line"]),
            column: u64_at(&m["span"]["start"]["column"]),
            genre: str_at(&m["genre"]),
            function_lines: span["start"]["line"]
                .as_u64()
                .zip(span["end"]["line"].as_u64()),
            name,
        }
    }
}

impl Ours {
    pub fn from_json(m: &Value) -> Self {
        let id = str_at(&m["id"]);
        let description = str_at(&m["description"]);
        let location_line = u64_at(&m["location"]["start"]["line"]);
        let (line, column) = position_in_id(&id)
            .unwrap_or((location_line, u64_at(&m["location"]["start"]["column"])));
        Ours {
            change: change_text(&description),
            replacement: replacement_key(&str_at(&m["replacement"])),
            deletes: description.starts_with("delete"),
            file: str_at(&m["file"]),
            status: str_at(&m["status"]),
            mutator: str_at(&m["mutatorName"]),
            location_line,
            line,
            column,
        }
    }

    /// The lines it may be found on: its id's and its location's.
    fn lines(&self) -> Vec<u64> {
        let mut lines = vec![self.location_line];
        if self.line != self.location_line {
            lines.push(self.line);
        }
        lines
    }
}

fn str_at(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_owned()
}

fn u64_at(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

fn squeeze(text: &str) -> String {
    text.split_whitespace().collect()
}

/// A description's change: cut before its last ` in ` (the function, which the tools
/// name differently), whitespace and global `::` dropped (`* x` = `*x`,
/// `::core::x` = `core::x`).
fn change_text(description: &str) -> String {
    let change = description
        .rfind(" in ")
        .map_or(description, |at| &description[..at]);
    without_global_paths(&squeeze(change))
}

fn replacement_key(replacement: &str) -> String {
    without_global_paths(&squeeze(replacement))
}

/// Whether `ours` puts the same thing in as `theirs`: the same replacement, or for one of
/// their deletions (empty replacement) one of our deletions of the same text.
fn same_replacement(theirs: &Theirs, ours: &Ours) -> bool {
    if theirs.deletes {
        ours.deletes && theirs.change == ours.change
    } else {
        theirs.replacement == ours.replacement
    }
}

/// The mutant of ours a mutant of theirs was paired with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// Its index among ours.
    pub ours: usize,
    /// Found on another line of the same function (a whole-body replacement), not on
    /// the line cargo-mutants gives.
    pub by_function_span: bool,
}

/// For each of `theirs`, the one of `ours` it is paired with, if any; no mutant of ours is
/// paired twice.
pub fn pair(theirs: &[Theirs], ours: &[Ours]) -> Vec<Option<Pairing>> {
    let mut on_line: HashMap<(&str, u64), Vec<usize>> = HashMap::new();
    for (k, o) in ours.iter().enumerate() {
        for line in o.lines() {
            on_line.entry((o.file.as_str(), line)).or_default().push(k);
        }
    }
    type Pass = fn(&Theirs, &Ours) -> bool;
    let passes: [Pass; 4] = [
        |t, o| t.column == o.column && t.change == o.change,
        |t, o| t.change == o.change,
        |t, o| t.column == o.column,
        |_, _| true,
    ];
    let mut pairs: Vec<Option<Pairing>> = vec![None; theirs.len()];
    let mut taken = vec![false; ours.len()];
    for pass in passes {
        for (t, pairing) in theirs.iter().zip(pairs.iter_mut()) {
            if pairing.is_some() {
                continue;
            }
            let candidates = on_line.get(&(t.file.as_str(), t.line));
            let found = candidates
                .into_iter()
                .flatten()
                .copied()
                .find(|&k| !taken[k] && same_replacement(t, &ours[k]) && pass(t, &ours[k]));
            if let Some(k) = found {
                taken[k] = true;
                *pairing = Some(Pairing {
                    ours: k,
                    by_function_span: false,
                });
            }
        }
    }
    // A whole-body replacement both tools make, placed by mutate on another line of the
    // function than by cargo-mutants (a body whose first expression is not on its line).
    for (t, pairing) in theirs.iter().zip(pairs.iter_mut()) {
        let (Some((first, last)), None, "FnValue") = (t.function_lines, &pairing, t.genre.as_str())
        else {
            continue;
        };
        let found = ours.iter().enumerate().find(|(k, o)| {
            !taken[*k]
                && o.file == t.file
                && o.mutator == "fn_value"
                && (first..=last).contains(&o.location_line)
                && same_replacement(t, o)
        });
        if let Some((k, _)) = found {
            taken[k] = true;
            *pairing = Some(Pairing {
                ours: k,
                by_function_span: true,
            });
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn theirs(name: &str, replacement: &str) -> Theirs {
        let mut parts = name.splitn(4, ':');
        let file = parts.next().unwrap();
        let line: u64 = parts.next().unwrap().parse().unwrap();
        let column: u64 = parts.next().unwrap().parse().unwrap();
        Theirs::from_json(&json!({
            "name": name, "file": file, "replacement": replacement, "genre": "BinaryOperator",
            "span": {"start": {"line": line, "column": column}},
        }))
    }

    fn ours(id: &str, replacement: &str) -> Ours {
        let description = id.splitn(4, ':').nth(3).unwrap().trim();
        Ours::from_json(&json!({
            "id": id, "file": id.split(':').next().unwrap(), "description": description,
            "replacement": replacement, "mutatorName": "binary", "status": "Pending",
            "location": {"start": {"line": 0, "column": 0}},
        }))
    }

    fn paired(theirs: &[Theirs], ours: &[Ours]) -> Vec<Option<usize>> {
        pair(theirs, ours)
            .into_iter()
            .map(|p| p.map(|p| p.ours))
            .collect()
    }

    #[test]
    fn a_deletion_is_paired_by_its_description() {
        let t = [theirs("src/lib.rs:7:5: delete ! in f", "")];
        let o = [
            ours("src/lib.rs:7:5: replace !x with x in f", "x"),
            ours("src/lib.rs:7:5: delete ! in f", ""),
        ];
        assert_eq!(paired(&t, &o), [Some(1)]);
        let other_deletion = [ours("src/lib.rs:7:5: delete - in f", "")];
        assert_eq!(paired(&t, &other_deletion), [None]);
    }

    #[test]
    fn whitespace_global_paths_and_function_names_are_ignored() {
        let t = [theirs(
            "src/lib.rs:3:9: replace <impl A for B>::f -> u8 with ::core::u8::MAX in <impl A for B>::f",
            "::core::u8::MAX",
        )];
        let o = [ours(
            "src/lib.rs:3:9: replace B::f -> u8 with core :: u8 :: MAX in B::f",
            "core :: u8 :: MAX",
        )];
        assert_eq!(paired(&t, &o), [Some(0)]);
    }

    #[test]
    fn other_lines_files_and_replacements_are_not_paired() {
        let t = [theirs("src/lib.rs:3:9: replace + with - in f", "-")];
        let elsewhere = [
            ours("src/lib.rs:4:9: replace + with - in f", "-"),
            ours("src/main.rs:3:9: replace + with - in f", "-"),
            ours("src/lib.rs:3:9: replace + with * in f", "*"),
        ];
        assert_eq!(paired(&t, &elsewhere), [None]);
    }

    #[test]
    fn each_of_ours_is_paired_once() {
        let t = [
            theirs("src/lib.rs:3:9: replace + with - in f", "-"),
            theirs("src/lib.rs:3:20: replace + with - in f", "-"),
        ];
        let o = [ours("src/lib.rs:3:20: replace + with - in f", "-")];
        assert_eq!(paired(&t, &o), [None, Some(0)]);
    }

    #[test]
    fn the_same_column_is_preferred_over_the_order_of_ours() {
        let t = [theirs("src/lib.rs:3:20: replace + with - in f", "-")];
        let o = [
            ours("src/lib.rs:3:9: replace + with - in f", "-"),
            ours("src/lib.rs:3:20: replace + with - in f", "-"),
        ];
        assert_eq!(paired(&t, &o), [Some(1)]);
    }

    #[test]
    fn a_change_shown_differently_is_paired_by_its_column() {
        // mutate shows a regrouping swap on the whole expression, with parentheses.
        let t = [theirs("src/lib.rs:3:13: replace + with * in f", "*")];
        let o = [ours(
            "src/lib.rs:3:13: replace c - b + 10 with (c - b) * 10 in f",
            "*",
        )];
        assert_eq!(paired(&t, &o), [Some(0)]);
    }

    #[test]
    fn a_whole_body_replacement_is_found_elsewhere_in_its_function() {
        let t = Theirs::from_json(&json!({
            "name": "src/lib.rs:10:9: replace f -> u8 with 0", "file": "src/lib.rs",
            "replacement": "0", "genre": "FnValue",
            "span": {"start": {"line": 10, "column": 9}},
            "function": {"span": {"start": {"line": 9}, "end": {"line": 12}}},
        }));
        let o = Ours::from_json(&json!({
            "id": "src/lib.rs:11:9: replace f -> u8 with 0", "file": "src/lib.rs",
            "description": "replace f -> u8 with 0", "replacement": "0",
            "mutatorName": "fn_value", "location": {"start": {"line": 11, "column": 9}},
        }));
        let pairs = pair(&[t], &[o]);
        assert_eq!(
            pairs,
            [Some(Pairing {
                ours: 0,
                by_function_span: true
            })]
        );
    }

    #[test]
    fn the_location_line_counts_too() {
        // The id names the operator's line; the location starts the expression above it.
        let t = [theirs("src/lib.rs:4:13: replace || with && in f", "&&")];
        let mut o = ours("src/lib.rs:5:13: replace || with && in f", "&&");
        o.location_line = 4;
        assert_eq!(paired(&t, &[o]), [Some(0)]);
    }
}
