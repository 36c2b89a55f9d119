//! `report.html`: one self-contained page (no network at view time) that shows
//! `report.json` in a browser: the summary, a file tree with per-file scores, each file's
//! source with its mutants marked, each mutant's diff, tests and diagnosis, and filters.
//!
//! The page is the report's JSON embedded as data plus a script that builds the view from
//! it. Source text never passes through HTML parsing: the script puts it in the page as
//! text nodes, and the embedded JSON has every `<`, `>` and `&` escaped, so no string in
//! the user's code (`</script>` or `<img onerror=..>`) can end the data block or become
//! markup.

use serde_json::Value;

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("style.css");
const SCRIPT: &str = include_str!("app.js");

/// The page for a report as `report::json::build` makes it.
pub fn page(report: &Value) -> String {
    let data = script_safe_json(report);
    // Replaced in this order, so text inserted earlier is never searched again: the data
    // (which may hold any text) goes in last.
    PAGE.replacen("{{style}}", STYLE, 1)
        .replacen("{{script}}", SCRIPT, 1)
        .replacen("{{data}}", &data, 1)
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

    #[test]
    fn markup_in_the_data_cannot_leave_its_script_element() {
        let hostile = "</script><script>window.injected = true</script> <img src=x onerror=\"x()\"> & \u{2028}";
        let report = json!({ "files": { "src/lib.rs": { "source": hostile } } });
        let page = page(&report);
        let start = page
            .find(r#"<script type="application/json" id="report-data">"#)
            .unwrap();
        let data = &page[start..];
        let end = data.find("</script>").unwrap();
        let embedded = &data[data.find('>').unwrap() + 1..end];
        assert!(!embedded.contains('<') && !embedded.contains('>') && !embedded.contains('&'));
        assert!(!embedded.contains('\u{2028}'));
        // And it still reads back as the same text.
        let back: Value = serde_json::from_str(embedded).unwrap();
        assert_eq!(back["files"]["src/lib.rs"]["source"], hostile);
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
