//! The rebuild net: no mutant can fail the build. When the schemata build fails, each
//! error rustc reports is placed (file, line, column, as rustc names them, the file made
//! lexically normal) in a list the macro reads at expansion time; a function holding a
//! listed place is compiled as written and its mutants become unviable, with rustc's message as the reason. Cargo
//! rebuilds only the crates whose list entries changed (the macro makes rustc track the
//! list). Rounds stop when the build succeeds, or when an error cannot be placed in a
//! function that has mutants: then the user's code itself does not build, or mutate has a
//! bug, and the build fails with rustc's messages shown.

use crate::cli::Args;
use crate::compile::{self, Built, Workspace};
use crate::denied_warnings::Rejected;
use crate::doctests::{Absorbed, DocTests};
use crate::error::{Error, Operation, Result};
use cargo_metadata::diagnostic::{Diagnostic, DiagnosticSpan};
use mutate_protocol::build_errors::{self, BuildError, Scope};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

/// Each round turns at least one more function unviable; a crate needing more than this
/// many such rounds is more likely stuck than unlucky. (Rounds that only set doc tests
/// apart or leave them out are not counted: each takes at least one doc test out of the
/// way, so there are at most twice as many as doc tests.)
const MAX_ROUNDS: usize = 12;

/// Builds the tests in schemata mode, rebuilding with failing functions compiled as
/// written (and failing generated doc tests left out) until the build succeeds.
pub fn build(
    args: &Args,
    workspace: &Workspace,
    mut doctests: Option<&mut DocTests>,
) -> Result<Built> {
    let mut lists = Lists::load(args, workspace)?;
    let mut shown = HashSet::new();
    let mut last_errors = Vec::new();
    let mut last_targets = BTreeMap::new();
    let mut code_rounds = 0;
    for round in 0.. {
        let attempt = compile::build_once(args, workspace, lists.path(), &mut shown)?;
        if attempt.success {
            if let Some(rejected) = attempt.warnings.rejected() {
                refuse_if_rejected_as_written(args, workspace, &rejected)?;
            }
            let mut unviable = attempt.unviable;
            // A literal out of its type's range says so whatever the crate's levels.
            for (id, reason) in attempt.warnings.denied_with_warnings() {
                unviable.entry(id).or_insert(reason);
            }
            return Ok(Built {
                binaries: attempt.binaries,
                executables: attempt.executables,
                unviable,
                unused: attempt.warnings.denied(),
            });
        }
        let alias = workspace
            .attribute
            .as_deref()
            .map(|a| crate::rustc_wrapper::extern_parts(a).0);
        if let Some(why) = unloadable_apart(alias, workspace.runtime.is_some(), &attempt.errors) {
            return Err(Error::ApartUnloadable(why));
        }
        // A constant that calls a `const fn` the macro made a plain one (E0015) has that
        // function compiled `const`, wherever the constant is: in a doc test too (a
        // macro's expansion there, `datetime!(..)`), which is then built again rather
        // than left out (`cargo test` runs it).
        let (kept_const, errors): (Vec<_>, Vec<_>) = attempt
            .errors
            .iter()
            .cloned()
            .partition(|(_, e)| is_const_call(e) && lists.add_const(e, &workspace.build_root));
        let errors = evaluated_in_vain_left(!kept_const.is_empty(), errors);
        let absorbed = match doctests.as_deref_mut() {
            Some(doctests) => doctests.absorb(&errors)?,
            None => Absorbed::default(),
        };
        let in_code: Vec<(String, Diagnostic)> = errors
            .iter()
            .filter(|(_, e)| !doctests.as_deref().is_some_and(|d| d.holds(e)))
            .cloned()
            .collect();
        let added = kept_const.len() + lists.add(&in_code, &workspace.build_root);
        last_errors = attempt.errors;
        last_targets = attempt.targets;
        let Absorbed {
            set_apart,
            left_out,
        } = absorbed;
        if set_apart > 0 {
            eprintln!(
                "   Rebuild {}: {set_apart} doc test{} set apart in {} own: {} not build \
                 beside the others",
                round + 1,
                if set_apart == 1 { "" } else { "s" },
                if set_apart == 1 {
                    "a crate of its"
                } else {
                    "crates of their"
                },
                if set_apart == 1 { "it does" } else { "they do" },
            );
        }
        if !left_out.is_empty() {
            eprintln!(
                "   Rebuild {}: {} doc test{} left out: {} not build as an integration test",
                round + 1,
                left_out.len(),
                if left_out.len() == 1 { "" } else { "s" },
                if left_out.len() == 1 {
                    "it does"
                } else {
                    "they do"
                },
            );
            // Named, with rustc's first word on why: rustdoc fails it too where the
            // cause is in its own text (an unused variable under the crate's
            // `#[doc(test(attr(deny(warnings))))]`).
            for (name, error) in &left_out {
                eprintln!("note: doc test {name} is left out: it does not build: {error}");
            }
        }
        if added + set_apart + left_out.len() == 0 {
            break;
        }
        if added == 0 {
            continue;
        }
        code_rounds += 1;
        if code_rounds >= MAX_ROUNDS {
            break;
        }
        lists.save()?;
        eprintln!(
            "   Rebuild {}: {added} build error{} in generated code; compiling {} code as \
             written",
            round + 1,
            if added == 1 { "" } else { "s" },
            if added == 1 { "its" } else { "their" },
        );
    }
    if last_errors.is_empty() {
        // Its message names the copy's manifest: say whether the user's own fails too
        // (log 0.4.22 declares `[[test]]` files its package does not ship).
        let reason = match compile::plain_build_succeeds(args, workspace, false)? {
            false => {
                "cargo stopped before compiling anything, as it does on your workspace as \
                 written (`cargo test --no-run` fails too; its message above names mutate's \
                 copy of your manifest, which is yours as written): fix that first"
            }
            true => {
                "cargo stopped before compiling anything on mutate's copy of the workspace, \
                 where your own `cargo test --no-run` does not (a bug in mutate: please \
                 report it with cargo's message above)"
            }
        };
        return Err(Error::BuildFailed(reason.into()));
    }
    for (_, error) in &last_errors {
        if let Some(rendered) = &error.rendered {
            eprint!("{rendered}");
        }
    }
    if compile::plain_build_succeeds(args, workspace, false)? {
        for note in lists.unplaced(&last_errors, &last_targets, &workspace.build_root) {
            eprintln!("note: {note}");
        }
        Err(Error::BuildFailed(
            "the schemata build fails where mutate cannot compile the code as written \
             instead (a bug in mutate: please report it with rustc's messages above)"
                .into(),
        ))
    } else {
        Err(Error::BuildFailed(
            "the tests do not build as written (`cargo test --no-run` fails too): fix that \
             first"
                .into(),
        ))
    }
}

