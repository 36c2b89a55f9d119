//! `--all-items`: mutation-test a crate that has no `#[mutate]`, without touching it. The
//! workspace is mirrored into the target directory, every item of the tested libraries
//! gets the attribute there, the tested packages are given the runtime (built apart, or as
//! a dependency), and the build runs on the mirror. File paths relative to the workspace
//! root and every line and column stay the user's, so reports name the user's files.
//!
//! The mirror is kept between runs and only files whose content changed are rewritten, so
//! cargo's incremental build stays warm.

mod annotate;
mod attribute;
mod cache;
pub(crate) mod cfg_off;
mod embedded;
mod manifest;
mod mirror;
mod runtime_apart;

pub(crate) use annotate::has_mutate;
pub use attribute::Attribute;
use manifest::Runtime;
pub use manifest::declare_tests;
pub(crate) use mirror::write_if_changed;
pub use runtime_apart::RuntimeApart;

use crate::cli::Args;
use crate::compile::Workspace;
use crate::doctests::{self, DocTests};
use crate::error::{Error, Operation, Result};
use cargo_metadata::{Metadata, Package};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The mirror, ready to build.
pub struct Prepared {
    pub root: PathBuf,
    /// The mirror's copy of the manifest the user named.
    pub manifest: PathBuf,
    /// Held until the build is done: another run on the same target directory waits
    /// rather than rewrite the mirror under this one's build.
    pub lock: std::fs::File,
    /// The doc tests generated into the tested packages.
    pub doctests: DocTests,
    /// The attribute built apart, which rustc is handed; `None`: the runtime's own.
    pub attribute: Option<Attribute>,
    /// The runtime built apart, which rustc is handed; `None`: the copy depends on it.
    pub runtime: Option<RuntimeApart>,
}

/// What the copy is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `--all-items`: every item annotated, the runtime added, doc tests generated.
    AllItems,
    /// A crate that carries its own `#[mutate]`: only its doc tests are generated.
    DocTestsOnly,
}

/// Whether a run without `--all-items` should go through the copy for doc tests: they are
/// wanted, and a tested library has one rustdoc would run.
pub fn wants_doc_tests(args: &Args, workspace: &Workspace) -> bool {
    if !doc_tests_wanted(args, workspace) {
        return false;
    }
    let user_manifest = workspace.manifest_dir.join("Cargo.toml");
    let Ok(tested) = tested_packages(args, &workspace.metadata, &user_manifest) else {
        return false;
    };
    workspace.metadata.packages.iter().any(|package| {
        let dir = canonical(package.manifest_path.as_std_path());
        let dir = dir.parent().unwrap_or(&dir);
        match library(package) {
            Some((root, target)) if tested.contains(package.name.as_str()) && target.doctest => {
                doctests::collect::library(&root, dir)
                    .iter()
                    .any(|t| t.info.is_run() && t.in_macro.is_none())
            }
            _ => false,
        }
    })
}

fn doc_tests_wanted(args: &Args, workspace: &Workspace) -> bool {
    args.doctests.or(workspace.config.doctests).unwrap_or(true)
}

/// What the mirror is being made of: shared by each package's part of [`prepare`].
struct Plan<'a> {
    mode: Mode,
    user_root: &'a Path,
    /// The runtime the tested packages depend on; `None`: none (not `--all-items`, or the
    /// runtime is built apart and handed to rustc).
    runtime: Option<&'a Runtime>,
    /// The attribute built apart, for the annotations; `None`: the runtime's own.
    attribute: Option<&'a Attribute>,
    tested: &'a BTreeSet<String>,
    with_doctests: bool,
    remembered: &'a doctests::Remembered,
    /// The features asked for, `--all-features`, `--no-default-features`: what the build
    /// compiles (`cfg_off.rs`).
    features: (&'a [String], bool, bool),
}

/// What the mirror holds so far.
#[derive(Default)]
struct Mirrored {
    files: mirror::Files,
    annotated_items: usize,
    annotated_files: usize,
    /// Lines of the tested crates under a `#[cfg(..)]` off in this build.
    cfg_off_lines: usize,
    doctest_packages: Vec<doctests::Package>,
}

