//! The rebuild net: no mutant can fail the build. When the schemata build fails, each
//! error rustc reports is placed (file, line, column, as rustc names them) in a list the
//! macro reads at expansion time; a function holding a listed place is compiled as
//! written and its mutants become unviable, with rustc's message as the reason. Cargo
//! rebuilds only the crates whose list entries changed (the macro makes rustc track the
//! list). Rounds stop when the build succeeds, or when an error cannot be placed in a
//! function that has mutants: then the user's code itself does not build, or mutate has a
//! bug, and the build fails with rustc's messages shown.

use crate::cli::Args;
use crate::compile::{self, Built, Workspace};
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
    let mut lists = Lists::load(workspace)?;
    let mut shown = HashSet::new();
    let mut last_errors = Vec::new();
    let mut code_rounds = 0;
    for round in 0.. {
        let attempt = compile::build_once(args, workspace, lists.path(), &mut shown)?;
        if attempt.success {
            return Ok(Built {
                binaries: attempt.binaries,
                unviable: attempt.unviable,
            });
        }
        if let Some(why) = unloadable_attribute(workspace, &attempt.errors) {
            return Err(Error::AttributeUnloadable(why));
        }
        let absorbed = match doctests.as_deref_mut() {
            Some(doctests) => doctests.absorb(&attempt.errors)?,
            None => Absorbed::default(),
        };
        let in_code: Vec<(String, Diagnostic)> = attempt
            .errors
            .iter()
            .filter(|(_, e)| !doctests.as_deref().is_some_and(|d| d.holds(e)))
            .cloned()
            .collect();
        let added = lists.add(&in_code, &workspace.build_root);
        last_errors = attempt.errors;
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
        if left_out > 0 {
            eprintln!(
                "   Rebuild {}: {left_out} doc test{} left out: {} not build as an \
                 integration test",
                round + 1,
                if left_out == 1 { "" } else { "s" },
                if left_out == 1 { "it does" } else { "they do" },
            );
        }
        if added + set_apart + left_out == 0 {
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
        return Err(Error::BuildFailed(
            "cargo stopped before compiling anything (see its message above)".into(),
        ));
    }
    for (_, error) in &last_errors {
        if let Some(rendered) = &error.rendered {
            eprint!("{rendered}");
        }
    }
    if compile::plain_build_succeeds(args, workspace)? {
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

/// rustc's message where it could not load the attribute built apart: one that names the
/// attribute's crate (under its name in the annotations, or its own as a dependency's).
fn unloadable_attribute(workspace: &Workspace, errors: &[(String, Diagnostic)]) -> Option<String> {
    let (alias, _) = crate::rustc_wrapper::attribute_parts(workspace.attribute.as_deref()?);
    errors
        .iter()
        .map(|(_, e)| &e.message)
        .find(|m| m.contains(alias) || m.contains("`mutate_macro`"))
        .cloned()
}

/// The places where the schemata build failed, one list per crate, kept across runs in
/// the target directory so a warm run rebuilds nothing. Held locked while the driver
/// builds, so two runs on one target directory never lose each other's entries.
struct Lists {
    dir: PathBuf,
    by_crate: BTreeMap<String, Vec<BuildError>>,
    /// Crates whose list changed since it was written.
    changed: BTreeSet<String>,
    _lock: std::fs::File,
}

impl Lists {
    /// Loads the lists, dropping entries whose file changed since (its places may now
    /// hold other code); writes back only lists that changed, since a write rebuilds.
    fn load(workspace: &Workspace) -> Result<Self> {
        let io = |e| Error::caused(Operation::Build, "reading the build-error lists", e);
        let dir = workspace.target_dir.join("build-errors");
        std::fs::create_dir_all(&dir).map_err(io)?;
        let lock = crate::lockfile::lock(&dir.with_extension("lock"))?;
        let mut lists = Lists {
            dir,
            by_crate: BTreeMap::new(),
            changed: BTreeSet::new(),
            _lock: lock,
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
            let count = all.len();
            let kept: Vec<BuildError> = all
                .into_iter()
                .filter(|e| digest_of(&workspace.build_root, &e.file) == Some(e.digest))
                .collect();
            if kept.len() != count {
                lists.changed.insert(krate.to_owned());
            }
            lists.by_crate.insert(krate.to_owned(), kept);
        }
        lists.save()?;
        Ok(lists)
    }

    fn path(&self) -> &Path {
        &self.dir
    }

    fn save(&mut self) -> Result<()> {
        for krate in std::mem::take(&mut self.changed) {
            let errors = self.by_crate.get(&krate).map(Vec::as_slice).unwrap_or(&[]);
            let path = build_errors::list_file(&self.dir, &krate);
            std::fs::write(path, build_errors::render(errors))
                .map_err(|e| Error::caused(Operation::Build, "writing a build-error list", e))?;
        }
        Ok(())
    }

    /// Adds the places of `errors` not yet listed, as one site's; a place listed as a
    /// site's in an earlier round that fails again becomes its function's. Returns how many
    /// entries changed.
    fn add(&mut self, errors: &[(String, Diagnostic)], root: &Path) -> usize {
        let mut seen = BTreeSet::new();
        let mut changed = 0;
        for (krate, error) in errors {
            let message = error.message.lines().next().unwrap_or_default().to_owned();
            for (file, line, column) in places(error, root) {
                // The library and its unit tests are two compilations with the same errors.
                if !seen.insert((krate.clone(), file.clone(), line, column)) {
                    continue;
                }
                let Some(digest) = digest_of(root, &file) else {
                    continue;
                };
                let entry = BuildError {
                    file,
                    line,
                    column,
                    scope: Scope::Site,
                    digest,
                    message: message.clone(),
                };
                let list = self.by_crate.entry(krate.clone()).or_default();
                match list.iter_mut().find(|e| e.same_place(&entry)) {
                    Some(known) if known.scope == Scope::Site => known.scope = Scope::Function,
                    Some(_) => continue,
                    None => list.push(entry),
                }
                self.changed.insert(krate.clone());
                changed += 1;
            }
        }
        changed
    }
}

/// Where an error is: each primary span in the workspace's own files; for one elsewhere
/// (in a macro's definition, say), the first span of its expansion chain that is in them.
fn places(error: &Diagnostic, root: &Path) -> Vec<(String, u32, u32)> {
    let local = |span: &DiagnosticSpan| {
        !Path::new(&span.file_name).is_absolute() && root.join(&span.file_name).is_file()
    };
    let mut out = Vec::new();
    for span in error.spans.iter().filter(|s| s.is_primary) {
        let mut at = Some(span);
        while let Some(span) = at {
            if local(span) {
                out.push((
                    span.file_name.clone(),
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

/// Digest of a file as rustc names it (relative to the built workspace's root, or
/// absolute); `None` if it cannot be read.
fn digest_of(root: &Path, file: &str) -> Option<u64> {
    let bytes = std::fs::read(root.join(file)).ok()?;
    Some(build_errors::digest(&bytes))
}