/// A warning the crate's own lint levels reject in its code as written: plain `cargo test`
/// would stop there, which the driver's build, its lints capped, does not. Whether it does
/// is asked of cargo itself, so that a warning only the schemata build gives costs a plain
/// build (usually fresh: the user's own) and refuses nothing.
fn refuse_if_rejected_as_written(
    args: &Args,
    workspace: &Workspace,
    rejected: &Rejected,
) -> Result<()> {
    let Rejected { place, message, by } = rejected;
    eprintln!(
        "   Checking that the tests build as written: {by} rejects a warning at {place} \
         ({message})"
    );
    if compile::plain_build_succeeds(args, workspace, true)? {
        return Ok(());
    }
    Err(Error::BuildFailed(format!(
        "the tests do not build as written: `cargo test --no-run` fails (cargo's messages \
         above), where {by} makes the warning at {place} an error ({message}). mutate's \
         build lets warnings through, so it did not stop there. Fix or allow the warning, \
         then run again"
    )))
}

/// rustc's message where it could not load what was built apart: one that names the
/// attribute's crate (`alias` in the annotations, or its own name as a dependency's), or,
/// with the runtime built apart, one of rustc's crate loader's errors that names the
/// runtime (a mutant's error in the generated code may name the runtime's types, and is
/// the rebuild net's).
fn unloadable_apart(
    alias: Option<&str>,
    runtime_apart: bool,
    errors: &[(String, Diagnostic)],
) -> Option<String> {
    errors
        .iter()
        .map(|(_, e)| e)
        .find(|e| {
            let m = &e.message;
            alias.is_some_and(|alias| m.contains(alias) || m.contains("`mutate_macro`"))
                || (runtime_apart && m.contains("mutate_runtime") && is_loading(e))
                // Link-time optimisation set where the driver did not look for it: the
                // runtime built apart has no bitcode.
                || (runtime_apart && m.starts_with("failed to get bitcode from object file"))
        })
        .map(|e| e.message.clone())
}

/// rustc's errors for a crate it cannot find or load: not found, found for another target
/// or compiler, found more than once or with other metadata than its dependents expect,
/// damaged.
const LOADER_ERRORS: [&str; 9] = [
    "E0460", "E0461", "E0462", "E0463", "E0464", "E0514", "E0519", "E0523", "E0786",
];

fn is_loading(error: &Diagnostic) -> bool {
    error
        .code
        .as_ref()
        .is_some_and(|c| LOADER_ERRORS.contains(&c.code.as_str()))
        || error.message.starts_with("extern location for")
}

/// The places where the schemata build failed, one list per crate, kept across runs in
/// the target directory so a warm run rebuilds nothing (and emptied when another build of
/// the driver runs: they are of its macro's code). Held locked while the driver
/// builds, so two runs on one target directory never lose each other's entries.
struct Lists {
    dir: PathBuf,
    by_crate: BTreeMap<String, Vec<BuildError>>,
    /// Crates whose list changed since it was written.
    changed: BTreeSet<String>,
    /// The `const fn`s to compile `const`, shared by every crate
    /// (`build_errors::const_list_file`).
    keep_const: Vec<BuildError>,
    keep_const_changed: bool,
    _lock: std::fs::File,
}

