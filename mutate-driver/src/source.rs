//! Source text: the code a mutant changes, before and after, for survivors and diffs; words
//! in code, and the files under a folder.

use mutate_protocol::CatalogEntry;
use std::path::{Path, PathBuf};

/// Whether `code` holds `word` as a word of its own: `ctor` in `#[ctor]`, not in `vector`.
pub fn has_word(code: &str, word: &str) -> bool {
    let in_name = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + word.len()..].chars().next();
        !before.is_some_and(in_name) && !after.is_some_and(in_name)
    })
}

/// Every file under `dir`, looking only into the folders whose names `enter` accepts.
pub fn files_under(dir: &Path, enter: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                found.push(path);
            } else if enter(&entry.file_name().to_string_lossy()) {
                pending.push(path);
            }
        }
    }
    found
}

/// The lines the mutant spans, as written and as mutated. Columns are 1-based characters.
pub fn before_after(source: &str, entry: &CatalogEntry) -> Option<(String, String)> {
    let [l1, c1, l2, c2] = entry.span;
    let lines: Vec<&str> = source.lines().collect();
    let first = *lines.get(l1.checked_sub(1)? as usize)?;
    let last = *lines.get(l2.checked_sub(1)? as usize)?;
    let before: Vec<&str> = lines[(l1 - 1) as usize..l2 as usize].to_vec();
    let prefix: String = first.chars().take(c1.saturating_sub(1) as usize).collect();
    let suffix: String = last.chars().skip(c2.saturating_sub(1) as usize).collect();
    let after = format!("{prefix}{}{suffix}", entry.replacement);
    Some((before.join("\n"), after))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(span: [u32; 4], replacement: &str) -> CatalogEntry {
        CatalogEntry {
            index: 0,
            site: 0,
            ticks: mutate_protocol::NO_TICKS,
            id: String::new(),
            operator: String::new(),
            file: String::new(),
            span,
            original: String::new(),
            replacement: replacement.into(),
            description: String::new(),
            function: String::new(),
            build_error: String::new(),
            compile_time: false,
            value: Default::default(),
        }
    }

    #[test]
    fn replaces_the_span_on_one_line() {
        let src = "fn f() {\n    if a < b { 1 } else { 2 }\n}\n";
        let (before, after) = before_after(src, &entry([2, 10, 2, 11], "<=")).unwrap();
        assert_eq!(before, "    if a < b { 1 } else { 2 }");
        assert_eq!(after, "    if a <= b { 1 } else { 2 }");
    }

    #[test]
    fn joins_a_span_over_lines() {
        let src = "x(a &&\n  b);\n";
        let (before, after) = before_after(src, &entry([1, 3, 2, 4], "true")).unwrap();
        assert_eq!(before, "x(a &&\n  b);");
        assert_eq!(after, "x(true);");
    }

    #[test]
    fn out_of_range_is_none() {
        assert!(before_after("one line", &entry([3, 1, 3, 2], "x")).is_none());
    }
}
