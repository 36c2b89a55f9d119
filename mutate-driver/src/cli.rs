//! Command line, in cargo's conventions.

use clap::Parser;
use std::path::PathBuf;

/// The exit codes (`exit_code.rs`, and the guide's table), as `--help` ends.
const EXIT_CODES: &str = "\
Exit codes:
  0    every mutant run was detected (with --run-mutant: it was killed)
  1    internal error
  2    usage error: a bad option, a missing manifest, an unknown mutant id
  3    some mutant survived or had no coverage (with --run-mutant: it survived)
  4    no survivors, but some mutant timed out
  5    the tests do not build, even with the rebuild net (with --run-mutant: unviable)
  6    a test fails, crashes or hangs with every mutant off: nothing was judged
  7    the mutation score is below --fail-under
  130  interrupted: the reports hold what was known";

/// Mutation testing on mutant schemata: build once, run each mutant against the tests
/// that reach it, in forked children, and report the mutants no test catches.
#[derive(Debug, Clone, Parser)]
#[command(
    name = "cargo mutate-driver",
    version,
    bin_name = "cargo mutate-driver",
    after_help = EXIT_CODES
)]
pub struct Args {
    /// Path to Cargo.toml.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// Package(s) to test.
    #[arg(short, long, value_name = "SPEC")]
    pub package: Vec<String>,
    /// Test every package of the workspace.
    #[arg(long)]
    pub workspace: bool,
    /// Features to activate (space or comma separated).
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub features: Vec<String>,
    /// Activate all features.
    #[arg(long)]
    pub all_features: bool,
    /// Do not activate the `default` feature.
    #[arg(long)]
    pub no_default_features: bool,
    /// Mutants to run at once [default: number of cores].
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,

    /// List the mutants and exit.
    #[arg(long)]
    pub list: bool,
    /// With --list: print JSON.
    #[arg(long, requires = "list")]
    pub json: bool,
    /// Only mutants in files matching this glob (repeatable), e.g. `src/parse/**`.
    #[arg(long, value_name = "GLOB")]
    pub file: Vec<String>,
    /// Only mutants whose id matches this regex (repeatable).
    #[arg(long = "re", value_name = "REGEX")]
    pub regex: Vec<String>,
    /// Leave out mutants whose id matches this regex (repeatable).
    #[arg(long = "exclude-re", value_name = "REGEX")]
    pub exclude_regex: Vec<String>,
    /// Leave out mutants in files matching this glob (repeatable).
    #[arg(short = 'e', long = "exclude", value_name = "GLOB")]
    pub exclude_file: Vec<String>,
    /// Only mutants on lines this unified diff adds or changes (`-`: standard input).
    /// Its paths are relative to the workspace root, as `git diff` run there prints them.
    #[arg(long, value_name = "FILE", conflicts_with = "since")]
    pub in_diff: Option<PathBuf>,
    /// Only mutants on lines changed since this git revision (`git diff REV` in the
    /// workspace: commits, staged and unstaged changes; not untracked files).
    #[arg(long, value_name = "REV")]
    pub since: Option<String>,
    /// With --since: every mutant is run, and each is judged relevant to the change or
    /// not (some test shows the change and the mutant interacting), by building REV too
    /// (in a git worktree under the target directory) and running the same mutant there;
    /// reports rMS, mMS and MS side by side, and relevant.txt.
    #[arg(long, requires = "since", conflicts_with_all = ["archive", "from_archive", "list", "run_mutant"])]
    pub relevance: bool,

    /// Only these operators or groups (comma separated, repeatable), e.g.
    /// `--operators expression,fn_value`. Overrides `[package.metadata.mutate] operators`.
    #[arg(long, value_name = "NAMES")]
    pub operators: Vec<String>,
    /// Leave out these operators or groups (comma separated, repeatable).
    #[arg(long, value_name = "NAMES")]
    pub skip_operators: Vec<String>,
    /// Only whole-body replacements: a fast first pass that finds pseudo-tested functions
    /// (the `extreme` group).
    #[arg(long, conflicts_with = "operators")]
    pub extreme: bool,

