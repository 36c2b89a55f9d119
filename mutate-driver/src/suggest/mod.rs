//! `--suggest-tests`: for survivors a test can kill, a test that does, written from what
//! the traced run recorded and verified before anyone sees it.
//!
//! From a survivor's trace (`propagation::witnesses`): the call from its test whose value
//! changed (weak oracle), the outermost changed call (no propagation), or, where the
//! difference never left the mutated function, its own calls with inputs moved to a
//! boundary or the other branch (`calls.rs`). A probe (`probe.rs`) makes each candidate
//! call with every mutant off and with the survivor on, and prints what it returned and
//! left behind `&mut`; the first candidate whose values differ becomes a test asserting
//! the unmutated values (`code.rs`). The tests are compiled as the crate's own tests are,
//! against the run's own build (`command.rs`, `build.rs`), run with every mutant off (they
//! must pass) and with each survivor on (`runs.rs`); a test that does not fail with its
//! survivor is dropped, one that kills the same survivors as another is merged into it.

pub mod build;
pub mod calls;
mod code;
pub mod command;
pub mod probe;
pub mod runs;
mod target;
mod test_module;
pub mod write;

use crate::compile::Workspace;
use crate::discover::Discovery;
use crate::lab::{Config, MutantResult};
use crate::outcome::Status;
use crate::progress::Progress;
use crate::propagation::Propagation;
use build::Built;
use calls::Call;
use probe::Shown;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use target::Target;

/// A call a test could make again to see a survivor's difference, as the trace recorded
/// it: how a test names the function, each argument (`v:`/`m:` and its Rust text, a
/// `Debug` text, or `?`), and the calls that returned before it which a test could make
/// as written, with what they returned (`Debug`): they may build its other arguments.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Witness {
    /// The catalog's name of the function called.
    pub function: String,
    pub path: String,
    pub args: Vec<String>,
    pub sources: Vec<(Witness, String)>,
}

/// Most earlier calls a witness keeps as sources of its arguments.
const SOURCES: usize = 64;

impl Witness {
    /// The witness of a recorded call, with the calls that returned `before` it.
    pub(crate) fn of(
        call: &crate::propagation::Call,
        before: &[crate::propagation::Call],
    ) -> Option<Witness> {
        let given = call.given.as_ref()?;
        if given.path.is_empty() {
            return None;
        }
        let mut sources: Vec<(Witness, String)> = Vec::new();
        // The latest first: the value a test built last is the likeliest to be used next.
        for call in before.iter().rev() {
            let Some(g) = &call.given else { continue };
            let writable = g
                .args
                .iter()
                .all(|a| ["v:", "m:", "d:", "r:"].iter().any(|k| a.starts_with(k)));
            // A value with no `Debug` text is found by its type: the latest call that
            // returned one.
            let typed = calls::returned_type(&g.path);
            let seen = sources.iter().any(|(s, r)| match g.returned.is_empty() {
                true => r.is_empty() && calls::returned_type(&s.path) == typed,
                false => *r == g.returned,
            });
            if (g.returned.is_empty() && typed.is_none()) || !writable || seen {
                continue;
            }
            let source = Witness {
                function: call.function.to_string(),
                path: g.path.clone(),
                args: g.args.clone(),
                sources: Vec::new(),
            };
            sources.push((source, g.returned.clone()));
            if sources.len() == SOURCES {
                break;
            }
        }
        Some(Witness {
            function: call.function.to_string(),
            path: given.path.clone(),
            args: given.args.clone(),
            sources,
        })
    }
}

/// What became of a survivor's suggested test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Suggestion {
    /// A verified test kills it: `name` in the suggested file, its code, the crate's
    /// package folder it belongs to (under `tests/`), and the imports it needs.
    Test {
        name: String,
        code: String,
        package: PathBuf,
        /// What its file must start with: the imports its code needs.
        prelude: String,
        /// For a private function's test, the file of the module it goes in (a unit test
        /// there); `None`: an integration test.
        #[serde(default)]
        module: Option<String>,
    },
    /// No test: why.
    None { why: String },
}

/// A survivor and the calls a test of it may make, the likeliest first.
type Candidates = (usize, Vec<Call>);

/// One candidate call of a survivor: the survivor, the call's index among its candidates,
/// and the call.
type Candidate<'c> = (usize, usize, &'c Call);

