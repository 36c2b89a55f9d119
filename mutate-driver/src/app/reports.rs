//! The run's end: every report written (`report.json`, `report.sarif`, `report.html`,
//! the lists, cargo-mutants' where asked), the terminal's printed (on stderr where stdout
//! carries the JSON stream, which then gets the final verdicts and the summary), and the
//! exit code.

use crate::cli::Args;
use crate::compile::{self, Workspace};
use crate::discover::Discovery;
use crate::error::{Error, Operation, Result};
use crate::exit_code;
use crate::lab::Results;
use crate::outcome::Status;
use crate::report;
use crate::stream::Stream;

/// Writes the reports and prints the terminal's (on stderr where stdout carries the JSON
/// stream, which then gets each final verdict it has not said and the summary).
#[allow(clippy::too_many_arguments)]
pub fn report_run(
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
        let s = report::Summary::of(results);
        let summary = serde_json::json!({
            "total": s.total,
            "killed": s.killed,
            "timeout": s.timeout,
            "crashed": s.crashed,
            "survived": s.survived,
            "noCoverage": s.no_coverage,
            "unviable": s.unviable,
            "ignored": s.ignored,
            "equivalent": s.equivalent,
            "undefinedBehaviour": s.undefined_behaviour,
            "score": s.score,
            "coveredScore": s.covered_score,
            "seconds": times.total.as_secs_f64(),
            "reports": out_dir.display().to_string(),
        });
        stream.summary(summary);
    }
    Ok(())
}

/// The run's exit code: with a threshold, whether the score meets it; else whether any
/// mutant survived (or timed out).
pub fn exit_code_of(results: &Results, fail_under: Option<f64>) -> i32 {
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

pub fn output_dir(args: &Args, workspace: &Workspace) -> std::path::PathBuf {
    let dir = args
        .output
        .clone()
        .unwrap_or_else(|| workspace.manifest_dir.join("mutate.out"));
    std::path::absolute(&dir).unwrap_or(dir)
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
