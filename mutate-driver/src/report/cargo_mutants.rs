//! `mutants.out/` as cargo-mutants writes it, for the scripts and CI steps that read it:
//! `caught.txt`, `missed.txt`, `timeout.txt` and `unviable.txt` (one mutant name a line,
//! the same `file:line:column: description` names), `mutants.json`, `outcomes.json` in
//! cargo-mutants 27's shape, and a log and a diff per mutant.
//!
//! Verdicts map as `cargo test` sees them: killed and crashed are caught (the tests fail),
//! survived and not covered are missed (they pass), a timeout is a timeout, unviable is
//! unviable. Mutants not run (`Ignored`) are in none of the lists. An operator of ours
//! that cargo-mutants has no genre for is written with the nearest genre, and every
//! mutant carries its own operator in `mutate_operator`.

use crate::compile::Workspace;
use crate::discover::Discovery;
use crate::lab::{MutantResult, Results};
use crate::outcome::Status;
use mutate_operators::Operator;
use mutate_protocol::CatalogEntry;
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The cargo-mutants version whose output format this follows.
pub const FORMAT_OF: &str = "27.1.0";

/// When the run started and ended, and how long its build took (every mutant's build).
pub struct Run {
    pub started: SystemTime,
    pub ended: SystemTime,
    pub build: Duration,
}

/// How cargo-mutants would sum up a mutant's verdict, and the list it goes in.
fn summary(status: Status) -> Option<(&'static str, &'static str)> {
    match status {
        Status::Killed | Status::Crashed => Some(("CaughtMutant", "caught")),
        Status::Survived | Status::NoCoverage => Some(("MissedMutant", "missed")),
        Status::Timeout => Some(("Timeout", "timeout")),
        Status::Unviable => Some(("Unviable", "unviable")),
        // Proven to compute what the original does: no test is missing.
        Status::Ignored | Status::Equivalent | Status::UndefinedBehaviour => None,
    }
}

/// cargo-mutants' genre for a mutant: its own where it makes the same kind of change,
/// else the nearest.
fn genre(entry: &CatalogEntry) -> &'static str {
    let operator = Operator::ALL.iter().find(|o| o.name() == entry.operator);
    match operator {
        Some(Operator::FnValue) => "FnValue",
        Some(Operator::Unary) => "UnaryOperator",
        Some(Operator::MatchArm | Operator::ArmOrder) => "MatchArm",
        Some(Operator::Field) => "StructField",
        Some(Operator::Condition) if entry.description.starts_with("replace match guard") => {
            "MatchArmGuard"
        }
        Some(
            Operator::Arithmetic
            | Operator::Bitwise
            | Operator::Relational
            | Operator::Logical
            | Operator::Assignment,
        ) => "BinaryOperator",
        // Literals, conditions, jumps, ranges, deleted statements, method swaps: a change
        // of the function's value in cargo-mutants' terms.
        _ => "FnValue",
    }
}

/// Writes `mutants.out` in `parent`, moving a previous one to `mutants.out.old` as
/// cargo-mutants does. Returns its path.
pub fn write(
    parent: &Path,
    workspace: &Workspace,
    d: &Discovery,
    results: &Results,
    run: &Run,
) -> std::io::Result<std::path::PathBuf> {
    let dir = parent.join("mutants.out");
    if dir.exists() {
        let old = parent.join("mutants.out.old");
        let _ = std::fs::remove_dir_all(&old);
        std::fs::rename(&dir, &old)?;
    }
    std::fs::create_dir_all(dir.join("log"))?;
    std::fs::create_dir_all(dir.join("diff"))?;
    let mut lists: [(&str, String); 4] = [
        ("caught", String::new()),
        ("missed", String::new()),
        ("timeout", String::new()),
        ("unviable", String::new()),
    ];
    let mut listed = Vec::new();
    let mut outcomes = vec![baseline(run)];
    let mut names = Names::default();
    for (m, r) in results.mutants.iter().enumerate() {
        let Some((summary, list)) = summary(r.status) else {
            continue;
        };
        let entry = &d.mutants[m].entry;
        let text = &mut lists
            .iter_mut()
            .find(|(l, _)| *l == list)
            .expect("a list")
            .1;
        text.push_str(&entry.id);
        text.push('\n');
        let mutant = mutant_json(entry, &workspace.package_of(&entry.file));
        let base = names.base(entry);
        let (log_path, diff_path) = (format!("log/{base}.log"), format!("diff/{base}.diff"));
        std::fs::write(dir.join(&log_path), log(d, entry, r))?;
        std::fs::write(dir.join(&diff_path), diff(&workspace.root, entry))?;
        outcomes.push(json!({
            "scenario": { "Mutant": mutant.clone() },
            "summary": summary,
            "log_path": log_path,
            "diff_path": diff_path,
            "phase_results": phases(entry, r, run),
        }));
        listed.push((summary, mutant));
    }
    for (list, text) in &lists {
        std::fs::write(dir.join(format!("{list}.txt")), text)?;
    }
    let mutants: Vec<&Value> = listed.iter().map(|(_, m)| m).collect();
    write_json(&dir.join("mutants.json"), &json!(mutants))?;
    let count = |s: &str| listed.iter().filter(|(summary, _)| *summary == s).count();
    let outcomes = json!({
        "outcomes": outcomes,
        "total_mutants": listed.len(),
        "missed": count("MissedMutant"),
        "caught": count("CaughtMutant"),
        "timeout": count("Timeout"),
        "unviable": count("Unviable"),
        "success": 0,
        "start_time": humantime::format_rfc3339_micros(run.started).to_string(),
        "end_time": humantime::format_rfc3339_micros(run.ended).to_string(),
        "cargo_mutants_version": FORMAT_OF,
        "written_by": format!("mutate-driver {}", env!("CARGO_PKG_VERSION")),
    });
    write_json(&dir.join("outcomes.json"), &outcomes)?;
    Ok(dir)
}

