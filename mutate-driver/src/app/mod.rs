//! One run of the driver, from the command line to the exit code, as the pipeline it is:
//!
//! 1. **Set up** ([`run`]): the workspace, the resolved arguments, the mirror
//!    (`build::mirror_if_needed`), the filters, the diff (`build::changed_lines`),
//!    `--incremental`'s snapshot (`incremental.rs`), the operators.
//! 2. **Build** (`build::build`), or unpack `--from-archive`'s build.
//! 3. **Find** (`found::discover`): binaries, tests (nextest's default filter applied),
//!    mutants, what is unviable, what this run selects. `--list` and `--run-mutant` end
//!    here (`modes.rs`).
//! 4. **Baseline** ([`baseline`]): every test alone with coverage; `--archive` ends here,
//!    writing it; a shard (`--shard k/n`) keeps its share of the mutants.
//! 5. **Mutants** ([`mutants`]): the mutant phase (`lab::run`), then the mutants only a
//!    build can judge (`expansion::run`), then, with `--since REV --relevance`, which
//!    mutants the change interacts with (`relevance::run`).
//! 6. **Report** (`reports.rs`): the reports, the terminal's, the JSON stream's end, the
//!    exit code; `--incremental` leaves its state, a shard its output.
//!
//! `merge` reports shards' outputs as one run (step 6 alone).

mod build;
mod found;
mod incremental;
mod modes;
mod reports;

pub(crate) use build::{build, mirror_if_needed};

use crate::cli::{Args, MessageFormat};
use crate::compile::{self, Workspace};
use crate::discover::Discovery;
use crate::error::{Error, Operation, Result};
use crate::exit_code;
use crate::filter::Filter;
use crate::lab::{self, Prepared, Results};
use crate::progress::Progress;
use crate::report;
use crate::stream::Stream;
use found::{Choice, Found};
use incremental::Incremental;
use reports::{exit_code_of, output_dir, report_run};
use std::time::{Duration, Instant};