impl Lists {
    /// Loads the lists, dropping entries whose file changed since (its places may now
    /// hold other code); writes back only lists that changed, since a write rebuilds.
    fn load(args: &Args, workspace: &Workspace) -> Result<Self> {
        let io = |e| Error::caused(Operation::Build, "reading the build-error lists", e);
        let dir = workspace.build_errors_dir();
        std::fs::create_dir_all(&dir).map_err(io)?;
        let lock = crate::lockfile::lock(&dir.with_extension("lock"))?;
        let mut lists = Lists {
            dir,
            by_crate: BTreeMap::new(),
            changed: BTreeSet::new(),
            keep_const: Vec::new(),
            keep_const_changed: false,
            _lock: lock,
        };
        // Lists a driver of another build wrote are of another macro's code: its errors
        // may be gone, and new ones not listed. So are lists of another choice of
        // features: a name a feature imports is missing without it. Emptied, they are
        // found again.
        let stamp_path = lists.dir.join("driver");
        let stamp = driver_stamp(args);
        let same_driver = std::fs::read_to_string(&stamp_path).is_ok_and(|s| s == stamp);
        let const_list = PathBuf::from(build_errors::const_list_file(&lists.dir));
        let fresh = |all: Vec<BuildError>, shared: bool| -> (Vec<BuildError>, bool) {
            let count = all.len();
            let kept: Vec<BuildError> = all
                .into_iter()
                .filter(|e| {
                    same_driver
                        && match digest_of(&workspace.build_root, &e.file) {
                            Some(digest) => digest == e.digest,
                            // The shared list of a target directory that other workspaces
                            // build into too holds their functions, at their files: kept,
                            // so that their builds and this one do not rewrite it by turns.
                            None => shared && e.line != 0,
                        }
                })
                .collect();
            let changed = kept.len() != count;
            (kept, changed)
        };
        for entry in std::fs::read_dir(&lists.dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            let Some(krate) = path
                .file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_suffix(".tsv"))
            else {
                continue;
            };
            let all = build_errors::parse(&std::fs::read_to_string(&path).unwrap_or_default());
            let (kept, changed) = fresh(all, path == const_list);
            if path == const_list {
                lists.keep_const = kept;
                lists.keep_const_changed = changed;
                continue;
            }
            if changed {
                lists.changed.insert(krate.to_owned());
            }
            lists.by_crate.insert(krate.to_owned(), kept);
        }
        // The `const fn`s a constant certainly calls are kept `const` from the first build
        // on, not learnt from rustc a build at a time.
        let predicted = crate::const_calls::needed(&crate::const_calls::files(args, workspace));
        lists.add_predicted(predicted, &workspace.build_root);
        lists.save()?;
        if !same_driver {
            std::fs::write(&stamp_path, stamp).map_err(io)?;
        }
        Ok(lists)
    }

    fn path(&self) -> &Path {
        &self.dir
    }

    fn save(&mut self) -> Result<()> {
        let write = |path: String, errors: &[BuildError]| {
            std::fs::write(path, build_errors::render(errors))
                .map_err(|e| Error::caused(Operation::Build, "writing a build-error list", e))
        };
        for krate in std::mem::take(&mut self.changed) {
            let errors = self.by_crate.get(&krate).map(Vec::as_slice).unwrap_or(&[]);
            write(build_errors::list_file(&self.dir, &krate), errors)?;
        }
        if std::mem::take(&mut self.keep_const_changed) {
            write(build_errors::const_list_file(&self.dir), &self.keep_const)?;
        }
        Ok(())
    }

    /// Lists the `const fn` an error says a constant calls (rustc's E0015), to be compiled
    /// `const`; returns whether it is new.
    fn add_const(&mut self, error: &Diagnostic, root: &Path) -> bool {
        let Some(entry) = const_entry(error, root) else {
            return false;
        };
        let known = self
            .keep_const
            .iter()
            .any(|e| e.same_place(&entry) && (e.line != 0 || e.message == entry.message));
        if known {
            return false;
        }
        self.keep_const.push(entry);
        self.keep_const_changed = true;
        true
    }

    /// Puts the entries the driver read from the source ([`crate::const_calls`]) in place
    /// of those it read before at this workspace's files under `root` (the calls may have
    /// changed), for functions no entry of rustc's has at the same place.
    fn add_predicted(&mut self, entries: Vec<BuildError>, root: &Path) {
        let before = self.keep_const.clone();
        self.keep_const.retain(|e| {
            !build_errors::is_predicted_const_call(&e.message) || !root.join(&e.file).is_file()
        });
        for entry in entries {
            if !self.keep_const.iter().any(|e| e.same_place(&entry)) {
                self.keep_const.push(entry);
            }
        }
        if self.keep_const != before {
            self.keep_const_changed = true;
        }
    }

    /// Adds the places of `errors` not yet listed, as one site's (as the jumps after a
    /// move where rustc says a previous round of the loop made it: [`Scope::Jumps`]); a
    /// place listed in an earlier round that fails again widens: the jumps' to every
    /// suspect, a site's to its function's or, where rustc said where a value was moved or
    /// a binding initialized, to its function's suspect mutants first. Returns how many
    /// entries changed.
    fn add(&mut self, errors: &[(String, Diagnostic)], root: &Path) -> usize {
        let (const_calls, in_code): (Vec<_>, Vec<_>) =
            errors.iter().partition(|(_, error)| is_const_call(error));
        let mut changed = 0;
        for (_, error) in const_calls {
            changed += usize::from(self.add_const(error, root));
        }
        // Each crate's entries listed before this round, and which of them failed again:
        // one listed entry fails again once, and an entry of this round like one listed
        // before it is another mutant's failure there (`entries`).
        let mut listed: BTreeMap<String, Vec<bool>> = BTreeMap::new();
        for (krate, entry) in entries(in_code, root) {
            let list = self.by_crate.entry(krate.clone()).or_default();
            let again = listed
                .entry(krate.clone())
                .or_insert_with(|| vec![false; list.len()]);
            if is_another_mutants(list, &entry) {
                list.push(entry);
                self.changed.insert(krate);
                changed += 1;
                continue;
            }
            let known = (list.iter_mut().zip(again.iter_mut()))
                .find(|(e, again)| !**again && e.same_failure(&entry))
                .map(|(e, again)| {
                    *again = true;
                    e
                });
            match known {
                Some(known) => {
                    // What this round's messages say of moves counts in the widening.
                    merge(&mut known.moved, entry.moved);
                    merge(&mut known.initialized, entry.initialized);
                    match widened(known) {
                        Some(scope) => known.scope = scope,
                        None => continue,
                    }
                }
                None => list.push(entry),
            }
            self.changed.insert(krate);
            changed += 1;
        }
        changed
    }
}

