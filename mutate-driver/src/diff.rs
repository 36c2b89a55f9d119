//! `--in-diff` and `--since`: only the mutants on lines a change added or modified (the
//! "modification mutants" of commit-relevant mutation testing). The change is a unified
//! diff, read from a file or standard input, or made by `git diff REV` in the workspace.

use crate::error::{Error, Result};
use std::collections::BTreeMap;
use std::io::Read;
use std::ops::RangeInclusive;
use std::path::Path;
use std::process::Command;

/// What a change did to each file it names (relative to the workspace root, as the
/// mutants name them): the lines it added or modified, numbered as after the change, where
/// it removed lines, and how the other lines are numbered before it.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Changed {
    files: BTreeMap<String, FileChange>,
}

/// A removed line's text, with the line (numbered after the change) it was removed before.
pub type Removed = (u32, String);

#[derive(Debug, Default, PartialEq, Eq)]
struct FileChange {
    /// The file's path before the change: `None` for a new file.
    old_path: Option<String>,
    /// Added or modified lines, in order, as ranges.
    added: Vec<RangeInclusive<u32>>,
    /// Lines before which the change removed lines (numbered after the change; one past
    /// the end for lines removed at the end).
    removed_before: Vec<u32>,
    /// Each removed line's text, with the line it was removed before.
    removed_lines: Vec<Removed>,
    /// `(from line, offset)`: from that line on (after the change), an unchanged line was
    /// `line + offset` before it; in order.
    shifts: Vec<(u32, i64)>,
}

impl Changed {
    /// Whether the change added or modified any line from `first` to `last` of `file`.
    pub fn touches(&self, file: &str, first: u32, last: u32) -> bool {
        self.files.get(file).is_some_and(|f| {
            f.added
                .iter()
                .any(|r| *r.start() <= last && first <= *r.end())
        })
    }

    /// Whether code from line `first` to `last` of `file` was changed: a line of it added or
    /// modified, or lines removed from inside it (the paper's modification mutants sit on
    /// such code).
    pub fn modifies(&self, file: &str, first: u32, last: u32) -> bool {
        self.touches(file, first, last)
            || self.files.get(file).is_some_and(|f| {
                f.removed_before
                    .iter()
                    .any(|&line| first < line && line <= last)
            })
    }

    /// Where a span of the changed file (`[line, column, end line, end column]`) was before
    /// the change: the same text, in the old file, at the lines it had there. `None` when
    /// the change modified it or the file is new.
    pub fn before(&self, file: &str, span: [u32; 4]) -> Option<(String, [u32; 4])> {
        let [first, column, last, end_column] = span;
        let Some(f) = self.files.get(file) else {
            return Some((file.to_owned(), span));
        };
        if self.modifies(file, first, last) {
            return None;
        }
        let old_path = f.old_path.clone()?;
        let (old_first, old_last) = (f.old_line(first)?, f.old_line(last)?);
        (old_last - old_first == last - first)
            .then_some((old_path, [old_first, column, old_last, end_column]))
    }

    /// The changed code by file: each file's added or modified line ranges, with the lines
    /// before which lines were removed as one-line ranges.
    pub fn hunks(&self) -> impl Iterator<Item = (&str, Vec<RangeInclusive<u32>>)> {
        self.files.iter().map(|(file, f)| {
            let mut ranges = f.added.clone();
            // A modified line is removed and added: one range holds it.
            let removed_elsewhere = f
                .removed_before
                .iter()
                .filter(|&&l| !f.added.iter().any(|r| r.contains(&l)));
            ranges.extend(removed_elsewhere.map(|&l| l..=l));
            ranges.sort_by_key(|r| *r.start());
            (file.as_str(), ranges)
        })
    }

    /// By file: the added or modified line ranges, and each removed line's text with the
    /// line it was removed before.
    pub fn edits(&self) -> impl Iterator<Item = (&str, &[RangeInclusive<u32>], &[Removed])> {
        self.files.iter().map(|(file, f)| {
            (
                file.as_str(),
                f.added.as_slice(),
                f.removed_lines.as_slice(),
            )
        })
    }

    /// Files the change added or modified lines of.
    pub fn files(&self) -> usize {
        self.files.values().filter(|f| !f.added.is_empty()).count()
    }
}

impl FileChange {
    fn add(&mut self, line: u32) {
        match self.added.last_mut() {
            Some(last) if *last.end() + 1 == line => *last = *last.start()..=line,
            _ => self.added.push(line..=line),
        }
    }

    fn removed(&mut self, before: u32) {
        if self.removed_before.last() != Some(&before) {
            self.removed_before.push(before);
        }
    }