pub fn run(args: &Args) -> Result<i32> {
    // 1. Set up.
    let started = Instant::now();
    let mut workspace = compile::locate(args)?;
    let (resolved, test_args) = crate::resolved::resolve(args, &workspace)?;
    let args = &resolved;
    // The modes that print their own results on stdout (a list, one mutant, an archive)
    // keep it: the stream is for runs.
    let own_stdout = args.list || args.run_mutant.is_some() || args.archive.is_some();
    let mut stream = Stream::new(args.message_format == MessageFormat::Json && !own_stdout);
    let (mut mirror_lock, mut doctests) = mirror_if_needed(args, &mut workspace)?;
    let filter = Filter::new(
        &args.file,
        &args.regex,
        &args.exclude_regex,
        &args.exclude_file,
    )?;
    let changed = build::changed_lines(args, &workspace.root)?;
    // Before the build reads the sources: what the verdicts will rest on.
    let incremental = args
        .incremental
        .then(|| Incremental::start(args, &workspace));
    let operators = crate::selection::resolve(args, &workspace.config, &workspace.rules.names())?;

    // 2. Build.
    let archived = match &args.from_archive {
        Some(path) => {
            eprintln!("   Unpacking the archive {}", path.display());
            Some(crate::shard::archive::open(path, &workspace)?)
        }
        None => None,
    };
    let built = match &archived {
        Some(archived) => archived.built.clone(),
        None => {
            stream.phase("build", None);
            eprintln!(
                "   Building tests with mutant schemata ({})",
                workspace.build_target_dir.display()
            );
            build(args, &mut workspace, &mut mirror_lock, &mut doctests)?
        }
    };
    let build_time = started.elapsed();
    drop(mirror_lock);
    let _scratch = crate::scratch::create()?;

    // 3. Find.
    let choice = Choice {
        operators: &operators,
        filter: &filter,
        changed: changed.as_ref(),
    };
    let Some(found) = found::discover(args, &workspace, built, &test_args, choice)? else {
        return Ok(exit_code::SUCCESS);
    };
    if args.list {
        modes::print_list(&found.d, &found.selected, args.json);
        return Ok(exit_code::SUCCESS);
    }
    if let Some(id) = &args.run_mutant {
        return modes::run_one(args, &workspace, &found.d, id);
    }
    // The version before the change, built before the baseline so that a revision that
    // does not build is said at once.
    let before = match (&args.since, args.relevance) {
        (Some(rev), true) => Some(crate::relevance::Before::build(
            args, &workspace, rev, &test_args,
        )?),
        _ => None,
    };

    // 4. Baseline.
    let mut config = lab_config(args);
    if let Some(applied) = &found.nextest {
        config.groups = std::sync::Arc::new(applied.groups());
    }
    config.unsafe_files = std::sync::Arc::new(lab::undefined::files_with_unsafe(
        &workspace.root,
        found.d.mutants.iter().map(|m| m.entry.file.as_str()),
    ));
    let mut progress = Progress::new(stream);
    let Some(mut run) = baseline(args, &workspace, &found, archived, &config, &mut progress)?
    else {
        return Ok(exit_code::SUCCESS);
    };
    if let Some(incremental) = &incremental {
        incremental.reuse(&found.d, &run.selected, &mut run.prepared.results);
    }

    // 5. Mutants.
    let relevance_inputs = before.map(|before| (before, run.prepared.baseline.clone()));
    let mutated = mutants(args, &workspace, &found.d, run, &config, &mut progress);
    let (mut results, expansion, split) = match mutated {
        Ok(mutated) => mutated,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    // A shard judges its share only; equivalence is proven on the merged run's survivors
    // by a run of their own.
    let equivalence = (args.equivalence && !results.interrupted && split.is_none())
        .then(|| crate::equivalence::run(args, &workspace, &found.d, &mut results, &mut progress));
    let suggested =
        (args.suggest_tests.is_some() && !results.interrupted && split.is_none()).then(|| {
            crate::suggest::run(
                &workspace,
                &found.d,
                &mut results.mutants,
                &config,
                &mut progress,
            )
        });
    let relevance = match (relevance_inputs, &changed, &args.since) {
        (Some((before, baseline)), Some(changed), Some(rev)) if !results.interrupted => {
            let run = crate::relevance::run(
                rev,
                before,
                &workspace,
                &found.d,
                &results,
                &baseline,
                changed,
                &config,
                &mut progress,
            );
            match run {
                Ok(relevance) => Some(relevance),
                Err(e) => {
                    progress.finish();
                    return Err(e);
                }
            }
        }
        _ => None,
    };
    let mut stream = progress.into_stream();

    // 6. Report.
    let d = &found.d;
    if let Some(expansion) = &expansion {
        expansion.say();
    }
    if let Some(equivalence) = &equivalence {
        equivalence.say();
    }
    if let Some(suggested) = &suggested {
        suggested.say();
    }
    if let Some(incremental) = incremental {
        incremental.finish(&output_dir(args, &workspace), d, &results)?;
    }
    let times = report::Times {
        total: started.elapsed(),
        build: build_time,
        baseline: results.baseline_time,
        mutants: results.mutants_time,
        whole: results.whole_time,
        undefined: results.unsafe_time,
        mutants_costs: results.mutants_costs,
        tracing: results.tracing_time,
        expansion: expansion.map(|e| e.time).unwrap_or_default(),
        coverage_overhead: results.coverage_overhead,
    };
    let fail_under = args.fail_under.or(workspace.config.thresholds.fail_under);
    report_run(
        args,
        &workspace,
        d,
        &results,
        &times,
        fail_under,
        relevance.as_ref(),
        &mut stream,
    )?;
    if let Some(mode) = args.suggest_tests {
        let dir = output_dir(args, &workspace);
        let into_packages = mode == crate::cli::SuggestTests::Write;
        let written =
            crate::suggest::write::write(&dir, &results.mutants, into_packages).map_err(|e| {
                Error::caused(Operation::Report, format!("writing {}", dir.display()), e)
            })?;
        for file in written {
            eprintln!("Suggested tests written to {}", file.display());
        }
    }
    let code = exit_code_of(&results, fail_under);
    if let Some((shard, split)) = split {
        let dir = output_dir(args, &workspace);
        crate::shard::output::ShardOutput::new(shard, split, d, results, times)
            .write(&dir)
            .map_err(|e| {
                Error::caused(Operation::Report, format!("writing {}", dir.display()), e)
            })?;
    }
    Ok(code)
}

/// `cargo mutate-driver merge DIR...`: the shards' outputs, reported as one run.
pub fn merge(merge: &crate::cli::MergeArgs) -> Result<i32> {
    let args = merge.as_run_args();
    let workspace = compile::locate(&args)?;
    let (d, results, times) = crate::shard::merge::merge(&merge.dirs)?;
    let fail_under = args.fail_under.or(workspace.config.thresholds.fail_under);
    let mut stream = Stream::new(args.message_format == MessageFormat::Json);
    report_run(
        &args,
        &workspace,
        &d,
        &results,
        &times,
        fail_under,
        None,
        &mut stream,
    )?;
    Ok(exit_code_of(&results, fail_under))
}

/// The baseline done: what the mutant phase starts from, and the mutants it runs (a
/// shard's share, with the split).
struct Baselined {
    prepared: Prepared,
    selected: Vec<bool>,
    split: Option<Split>,
}

/// A shard, and the shard each mutant goes to (`shard::split::assign`).
type Split = (crate::shard::split::Shard, Vec<Option<usize>>);

/// Step 4: the baseline (or an archive's), with nextest's settings put into it; `None`
/// where `--archive` wrote it and the run ends.
fn baseline(
    args: &Args,
    workspace: &Workspace,
    found: &Found,
    archived: Option<crate::shard::archive::Opened>,
    config: &lab::Config,
    progress: &mut Progress,
) -> Result<Option<Baselined>> {
    let d = &found.d;
    let prepared = match archived {
        Some(archived) => archived.prepared(d),
        None => lab::prepare(d, &found.selected, config, progress),
    };
    let mut prepared = match prepared {
        Ok(prepared) => prepared,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    if let Some(applied) = &found.nextest {
        prepared.settle(&applied.per_test);
    }
    if let Some(path) = &args.archive {
        progress.finish();
        crate::shard::archive::write(path, workspace, d, &found.unviable, &prepared)?;
        println!(
            "archive {}: {} test binaries, {} tests, {} mutants, with the baseline",
            path.display(),
            d.binaries.len(),
            d.tests.len(),
            d.mutants.len()
        );
        return Ok(None);
    }
    // A shard runs its share of what this run would, by a split every shard computes the
    // same from the archive's baseline.
    let split = args.shard.map(|shard| {
        let candidates: Vec<bool> = (0..d.mutants.len())
            .map(|m| found.selected[m] && d.mutants[m].entry.build_error.is_empty())
            .collect();
        (
            shard,
            crate::shard::split::assign(&prepared.costs(), &candidates, shard.n),
        )
    });
    let selected: Vec<bool> = match &split {
        Some((shard, split)) => split.iter().map(|s| *s == Some(shard.k - 1)).collect(),
        None => found.selected.clone(),
    };
    eprintln!(
        "    Testing {} mutants ({} selected{}) with {} tests",
        d.mutants.len(),
        selected.iter().filter(|s| **s).count(),
        args.shard.map_or(String::new(), |s| format!(", shard {s}")),
        d.tests.len()
    );
    Ok(Some(Baselined {
        prepared,
        selected,
        split,
    }))
}

/// What step 5 leaves: the verdicts, what the builds with a mutant in found, and the
/// shard's split.
type Mutated = (Results, Option<crate::expansion::Expansion>, Option<Split>);

/// Step 5's mutant phase and the builds with a mutant in (not in a shard: it judges its
/// share from the archive's binaries alone).
fn mutants(
    args: &Args,
    workspace: &Workspace,
    d: &Discovery,
    run: Baselined,
    config: &lab::Config,
    progress: &mut Progress,
) -> Result<Mutated> {
    let Baselined {
        prepared,
        selected,
        split,
    } = run;
    let mut results = lab::run(d, prepared, &selected, config, progress)?;
    let expansion = match split {
        Some(_) => None,
        None => crate::expansion::run(args, workspace, d, &selected, &mut results, progress)?,
    };
    Ok((results, expansion, split))
}

fn lab_config(args: &Args) -> lab::Config {
    lab::Config {
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        timeouts: crate::limits::Policy {
            factor: args.timeout_factor(),
            constant: Duration::from_secs_f64(args.timeout_constant),
            minimum: Duration::from_secs_f64(args.minimum_timeout.unwrap_or(0.0)),
        },
        baseline_timeout: Duration::from_secs_f64(args.baseline_timeout),
        memory_mb: args.memory_limit,
        shortcut: !args.matrix,
        flakes: args.flakes,
        probe: !args.no_probe,
        infection_skip: !args.no_infection_skip && !args.no_probe,
        groups: Default::default(),
        unsafe_files: Default::default(),
        suggest: args.suggest_tests.is_some(),
    }
}