/// The entries of a round's `errors`, one per crate and place (a site's; the jumps' where
/// rustc says a previous round of the loop moved the value): the library and its unit
/// tests are two compilations with the same errors, and rustc may report two errors at one
/// place (E0505 and E0382 at a use of a value a `continue` took round the loop again),
/// whose labels are merged: the second's may be the one that says where the value was
/// moved. Two errors of one kind at one place that rustc words apart (an array length's
/// `/` made `*` and made `%`: "mismatched types", a size of 4096 and of 0) are two mutants'
/// of one operator, an entry each, so that each claims one in this round.
fn entries<'a>(
    errors: impl IntoIterator<Item = &'a (String, Diagnostic)>,
    root: &Path,
) -> Vec<(String, BuildError)> {
    let mut out: Vec<(String, BuildError)> = Vec::new();
    // Each entry's crate and index in `out`, by the diagnostic's whole wording.
    let mut worded: Vec<(String, Vec<&str>, usize)> = Vec::new();
    for (krate, error) in errors {
        let message = error.message.lines().next().unwrap_or_default().to_owned();
        // Its message and its spans' labels: the rest may differ from one compilation to
        // the next (a note names the file a long type was written to).
        let wording: Vec<&str> = std::iter::once(error.message.as_str())
            .chain(error.spans.iter().filter_map(|s| s.label.as_deref()))
            .collect();
        for (file, line, column) in places(error, root) {
            let moved = labelled_places(error, &file, is_move);
            let initialized = labelled_places(error, &file, is_some_initialization);
            // rustc says a jump took the value round the loop again: no site can hold that.
            let round_again = labels(error, &file).any(|label| label.contains(PREVIOUS_ROUND));
            let evaluated = evaluated_constant(error);
            let here = |(k, e): &(String, BuildError)| {
                k == krate
                    && e.file == file
                    && e.line == line
                    && e.column == column
                    && e.evaluated == evaluated
            };
            let already = worded
                .iter()
                .find(|(k, w, i)| k == krate && *w == wording && here(&out[*i]));
            let plain = moved.is_empty() && initialized.is_empty() && !round_again;
            let of_one_kind = out.iter().filter(|entry| here(entry)).collect::<Vec<_>>();
            let another_mutants = already.is_none()
                && plain
                && !of_one_kind.is_empty()
                && of_one_kind.len() < SITES_AT_ONE_PLACE
                && of_one_kind.iter().all(|(_, e)| {
                    e.message == message
                        && e.scope == Scope::Site
                        && e.moved.is_empty()
                        && e.initialized.is_empty()
                });
            let seen = match another_mutants {
                true => None,
                false => out.iter_mut().find(|entry| here(entry)),
            };
            if let Some((_, seen)) = seen {
                if round_again {
                    seen.scope = Scope::Jumps;
                }
                merge(&mut seen.moved, moved);
                merge(&mut seen.initialized, initialized);
                continue;
            }
            let Some(digest) = digest_of(root, &file) else {
                continue;
            };
            let entry = BuildError {
                file,
                line,
                column,
                scope: if round_again {
                    Scope::Jumps
                } else {
                    Scope::Site
                },
                digest,
                message: message.clone(),
                moved,
                initialized,
                evaluated,
            };
            worded.push((krate.clone(), wording.clone(), out.len()));
            out.push((krate.clone(), entry));
        }
    }
    out
}

fn merge(into: &mut Vec<(u32, u32)>, more: Vec<(u32, u32)>) {
    for place in more {
        if !into.contains(&place) {
            into.push(place);
        }
    }
}

impl Lists {
    /// For each place of `errors` in the workspace's files, what the net had done there
    /// and why it stops ([`crate::unplaced::describe`]).
    fn unplaced(
        &self,
        errors: &[(String, Diagnostic)],
        targets: &BTreeMap<String, String>,
        root: &Path,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        for (krate, error) in errors {
            let message = error.message.lines().next().unwrap_or_default();
            for (file, line, column) in places(error, root) {
                let listed = self.by_crate.get(krate).and_then(|list| {
                    list.iter()
                        .find(|e| e.file == file && e.line == line && e.column == column)
                        .map(|e| e.scope)
                });
                let target = targets
                    .get(krate)
                    .cloned()
                    .unwrap_or_else(|| format!("`{krate}`"));
                let note = crate::unplaced::describe(
                    root,
                    (&file, line, column),
                    &target,
                    listed,
                    message,
                );
                if !notes.contains(&note) {
                    notes.push(note);
                }
            }
        }
        notes
    }
}

/// Whether `error` is rustc's E0015 on a `const fn` the macro made a plain one
/// ([`build_errors::is_const_call`]).
fn is_const_call(error: &Diagnostic) -> bool {
    error.code.as_ref().is_some_and(|c| c.code == "E0015")
        && build_errors::is_const_call(&error.message)
}

/// `errors` without rustc's evaluations of constants (E0080) where the round found a
/// `const fn` a constant calls that the macro had made a plain one (`found_const_calls`):
/// such a constant is evaluated in vain, and rustc may report what it computed
/// ("constructing invalid value: encountered 0") at code the macro wrote, where the net
/// would make a whole `impl`'s functions unviable. They wait for the next build, where the
/// function is `const` again, and come back if they are the mutants' own.
fn evaluated_in_vain_left(
    found_const_calls: bool,
    errors: Vec<(String, Diagnostic)>,
) -> Vec<(String, Diagnostic)> {
    if !found_const_calls {
        return errors;
    }
    errors
        .into_iter()
        .filter(|(_, e)| e.code.as_ref().is_none_or(|c| c.code != "E0080"))
        .collect()
}