    /// Do not build the crates that expand a proc-macro crate's macros again with each of
    /// its mutants that its own tests do not detect: such mutants are reported not run
    /// (ignored), naming the tests that could not see them.
    #[arg(long)]
    pub no_expansion: bool,
    /// Mutate every item of the tested packages, on a copy: no `#[mutate]` needed, and the
    /// user's files are never touched. The default when no tested package depends on
    /// mutate-runtime; when one does (a mixed workspace too), only what `#[mutate]` marks
    /// is mutated unless this is given.
    #[arg(long)]
    pub all_items: bool,
    /// Where every item is mutated (--all-items, or no tested package depends on
    /// mutate-runtime): the folder of a local mutate-runtime checkout to depend on
    /// [default: mutate-runtime from the registry, at this driver's version].
    #[arg(long, value_name = "DIR")]
    pub runtime_path: Option<PathBuf>,
    /// Run the libraries' doc tests too, as `cargo test` does (on a copy of the workspace
    /// that declares each as a test) [default: true, or `doctests` in
    /// [package.metadata.mutate]].
    #[arg(long, value_name = "BOOL")]
    pub doctests: Option<bool>,

    /// Run one mutant by id against every test, with the tests' output shown.
    #[arg(long, value_name = "ID", conflicts_with = "list")]
    pub run_mutant: Option<String>,

    /// Directory for reports [default: mutate.out beside the manifest].
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Also write the reports of another tool: `cargo-mutants` writes `mutants.out/`
    /// (caught.txt, missed.txt, timeout.txt, unviable.txt, mutants.json, outcomes.json) in
    /// the -o folder, else beside the manifest, as cargo-mutants does.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub output_format: Option<OutputFormat>,
    /// What stdout carries: `human`, the report's text; `json`, one JSON object per line
    /// as each phase starts and each mutant ends, then a summary, for editors and
    /// dashboards (the report's text then goes to stderr; format in the guide's page on reports).
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "human")]
    pub message_format: MessageFormat,

    /// The profile of `.config/nextest.toml` whose settings apply (default filter, test
    /// groups, slow-timeout's terminate-after, retries) [default: $NEXTEST_PROFILE, else
    /// `default`].
    #[arg(long, value_name = "NAME")]
    pub nextest_profile: Option<String>,

    /// A mutant run may take this many times the test's slowest baseline run, plus a
    /// slack from how much its runs varied (at least 1 s)... [default: 5]
    #[arg(long, value_name = "FACTOR", value_parser = positive)]
    pub timeout_factor: Option<f64>,
    /// ...or, if it was not computing flat out by then (a busy machine starved it, or it
    /// was waiting), up to FACTOR times that run plus this many seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 2.0, value_parser = seconds)]
    pub timeout_constant: f64,
    /// ...and never less than this many seconds in all. [default: 0]
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub minimum_timeout: Option<f64>,
    /// An argument for every cargo command that builds the tests (repeatable), e.g.
    /// `--cargo-arg=--locked`.
    #[arg(long = "cargo-arg", value_name = "ARG", allow_hyphen_values = true)]
    pub cargo_args: Vec<String>,
    /// Limit for a baseline test run, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 120.0, value_parser = positive)]
    pub baseline_timeout: f64,
    /// Address-space limit for each forked test, in MiB (0: none).
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub memory_limit: u64,
    /// The full kill matrix: every covering test of every mutant is run (no stop at the
    /// first kill); writes `matrix.json` and `analysis.json` (redundant, minimal and
    /// hard-to-kill mutants, likely immortals, tests ranked). Alias: --no-shortcut.
    #[arg(long, alias = "no-shortcut")]
    pub matrix: bool,
    /// After the mutant phase, prove survivors equivalent where the library compiles to
    /// the same machine code with them as without them (at opt-level 3, with the tests'
    /// overflow checks and debug assertions): they are then `equivalent`, out of the score.
    /// Costs optimised builds of the libraries (see the guide's "Equivalent mutants").
    #[arg(long)]
    pub equivalence: bool,
    /// Write a verified test for each survivor one can be written for: the call a covering
    /// test made (or the same call with inputs moved to a boundary), asserting what the
    /// code returns today; each test passed with every mutant off and failed with its
    /// survivors on. Into `suggested_tests.rs` in the output folder; `=write` also adds
    /// them as `tests/mutate_suggested.rs` in the package they test.
    #[arg(
        long,
        value_name = "WHERE",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "report",
        value_enum
    )]
    pub suggest_tests: Option<SuggestTests>,
    /// With --equivalence: compare the mutants no test reaches too.
    #[arg(long, requires = "equivalence")]
    pub equivalence_all: bool,
    /// Run every passing test N more times with every mutant off before judging (tests
    /// run again anyway: twice if under 1 s, once if not): a test whose result changes is
    /// flaky, named, and its failures kill no mutant.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub flakes: usize,
    /// Run every mutant against every covering test, even those the coverage run proved
    /// it does not infect (its replacement computed the same as the original at every
    /// evaluation): a check of that proof, which skips them by default.
    #[arg(long)]
    pub no_infection_skip: bool,
    /// Do not compare replacements with the original in the coverage run at all: no
    /// mutant is skipped and survivors are not diagnosed (to measure what comparing costs).
    #[arg(long)]
    pub no_probe: bool,
    /// Build, run the baseline, and write both to FILE (the test binaries, their catalog,
    /// each test's coverage and times), for `--from-archive`; no mutant is run.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from_archive", "list", "run_mutant", "incremental"])]
    pub archive: Option<PathBuf>,
    /// Run from an archive of `--archive`: no build and no baseline. The build's options
    /// (features, packages, timeouts of the baseline) are the archive's.
    #[arg(long, value_name = "FILE", conflicts_with = "incremental")]
    pub from_archive: Option<PathBuf>,
    /// Run shard K of N: an even share of the mutants by expected cost, the same split on
    /// every shard; `merge` combines the shards' output folders. Needs --from-archive.
    #[arg(long, value_name = "K/N", requires = "from_archive")]
    pub shard: Option<crate::shard::split::Shard>,
    /// Take a verdict of the previous run (kept in the output folder) again, without
    /// running the mutant, when neither its function, nor the tests that reach it, nor any
    /// function those tests enter changed since; recompute the rest.
    #[arg(long, conflicts_with = "list")]
    pub incremental: bool,
    /// Exit 7 when the mutation score is below SCORE percent, and 0 when it is not, with
    /// survivors or not (CI's pass or fail). Overrides the configuration's
    /// `thresholds.break`.
    #[arg(long, value_name = "SCORE", value_parser = percent)]
    pub fail_under: Option<f64>,
    /// Print survivors and uncovered mutants as CI annotations [default: github when
    /// GITHUB_ACTIONS=true, else none].
    #[arg(long, value_enum, value_name = "KIND")]
    pub annotations: Option<Annotations>,
    /// Test arguments, as `cargo test -- ARGS` takes them: name filters, `--skip NAME`
    /// and `--exact`. They choose the tests of the baseline and the mutants' runs, and go
    /// to every test binary run whole.
    #[arg(last = true, value_name = "TEST ARGS")]
    pub test_args: Vec<String>,
    /// cargo-mutants' `additional_cargo_test_args`, from `.cargo/mutants.toml`.
    #[arg(skip)]
    pub config_test_args: Vec<String>,
}

