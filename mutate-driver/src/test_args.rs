//! The test arguments a user gives after `--`, taken as `cargo test` takes them for
//! libtest (`cargo mutate-driver -- --skip tz_data`): name filters, `--skip NAME` and
//! `--exact`. They choose the tests of the baseline and of the mutants' runs, and go to
//! every binary run whole, so a test left out is left out everywhere, as with cargo.

use crate::error::{Error, Result};

/// Which tests run, by libtest's rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TestArgs {
    /// A test runs if its name holds one of these (or is one, with `exact`); all run if
    /// there are none.
    filters: Vec<String>,
    /// A test whose name holds one of these (or is one, with `exact`) does not run.
    skip: Vec<String>,
    exact: bool,
    /// Arguments that mean nothing here, to say so once.
    ignored: Vec<String>,
}

/// libtest options without effect on which tests run, taken and left unused: each test
/// runs alone here, and its output is captured.
const WITHOUT_EFFECT: &[&str] = &[
    "--nocapture",
    "--no-capture",
    "--show-output",
    "-q",
    "--quiet",
];
/// As [`WITHOUT_EFFECT`], with a value.
const WITHOUT_EFFECT_VALUED: &[&str] = &["--test-threads", "--color"];

/// Options of `cargo test` that take a value, passed over with it.
const CARGO_VALUED: &[&str] = &[
    "-p",
    "--package",
    "--exclude",
    "--test",
    "--bin",
    "--example",
    "--bench",
    "-F",
    "--features",
    "-j",
    "--jobs",
    "--target",
    "--target-dir",
    "--profile",
    "--manifest-path",
    "--message-format",
    "--color",
    "--config",
    "-Z",
];

const TAKEN: &str = "the test arguments taken after `--` are name filters, `--skip NAME` and \
                     `--exact`, as `cargo test` passes them to libtest";

impl TestArgs {
    /// Reads `args`, as written after `--`. A `--` among them is passed over, so
    /// `cargo mutate-driver -- -- --skip NAME`, as cargo-mutants takes it, means the same.
    pub fn parse(args: &[String]) -> Result<TestArgs> {
        let mut out = TestArgs::default();
        let libtest: Vec<String> = args.iter().filter(|a| *a != "--").cloned().collect();
        out.read_libtest(&libtest, true)?;
        Ok(out)
    }

    /// Reads arguments for `cargo test` as cargo-mutants' configuration gives them
    /// (`additional_cargo_test_args`): cargo's own before a `--` (its positional TESTNAME
    /// is a filter; its options mean nothing here and are noted), libtest's after it.
    /// Nothing is refused: what is not taken is noted.
    pub fn parse_lenient(args: &[String]) -> TestArgs {
        let mut out = TestArgs::default();
        let (cargo, libtest) = match args.iter().position(|a| a == "--") {
            Some(at) => (&args[..at], &args[at + 1..]),
            None => (args, &[][..]),
        };
        let mut cargo = cargo.iter();
        while let Some(arg) = cargo.next() {
            if !arg.starts_with('-') {
                out.filters.push(arg.clone());
                continue;
            }
            let mut said = format!("cargo test's {arg}");
            if CARGO_VALUED.contains(&arg.as_str())
                && let Some(value) = cargo.next()
            {
                said = format!("{said} {value}");
            }
            out.ignored.push(said);
        }
        // Never an error when not strict.
        let _ = out.read_libtest(libtest, false);
        out
    }

