//! Finding the workspace and building its tests once in schemata mode, in a target
//! directory of their own so the user's build cache is never invalidated.

use crate::cli::Args;
use crate::error::{Error, Operation, Result};
use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel};
use cargo_metadata::{Message, MetadataCommand};
use mutate_protocol::unviable_marks;
use std::collections::{BTreeMap, HashSet};
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
    /// The workspace cargo builds: `root`, or its annotated copy with `--all-items`.
    pub build_root: PathBuf,
    /// The manifest cargo is given instead of the user's (`--all-items`).
    pub build_manifest: Option<PathBuf>,
    /// The driver's own files: `<target>/mutate` (the `--all-items` copy, build-error
    /// lists, the carried runtime).
    pub target_dir: PathBuf,
    /// Where cargo builds the schemata: the user's own target directory, so dependencies
    /// the user built are reused.
    pub build_target_dir: PathBuf,
    /// Directory of the manifest the user named (or found from the current directory).
    pub manifest_dir: PathBuf,
    /// `[package.metadata.mutate]` of the manifest's package, else
    /// `[workspace.metadata.mutate]`.
    pub config: crate::selection::Config,
    /// `cargo metadata --no-deps` of the user's manifest.
    pub metadata: cargo_metadata::Metadata,
    /// Each package's rules, checked.
    pub rules: crate::rules::Rules,
    /// The `--all-items` copy's attribute, built apart, as rustc's `--extern` value
    /// (`all_items::Attribute::extern_arg`). `None`: the runtime's own, built with the crate.
    pub attribute: Option<String>,
    /// The `--all-items` copy's runtime, built apart, as rustc's `--extern` value
    /// (`all_items::RuntimeApart::extern_arg`). `None`: a dependency, built with the crate.
    pub runtime: Option<String>,
}

impl Workspace {
    /// The rebuild net's lists of build errors, one per crate, that the macro reads
    /// (`MUTATE_BUILD_ERRORS`).
    pub fn build_errors_dir(&self) -> PathBuf {
        self.target_dir.join("build-errors")
    }

    /// What was built apart, as rustc's `--extern` values: the rustc wrapper hands them
    /// to every member.
    pub fn externs(&self) -> Vec<String> {
        self.attribute
            .iter()
            .chain(&self.runtime)
            .cloned()
            .collect()
    }