/// `--timeout-factor` when not given.
pub const DEFAULT_TIMEOUT_FACTOR: f64 = 5.0;

impl Args {
    pub fn timeout_factor(&self) -> f64 {
        self.timeout_factor.unwrap_or(DEFAULT_TIMEOUT_FACTOR)
    }

    /// The options a verdict depends on, as text: a run with other values decides
    /// differently, so `--incremental` reuses nothing across them.
    pub fn verdict_settings(&self) -> String {
        format!(
            "{} {:?}",
            env!("CARGO_PKG_VERSION"),
            (
                (&self.package, self.workspace, &self.features),
                (self.all_features, self.no_default_features, self.all_items),
                (
                    self.timeout_factor(),
                    self.timeout_constant,
                    self.minimum_timeout,
                    self.baseline_timeout
                ),
                (self.memory_limit, self.matrix, self.flakes, self.doctests),
                (self.no_probe, self.no_infection_skip),
                (&self.test_args, &self.config_test_args, &self.exclude_file),
            )
        )
    }
}

/// A number of seconds: finite, from 0 to a day.
fn seconds(text: &str) -> Result<f64, String> {
    up_to_a_day(text, true)
}

/// A positive number (a factor, or seconds), at most a day's worth.
fn positive(text: &str) -> Result<f64, String> {
    up_to_a_day(text, false)
}

/// A score in percent, from 0 to 100.
fn percent(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("`{text}` is not a score from 0 to 100")),
    }
}

/// Reports of other tools, written beside ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    /// cargo-mutants' `mutants.out/`.
    CargoMutants,
}