    fn shift(&mut self, from: u32, offset: i64) {
        let current = self.shifts.last().map_or(0, |s| s.1);
        if current != offset {
            self.shifts.push((from, offset));
        }
    }

    /// The number an unchanged line had before the change.
    fn old_line(&self, line: u32) -> Option<u32> {
        let at = self.shifts.partition_point(|&(from, _)| from <= line);
        let offset = at.checked_sub(1).map_or(0, |i| self.shifts[i].1);
        u32::try_from(i64::from(line) + offset).ok()
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

/// What a unified diff (git's, or `diff -u`'s) changed.
pub fn parse(text: &str) -> std::result::Result<Changed, String> {
    let mut changed = Changed::default();
    // The file before the change, from the last `---` line (`None`: a new file).
    let mut old_file: Option<String> = None;
    // The file after the change (`None` once deleted), from the last `+++` line.
    let mut file: Option<Option<String>> = None;
    // The current hunk: old and new lines still to come, the next old and new line.
    let mut hunk = Hunk::default();
    for (n, line) in text.lines().enumerate() {
        let at = |what: &str| format!("line {}: {what}: {line}", n + 1);
        if hunk.old + hunk.new > 0 {
            let take = |count: &mut u32| {
                *count = count
                    .checked_sub(1)
                    .ok_or_else(|| at("more lines than its hunk"))?;
                Ok::<(), String>(())
            };
            let Some(Some(name)) = &file else {
                // A deleted file: its lines are all removed, and there is nothing after.
                match line.chars().next() {
                    Some('-') => take(&mut hunk.old)?,
                    Some('\\') => {}
                    _ => return Err(at("a line other than a removed one in a deleted file")),
                }
                continue;
            };
            let f = changed.files.entry(name.clone()).or_default();
            match line.chars().next() {
                Some('+') => {
                    f.add(hunk.next_new);
                    take(&mut hunk.new)?;
                    hunk.next_new += 1;
                }
                Some('-') => {
                    f.removed(hunk.next_new);
                    f.removed_lines.push((hunk.next_new, line[1..].to_owned()));
                    take(&mut hunk.old)?;
                    hunk.next_old += 1;
                }
                Some(' ') | None => {
                    f.shift(hunk.next_new, hunk.offset());
                    take(&mut hunk.old)?;
                    take(&mut hunk.new)?;
                    hunk.next_old += 1;
                    hunk.next_new += 1;
                }
                // "\ No newline at end of file".
                Some('\\') => {}
                _ => return Err(at("not a line of its hunk")),
            }
            if hunk.old + hunk.new == 0 {
                // The lines after the hunk, up to the next, keep its last offset.
                f.shift(hunk.next_new, hunk.offset());
            }
        } else if let Some(path) = line.strip_prefix("--- ") {
            old_file = diff_path(path, "a/");
        } else if let Some(path) = line.strip_prefix("rename from ") {
            old_file = Some(path.trim_matches('"').to_owned());
        } else if let Some(path) = line.strip_prefix("rename to ") {
            // A rename without hunks has no `---` and `+++` lines: its lines keep their
            // numbers under the old name.
            let name = path.trim_matches('"').to_owned();
            changed.files.entry(name).or_default().old_path = old_file.clone();
        } else if line.starts_with("diff ") {
            old_file = None;
        } else if let Some(path) = line.strip_prefix("+++ ") {
            let new = diff_path(path, "b/");
            if let Some(name) = &new {
                changed.files.entry(name.clone()).or_default().old_path = old_file.clone();
            }
            file = Some(new);
        } else if let Some(header) = line.strip_prefix("@@ ") {
            if file.is_none() {
                return Err(at("a hunk before any `+++` file line"));
            }
            hunk = Hunk::parse(header).ok_or_else(|| at("a malformed hunk header"))?;
        }
        // Anything else lies between files: `diff --git`, `index`, renames, modes.
    }
    if hunk.old + hunk.new > 0 {
        return Err(format!(
            "the diff ends inside a hunk ({} old and {} new lines missing)",
            hunk.old, hunk.new
        ));
    }
    // A file that a rename or mode change names without a hunk changed no line.
    Ok(changed)
}

/// Where a hunk's reading is: lines still to come on each side, and the next line numbers.
#[derive(Debug, Default)]
struct Hunk {
    old: u32,
    new: u32,
    next_old: u32,
    next_new: u32,
}

impl Hunk {
    /// `-a,b +c,d @@ ...`; a count left out is 1.
    fn parse(header: &str) -> Option<Hunk> {
        let mut parts = header.split_whitespace();
        let old = parts.next()?.strip_prefix('-')?;
        let new = parts.next()?.strip_prefix('+')?;
        let range = |text: &str| -> Option<(u32, u32)> {
            match text.split_once(',') {
                Some((start, count)) => Some((start.parse().ok()?, count.parse().ok()?)),
                None => Some((text.parse().ok()?, 1)),
            }
        };
        let ((old_start, old), (new_start, new)) = (range(old)?, range(new)?);
        // An empty side's start names the line before it.
        let start = |start: u32, count: u32| if count == 0 { start + 1 } else { start };
        Some(Hunk {
            old,
            new,
            next_old: start(old_start, old),
            next_new: start(new_start, new),
        })
    }

    /// What to add to a line's number after the change to get its number before.
    fn offset(&self) -> i64 {
        i64::from(self.next_old) - i64::from(self.next_new)
    }
}

/// The file a `---` or `+++` line names: `None` for `/dev/null`. git's `a/` or `b/` prefix
/// is dropped, and so is a timestamp after a tab (`diff -u`).
fn diff_path(text: &str, prefix: &str) -> Option<String> {
    let path = text.split('\t').next().unwrap_or(text).trim_end();
    if path == "/dev/null" {
        return None;
    }
    let path = path.trim_matches('"');
    Some(path.strip_prefix(prefix).unwrap_or(path).to_owned())
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
    fn maps_unchanged_lines_to_their_numbers_before() {
        let changed = parse(GIT_DIFF).unwrap();
        let at = |file: &str, line: u32| {
            changed
                .before(file, [line, 5, line, 9])
                .map(|(f, s)| (f, s[0]))
        };
        // Before the first hunk and in its leading context: unchanged numbers.
        assert_eq!(at("src/lib.rs", 1), Some(("src/lib.rs".into(), 1)));
        assert_eq!(at("src/lib.rs", 3), Some(("src/lib.rs".into(), 3)));
        // Lines 4 and 5 are the change; 6 was 5 before (one line became two).
        assert_eq!(at("src/lib.rs", 4), None);
        assert_eq!(at("src/lib.rs", 5), None);
        assert_eq!(at("src/lib.rs", 6), Some(("src/lib.rs".into(), 5)));
        assert_eq!(at("src/lib.rs", 20), Some(("src/lib.rs".into(), 19)));
        assert_eq!(at("src/lib.rs", 21), None);
        assert_eq!(at("src/lib.rs", 40), Some(("src/lib.rs".into(), 39)));
        // A renamed file's unchanged lines are found under the old name; a new file's
        // lines were nowhere; a file the diff does not name is unchanged.
        assert_eq!(at("src/renamed.rs", 1), None);
        assert_eq!(at("src/renamed.rs", 2), Some(("src/old.rs".into(), 2)));
        assert_eq!(at("src/new.rs", 1), None);
        assert_eq!(at("src/other.rs", 7), Some(("src/other.rs".into(), 7)));
    }

    #[test]
    fn code_that_lost_lines_inside_it_was_modified() {
        let text = "--- a/x.rs\n+++ b/x.rs\n@@ -1,5 +1,3 @@\n a\n-b\n-c\n d\n e\n";
        let changed = parse(text).unwrap();
        assert!(!changed.touches("x.rs", 1, 3));
        // Lines 2 and 3 were 4 and 5; the removal sits between lines 1 and 2.
        assert!(changed.modifies("x.rs", 1, 2));
        assert!(!changed.modifies("x.rs", 2, 3));
        assert_eq!(
            changed.before("x.rs", [2, 1, 3, 2]),
            Some(("x.rs".into(), [4, 1, 5, 2]))
        );
        assert_eq!(changed.before("x.rs", [1, 1, 2, 2]), None);
        assert_eq!(changed.hunks().next().unwrap().1, vec![2..=2]);
        let modified = parse("--- a/x.rs\n+++ b/x.rs\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n").unwrap();
        assert_eq!(modified.hunks().next().unwrap().1, vec![2..=2]);
    }

    #[test]
    fn a_rename_without_hunks_keeps_every_line() {
        let text = "diff --git a/src/a.rs b/src/b.rs\nsimilarity index 100%\n\
                    rename from src/a.rs\nrename to src/b.rs\n";
        let changed = parse(text).unwrap();
        assert_eq!(changed.files(), 0);
        assert_eq!(
            changed.before("src/b.rs", [3, 1, 4, 1]),
            Some(("src/a.rs".into(), [3, 1, 4, 1]))
        );
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