/// `apart`: whether the attribute and the runtime may be built apart (the run falls back
/// to building them with the crate when rustc cannot load them).
pub fn prepare(args: &Args, workspace: &Workspace, mode: Mode, apart: bool) -> Result<Prepared> {
    let user_manifest = workspace.manifest_dir.join("Cargo.toml");
    let metadata = &workspace.metadata;
    let user_root = canonical(metadata.workspace_root.as_std_path());
    let mirror_root = workspace.target_dir.join("all-items");
    let lock = crate::lockfile::lock(&mirror_root.with_extension("lock"))?;
    let runtime = match mode {
        Mode::AllItems => Some(runtime_source(args, workspace, &user_root, &mirror_root)?),
        Mode::DocTestsOnly => None,
    };
    let tested = tested_packages(args, metadata, &user_manifest)?;
    let (attribute, runtime_apart) = match &runtime {
        Some(Runtime::Carried(_)) if apart && !uses_runtime(metadata, &tested) => {
            built_apart(&user_root.join("Cargo.toml"))
        }
        _ => (None, None),
    };
    let remembered = doctests::Remembered::read(&workspace.target_dir);
    let plan = Plan {
        mode,
        user_root: &user_root,
        runtime: runtime.as_ref().filter(|_| runtime_apart.is_none()),
        attribute: attribute.as_ref(),
        tested: &tested,
        with_doctests: doc_tests_wanted(args, workspace),
        remembered: &remembered,
        features: (&args.features, args.all_features, args.no_default_features),
    };
    let mut mirrored = Mirrored::default();
    for package in &metadata.packages {
        mirror_package(&plan, package, &mut mirrored)?;
    }
    let root_manifest = user_root.join("Cargo.toml");
    if !mirrored.files.is_replaced(&root_manifest) && root_manifest.is_file() {
        // A virtual manifest: only made the mirror's workspace root.
        let edit = manifest::Edit {
            original_dir: &user_root,
            copied_root: &user_root,
            is_root: true,
            runtime: None,
            without_attribute: false,
            doctests: &[],
        };
        let text = edit_manifest(&edit, &root_manifest)?;
        mirrored.files.replace(&root_manifest, text);
    }
    let target = canonical(metadata.target_directory.as_std_path());
    // Tests that find the workspace's programs by a path relative to their package
    // (`target/debug/prog`, as `cargo test` runs them from there) find them in the copy too.
    if let Ok(relative) = target.strip_prefix(&user_root) {
        mirrored.files.link(relative, &target);
    }
    let skip = [target];
    mirror::sync(&user_root, &mirror_root, &mirrored.files, &skip).map_err(|e| {
        Error::caused(
            Operation::Prepare,
            "mirroring the workspace for --all-items",
            e,
        )
    })?;
    announce(&plan, &mirrored, &mirror_root);
    let relative = user_manifest
        .strip_prefix(&user_root)
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| PathBuf::from("Cargo.toml"));
    let doctests = DocTests::new(
        mirrored.doctest_packages,
        remembered,
        &workspace.target_dir,
        &mirror_root,
    );
    if doctests.count() > 0 {
        let gated = match doctests.gated() {
            0 => String::new(),
            n => format!(
                "; {n} under a #[cfg] (their item's, or the cfg_attr their text is \
                 written under), built and run only where it holds, as rustdoc runs them"
            ),
        };
        eprintln!(
            "  Doctests {} doc tests, built as integration tests: {} sharing a crate, {} \
             apart{gated}",
            doctests.count(),
            doctests.shared(),
            doctests.count() - doctests.shared(),
        );
    }
    for note in doctests.notes() {
        eprintln!("     note: {note}");
    }
    Ok(Prepared {
        manifest: mirror_root.join(relative),
        root: mirror_root,
        lock,
        doctests,
        attribute,
        runtime: runtime_apart,
    })
}

