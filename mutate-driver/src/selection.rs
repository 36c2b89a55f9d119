//! Which operators' mutants run: `--operators`/`--extreme` on the command line, else the
//! crate's `[package.metadata.mutate] operators` (or `[workspace.metadata.mutate]`), else
//! all; then less `--skip-operators` and the configuration's `skip_operators`. Every
//! mutant is built either way; the others are reported as ignored.

use crate::cli::Args;
use crate::error::{Error, Result};
use mutate_operators::Selection;
use serde_json::Value;

/// The `mutate` table of the package's (or workspace's) metadata, if any.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Where it was read, for error messages.
    pub origin: String,
    pub operators: Option<Vec<String>>,
    pub skip_operators: Vec<String>,
    /// `doctests = false`: leave doc tests out (`--all-items` runs them otherwise).
    pub doctests: Option<bool>,
    /// `thresholds = { high = .., low = .., break = .. }`.
    pub thresholds: Thresholds,
}

/// Scores, in percent, for the report's colours (at or above `high` is good, below `low`
/// is poor) and for failing the run (`break`, or `--fail-under`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Thresholds {
    pub high: f64,
    pub low: f64,
    pub fail_under: Option<f64>,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            high: 80.0,
            low: 60.0,
            fail_under: None,
        }
    }
}

impl Thresholds {
    fn from_table(value: &Value, origin: &str) -> Result<Self> {
        let bad = |what: &str| Error::Usage(format!("{origin}: `thresholds` {what}"));
        let table = value
            .as_object()
            .ok_or_else(|| bad("must be a table of high, low and break"))?;
        let mut thresholds = Thresholds::default();
        for (key, value) in table {
            let score = value
                .as_f64()
                .filter(|s| (0.0..=100.0).contains(s))
                .ok_or_else(|| bad(&format!("`{key}` must be a score from 0 to 100")))?;
            match key.as_str() {
                "high" => thresholds.high = score,
                "low" => thresholds.low = score,
                "break" => thresholds.fail_under = Some(score),
                other => return Err(bad(&format!("has no `{other}` (known: high, low, break)"))),
            }
        }
        if thresholds.low > thresholds.high {
            return Err(bad("`low` must not be above `high`"));
        }
        Ok(thresholds)
    }
}

impl Config {
    /// Reads `operators` and `skip_operators` (arrays of names) from a metadata table.
    pub fn from_metadata(table: &Value, origin: &str) -> Result<Self> {
        let mut config = Config {
            origin: origin.to_owned(),
            ..Config::default()
        };
        if table.is_null() {
            return Ok(config);
        }
        let Some(table) = table.as_object() else {
            return Err(Error::Usage(format!("{origin} must be a table")));
        };
        for (key, value) in table {
            let names = || -> Result<Vec<String>> {
                value
                    .as_array()
                    .and_then(|a| a.iter().map(|v| v.as_str().map(str::to_owned)).collect())
                    .ok_or_else(|| {
                        Error::Usage(format!("{origin}: `{key}` must be an array of names"))
                    })
            };
            match key.as_str() {
                "operators" => config.operators = Some(names()?),
                "skip_operators" => config.skip_operators = names()?,
                "thresholds" => config.thresholds = Thresholds::from_table(value, origin)?,
                // Each package's own, else the workspace's: `rules.rs` reads them.
                "rules" => {}
                "doctests" => {
                    config.doctests = Some(value.as_bool().ok_or_else(|| {
                        Error::Usage(format!("{origin}: `doctests` must be true or false"))
                    })?)
                }
                other => {
                    return Err(Error::Usage(format!(
                        "{origin}: unknown key `{other}` (known: operators, skip_operators, \
                         doctests, thresholds, rules)"
                    )));
                }
            }
        }
        Ok(config)
    }
}

