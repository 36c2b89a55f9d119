//! `--in-diff` and `--since`: only the mutants on lines a change added or modified (the
//! "modification mutants" of commit-relevant mutation testing). The change is a unified
//! diff, read from a file or standard input, or made by `git diff REV` in the workspace.

use crate::error::{Error, Result};
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

/// The lines a change added or modified, by file (relative to the workspace root, as the
/// mutants name them), as they are numbered after the change.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Changed {
    lines: BTreeMap<String, Vec<RangeInclusive<u32>>>,
}

impl Changed {
    /// Whether the change touches any line from `first` to `last` of `file`.
    pub fn touches(&self, file: &str, first: u32, last: u32) -> bool {
        self.lines.get(file).is_some_and(|ranges| {
            ranges
                .iter()
                .any(|r| *r.start() <= last && first <= *r.end())
        })
    }

    pub fn files(&self) -> usize {
        self.lines.len()
    }

    fn add(&mut self, file: &str, line: u32) {
        let ranges = self.lines.entry(file.to_owned()).or_default();
        match ranges.last_mut() {
            Some(last) if *last.end() + 1 == line => *last = *last.start()..=line,
            _ => ranges.push(line..=line),
        }
    }
}

/// The diff in `path` (`-`: standard input).
pub fn read(path: &Path) -> Result<Changed> {
    let mut text = String::new();
    let read = if path == Path::new("-") {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    read.map_err(|e| Error::Usage(format!("cannot read the diff {}: {e}", path.display())))?;
    parse(&text).map_err(|e| Error::Usage(format!("{}: {e}", path.display())))
}

/// What changed in the workspace at `root` since `rev`: committed, staged and not (files
/// git does not track are not in the diff).
pub fn since(root: &Path, rev: &str) -> Result<Changed> {
    let output = Command::new("git")
        .args(["diff", "--relative", "--no-color", "--no-ext-diff", "-M"])
        .arg(rev)
        .arg("--")
        .current_dir(root)
        .output()
        .map_err(|e| Error::Usage(format!("--since needs git: {e}")))?;
    if !output.status.success() {
        return Err(Error::Usage(format!(
            "--since {rev}: git diff failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    parse(&String::from_utf8_lossy(&output.stdout))
        .map_err(|e| Error::Usage(format!("--since {rev}: {e}")))
}

/// The added and modified lines of a unified diff (git's, or `diff -u`'s).
pub fn parse(text: &str) -> std::result::Result<Changed, String> {
    let mut changed = Changed::default();
    // The file after the change (`None` once deleted), from the last `+++` line.
    let mut file: Option<Option<String>> = None;
    // The current hunk: (old lines, new lines) still to come, and the next new line.
    let mut hunk = (0u32, 0u32, 0u32);
    for (n, line) in text.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}: {line}", n + 1);
        let (old, new, next) = &mut hunk;
        if *old + *new > 0 {
            let take = |count: &mut u32| {
                *count = count
                    .checked_sub(1)
                    .ok_or_else(|| at("more lines than its hunk"))?;
                Ok::<(), String>(())
            };
            match line.chars().next() {
                Some('+') => {
                    let Some(Some(file)) = &file else {
                        return Err(at("an added line in a deleted file"));
                    };
                    changed.add(file, *next);
                    take(new)?;
                    *next += 1;
                }
                Some('-') => take(old)?,
                Some(' ') | None => {
                    take(old)?;
                    take(new)?;
                    *next += 1;
                }
                // "\ No newline at end of file".
                Some('\\') => {}
                _ => return Err(at("not a line of its hunk")),
            }
        } else if let Some(path) = line.strip_prefix("+++ ") {
            file = Some(new_path(path));
        } else if let Some(header) = line.strip_prefix("@@ ") {
            if file.is_none() {
                return Err(at("a hunk before any `+++` file line"));
            }
            hunk = hunk_header(header).ok_or_else(|| at("a malformed hunk header"))?;
        }
        // Anything else lies between files: `diff --git`, `index`, `---`, renames, modes.
    }
    if hunk.0 + hunk.1 > 0 {
        return Err(format!(
            "the diff ends inside a hunk ({} old and {} new lines missing)",
            hunk.0, hunk.1
        ));
    }
    Ok(changed)
}

/// The file a `+++` line names after the change: `None` for a deleted file. git's `b/`
/// prefix is dropped, and so is a timestamp after a tab (`diff -u`).
fn new_path(text: &str) -> Option<String> {
    let path = text.split('\t').next().unwrap_or(text).trim_end();
    if path == "/dev/null" {
        return None;
    }
    let path = path.strip_prefix("b/").unwrap_or(path);
    Some(path.trim_matches('"').to_owned())
}

/// `-a,b +c,d @@ ...` as (old lines, new lines, first new line); a count left out is 1.
fn hunk_header(header: &str) -> Option<(u32, u32, u32)> {
    let mut parts = header.split_whitespace();
    let old = parts.next()?.strip_prefix('-')?;
    let new = parts.next()?.strip_prefix('+')?;
    let range = |text: &str| -> Option<(u32, u32)> {
        match text.split_once(',') {
            Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
            None => Some((text.parse().ok()?, 1)),
        }
    };
    let ((_, old_count), (new_start, new_count)) = (range(old)?, range(new)?);
    Some((old_count, new_count, new_start))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIT_DIFF: &str = "\
diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -3,6 +3,7 @@ pub fn a() {
 context
-old line
+new line
+another new line
 context
 context
 context
 context
@@ -20,2 +21,2 @@
-x
+y
 z
diff --git a/src/old.rs b/src/renamed.rs
similarity index 90%
rename from src/old.rs
rename to src/renamed.rs
--- a/src/old.rs
+++ b/src/renamed.rs
@@ -1 +1 @@
-fn f() {}
+fn g() {}
\\ No newline at end of file
diff --git a/src/gone.rs b/src/gone.rs
deleted file mode 100644
--- a/src/gone.rs
+++ /dev/null
@@ -1,2 +0,0 @@
-fn gone() {}
-
diff --git a/src/new.rs b/src/new.rs
new file mode 100644
--- /dev/null
+++ b/src/new.rs
@@ -0,0 +1,3 @@
+fn new() {
+    1
+}
";

    #[test]
    fn reads_added_and_modified_lines_by_file() {
        let changed = parse(GIT_DIFF).unwrap();
        assert_eq!(changed.files(), 3);
        // Lines 4 and 5 (the modified line and the added one), and 21.
        assert!(changed.touches("src/lib.rs", 4, 4));
        assert!(changed.touches("src/lib.rs", 5, 5));
        assert!(!changed.touches("src/lib.rs", 3, 3));
        assert!(!changed.touches("src/lib.rs", 6, 20));
        assert!(changed.touches("src/lib.rs", 21, 21));
        assert!(changed.touches("src/lib.rs", 10, 30));
        assert!(changed.touches("src/renamed.rs", 1, 1));
        assert!(!changed.touches("src/old.rs", 1, 1));
        assert!(!changed.touches("src/gone.rs", 1, 1));
        assert!(changed.touches("src/new.rs", 1, 3));
        assert!(!changed.touches("src/new.rs", 4, 9));
    }

    #[test]
    fn reads_plain_diff_u_output() {
        let text = "--- lib.rs.orig\t2026-11-23 10:00:00\n+++ lib.rs\t2026-11-23 10:01:00\n\
                    @@ -1,2 +1,2 @@\n a\n-b\n+c\n";
        let changed = parse(text).unwrap();
        assert!(changed.touches("lib.rs", 2, 2));
        assert!(!changed.touches("lib.rs", 1, 1));
    }

    #[test]
    fn an_empty_diff_changes_nothing() {
        assert_eq!(parse("").unwrap(), Changed::default());
    }

    #[test]
    fn malformed_diffs_are_refused_with_the_line() {
        let bad_header = "+++ b/x.rs\n@@ -1,2 +one @@\n a\n";
        assert!(
            parse(bad_header)
                .unwrap_err()
                .contains("malformed hunk header")
        );
        let cut_short = "+++ b/x.rs\n@@ -1,3 +1,3 @@\n a\n";
        assert!(parse(cut_short).unwrap_err().contains("ends inside a hunk"));
        let no_file = "@@ -1 +1 @@\n-a\n+b\n";
        assert!(parse(no_file).unwrap_err().contains("before any `+++`"));
        let stray = "+++ b/x.rs\n@@ -1,2 +1,2 @@\n a\n*b\n";
        assert!(parse(stray).unwrap_err().contains("not a line of its hunk"));
    }
}
