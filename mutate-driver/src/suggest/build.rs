//! Compiling files of generated tests as the crate's own tests are compiled (`command.rs`:
//! an integration test, or the library's unit tests with the files as modules), and
//! telling which tests rustc refused: each error's primary place in a file names the test
//! around it, so the others can go on without it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// How a compilation of generated tests ended.
pub enum Built {
    /// The test executable.
    Executable(PathBuf),
    /// rustc refused these tests (by name: its first message for each), and suggested
    /// these imports (`use path;`) for names they use.
    Refused(BTreeMap<String, String>, Vec<String>),
    /// It failed where no test is to blame (what rustc or the system said).
    Failed(String),
}

/// A file of generated tests: where it goes, and its text.
pub struct File {
    pub path: PathBuf,
    pub text: String,
}

/// Writes `files` and runs `compile`, which makes `executable` of them.
pub fn compile(mut compile: Command, files: &[File], executable: PathBuf) -> Built {
    for file in files {
        let written = file
            .path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&file.path, &file.text));
        if let Err(e) = written {
            return Built::Failed(format!("cannot write {}: {e}", file.path.display()));
        }
    }
    let output = match compile.stdin(Stdio::null()).output() {
        Ok(output) => output,
        Err(e) => return Built::Failed(format!("cannot run rustc: {e}")),
    };
    if output.status.success() {
        return Built::Executable(executable);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let imports = imports(&stderr);
    let mut refused = BTreeMap::new();
    let mut unplaced = Vec::new();
    for (place, message) in errors(&stderr) {
        let test = place.and_then(|(name, line)| {
            let file = files.iter().find(|f| Path::new(&name) == f.path)?;
            test_at(&file.text, line)
        });
        match test {
            Some(test) => {
                refused.entry(test).or_insert(message);
            }
            None => unplaced.push(message),
        }
    }
    match refused.is_empty() {
        false => Built::Refused(refused, imports),
        true if unplaced.is_empty() => Built::Failed(format!("rustc failed: {}", stderr.trim())),
        true => Built::Failed(unplaced.join("; ")),
    }
}

/// rustc's errors in its JSON diagnostics: each one's primary place (file, line), if
/// any, and its message.
fn errors(stderr: &str) -> Vec<(Option<(String, usize)>, String)> {
    stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|d| d["level"] == "error")
        .map(|d| {
            let place = d["spans"].as_array().and_then(|spans| {
                let primary = spans.iter().find(|s| s["is_primary"] == true)?;
                let line = primary["line_start"].as_u64()? as usize;
                Some((primary["file_name"].as_str()?.to_owned(), line))
            });
            (place, d["message"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

/// The imports rustc's errors suggest (`consider importing this unit variant`: `use
/// semver::Op::Caret;`), the first of each error's: a value written from its `Debug`
/// text names variants and types the way their own module does.
fn imports(stderr: &str) -> Vec<String> {
    let mut imports: Vec<String> = Vec::new();
    for d in stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
    {
        let first = d["children"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| {
                c["message"]
                    .as_str()
                    .is_some_and(|m| m.starts_with("consider importing"))
            })
            .flat_map(|c| c["spans"].as_array().into_iter().flatten())
            .filter_map(|s| s["suggested_replacement"].as_str())
            .map(str::trim)
            .find(|r| r.starts_with("use ") && r.ends_with(';'));
        if let Some(import) = first
            && !imports.iter().any(|i| i == import)
        {
            imports.push(import.to_owned());
        }
    }
    imports
}

/// The test whose function holds 1-based `line` of `source`: the last `fn name(` at or
/// before it, right after a `#[test]`.
fn test_at(source: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = source.lines().collect();
    (1..lines.len().min(line))
        .rev()
        .find(|&i| lines[i - 1].trim() == "#[test]" && lines[i].starts_with("fn "))
        .and_then(|i| {
            let name = lines[i].strip_prefix("fn ")?.split('(').next()?;
            Some(name.to_owned())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_is_laid_on_the_test_around_it() {
        let source = "macro_rules! x {}\n\n#[test]\nfn probe_m1_k0() {\n    a();\n}\n\n\
                      #[test]\nfn probe_m2_k0() {\n    b();\n}\n";
        assert_eq!(test_at(source, 5).as_deref(), Some("probe_m1_k0"));
        assert_eq!(test_at(source, 10).as_deref(), Some("probe_m2_k0"));
        assert_eq!(test_at(source, 1), None);
        let stderr = r#"{"level":"error","message":"cannot find function `b`","spans":[{"file_name":"/o/p.rs","line_start":10,"is_primary":true}]}
{"level":"warning","message":"unused","spans":[]}
{"level":"error","message":"aborting due to 1 previous error","spans":[]}"#;
        let suggested = r#"{"level":"error","message":"cannot find value `Caret`","spans":[],"children":[{"message":"consider importing this unit variant","spans":[{"suggested_replacement":"use m::Op::Caret;\n\n"}]}]}"#;
        assert_eq!(imports(suggested), ["use m::Op::Caret;"]);
        assert_eq!(
            errors(stderr),
            [
                (
                    Some(("/o/p.rs".to_owned(), 10)),
                    "cannot find function `b`".to_owned()
                ),
                (None, "aborting due to 1 previous error".to_owned())
            ]
        );
    }
}