/// Why a survivor has no test, where rustc refused every call of it.
const NOT_COMPILED: &str = "no call of it compiles in a test";
/// Why a survivor has no test, where every call tried showed nothing.
const NO_INPUT: &str = "no input tried made it return or leave anything else (the recorded \
                        calls, other values of their types the test built, each integer \
                        argument moved to another's value, one step either way, zero, and \
                        the constants written at the mutant): where the condition depends \
                        on the arguments only through other computations, the boundary is \
                        not found";
/// Said after [`NO_INPUT`] where rustc refused some of the calls.
const SOME_REFUSED: &str = "; rustc refused some of its calls here";

/// Most candidate calls tried for one survivor, of the mutated function's own calls.
const CANDIDATES: usize = 48;
/// Most more of the calls it was made in, where the difference never left it.
const ENCLOSING: usize = 24;
/// Most calls of one witness on a receiver made again from moved inputs.
const RECEIVERS_MOVED: usize = 6;
/// Rounds of compiling generated tests, each without those rustc refused before, or with
/// the imports it suggested (at most [`IMPORT_ROUNDS`] of those).
const ROUNDS: usize = 8;
const IMPORT_ROUNDS: usize = 4;

/// What `--suggest-tests` did, for the run's note.
#[derive(Debug, Default)]
pub struct Suggested {
    pub tests: usize,
    pub killed: usize,
    /// Some are unit tests (of private functions).
    pub unit: bool,
    pub time: Duration,
}

/// Suggests tests for the run's survivors; each survivor's outcome goes to its result.
pub fn run(
    workspace: &Workspace,
    d: &Discovery,
    results: &mut [MutantResult],
    config: &Config,
    progress: &mut Progress,
) -> Suggested {
    let started = Instant::now();
    let mut groups: BTreeMap<(usize, String), Vec<Candidates>> = BTreeMap::new();
    for (m, r) in results.iter_mut().enumerate() {
        if r.status != Status::Survived || r.duplicate_of.is_some() {
            continue;
        }
        let Some((t, propagation)) = &r.propagation else {
            r.suggestion = Some(none("no covering test of it was traced"));
            continue;
        };
        let calls = candidates(workspace, &d.mutants[m].entry, r, propagation);
        let Some(first) = calls.first() else {
            r.suggestion = Some(none(no_call(propagation, r.witnesses.is_empty())));
            continue;
        };
        let binary = d.tests[*t].binary;
        groups
            .entry((binary, first.crate_name().to_owned()))
            .or_default()
            .push((m, calls));
    }
    if groups.is_empty() {
        return Suggested::default();
    }
    progress.phase(
        "Suggesting",
        groups.len(),
        (
            "test target, tests for its survivors",
            "test targets, tests for their survivors",
        ),
    );
    let mut suggested = Suggested::default();
    for (n, ((binary, crate_name), survivors)) in groups.into_iter().enumerate() {
        // Ctrl-C: the survivors left get no test, and the run reports what it has.
        if crate::interrupt::interrupted() {
            for (m, _) in &survivors {
                results[*m].suggestion = Some(none("the run was interrupted first"));
            }
            continue;
        }
        let package_dir = d.binaries[binary].package_dir.clone();
        let group = |target, dir: &str| Group {
            d,
            config,
            target,
            crate_name: &crate_name,
            package_dir: package_dir.clone(),
            package: original_package(workspace, &package_dir),
            dir: workspace
                .target_dir
                .join("suggest")
                .join(format!("{n}-{dir}")),
            uses: Default::default(),
            renames: Default::default(),
            import_rounds: Default::default(),
        };
        let mut outcomes: BTreeMap<usize, Suggestion> =
            match integration(workspace, d, binary, &crate_name) {
                Ok(target) => group(target, "integration").suggest(&survivors),
                Err(why) => survivors
                    .iter()
                    .map(|(m, _)| (*m, none(why.clone())))
                    .collect(),
            }
            .into_iter()
            .collect();
        // A private function, or a type named where only the library sees it: a unit
        // test, inside the library.
        let private: Vec<Candidates> = survivors
            .iter()
            .filter(|(m, _)| refused(&outcomes[m]))
            .cloned()
            .collect();
        if !private.is_empty()
            && let Some(target) = unit(
                (workspace, d, &crate_name),
                beside_functions(d, results, &private),
                false,
            )
        {
            // Whatever it found: a test, or how far it got (compiled, no input found).
            outcomes.extend(group(target, "unit").suggest(&private));
        }
        // A type only the covering test's own module defines: a unit test inside it.
        let in_tests: Vec<Candidates> = private
            .into_iter()
            .filter(|(m, _)| refused(&outcomes[m]))
            .collect();
        let anchors = in_test_modules(workspace, d, results, &in_tests);
        if !anchors.is_empty()
            && let Some(target) = unit((workspace, d, &crate_name), anchors, true)
        {
            outcomes.extend(group(target, "tests").suggest(&in_tests));
        }
        progress.tick();
        let mut names = BTreeSet::new();
        for (m, outcome) in outcomes {
            if let Suggestion::Test { name, module, .. } = &outcome {
                suggested.killed += 1;
                suggested.unit |= module.is_some();
                names.insert((module.clone(), name.clone()));
            }
            results[m].suggestion = Some(outcome);
        }
        suggested.tests += names.len();
    }
    suggested.time = started.elapsed();
    suggested
}

