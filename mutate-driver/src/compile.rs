//! Finding the workspace and building its tests once in schemata mode, in a target
//! directory of their own so the user's build cache is never invalidated.

use crate::cli::Args;
use crate::error::{Error, Result};
use cargo_metadata::{Message, MetadataCommand};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The cfg that makes `mutate_runtime::__select!` pick the schemata.
pub const SCHEMATA_CFG: &str = "mutate_schemata";

#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
    /// The workspace cargo builds: `root`, or its annotated copy with `--all-items`.
    pub build_root: PathBuf,
    /// The manifest cargo is given instead of the user's (`--all-items`).
    pub build_manifest: Option<PathBuf>,
    /// Where the schemata build goes: `<target>/mutate`.
    pub target_dir: PathBuf,
    /// Directory of the manifest the user named (or found from the current directory).
    pub manifest_dir: PathBuf,
    /// `[package.metadata.mutate]` of the manifest's package, else
    /// `[workspace.metadata.mutate]`.
    pub config: crate::selection::Config,
    /// `cargo metadata --no-deps` of the user's manifest.
    pub metadata: cargo_metadata::Metadata,
}

/// A test executable cargo built.
#[derive(Debug, Clone)]
pub struct TestBinary {
    pub path: PathBuf,
    /// Target name, e.g. the crate's lib name or an integration test's file stem.
    pub target: String,
    /// Source of the target's root, relative to the workspace root when inside it.
    pub src_path: String,
    /// The package's directory: cargo runs tests there, and so do we.
    pub package_dir: PathBuf,
}

impl TestBinary {
    /// How reports name a test of this binary.
    pub fn test_id(&self, test: &str) -> String {
        format!("{}::{}", self.target, test)
    }
}

pub fn locate(args: &Args) -> Result<Workspace> {
    let manifest = match &args.manifest_path {
        Some(path) => {
            if !path.is_file() {
                return Err(Error::Usage(format!(
                    "manifest path `{}` does not exist",
                    path.display()
                )));
            }
            path.clone()
        }
        None => find_manifest(
            &std::env::current_dir().map_err(|e| Error::internal("current directory", e))?,
        )
        .ok_or_else(|| {
            Error::Usage(
                "could not find `Cargo.toml` in the current directory or any parent; \
                     use --manifest-path"
                    .into(),
            )
        })?,
    };
    let metadata = MetadataCommand::new()
        .manifest_path(&manifest)
        .no_deps()
        .exec()
        .map_err(|e| {
            Error::Usage(format!(
                "cannot read the manifest `{}`: {e}",
                manifest.display()
            ))
        })?;
    let manifest_dir = manifest
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let config = match metadata.root_package() {
        Some(p) if !p.metadata["mutate"].is_null() => crate::selection::Config::from_metadata(
            &p.metadata["mutate"],
            &format!("[package.metadata.mutate] of {}", p.name),
        )?,
        _ => crate::selection::Config::from_metadata(
            &metadata.workspace_metadata["mutate"],
            "[workspace.metadata.mutate]",
        )?,
    };
    let root = metadata.workspace_root.as_std_path().to_path_buf();
    Ok(Workspace {
        config,
        build_root: root.clone(),
        build_manifest: None,
        root,
        target_dir: metadata.target_directory.as_std_path().join("mutate"),
        manifest_dir: std::fs::canonicalize(&manifest_dir).unwrap_or(manifest_dir),
        metadata,
    })
}

fn find_manifest(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join("Cargo.toml"))
        .find(|candidate| candidate.is_file())
}

/// Cargo arguments selecting the manifest, packages and features.
pub fn selection_args(args: &Args, workspace: &Workspace) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(path) = workspace
        .build_manifest
        .as_ref()
        .or(args.manifest_path.as_ref())
    {
        out.push("--manifest-path".into());
        out.push(path.display().to_string());
    }
    for p in &args.package {
        out.push("--package".into());
        out.push(p.clone());
    }
    if args.workspace {
        out.push("--workspace".into());
    }
    for f in &args.features {
        out.push("--features".into());
        out.push(f.clone());
    }
    if args.all_features {
        out.push("--all-features".into());
    }
    if args.no_default_features {
        out.push("--no-default-features".into());
    }
    out
}

/// The user's RUSTFLAGS with the schemata cfg added. `all_items`: the code was annotated
/// by the driver, not the user, so the crate's own lint levels (`#![deny(warnings)]`,
/// `#![forbid(unsafe_code)]`) must not stop the generated code from building.
fn rustflags(all_items: bool) -> String {
    let user = std::env::var("RUSTFLAGS").unwrap_or_default();
    let mut cfg = format!("--cfg {SCHEMATA_CFG}");
    if all_items {
        cfg.push_str(" --cap-lints allow");
    }
    if user.trim().is_empty() {
        cfg
    } else {
        format!("{user} {cfg}")
    }
}

/// `cargo test --no-run` in schemata mode; cargo's diagnostics go to our stderr as cargo
/// renders them.
pub fn build(args: &Args, workspace: &Workspace) -> Result<Vec<TestBinary>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut child = Command::new(cargo)
        .args([
            "test",
            "--no-run",
            "--message-format",
            "json-render-diagnostics",
        ])
        .args(selection_args(args, workspace))
        .arg("--target-dir")
        .arg(&workspace.target_dir)
        .env("RUSTFLAGS", rustflags(workspace.build_manifest.is_some()))
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| Error::internal("cannot run cargo", e))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let mut binaries = Vec::new();
    let mut success = false;
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let message = message.map_err(|e| Error::internal("reading cargo's output", e))?;
        match message {
            Message::CompilerArtifact(artifact) if artifact.profile.test => {
                let Some(executable) = artifact.executable else {
                    continue;
                };
                let src = artifact.target.src_path.into_std_path_buf();
                let src_path = src
                    .strip_prefix(&workspace.build_root)
                    .unwrap_or(&src)
                    .to_string_lossy()
                    .into_owned();
                let manifest = artifact.manifest_path.into_std_path_buf();
                let package_dir = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
                binaries.push(TestBinary {
                    package_dir,
                    path: executable.into_std_path_buf(),
                    target: artifact.target.name.clone(),
                    src_path,
                });
            }
            Message::BuildFinished(finished) => success = finished.success,
            _ => {}
        }
    }
    let status = child
        .wait()
        .map_err(|e| Error::internal("waiting for cargo", e))?;
    if !status.success() || !success {
        return Err(Error::BuildFailed);
    }
    Ok(binaries)
}
