//! Mutants of proc-macro crates that only the expansion of their macros can show. A proc
//! macro runs in rustc, when the crates that use it are built: a mutant there changes the
//! code those crates are built from, which their tests, built once with every mutant off,
//! never see. The crate's own unit tests judged what they reach in the mutant phase; here
//! each mutant they did not detect is built into the crates that expand the macro (cargo,
//! with `MUTATE_ACTIVE_<package>` naming it: the macro crate tracks its package's
//! variable, so cargo rebuilds it and exactly the crates that depend on it) and their tests
//! are run whole, as `cargo test` would run them. A test crate that no longer builds fails `cargo test`:
//! the mutant is killed. Test executables that come out the same as with no mutant on
//! cannot judge it otherwise than they did: they are not run.
//!
//! Mutants of constant contexts (a `const` or `static` initializer, whose value rustc
//! computes) are judged the same way: no run-time switch reaches them, so each is built
//! into the tests (its package's variable chooses its branch of the initializer: the
//! macro's `operators/compile_time.rs`) and they are run whole. A constant that rustc then
//! rejects (its evaluation overflows, its type no longer fits) is unviable, as with
//! cargo-mutants; tests that come out byte for byte the same prove the mutant equivalent.

mod pace;

use crate::cli::Args;
use crate::compile::{self, BuiltWith, TestBinary, Workspace};
use crate::discover::Discovery;
use crate::error::Result;
use crate::lab::Results;
use crate::lab::whole::{GRACE, SLOWER, Whole, run_whole};
use crate::outcome::Status;
use crate::progress::Progress;
use mutate_protocol::ConstantValue;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What the phase did, for the summary.
#[derive(Debug, Default, Clone)]
pub struct Expansion {
    /// Mutants built into the crates that expand their macro, or into the tests (a
    /// constant's).
    pub mutants: usize,
    /// Of those, mutants of constants.
    pub constants: usize,
    /// Of those, detected by the tests of those crates.
    pub detected: usize,
    pub time: Duration,
}

impl Expansion {
    /// What the phase did, in one line.
    pub fn say(&self) {
        let of_macros = self.mutants - self.constants;
        eprintln!(
            "   Expansion {} mutants built into the tests ({} of constants, {of_macros} of proc \
             macros): {} detected, {:.1}s ({:.1}s a mutant)",
            self.mutants,
            self.constants,
            self.detected,
            self.time.as_secs_f64(),
            self.time.as_secs_f64() / self.mutants.max(1) as f64
        );
    }
}

/// Whether a step after this phase runs the run's test executables: tests written for
/// survivors, relevance, equivalence (which builds from the run's copy).
fn later_steps_run_the_tests(args: &Args) -> bool {
    args.suggest_tests.is_some() || (args.since.is_some() && args.relevance) || args.equivalence
}

/// The verdict a constant's mutant has without a build, from what its test binaries
/// found running its constant both ways; `None` where only a build can tell.
fn settled_unbuilt(value: &ConstantValue) -> Option<(Status, String)> {
    match value {
        ConstantValue::Same => Some((Status::Equivalent, SAME_VALUE.to_owned())),
        ConstantValue::Panics(message) => Some((
            Status::Unviable,
            format!("rustc rejects the constant with it: run, its text panics ({message})"),
        )),
        ConstantValue::Unknown => None,
    }
}

/// Why a constant's mutant that leaves its value as it was is equivalent.
const SAME_VALUE: &str = "equivalent: its constant has the same value with it (the \
    initializer as written and with the mutant, run and compared), so every build with it \
    is the build without it";

/// An id no mutant has: the build with it on is the expansion with every mutant off.
const NONE_ON: &str = "mutate: no mutant";