impl Suggested {
    /// The run's note on stderr.
    pub fn say(&self) {
        if self.tests == 0 {
            eprintln!(
                "No test suggested: no call a test could make again told a survivor apart ({:.1}s).",
                self.time.as_secs_f64()
            );
            return;
        }
        let files = match self.unit {
            true => format!("`{}` and `{}`", write::FILE, write::UNIT_FILE),
            false => format!("`{}`", write::FILE),
        };
        eprintln!(
            "{} suggested {} kill {} {} ({:.1}s): see {files} in the output folder.",
            self.tests,
            if self.tests == 1 { "test" } else { "tests" },
            self.killed,
            if self.killed == 1 {
                "survivor"
            } else {
                "survivors"
            },
            self.time.as_secs_f64(),
        );
    }
}

/// The calls a test of survivor `r` (mutant `e`) may make, the likeliest first, at most
/// [`CANDIDATES`]: each recorded call (on a receiver made with no input too), the same by
/// the crate's root where its module may be private (rustc keeps whichever compiles);
/// where the difference never left the mutated function, then other values of their
/// types the test built and inputs moved, a few from each recorded call in turn (the
/// boundary may be near any of them). The mutated function's own calls come first; the
/// calls it was made in (`propagation::witnesses`) after them, at most [`ENCLOSING`]
/// more: a test of the function itself is the closer one, where it can be written.
fn candidates(
    workspace: &Workspace,
    e: &mutate_protocol::CatalogEntry,
    r: &MutantResult,
    propagation: &Propagation,
) -> Vec<Call> {
    let local = *propagation == Propagation::Local;
    let (own, enclosing): (Vec<&Witness>, Vec<&Witness>) = r
        .witnesses
        .iter()
        .partition(|w| !local || w.function == e.function);
    let constants = local.then(|| calls::constants(&line_of(workspace, e)));
    let mut calls = calls_of(&own, constants.as_ref());
    calls.truncate(CANDIDATES);
    for call in calls_of(&enclosing, constants.as_ref())
        .into_iter()
        .take(ENCLOSING)
    {
        add(&mut calls, call);
    }
    calls
}

/// Adds `call` to `calls` unless it is there.
fn add(calls: &mut Vec<Call>, call: Call) {
    if !calls.contains(&call) {
        calls.push(call);
    }
}

/// The calls [`candidates`] makes of some of a survivor's witnesses: with `constants`
/// (those written at the mutant, where the difference never left the mutated function),
/// other values and inputs moved too.
fn calls_of(witnesses: &[&Witness], constants: Option<&calls::Constants>) -> Vec<Call> {
    let mut calls: Vec<Call> = Vec::new();
    let recorded = witnesses.iter().flat_map(|w| {
        Call::of(w)
            .into_iter()
            .chain(Call::of_as_recorded(w))
            .chain(Call::with_constructed_receiver(w))
    });
    for call in recorded {
        let root = call.by_root();
        add(&mut calls, call);
        if let Some(root) = root {
            add(&mut calls, root);
        }
    }
    // Each receiver made again from moved inputs, a few of each witness' in turn.
    let plain = calls::Constants::default();
    let receivers = calls::interleaved(witnesses.iter().map(|w| {
        Call::with_receiver_source_moved(w, RECEIVERS_MOVED, constants.unwrap_or(&plain))
    }));
    for call in receivers {
        add(&mut calls, call);
    }
    if let Some(constants) = constants {
        let moved = calls::interleaved(calls.iter().map(|c| c.moved(CANDIDATES, constants)));
        // Other values of their types the test built, first: a struct's branch is taken
        // by another struct.
        let others: Vec<Call> = witnesses
            .iter()
            .flat_map(|w| Call::with_other_values(w, CANDIDATES))
            .collect();
        // Then arguments and the fields of struct arguments moved, in turn.
        let fields = calls::interleaved(
            witnesses
                .iter()
                .map(|w| Call::with_fields_moved(w, CANDIDATES, constants)),
        );
        let moved = calls::interleaved([moved, fields]);
        for call in others.into_iter().chain(moved) {
            add(&mut calls, call);
        }
    }
    calls
}

