//! Every command shown in README.md and the guide (`docs/src/*.md`) runs, as doc tests do,
//! so none goes stale. A fenced block tagged `sh` is run line by line with `bash`, from the
//! repository's root, `cargo mutate-driver` (and `cargo run -p mutate-driver --
//! mutate-driver`) being the driver built with these tests; `sh,in=triangle` runs it in a
//! fresh copy of `examples/triangle` made a crate of its own in a git repository (a
//! user's crate, with an `origin/main`); `sh,ignore` is not run (`cargo install`). Each
//! command must run to its end: exit 0, 3 (survivors), 4 (timeouts) or 7 (below a
//! threshold). The README's `cargo test --workspace` is this suite itself, and is not.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One fenced `sh` block.
struct Block {
    file: String,
    line: usize,
    tags: Vec<String>,
    commands: Vec<(usize, String)>,
}

fn blocks() -> Vec<Block> {
    let mut files = vec![repo().join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(repo().join("docs/src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let file = path
            .strip_prefix(repo())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let mut open: Option<Block> = None;
        for (i, line) in text.lines().enumerate() {
            let fence = line.trim_start().strip_prefix("```");
            match (fence, open.take()) {
                (Some(_), Some(block)) => out.push(block),
                (Some(info), None) => {
                    let tags: Vec<String> = info.split(',').map(|t| t.trim().to_owned()).collect();
                    if tags
                        .first()
                        .is_some_and(|t| ["sh", "bash", "shell"].contains(&t.as_str()))
                    {
                        open = Some(Block {
                            file: file.clone(),
                            line: i + 1,
                            tags,
                            commands: Vec::new(),
                        });
                    }
                }
                (None, Some(mut block)) => {
                    let command = line.trim();
                    if !command.is_empty() && !command.starts_with('#') {
                        block.commands.push((i + 1, command.to_owned()));
                    }
                    open = Some(block);
                }
                (None, None) => {}
            }
        }
    }
    out
}

/// The command as run here: the driver for `cargo mutate-driver`; `None` for the suite's
/// own command.
fn as_run(command: &str) -> Option<String> {
    let driver = driver_exe().display().to_string();
    for prefix in [
        "cargo run -p mutate-driver -- mutate-driver",
        "cargo mutate-driver",
    ] {
        if let Some(rest) = command.strip_prefix(prefix) {
            return Some(format!("'{driver}' mutate-driver{rest}"));
        }
    }
    if command.starts_with("cargo test --workspace") {
        return None;
    }
    panic!("`{command}` is neither the driver nor the tests: tag its block `sh,ignore`");
}

#[test]
fn every_command_shown_in_the_readme_and_the_guide_runs() {
    let blocks = blocks();
    let run: Vec<&Block> = blocks
        .iter()
        .filter(|b| !b.tags.iter().any(|t| t == "ignore"))
        .collect();
    assert!(
        run.iter().map(|b| b.commands.len()).sum::<usize>() >= 15,
        "the docs show fewer commands than they did: is the block syntax still read?"
    );
    for block in run {
        let crate_copy = block
            .tags
            .iter()
            .find_map(|t| t.strip_prefix("in="))
            .map(user_crate);
        let dir = crate_copy
            .as_ref()
            .map_or_else(repo, |d| d.path().to_path_buf());
        for (line, command) in &block.commands {
            let Some(shell) = as_run(command) else {
                continue;
            };
            let out = Command::new("bash")
                .arg("-c")
                .arg(&shell)
                .current_dir(&dir)
                .env_remove("MUTATE_ACTIVE")
                .env("MUTATE_CACHE_DIR", cache_dir())
                .env_remove("GITHUB_ACTIONS")
                .output()
                .unwrap();
            let code = out.status.code();
            assert!(
                matches!(code, Some(0 | 3 | 4 | 7)),
                "{}:{line} (block at line {}): `{command}` exited {code:?}\n{}",
                block.file,
                block.line,
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

/// A copy of example `name` as a user's crate: its own workspace, the runtime by path, in
/// a git repository with one commit that `origin/main` names.
fn user_crate(name: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let example = repo().join("examples").join(name);
    copy_dir(&example.join("src"), &dir.path().join("src"));
    copy_dir(&example.join("tests"), &dir.path().join("tests"));
    let manifest = standalone_manifest(&example.join("Cargo.toml"));
    std::fs::write(dir.path().join("Cargo.toml"), manifest).unwrap();
    std::fs::write(dir.path().join(".gitignore"), "target/\nmutate.out/\n").unwrap();
    for args in [
        &["init", "-q", "-b", "main"][..],
        &["add", "."],
        &["commit", "-qm", "the crate"],
        &["update-ref", "refs/remotes/origin/main", "HEAD"],
    ] {
        git(dir.path(), args);
    }
    dir
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap();
        }
    }
}