/// Judges the selected mutants of the tested proc-macro crates that survived or had no
/// coverage, by the tests of the crates that expand their macros. Only with `--all-items`,
/// which has each proc-macro crate track the variable. `None` when there was nothing to do.
pub fn run(
    args: &Args,
    workspace: &Workspace,
    d: &Discovery,
    selected: &[bool],
    results: &mut Results,
    progress: &mut Progress,
) -> Result<Option<Expansion>> {
    let macro_dirs = proc_macro_dirs(workspace);
    let in_macro = |m: usize| {
        let file = &d.mutants[m].entry.file;
        macro_dirs
            .iter()
            .any(|dir| Path::new(file).starts_with(dir))
    };
    let mut candidates: Vec<usize> = (0..d.mutants.len())
        .filter(|&m| selected[m] && d.mutants[m].entry.build_error.is_empty())
        .filter(|&m| {
            matches!(
                results.mutants[m].status,
                Status::Survived | Status::NoCoverage
            )
        })
        .filter(|&m| d.mutants[m].entry.compile_time || in_macro(m))
        .collect();
    // A constant's mutant its test binaries ran (when they listed their mutants): one that
    // leaves the constant's value as it was is equivalent, as every build with it is the
    // build without it; one whose text panics is one rustc's evaluation rejects.
    let before = candidates.len();
    candidates.retain(|&m| match settled_unbuilt(&d.mutants[m].entry.value) {
        Some(verdict) => {
            let r = &mut results.mutants[m];
            (r.status, r.reason) = verdict;
            false
        }
        None => true,
    });
    let settled = before - candidates.len();
    if settled > 0 {
        progress.note(&format!(
            "{settled} mutants of constants settled without a build: their constant run \
             with each, its value the same (equivalent) or its text panicking (unviable)"
        ));
    }
    if candidates.is_empty() || results.interrupted {
        return Ok(None);
    }
    if args.no_expansion {
        let expanding = expanding_packages(workspace).join(", ");
        for &m in &candidates {
            let r = &mut results.mutants[m];
            r.status = Status::Ignored;
            r.reason = if d.mutants[m].entry.compile_time {
                "not seen: it is in a constant, whose value rustc computes when it builds the \
                 crate, and the tests were not built again with it (--no-expansion)"
                    .to_owned()
            } else {
                format!(
                    "not seen: its proc macro runs when the crates that use it are built, and \
                     the tests of {expanding} were not built again with it (--no-expansion)"
                )
            };
        }
        return Ok(None);
    }
    let of_macros = candidates
        .iter()
        .filter(|&&m| !d.mutants[m].entry.compile_time)
        .count();
    if !args.all_items && of_macros > 0 {
        progress.note(&format!(
            "{of_macros} mutants of proc-macro crates were judged by the crates' own tests only: \
             the tests that expand their macros are built again with each mutant only \
             with --all-items"
        ));
        candidates.retain(|&m| d.mutants[m].entry.compile_time);
        if candidates.is_empty() {
            return Ok(None);
        }
    }
    let started = Instant::now();
    let lists = workspace.target_dir.join("build-errors");
    let macro_roots = proc_macro_roots(workspace);
    // With every mutant off: which test executables expand the macros, what they are,
    // and how long each takes whole.
    let every_package = BuiltWith {
        id: NONE_ON,
        package: None,
        others: None,
    };
    let none = compile::build_with_mutant(args, workspace, &lists, Some(every_package))?;
    if !none.success {
        progress.note(
            "the tests did not build again with every mutant off; the mutants of proc macros \
             are judged by the crates' own tests only, and those of constants not at all",
        );
        return Ok(None);
    }
    // Each expanding executable's digest and its time whole, with every mutant off.
    let mut baseline: HashMap<PathBuf, (u64, Duration)> = HashMap::new();
    for binary in expanding(&none.binaries, &none.rebuilt, &macro_roots) {
        let before = Instant::now();
        let limit = Duration::from_secs_f64(args.baseline_timeout);
        match run_whole(binary, &d.libtest_args, Some(NONE_ON), limit) {
            Whole::Passed => {}
            _ => {
                progress.note(&format!(
                    "`{}` does not pass whole with every mutant off; the mutants of proc \
                     macros and constants it holds are not judged by it",
                    binary.src_path
                ));
                return Ok(None);
            }
        }
        let took = before.elapsed();
        baseline.insert(binary.path.clone(), (digest_of(&binary.path), took));
    }
    progress.phase(
        "Expansion",
        candidates.len(),
        (
            "mutant seen only when the tests are built (a proc macro's, a constant's), built \
             into them",
            "mutants seen only when the tests are built (proc macros', constants'), each built \
             into them",
        ),
    );
    let mut expansion = Expansion::default();
    let with_packages = candidates
        .iter()
        .map(|&m| (m, workspace.package_of(&d.mutants[m].entry.file)))
        .collect();
    let ordered = pace::order(with_packages);
    let mut paces = pace::Paces::default();
    let phase_started = Instant::now();
    for (k, (m, package)) in ordered.iter().enumerate() {
        let m = *m;
        if crate::interrupt::interrupted() {
            results.interrupted = true;
            break;
        }
        let mutant_started = Instant::now();
        let id = d.mutants[m].entry.id.clone();
        let constant = d.mutants[m].entry.compile_time;
        // Every other package stays as the build with every mutant off left it, so
        // cargo rebuilds only this mutant's package and what depends on it.
        let with_it = BuiltWith {
            id: &id,
            package: Some(package),
            others: Some(NONE_ON),
        };
        let attempt = compile::build_with_mutant(args, workspace, &lists, Some(with_it))?;
        expansion.mutants += 1;
        expansion.constants += usize::from(constant);
        let r = &mut results.mutants[m];
        if !attempt.success && constant {
            (r.status, r.reason) = rejected_constant(&attempt, &d.mutants[m].entry.file);
        } else if !attempt.success {
            let error = attempt
                .errors
                .first()
                .map(|(krate, e)| format!("{krate}: {}", e.message))
                .unwrap_or_else(|| "cargo failed".into());
            r.status = Status::Killed;
            r.reason = format!(
                "the crates that expand its macro do not build with it, so `cargo test` \
                 fails: {error}"
            );
        } else if let Some((status, reason)) = judge(
            &attempt,
            &macro_roots,
            &baseline,
            d,
            (&id, r.status, constant),
        ) {
            (r.status, r.reason) = (status, reason);
        }
        if r.status.detected() {
            expansion.detected += 1;
        }
        paces.took(package, mutant_started.elapsed());
        let left = paces.left(ordered[k + 1..].iter().map(|(_, p)| p.as_str()));
        let done = phase_started.elapsed().as_secs_f64();
        progress.work(done, left.as_secs_f64(), Duration::ZERO);
        progress.mutant(r.ended(d, m));
    }
    // The test executables as the run's own build left them, where a later step of this
    // run runs them. Else the next build (the user's `cargo test` builds another package
    // or other flags; the driver's next run builds its own) rebuilds what this one left,
    // as cargo tracks each package's variable: a build saved where a run ends here.
    if later_steps_run_the_tests(args) {
        compile::build_with_mutant(args, workspace, &lists, None)?;
    }
    expansion.time = started.elapsed();
    Ok(Some(expansion))
}