/// The line of source the mutant is on (empty where it cannot be read).
fn line_of(workspace: &Workspace, e: &mutate_protocol::CatalogEntry) -> String {
    let text = std::fs::read_to_string(workspace.root.join(&e.file)).unwrap_or_default();
    let line = (e.span[0] as usize)
        .checked_sub(1)
        .and_then(|i| text.lines().nth(i));
    line.unwrap_or_default().to_owned()
}

/// An integration test of `crate_name`, compiled as test target `binary` was.
fn integration(
    workspace: &Workspace,
    d: &Discovery,
    binary: usize,
    crate_name: &str,
) -> Result<Target, String> {
    let test_binary = &d.binaries[binary];
    let mutate_dir = &workspace.target_dir;
    let Some(like) = command::of_binary(mutate_dir, &test_binary.path) else {
        return Err(format!(
            "the build recorded no compilation of test target `{}` (run again to rebuild it)",
            test_binary.target
        ));
    };
    let linked = like
        .args
        .iter()
        .any(|a| a.starts_with(&format!("{crate_name}=")));
    let library = match linked {
        true => None,
        false => match command::library(mutate_dir, crate_name) {
            Some(rlib) => Some((crate_name.to_owned(), rlib)),
            None => {
                return Err(format!(
                    "the build recorded no library `{crate_name}` to link the test to"
                ));
            }
        },
    };
    Ok(Target::Integration { like, library })
}

/// Where each survivor's unit test goes: a file and a line the macro's item there holds.
type Anchors = BTreeMap<usize, (String, usize)>;

/// The library `crate_name`'s unit tests, the survivors' tests at their `anchors` (inside
/// the covering tests' own modules, or beside the items there); `None` where the build
/// recorded no compilation of them.
fn unit(
    (workspace, d, crate_name): (&Workspace, &Discovery, &str),
    anchors: Anchors,
    in_test_modules: bool,
) -> Option<Target> {
    Some(Target::Unit {
        like: unit_tests_of(workspace, d, crate_name)?,
        crate_name: crate_name.to_owned(),
        anchors,
        in_test_modules,
    })
}

/// Each survivor's test beside the function its test calls (a test module there).
fn beside_functions(d: &Discovery, results: &[MutantResult], survivors: &[Candidates]) -> Anchors {
    survivors
        .iter()
        .filter_map(|(m, _)| {
            let function = &results[*m].witnesses.first()?.function;
            let e = &d
                .mutants
                .iter()
                .find(|x| x.entry.function == *function)?
                .entry;
            Some((*m, (e.file.clone(), e.span[0] as usize)))
        })
        .collect()
}

/// Each survivor's test inside the inline test module of its traced test
/// (`test_module.rs`), where `--all-items` made a place there: none without it.
fn in_test_modules(
    workspace: &Workspace,
    d: &Discovery,
    results: &[MutantResult],
    survivors: &[Candidates],
) -> Anchors {
    if workspace.build_manifest.is_none() {
        return Anchors::new();
    }
    survivors
        .iter()
        .filter_map(|(m, _)| {
            let (t, _) = results[*m].propagation.as_ref()?;
            let file = &d.mutants[*m].entry.file;
            let source = std::fs::read_to_string(workspace.root.join(file)).ok()?;
            let line = test_module::closing_line(file, &source, &d.tests[*t].name)?;
            Some((*m, (file.clone(), line)))
        })
        .collect()
}

/// How the build compiled the library `crate_name`'s unit tests, where it recorded that.
fn unit_tests_of(
    workspace: &Workspace,
    d: &Discovery,
    crate_name: &str,
) -> Option<command::Recorded> {
    d.binaries
        .iter()
        .filter_map(|b| command::of_binary(&workspace.target_dir, &b.path))
        .find(|like| command::is_unit_tests_of(like, crate_name))
}