/// Where `--suggest-tests` puts the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SuggestTests {
    /// `suggested_tests.rs` in the output folder only.
    Report,
    /// Also `tests/mutate_suggested.rs` in each package they test.
    Write,
}

/// What stdout carries (`--message-format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MessageFormat {
    Human,
    Json,
}

/// Where annotations go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Annotations {
    None,
    /// GitHub Actions' `::warning` workflow commands.
    Github,
}

impl Args {
    /// `--annotations`, or what the environment implies.
    pub fn annotations(&self) -> Annotations {
        self.annotations
            .unwrap_or_else(|| match std::env::var("GITHUB_ACTIONS").as_deref() {
                Ok("true") => Annotations::Github,
                _ => Annotations::None,
            })
    }
}

fn up_to_a_day(text: &str, zero: bool) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (v > 0.0 || (zero && v == 0.0)) && v <= 86_400.0 => Ok(v),
        _ => Err(format!(
            "`{text}` is not a number {} 0 and at most 86400",
            if zero { "from" } else { "above" }
        )),
    }
}

/// `cargo mutate-driver merge`: the output folders of shards 1/N to N/N of one archive,
/// reported as one run.
#[derive(Debug, Parser)]
#[command(
    name = "cargo mutate-driver merge",
    bin_name = "cargo mutate-driver merge"
)]
pub struct MergeArgs {
    /// The shards' output folders (`--output` of each `--shard` run).
    #[arg(required = true, value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// Path to Cargo.toml of the workspace the shards ran on (for the sources).
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// Directory for the merged reports [default: mutate.out beside the manifest].
    #[arg(short, long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Exit 7 when the merged mutation score is below SCORE percent.
    #[arg(long, value_name = "SCORE", value_parser = percent)]
    pub fail_under: Option<f64>,
    /// Print survivors and uncovered mutants as CI annotations.
    #[arg(long, value_enum, value_name = "KIND")]
    pub annotations: Option<Annotations>,
    /// `json`: the merged mutants and summary as the JSON stream, on stdout.
    #[arg(long, value_enum, value_name = "FORMAT", default_value = "human")]
    pub message_format: MessageFormat,
}

impl MergeArgs {
    /// The options of a plain run that reporting reads.
    pub fn as_run_args(&self) -> Args {
        let mut args = Args::parse_from(["cargo-mutate-driver"]);
        args.manifest_path = self.manifest_path.clone();
        args.output = self.output.clone();
        args.fail_under = self.fail_under;
        args.annotations = self.annotations;
        args.message_format = self.message_format;
        args
    }
}

/// What the command line asks for.
pub enum Invocation {
    Run(Box<Args>),
    Merge(MergeArgs),
}

/// Parses the command line, dropping the `mutate-driver` that cargo passes first.
pub fn parse() -> Invocation {
    let mut args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == "mutate-driver") {
        args.remove(1);
    }
    if args.get(1).is_some_and(|a| a == "merge") {
        args.remove(1);
        return Invocation::Merge(MergeArgs::parse_from(args));
    }
    Invocation::Run(Box::new(Args::parse_from(args)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_lists_every_exit_code() {
        use crate::exit_code::*;
        for code in [
            SUCCESS,
            INTERNAL,
            USAGE,
            SURVIVORS,
            TIMEOUTS,
            BUILD_FAILED,
            BASELINE_FAILED,
            SCORE_BELOW,
            INTERRUPTED,
        ] {
            assert!(EXIT_CODES.contains(&format!("\n  {code} ")), "{code}");
        }
    }
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Args::command().debug_assert();
    }

    #[test]
    fn times_must_be_numbers_in_range() {
        for bad in [
            ["--timeout-constant", "-1"],
            ["--timeout-constant", "NaN"],
            ["--timeout-factor", "0"],
            ["--timeout-factor", "inf"],
            ["--baseline-timeout", "0"],
        ] {
            let [option, value] = bad;
            let arg = format!("{option}={value}");
            assert!(
                Args::try_parse_from(["cargo-mutate-driver", &arg]).is_err(),
                "{arg}"
            );
        }
        let ok = Args::try_parse_from(["cargo-mutate-driver", "--timeout-constant=0"]);
        assert_eq!(ok.expect("0 s is a constant").timeout_constant, 0.0);
    }

    #[test]
    fn json_needs_list() {
        let result = Args::try_parse_from(["cargo-mutate-driver", "--json"]);
        assert!(result.is_err());
    }
}