/// The verdict on a constant's mutant (in `file`) with which the tests did not build: where
/// rustc rejects the constant itself (its evaluation overflows, its value no longer fits
/// its type), unviable, as cargo-mutants calls a mutant whose crate does not build; where
/// only a test crate fails (it checks the constant at compile time), killed.
fn rejected_constant(attempt: &compile::Attempt, file: &str) -> (Status, String) {
    let in_constant = attempt.errors.iter().find(|(_, e)| {
        e.spans
            .iter()
            .any(|s| s.is_primary && Path::new(&s.file_name).ends_with(file))
    });
    match in_constant.or(attempt.errors.first()) {
        Some((_, e)) if in_constant.is_some() => (
            Status::Unviable,
            format!("rustc rejects the constant with it: {}", e.message),
        ),
        Some((krate, e)) => (
            Status::Killed,
            format!(
                "the tests do not build with it, so `cargo test` fails: {krate}: {}",
                e.message
            ),
        ),
        None => (
            Status::Unviable,
            "the crate does not build with it (cargo failed)".to_owned(),
        ),
    }
}

/// The verdict of the expanding test executables built with mutant `id`, whose status is
/// `current`: kept, with the reason, where every one came out as with no mutant on (for a
/// constant's mutant, `constant`: survived, equivalent); `None` where none was built.
fn judge(
    attempt: &compile::Attempt,
    macro_roots: &[String],
    baseline: &HashMap<PathBuf, (u64, Duration)>,
    d: &Discovery,
    (id, current, constant): (&str, Status, bool),
) -> Option<(Status, String)> {
    let built = if constant {
        "built with it"
    } else {
        "built with its macro expanded with it"
    };
    let mut changed = Vec::new();
    let mut same = Vec::new();
    for binary in expanding(&attempt.binaries, &attempt.rebuilt, macro_roots) {
        let Some((digest, took)) = baseline.get(&binary.path) else {
            continue;
        };
        if digest_of(&binary.path) == *digest {
            same.push(binary.src_path.clone());
            continue;
        }
        changed.push(binary.src_path.clone());
        let limit = *took * SLOWER + GRACE;
        match run_whole(binary, &d.libtest_args, Some(id), limit) {
            Whole::Passed | Whole::NotRun => {}
            Whole::Failed(ended) => {
                return Some((
                    Status::Killed,
                    format!("`{}`, {built}, fails ({ended})", binary.src_path),
                ));
            }
            Whole::TimedOut => {
                return Some((
                    Status::Timeout,
                    format!(
                        "`{}`, {built}, did not finish within {limit:?}",
                        binary.src_path
                    ),
                ));
            }
        }
    }
    if !changed.is_empty() {
        let reason = if constant {
            format!(
                "the tests built with it ({}) all passed, run whole",
                changed.join(", ")
            )
        } else {
            format!(
                "its macro expands otherwise with it in {}, and every test there passed",
                changed.join(", ")
            )
        };
        return Some((Status::Survived, reason));
    }
    if constant && !same.is_empty() {
        let reason = format!(
            "equivalent: the tests built with it come out byte for byte as without it ({})",
            same.join(", ")
        );
        return Some((Status::Survived, reason));
    }
    // The status stays (no test of the crate itself reached it, or one did and passed).
    (!same.is_empty()).then(|| {
        (
            current,
            format!(
                "the crates that expand its macro build the same with it ({}): no test \
                 there can tell",
                same.join(", ")
            ),
        )
    })
}