/// One package's part of the mirror: its manifest edited (the runtime, the generated doc
/// test targets), its doc tests generated, and, if it is tested, its library annotated.
fn mirror_package(plan: &Plan, package: &Package, mirrored: &mut Mirrored) -> Result<()> {
    let manifest_path = canonical(package.manifest_path.as_std_path());
    let package_dir = manifest_path
        .parent()
        .unwrap_or(plan.user_root)
        .to_path_buf();
    let is_tested = plan.tested.contains(&package.name.to_string());
    let doctests = match library(package) {
        Some((root, target)) if is_tested && plan.with_doctests && target.doctest => doc_tests(
            package,
            &root,
            &target.name,
            &package_dir,
            plan.user_root,
            plan.remembered,
        ),
        _ => None,
    };
    let targets: Vec<(String, String)> = doctests
        .iter()
        .flat_map(|d| &d.generated.files)
        .map(|f| (f.target.clone(), f.path.clone()))
        .collect();
    let edit = manifest::Edit {
        original_dir: &package_dir,
        copied_root: plan.user_root,
        is_root: manifest_path.parent() == Some(plan.user_root),
        runtime: plan.runtime.filter(|_| is_tested),
        without_attribute: plan.attribute.is_some(),
        doctests: &targets,
    };
    let text = edit_manifest(&edit, &manifest_path)?;
    mirrored.files.replace(&manifest_path, text);
    if let Some(doctests) = doctests {
        for file in &doctests.generated.files {
            let path = Path::new(&doctests.dir).join(&file.path);
            mirrored
                .files
                .generate(&path, file.text.clone().into_bytes());
        }
        mirrored.doctest_packages.push(doctests);
    }
    if !is_tested || plan.mode == Mode::DocTestsOnly {
        return Ok(());
    }
    let roots = mutated_roots(package);
    let needs_extern_crate = package.edition.as_str() == "2015"
        && !package
            .dependencies
            .iter()
            .any(|d| d.name == manifest::RUNTIME);
    let attribute_path = plan
        .attribute
        .map_or_else(|| "::mutate_runtime::mutate".to_owned(), Attribute::path);
    let mut extern_crates = Vec::new();
    if needs_extern_crate {
        extern_crates.push(manifest::RUNTIME.replace('-', "_"));
        extern_crates.extend(plan.attribute.map(|a| a.crate_name.clone()));
    }
    let active =
        cfg_off::ActiveCfg::of(package, plan.features.0, plan.features.1, !plan.features.2);
    let (items, count, cfg_off_lines) = annotate_crates(
        &roots,
        (&attribute_path, &extern_crates),
        &active,
        &mut mirrored.files,
    )?;
    mirrored.annotated_items += items;
    mirrored.annotated_files += count;
    mirrored.cfg_off_lines += cfg_off_lines;
    link_runtime_into_tests(package, &mut mirrored.files)?;
    if let Some(root) = proc_macro(package) {
        track_active_mutant(&root, &package.name, &mut mirrored.files)?;
    }
    Ok(())
}

/// Has cargo rebuild a proc-macro crate, and so every crate that expands its macros, when
/// the mutant asked for changes: rustc records the variable an `option_env!` reads among
/// the crate's inputs. Only the expansion phase sets it (`lab::expansion`), in a build of
/// its own; the line goes after the root file's last, so nothing the user wrote moves.
fn track_active_mutant(root: &Path, package: &str, files: &mut mirror::Files) -> Result<()> {
    let mut text = match files.replaced(root) {
        Some(text) => text.to_vec(),
        None => std::fs::read(root).map_err(|e| {
            Error::caused(Operation::Prepare, format!("reading {}", root.display()), e)
        })?,
    };
    text.extend_from_slice(
        format!(
            "\n#[doc(hidden)]\nconst _: ::core::option::Option<&str> = \
             ::core::option_env!(\"{}\");\n",
            mutate_protocol::env::built_with(package)
        )
        .as_bytes(),
    );
    files.replace(root, text);
    Ok(())
}

/// Has each integration test of `package` link the runtime's fork server, which it would
/// not where it calls no annotated code (a test that only runs the package's programs,
/// or any test of a package with no library): its tests can then be run forked, and the
/// programs they start count into their runs. The lines go after the file's last, so no
/// line or column the user wrote moves; in an anonymous `const` with a crate of its own,
/// so a test root another includes (`include!("a.rs")`) holds them twice without a clash,
/// and a target of any edition (its own may differ from its package's) resolves the path.
fn link_runtime_into_tests(package: &Package, files: &mut mirror::Files) -> Result<()> {
    let runtime = manifest::RUNTIME.replace('-', "_");
    for target in package.targets.iter().filter(|t| t.is_test()) {
        let root = canonical(target.src_path.as_std_path());
        let Ok(mut text) = std::fs::read_to_string(&root) else {
            continue;
        };
        text.push_str(&format!(
            "\n#[doc(hidden)]\nconst _: () = {{\n    #[allow(unused_extern_crates)]\n    \
             extern crate {runtime} as __mutate_runtime;\n    #[used]\n    \
             static __MUTATE_RUNTIME_LINKED: fn() -> usize = \
             __mutate_runtime::__private::linked;\n}};\n"
        ));
        files.replace(&root, text.into_bytes());
    }
    Ok(())
}

