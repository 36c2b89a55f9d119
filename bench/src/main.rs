//! `cargo run --release -p mutate-bench -- [WHAT]`: the measurements behind BENCHMARKS.md.
//! Every figure is a median over repeated runs, and every comparison is taken side by
//! side, interleaved, in one run: this machine is shared and its timings drift.

mod active_body;
mod artifacts;
mod chart;
mod corpus;
mod equivalence;
mod floor;
mod fork_server;
mod incremental;
mod infection;
mod jobs;
mod operators;
mod parity;
mod relevance;
mod report_json;
mod scale;
mod stats;
mod suggestions;
mod suites;
mod tax;
mod versus;

use clap::{Parser, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(about = "Measure mutate's overheads; see BENCHMARKS.md")]
struct Cli {
    /// What to measure.
    #[arg(value_enum, default_value = "all")]
    what: What,
    /// Repetitions of each measurement (the median is reported).
    #[arg(long, default_value_t = 11)]
    runs: usize,
    /// Runs of one test through the fork server per repetition.
    #[arg(long, default_value_t = 200)]
    requests: usize,
    /// With `versus`, `corpus`, `tax`, `jobs`, `infection`, `incremental`, `operators`,
    /// `relevance` and `parity`: the crates, as NAME@VERSION, comma separated, or a named
    /// set: `corpus`, `applications` (five command-line tools and three proc-macro crates),
    /// `popular` (the 40 most downloaded library crates)
    /// [default: BENCHMARKS.md's four for `versus`, the corpus for `corpus` and `tax`].
    #[arg(long)]
    crates: Option<String>,
    /// With the modes that take crates: where crates are copied and each tool's output kept.
    #[arg(long, value_name = "DIR")]
    work: Option<PathBuf>,
    /// With `versus`: skip the warm runs.
    #[arg(long)]
    no_warm: bool,
    /// With `versus`: parallel jobs for both tools.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// With `versus`: run cargo-mutants on one share of its mutants only (`K/N`, its
    /// `--shard`), for crates where its whole run takes hours; the row is marked.
    #[arg(long, value_name = "K/N")]
    their_shard: Option<String>,
    /// With `versus`: take cargo-mutants' outcomes (and time) from an earlier run in the
    /// same `--work` folder when there is one, and run only mutate; to recheck agreement
    /// after a change to mutate without hours of cargo-mutants.
    #[arg(long)]
    reuse_theirs: bool,
    /// With `scale`: also a whole run of every member of the workspace checked out in DIR
    /// (repeatable; alone, without `--crates`, only the workspaces are run).
    #[arg(long, value_name = "DIR")]
    workspace_at: Vec<PathBuf>,
    /// With `chart`: where to write the SVG [default: bench/notes/<today>-chart.svg].
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum What {
    All,
    /// The cost of one inactive site check in a hot loop.
    SiteCheck,
    /// Per-mutant overhead: fork, switch, classify, against a fresh process per run.
    ForkServer,
    /// A test suite run in the schemata build against the plain build.
    Baseline,
    /// The active mutant's own function: its schemata body, with and without the hit
    /// budget, against nothing on.
    ActiveBody,
    /// The driver over the triangle example, build warm.
    WholeRun,
    /// `cargo test --no-run` of the torture fixture, clean and incremental, both modes.
    BuildTime,
    /// Against cargo-mutants on real crates from the registry (not part of `all`: it
    /// takes tens of minutes).
    Versus,
    /// The driver alone over the corpus: does every crate run to the end (not part of
    /// `all`: it takes tens of minutes)? The tables so far are kept in
    /// `WORK/corpus-tables.txt` as each crate ends.
    Corpus,
    /// The schemata tax alone on crates of the corpus (`--crates`; default the corpus):
    /// each crate's tests with nothing active in the driver's schemata build against its
    /// plain build, without a mutation run (not part of `all`).
    Tax,
    /// `--jobs` from 1 to twice the core count on one crate (`--crates`, first one;
    /// default semver), warm, `--runs` rounds (not part of `all`).
    Jobs,
    /// The infection probe on crates of the corpus (`--crates`; default semver and
    /// smallvec): its cost to the baseline, the mutant runs it spares, the survivors by
    /// diagnosis, and that skipping changes no verdict (not part of `all`).
    Infection,
    /// `--incremental` after a one-line edit, against a full run, on crates of the corpus
    /// (`--crates`; default semver and smallvec), and that its verdicts equal a full
    /// run's (not part of `all`).
    Incremental,
    /// What the standard library family (`method` group, `arm_order`) adds on crates of the corpus (`--crates`; default the
    /// whole corpus): mutants, unviable share and detected share beside the other
    /// operators' (not part of `all`).
    Operators,
    /// Commit-relevant mutants on a real change: two consecutive versions of one registry
    /// crate (`--crates NAME@BEFORE,NAME@AFTER`; default BENCHMARKS.md's pair) committed
    /// in a scratch repository, `--since HEAD~1 --relevance` against a whole run (not part
    /// of `all`).
    Relevance,
    /// The rows of BENCHMARKS.md's headline table this can measure in a minute, measured
    /// now, as table rows to paste over the old (not part of `all`); the other rows name
    /// their own commands.
    Headline,
    /// Survivors proven equivalent by compiled code, on crates of the registry (`--crates`;
    /// default the popular crates): two consecutive runs each, the second with
    /// `--equivalence`, its cost against the mutant phase, and every other status and
    /// diagnosis compared between the two (not part of `all`).
    Equivalence,
    /// Tests suggested for survivors (`--suggest-tests`), on crates of the registry
    /// (`--crates`; default six of the corpus): survivors per diagnosis that got a
    /// verified test, why the others got none, the cost, and whether the suggested file
    /// compiles and passes when pasted into the crate (not part of `all`).
    Suggestions,
    /// Whole runs of large crates of the registry (`--crates`; default the corpus' crates
    /// of 3,000 to 20,000 mutants) and of checked-out workspaces (`--workspace-at`): each phase's time, peak memory of the driver and of
    /// a fork server, the reports' sizes, and the time left said halfway through the
    /// mutant phase against the time it took (not part of `all`).
    Scale,
    /// How many of cargo-mutants' mutants mutate also makes, per crate (`--crates`;
    /// default `versus`'s four, the corpus and five command-line tools): both tools'
    /// `--list` only, and cargo-mutants' mutants mutate does not make, by name (not part
    /// of `all`).
    Parity,
    /// The clean runs `versus` kept in `--work`, charted: each tool's whole-run wall time
    /// against the crate's mutants × covering test time, log–log, as SVG (`--out`) and a
    /// table; runs nothing (not part of `all`).
    Chart,
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("bench/ sits in the repository")
        .to_path_buf()
}

fn main() {
    let cli = Cli::parse();
    let all = cli.what == What::All;
    let result = (|| -> Result<(), String> {
        if all || cli.what == What::SiteCheck {
            suites::site_check(cli.runs)?;
        }
        if all || cli.what == What::ForkServer {
            fork_server::measure(cli.runs, cli.requests)?;
        }
        if cli.what == What::Headline {
            println!("{}", fork_server::headline_row(cli.runs, cli.requests)?);
        }
        if all || cli.what == What::ActiveBody {
            active_body::measure(cli.runs)?;
        }
        if all || cli.what == What::Baseline {
            suites::baseline(cli.runs)?;
        }
        if all || cli.what == What::BuildTime {
            suites::build_time(cli.runs.min(3))?;
        }
        if all || cli.what == What::WholeRun {
            suites::whole_run(cli.runs.min(5))?;
        }
        let work = cli
            .work
            .clone()
            .unwrap_or_else(|| repo().join("target/versus"));
        // Absolute: the tools run in the crates' own directories.
        let work = std::path::absolute(&work).map_err(|e| format!("{}: {e}", work.display()))?;
        if cli.what == What::Versus {
            versus::run(&versus::Options {
                crates: versus::parse_crates(
                    cli.crates.as_deref().unwrap_or(versus::DEFAULT_CRATES),
                )?,
                work,
                warm: !cli.no_warm,
                jobs: cli.jobs,
                their_shard: cli.their_shard.clone(),
                reuse_theirs: cli.reuse_theirs,
            })?;
        } else if cli.what == What::Jobs {
            let crates = versus::parse_crates(cli.crates.as_deref().unwrap_or("semver@1.0.28"))?;
            jobs::run(&crates[0], &work, cli.runs.min(5))?;
        } else if cli.what == What::Infection {
            let crates = versus::parse_crates(
                cli.crates
                    .as_deref()
                    .unwrap_or("semver@1.0.28,smallvec@1.16.6"),
            )?;
            infection::run(&crates, &work, cli.runs.min(3))?;
        } else if cli.what == What::Incremental {
            let crates = versus::parse_crates(
                cli.crates
                    .as_deref()
                    .unwrap_or("semver@1.0.28,smallvec@1.16.6"),
            )?;
            incremental::run(&crates, &work, cli.runs.min(3))?;
        } else if cli.what == What::Operators {
            let crates = versus::parse_crates(cli.crates.as_deref().unwrap_or(versus::CORPUS))?;
            operators::run(&crates, &work)?;
        } else if cli.what == What::Relevance {
            let crates =
                versus::parse_crates(cli.crates.as_deref().unwrap_or(relevance::DEFAULT_PAIR))?;
            let [before, after] = crates.as_slice() else {
                return Err("relevance takes two versions: --crates NAME@BEFORE,NAME@AFTER".into());
            };
            relevance::run(before, after, &work)?;
        } else if cli.what == What::Tax {
            let crates = versus::parse_crates(cli.crates.as_deref().unwrap_or(versus::CORPUS))?;
            tax::run(&crates, &work)?;
        } else if cli.what == What::Parity {
            let default = parity::default_crates();
            let crates = versus::parse_crates(cli.crates.as_deref().unwrap_or(&default))?;
            parity::run(&crates, &work)?;
        } else if cli.what == What::Equivalence {
            let list = cli.crates.as_deref().unwrap_or(versus::POPULAR);
            equivalence::run(&versus::parse_crates(list)?, &work)?;
        } else if cli.what == What::Scale {
            let crates = match scale::crate_list(cli.crates.as_deref(), cli.workspace_at.len()) {
                Some(list) => versus::parse_crates(list)?,
                None => Vec::new(),
            };
            let workspaces = cli
                .workspace_at
                .iter()
                .map(|dir| std::path::absolute(dir).map_err(|e| format!("{}: {e}", dir.display())))
                .collect::<Result<Vec<_>, _>>()?;
            scale::run(&crates, &workspaces, &work)?;
        } else if cli.what == What::Suggestions {
            let list = cli.crates.as_deref().unwrap_or(suggestions::DEFAULT);
            suggestions::run(&versus::parse_crates(list)?, &work)?;
        } else if cli.what == What::Chart {
            chart::run(&work, cli.out.clone())?;
        } else if cli.what == What::Corpus {
            let crates = versus::parse_crates(cli.crates.as_deref().unwrap_or(versus::CORPUS))?;
            corpus::run(&crates, &work)?;
        }
        Ok(())
    })();
    if let Err(message) = result {
        eprintln!("mutate-bench: {message}");
        std::process::exit(1);
    }
}