    /// The package whose folder holds `file` (relative to the workspace root): the one
    /// with the longest folder that is a prefix of it; empty where none is.
    pub fn package_of(&self, file: &str) -> String {
        let path = self.root.join(file);
        self.metadata
            .workspace_packages()
            .into_iter()
            .filter_map(|p| {
                let dir = p.manifest_path.parent()?.as_std_path();
                path.starts_with(dir)
                    .then(|| (dir.components().count(), p.name.to_string()))
            })
            .max()
            .map(|(_, name)| name)
            .unwrap_or_default()
    }
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
    let manifest =
        match &args.manifest_path {
            Some(path) => {
                if !path.is_file() {
                    return Err(Error::Usage(format!(
                        "manifest path `{}` does not exist",
                        path.display()
                    )));
                }
                path.clone()
            }
            None => find_manifest(&std::env::current_dir().map_err(|e| {
                Error::caused(Operation::Prepare, "reading the current directory", e)
            })?)
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
    // The package of the manifest named (a member, from a workspace's folder), else the
    // workspace's root package.
    let named = std::fs::canonicalize(&manifest).ok();
    let package = metadata
        .packages
        .iter()
        .find(|p| {
            named.is_some() && std::fs::canonicalize(p.manifest_path.as_std_path()).ok() == named
        })
        .or_else(|| metadata.root_package());
    let config = match package {
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
    tag_as_cache(metadata.target_directory.as_std_path());
    Ok(Workspace {
        rules: crate::rules::Rules::read(&metadata)?,
        config,
        build_root: root.clone(),
        build_manifest: None,
        attribute: None,
        runtime: None,
        root,
        target_dir: metadata.target_directory.as_std_path().join("mutate"),
        build_target_dir: metadata.target_directory.as_std_path().to_path_buf(),
        manifest_dir: std::fs::canonicalize(&manifest_dir).unwrap_or(manifest_dir),
        metadata,
    })
}

/// Marks the target folder a cache, as cargo marks one it creates: the driver may create it
/// first (its own files go under it), and then cargo does not. Tools that copy or back up a
/// tree leave such folders out, and so does the `--all-items` copy of an enclosing
/// workspace. A folder that cannot be written is left as it is.
fn tag_as_cache(target: &Path) {
    const TAG: &str = "CACHEDIR.TAG";
    let tag = target.join(TAG);
    if tag.exists() {
        return;
    }
    let _ = std::fs::create_dir_all(target).and_then(|()| {
        std::fs::write(
            tag,
            "Signature: 8a477f597d28d172789f06886806bc55\n\
             # This file is a cache directory tag created by cargo mutate-driver.\n\
             # For information about cache directory tags see https://bford.info/cachedir/\n",
        )
    });
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
    out.extend(args.cargo_args.iter().cloned());
    out
}

/// What a schemata build that succeeded gives.
#[derive(Debug, Clone, Default)]
pub struct Built {
    pub binaries: Vec<TestBinary>,
    /// The workspace's own executables the build made (its bin targets, built for the
    /// integration tests that run them): programs a test may start.
    pub executables: Vec<TestBinary>,
    /// Mutants rustc resolved to a type fallback (`mutate_protocol::unviable_marks`), by
    /// id, with the reason: unviable, and never run.
    pub unviable: BTreeMap<String, String>,
    /// Body replacements the crate's lint levels reject (`denied_warnings`), by the marker
    /// of their location, with the reason.
    pub unused: BTreeMap<String, String>,
}

/// One schemata build: the test executables, or the errors rustc reported.
pub struct Attempt {
    pub binaries: Vec<TestBinary>,
    /// As [`Built::executables`].
    pub executables: Vec<TestBinary>,
    /// As [`Built::unviable`]: cargo replays the warnings of crates it did not rebuild, so
    /// every round has them all.
    pub unviable: BTreeMap<String, String>,
    /// What the warnings said of the marks that only a crate denying warnings rejects,
    /// and of the crates' levels.
    pub warnings: crate::denied_warnings::DeniedWarnings,
    /// rustc's errors, unrendered (the rebuild net decides whether the user sees them),
    /// each with the name of the crate it is in.
    pub errors: Vec<(String, Diagnostic)>,
    /// What each crate with errors is, in cargo's words (`test target \`lexical\``).
    pub targets: BTreeMap<String, String>,
    pub success: bool,
    /// The test executables this build compiled anew (cargo did not find them fresh).
    pub rebuilt: HashSet<PathBuf>,
}

/// The runtime's own code optimised, whatever the test profile: the fork server, its
/// reports, the call tracing and the probe's bookkeeping run in every child, and at
/// `opt-level` 0 they were a third of a traced run and of the coverage runs' overhead
/// (num-integer). `opt-level` 1 runs them as fast as 3 (semver's and num-integer's warm
/// runs, tracing included) and builds them in two thirds of the time (3.3 against 5.0 s,
/// built alone). Their build is on the way to every crate under test, so it is also built
/// without debug information and in one codegen unit: 1.9 against 2.8 s to the runtime's
/// library from nothing (cargo's timings, with `libc` and `ctor` beside). Code the runtime
/// inlines into the user's functions (the entry check, the site checks) is compiled with
/// the user's settings still. The settings also give these two packages, and so the crates
/// under test, artifacts of their own: the user's next `cargo test` rebuilds nothing, nor
/// does the driver's next run after it. A profile other than `dev` (and `test`, which
/// inherits it) is untouched.
pub(crate) const RUNTIME_PROFILE: [&str; 6] = [
    "profile.dev.package.mutate-runtime.opt-level=1",
    "profile.dev.package.mutate-protocol.opt-level=1",
    "profile.dev.package.mutate-runtime.debug=false",
    "profile.dev.package.mutate-protocol.debug=false",
    "profile.dev.package.mutate-runtime.codegen-units=1",
    "profile.dev.package.mutate-protocol.codegen-units=1",
];

/// `cargo test --no-run` in schemata mode, `build_errors` naming the rebuild net's lists
/// for the macro. Warnings are rendered to our stderr as cargo would render them (each once,
/// though cargo replays them on every round); errors are returned.
pub fn build_once(
    args: &Args,
    workspace: &Workspace,
    build_errors: &Path,
    shown: &mut HashSet<String>,
) -> Result<Attempt> {
    build_with(args, workspace, build_errors, shown, (false, None))
}

/// The mutant a build of the expansion phase has on, and the packages that see it.
#[derive(Debug, Clone, Copy)]
pub struct BuiltWith<'a> {
    /// Its id, in every process of the build (`MUTATE_ACTIVE`): a proc macro's switch
    /// reads it when rustc runs the macro.
    pub id: &'a str,
    /// The package whose variable (`mutate_protocol::env::built_with`) names it: cargo
    /// rebuilds that package and what depends on it. `None`: every package's.
    pub package: Option<&'a str>,
    /// What every other package's variable names; `None`: unset, as in the run's own
    /// build.
    pub others: Option<&'a str>,
}

/// Each package's variable (`mutate_protocol::env::built_with`) and the mutant it names in
/// a build with `active` on (`None`: unset).
fn built_with_variables<'a>(
    packages: impl Iterator<Item = &'a str>,
    active: Option<BuiltWith<'a>>,
) -> Vec<(String, Option<&'a str>)> {
    packages
        .map(|package| {
            let named = active.and_then(|a| match a.package {
                Some(p) if p != package => a.others,
                _ => Some(a.id),
            });
            (mutate_protocol::env::built_with(package), named)
        })
        .collect()
}