/// The entry that has the macro compile the function a [`is_const_call`] error names
/// `const`: where rustc says the function is defined (a note, for a free function), else
/// by its name, with the calling file (a change there may end the need). The message
/// says where the constant is.
fn const_entry(error: &Diagnostic, root: &Path) -> Option<BuildError> {
    let (caller, line, column) = places(error, root).into_iter().next()?;
    let message = format!("{} (at {caller}:{line}:{column})", error.message);
    let defined = error
        .children
        .iter()
        .filter(|note| note.message.ends_with("is not const"))
        .flat_map(|note| &note.spans)
        .find(|span| is_local(span, root));
    let (file, line, column) = match defined {
        Some(span) => (
            normal_name(&span.file_name),
            span.line_start as u32,
            span.column_start as u32,
        ),
        None => (caller, 0, 0),
    };
    Some(BuildError {
        digest: digest_of(root, &file)?,
        file,
        line,
        column,
        scope: Scope::Const,
        message,
        moved: Vec::new(),
        initialized: Vec::new(),
        evaluated: String::new(),
    })
}

/// Whether `span` is in the workspace's own files (rustc names them relative to its root).
fn is_local(span: &DiagnosticSpan, root: &Path) -> bool {
    !Path::new(&span.file_name).is_absolute() && root.join(&span.file_name).is_file()
}

/// Where an error is: each primary span in the workspace's own files; for one elsewhere
/// (in a macro's definition, say), the first span of its expansion chain that is in them.
fn places(error: &Diagnostic, root: &Path) -> Vec<(String, u32, u32)> {
    let mut out = Vec::new();
    for span in error.spans.iter().filter(|s| s.is_primary) {
        let mut at = Some(span);
        while let Some(span) = at {
            if is_local(span, root) {
                out.push((
                    normal_name(&span.file_name),
                    span.line_start as u32,
                    span.column_start as u32,
                ));
                break;
            }
            at = span.expansion.as_ref().map(|e| &e.span);
        }
    }
    out.dedup();
    out
}

/// A file as rustc names it, in the form the macro names its own files by
/// ([`build_errors::lexically_normal`]).
fn normal_name(file: &str) -> String {
    build_errors::lexically_normal(Path::new(file))
        .to_string_lossy()
        .into_owned()
}

/// This driver's build: its version, and its executable's size and time (a build of the
/// same version from other sources differs in them).
fn driver_stamp(args: &Args) -> String {
    format!(
        "{}\nfeatures {:?} all {} no default {}\n",
        crate::stamp::executable(),
        args.features,
        args.all_features,
        args.no_default_features
    )
}

/// Most site entries at one place, each with its own message: the branches of one site
/// (a constant's mutants, each a constant of its own) each claim one.
const SITES_AT_ONE_PLACE: usize = 3;

/// Whether `entry`, at a place listed as a site's already, is another mutant's failure
/// there rather than the listed site's failing again: rustc says something else (a
/// constant's `+=` made `-=` overflows where its `*=` runs past the loop bound), and the
/// place holds only sites' entries, fewer than [`SITES_AT_ONE_PLACE`]. Widening would
/// leave the whole function as written, its other mutants unviable with it.
fn is_another_mutants(list: &[BuildError], entry: &BuildError) -> bool {
    let at: Vec<&BuildError> = list.iter().filter(|e| e.same_place(entry)).collect();
    // A site whose failure rustc traced to a move or an initialization widens to its
    // suspects instead.
    let plain =
        |e: &BuildError| e.scope == Scope::Site && e.moved.is_empty() && e.initialized.is_empty();
    !at.is_empty()
        && at.len() < SITES_AT_ONE_PLACE
        && plain(entry)
        && at.iter().all(|e| plain(e) && e.message != entry.message)
}

/// The scope a listed place takes when the build fails there again, if it can widen.
fn widened(known: &BuildError) -> Option<Scope> {
    match known.scope {
        Scope::Site if !known.moved.is_empty() || !known.initialized.is_empty() => {
            Some(Scope::Suspects)
        }
        Scope::Jumps => Some(Scope::Suspects),
        Scope::Site | Scope::Suspects => Some(Scope::Function),
        Scope::Function | Scope::Const => None,
    }
}

/// The end of rustc's label on a move a loop repeats ("`it` moved due to this method call,
/// in previous iteration of loop").
const PREVIOUS_ROUND: &str = "in previous iteration of loop";

/// The places of `error`'s secondary spans in `file` (the error's own) whose label
/// `says` what the rebuild net looks for.
fn labelled_places(error: &Diagnostic, file: &str, says: fn(&str) -> bool) -> Vec<(u32, u32)> {
    secondary(error, file)
        .filter(|s| s.label.as_deref().is_some_and(says))
        .map(|s| (s.line_start as u32, s.column_start as u32))
        .collect()
}

