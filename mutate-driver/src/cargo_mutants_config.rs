//! cargo-mutants' configuration, `.cargo/mutants.toml` at the workspace root, read where
//! its keys mean something here, so a move from that tool keeps the choices written there.
//! Lists join the command line's (as cargo-mutants joins them); a value given on the
//! command line wins over the file's. Each key that means nothing here is named in a note.

use crate::cli::Args;
use crate::error::{Error, Result};
use crate::test_args::TestArgs;
use std::path::Path;
use toml_edit::{DocumentMut, Item, Value};

/// What the file says, as this driver takes it.
#[derive(Debug, Default, PartialEq)]
pub struct MutantsToml {
    examine_globs: Vec<String>,
    exclude_globs: Vec<String>,
    examine_re: Vec<String>,
    exclude_re: Vec<String>,
    additional_cargo_args: Vec<String>,
    additional_cargo_test_args: Vec<String>,
    features: Vec<String>,
    all_features: Option<bool>,
    no_default_features: Option<bool>,
    timeout_multiplier: Option<f64>,
    minimum_test_timeout: Option<f64>,
    /// Keys read and left unused, each with why.
    pub ignored: Vec<String>,
}

/// Where the file is, in a workspace rooted at `root`.
pub fn path(root: &Path) -> std::path::PathBuf {
    root.join(".cargo").join("mutants.toml")
}

/// Keys of cargo-mutants' configuration this driver does not take, and why.
const NOT_TAKEN: &[(&str, &str)] = &[
    ("build_timeout_multiplier", "the tests are built once"),
    ("cap_lints", "lints are capped in every schemata build"),
    ("copy_vcs", "nothing is copied but with --all-items"),
    (
        "copy_target",
        "the schemata build uses the target folder in place",
    ),
    ("gitignore", "nothing is copied but with --all-items"),
    ("error_values", "not read yet"),
    ("output", "reports go to -o DIR"),
    ("profile", "the tests are built with the test profile"),
    ("skip_calls", "not read yet"),
    ("skip_calls_defaults", "not read yet"),
    ("test_package", "every test binary of the build runs"),
    ("test_workspace", "every test binary of the build runs"),
    (
        "test_tool",
        "tests run in forked children of each test binary",
    ),
    ("sharding", "shards are given by --shard"),
];

impl MutantsToml {
    /// Reads `.cargo/mutants.toml` under `root`, if there is one.
    pub fn read(root: &Path) -> Result<Option<MutantsToml>> {
        let path = path(root);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Ok(None);
        };
        Self::parse(&text)
            .map(Some)
            .map_err(|e| Error::Usage(format!("{}: {e}", path.display())))
    }

    fn parse(text: &str) -> std::result::Result<MutantsToml, String> {
        let document: DocumentMut = text.parse().map_err(|e| format!("not TOML: {e}"))?;
        let mut out = MutantsToml::default();
        for (key, item) in document.iter() {
            let strings = || strings(key, item);
            match key {
                "examine_globs" => out.examine_globs = strings()?,
                "exclude_globs" => out.exclude_globs = strings()?,
                "examine_re" => out.examine_re = strings()?,
                "exclude_re" => out.exclude_re = strings()?,
                "additional_cargo_args" => out.additional_cargo_args = strings()?,
                "additional_cargo_test_args" => out.additional_cargo_test_args = strings()?,
                // "Space or comma separated list of features", in each string.
                "features" => {
                    out.features = strings()?
                        .iter()
                        .flat_map(|f| f.split([' ', ',']))
                        .filter(|f| !f.is_empty())
                        .map(str::to_owned)
                        .collect()
                }
                "all_features" => out.all_features = Some(boolean(key, item)?),
                "no_default_features" => out.no_default_features = Some(boolean(key, item)?),
                "timeout_multiplier" => out.timeout_multiplier = Some(number(key, item)?),
                "minimum_test_timeout" => out.minimum_test_timeout = Some(number(key, item)?),
                _ => out
                    .ignored
                    .push(match NOT_TAKEN.iter().find(|(k, _)| *k == key) {
                        Some((_, why)) => format!("{key} ({why})"),
                        None => format!("{key} (not a key of cargo-mutants' either)"),
                    }),
            }
        }
        Ok(out)
    }

    /// `args` with the file's choices added, and the file's test arguments.
    pub fn apply(&self, args: &Args) -> (Args, TestArgs) {
        let mut out = args.clone();
        let join = |from_file: &[String], given: &[String]| {
            from_file.iter().chain(given).cloned().collect::<Vec<_>>()
        };
        out.file = join(&self.examine_globs, &args.file);
        out.exclude_file = join(&self.exclude_globs, &args.exclude_file);
        out.regex = join(&self.examine_re, &args.regex);
        out.exclude_regex = join(&self.exclude_re, &args.exclude_regex);
        out.cargo_args = join(&self.additional_cargo_args, &args.cargo_args);
        out.features = join(&self.features, &args.features);
        out.all_features |= self.all_features.unwrap_or(false);
        out.no_default_features |= self.no_default_features.unwrap_or(false);
        out.timeout_factor = args.timeout_factor.or(self.timeout_multiplier);
        out.minimum_timeout = args.minimum_timeout.or(self.minimum_test_timeout);
        out.config_test_args = self.additional_cargo_test_args.clone();
        let test_args = TestArgs::parse_lenient(&self.additional_cargo_test_args);
        (out, test_args)
    }
}

