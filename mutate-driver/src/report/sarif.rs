//! `report.sarif`: the mutants a developer has to act on, in SARIF 2.1.0 (OASIS), for code
//! scanning and editors. One result per survivor and per mutant no test reaches, at the
//! mutant's span, its message the description and the survivor's diagnosis and advice.
//! Its fingerprint is the mutant without its line and column (file, description, and which
//! of the file's mutants of that description it is), so an edit above it leaves the alert
//! the same alert; the id itself is in the result's properties. Built from `report.json`'s
//! value, so the two never disagree.

use serde_json::{Value, json};

/// The SARIF version written, and the schema it is valid against.
const VERSION: &str = "2.1.0";
const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The base every result's file is relative to: the project's root, as `report.json`'s
/// file names are.
const ROOT_BASE: &str = "%SRCROOT%";

/// The rules: what each kind of result means, and what to do about it.
struct Rule {
    id: &'static str,
    status: &'static str,
    level: &'static str,
    short: &'static str,
    full: &'static str,
}

const RULES: [Rule; 3] = [
    Rule {
        id: "survived",
        status: "Survived",
        level: "warning",
        short: "A mutant survived: the tests that reach it pass with it",
        full: "The code was changed as the message says and every test that runs it still \
               passed: the tests do not check what this code does. The message says why \
               (no infection, no propagation, weak oracle, chance) and what test would tell \
               the change apart.",
    },
    Rule {
        id: "no-coverage",
        status: "NoCoverage",
        level: "note",
        short: "No test reaches this mutant",
        full: "No test runs this code, so no test can tell a change in it apart: add a test \
               that calls it, or mark it as not worth testing.",
    },
    Rule {
        id: "undefined-behaviour",
        status: "RuntimeError",
        level: "warning",
        short: "Undefined behaviour suspected: a test gave two verdicts with this mutant",
        full: "The code was changed as the message says, in a file with unsafe code, and a \
               test that runs it gave one verdict in one run and another in the next (a \
               crash, then a pass): the change likely breaks what the unsafe code relies \
               on and corrupts memory. Run that test with the change under Miri or a \
               sanitizer; a test that checks the invariant the unsafe code relies on would \
               catch it every time.",
    },
];

/// The SARIF log of a report (`report.json`'s value).
pub fn from_report(report: &Value) -> Value {
    let mut results = Vec::new();
    if let Some(files) = report["files"].as_object() {
        for (file, entry) in files {
            let mut seen: std::collections::HashMap<&str, usize> = Default::default();
            for mutant in entry["mutants"].as_array().into_iter().flatten() {
                let description = mutant["description"].as_str().unwrap_or_default();
                let nth = seen.entry(description).or_default();
                *nth += 1;
                if let Some(result) = result(file, mutant, *nth) {
                    results.push(result);
                }
            }
        }
    }
    let rules: Vec<Value> = RULES
        .iter()
        .map(|rule| {
            json!({
                "id": rule.id,
                "name": rule.status,
                "shortDescription": { "text": rule.short },
                "fullDescription": { "text": rule.full },
                "defaultConfiguration": { "level": rule.level },
            })
        })
        .collect();
    let version = report["framework"]["version"].as_str().unwrap_or_default();
    let mut run = json!({
        "tool": {
            "driver": {
                "name": "mutate",
                "version": version,
                "semanticVersion": version,
                "rules": rules,
            }
        },
        "results": results,
        "columnKind": "unicodeCodePoints",
    });
    if let Some(root) = report["projectRoot"].as_str() {
        run["originalUriBaseIds"] = json!({ ROOT_BASE: { "uri": directory_uri(root) } });
    }
    json!({
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [run],
    })
}

/// A survivor's, an uncovered mutant's or an undefined behaviour suspect's result, the
/// `nth` of its file with its description; `None` for any other status.
fn result(file: &str, mutant: &Value, nth: usize) -> Option<Value> {
    let status = mutant["status"].as_str()?;
    let index = RULES.iter().position(|rule| rule.status == status)?;
    let rule = &RULES[index];
    let id = mutant["id"].as_str().unwrap_or_default();
    let description = mutant["description"].as_str().unwrap_or(id);
    let mut text = match status {
        "Survived" => format!("Survived: {description}."),
        "RuntimeError" => format!("Undefined behaviour suspected: {description}."),
        _ => format!("No test reaches it: {description}."),
    };
    if let Some(suggestion) = mutant["diagnosis"]["suggestion"].as_str() {
        text.push(' ');
        text.push_str(suggestion);
    } else if let Some(reason) = mutant["statusReason"].as_str() {
        text.push_str(&format!(" ({reason})"));
    }
    let location = &mutant["location"];
    let at = |end: &str, field: &str| location[end][field].as_u64().filter(|&n| n > 0);
    let mut region = serde_json::Map::new();
    for (key, end, field) in [
        ("startLine", "start", "line"),
        ("startColumn", "start", "column"),
        ("endLine", "end", "line"),
        ("endColumn", "end", "column"),
    ] {
        if let Some(n) = at(end, field) {
            region.insert(key.into(), json!(n));
        }
    }
    let mut physical = json!({
        "artifactLocation": { "uri": file_uri(file), "uriBaseId": ROOT_BASE },
    });
    if region.contains_key("startLine") {
        physical["region"] = Value::Object(region);
    }
    let mut properties = json!({
        "mutantId": id,
        "mutator": mutant["mutatorName"],
        "original": mutant["original"],
        "replacement": mutant["replacement"],
    });
    if let Some(category) = mutant["diagnosis"]["category"].as_str() {
        properties["diagnosis"] = json!(category);
    }
    Some(json!({
        "ruleId": rule.id,
        "ruleIndex": index,
        "level": rule.level,
        "message": { "text": text },
        "locations": [{ "physicalLocation": physical }],
        "partialFingerprints": { "mutant/v1": format!("{file}: {description} #{nth}") },
        "properties": properties,
    }))
}