/// An executable's content, to tell whether a build made it again the same; 0 where it
/// cannot be read.
fn digest_of(path: &Path) -> u64 {
    std::fs::read(path).map_or(0, |bytes| mutate_protocol::build_errors::digest(&bytes))
}

/// The test executables a build compiled anew that are not a proc-macro crate's own unit
/// tests (those judged the mutants in the mutant phase).
fn expanding<'a>(
    binaries: &'a [TestBinary],
    rebuilt: &'a std::collections::HashSet<PathBuf>,
    macro_roots: &'a [String],
) -> impl Iterator<Item = &'a TestBinary> {
    binaries
        .iter()
        .filter(|b| rebuilt.contains(&b.path))
        .filter(|b| !macro_roots.contains(&b.src_path))
}

/// The packages whose tests expand a proc macro of the workspace: those that depend on a
/// proc-macro package, and the proc-macro packages with integration tests.
fn expanding_packages(workspace: &Workspace) -> Vec<String> {
    let packages = workspace.metadata.workspace_packages();
    let macros: Vec<&str> = packages
        .iter()
        .filter(|p| p.targets.iter().any(|t| t.is_proc_macro()))
        .map(|p| p.name.as_str())
        .collect();
    packages
        .iter()
        .filter(|p| {
            let depends = p
                .dependencies
                .iter()
                .any(|d| macros.contains(&d.name.as_str()));
            let own_tests =
                macros.contains(&p.name.as_str()) && p.targets.iter().any(|t| t.is_test());
            depends || own_tests
        })
        .map(|p| format!("`{}`", p.name))
        .collect()
}