fn announce(plan: &Plan, mirrored: &Mirrored, mirror_root: &Path) {
    let tested = plan.tested.iter().cloned().collect::<Vec<_>>().join(", ");
    match plan.mode {
        Mode::AllItems => {
            eprintln!(
                "  Annotating {} items in {} files of {tested} (a copy in {})",
                mirrored.annotated_items,
                mirrored.annotated_files,
                mirror_root.display()
            );
            if mirrored.cfg_off_lines > 0 {
                eprintln!(
                    "     Cfg-off {} lines under a #[cfg(..)] this build leaves out (features \
                     not on, other targets): not compiled, so not mutated; --features or \
                     --all-features turns features on",
                    mirrored.cfg_off_lines
                );
            }
        }
        Mode::DocTestsOnly => eprintln!(
            "     Copying {tested} to {}, for its doc tests",
            mirror_root.display()
        ),
    }
}

/// Whether a tested package depends on the runtime itself: its own annotations then
/// expand with that runtime's attribute, and so must the driver's.
fn uses_runtime(metadata: &Metadata, tested: &BTreeSet<String>) -> bool {
    metadata
        .packages
        .iter()
        .filter(|p| tested.contains(p.name.as_str()))
        .any(|p| p.dependencies.iter().any(|d| d.name == manifest::RUNTIME))
}

/// The attribute and the runtime built apart, or `None` (said) for what cannot be: that
/// then builds with the crate, as it would without the cache. The runtime is built apart
/// only with the attribute: the runtime's own attribute would need the runtime as a
/// dependency. `root_manifest`: the workspace's, whose profiles the crate's build uses.
fn built_apart(root_manifest: &Path) -> (Option<Attribute>, Option<RuntimeApart>) {
    let attribute =
        cache::Carried::locate().and_then(|carried| Ok((attribute::prepare(&carried)?, carried)));
    let (attribute, carried) = match attribute {
        Ok(built) => built,
        Err(cache::NotBuilt(why)) => {
            eprintln!(
                "warning: the #[mutate] attribute and mutate-runtime build with the crate, \
                 not once apart: {why}"
            );
            return (None, None);
        }
    };
    let manifest = std::fs::read_to_string(root_manifest).unwrap_or_default();
    if let Some(profile) = runtime_apart::profile_with_lto(&manifest) {
        eprintln!(
            "     note: mutate-runtime builds with the crate, not once apart: \
             [profile.{profile}] sets `lto`, which needs it built with the crate's profile"
        );
        return (Some(attribute), None);
    }
    match runtime_apart::prepare(&carried) {
        Ok(runtime) => (Some(attribute), Some(runtime)),
        Err(cache::NotBuilt(why)) => {
            eprintln!("warning: mutate-runtime builds with the crate, not once apart: {why}");
            (Some(attribute), None)
        }
    }
}