/// A relative file name as a URI reference: its segments percent-encoded where URIs
/// reserve the character.
fn file_uri(file: &str) -> String {
    file.split(['/', '\\'])
        .map(encode_segment)
        .collect::<Vec<_>>()
        .join("/")
}

/// A directory as a `file://` URI, ending in `/` as SARIF requires of a base.
fn directory_uri(dir: &str) -> String {
    let path = file_uri(dir.trim_end_matches('/'));
    let path = if path.starts_with('/') {
        path
    } else {
        format!("/{path}")
    };
    format!("file://{path}/")
}

fn encode_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Value {
        json!({
            "schemaVersion": "2",
            "framework": { "name": "mutate", "version": "0.1.0" },
            "projectRoot": "/work/my crate",
            "files": {
                "src/lib.rs": { "language": "rust", "mutants": [
                    {
                        "id": "src/lib.rs:3:7: replace > with >= in max",
                        "description": "replace > with >= in max",
                        "mutatorName": "comparison", "original": ">", "replacement": ">=",
                        "location": { "start": { "line": 3, "column": 7 },
                                      "end": { "line": 3, "column": 8 } },
                        "status": "Survived", "statusReason": "no infection: the test passed",
                        "diagnosis": { "category": "no_infection",
                                       "suggestion": "Add a case with both sides equal." },
                    },
                    {
                        "id": "src/lib.rs:9:5: replace f -> u8 with 0",
                        "description": "replace f -> u8 with 0",
                        "mutatorName": "fn_value", "original": "x", "replacement": "0",
                        "location": { "start": { "line": 9, "column": 5 },
                                      "end": { "line": 9, "column": 6 } },
                        "status": "NoCoverage",
                    },
                    {
                        "id": "src/lib.rs:9:5: replace f -> u8 with 1",
                        "description": "replace f -> u8 with 1",
                        "location": { "start": { "line": 9, "column": 5 },
                                      "end": { "line": 9, "column": 6 } },
                        "status": "Killed",
                    },
                ]},
            },
        })
    }

    #[test]
    fn one_result_per_survivor_and_uncovered_mutant_at_its_span() {
        let log = from_report(&report());
        assert_eq!(log["version"], "2.1.0");
        let run = &log["runs"][0];
        assert_eq!(
            run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file:///work/my%20crate/"
        );
        let results = run["results"].as_array().unwrap();
        assert_eq!(results.len(), 2, "the killed mutant has none: {results:?}");
        let survivor = &results[0];
        assert_eq!(survivor["ruleId"], "survived");
        assert_eq!(survivor["level"], "warning");
        assert_eq!(
            survivor["message"]["text"],
            "Survived: replace > with >= in max. Add a case with both sides equal."
        );
        assert_eq!(
            survivor["partialFingerprints"]["mutant/v1"],
            "src/lib.rs: replace > with >= in max #1"
        );
        assert_eq!(
            survivor["properties"]["mutantId"],
            "src/lib.rs:3:7: replace > with >= in max"
        );
        let physical = &survivor["locations"][0]["physicalLocation"];
        assert_eq!(physical["artifactLocation"]["uri"], "src/lib.rs");
        assert_eq!(
            physical["region"],
            json!({ "startLine": 3, "startColumn": 7, "endLine": 3, "endColumn": 8 })
        );
        assert_eq!(results[1]["ruleId"], "no-coverage");
        assert_eq!(results[1]["ruleIndex"], 1);
        assert_eq!(
            results[1]["message"]["text"],
            "No test reaches it: replace f -> u8 with 0."
        );
    }

    #[test]
    fn file_names_are_uri_references() {
        assert_eq!(file_uri("src/a b#c.rs"), "src/a%20b%23c.rs");
        assert_eq!(directory_uri("/w/x/"), "file:///w/x/");
    }
}