/// The generated constant whose evaluation `error` is ("evaluation of
/// `f::__mutate_MASK_7` failed here", or "failed inside this call"): a mutant's own
/// constant (`BuildError::evaluated`); empty for any other error, or another constant.
fn evaluated_constant(error: &Diagnostic) -> String {
    error
        .spans
        .iter()
        .filter_map(|s| s.label.as_deref()?.strip_prefix("evaluation of `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(path, _)| path.rsplit("::").next().unwrap_or(path))
        .find(|name| name.starts_with("__mutate_"))
        .unwrap_or_default()
        .to_owned()
}

/// The labels of `error`'s secondary spans in `file`.
fn labels<'a>(error: &'a Diagnostic, file: &'a str) -> impl Iterator<Item = &'a str> {
    secondary(error, file).filter_map(|s| s.label.as_deref())
}

fn secondary<'a>(error: &'a Diagnostic, file: &'a str) -> impl Iterator<Item = &'a DiagnosticSpan> {
    error
        .spans
        .iter()
        .filter(move |s| !s.is_primary && normal_name(&s.file_name) == file)
}

/// Where rustc says the value an error uses was moved ("value moved here", "`it` moved
/// due to this method call, in previous iteration of loop"), not why a move occurs.
fn is_move(label: &str) -> bool {
    label.contains("moved") && !label.starts_with("move occurs")
}

/// Where rustc says a binding used possibly uninitialized is initialized ("binding
/// initialized here in some conditions"): a mutant that skips it is the likely cause.
fn is_some_initialization(label: &str) -> bool {
    label.contains("initialized here in some conditions")
}

/// Digest of a file as rustc names it (relative to the built workspace's root, or
/// absolute); `None` if it cannot be read.
fn digest_of(root: &Path, file: &str) -> Option<u64> {
    let bytes = std::fs::read(root.join(file)).ok()?;
    Some(build_errors::digest(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_entries_are_replaced_at_this_workspaces_files_only() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("src")).unwrap();
        std::fs::write(root.path().join("src/lib.rs"), "const fn f() {}\n").unwrap();
        let entry = |file: &str, name: &str| BuildError {
            file: file.into(),
            line: 1,
            column: 7,
            scope: Scope::Const,
            digest: 0,
            message: build_errors::predicted_const_call(name, "src/lib.rs:9:9"),
            moved: Vec::new(),
            initialized: Vec::new(),
            evaluated: String::new(),
        };
        // Another workspace building into the same target directory listed `g`.
        let mut lists = Lists {
            dir: root.path().into(),
            by_crate: BTreeMap::new(),
            changed: BTreeSet::new(),
            keep_const: vec![entry("other/src/lib.rs", "g"), entry("src/lib.rs", "gone")],
            keep_const_changed: false,
            _lock: tempfile::tempfile().unwrap(),
        };
        lists.add_predicted(vec![entry("src/lib.rs", "f")], root.path());
        let names: Vec<String> = (lists.keep_const.iter())
            .filter_map(|e| build_errors::named_function(&e.message))
            .collect();
        assert_eq!(names, ["g", "f"]);
        assert!(lists.keep_const_changed);
        // Read the same again: nothing to write, nothing for cargo to rebuild.
        lists.keep_const_changed = false;
        lists.add_predicted(vec![entry("src/lib.rs", "f")], root.path());
        assert!(!lists.keep_const_changed);
    }

    #[test]
    fn a_constants_evaluation_waits_for_its_const_fn_to_be_const() {
        let errors = vec![
            error(Some("E0080"), "constructing invalid value: encountered 0"),
            error(Some("E0308"), "mismatched types"),
        ];
        let left = evaluated_in_vain_left(true, errors.clone());
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].1.message, "mismatched types");
        // Without such a call in the round, it is the mutants' own.
        assert_eq!(evaluated_in_vain_left(false, errors).len(), 2);
    }

    fn error(code: Option<&str>, message: &str) -> (String, Diagnostic) {
        let code = code.map(|c| serde_json::json!({ "code": c, "explanation": null }));
        let diagnostic = serde_json::json!({
            "message": message,
            "code": code,
            "level": "error",
            "spans": [],
            "children": [],
            "rendered": null,
        });
        ("demo".into(), serde_json::from_value(diagnostic).unwrap())
    }

    #[test]
    fn only_the_loaders_errors_on_the_runtime_make_it_unloadable() {
        let damaged = error(
            Some("E0786"),
            "found invalid metadata files for crate `mutate_runtime`",
        );
        let missing = error(
            None,
            "extern location for mutate_runtime does not exist: /cache/x.rlib",
        );
        let mutant = error(
            Some("E0308"),
            "mismatched types: expected `mutate_runtime::__private::Case`, found `u8`",
        );
        let no_bitcode = error(
            None,
            "failed to get bitcode from object file for LTO (Can't find section .llvmbc)",
        );
        for unloadable in [&damaged, &missing, &no_bitcode] {
            let errors = [mutant.clone(), unloadable.clone()];
            assert_eq!(
                unloadable_apart(None, true, &errors).as_deref(),
                Some(unloadable.1.message.as_str())
            );
            // Built with the crate, the runtime is cargo's to find.
            assert_eq!(unloadable_apart(None, false, &errors), None);
        }
        assert_eq!(unloadable_apart(None, true, &[mutant]), None);
    }

    #[test]
    fn an_error_naming_the_attribute_makes_it_unloadable() {
        let errors = [error(
            Some("E0463"),
            "can't find crate for `mutate_macro_0a`",
        )];
        assert!(unloadable_apart(Some("mutate_macro_0a"), false, &errors).is_some());
        assert_eq!(unloadable_apart(None, false, &errors), None);
    }

    /// A span of rustc's JSON diagnostics in `file` at `line`, column 9.
    fn span(file: &str, line: u32, primary: bool, label: &str) -> serde_json::Value {
        serde_json::json!({
            "file_name": file, "byte_start": 0, "byte_end": 1,
            "line_start": line, "line_end": line, "column_start": 9, "column_end": 11,
            "is_primary": primary, "text": [], "label": label,
            "suggested_replacement": null, "suggestion_applicability": null,
            "expansion": null,
        })
    }

    /// An error rustc gives with code `code` at `file`'s line `line`, its one span
    /// labelled `label`.
    fn error_at(code: &str, message: &str, (file, line): (&str, u32), label: &str) -> Diagnostic {
        serde_json::from_value(serde_json::json!({
            "message": message,
            "code": { "code": code, "explanation": null },
            "level": "error",
            "spans": [span(file, line, true, label)],
            "children": [],
            "rendered": null,
        }))
        .unwrap()
    }

    #[test]
    fn moves_are_read_from_the_labels_that_say_so_in_the_errors_file() {
        let diagnostic = serde_json::json!({
            "message": "borrow of moved value: `it`",
            "code": { "code": "E0382", "explanation": null },
            "level": "error",
            "spans": [
                span("src/lib.rs", 4, false, "inside of this loop"),
                span("src/lib.rs", 8, false,
                     "`it` moved due to this implicit call to `.into_iter()`, in previous iteration of loop"),
                span("src/lib.rs", 5, true, "value borrowed here after move"),
                span("src/lib.rs", 2, false,
                     "move occurs because `it` has type `IntoIter<u8>`, which does not implement the `Copy` trait"),
                span("src/other.rs", 3, false, "value moved here"),
            ],
            "children": [],
            "rendered": null,
        });
        let error: Diagnostic = serde_json::from_value(diagnostic).unwrap();
        assert_eq!(labelled_places(&error, "src/lib.rs", is_move), vec![(8, 9)]);
        assert_eq!(
            labelled_places(&error, "src/lib.rs", is_some_initialization),
            vec![]
        );
    }

    #[test]
    fn two_errors_at_one_place_make_one_entry_with_both_labels_under_the_librarys_name() {
        // serde_json's float parser compiled again by a test (`#[path]`): rustc names the
        // file through `tests/..`, and reports E0505 and E0382 at one use; only the second
        // says where a previous round of the loop moved the value.
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("src")).unwrap();
        std::fs::create_dir_all(root.path().join("tests")).unwrap();
        std::fs::write(root.path().join("src/parse.rs"), "fn f() {}\n").unwrap();
        let file = "tests/../src/parse.rs";
        let diagnostic = |code: &str, message: &str, spans: Vec<serde_json::Value>| {
            let value = serde_json::json!({
                "message": message, "code": { "code": code, "explanation": null },
                "level": "error", "spans": spans, "children": [], "rendered": null,
            });
            ("lexical".to_owned(), serde_json::from_value(value).unwrap())
        };
        let errors = [
            diagnostic(
                "E0505",
                "cannot move out of `iter` because it is borrowed",
                vec![
                    span(file, 66, true, "move out of `iter` occurs here"),
                    span(file, 62, false, "borrow of `iter` occurs here"),
                ],
            ),
            diagnostic(
                "E0382",
                "use of moved value: `iter`",
                vec![
                    span(
                        file,
                        66,
                        false,
                        "`iter` moved due to this method call, in previous iteration of loop",
                    ),
                    span(file, 66, true, ""),
                ],
            ),
        ];
        let entries = entries(&errors, root.path());
        assert_eq!(entries.len(), 1, "{entries:?}");
        let (krate, entry) = &entries[0];
        assert_eq!(krate, "lexical");
        assert_eq!(entry.file, "src/parse.rs");
        assert_eq!((entry.line, entry.column), (66, 9));
        assert_eq!(entry.scope, Scope::Jumps);
        assert_eq!(entry.moved, vec![(66, 9)]);
        assert_eq!(
            entry.message,
            "cannot move out of `iter` because it is borrowed"
        );
        // Failing again with those jumps as written, every jump is suspect; then the function.
        let mut known = entry.clone();
        known.scope = widened(&known).unwrap();
        assert_eq!(known.scope, Scope::Suspects);
        assert_eq!(widened(&known), Some(Scope::Function));
    }

    #[test]
    fn a_place_that_fails_again_widens_through_the_suspects_when_rustc_named_a_cause() {
        let entry = |scope, moved: Vec<(u32, u32)>| BuildError {
            file: "src/lib.rs".into(),
            line: 5,
            column: 9,
            scope,
            digest: 0,
            message: "borrow of moved value: `it`".into(),
            moved,
            initialized: Vec::new(),
            evaluated: String::new(),
        };
        assert_eq!(
            widened(&entry(Scope::Site, vec![(8, 9)])),
            Some(Scope::Suspects)
        );
        let uninitialized = BuildError {
            initialized: vec![(5, 13)],
            ..entry(Scope::Site, vec![])
        };
        assert_eq!(widened(&uninitialized), Some(Scope::Suspects));
        assert_eq!(widened(&entry(Scope::Site, vec![])), Some(Scope::Function));
        assert_eq!(
            widened(&entry(Scope::Suspects, vec![(8, 9)])),
            Some(Scope::Function)
        );
        assert_eq!(widened(&entry(Scope::Function, vec![])), None);
    }

    #[test]
    fn another_message_at_a_sites_place_is_another_mutants_failure_up_to_a_bound() {
        let entry = |message: &str| BuildError {
            file: "src/lib.rs".into(),
            line: 9,
            column: 15,
            scope: Scope::Site,
            digest: 0,
            message: message.into(),
            moved: Vec::new(),
            initialized: Vec::new(),
            evaluated: String::new(),
        };
        let overflow = entry("attempt to compute `0_u32 - 1_u32`, which would overflow");
        let bound = entry("evaluation panicked: a loop of this mutant ran past 1000000 rounds");
        let mut list = vec![overflow.clone()];
        assert!(
            !is_another_mutants(&list, &overflow),
            "the same failure again widens"
        );
        assert!(is_another_mutants(&list, &bound));
        let elsewhere = BuildError {
            line: 10,
            ..bound.clone()
        };
        assert!(
            !is_another_mutants(&list, &elsewhere),
            "a new place, listed as such"
        );
        list.push(bound);
        list.push(entry("a third"));
        assert!(
            !is_another_mutants(&list, &entry("a fourth")),
            "past the bound, the place widens"
        );
        let moved = BuildError {
            moved: vec![(8, 9)],
            ..entry("borrow of moved value: `it`")
        };
        assert!(
            !is_another_mutants(&[overflow], &moved),
            "a move widens to suspects"
        );
    }

    /// The mutants of one operator of a constant read at run time are constants of their
    /// own, evaluated in one build: each failure there is its own entry, in one round,
    /// named as rustc names the constant; the library and its unit tests give each twice.
    #[test]
    fn each_mutants_constant_failing_at_one_place_is_an_entry_of_its_own() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("src")).unwrap();
        std::fs::write(root.path().join("src/bytes.rs"), "fn f() {}\n").unwrap();
        // As rustc 1.95 gives them for shlex's mask, `c += 1` made `c -= 1` and `c *= 1`.
        let error = |message: &str, evaluated: &str| -> Diagnostic {
            let label = format!("evaluation of `bytes::unquoted_ok_fast::{evaluated}` failed here");
            error_at("E0080", message, ("src/bytes.rs", 311), &label)
        };
        let overflow = error(
            "attempt to compute `0_u8 - 1_u8`, which would overflow",
            "__mutate_UNQUOTED_OK_MASK_12",
        );
        let endless = error(
            "evaluation panicked: a mutant of this constant ran one of its loops 100000 times: it does not end",
            "__mutate_UNQUOTED_OK_MASK_13",
        );
        let krate = "shlex".to_owned();
        let errors =
            [overflow.clone(), endless.clone(), overflow, endless].map(|e| (krate.clone(), e));
        let listed = entries(errors.iter(), root.path());
        let named: Vec<(&str, &str)> = listed
            .iter()
            .map(|(_, e)| (e.evaluated.as_str(), &e.message[..12]))
            .collect();
        assert_eq!(
            named,
            [
                ("__mutate_UNQUOTED_OK_MASK_12", "attempt to c"),
                ("__mutate_UNQUOTED_OK_MASK_13", "evaluation p")
            ]
        );
        // A later round's failure of another mutant's constant there is listed beside it.
        let first = vec![listed[0].1.clone()];
        assert!(is_another_mutants(&first, &listed[1].1));
        assert!(
            !is_another_mutants(&first, &listed[0].1),
            "the same again widens"
        );
        // The crate's own constant is no mutant's.
        let own = [(krate, error("evaluation panicked: no", "UNQUOTED_OK_MASK"))];
        assert_eq!(entries(own.iter(), root.path())[0].1.evaluated, "");
    }

    #[test]
    fn mutants_of_one_operator_failing_alike_there_are_an_entry_each() {
        let root = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(root.path().join("src")).unwrap();
        std::fs::write(root.path().join("src/ascii_set.rs"), "const A: u8 = 1;\n").unwrap();
        // As rustc 1.95 gives them for percent-encoding's `[0; LEN / BITS]` of a constant
        // whose field is `[u32; 4]`, the `/` made `*` and made `%`.
        let error = |size: u32| -> Diagnostic {
            let label =
                format!("expected an array with a size of 4, found one with a size of {size}");
            error_at(
                "E0308",
                "mismatched types",
                ("src/ascii_set.rs", 41),
                &label,
            )
        };
        let krate = "percent_encoding".to_owned();
        // The library, then its unit tests: each error twice.
        let errors = [error(4096), error(0), error(4096), error(0)].map(|e| (krate.clone(), e));
        let listed = entries(errors.iter(), root.path());
        assert_eq!(
            listed.len(),
            2,
            "one entry per mutant's error, not per compilation"
        );
        let dir = tempfile::tempdir().unwrap();
        let mut lists = Lists {
            dir: dir.path().to_owned(),
            by_crate: BTreeMap::new(),
            changed: BTreeSet::new(),
            keep_const: Vec::new(),
            keep_const_changed: false,
            _lock: std::fs::File::create(dir.path().join("lock")).unwrap(),
        };
        assert_eq!(lists.add(&errors, root.path()), 2);
        let scopes = |lists: &Lists| -> Vec<Scope> {
            lists.by_crate[&krate].iter().map(|e| e.scope).collect()
        };
        assert_eq!(
            scopes(&lists),
            [Scope::Site, Scope::Site],
            "neither widened"
        );
        // Both again in the next round: each listed one fails again, and widens.
        assert_eq!(lists.add(&errors, root.path()), 2);
        assert_eq!(scopes(&lists), [Scope::Function, Scope::Function]);
        // One error worded once, in both compilations, stays one entry.
        let once = [error(0), error(0)].map(|e| (krate.clone(), e));
        assert_eq!(entries(once.iter(), root.path()).len(), 1);
    }

    #[test]
    fn initializations_are_read_from_the_labels_of_a_possibly_uninitialized_binding() {
        let span = |line, primary, label| span("src/lib.rs", line, primary, label);
        // As rustc 1.95 gives it for a `while` condition that assigns, forced false.
        let diagnostic = serde_json::json!({
            "message": "used binding `value` is possibly-uninitialized",
            "code": { "code": "E0381", "explanation": null },
            "level": "error",
            "spans": [
                span(8, true, "`value` used here but it is possibly-uninitialized"),
                span(5, false, "binding initialized here in some conditions"),
                span(4, false, "binding declared here but left uninitialized"),
            ],
            "children": [],
            "rendered": null,
        });
        let error: Diagnostic = serde_json::from_value(diagnostic).unwrap();
        assert_eq!(
            labelled_places(&error, "src/lib.rs", is_some_initialization),
            vec![(5, 9)]
        );
        assert_eq!(labelled_places(&error, "src/lib.rs", is_move), vec![]);
    }
}
