//! One run of the driver, from the command line to the exit code.

use crate::cli::{Args, MessageFormat};
use crate::compile::{self, Workspace};
use crate::discover::{self, Discovery};
use crate::error::{Error, Operation, Result};
use crate::exit_code;
use crate::filter::Filter;
use crate::lab::{self, Results};
use crate::outcome::Status;
use crate::process::test_command;
use crate::progress::Progress;
use crate::report;
use crate::stream::Stream;
use std::time::{Duration, Instant};

pub fn run(args: &Args) -> Result<i32> {
    let started = Instant::now();
    let mut workspace = compile::locate(args)?;
    let (resolved, test_args) = crate::resolved::resolve(args, &workspace)?;
    let args = &resolved;
    let mut stream = Stream::new(args.message_format == MessageFormat::Json);
    let (mut mirror_lock, mut doctests) = mirror_if_needed(args, &mut workspace)?;
    let filter = Filter::new(
        &args.file,
        &args.regex,
        &args.exclude_regex,
        &args.exclude_file,
    )?;
    let changed = changed_lines(args, &workspace.root)?;
    // Before the build reads the sources: what the verdicts will rest on.
    let incremental = args
        .incremental
        .then(|| Incremental::start(args, &workspace));
    let operators = crate::selection::resolve(args, &workspace.config, &workspace.rules.names())?;
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
    let mut unviable = built.unviable.clone();
    let mut d = discover::discover(built, &test_args)?;
    let nextest = crate::nextest::Nextest::load(&workspace.root, args.nextest_profile.as_deref())
        .map_err(Error::Usage)?
        .map(|settings| crate::nextest::apply(settings, &workspace, &mut d));
    if let Some(applied) = &nextest {
        say_nextest(applied);
        // A binary run whole (a proc macro's or a constant's mutant built in) runs its tests
        // one at a time where any is in a test group, as the group may require.
        let threads_set = d
            .libtest_args
            .iter()
            .any(|a| a.starts_with("--test-threads"));
        if applied.groups().any() && !threads_set {
            d.libtest_args.push("--test-threads=1".into());
        }
    }
    let d = d;
    if test_args.filters_tests() && d.tests.is_empty() {
        eprintln!("warning: no test is left by the test arguments after `--`");
    }
    // Those marked by location have their ids now.
    let unused = mutate_protocol::unviable_marks::Kind::Unused.reason();
    unviable.extend(
        d.mutants
            .iter()
            .filter(|m| m.entry.build_error.starts_with(unused))
            .map(|m| (m.entry.id.clone(), m.entry.build_error.clone())),
    );
    report_unbuilt(&d, &unviable);
    if d.mutants.is_empty() {
        eprintln!(
            "no mutants: put #[mutate_runtime::mutate] on the functions, impls or modules to test"
        );
        return Ok(exit_code::SUCCESS);
    }
    let selected: Vec<bool> = d
        .mutants
        .iter()
        .map(|m| {
            let e = &m.entry;
            operators.contains_name(&e.operator)
                && filter.accepts(&e.file, &e.id)
                // A relevance run judges every mutant; the diff only classes them.
                && (args.relevance
                    || changed
                        .as_ref()
                        .is_none_or(|c| c.modifies(&e.file, e.span[0], e.span[2])))
        })
        .collect();
    if let Some(changed) = changed.as_ref().filter(|_| !args.relevance) {
        let on_changed = selected.iter().filter(|s| **s).count();
        eprintln!(
            "       Diff {on_changed} of {} mutants on lines changed in {} files",
            d.mutants.len(),
            changed.files()
        );
    }
    if args.list {
        print_list(&d, &selected, args.json);
        return Ok(exit_code::SUCCESS);
    }
    if let Some(id) = &args.run_mutant {
        if let Some(m) = d.index_of(id)
            && d.mutants[m].entry.build_error.is_empty()
            && crate::expansion::seen_when_built(args, &workspace, &d, m)
        {
            return crate::expansion::run_one(args, &workspace, &d, id);
        }
        return run_one(&d, id);
    }
    // The version before the change, built before the baseline so that a revision that
    // does not build is said at once.
    let before = match (&args.since, args.relevance) {
        (Some(rev), true) => Some(crate::relevance::Before::build(
            args, &workspace, rev, &test_args,
        )?),
        _ => None,
    };
    let mut config = lab_config(args);
    if let Some(applied) = &nextest {
        config.groups = std::sync::Arc::new(applied.groups());
    }
    let mut progress = Progress::new(stream);
    let prepared = match archived {
        Some(archived) => archived.prepared(&d),
        None => lab::prepare(&d, &selected, &config, &mut progress),
    };
    let mut prepared = match prepared {
        Ok(prepared) => prepared,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    if let Some(applied) = &nextest {
        prepared.settle(&applied.per_test);
    }
    if let Some(path) = &args.archive {
        progress.finish();
        crate::shard::archive::write(path, &workspace, &d, &unviable, &prepared)?;
        println!(
            "archive {}: {} test binaries, {} tests, {} mutants, with the baseline",
            path.display(),
            d.binaries.len(),
            d.tests.len(),
            d.mutants.len()
        );
        return Ok(exit_code::SUCCESS);
    }
    // A shard runs its share of what this run would, by a split every shard computes the
    // same from the archive's baseline.
    let split = args.shard.map(|shard| {
        let candidates: Vec<bool> = (0..d.mutants.len())
            .map(|m| selected[m] && d.mutants[m].entry.build_error.is_empty())
            .collect();
        (
            shard,
            crate::shard::split::assign(&prepared.costs(), &candidates, shard.n),
        )
    });
    let selected: Vec<bool> = match &split {
        Some((shard, split)) => split.iter().map(|s| *s == Some(shard.k - 1)).collect(),
        None => selected,
    };
    eprintln!(
        "    Testing {} mutants ({} selected{}) with {} tests",
        d.mutants.len(),
        selected.iter().filter(|s| **s).count(),
        args.shard.map_or(String::new(), |s| format!(", shard {s}")),
        d.tests.len()
    );
    let mut prepared = prepared;
    if let Some(incremental) = &incremental {
        incremental.reuse(&d, &selected, &mut prepared.results);
    }
    let baseline = before.as_ref().map(|_| prepared.baseline.clone());
    let results = lab::run(&d, prepared, &selected, &config, &mut progress);
    let mut results = match results {
        Ok(results) => results,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    // A shard's share is judged from the archive's binaries alone.
    let expansion = match split {
        Some(_) => Ok(None),
        None => crate::expansion::run(args, &workspace, &d, &selected, &mut results, &mut progress),
    };
    let expansion = match expansion {
        Ok(expansion) => expansion,
        Err(e) => {
            progress.finish();
            return Err(e);
        }
    };
    let relevance = match (before, &baseline, &changed, &args.since) {
        (Some(before), Some(baseline), Some(changed), Some(rev)) if !results.interrupted => {
            let run = crate::relevance::run(
                rev,
                before,
                &workspace.root,
                &d,
                &results,
                baseline,
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
    if let Some(expansion) = &expansion {
        let of_macros = expansion.mutants - expansion.constants;
        eprintln!(
            "   Expansion {} mutants built into the tests ({} of constants, {of_macros} of proc \
             macros): {} detected, {:.1}s ({:.1}s a mutant)",
            expansion.mutants,
            expansion.constants,
            expansion.detected,
            expansion.time.as_secs_f64(),
            expansion.time.as_secs_f64() / expansion.mutants.max(1) as f64
        );
    }
    if let Some(incremental) = incremental {
        incremental.finish(&output_dir(args, &workspace), &d, &results)?;
    }
    let times = report::Times {
        total: started.elapsed(),
        build: build_time,
        baseline: results.baseline_time,
        mutants: results.mutants_time,
        mutants_costs: results.mutants_costs,
        tracing: results.tracing_time,
        expansion: expansion.map(|e| e.time).unwrap_or_default(),
        coverage_overhead: results.coverage_overhead,
    };
    let fail_under = args.fail_under.or(workspace.config.thresholds.fail_under);
    report_run(
        args,
        &workspace,
        &d,
        &results,
        &times,
        fail_under,
        relevance.as_ref(),
        &mut stream,
    )?;
    let code = exit_code_of(&results, fail_under);
    if let Some((shard, split)) = split {
        let dir = output_dir(args, &workspace);
        crate::shard::output::ShardOutput::new(shard, split, &d, results, times)
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

/// Writes the reports and prints the terminal's (on stderr where stdout carries the JSON
/// stream, which then gets each final verdict it has not said and the summary).
#[allow(clippy::too_many_arguments)]
fn report_run(
    args: &Args,
    workspace: &compile::Workspace,
    d: &Discovery,
    results: &Results,
    times: &report::Times,
    fail_under: Option<f64>,
    relevance: Option<&crate::relevance::Relevance>,
    stream: &mut Stream,
) -> Result<()> {
    let on = stream.is_on();
    let say = |text: &str| match on {
        true => eprint!("{text}"),
        false => print!("{text}"),
    };
    let pseudo = report::pseudo::find(d, results);
    // The full matrix's analysis, for analysis.json and the terminal alike.
    let analysis =
        (args.matrix && !results.interrupted).then(|| report::matrix::analyse(d, results));
    let diagnoses = crate::diagnosis::of_survivors(d, results);
    let reports = Reports {
        pseudo: &pseudo,
        times,
        analysis: analysis.as_ref(),
        diagnoses: &diagnoses,
        relevance,
    };
    let out_dir = write_reports(args, workspace, d, results, &reports)?;
    let view = report::terminal::View {
        pseudo: &pseudo,
        root: &workspace.root,
        times,
        diagnoses: &diagnoses,
    };
    let text = report::terminal::render(d, results, &view, |id| reproduce_command(args, id));
    say(&text);
    if let Some((index, analysis)) = &analysis {
        say(&report::matrix::render(d, results, index, analysis));
    }
    if let Some(relevance) = relevance {
        say(&report::relevance::render(d, results, relevance));
    }
    if args.incremental {
        let decided = results
            .mutants
            .iter()
            .filter(|r| r.status != Status::Ignored);
        say(&format!(
            "incremental: {} verdicts taken from the previous run, {} decided in this one\n",
            results.reused(),
            decided.count() - results.reused()
        ));
    }
    if let Some(threshold) = fail_under {
        let score = report::Summary::of(results).score;
        let below = score.is_some_and(|s| s < threshold);
        say(&format!(
            "mutation score {} {} the threshold {threshold:.1}%\n",
            score.map_or("n/a".to_owned(), |s| format!("{s:.1}%")),
            if below { "is below" } else { "meets" }
        ));
    }
    if args.annotations() == crate::cli::Annotations::Github {
        say(&report::annotations::github(d, results, |id| {
            reproduce_command(args, id)
        }));
    }
    say(&format!("reports in {}\n", out_dir.display()));
    if on {
        for (m, r) in results.mutants.iter().enumerate() {
            if !stream.said(&d.mutants[m].entry.id, r.status) {
                stream.mutant(&r.ended(d, m));
            }
        }
        let mut summary =
            serde_json::to_value(report::Summary::of(results)).expect("the summary serializes");
        summary["coveredScore"] = summary["covered_score"].take();
        summary["noCoverage"] = summary["no_coverage"].take();
        if let Some(fields) = summary.as_object_mut() {
            fields.remove("covered_score");
            fields.remove("no_coverage");
        }
        summary["seconds"] = serde_json::json!(times.total.as_secs_f64());
        summary["reports"] = serde_json::json!(out_dir);
        stream.summary(summary);
    }
    Ok(())
}

/// The lines `--in-diff` or `--since` name, read before the build so that a bad diff or
/// revision is refused at once.
fn changed_lines(args: &Args, root: &std::path::Path) -> Result<Option<crate::diff::Changed>> {
    match (&args.in_diff, &args.since) {
        (Some(path), _) => crate::diff::read(path).map(Some),
        (None, Some(rev)) => crate::diff::since(root, rev).map(Some),
        (None, None) => Ok(None),
    }
}

/// With `--all-items`, or doc tests to run, the build is of a mirror of the workspace
/// (made here): returns the mirror's lock, held until the build is done, and its doc tests.
pub(crate) fn mirror_if_needed(
    args: &Args,
    workspace: &mut compile::Workspace,
) -> Result<(Option<std::fs::File>, Option<crate::doctests::DocTests>)> {
    mirror(args, workspace, true)
}

/// As [`mirror_if_needed`]; `apart`: whether `--all-items` may use the attribute and the
/// runtime built apart.
fn mirror(
    args: &Args,
    workspace: &mut compile::Workspace,
    apart: bool,
) -> Result<(Option<std::fs::File>, Option<crate::doctests::DocTests>)> {
    let mode = if args.all_items {
        crate::all_items::Mode::AllItems
    } else if crate::all_items::wants_doc_tests(args, workspace) {
        crate::all_items::Mode::DocTestsOnly
    } else {
        return Ok((None, None));
    };
    let mirror = crate::all_items::prepare(args, workspace, mode, apart)?;
    workspace.build_root = mirror.root;
    workspace.build_manifest = Some(mirror.manifest);
    workspace.attribute = mirror.attribute.map(|a| a.extern_arg());
    workspace.runtime = mirror.runtime.map(|r| r.extern_arg());
    // For tools that rebuild the copy as the driver does (the benchmarks); the run itself
    // does not read it back, so a failure to write it does not stop the run.
    let _ = crate::rustc_wrapper::record_externs(&workspace.target_dir, &workspace.externs());
    Ok((Some(mirror.lock), Some(mirror.doctests)))
}

/// The schemata build (`rebuild::build`). Where rustc cannot load the attribute or the
/// runtime built apart (a damaged cache, a compiler other than the one they were built
/// with), the copy is made again with both built with the crate, and built once more: the
/// cache is the driver's, and it must not stop a run.
pub(crate) fn build(
    args: &Args,
    workspace: &mut compile::Workspace,
    mirror_lock: &mut Option<std::fs::File>,
    doctests: &mut Option<crate::doctests::DocTests>,
) -> Result<compile::Built> {
    match crate::rebuild::build(args, workspace, doctests.as_mut()) {
        Err(Error::ApartUnloadable(why)) => {
            // The attribute's folder holds the runtime's too.
            let kept = workspace
                .attribute
                .as_deref()
                .and_then(|a| crate::rustc_wrapper::extern_parts(a).1)
                .map(|dir| dir.display().to_string())
                .unwrap_or_default();
            eprintln!(
                "warning: rustc cannot load what the driver built apart, kept in {kept} \
                 ({why}); the copy is built with the runtime and its attribute instead \
                 (remove that folder if this repeats)"
            );
            // The copy's lock is taken again by the copy made anew.
            *mirror_lock = None;
            let (lock, again) = mirror(args, workspace, false)?;
            *mirror_lock = lock;
            *doctests = again;
            crate::rebuild::build(args, workspace, doctests.as_mut())
        }
        other => other,
    }
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
    }
}

/// What nextest's settings did to the run, in one line, and their notes.
fn say_nextest(applied: &crate::nextest::Applied) {
    let tests = &applied.per_test;
    let count = |f: fn(&crate::nextest::ForTest) -> bool| tests.iter().filter(|t| f(t)).count();
    eprintln!(
        "    Nextest profile `{}` of {}: {} tests left out by its default-filter, {} in test \
         groups, {} with retries (their failures kill nothing), {} with a time limit",
        applied.nextest.profile,
        crate::nextest::FILE,
        applied.left_out,
        count(|t| t.group.is_some()),
        count(|t| t.retries > 0),
        count(|t| t.terminate_after.is_some()),
    );
    for note in &applied.nextest.notes {
        eprintln!("note: {}: {note}", crate::nextest::FILE);
    }
}

/// Says how many mutants rustc proved unviable (`marked`: by a mark in its warnings, a type
/// fallback, a lint on constant arithmetic or a denied warning; the others through the
/// rebuild net), and in how many functions; and how many cannot run where a constant is
/// needed.
fn report_unbuilt(d: &Discovery, marked: &std::collections::BTreeMap<String, String>) {
    use mutate_protocol::unviable_marks::Kind;
    let functions = |ms: &[&crate::discover::Mutant]| {
        ms.iter()
            .map(|m| (m.entry.file.as_str(), m.entry.function.as_str()))
            .collect::<std::collections::BTreeSet<_>>()
            .len()
    };
    let (constant, unbuilt): (Vec<_>, Vec<_>) = d
        .mutants
        .iter()
        .filter(|m| !m.entry.build_error.is_empty())
        .partition(|m| crate::outcome::schemata_only(&m.entry).is_some());
    if !constant.is_empty() {
        eprintln!(
            "  Not run: {} mutants whose schemata cannot build where they stand (a constant \
             needed there, a swapped method of another type; their text may), in {} functions",
            constant.len(),
            functions(&constant)
        );
    }
    let (marked, by_net): (Vec<_>, Vec<_>) = unbuilt
        .into_iter()
        .partition(|m| marked.contains_key(&m.entry.id));
    let (by_lint, marked): (Vec<_>, Vec<_>) = marked.into_iter().partition(|m| {
        [Kind::Unused, Kind::Comparison, Kind::Recursion]
            .iter()
            .any(|k| m.entry.build_error.starts_with(k.reason()))
    });
    let (by_constant, by_type): (Vec<_>, Vec<_>) = marked.into_iter().partition(|m| {
        [Kind::Constant, Kind::Index]
            .iter()
            .any(|k| m.entry.build_error.starts_with(k.reason()))
    });
    for (ms, what, why) in [
        (
            &by_net,
            "whose code does not build with them",
            "compiled as written; rustc's message is each one's reason",
        ),
        (
            &by_type,
            "whose replacement the types at hand do not allow (no value of the type, no \
             such operator for the operands, no reverse of the iterator, a literal out of \
             range)",
            "rustc chose the fallback, or said so; not run",
        ),
        (
            &by_constant,
            "whose constant arithmetic rustc rejects (an overflow, a shift past the width, \
             a division by zero, an index past an array's end)",
            "not run",
        ),
        (
            &by_lint,
            "whose text adds a warning the crate denies (a parameter left unused, a \
             comparison beyond its type's range, a call of itself on every path)",
            "not run",
        ),
    ] {
        if !ms.is_empty() {
            eprintln!(
                "  Unviable {} mutants {what}, in {} functions ({why})",
                ms.len(),
                functions(ms)
            );
        }
    }
}

/// The run's exit code: with a threshold, whether the score meets it; else whether any
/// mutant survived (or timed out).
fn exit_code_of(results: &Results, fail_under: Option<f64>) -> i32 {
    let any = |s: Status| results.mutants.iter().any(|r| r.status == s);
    if results.interrupted {
        exit_code::INTERRUPTED
    } else if let Some(threshold) = fail_under {
        let score = report::Summary::of(results).score;
        if score.is_some_and(|s| s < threshold) {
            exit_code::SCORE_BELOW
        } else {
            exit_code::SUCCESS
        }
    } else if any(Status::Survived) || any(Status::NoCoverage) {
        exit_code::SURVIVORS
    } else if any(Status::Timeout) {
        exit_code::TIMEOUTS
    } else {
        exit_code::SUCCESS
    }
}

/// What a run's reports are made of, beside its results.
struct Reports<'a> {
    pseudo: &'a [report::pseudo::PseudoTested],
    times: &'a report::Times,
    /// With a complete kill matrix: its analysis and the mutant of each of its rows.
    analysis: Option<&'a (Vec<usize>, crate::analysis::Analysis)>,
    /// Why each survivor survived, by mutant.
    diagnoses: &'a crate::diagnosis::Diagnoses,
    /// With `--relevance`: which mutants the change interacts with.
    relevance: Option<&'a crate::relevance::Relevance>,
}

fn write_reports(
    args: &Args,
    workspace: &Workspace,
    d: &Discovery,
    results: &Results,
    reports: &Reports,
) -> Result<std::path::PathBuf> {
    let dir = output_dir(args, workspace);
    let io = |e: std::io::Error| {
        Error::caused(
            Operation::Report,
            format!("writing reports to {}", dir.display()),
            e,
        )
    };
    std::fs::create_dir_all(&dir).map_err(io)?;
    let write_json = |name: &str, json: &serde_json::Value| {
        let text = serde_json::to_string_pretty(json).expect("JSON values serialize");
        std::fs::write(dir.join(name), text).map_err(io)
    };
    let mut json = report::json::build(d, results, workspace, reports.times, reports.diagnoses);
    if let Some(relevance) = reports.relevance {
        report::relevance::annotate(&mut json, d, results, relevance);
        std::fs::write(
            dir.join("relevant.txt"),
            report::relevance::render(d, results, relevance),
        )
        .map_err(io)?;
    }
    write_json("report.json", &json)?;
    write_json("report.sarif", &report::sarif::from_report(&json))?;
    std::fs::write(dir.join("report.html"), report::html::page(&json)).map_err(io)?;
    let complete = reports.analysis.is_some();
    write_json(
        "matrix.json",
        &report::matrix::matrix_json(d, results, complete),
    )?;
    if let Some((index, analysis)) = reports.analysis {
        let json = report::matrix::analysis_json(d, results, index, analysis);
        write_json("analysis.json", &json)?;
    }
    report::lists::write(&dir, d, results, reports.pseudo).map_err(io)?;
    if args.output_format == Some(crate::cli::OutputFormat::CargoMutants) {
        let parent = match &args.output {
            Some(_) => dir.clone(),
            None => workspace.manifest_dir.clone(),
        };
        let ended = std::time::SystemTime::now();
        let run = report::cargo_mutants::Run {
            started: ended - reports.times.total,
            ended,
            build: reports.times.build,
        };
        let written =
            report::cargo_mutants::write(&parent, workspace, d, results, &run).map_err(io)?;
        eprintln!("   cargo-mutants' reports in {}", written.display());
    }
    std::fs::write(
        dir.join("diagnosis.txt"),
        report::terminal::diagnoses(d, results, reports.diagnoses),
    )
    .map_err(io)?;
    Ok(dir)
}

fn output_dir(args: &Args, workspace: &Workspace) -> std::path::PathBuf {
    let dir = args
        .output
        .clone()
        .unwrap_or_else(|| workspace.manifest_dir.join("mutate.out"));
    std::path::absolute(&dir).unwrap_or(dir)
}

/// An `--incremental` run: the sources as they were at its start, the previous run's
/// state, and what changed between them.
struct Incremental {
    snapshot: crate::incremental::Snapshot,
    previous: Option<(crate::incremental::State, crate::incremental::Changes)>,
}

impl Incremental {
    fn start(args: &Args, workspace: &Workspace) -> Incremental {
        use crate::incremental::{Changes, Snapshot, State};
        let packages: Vec<&std::path::Path> = workspace
            .metadata
            .workspace_packages()
            .into_iter()
            .filter_map(|p| p.manifest_path.parent().map(|dir| dir.as_std_path()))
            .collect();
        let out = output_dir(args, workspace);
        let snapshot = Snapshot::take(&workspace.root, &packages, &out, args.verdict_settings());
        let previous = State::load(&out).map(|state| {
            let changes = Changes::between(&state, &snapshot);
            (state, changes)
        });
        match &previous {
            None => eprintln!(
                "  Incremental no previous run in {}: every mutant is run",
                out.display()
            ),
            Some((_, Changes::Everything(why))) => {
                eprintln!("  Incremental {why}: every mutant is run")
            }
            Some((_, Changes::Bodies { functions, .. })) => eprintln!(
                "  Incremental {} function bodies changed since the previous run",
                functions.len()
            ),
        }
        Incremental { snapshot, previous }
    }

    /// Takes the verdicts the rule allows into `results` (marked `reused`: not run).
    fn reuse(&self, d: &Discovery, selected: &[bool], results: &mut [lab::MutantResult]) {
        if let Some((state, changes)) = &self.previous {
            crate::incremental::reuse(state, &self.snapshot, changes, d, selected, results);
        }
    }

    /// Leaves this run's state for the next.
    fn finish(self, dir: &std::path::Path, d: &Discovery, results: &Results) -> Result<()> {
        let io = |e: std::io::Error| {
            Error::caused(Operation::Report, format!("writing {}", dir.display()), e)
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        self.snapshot
            .state(d, &results.mutants)
            .save(dir)
            .map_err(io)
    }
}

fn reproduce_command(args: &Args, id: &str) -> String {
    let mut command = String::from("cargo mutate-driver");
    if let Some(path) = &args.manifest_path {
        command.push_str(&format!(
            " --manifest-path {}",
            crate::shell::quote(&path.display().to_string())
        ));
    }
    for p in &args.package {
        command.push_str(&format!(" -p {}", crate::shell::quote(p)));
    }
    if args.all_items {
        command.push_str(" --all-items");
    }
    if let Some(path) = &args.runtime_path {
        command.push_str(&format!(
            " --runtime-path {}",
            crate::shell::quote(&path.display().to_string())
        ));
    }
    command.push_str(&format!(" --run-mutant {}", crate::shell::quote(id)));
    command
}

fn print_list(d: &Discovery, selected: &[bool], json: bool) {
    let chosen = d
        .mutants
        .iter()
        .zip(selected)
        .filter(|(_, s)| **s)
        .map(|(m, _)| &m.entry);
    if json {
        let values: Vec<serde_json::Value> = chosen.map(report::json::listed).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&values).expect("JSON values serialize")
        );
    } else {
        let mut unbuilt = 0;
        for e in chosen {
            println!("{}", e.id);
            unbuilt += usize::from(!e.build_error.is_empty());
        }
        if unbuilt > 0 {
            eprintln!(
                "{unbuilt} of these are unviable: their functions do not build with them \
                 (`--list --json` gives rustc's message for each)"
            );
        }
    }
}

/// Runs every test binary that holds the mutant with it active, output shown.
fn run_one(d: &Discovery, id: &str) -> Result<i32> {
    let Some(m) = d.index_of(id) else {
        return Err(Error::Usage(format!(
            "no mutant with id `{id}` (see `cargo mutate-driver --list`)"
        )));
    };
    // Compiled as written, or its replacement proved not to build: running the tests with
    // it "active" would run the code as written, and pass.
    let unbuilt = &d.mutants[m].entry.build_error;
    if let Some(reason) = crate::outcome::schemata_only(&d.mutants[m].entry) {
        return Err(Error::Usage(format!(
            "mutant `{id}` cannot run in mutant schemata: {reason}"
        )));
    }
    if !unbuilt.is_empty() {
        println!("UNVIABLE {id}: {unbuilt}; not run");
        return Ok(exit_code::BUILD_FAILED);
    }
    let mut all_passed = true;
    // Any test may start a program that holds the mutant.
    let anywhere = d.in_executable(m);
    for (b, binary) in d.binaries.iter().enumerate() {
        if !anywhere && !d.sites[b].values().any(|ms| ms.contains(&m)) {
            continue;
        }
        eprintln!(
            "     Running {} with the mutant active",
            binary.path.display()
        );
        let status = test_command(binary)
            .args(&d.libtest_args)
            .env(mutate_protocol::env::ACTIVE, id)
            .status()
            .map_err(|e| Error::caused(Operation::Run, "running a test binary", e))?;
        all_passed &= status.success();
    }
    if all_passed {
        println!("SURVIVED {id}: every test passed with the mutant active");
        Ok(exit_code::SURVIVORS)
    } else {
        println!("KILLED {id}: some test failed with the mutant active");
        Ok(exit_code::SUCCESS)
    }
}