/// Whether rustc refused every call written for a survivor (or found it private), or some
/// of them while the others showed nothing: a unit test may make those it refused.
fn refused(outcome: &Suggestion) -> bool {
    matches!(outcome, Suggestion::None { why }
        if why.contains("is private") || why.starts_with(NOT_COMPILED)
            || why.ends_with(SOME_REFUSED))
}

fn none(why: impl Into<String>) -> Suggestion {
    Suggestion::None { why: why.into() }
}

/// Why a traced survivor has no call to start a test from.
fn no_call(propagation: &Propagation, no_witness: bool) -> String {
    match propagation {
        Propagation::Untraced => "its function is not traced (async, patterns as parameters, \
                                  `impl Trait`, or values without `Debug`)"
            .into(),
        Propagation::Unsteady => {
            "its test makes other calls from run to run: no call is the one to repeat".into()
        }
        _ if no_witness => "the trace recorded no call of it a test could make".into(),
        _ => "the call to make again has a receiver (`self`) or an argument that cannot be \
              written as Rust (a generic, a type without a literal form)"
            .into(),
    }
}

/// The survivors whose candidate calls one test target can make, and how it compiles and
/// runs them.
struct Group<'a> {
    d: &'a Discovery,
    config: &'a Config,
    target: Target,
    crate_name: &'a str,
    /// Where the tests run, as cargo runs them (the traced test's package).
    package_dir: PathBuf,
    /// The user's package they belong to.
    package: PathBuf,
    /// Where this group's files and executables go.
    dir: PathBuf,
    /// Imports rustc suggested for names the generated code uses.
    uses: std::sync::Mutex<Vec<String>>,
    /// Paths rustc found elsewhere for paths the generated code wrote (from, to).
    renames: std::sync::Mutex<Vec<(String, String)>>,
    import_rounds: std::sync::atomic::AtomicUsize,
}

