//! The build step: the mirror of the workspace where `--all-items` or doc tests need one,
//! the lines a diff names (read first, so a bad diff is refused before any build), and the
//! schemata build with its fallback where what was built apart cannot be loaded.

use crate::cli::Args;
use crate::compile;
use crate::error::{Error, Result};

/// The lines `--in-diff` or `--since` name, read before the build so that a bad diff or
/// revision is refused at once.
pub fn changed_lines(args: &Args, root: &std::path::Path) -> Result<Option<crate::diff::Changed>> {
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
