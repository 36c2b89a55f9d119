//! Choosing mutants by file glob and by regex on the id.

use crate::error::{Error, Result};
use globset::{Glob, GlobSet, GlobSetBuilder};
use regex::RegexSet;

pub struct Filter {
    files: Option<GlobSet>,
    excluded_files: Option<GlobSet>,
    include: Option<RegexSet>,
    exclude: Option<RegexSet>,
}

impl Filter {
    /// `files`: `--file` globs; `include`, `exclude`: `--re`, `--exclude-re`;
    /// `excluded_files`: `--exclude` globs.
    pub fn new(
        files: &[String],
        include: &[String],
        exclude: &[String],
        excluded_files: &[String],
    ) -> Result<Self> {
        let regexes = |patterns: &[String], flag: &str| -> Result<Option<RegexSet>> {
            if patterns.is_empty() {
                return Ok(None);
            }
            RegexSet::new(patterns)
                .map(Some)
                .map_err(|e| Error::Usage(format!("invalid {flag} regex: {e}")))
        };
        Ok(Filter {
            files: globs(files, "--file")?,
            excluded_files: globs(excluded_files, "--exclude")?,
            include: regexes(include, "--re")?,
            exclude: regexes(exclude, "--exclude-re")?,
        })
    }

    /// `file` is as the mutant names it; a glob may match it whole or by its end, so
    /// `src/lib.rs` matches `examples/x/src/lib.rs` too.
    pub fn accepts(&self, file: &str, id: &str) -> bool {
        self.files
            .as_ref()
            .is_none_or(|globs| matches_path(globs, file))
            && !self
                .excluded_files
                .as_ref()
                .is_some_and(|globs| matches_path(globs, file))
            && self.include.as_ref().is_none_or(|r| r.is_match(id))
            && !self.exclude.as_ref().is_some_and(|r| r.is_match(id))
    }
}

fn globs(patterns: &[String], flag: &str) -> Result<Option<GlobSet>> {
    if patterns.is_empty() {
        return Ok(None);
    }
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        builder.add(
            Glob::new(pattern)
                .map_err(|e| Error::Usage(format!("invalid {flag} glob `{pattern}`: {e}")))?,
        );
    }
    builder
        .build()
        .map(Some)
        .map_err(|e| Error::Usage(format!("invalid {flag} globs: {e}")))
}

/// Whether `file` or one of its trailing paths matches.
fn matches_path(globs: &GlobSet, file: &str) -> bool {
    let path = std::path::Path::new(file);
    let n = path.components().count();
    (0..n).any(|skip| {
        let tail: std::path::PathBuf = path.components().skip(skip).collect();
        globs.is_match(&tail)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(files: &[&str], inc: &[&str], exc: &[&str]) -> Filter {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        Filter::new(&v(files), &v(inc), &v(exc), &[]).unwrap()
    }

    #[test]
    fn empty_filter_takes_all() {
        assert!(f(&[], &[], &[]).accepts("src/lib.rs", "anything"));
    }

    #[test]
    fn globs_match_whole_or_trailing_paths() {
        let filter = f(&["src/lib.rs"], &[], &[]);
        assert!(filter.accepts("examples/x/src/lib.rs", "id"));
        assert!(filter.accepts("src/lib.rs", "id"));
        assert!(!filter.accepts("src/main.rs", "id"));
        assert!(f(&["**/parse/*.rs"], &[], &[]).accepts("src/parse/a.rs", "id"));
    }

    #[test]
    fn excluded_globs_leave_files_out() {
        let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let filter = Filter::new(&[], &[], &[], &v(&["src/gen/**", "*.pb.rs"])).unwrap();
        assert!(!filter.accepts("crate/src/gen/a.rs", "id"));
        assert!(!filter.accepts("src/x.pb.rs", "id"));
        assert!(filter.accepts("src/lib.rs", "id"));
    }

    #[test]
    fn regexes_include_then_exclude() {
        let filter = f(&[], &["replace <"], &["<= in"]);
        assert!(filter.accepts("a", "x: replace < with == in f"));
        assert!(!filter.accepts("a", "x: replace < with <= in f"));
        assert!(!filter.accepts("a", "x: replace + with - in f"));
    }

    #[test]
    fn bad_patterns_are_usage_errors() {
        let bad = Filter::new(&[], &["(".to_string()], &[], &[]);
        assert!(matches!(bad, Err(Error::Usage(_))));
    }
}
