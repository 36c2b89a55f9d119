//! The report cut into what the page parses at once and what it parses on demand.
//!
//! The index is what the summary, the filters, the file tree and the list of survivors
//! are drawn from: each mutant's id, outcome, operator, line and description, the tests'
//! names, and the run's totals. Each file's source and full mutants are a part of their
//! own, parsed only when the file is opened, so a report of thousands of mutants opens at
//! the cost of its index.
//!
//! The tests that cover or kill a mutant are written as positions in the index's test
//! list: a mutant is often covered by a hundred tests or more, and a test id is long, so
//! these lists were most of the page.

use serde_json::{Map, Value, json};
use std::collections::HashMap;

pub struct Parts {
    pub index: Value,
    /// One per file, in the order of the index's `files` (its `part` is the position here).
    pub files: Vec<Value>,
}

/// The mutant lists written as test positions.
const TEST_LISTS: [&str; 2] = ["coveredBy", "killedBy"];

pub fn split(report: &Value) -> Parts {
    let mut tests = Tests::default();
    for file in report["testFiles"]
        .as_object()
        .into_iter()
        .flat_map(Map::values)
    {
        for test in file["tests"].as_array().into_iter().flatten() {
            if let Some(id) = test["id"].as_str() {
                tests.position(id, test["name"].as_str());
            }
        }
    }
    let mut index_files = Vec::new();
    let mut files = Vec::new();
    let mut names: Vec<&String> = report["files"]
        .as_object()
        .map(|f| f.keys().collect())
        .unwrap_or_default();
    names.sort();
    for name in names {
        let mut file = report["files"][name].clone();
        let mutants = file["mutants"].as_array_mut().map(std::mem::take);
        let mutants: Vec<Value> = mutants
            .unwrap_or_default()
            .into_iter()
            .map(|mut m| {
                for list in TEST_LISTS {
                    if let Some(ids) = m[list].as_array() {
                        let positions: Vec<usize> = ids
                            .iter()
                            .filter_map(Value::as_str)
                            .map(|id| tests.position(id, None))
                            .collect();
                        m[list] = json!(positions);
                    }
                }
                m
            })
            .collect();
        index_files.push(json!({
            "name": name,
            "part": files.len(),
            "mutants": mutants.iter().map(summary).collect::<Vec<_>>(),
        }));
        file["mutants"] = Value::Array(mutants);
        files.push(file);
    }
    let index = json!({
        "projectRoot": report["projectRoot"],
        "thresholds": report["thresholds"],
        "seconds": report["seconds"],
        "tests": tests.list,
        "files": index_files,
    });
    Parts { index, files }
}

/// What the index holds of a mutant: enough to count it, filter it and list it.
fn summary(m: &Value) -> Value {
    json!({
        "id": m["id"],
        "status": m["status"],
        "mutatorName": m["mutatorName"],
        "description": m["description"],
        "line": m["location"]["start"]["line"],
    })
}

/// Every test named in the report, each once, with its name where `testFiles` gives one.
#[derive(Default)]
struct Tests {
    list: Vec<Value>,
    positions: HashMap<String, usize>,
}

impl Tests {
    fn position(&mut self, id: &str, name: Option<&str>) -> usize {
        if let Some(&at) = self.positions.get(id) {
            return at;
        }
        let at = self.list.len();
        self.list
            .push(json!({ "id": id, "name": name.unwrap_or(id) }));
        self.positions.insert(id.to_owned(), at);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> Value {
        json!({
            "projectRoot": "/p",
            "thresholds": { "high": 80, "low": 60 },
            "testFiles": { "t.rs": { "tests": [{ "id": "a::t1", "name": "t1" }] } },
            "files": {
                "src/z.rs": { "language": "rust", "source": "fn z() {}", "mutants": [] },
                "src/a.rs": { "language": "rust", "source": "fn a() {}\n", "mutants": [{
                    "id": "m1", "status": "Survived", "mutatorName": "fn_value",
                    "description": "replace a", "location": { "start": { "line": 1, "column": 1 }, "end": { "line": 1, "column": 9 } },
                    "coveredBy": ["a::t1", "a::t2"], "killedBy": [], "replacement": "()"
                }] }
            }
        })
    }

    #[test]
    fn each_file_is_a_part_of_its_own_and_the_index_holds_no_source() {
        let parts = split(&report());
        let names: Vec<&str> = parts.index["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["src/a.rs", "src/z.rs"]);
        assert_eq!(parts.index["files"][1]["part"], 1);
        assert_eq!(parts.files[1]["source"], "fn z() {}");
        assert_eq!(parts.files[0]["mutants"][0]["replacement"], "()");
        assert!(!parts.index.to_string().contains("fn a()"));
        assert_eq!(
            parts.index["files"][0]["mutants"][0],
            json!({ "id": "m1", "status": "Survived", "mutatorName": "fn_value", "description": "replace a", "line": 1 })
        );
    }

    #[test]
    fn test_lists_are_positions_in_the_index_test_list() {
        let parts = split(&report());
        let tests = &parts.index["tests"];
        let covered: Vec<&Value> = parts.files[0]["mutants"][0]["coveredBy"]
            .as_array()
            .unwrap()
            .iter()
            .map(|at| &tests[at.as_u64().unwrap() as usize])
            .collect();
        // A test testFiles names keeps its name; one it does not is named by its id.
        assert_eq!(
            covered,
            [
                &json!({ "id": "a::t1", "name": "t1" }),
                &json!({ "id": "a::t2", "name": "a::t2" })
            ]
        );
        assert_eq!(parts.files[0]["mutants"][0]["killedBy"], json!([]));
    }
}