fn canonical(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// The runtime the copy depends on: `--runtime-path`, else the one this driver carries,
/// else the registry's at the driver's version.
fn runtime_source(
    args: &Args,
    workspace: &Workspace,
    user_root: &Path,
    mirror_root: &Path,
) -> Result<Runtime> {
    let target_dir = &workspace.target_dir;
    if args.runtime_path.is_none()
        && let Some(own) = workspace
            .metadata
            .packages
            .iter()
            .find(|p| p.name.as_str() == manifest::RUNTIME)
    {
        // The workspace holds the runtime itself (mutate's own): its copy in the mirror.
        let dir = canonical(
            own.manifest_path
                .parent()
                .unwrap_or(&own.manifest_path)
                .as_std_path(),
        );
        if let Ok(inside) = dir.strip_prefix(user_root) {
            return Ok(Runtime::Path(mirror_root.join(inside)));
        }
    }
    let Some(dir) = &args.runtime_path else {
        return Ok(match embedded::write(&target_dir.join("runtime"))? {
            Some(dir) => Runtime::Carried(dir),
            None => {
                eprintln!(
                    "   Runtime mutate-runtime ={} from the registry (this driver carries \
                     none; --runtime-path <DIR> names a local checkout)",
                    env!("CARGO_PKG_VERSION")
                );
                Runtime::Registry(env!("CARGO_PKG_VERSION").into())
            }
        });
    };
    let dir = canonical(dir);
    let manifest = dir.join("Cargo.toml");
    let is_runtime = std::fs::read_to_string(&manifest)
        .ok()
        .and_then(|text| text.parse::<toml_edit::DocumentMut>().ok())
        .is_some_and(|doc| doc["package"]["name"].as_str() == Some(manifest::RUNTIME));
    if !is_runtime {
        return Err(Error::Usage(format!(
            "--runtime-path `{}` is not the folder of mutate-runtime's Cargo.toml",
            dir.display()
        )));
    }
    // Inside the mirrored tree, the mirror's copy is the one in its workspace.
    Ok(Runtime::Path(match dir.strip_prefix(user_root) {
        Ok(inside) => mirror_root.join(inside),
        Err(_) => dir,
    }))
}

/// Whether a run without `--all-items` is one of a crate nobody annotated: no package it
/// tests depends on `mutate-runtime`, so none can carry `#[mutate]`. Such a run mutates
/// every item, as `--all-items` does; a package that depends on the runtime keeps its
/// annotations' choice.
pub fn unannotated(args: &Args, workspace: &Workspace) -> bool {
    let user_manifest = workspace.manifest_dir.join("Cargo.toml");
    let names = tested_package_names(args, &workspace.metadata, &user_manifest);
    workspace
        .metadata
        .packages
        .iter()
        .filter(|p| names.contains(p.name.as_str()))
        .all(|p| !p.dependencies.iter().any(|d| d.name == manifest::RUNTIME))
}

/// The packages cargo will test, by the same rules: `--workspace`, `-p`, else the
/// manifest's own package, else the workspace's default members.
fn tested_packages(
    args: &Args,
    metadata: &Metadata,
    user_manifest: &Path,
) -> Result<BTreeSet<String>> {
    let names = tested_package_names(args, metadata, user_manifest);
    let with_code: BTreeSet<String> = metadata
        .packages
        .iter()
        .filter(|p| names.contains(p.name.as_str()) && !mutated_roots(p).is_empty())
        .map(|p| p.name.to_string())
        .collect();
    if with_code.is_empty() {
        return Err(Error::Usage(format!(
            "--all-items mutates the code of libraries and binaries, and {} has neither",
            names.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(with_code)
}

/// The root files of the crates of a package that are mutated: its library (not a
/// proc-macro: its code runs in the compiler) and its binaries.
fn mutated_roots(package: &Package) -> Vec<PathBuf> {
    let library = library(package)
        .map(|(root, _)| root)
        .or_else(|| proc_macro(package));
    let binaries = package
        .targets
        .iter()
        .filter(|t| t.is_bin())
        .map(|t| canonical(t.src_path.as_std_path()));
    library.into_iter().chain(binaries).collect()
}

/// A package's proc-macro library's root file.
fn proc_macro(package: &Package) -> Option<PathBuf> {
    package
        .targets
        .iter()
        .find(|t| t.is_proc_macro())
        .map(|t| canonical(t.src_path.as_std_path()))
}

/// A package's library target (not a proc-macro), with its root file.
fn library(package: &Package) -> Option<(PathBuf, &cargo_metadata::Target)> {
    package
        .targets
        .iter()
        .find(|t| t.is_lib() || t.is_rlib() || t.is_dylib() || t.is_cdylib() || t.is_staticlib())
        .map(|t| (canonical(t.src_path.as_std_path()), t))
}

/// The doc tests of a tested package's library, generated into one integration test in
/// the package's folder of the mirror; `None` when it has none.
fn doc_tests(
    package: &Package,
    lib_root: &Path,
    lib_name: &str,
    package_dir: &Path,
    user_root: &Path,
    remembered: &doctests::Remembered,
) -> Option<doctests::Package> {
    let tests = doctests::collect::library(lib_root, package_dir);
    let lib = lib_name.replace('-', "_");
    let edition = package.edition.as_str().to_owned();
    let generated = doctests::generate(&tests, &lib, &edition, remembered);
    if generated.files.is_empty() && generated.skipped.is_empty() {
        return None;
    }
    let dir = package_dir
        .strip_prefix(user_root)
        .unwrap_or(Path::new(""))
        .to_string_lossy()
        .replace('\\', "/");
    Some(doctests::Package {
        dir,
        generated,
        tests,
        lib,
        edition,
    })
}

fn edit_manifest(edit: &manifest::Edit, path: &Path) -> Result<Vec<u8>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::caused(Operation::Prepare, format!("reading {}", path.display()), e))?;
    edit.apply(&text)
        .map(String::into_bytes)
        .map_err(|e| Error::Usage(format!("cannot edit a copy of {}: {e}", path.display())))
}

/// Annotates every module file of the crates at `roots` (a package's library and
/// binaries), from each root; returns the items and files annotated. A file two crates
/// declare is annotated once.
/// `attribute_path`: the attribute as the annotations name it; `extern_crates`: crates each
/// root declares (edition 2015 reaches other crates through `extern crate` only).
/// Also counts the lines a `#[cfg(..)]` off in the build leaves out (`active`'s).
fn annotate_crates(
    roots: &[PathBuf],
    (attribute_path, extern_crates): (&str, &[String]),
    active: &cfg_off::ActiveCfg,
    files: &mut mirror::Files,
) -> Result<(usize, usize, usize)> {
    // Each file with whether its modules live beside it (crate roots, `mod.rs`, files
    // named by `#[path]`).
    let mut queue: Vec<(PathBuf, bool)> = roots.iter().rev().map(|r| (r.clone(), true)).collect();
    let mut seen = BTreeMap::new();
    let mut items = 0;
    let mut cfg_off_lines = 0;
    // Module files the build leaves out: counted whole, not item by item.
    let mut off_files = BTreeSet::new();
    while let Some((path, mod_rs)) = queue.pop() {
        if seen.contains_key(&path) || !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Error::caused(Operation::Prepare, format!("reading {}", path.display()), e)
        })?;
        let off = off_files.contains(&path);
        if off {
            cfg_off_lines += text.lines().count();
        }
        let counted = (!off).then_some(active);
        let annotated = match annotate::annotate(&path, &text, mod_rs, attribute_path, counted) {
            Ok(annotated) => annotated,
            Err(e) => {
                eprintln!(
                    "warning: {} is left as written: it does not parse ({e})",
                    path.display()
                );
                seen.insert(path, 0);
                continue;
            }
        };
        let mut out = annotated.text;
        if roots.contains(&path) {
            // Appended after the last line, so no line or column the user wrote moves.
            for name in extern_crates {
                out.push_str(&format!(
                    "\n#[allow(unused_extern_crates)]\nextern crate {name};\n"
                ));
            }
        }
        items += annotated.items;
        cfg_off_lines += annotated.cfg_off_lines;
        files.replace(&path, out.into_bytes());
        if off {
            off_files.extend(annotated.modules.iter().map(|(m, _)| m.clone()));
        }
        off_files.extend(annotated.off_modules);
        queue.extend(annotated.modules);
        seen.insert(path, annotated.items);
    }
    let annotated_files = seen.values().filter(|&&n| n > 0).count();
    Ok((items, annotated_files, cfg_off_lines))
}

/// The names of the packages cargo will test (see [`tested_packages`]).
pub(crate) fn tested_package_names(
    args: &Args,
    metadata: &Metadata,
    user_manifest: &Path,
) -> BTreeSet<String> {
    if args.workspace {
        metadata
            .packages
            .iter()
            .map(|p| p.name.to_string())
            .collect()
    } else if !args.package.is_empty() {
        // `-p name@version` and `-p name` both name the package.
        args.package
            .iter()
            .map(|spec| spec.split('@').next().unwrap_or(spec).to_string())
            .collect()
    } else {
        let own = canonical(user_manifest);
        match metadata
            .packages
            .iter()
            .find(|p| canonical(p.manifest_path.as_std_path()) == own)
        {
            Some(p) => [p.name.to_string()].into(),
            None => metadata
                .workspace_default_packages()
                .iter()
                .map(|p| p.name.to_string())
                .collect(),
        }
    }
}

/// The runtime of the equivalence builds built apart (`MUTATE_SCHEMATA=fixed`), as rustc's
/// `--extern` value, for a copy whose schemata builds are given the runtime built apart.
pub(crate) fn fixed_runtime_extern() -> std::result::Result<String, String> {
    let carried = cache::Carried::locate().map_err(|cache::NotBuilt(why)| why)?;
    runtime_apart::prepare_as(&carried, runtime_apart::Variant::Fixed)
        .map(|runtime| runtime.extern_arg())
        .map_err(|cache::NotBuilt(why)| why)
}
