//! The `--message-format json` stream, read: one JSON object per line of stdout.

use serde_json::Value;

/// Every line of `stdout`, each a JSON object (a line that is not one fails the test).
pub fn stream_lines(stdout: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// The last line the stream wrote for mutant `id`: the one that says its final status.
pub fn last_mutant_line<'a>(lines: &'a [Value], id: &str) -> &'a Value {
    lines
        .iter()
        .rev()
        .find(|l| l["type"] == "mutant" && l["id"] == id)
        .unwrap_or_else(|| panic!("no line for {id}"))
}