    /// Reads libtest's arguments; `strict`: an option not taken is an error, else noted.
    fn read_libtest(&mut self, args: &[String], strict: bool) -> Result<()> {
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
                _ => (arg.as_str(), None),
            };
            let mut value = |flag: &str| {
                inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .ok_or_else(|| Error::Usage(format!("test argument `{flag}` needs a value")))
            };
            match name {
                "--skip" => self.skip.push(value("--skip")?),
                "--exact" => self.exact = true,
                flag if WITHOUT_EFFECT.contains(&flag) => self.ignored.push(arg.clone()),
                flag if WITHOUT_EFFECT_VALUED.contains(&flag) => {
                    let value = value(flag)?;
                    self.ignored.push(format!("{flag} {value}"));
                }
                _ if arg.starts_with('-') && !strict => self.ignored.push(arg.clone()),
                _ if arg.starts_with('-') => {
                    return Err(Error::Usage(format!(
                        "test argument `{arg}` is not taken here; {TAKEN}"
                    )));
                }
                _ => self.filters.push(arg.clone()),
            }
        }
        Ok(())
    }

    /// These arguments followed by `more` (configuration's, then the command line's).
    pub fn and(mut self, more: TestArgs) -> TestArgs {
        self.filters.extend(more.filters);
        self.skip.extend(more.skip);
        self.exact |= more.exact;
        self.ignored.extend(more.ignored);
        self
    }

    /// Whether the test libtest names `name` runs.
    pub fn accepts(&self, name: &str) -> bool {
        let matches = |pattern: &String| {
            if self.exact {
                name == pattern
            } else {
                name.contains(pattern.as_str())
            }
        };
        (self.filters.is_empty() || self.filters.iter().any(matches))
            && !self.skip.iter().any(matches)
    }

    /// Whether any test may be left out.
    pub fn filters_tests(&self) -> bool {
        !self.filters.is_empty() || !self.skip.is_empty()
    }

    /// The arguments for a test binary run whole, as cargo would give them.
    pub fn libtest_args(&self) -> Vec<String> {
        let mut out = self.filters.clone();
        for skip in &self.skip {
            out.extend(["--skip".to_owned(), skip.clone()]);
        }
        if self.exact && self.filters_tests() {
            out.push("--exact".to_owned());
        }
        out
    }

    /// A note on the arguments taken and left unused, if any.
    pub fn note(&self) -> Option<String> {
        (!self.ignored.is_empty()).then(|| {
            format!(
                "test arguments without effect here (each test runs alone, its output \
                 captured): {}",
                self.ignored.join(", ")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> TestArgs {
        TestArgs::parse(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn filters_and_skips_match_parts_of_names() {
        let args = parse(&["parse", "--skip", "tz_data", "--skip=slow"]);
        assert!(args.accepts("tests::parse_date"));
        assert!(!args.accepts("tests::parse_tz_data_file"));
        assert!(!args.accepts("parse_slowly"));
        assert!(!args.accepts("tests::format"));
        assert!(parse(&[]).accepts("anything"));
    }

    #[test]
    fn exact_matches_whole_names() {
        let args = parse(&["--exact", "--skip", "tests::a"]);
        assert!(!args.accepts("tests::a"));
        assert!(args.accepts("tests::ab"));
        let only = parse(&["tests::a", "--exact"]);
        assert!(only.accepts("tests::a"));
        assert!(!only.accepts("tests::ab"));
    }

    #[test]
    fn whole_runs_get_the_same_choice() {
        let args = parse(&["parse", "--skip", "tz", "--exact", "--test-threads=2"]);
        assert_eq!(args.libtest_args(), ["parse", "--skip", "tz", "--exact"]);
        assert_eq!(
            args.note().unwrap(),
            "test arguments without effect here (each test runs alone, its output \
             captured): --test-threads 2"
        );
        assert!(parse(&["--nocapture"]).libtest_args().is_empty());
    }

    #[test]
    fn other_options_are_refused_by_name() {
        let args = ["--include-ignored".to_owned()];
        let error = TestArgs::parse(&args).unwrap_err().to_string();
        assert!(
            error.contains("`--include-ignored` is not taken here"),
            "{error}"
        );
        let missing = TestArgs::parse(&["--skip".to_owned()])
            .unwrap_err()
            .to_string();
        assert!(missing.contains("`--skip` needs a value"), "{missing}");
    }

    #[test]
    fn cargo_mutants_style_arguments_are_read_as_cargo_test_reads_them() {
        let strings = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let args = TestArgs::parse_lenient(&strings(&[
            "--features",
            "x",
            "--lib",
            "parse",
            "--",
            "--skip",
            "tz",
            "--include-ignored",
        ]));
        assert!(args.accepts("tests::parse") && !args.accepts("tests::parse_tz"));
        assert!(!args.accepts("tests::format"));
        assert_eq!(
            args.note().unwrap(),
            "test arguments without effect here (each test runs alone, its output \
             captured): cargo test's --features x, cargo test's --lib, --include-ignored"
        );
        // On the command line, a `--` among them is passed over.
        assert_eq!(parse(&["--", "--skip", "tz"]), parse(&["--skip", "tz"]));
    }

    #[test]
    fn configuration_and_command_line_add_up() {
        let both = parse(&["--skip", "a"]).and(parse(&["--skip", "b", "--exact"]));
        assert!(!both.accepts("a") && !both.accepts("b") && both.accepts("c"));
    }
}
