//! The build-error list: where the driver's schemata build failed, so that `#[mutate]`
//! leaves the code holding those places as written and marks its mutants unviable (the
//! rebuild net). A place is first taken to be one site's (the innermost expression with
//! mutants that holds it); if the build fails there again, the whole function's.
//!
//! The driver keeps one list per crate (by crate name) in a directory named by
//! [`env::BUILD_ERRORS`](crate::env) and passes that name to every schemata build. The
//! macro reads its crate's list at expansion time and makes rustc track it
//! (`include_bytes!`), so cargo rebuilds a crate exactly when its list changes. One error
//! a line, tab-separated: `error`, the file as rustc names it, line, column (1-based, as
//! rustc counts them), the scope (`site` or `function`), a digest of the file's content
//! when the error was seen (an entry whose file changed since is stale), and rustc's
//! message.

use crate::{escape, unescape};

/// One place where the schemata build failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    /// The file as rustc names it: relative to the workspace root, or absolute.
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub scope: Scope,
    /// Digest of the file's content when the error was seen.
    pub digest: u64,
    /// rustc's message, one line.
    pub message: String,
}

/// What the macro leaves as written for an error at a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The innermost expression with mutants holding the place.
    Site,
    /// The function holding it.
    Function,
}

impl BuildError {
    pub fn encode(&self) -> String {
        let scope = match self.scope {
            Scope::Site => "site",
            Scope::Function => "function",
        };
        format!(
            "error\t{}\t{}\t{}\t{scope}\t{:016x}\t{}",
            escape(&self.file),
            self.line,
            self.column,
            self.digest,
            escape(&self.message)
        )
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 7 || f[0] != "error" {
            return None;
        }
        Some(BuildError {
            file: unescape(f[1]),
            line: f[2].parse().ok()?,
            column: f[3].parse().ok()?,
            scope: match f[4] {
                "site" => Scope::Site,
                "function" => Scope::Function,
                _ => return None,
            },
            digest: u64::from_str_radix(f[5], 16).ok()?,
            message: unescape(f[6]),
        })
    }

    /// Whether this entry is about the same place as `other`.
    pub fn same_place(&self, other: &BuildError) -> bool {
        self.file == other.file && self.line == other.line && self.column == other.column
    }
}

/// The list of crate `krate` (its name as rustc knows it: `-` written `_`) in `dir`.
pub fn list_file(dir: &std::path::Path, krate: &str) -> String {
    dir.join(format!("{}.tsv", krate.replace('-', "_")))
        .to_string_lossy()
        .into_owned()
}

/// Every well-formed entry of a list's text; other lines are ignored.
pub fn parse(text: &str) -> Vec<BuildError> {
    text.lines().filter_map(BuildError::decode).collect()
}

/// The list's text.
pub fn render(errors: &[BuildError]) -> String {
    errors.iter().map(|e| e.encode() + "\n").collect()
}

/// FNV-1a of a file's bytes: stable across runs and platforms, unlike std's hasher.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_junk_is_ignored() {
        let errors = vec![BuildError {
            file: "src/a b.rs".into(),
            line: 12,
            column: 5,
            scope: Scope::Function,
            digest: digest(b"fn f() {}"),
            message: "mismatched types\texpected `&[T]`".into(),
        }];
        let text = render(&errors) + "not an entry\n";
        assert_eq!(parse(&text), errors);
        assert_ne!(digest(b"a"), digest(b"b"));
    }
}