fn strings(key: &str, item: &Item) -> std::result::Result<Vec<String>, String> {
    let wrong = || format!("`{key}` must be a list of strings");
    let Some(array) = item.as_array() else {
        return Err(wrong());
    };
    array
        .iter()
        .map(|v| v.as_str().map(str::to_owned).ok_or_else(wrong))
        .collect()
}

fn boolean(key: &str, item: &Item) -> std::result::Result<bool, String> {
    item.as_bool()
        .ok_or_else(|| format!("`{key}` must be true or false"))
}

fn number(key: &str, item: &Item) -> std::result::Result<f64, String> {
    match item.as_value() {
        Some(Value::Float(f)) if f.value().is_finite() && *f.value() >= 0.0 => Ok(*f.value()),
        Some(Value::Integer(i)) if *i.value() >= 0 => Ok(*i.value() as f64),
        _ => Err(format!("`{key}` must be a number of at least 0")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(line: &[&str]) -> Args {
        let mut all = vec!["cargo-mutate-driver"];
        all.extend(line);
        Args::parse_from(all)
    }

    #[test]
    fn reads_the_keys_that_mean_something_here() {
        let toml = MutantsToml::parse(
            r#"
            examine_globs = ["src/parse/**"]
            exclude_globs = ["src/gen/*.rs"]
            exclude_re = ["impl Debug"]
            additional_cargo_args = ["--locked"]
            additional_cargo_test_args = ["--", "--skip", "tz_data"]
            features = ["serde, std", "extra"]
            all_features = true
            timeout_multiplier = 3
            minimum_test_timeout = 20.5
            test_tool = "nextest"
            colour = "always"
            "#,
        )
        .unwrap();
        let (applied, test_args) = toml.apply(&args(&["--file", "src/lib.rs"]));
        assert_eq!(applied.file, ["src/parse/**", "src/lib.rs"]);
        assert_eq!(applied.exclude_file, ["src/gen/*.rs"]);
        assert_eq!(applied.exclude_regex, ["impl Debug"]);
        assert_eq!(applied.cargo_args, ["--locked"]);
        assert_eq!(applied.features, ["serde", "std", "extra"]);
        assert!(applied.all_features && !applied.no_default_features);
        assert_eq!(applied.timeout_factor, Some(3.0));
        assert_eq!(applied.minimum_timeout, Some(20.5));
        assert!(!test_args.accepts("tests::tz_data_files") && test_args.accepts("tests::parse"));
        assert_eq!(
            toml.ignored,
            [
                "test_tool (tests run in forked children of each test binary)",
                "colour (not a key of cargo-mutants' either)"
            ]
        );
    }

    #[test]
    fn the_command_line_wins_over_the_file() {
        let toml = MutantsToml::parse("timeout_multiplier = 3.0").unwrap();
        let (applied, _) = toml.apply(&args(&["--timeout-factor", "7"]));
        assert_eq!(applied.timeout_factor, Some(7.0));
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_named() {
        let e = MutantsToml::parse("exclude_re = \"x\"").unwrap_err();
        assert_eq!(e, "`exclude_re` must be a list of strings");
        let e = MutantsToml::parse("timeout_multiplier = -1").unwrap_err();
        assert_eq!(e, "`timeout_multiplier` must be a number of at least 0");
        assert!(
            MutantsToml::parse("not toml [")
                .unwrap_err()
                .starts_with("not TOML")
        );
    }
}