/// Comma-separated lists as given on the command line, split.
fn split(lists: &[String]) -> impl Iterator<Item = &str> {
    lists
        .iter()
        .flat_map(|l| l.split(','))
        .map(str::trim)
        .filter(|n| !n.is_empty())
}

/// An unknown name, as a usage error that says where it was written.
fn usage(place: &str) -> impl Fn(mutate_operators::UnknownName) -> Error + '_ {
    move |e| Error::Usage(format!("{place}: {e}"))
}

/// The operators and rules selected; `rules`: the names of the rules known.
pub fn resolve(args: &Args, config: &Config, rules: &[String]) -> Result<Selection> {
    let base = if args.extreme {
        Selection::of(["extreme"], rules).map_err(usage("--extreme"))?
    } else if !args.operators.is_empty() {
        Selection::of(split(&args.operators), rules).map_err(usage("--operators"))?
    } else if let Some(names) = &config.operators {
        Selection::of(names.iter().map(String::as_str), rules).map_err(usage(&config.origin))?
    } else {
        Selection::all()
    };
    base.without(config.skip_operators.iter().map(String::as_str), rules)
        .map_err(usage(&config.origin))?
        .without(split(&args.skip_operators), rules)
        .map_err(usage("--skip-operators"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(line: &[&str]) -> Args {
        Args::try_parse_from(std::iter::once("cargo-mutate-driver").chain(line.iter().copied()))
            .unwrap()
    }

    #[test]
    fn thresholds_are_read_and_checked() {
        let read = |text: &str| {
            Config::from_metadata(&serde_json::from_str(text).unwrap(), "metadata")
                .map(|c| c.thresholds)
        };
        assert_eq!(
            read(r#"{"thresholds": {"high": 90, "low": 70, "break": 65.5}}"#).unwrap(),
            Thresholds {
                high: 90.0,
                low: 70.0,
                fail_under: Some(65.5)
            }
        );
        assert_eq!(read("{}").unwrap(), Thresholds::default());
        for bad in [
            r#"{"thresholds": {"break": 101}}"#,
            r#"{"thresholds": {"high": 50, "low": 60}}"#,
            r#"{"thresholds": {"middle": 50}}"#,
            r#"{"thresholds": 80}"#,
        ] {
            assert!(matches!(read(bad), Err(Error::Usage(_))), "{bad}");
        }
    }

    #[test]
    fn command_line_wins_over_configuration() {
        let table = serde_json::json!({"operators": ["literal"], "skip_operators": ["jump"]});
        let config = Config::from_metadata(&table, "[package.metadata.mutate]").unwrap();
        let s = resolve(&args(&["--operators", "control,arithmetic"]), &config, &[]).unwrap();
        assert!(s.contains_name("arithmetic") && s.contains_name("condition"));
        assert!(!s.contains_name("jump") && !s.contains_name("literal"));
        let s = resolve(&args(&[]), &config, &[]).unwrap();
        assert_eq!(
            s.iter().map(|op| op.name()).collect::<Vec<_>>(),
            ["literal"]
        );
        let s = resolve(&args(&["--extreme"]), &Config::default(), &[]).unwrap();
        assert_eq!(
            s.iter().map(|op| op.name()).collect::<Vec<_>>(),
            ["fn_value"]
        );
    }

    #[test]
    fn mistakes_are_usage_errors_naming_the_place() {
        let e = resolve(
            &args(&["--skip-operators", "arith"]),
            &Config::default(),
            &[],
        )
        .unwrap_err();
        assert!(
            matches!(&e, Error::Usage(m) if m.starts_with("--skip-operators: unknown mutation operator `arith`")),
            "{e}"
        );
        let table = serde_json::json!({"operator": ["literal"]});
        let e = Config::from_metadata(&table, "[package.metadata.mutate]").unwrap_err();
        assert!(e.to_string().contains("unknown key `operator`"), "{e}");
        let table = serde_json::json!({"operators": "literal"});
        assert!(Config::from_metadata(&table, "here").is_err());
    }
}