fn write_json(path: &Path, value: &Value) -> std::io::Result<()> {
    std::fs::write(
        path,
        serde_json::to_string_pretty(value).expect("JSON values serialize"),
    )
}

/// The baseline's outcome: the suite passed with every mutant off (else no run reaches
/// the reports).
fn baseline(run: &Run) -> Value {
    json!({
        "scenario": "Baseline",
        "summary": "Success",
        "log_path": "log/baseline.log",
        "diff_path": null,
        "phase_results": [phase("Build", run.build, json!("Success"), &["cargo", "test", "--no-run"])],
    })
}

fn phase(name: &str, duration: Duration, status: Value, argv: &[&str]) -> Value {
    json!({
        "phase": name,
        "duration": duration.as_secs_f64(),
        "process_status": status,
        "argv": argv,
    })
}

/// The build every mutant shares, and for a mutant that was run, its test runs: failed
/// (exit 101, as libtest's), passed, or out of time.
fn phases(entry: &CatalogEntry, r: &MutantResult, run: &Run) -> Value {
    let build_status = match r.status {
        Status::Unviable => json!({ "Failure": 101 }),
        _ => json!("Success"),
    };
    let build = phase(
        "Build",
        run.build,
        build_status,
        &["cargo", "test", "--no-run"],
    );
    if r.status == Status::Unviable {
        return json!([build]);
    }
    let micros: u64 = r.runs.iter().map(|&(_, micros)| micros).sum();
    let test_status = match r.status {
        Status::Killed | Status::Crashed => json!({ "Failure": 101 }),
        Status::Timeout => json!("Timeout"),
        _ => json!("Success"),
    };
    let argv = ["cargo", "mutate-driver", "--run-mutant", entry.id.as_str()];
    let test = phase("Test", Duration::from_micros(micros), test_status, &argv);
    json!([build, test])
}

/// A mutant as cargo-mutants' `mutants.json` and `outcomes.json` describe one.
fn mutant_json(entry: &CatalogEntry, package: &str) -> Value {
    let [l1, c1, l2, c2] = entry.span;
    let function = (!entry.function.is_empty()).then(|| {
        json!({
            "function_name": entry.function,
            "return_type": return_type(entry),
        })
    });
    json!({
        "name": entry.id,
        "package": package,
        "file": entry.file,
        "function": function,
        "span": { "start": { "line": l1, "column": c1 }, "end": { "line": l2, "column": c2 } },
        "replacement": entry.replacement,
        "genre": genre(entry),
        "mutate_operator": entry.operator,
    })
}

/// `-> T` as a body replacement names it (`replace f -> T with v`), else empty.
fn return_type(entry: &CatalogEntry) -> String {
    let prefix = format!("replace {} -> ", entry.function);
    entry
        .description
        .strip_prefix(&prefix)
        .and_then(|rest| rest.rsplit_once(" with "))
        .map(|(ty, _)| format!("-> {ty}"))
        .unwrap_or_default()
}

/// File names for a mutant's log and diff, as cargo-mutants makes them:
/// `src__lib.rs_line_8_col_5`, with `_001`, `_002`... for repeats.
#[derive(Default)]
struct Names(std::collections::HashMap<String, usize>);

impl Names {
    fn base(&mut self, entry: &CatalogEntry) -> String {
        let clean: String = entry
            .file
            .chars()
            .map(|c| match c {
                '/' => "__".to_owned(),
                '\\' | ' ' | ':' | '<' | '>' | '?' | '*' | '|' | '"' => "_".to_owned(),
                c => c.to_string(),
            })
            .collect();
        let base = format!("{clean}_line_{}_col_{}", entry.span[0], entry.span[1]);
        let seen = self.0.entry(base.clone()).or_insert(0);
        *seen += 1;
        match *seen {
            1 => base,
            n => format!("{base}_{:03}", n - 1),
        }
    }
}

