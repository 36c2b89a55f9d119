//! Whether a changed build script changed anything the crate is built with. A build script
//! reaches the crate only through what it tells cargo (`cargo:rustc-cfg=…`, `rustc-env`,
//! link flags) and the files it writes to `OUT_DIR`; where both builds' scripts told the
//! same and wrote the same, its change (semver 1.0.24 dropped a `rustc-check-cfg` line,
//! which only feeds a lint) cannot flip a `cfg` or a constant, and the reach rule
//! (`reach.rs`) may stay on.
//!
//! What a script told is read from its `output` file in each build's target directory
//! (`<target>/[<triple>/]<profile>/build/<package>-<hash>/output`). A package may have
//! several there (features, profiles, stale ones from older builds): the scripts agree
//! only when every one on both sides says the same.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The workspace's build scripts, as paths relative to `root`, with their package's name.
pub fn of_workspace(metadata: &cargo_metadata::Metadata, root: &Path) -> Vec<(String, String)> {
    metadata
        .workspace_packages()
        .into_iter()
        .flat_map(|package| {
            package
                .targets
                .iter()
                .filter(|t| t.is_kind(cargo_metadata::TargetKind::CustomBuild))
                .filter_map(|t| {
                    let path = t.src_path.as_std_path().strip_prefix(root).ok()?;
                    Some((
                        path.to_string_lossy().into_owned(),
                        package.name.to_string(),
                    ))
                })
        })
        .collect()
}

/// Whether `package`'s build script told cargo the same and wrote the same `OUT_DIR` in
/// both target directories; `false` when either has no run of it on record.
pub fn agree(package: &str, after: &Path, before: &Path) -> bool {
    match (effects(package, after), effects(package, before)) {
        (Some(a), Some(b)) => a.len() == 1 && a == b,
        _ => false,
    }
}

/// What one run of a build script did to the build: the lines of its `output` that reach
/// it, and the files it wrote to `OUT_DIR`.
type Effect = (Vec<String>, Vec<(PathBuf, Vec<u8>)>);

/// Every distinct effect `package`'s build script runs had in `target`: what they told
/// cargo that reaches the build, and the files they wrote.
fn effects(package: &str, target: &Path) -> Option<BTreeSet<Effect>> {
    let mut found = BTreeSet::new();
    for run in runs(package, target) {
        let output = std::fs::read_to_string(run.join("output")).ok()?;
        found.insert((told(&output), files(&run.join("out"))?));
    }
    (!found.is_empty()).then_some(found)
}

/// The folders of `package`'s build script runs in `target`: those with an `output`.
fn runs(package: &str, target: &Path) -> Vec<PathBuf> {
    let prefix = format!("{package}-");
    let is_run = |dir: &Path| {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        name.and_then(|n| n.strip_prefix(&prefix).map(str::to_owned))
            .is_some_and(|hash| hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()))
            && dir.join("output").is_file()
    };
    // `<target>/<profile>/build` and, cross-compiling, `<target>/<triple>/<profile>/build`.
    let mut builds = Vec::new();
    for profile in subdirs(target) {
        builds.push(profile.join("build"));
        builds.extend(subdirs(&profile).into_iter().map(|p| p.join("build")));
    }
    builds
        .iter()
        .flat_map(|build| subdirs(build))
        .filter(|dir| is_run(dir))
        .collect()
}

fn subdirs(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect()
}

/// The lines of a build script's `output` that reach the crate's build, sorted: all but
/// those that only say when to run it again, declare `cfg` names for the lint, or warn.
fn told(output: &str) -> Vec<String> {
    const INERT: [&str; 5] = [
        "rerun-if-changed",
        "rerun-if-env-changed",
        "rustc-check-cfg",
        "warning",
        "error",
    ];
    let mut lines: Vec<String> = output
        .lines()
        .filter(|line| {
            let Some(instruction) = line
                .strip_prefix("cargo::")
                .or_else(|| line.strip_prefix("cargo:"))
            else {
                // Not an instruction: cargo ignores it.
                return false;
            };
            let key = instruction.split('=').next().unwrap_or("");
            !INERT.contains(&key)
        })
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

/// Every file under `dir` with its bytes, by path relative to it; none when it does not
/// exist, `None` when one cannot be read.
fn files(dir: &Path) -> Option<Vec<(PathBuf, Vec<u8>)>> {
    let mut found = Vec::new();
    for path in crate::source::files_under(dir, |_| true) {
        let relative = path.strip_prefix(dir).ok()?.to_path_buf();
        found.push((relative, std::fs::read(&path).ok()?));
    }
    found.sort();
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script_run(target: &Path, hash: &str, output: &str, out: &[(&str, &str)]) {
        let run = target.join("debug/build").join(format!("semver-{hash}"));
        std::fs::create_dir_all(run.join("out")).unwrap();
        std::fs::write(run.join("output"), output).unwrap();
        for (name, text) in out {
            std::fs::write(run.join("out").join(name), text).unwrap();
        }
    }

    #[test]
    fn only_what_reaches_the_build_is_compared() {
        let told = told(
            "cargo:rustc-check-cfg=cfg(doc_cfg)\ncargo:rerun-if-changed=build.rs\n\
             cargo:rustc-cfg=no_alloc\ncargo::warning=old rustc\nnoise\n",
        );
        assert_eq!(told, vec!["cargo:rustc-cfg=no_alloc".to_owned()]);
    }

    #[test]
    fn scripts_agree_when_every_run_told_and_wrote_the_same() {
        let after = tempfile::tempdir().unwrap();
        let before = tempfile::tempdir().unwrap();
        let hash = ["0123456789abcdef", "fedcba9876543210"];
        script_run(
            after.path(),
            hash[0],
            "cargo:rustc-cfg=x\n",
            &[("gen.rs", "1")],
        );
        // The script before the change also declared a cfg name for the lint: no effect.
        let declared = "cargo:rustc-check-cfg=cfg(y)\ncargo:rustc-cfg=x\n";
        script_run(before.path(), hash[1], declared, &[("gen.rs", "1")]);
        assert!(agree("semver", after.path(), before.path()));
        // A file it wrote differs.
        script_run(before.path(), hash[1], declared, &[("gen.rs", "2")]);
        assert!(!agree("semver", after.path(), before.path()));
        script_run(before.path(), hash[1], declared, &[("gen.rs", "1")]);
        // A second run of the script on one side that set another cfg.
        script_run(
            after.path(),
            hash[1],
            "cargo:rustc-cfg=z\n",
            &[("gen.rs", "1")],
        );
        assert!(!agree("semver", after.path(), before.path()));
        // No run on record.
        assert!(!agree("other", after.path(), before.path()));
    }
}
