//! `report.html`: one self-contained page (no network at view time) that shows
//! `report.json` in a browser: the summary, a file tree with per-file scores, each file's
//! source with its mutants marked, each mutant's diff, tests and diagnosis, and filters.
//!
//! The page is the report's data embedded as JSON plus a script that builds the view from
//! it. The data is cut in parts (`parts.rs`): a small index parsed when the page opens,
//! and each file's source and mutants in a data block of its own, parsed when the file is
//! opened, so that a report of thousands of mutants opens as fast as its index parses.
//!
//! Source text never passes through HTML parsing: the script puts it in the page as
//! text nodes, and each embedded block has every `<`, `>` and `&` escaped, so no string in
//! the user's code (`</script>` or `<img onerror=..>`) can end its data block or become
//! markup.

mod parts;

use serde_json::Value;

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("style.css");
/// The page's script, in the order it runs: reading the data, paged lists, the view.
const SCRIPTS: [&str; 3] = [
    include_str!("data.js"),
    include_str!("lists.js"),
    include_str!("app.js"),
];

/// The id of the data block that holds file part `n`, as `data.js` looks it up.
fn file_block_id(n: usize) -> String {
    format!("report-file-{n}")
}

/// The page for a report as `report::json::build` makes it.
pub fn page(report: &Value) -> String {
    let parts = parts::split(report);
    let mut data = block("report-index", &parts.index);
    for (n, file) in parts.files.iter().enumerate() {
        data.push('\n');
        data.push_str(&block(&file_block_id(n), file));
    }
    // Replaced in this order, so text inserted earlier is never searched again: the data
    // (which may hold any text) goes in last.
    PAGE.replacen("{{style}}", STYLE, 1)
        .replacen("{{script}}", &SCRIPTS.join("\n"), 1)
        .replacen("{{data}}", &data, 1)
}

/// A data block: `value` as JSON that the page parses when it needs it.
fn block(id: &str, value: &Value) -> String {
    format!(
        r#"<script type="application/json" id="{id}">{}</script>"#,
        script_safe_json(value)
    )
}

/// JSON that can sit inside `<script type="application/json">`: the characters HTML
/// parsing could act on are written as JSON escapes (they can only occur inside strings,
/// where `\u003c` means the same), and so are the two line separators old script parsers
/// end a line at.
fn script_safe_json(value: &Value) -> String {
    let text = serde_json::to_string(value).expect("JSON values serialize");
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The text of the data block `id` in `page`, up to the first `</script>` after it
    /// (where an HTML parser ends it).
    fn embedded<'a>(page: &'a str, id: &str) -> &'a str {
        let opening = format!(r#"<script type="application/json" id="{id}">"#);
        let start = page
            .find(&opening)
            .unwrap_or_else(|| panic!("no block {id}"))
            + opening.len();
        let end = page[start..].find("</script>").unwrap();
        &page[start..start + end]
    }

    const HOSTILE: &str = "</script><script>window.injected = true</script> <img src=x onerror=\"x()\"> & \u{2028} {{data}}";

    fn hostile_report() -> Value {
        json!({
            "testFiles": { "t.rs": { "tests": [{ "id": "t</script>", "name": "<b>t</b>" }] } },
            "files": {
                "src/a.rs": { "source": HOSTILE, "mutants": [{
                    "id": "src/a.rs:1:1: </script>", "status": "Survived", "mutatorName": "x",
                    "description": HOSTILE, "location": { "start": { "line": 1, "column": 1 }, "end": { "line": 1, "column": 2 } },
                    "coveredBy": ["t</script>"], "replacement": HOSTILE
                }] },
                "src/b.rs": { "source": HOSTILE, "mutants": [] }
            }
        })
    }

    #[test]
    fn markup_in_the_data_cannot_leave_its_script_element() {
        let page = page(&hostile_report());
        for id in ["report-index", "report-file-0", "report-file-1"] {
            let embedded = embedded(&page, id);
            assert!(
                !embedded.contains('<') && !embedded.contains('>') && !embedded.contains('&'),
                "{id}: {embedded}"
            );
            assert!(!embedded.contains('\u{2028}'));
            serde_json::from_str::<Value>(embedded).unwrap_or_else(|e| panic!("{id}: {e}"));
        }
    }

    #[test]
    fn each_file_block_reads_back_as_its_file() {
        let report = hostile_report();
        let page = page(&report);
        let index: Value = serde_json::from_str(embedded(&page, "report-index")).unwrap();
        for file in index["files"].as_array().unwrap() {
            let id = file_block_id(file["part"].as_u64().unwrap() as usize);
            let back: Value = serde_json::from_str(embedded(&page, &id)).unwrap();
            let name = file["name"].as_str().unwrap();
            assert_eq!(back["source"], report["files"][name]["source"], "{name}");
            let mutants = report["files"][name]["mutants"].as_array().unwrap();
            assert_eq!(back["mutants"].as_array().unwrap().len(), mutants.len());
            for (back, m) in back["mutants"].as_array().unwrap().iter().zip(mutants) {
                assert_eq!(back["description"], m["description"]);
                assert_eq!(back["replacement"], m["replacement"]);
                let covered: Vec<&Value> = back["coveredBy"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|at| &index["tests"][at.as_u64().unwrap() as usize]["id"])
                    .collect();
                let expected: Vec<&Value> = m["coveredBy"].as_array().unwrap().iter().collect();
                assert_eq!(covered, expected);
            }
        }
    }

    #[test]
    fn the_page_is_self_contained() {
        let page = page(&json!({}));
        for placeholder in ["{{style}}", "{{script}}", "{{data}}"] {
            assert!(
                !page.contains(placeholder),
                "{placeholder} left in the page"
            );
        }
        // Nothing is fetched when the page is viewed.
        for reference in ["src=", "href=\"http", "@import", "url(", "fetch("] {
            assert!(!page.contains(reference), "the page refers to {reference}");
        }
    }
}
