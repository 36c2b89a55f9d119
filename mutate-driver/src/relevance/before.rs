//! The program before the change: `REV` checked out in a git worktree under
//! `<target>/mutate/relevance` (never the user's checkout), built with mutant schemata into
//! a target directory of its own there, and its tests and mutants listed. The worktree is
//! removed when this is dropped; the target directory stays, so the next run's build of
//! `REV`'s dependencies is warm.

use crate::cli::Args;
use crate::compile::Workspace;
use crate::discover::{self, Discovery};
use crate::error::{Error, Operation, Result};
use crate::test_args::TestArgs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub struct Before {
    pub discovery: Discovery,
    pub build_time: Duration,
    /// Its cargo target directory: its build scripts' outputs are there.
    pub build_target_dir: PathBuf,
    /// Held until the runs are done: the tests run in their package's folder there.
    _worktree: Worktree,
}

impl Before {
    pub fn build(
        args: &Args,
        workspace: &Workspace,
        rev: &str,
        test_args: &TestArgs,
    ) -> Result<Before> {
        let started = Instant::now();
        let relevance_dir = workspace.target_dir.join("relevance");
        let worktree = Worktree::add(&workspace.root, &relevance_dir.join("worktree"), rev)?;
        let manifest = workspace.manifest_dir.join("Cargo.toml");
        let relative = manifest.strip_prefix(&worktree.user_root).map_err(|_| {
            Error::Usage(format!(
                "--relevance: the manifest {} is outside the git repository {}",
                manifest.display(),
                worktree.user_root.display()
            ))
        })?;
        let before_manifest = worktree.dir.join(relative);
        if !before_manifest.is_file() {
            return Err(Error::Usage(format!(
                "--relevance: {rev} has no {}: there is nothing to compare with",
                relative.display()
            )));
        }
        let mut before_args = args.clone();
        before_args.manifest_path = Some(before_manifest);
        let mut before_workspace = crate::compile::locate(&before_args)?;
        // Its own folders, so neither build overwrites the other's binaries or lists.
        before_workspace.target_dir = relevance_dir.join("mutate");
        before_workspace.build_target_dir = relevance_dir.join("target");
        // The same rules on both sides, so every rule's mutant can have its twin.
        before_workspace.rules = workspace.rules.clone();
        eprintln!(
            "   Building {rev} (before the change) with mutant schemata ({})",
            before_workspace.build_target_dir.display()
        );
        let (mut mirror_lock, mut doctests) =
            crate::app::mirror_if_needed(&before_args, &mut before_workspace)?;
        let built = crate::app::build(
            &before_args,
            &mut before_workspace,
            &mut mirror_lock,
            &mut doctests,
        )
        .map_err(|e| match e {
            Error::BuildFailed(why) => Error::BuildFailed(format!(
                "{rev}, the version before the change, does not build with mutant \
                     schemata, so it cannot be compared: {why}"
            )),
            other => other,
        })?;
        drop(mirror_lock);
        let discovery = discover::discover(built, test_args)?;
        Ok(Before {
            discovery,
            build_time: started.elapsed(),
            build_target_dir: before_workspace.build_target_dir,
            _worktree: worktree,
        })
    }
}

/// A detached git worktree of one revision, removed on drop.
struct Worktree {
    /// The top of the user's repository, where git is run.
    repo: PathBuf,
    /// The same, canonical: what the user's manifest path is taken relative to.
    user_root: PathBuf,
    /// The worktree: the repository's top at the revision.
    dir: PathBuf,
}

impl Worktree {
    fn add(workspace_root: &Path, dir: &Path, rev: &str) -> Result<Worktree> {
        let top = git(workspace_root, &["rev-parse", "--show-toplevel"])
            .map_err(|e| Error::Usage(format!("--relevance needs a git repository: {e}")))?;
        let repo = PathBuf::from(top.trim());
        let user_root = std::fs::canonicalize(&repo).unwrap_or_else(|_| repo.clone());
        // A worktree left by a run that was killed: remove it first.
        if dir.exists() {
            remove(&repo, dir);
        }
        if let Some(parent) = dir.parent() {
            std::fs::create_dir_all(parent).map_err(|e| {
                Error::caused(
                    Operation::Prepare,
                    format!("creating {}", parent.display()),
                    e,
                )
            })?;
        }
        let path = dir.to_string_lossy();
        git(
            &repo,
            &["worktree", "add", "--detach", "--force", &path, rev],
        )
        .map_err(|e| {
            Error::failed(
                Operation::Prepare,
                format!("checking out {rev} in a worktree at {}: {e}", dir.display()),
            )
        })?;
        Ok(Worktree {
            repo,
            user_root,
            dir: dir.to_path_buf(),
        })
    }
}

impl Drop for Worktree {
    fn drop(&mut self) {
        remove(&self.repo, &self.dir);
    }
}

/// Removes a worktree and git's record of it; what cannot be removed is left for the next
/// run, which removes it first.
fn remove(repo: &Path, dir: &Path) {
    let path = dir.to_string_lossy();
    let _ = git(repo, &["worktree", "remove", "--force", &path]);
    let _ = std::fs::remove_dir_all(dir);
    let _ = git(repo, &["worktree", "prune"]);
}

/// `git ARGS` in `dir`: its standard output, or its error message.
fn git(dir: &Path, args: &[&str]) -> std::result::Result<String, String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).trim().to_owned())
    }
}
