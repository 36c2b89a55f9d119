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
    /// how to name what they use.
    Refused(BTreeMap<String, String>, Names),
    /// It failed where no test is to blame (what rustc or the system said).
    Failed(String),
}

/// What rustc suggested for names generated code uses but could not find.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Imports (`use path;`) for names written alone (a variant written from its `Debug`
    /// text, as its own module names it).
    pub imports: Vec<String>,
    /// Paths to write instead of paths that name nothing (`textwrap::Penalties`, whose
    /// module re-exports it elsewhere: `textwrap::wrap_algorithms::Penalties`).
    pub renames: Vec<(String, String)>,
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
    // What rustc said in each round, beside the files, for whoever wonders why a test
    // was refused.
    let said = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(executable.with_extension("rustc.json"));
    if let Ok(mut said) = said {
        let _ = std::io::Write::write_all(&mut said, &output.stderr);
    }
    if output.status.success() {
        return Built::Executable(executable);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let names = names(&stderr);
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
        false => Built::Refused(refused, names),
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

/// The names rustc's errors suggest: for a name written alone (`cannot find value
/// `Caret` in this scope`), the first import an error suggests (`consider importing this
/// unit variant`: `use semver::Op::Caret;`), since a value written from its `Debug` text
/// names variants and types the way their own module does; for a path that names nothing
/// (`cannot find type `Penalties` in crate `textwrap``), that path's rename to the one the
/// import names. An import for a path goes nowhere: it would reach every generated file,
/// and a private item's import fails in the files of other modules.
fn names(stderr: &str) -> Names {
    let mut names = Names::default();
    for d in stderr
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|d| d["level"] == "error")
    {
        let children = d["children"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        let suggested = |starts: &str| {
            children
                .iter()
                .filter(|c| c["message"].as_str().is_some_and(|m| m.starts_with(starts)))
                .flat_map(|c| c["spans"].as_array().into_iter().flatten())
                .cloned()
                .collect::<Vec<_>>()
        };
        // Each error's own: the group adds each name once.
        if let Some(rename) = with_generics(&d, &suggested("add missing generic arguments")) {
            names.renames.push(rename);
            continue;
        }
        let Some(import) = suggested("consider importing")
            .iter()
            .filter_map(|s| s["suggested_replacement"].as_str())
            .map(str::trim)
            .find(|r| r.starts_with("use ") && r.ends_with(';'))
            .map(str::to_owned)
        else {
            continue;
        };
        let message = d["message"].as_str().unwrap_or_default();
        if message.ends_with(" in this scope") {
            names.imports.push(import);
            continue;
        }
        // `textwrap::Penalties`: rustc says to drop `textwrap::` once imported; the path
        // is that and the name, the rename what the import names.
        let name = message.split('`').nth(1).unwrap_or_default();
        let prefix = suggested("if you import").iter().find_map(highlighted);
        let path = import["use ".len()..import.len() - 1].trim();
        if let Some(prefix) = prefix
            && !name.is_empty()
            && path.ends_with(&format!("::{name}"))
        {
            names
                .renames
                .push((format!("{prefix}{name}"), path.to_owned()));
        }
    }
    names
}

/// For a generic type named without its parameters where a trait's function is called
/// (`<either::Either as Iterator>::next`: `missing generics for enum `Either``), the rename
/// that lets rustc infer them: `<either::Either<_, _> as `.
fn with_generics(
    error: &serde_json::Value,
    added: &[serde_json::Value],
) -> Option<(String, String)> {
    let params = added
        .iter()
        .find_map(|s| s["suggested_replacement"].as_str())?
        .split(',')
        .count();
    let primary = error["spans"]
        .as_array()?
        .iter()
        .find(|s| s["is_primary"] == true)?;
    let (text, mut start, end) = first_line(primary)?;
    while start > 0 && (text[start - 1].is_alphanumeric() || "_:".contains(text[start - 1])) {
        start -= 1;
    }
    let path: String = text[start..end].iter().collect();
    let after: String = text[end..].iter().collect();
    if start == 0 || text[start - 1] != '<' || !after.starts_with(" as ") {
        return None;
    }
    let holes = vec!["_"; params].join(", ");
    Some((format!("<{path} as "), format!("<{path}<{holes}> as ")))
}

/// A diagnostic span's first line, as characters, and where it highlights them (from,
/// to: indices; rustc's columns count characters from 1).
fn first_line(span: &serde_json::Value) -> Option<(Vec<char>, usize, usize)> {
    let line = span["text"].as_array()?.first()?;
    let text: Vec<char> = line["text"].as_str()?.chars().collect();
    let start = (line["highlight_start"].as_u64()? as usize).checked_sub(1)?;
    let end = (line["highlight_end"].as_u64()? as usize).checked_sub(1)?;
    (start <= end && end <= text.len()).then_some((text, start, end))
}

/// The text a diagnostic's span highlights on its first line.
fn highlighted(span: &serde_json::Value) -> Option<String> {
    let (text, start, end) = first_line(span)?;
    (start < end).then(|| text[start..end].iter().collect())
}

/// `text` with each `from` that starts a path (not a longer name's tail) written `to`; a
/// `from` that ends in a name, where that name ends too (`crate::P`, not `crate::Pa`).
pub fn renamed(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + from.len()..].chars().next();
        let starts = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
        let name = |c: char| c.is_alphanumeric() || c == '_';
        let ends = !from.ends_with(name) || !after.is_some_and(name);
        out.push_str(&rest[..at]);
        out.push_str(if starts && ends { to } else { from });
        rest = &rest[at + from.len()..];
    }
    out.push_str(rest);
    out
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
    fn a_rename_reaches_whole_paths_only() {
        let text = "crate::P { a: crate::Pa } + xcrate::P(crate::P::new())";
        assert_eq!(
            renamed(text, "crate::P", "crate::m::P"),
            "crate::m::P { a: crate::Pa } + xcrate::P(crate::m::P::new())"
        );
    }

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
        let alone = r#"{"level":"error","message":"cannot find value `Caret` in this scope","spans":[],"children":[{"message":"consider importing this unit variant","spans":[{"suggested_replacement":"use m::Op::Caret;\n\n"}]}]}"#;
        assert_eq!(names(alone).imports, ["use m::Op::Caret;"]);
        assert_eq!(names(alone).renames, []);
        let path = r#"{"level":"error","message":"cannot find type `Penalties` in crate `textwrap`","spans":[],"children":[{"message":"consider importing this struct through its public re-export","spans":[{"suggested_replacement":"use textwrap::wrap_algorithms::Penalties;\n"}]},{"message":"if you import `Penalties`, refer to it directly","spans":[{"suggested_replacement":"","text":[{"text":"    f(&textwrap::Penalties { a: 1 });","highlight_start":8,"highlight_end":18}]}]}]}"#;
        assert_eq!(names(path).imports, Vec::<String>::new());
        let generic = r#"{"level":"error","message":"missing generics for enum `Either`","spans":[{"is_primary":true,"text":[{"text":"    let r = <either::Either as Clone>::clone(&x);","highlight_start":22,"highlight_end":28}]}],"children":[{"message":"enum defined here, with 2 generic parameters: `L`, `R`","spans":[]},{"message":"add missing generic arguments","spans":[{"suggested_replacement":"<L, R>"}]}]}"#;
        assert_eq!(
            names(generic).renames,
            [(
                "<either::Either as ".to_owned(),
                "<either::Either<_, _> as ".to_owned()
            )]
        );
        assert_eq!(
            names(path).renames,
            [(
                "textwrap::Penalties".to_owned(),
                "textwrap::wrap_algorithms::Penalties".to_owned()
            )]
        );
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