/// [`build_once`], quiet, with mutant `active` on: in every process of the build
/// (`MUTATE_ACTIVE`), so the macros of a proc-macro crate expand with it, and named to its
/// package at compile time, so cargo rebuilds that package (its constants take the
/// mutant's branch, its proc macros are tracked by `all_items::track_active_mutant`) and
/// every crate that depends on it. `None`: with every such variable unset, as the run's
/// own build.
pub fn build_with_mutant(
    args: &Args,
    workspace: &Workspace,
    build_errors: &Path,
    active: Option<BuiltWith>,
) -> Result<Attempt> {
    let mut shown = HashSet::new();
    build_with(args, workspace, build_errors, &mut shown, (true, active))
}

/// `expansion`: a build of the proc macros' expansion phase: cargo's lines not shown, and
/// integration tests under their own lint levels (`rustc_wrapper::EXPANSION_ENV`).
fn build_with(
    args: &Args,
    workspace: &Workspace,
    build_errors: &Path,
    shown: &mut HashSet<String>,
    (expansion, active): (bool, Option<BuiltWith>),
) -> Result<Attempt> {
    let rules = workspace.rules.write(&workspace.target_dir)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    // The user's own target directory and flags: only the runtime (whose build script
    // reads MUTATE_SCHEMATA) and the crates that use it are rebuilt; every other
    // dependency is reused from the user's `cargo test`.
    command
        .args(["test", "--no-run", "--message-format", "json"])
        .args(selection_args(args, workspace))
        .arg("--target-dir")
        .arg(&workspace.build_target_dir)
        .args(
            RUNTIME_PROFILE
                .iter()
                .flat_map(|setting| ["--config", setting]),
        )
        .env(mutate_protocol::env::SCHEMATA, "1")
        .env(mutate_protocol::env::BUILD_ERRORS, build_errors)
        .env(mutate_protocol::env::RULES, &rules)
        .env_remove(mutate_protocol::env::ACTIVE)
        .env_remove(mutate_protocol::env::BUILD_VALUES)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // rustc on the members through the driver: the mutants' marks come through, and the
    // crate's own lint levels do not stop the generated code from building.
    let copy = workspace.build_manifest.is_some();
    crate::rustc_wrapper::wrap_members(
        &mut command,
        copy,
        &workspace.target_dir,
        &workspace.externs(),
    )
    .map_err(|e| {
        Error::caused(
            Operation::Build,
            "cannot find the driver's own executable",
            e,
        )
    })?;
    let packages = workspace.metadata.workspace_packages();
    for (variable, named) in built_with_variables(packages.iter().map(|p| p.name.as_str()), active)
    {
        match named {
            Some(id) => command.env(variable, id),
            None => command.env_remove(variable),
        };
    }
    if let Some(active) = active {
        command.env(mutate_protocol::env::ACTIVE, active.id);
    }
    // Only a run that suggests tests reads traced calls' values: no other build pays for
    // the code that writes them.
    if args.suggest_tests.is_some() {
        command.env(mutate_protocol::env::BUILD_VALUES, "1");
    }
    if expansion {
        command.env(crate::rustc_wrapper::EXPANSION_ENV, "1");
    } else {
        command.env(
            crate::suggest::command::COMMANDS_ENV,
            crate::suggest::command::folder(&workspace.target_dir),
        );
    }
    let mut child = command
        .spawn()
        .map_err(|e| Error::caused(Operation::Build, "cannot run cargo", e))?;
    let stdout = child.stdout.take().expect("piped stdout");
    let stderr = child.stderr.take().expect("piped stderr");
    // A mutant's build is one of many, under the run's progress: cargo's lines are not shown.
    let forward = std::thread::spawn(move || forward_progress(stderr, expansion));
    let mut attempt = Attempt {
        binaries: Vec::new(),
        executables: Vec::new(),
        unviable: BTreeMap::new(),
        warnings: Default::default(),
        errors: Vec::new(),
        targets: BTreeMap::new(),
        success: false,
        rebuilt: HashSet::new(),
    };
    for message in Message::parse_stream(BufReader::new(stdout)) {
        let message =
            message.map_err(|e| Error::caused(Operation::Build, "reading cargo's output", e))?;
        take_message(message, workspace, shown, &mut attempt);
    }
    let status = child
        .wait()
        .map_err(|e| Error::caused(Operation::Build, "waiting for cargo", e))?;
    let _ = forward.join();
    attempt.success &= status.success();
    Ok(attempt)
}

