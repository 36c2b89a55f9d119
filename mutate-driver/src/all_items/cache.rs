//! The cache shared by every crate the driver tests with `--all-items`: what it builds
//! once rather than with each crate (the `#[mutate]` attribute, the runtime), in a folder
//! named after what the driver carries and the toolchain.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

/// Names the cache's folder (default: the platform's user cache folder, `mutate` in it).
pub const CACHE_ENV: &str = "MUTATE_CACHE_DIR";

/// Why something could not be built apart: the run goes on building it with the crate.
#[derive(Debug)]
pub struct NotBuilt(pub String);

/// This driver's part of the cache.
pub struct Carried {
    /// The cache's root: its lock and the build folders shared by every key.
    pub root: PathBuf,
    /// Sixteen hex digits naming the carried sources, their lock file and the toolchain.
    pub key: String,
    /// `carried-<key>`: what was built from those sources with that toolchain.
    pub dir: PathBuf,
    /// The compiler the key names.
    pub rustc: OsString,
}

impl Carried {
    /// The cache's folder for this driver and the toolchain the crate's build uses: rustc
    /// runs, as cargo does for that build, in the driver's current folder, so the same
    /// toolchain file applies.
    pub fn locate() -> Result<Carried, NotBuilt> {
        let (files, lock) = super::embedded::carried_sources();
        if files.is_empty() {
            return Err(NotBuilt("this driver carries no copy of it".into()));
        }
        let root = cache_root().ok_or_else(|| {
            NotBuilt(format!(
                "no cache folder (set {CACHE_ENV}, XDG_CACHE_HOME or HOME)"
            ))
        })?;
        if root.to_str().is_none() {
            // Paths in it go to rustc in an environment variable's text.
            return Err(NotBuilt(format!(
                "the cache folder's path is not UTF-8: {}",
                root.display()
            )));
        }
        std::fs::create_dir_all(&root).map_err(|e| {
            let why = match root.is_dir() {
                false if root.exists() => "it is not a folder".to_owned(),
                _ => e.to_string(),
            };
            NotBuilt(format!(
                "cannot make the cache folder {}: {why}",
                root.display()
            ))
        })?;
        let rustc = rustc();
        let toolchain = rustc_version(&rustc)?;
        let key = key(files, lock, &toolchain);
        Ok(Carried {
            dir: root.join(format!("carried-{key}")),
            root,
            key,
            rustc,
        })
    }

    /// The cache's lock: one build at a time in its shared build folders, copies out of
    /// them included (cargo lets go of its own lock before those). Says so while another
    /// run holds it.
    pub fn lock(&self, building: &str) -> Result<File, NotBuilt> {
        let waiting = format!(
            "     Waiting for another run building {building} in {}",
            self.root.display()
        );
        crate::lockfile::lock_saying(&self.root.join("build.lock"), Some(&waiting))
            .map_err(|e| NotBuilt(format!("cannot lock the cache: {}", e.chain())))
    }

    /// The carried crates as a workspace, with mutate's lock file, written (where they
    /// differ) into `carried-<key>/src`; call with [`Carried::lock`] held.
    pub fn write_sources(&self) -> Result<PathBuf, NotBuilt> {
        let sources = self.dir.join("src");
        super::embedded::write_carried(&sources)
            .map_err(|e| NotBuilt(format!("cannot write its sources: {e}")))?;
        Ok(sources)
    }
}

/// `MUTATE_CACHE_DIR` (relative to the current folder), else `$XDG_CACHE_HOME/mutate`,
/// else `$HOME/.cache/mutate` (those two only if absolute, as the XDG rules say).
fn cache_root() -> Option<PathBuf> {
    let set = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let absolute = |name| set(name).filter(|d: &PathBuf| d.is_absolute());
    // rustc runs in the copy's folder, not in this one.
    set(CACHE_ENV)
        .and_then(|d| std::path::absolute(d).ok())
        .or_else(|| absolute("XDG_CACHE_HOME").map(|d| d.join("mutate")))
        .or_else(|| absolute("HOME").map(|d| d.join(".cache").join("mutate")))
}