impl Group<'_> {
    fn suggest(&self, survivors: &[Candidates]) -> Vec<(usize, Suggestion)> {
        let _ = std::fs::remove_dir_all(&self.dir);
        // 1. Probes: what each candidate call returns with every mutant off, and with its
        //    survivor on.
        let mut candidates: Vec<Candidate> = survivors
            .iter()
            .flat_map(|(m, calls)| calls.iter().enumerate().map(move |(k, c)| (*m, k, c)))
            .collect();
        let mut refusals: BTreeMap<usize, String> = BTreeMap::new();
        let probes = self.compile_rounds(
            ("probe", probe::HEADER),
            &mut candidates,
            |(m, k, call)| (*m, probe::test(*m, *k, call)),
            |candidates, tests| {
                candidates.retain(|(m, k, _)| match tests.get(&probe::name(*m, *k)) {
                    Some(why) => {
                        refusals.entry(*m).or_insert_with(|| why.clone());
                        false
                    }
                    None => true,
                })
            },
        );
        let probes = match probes {
            Ok(probes) => probes,
            Err(why) => {
                return survivors
                    .iter()
                    .map(|(m, _)| {
                        let why = match refusals.get(m) {
                            Some(refused) => format!("{NOT_COMPILED}: {refused}"),
                            None => why.clone(),
                        };
                        (*m, none(why))
                    })
                    .collect();
            }
        };
        // The survivors with a candidate rustc compiled: for the others, its refusal is why.
        let compiled: BTreeSet<usize> = candidates.iter().map(|(m, ..)| *m).collect();
        let chosen = self.choose(&probes, survivors, &candidates);
        // 2. The tests: compiled, run with every mutant off and with each survivor on.
        let mut tests: Vec<code::Test> = chosen
            .iter()
            .filter_map(|(m, call, shown)| code::Test::new(&self.d.mutants[*m], *m, call, shown))
            .collect();
        code::unique_names(&mut tests);
        let mut kills: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        if !tests.is_empty() {
            kills = self.verify(&mut tests, survivors);
        }
        // 3. Each survivor's outcome: the first kept test that kills it.
        let mut kept: Vec<(&code::Test, &BTreeSet<usize>)> = Vec::new();
        for test in &tests {
            let Some(killed) = kills.get(&test.name) else {
                continue;
            };
            if !killed.contains(&test.mutant) || kept.iter().any(|(_, k)| *k == killed) {
                continue;
            }
            kept.push((test, killed));
        }
        survivors
            .iter()
            .map(|(m, _)| {
                let killer = kept.iter().find(|(_, killed)| killed.contains(m));
                let outcome = match killer {
                    Some((test, killed)) => Suggestion::Test {
                        name: test.name.clone(),
                        code: self.finished(&test.code(self.d, killed)),
                        package: self.package.clone(),
                        prelude: self.finished(&self.prelude()),
                        module: self.target.module_of(test.mutant),
                    },
                    None => none(match refusals.get(m) {
                        Some(why) if !compiled.contains(m) => {
                            format!("{NOT_COMPILED}: {why}")
                        }
                        _ if chosen.iter().any(|(c, ..)| c == m) => {
                            "the test written for it did not fail with it on".into()
                        }
                        // Some calls did not compile here: a unit test may make them
                        // (a private function beside a public caller that compiled).
                        _ if refusals.contains_key(m) => format!("{NO_INPUT}{SOME_REFUSED}"),
                        _ => NO_INPUT.into(),
                    }),
                };
                (*m, outcome)
            })
            .collect()
    }

    /// Adds the imports and renames rustc suggested; whether any was new (and may still
    /// be: past [`IMPORT_ROUNDS`] rounds, none is).
    fn import(&self, names: &build::Names) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        if self.import_rounds.fetch_add(1, Relaxed) >= IMPORT_ROUNDS {
            return false;
        }
        fn add<T: PartialEq + Clone>(to: &std::sync::Mutex<Vec<T>>, new: &[T]) -> bool {
            let mut to = to.lock().expect("not poisoned");
            let before = to.len();
            for item in new {
                if !to.contains(item) {
                    to.push(item.clone());
                }
            }
            to.len() > before
        }
        add(&self.uses, &names.imports) | add(&self.renames, &names.renames)
    }

    /// Generated code as the target compiles it, with the renames rustc suggested.
    fn finished(&self, text: &str) -> String {
        let renames = self.renames.lock().expect("not poisoned");
        renames
            .iter()
            .fold(self.target.written(text), |text, (from, to)| {
                build::renamed(&text, from, to)
            })
    }

    /// What each generated file starts with, after its header.
    fn prelude(&self) -> String {
        let prelude = code::prelude(self.crate_name, &self.uses.lock().expect("not poisoned"));
        self.target.prelude(prelude)
    }

    /// Compiles `items` (each one `part` of the file, after `header` and the prelude) as
    /// `name`, for up to [`ROUNDS`] rounds: where rustc suggests imports, every item again
    /// with them; else `refused` takes from `items` what rustc refused (by test name).
    fn compile_rounds<T>(
        &self,
        (name, header): (&str, &str),
        items: &mut Vec<T>,
        part: impl Fn(&T) -> (usize, String),
        mut refused: impl FnMut(&mut Vec<T>, &BTreeMap<String, String>),
    ) -> Result<PathBuf, String> {
        for _ in 0..ROUNDS {
            if items.is_empty() {
                return Err("no call of it could be written".into());
            }
            let parts: Vec<(usize, String)> = items
                .iter()
                .map(|item| {
                    let (m, text) = part(item);
                    (m, self.finished(&text))
                })
                .collect();
            let prelude = self.finished(&self.prelude());
            match self
                .target
                .compile(&self.dir, name, (header, &prelude), &parts)
            {
                Built::Executable(path) => return Ok(path),
                Built::Failed(why) => return Err(format!("its tests do not compile: {why}")),
                // Names rustc knows how to import: every item again, with them.
                Built::Refused(_, names) if self.import(&names) => {}
                Built::Refused(tests, _) => refused(items, &tests),
            }
        }
        Err("rustc kept refusing the calls written for it".into())
    }

    /// A run of `executable`'s generated tests `filter` matches, with `mutant` on.
    fn run(
        &self,
        executable: &Path,
        filter: Option<&str>,
        show: bool,
        mutant: Option<&str>,
    ) -> runs::Ran {
        let mut args = self.target.args(filter);
        if show {
            args.push("--nocapture".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        runs::run(executable, &self.package_dir, &args, mutant, &self.dir)
    }

    /// For each survivor, the first candidate whose values differ with it on, with the
    /// values it showed with every mutant off.
    fn choose<'c>(
        &self,
        probes: &Path,
        survivors: &[Candidates],
        candidates: &[Candidate<'c>],
    ) -> Vec<(usize, &'c Call, Vec<String>)> {
        let off = probe::read(&self.run(probes, None, true, None).output);
        let mut on: BTreeMap<usize, BTreeMap<String, Shown>> = BTreeMap::new();
        let jobs: Vec<usize> = survivors.iter().map(|(m, _)| *m).collect();
        crate::pool::run(
            jobs,
            self.config.jobs,
            |m, send| {
                let id = &self.d.mutants[m].entry.id;
                let ran = self.run(probes, Some(&probe::filter(m)), true, Some(id));
                send((m, probe::read(&ran.output)));
            },
            |(m, shown)| {
                on.insert(m, shown);
            },
        );
        let mut chosen = Vec::new();
        for (m, _) in survivors {
            let found = candidates
                .iter()
                .filter(|(c, ..)| c == m)
                .find_map(|(_, k, call)| {
                    let name = probe::name(*m, *k);
                    let Some(Shown::Values(original)) = off.get(&name) else {
                        return None;
                    };
                    let mutant = on.get(m).and_then(|shown| shown.get(&name));
                    code::differs(original, mutant).then(|| (*m, *call, original.clone()))
                });
            chosen.extend(found);
        }
        chosen
    }

    /// Compiles the tests (dropping those rustc refuses), runs them twice with every mutant
    /// off (dropping those that do not pass both times) and once with each survivor on:
    /// which survivors each test kills.
    fn verify(
        &self,
        tests: &mut Vec<code::Test>,
        survivors: &[Candidates],
    ) -> BTreeMap<String, BTreeSet<usize>> {
        let executable = self.compile_rounds(
            ("suggested", code::HEADER),
            tests,
            |t| (t.mutant, format!("\n{}", t.source())),
            // A test written from a `Debug` text that is not Rust: its plainer way.
            |tests, refused| tests.retain_mut(|t| !refused.contains_key(&t.name) || t.next_way()),
        );
        let Ok(executable) = executable else {
            return BTreeMap::new();
        };
        let passing: BTreeSet<String> = (0..2)
            .map(|_| self.run(&executable, None, false, None))
            .map(|ran| {
                ran.passed
                    .into_iter()
                    .filter(|(_, passed)| *passed)
                    .map(|(name, _)| name)
                    .collect::<BTreeSet<_>>()
            })
            .reduce(|a, b| a.intersection(&b).cloned().collect())
            .unwrap_or_default();
        tests.retain(|t| passing.contains(&t.name));
        let mut kills: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        let jobs: Vec<usize> = survivors.iter().map(|(m, _)| *m).collect();
        let names: BTreeSet<String> = tests.iter().map(|t| t.name.clone()).collect();
        crate::pool::run(
            jobs,
            self.config.jobs,
            |m, send| {
                let id = &self.d.mutants[m].entry.id;
                send((m, self.run(&executable, None, false, Some(id))));
            },
            |(m, ran)| {
                for name in detected(&names, &ran) {
                    kills.entry(name).or_default().insert(m);
                }
            },
        );
        kills
    }
}

/// The tests of `names` a run with a survivor on detected: those that failed, and the
/// first that never reported (libtest runs them one at a time, by name: the one under
/// way when the process crashed or hung, as `cargo test` would have seen it).
fn detected(names: &BTreeSet<String>, ran: &runs::Ran) -> Vec<String> {
    let mut detected: Vec<String> = names
        .iter()
        .filter(|n| ran.passed.get(*n) == Some(&false))
        .cloned()
        .collect();
    if let Some(hung) = names.iter().find(|n| !ran.passed.contains_key(*n)) {
        detected.push(hung.clone());
    }
    detected
}

/// The user's package folder for a test binary's `package_dir` (which lies in the
/// `--all-items` copy where there is one).
fn original_package(workspace: &Workspace, package_dir: &Path) -> PathBuf {
    match package_dir.strip_prefix(&workspace.build_root) {
        Ok(relative) => workspace.root.join(relative),
        Err(_) => package_dir.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn survivors_some_or_all_of_whose_calls_rustc_refused_go_on_to_a_unit_test() {
        assert!(refused(&none(format!("{NOT_COMPILED}: E0603"))));
        assert!(refused(&none("function `half` is private")));
        assert!(refused(&none(format!("{NO_INPUT}{SOME_REFUSED}"))));
        assert!(
            !refused(&none(NO_INPUT)),
            "every call compiled and showed nothing"
        );
        assert!(!refused(&none(
            "the test written for it did not fail with it on"
        )));
    }
}