/// Folds one of cargo's messages into the attempt: a test binary built, an error, or the
/// end; warnings are shown (each once).
fn take_message(
    message: Message,
    workspace: &Workspace,
    shown: &mut HashSet<String>,
    attempt: &mut Attempt,
) {
    match message {
        Message::CompilerArtifact(artifact) => {
            let Some(executable) = artifact.executable else {
                return;
            };
            let is_test = artifact.profile.test;
            let manifest = artifact.manifest_path.into_std_path_buf();
            // A program of the workspace's own (not a build script's, not a dependency's).
            let is_program =
                !is_test && artifact.target.is_bin() && manifest.starts_with(&workspace.build_root);
            if !is_test && !is_program {
                return;
            }
            let src = artifact.target.src_path.into_std_path_buf();
            let src_path = src
                .strip_prefix(&workspace.build_root)
                .unwrap_or(&src)
                .to_string_lossy()
                .into_owned();
            let package_dir = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
            if !artifact.fresh {
                attempt
                    .rebuilt
                    .insert(executable.clone().into_std_path_buf());
            }
            let binary = TestBinary {
                package_dir,
                path: executable.into_std_path_buf(),
                target: artifact.target.name.clone(),
                src_path,
            };
            match is_test {
                true => attempt.binaries.push(binary),
                false => attempt.executables.push(binary),
            }
        }
        Message::CompilerMessage(m) => {
            let key = format!("{} {}", m.package_id, m.target.name);
            let diagnostic = m.message;
            if matches!(
                diagnostic.level,
                DiagnosticLevel::Error | DiagnosticLevel::Ice | DiagnosticLevel::FailureNote
            ) {
                let krate = m.target.name.replace('-', "_");
                let kind = m
                    .target
                    .kind
                    .first()
                    .map_or_else(String::new, |k| k.to_string());
                let kind = match kind.as_str() {
                    "lib" | "rlib" | "proc-macro" => "library",
                    "bin" => "binary",
                    "test" => "test target",
                    other => other,
                };
                attempt
                    .targets
                    .insert(krate.clone(), format!("{kind} `{}`", m.target.name));
                attempt.errors.push((krate, diagnostic));
            } else if attempt.warnings.take(&key, &diagnostic) {
                // Not the user's: read, not shown.
            } else if let Some((id, reason)) = mark(&diagnostic) {
                attempt.unviable.insert(id, reason);
            } else {
                attempt
                    .warnings
                    .take_user(&key, &m.target.name, &diagnostic);
                // The copy's own warnings are not shown: the user did not write its
                // annotations, and its lints are capped only so that the marks come
                // through.
                if workspace.build_manifest.is_none()
                    && let Some(rendered) = diagnostic.rendered
                    && shown.insert(rendered.clone())
                {
                    eprint!("{rendered}");
                }
            }
        }
        Message::BuildFinished(finished) => attempt.success = finished.success,
        _ => {}
    }
}