/// The folders of the workspace's proc-macro packages, relative to its root, as mutants
/// name their files.
fn proc_macro_dirs(workspace: &Workspace) -> Vec<PathBuf> {
    proc_macro_targets(workspace)
        .filter_map(|(package_dir, _)| {
            package_dir
                .strip_prefix(&workspace.root)
                .ok()
                .map(Path::to_path_buf)
        })
        .collect()
}

/// The root files of the workspace's proc-macro targets, as the build names test
/// executables' sources (relative to the root built).
fn proc_macro_roots(workspace: &Workspace) -> Vec<String> {
    proc_macro_targets(workspace)
        .filter_map(|(_, root)| {
            let relative = root.strip_prefix(&workspace.root).ok()?;
            Some(relative.to_string_lossy().into_owned())
        })
        .collect()
}

fn proc_macro_targets(workspace: &Workspace) -> impl Iterator<Item = (PathBuf, PathBuf)> + '_ {
    workspace
        .metadata
        .workspace_packages()
        .into_iter()
        .flat_map(|p| p.targets.iter().map(move |t| (p, t)))
        .filter(|(_, t)| t.is_proc_macro())
        .filter_map(|(p, t)| {
            let dir = p.manifest_path.parent()?.as_std_path().to_path_buf();
            Some((dir, t.src_path.as_std_path().to_path_buf()))
        })
}

/// Whether mutant `m` is seen only when the tests are built: a constant's, or (with
/// `--all-items`, which has proc-macro crates track `MUTATE_ACTIVE_<package>`) a proc
/// macro's.
pub fn seen_when_built(args: &Args, workspace: &Workspace, d: &Discovery, m: usize) -> bool {
    let entry = &d.mutants[m].entry;
    entry.compile_time
        || (args.all_items
            && proc_macro_dirs(workspace)
                .iter()
                .any(|dir| Path::new(&entry.file).starts_with(dir)))
}

/// `--run-mutant` for mutant `m`, [`seen_when_built`]: the tests built with it, and each
/// test executable that build made anew run whole, as `cargo test` would run them. The
/// exit code is `--run-mutant`'s.
pub fn run_one(args: &Args, workspace: &Workspace, d: &Discovery, m: usize) -> Result<i32> {
    let lists = workspace.target_dir.join("build-errors");
    let entry = &d.mutants[m].entry;
    let id = entry.id.as_str();
    eprintln!("    Building the tests with `{id}` on");
    let package = workspace.package_of(&entry.file);
    let with_it = BuiltWith {
        id,
        package: Some(&package),
        others: None,
    };
    let attempt = compile::build_with_mutant(args, workspace, &lists, Some(with_it))?;
    let verdict = if attempt.success {
        let mut failed = None;
        for binary in attempt
            .binaries
            .iter()
            .filter(|b| attempt.rebuilt.contains(&b.path))
        {
            eprintln!("     Running {} whole", binary.path.display());
            let limit = Duration::from_secs_f64(args.baseline_timeout);
            if let Whole::Failed(_) | Whole::TimedOut =
                run_whole(binary, &d.libtest_args, Some(id), limit)
            {
                failed = Some(binary.src_path.clone());
                break;
            }
        }
        match failed {
            Some(src) => {
                println!("KILLED {id}: `{src}`, built with the mutant, fails");
                crate::exit_code::SUCCESS
            }
            None => {
                println!("SURVIVED {id}: every test built with the mutant passed");
                crate::exit_code::SURVIVORS
            }
        }
    } else {
        let error = attempt
            .errors
            .first()
            .map(|(krate, e)| format!("{krate}: {}", e.message))
            .unwrap_or_else(|| "cargo failed".into());
        println!("NOT BUILT {id}: the tests do not build with it ({error})");
        crate::exit_code::BUILD_FAILED
    };
    // The test executables as the run's own build leaves them.
    compile::build_with_mutant(args, workspace, &lists, None)?;
    Ok(verdict)
}