/// The compiler the key names and the attribute is built with: `RUSTC`, else
/// `CARGO_BUILD_RUSTC`, else `rustc` (a toolchain file then chooses, as for the user's
/// build). A `build.rustc` in a cargo configuration file is not read: where it names
/// another compiler, rustc cannot load the attribute, and the run falls back to the
/// runtime's own (`app::build`).
fn rustc() -> OsString {
    ["RUSTC", "CARGO_BUILD_RUSTC"]
        .into_iter()
        .find_map(|name| std::env::var_os(name).filter(|v| !v.is_empty()))
        .unwrap_or_else(|| "rustc".into())
}

/// `rustc -vV`: a proc macro loads only into the rustc that built it.
fn rustc_version(rustc: &OsStr) -> Result<String, NotBuilt> {
    let out = Command::new(rustc)
        .arg("-vV")
        .output()
        .map_err(|e| NotBuilt(format!("cannot run rustc: {e}")))?;
    if !out.status.success() {
        return Err(NotBuilt(format!(
            "`rustc -vV` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Sixteen hex digits naming the carried sources, lock file and toolchain: a zero byte
/// between parts, so where one ends and the next begins counts.
fn key(files: &[(&str, &str)], lock: &str, toolchain: &str) -> String {
    let mut bytes = Vec::new();
    for part in files
        .iter()
        .flat_map(|(path, content)| [path, content])
        .chain([&lock])
    {
        bytes.extend_from_slice(part.as_bytes());
        bytes.push(0);
    }
    bytes.extend_from_slice(toolchain.as_bytes());
    hex_digest(&bytes)
}

/// Sixteen hex digits of `bytes`' FNV-1a digest: a hash that stays the same from one build
/// of the driver to the next, as a cache key must (std's hasher does not promise it).
pub fn hex_digest(bytes: &[u8]) -> String {
    format!("{:016x}", mutate_protocol::build_errors::digest(bytes))
}

/// Marks the folder `used` as used now, and removes every other folder in `under` whose
/// name starts with `prefix` and that no run used for `unused_for`: what the cache keeps
/// for old drivers and toolchains, or for flags no longer in use, does not pile up. A
/// folder in use is one a run marked when it began; none runs for that long. Call with
/// [`Carried::lock`] held. Failures are ignored: this is tidying.
pub fn tidy(under: &Path, prefix: &str, used: &Path, unused_for: Duration) {
    let _ = File::open(used).and_then(|f| f.set_modified(SystemTime::now()));
    let Ok(entries) = std::fs::read_dir(under) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|changed| changed.elapsed().is_ok_and(|age| age > unused_for));
        let named = entry.file_name().to_string_lossy().starts_with(prefix);
        if named && stale && path != used && path.is_dir() {
            let _ = std::fs::remove_dir_all(&path);
        }
    }
}

/// Empties the build folder `folder` if it holds more than `limit` bytes: every set of
/// flags a build ran with leaves its artifacts there. What was copied out of it stays.
pub fn limit_size(folder: &Path, limit: u64) {
    fn size(dir: &Path) -> u64 {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        entries
            .flatten()
            .map(|e| match e.file_type() {
                Ok(t) if t.is_dir() => size(&e.path()),
                _ => e.metadata().map_or(0, |m| m.len()),
            })
            .sum()
    }
    if size(folder) > limit {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// Most a build folder of the cache may hold before it is emptied.
pub const BUILD_FOLDER_LIMIT: u64 = 512 << 20;

/// Runs `cargo`, a `cargo build` already given what to build and how, on the carried
/// crates' workspace `sources` (of the cache key `key`) into the build folder `target`,
/// shared by every key: cargo's JSON messages, or why it failed (the last lines of its
/// standard error). Call with [`Carried::lock`] held.
pub fn build(
    cargo: &mut Command,
    sources: &Path,
    target: &Path,
    key: &str,
) -> Result<Vec<serde_json::Value>, NotBuilt> {
    take_over(target, sources, key)
        .map_err(|e| NotBuilt(format!("cannot mark its sources changed: {e}")))?;
    let out = cargo
        .args(["--message-format", "json-render-diagnostics"])
        .arg("--manifest-path")
        .arg(sources.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .output()
        .map_err(|e| NotBuilt(format!("cannot run cargo: {e}")))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        return Err(NotBuilt(format!(
            "cargo could not build it:\n{}",
            tail.join("\n")
        )));
    }
    // Failing to write it only costs the next build of this key a rebuild of its crates.
    let _ = std::fs::write(target.join(BUILT_FOR), key);
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect())
}

/// The file in a shared build folder that names the key whose sources it built last.
const BUILT_FOR: &str = "built-for";

/// Makes cargo see the carried crates in `sources` as changed when the build folder
/// `target` last built another key's. Cargo tells a path crate by its path inside its
/// workspace, the same in every `carried-<key>/src`, and its changes by its files' times:
/// the sources of an older driver, written before a newer driver's build, would look
/// built, and its runs would link the newer runtime, whose protocol it does not speak.
fn take_over(target: &Path, sources: &Path, key: &str) -> std::io::Result<()> {
    let built_for = std::fs::read_to_string(target.join(BUILT_FOR)).unwrap_or_default();
    if built_for == key {
        return Ok(());
    }
    touch_files(sources)
}

/// Sets the time of change of every file under `dir` to now.
fn touch_files(dir: &Path) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            touch_files(&entry.path())?;
        } else {
            File::options()
                .append(true)
                .open(entry.path())?
                .set_modified(SystemTime::now())?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_folder_another_key_used_last_sees_the_sources_changed() {
        let dir = tempfile::tempdir().unwrap();
        let (sources, target) = (dir.path().join("src"), dir.path().join("build"));
        let file = sources.join("runtime").join("lib.rs");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::create_dir_all(&target).unwrap();
        std::fs::write(&file, "").unwrap();
        let long_ago = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000_000);
        let age = || {
            let file = File::options().append(true).open(&file).unwrap();
            file.set_modified(long_ago).unwrap();
        };
        let touched = || std::fs::metadata(&file).unwrap().modified().unwrap() > long_ago;
        age();
        take_over(&target, &sources, "a").unwrap();
        assert!(touched(), "nothing built there yet");
        std::fs::write(target.join(BUILT_FOR), "a").unwrap();
        age();
        take_over(&target, &sources, "a").unwrap();
        assert!(
            !touched(),
            "built last for this key: cargo's own times hold"
        );
        age();
        take_over(&target, &sources, "b").unwrap();
        assert!(touched(), "built last for another key");
    }

    #[test]
    fn tidying_removes_only_named_folders_unused_for_long() {
        let dir = tempfile::tempdir().unwrap();
        let folder = |name: &str, age_days: u64| {
            let path = dir.path().join(name);
            std::fs::create_dir(&path).unwrap();
            let then = SystemTime::now() - Duration::from_secs(age_days * 86_400);
            File::open(&path).unwrap().set_modified(then).unwrap();
            path
        };
        let used = folder("carried-used", 40);
        let old = folder("carried-old", 40);
        let recent = folder("carried-recent", 1);
        let other = folder("build", 40);
        tidy(
            dir.path(),
            "carried-",
            &used,
            Duration::from_secs(30 * 86_400),
        );
        assert!(used.is_dir() && recent.is_dir() && other.is_dir());
        assert!(!old.exists());
        // The folder in use is marked as used now.
        let age = std::fs::metadata(&used)
            .unwrap()
            .modified()
            .unwrap()
            .elapsed()
            .unwrap();
        assert!(age < Duration::from_secs(3600), "{age:?}");
    }

    #[test]
    fn the_key_follows_sources_lock_and_toolchain() {
        let files = [("mutate-macro/src/lib.rs", "fn a() {}")];
        let base = key(&files, "lock", "rustc 1.90.0");
        assert_eq!(base, key(&files, "lock", "rustc 1.90.0"));
        assert_eq!(base.len(), 16);
        assert_ne!(
            base,
            key(
                &[("mutate-macro/src/lib.rs", "fn b() {}")],
                "lock",
                "rustc 1.90.0"
            )
        );
        assert_ne!(base, key(&files, "lock2", "rustc 1.90.0"));
        assert_ne!(base, key(&files, "lock", "rustc 1.91.0"));
        // Where one part ends and the next begins is part of the key.
        assert_ne!(key(&[("ab", "c")], "", ""), key(&[("a", "bc")], "", ""));
    }
}