/// What a mutant's log says: its verdict, why, and the tests.
fn log(d: &Discovery, entry: &CatalogEntry, r: &MutantResult) -> String {
    let tests = |ts: &[usize]| {
        ts.iter()
            .map(|&t| d.test_id(t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = format!("{}\nverdict: {}\n", entry.id, r.status.label());
    if !r.reason.is_empty() {
        text.push_str(&format!("reason: {}\n", r.reason));
    }
    text.push_str(&format!("killed by: {}\n", tests(&r.killed_by)));
    text.push_str(&format!("covered by: {}\n", tests(&r.covered_by)));
    text.push_str(&format!(
        "reproduce: cargo mutate-driver --run-mutant {}\n",
        crate::shell::quote(&entry.id)
    ));
    text
}

/// A unified diff of the mutant's change to its file, as cargo-mutants writes one
/// (`--- file`, `+++ description`); empty where the file cannot be read.
fn diff(root: &Path, entry: &CatalogEntry) -> String {
    let Ok(text) = std::fs::read_to_string(root.join(&entry.file)) else {
        return String::new();
    };
    let lines: Vec<&str> = text.lines().collect();
    let [l1, c1, l2, c2] = entry.span.map(|n| n as usize);
    if l1 == 0 || l2 < l1 || l2 > lines.len() {
        return String::new();
    }
    let before: String = lines[l1 - 1].chars().take(c1.saturating_sub(1)).collect();
    let after: String = lines[l2 - 1].chars().skip(c2.saturating_sub(1)).collect();
    let changed = format!("{before}{}{after}", entry.replacement);
    const CONTEXT: usize = 3;
    let first = l1.saturating_sub(CONTEXT).max(1);
    let last = (l2 + CONTEXT).min(lines.len());
    let new_lines: Vec<&str> = changed.lines().collect();
    let mut out = format!("--- {}\n+++ {}\n", entry.file, entry.description);
    let old_count = last - first + 1;
    let new_count = old_count - (l2 - l1 + 1) + new_lines.len().max(1);
    out.push_str(&format!(
        "@@ -{first},{old_count} +{first},{new_count} @@\n"
    ));
    for line in &lines[first - 1..l1 - 1] {
        out.push_str(&format!(" {line}\n"));
    }
    for line in &lines[l1 - 1..l2] {
        out.push_str(&format!("-{line}\n"));
    }
    for line in new_lines
        .iter()
        .copied()
        .chain(new_lines.is_empty().then_some(""))
    {
        out.push_str(&format!("+{line}\n"));
    }
    for line in &lines[l2..last] {
        out.push_str(&format!(" {line}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(operator: &str, description: &str, function: &str) -> CatalogEntry {
        CatalogEntry {
            index: 0,
            site: 0,
            ticks: mutate_protocol::NO_TICKS,
            id: format!("src/lib.rs:2:5: {description}"),
            operator: operator.into(),
            file: "src/lib.rs".into(),
            span: [2, 7, 2, 8],
            original: "+".into(),
            replacement: "-".into(),
            description: description.into(),
            function: function.into(),
            build_error: String::new(),
            compile_time: false,
            value: Default::default(),
        }
    }

    #[test]
    fn verdicts_go_in_the_lists_cargo_test_would_put_them_in() {
        assert_eq!(summary(Status::Crashed), Some(("CaughtMutant", "caught")));
        assert_eq!(
            summary(Status::NoCoverage),
            Some(("MissedMutant", "missed"))
        );
        assert_eq!(summary(Status::Ignored), None);
    }

    #[test]
    fn genres_are_cargo_mutants_own_where_the_change_is_of_its_kind() {
        let fn_value = entry("fn_value", "replace f -> u32 with 0", "f");
        assert_eq!(genre(&fn_value), "FnValue");
        assert_eq!(return_type(&fn_value), "-> u32");
        let plus = entry("arithmetic", "replace + with - in f", "f");
        assert_eq!(genre(&plus), "BinaryOperator");
        assert_eq!(return_type(&plus), "");
        let guard = entry("condition", "replace match guard x > 0 with true in f", "f");
        assert_eq!(genre(&guard), "MatchArmGuard");
    }

    #[test]
    fn names_repeat_with_a_counter() {
        let mut names = Names::default();
        let e = entry("arithmetic", "replace + with - in f", "f");
        assert_eq!(names.base(&e), "src__lib.rs_line_2_col_7");
        assert_eq!(names.base(&e), "src__lib.rs_line_2_col_7_001");
    }

    #[test]
    fn the_diff_shows_the_line_as_the_mutant_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        std::fs::write(
            dir.path().join("src/lib.rs"),
            "fn f(a: u32) -> u32 {\n    a + 1\n}\n",
        )
        .unwrap();
        let e = entry("arithmetic", "replace + with - in f", "f");
        assert_eq!(
            diff(dir.path(), &e),
            "--- src/lib.rs\n+++ replace + with - in f\n@@ -1,3 +1,3 @@\n fn f(a: u32) -> u32 {\n-    a + 1\n+    a - 1\n }\n"
        );
    }
}