/// The mutant a warning marks unviable (`mutate_protocol::unviable_marks`), with the
/// reason: in the message of a deprecation, or in a note (a lint's reason) of a lint on
/// constant arithmetic, whose own words and label then say what overflows.
fn mark(diagnostic: &Diagnostic) -> Option<(String, String)> {
    if let Some((kind, id)) = unviable_marks::parse(&diagnostic.message) {
        return Some((id.to_owned(), kind.reason().to_owned()));
    }
    let (kind, id) = diagnostic
        .children
        .iter()
        .find_map(|note| unviable_marks::parse(&note.message))?;
    let label = diagnostic
        .spans
        .iter()
        .find(|s| s.is_primary)
        .and_then(|s| s.label.as_deref());
    let said = match label {
        Some(label) => format!("{}: {label}", diagnostic.message),
        None => diagnostic.message.clone(),
    };
    Some((id.to_owned(), format!("{} ({said})", kind.reason())))
}

/// Copies cargo's progress to our stderr, less its own words on a failed build: whether
/// the build failed is the rebuild net's to say.
fn forward_progress(stderr: impl std::io::Read, quiet: bool) {
    use std::io::{BufRead, Write};
    const FAILURE_LINES: [&str; 4] = [
        "error: could not compile `",
        "warning: build failed, waiting for other jobs",
        "For more information about this error, try `rustc --explain",
        "Some errors have detailed explanations:",
    ];
    for line in std::io::BufReader::new(stderr)
        .lines()
        .map_while(|l| l.ok())
    {
        // Locked a line at a time: the thread reading cargo's messages shows warnings on
        // the same stderr, and while it waited for a lock held here until cargo ended,
        // cargo waited for it to read (a full pipe): neither ended.
        if !quiet && !FAILURE_LINES.iter().any(|f| line.starts_with(f)) {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
    }
}

/// Whether the tests build as the user wrote them: `cargo test --no-run` on the user's
/// manifest, flags and target directory, cargo's output shown or hidden.
pub fn plain_build_succeeds(args: &Args, workspace: &Workspace, shown: bool) -> Result<bool> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let plain = Workspace {
        build_manifest: None,
        attribute: None,
        runtime: None,
        ..workspace.clone()
    };
    let stderr = if shown {
        Stdio::inherit()
    } else {
        Stdio::null()
    };
    let status = Command::new(cargo)
        .args(["test", "--no-run", "--quiet"])
        .args(selection_args(args, &plain))
        .stdout(Stdio::null())
        .stderr(stderr)
        .status()
        .map_err(|e| Error::caused(Operation::Build, "cannot run cargo", e))?;
    Ok(status.success())
}

#[cfg(test)]
mod tests {
    use super::{BuiltWith, built_with_variables, forward_progress};
    use std::time::Duration;

    #[test]
    fn a_mutant_is_named_to_its_own_package_and_the_others_stay_as_they_were() {
        let packages = || ["url", "data-url", "idna"].into_iter();
        let none_on = BuiltWith {
            id: "none",
            package: None,
            others: None,
        };
        let every: Vec<_> = built_with_variables(packages(), Some(none_on));
        assert!(every.iter().all(|(_, named)| *named == Some("none")));
        let one = BuiltWith {
            id: "data-url/src/lib.rs:3:5: delete -",
            package: Some("data-url"),
            others: Some("none"),
        };
        assert_eq!(
            built_with_variables(packages(), Some(one)),
            vec![
                ("MUTATE_ACTIVE_url".to_owned(), Some("none")),
                ("MUTATE_ACTIVE_data_url".to_owned(), Some(one.id)),
                ("MUTATE_ACTIVE_idna".to_owned(), Some("none")),
            ]
        );
        let alone = BuiltWith {
            others: None,
            ..one
        };
        let named: Vec<_> = built_with_variables(packages(), Some(alone));
        assert_eq!(named[0].1, None);
        assert_eq!(named[1].1, Some(one.id));
        let unset = built_with_variables(packages(), None);
        assert!(unset.iter().all(|(_, named)| named.is_none()));
    }

    #[test]
    fn stderr_is_free_while_cargo_s_progress_is_forwarded() {
        // cargo still running: its stderr open, nothing written yet.
        let (reader, writer) = std::io::pipe().unwrap();
        std::thread::spawn(move || forward_progress(reader, false));
        std::thread::sleep(Duration::from_millis(50));
        let (done, finished) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            drop(std::io::stderr().lock());
            let _ = done.send(());
        });
        let free = finished.recv_timeout(Duration::from_secs(5)).is_ok();
        drop(writer);
        assert!(free, "stderr stayed locked while cargo ran");
    }
}
