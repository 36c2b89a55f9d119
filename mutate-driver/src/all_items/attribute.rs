//! The `#[mutate]` attribute of `--all-items`, built apart, once per driver and toolchain.
//!
//! Built as the runtime's dependency, the attribute makes every clean schemata build
//! compile `syn` with its `full` parser, `quote` and `proc-macro2` first: on a crate with few
//! dependencies that chain is most of the build. The driver instead builds the attribute's
//! crates (the copies it carries) once into a cache shared by every crate it tests, and
//! the `--all-items` copy depends on the runtime without its attribute. The rustc wrapper
//! hands the tested crates the built attribute as an extern crate named after what it was
//! built from ([`Attribute::crate_name`]), so a new driver or toolchain names another crate
//! in every annotation, and cargo rebuilds what the old one expanded.

use std::ffi::{OsStr, OsString};
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Names the cache's folder (default: the platform's user cache folder, `mutate` in it).
pub const CACHE_ENV: &str = "MUTATE_CACHE_DIR";

/// The attribute, built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute {
    /// The extern crate's name in the annotated code: `mutate_macro_<key>`.
    pub crate_name: String,
    /// The proc-macro library rustc loads.
    pub library: PathBuf,
}

impl Attribute {
    /// The attribute's path as the annotations write it.
    pub fn path(&self) -> String {
        format!("::{}::mutate", self.crate_name)
    }

    /// rustc's `--extern` value for it.
    pub fn extern_arg(&self) -> String {
        format!("{}={}", self.crate_name, self.library.display())
    }
}

/// Why the attribute could not be built apart: the run goes on with the runtime's own.
#[derive(Debug)]
pub struct NotBuilt(pub String);

/// The attribute, from the cache, or built into it now. `user_root`: cargo and rustc run
/// there, so the user's toolchain file and cargo configuration (registries, offline mode)
/// apply as they do to the user's own build.
pub fn prepare(user_root: &Path) -> Result<Attribute, NotBuilt> {
    let (files, lock) = super::embedded::attribute_sources();
    if files.is_empty() {
        return Err(NotBuilt("this driver carries no copy of it".into()));
    }
    let cache = cache_root().ok_or_else(|| {
        NotBuilt(format!(
            "no cache folder (set {CACHE_ENV}, XDG_CACHE_HOME or HOME)"
        ))
    })?;
    let rustc = rustc();
    let toolchain = rustc_version(&rustc, user_root)?;
    let key = key(&files, lock, &toolchain);
    let dir = cache.join(format!("attribute-{key}"));
    let library = dir.join(format!(
        "{}mutate_macro{}",
        std::env::consts::DLL_PREFIX,
        std::env::consts::DLL_SUFFIX
    ));
    if library.to_str().is_none() {
        // It goes to rustc in an environment variable's text.
        return Err(NotBuilt(format!(
            "the cache folder's path is not UTF-8: {}",
            cache.display()
        )));
    }
    let attribute = Attribute {
        crate_name: format!("mutate_macro_{key}"),
        library,
    };
    if attribute.library.is_file() {
        return Ok(attribute);
    }
    // One build at a time in the shared build folder, copy included (cargo lets go of
    // its own lock before the copy); another run building the same attribute finishes
    // first, and this one then finds it.
    let waiting = format!(
        "     Waiting for another run building the #[mutate] attribute in {}",
        cache.display()
    );
    let _lock = crate::lockfile::lock_saying(&cache.join("build.lock"), Some(&waiting))
        .map_err(|e| NotBuilt(format!("cannot lock the cache: {}", e.chain())))?;
    if attribute.library.is_file() {
        return Ok(attribute);
    }
    eprintln!(
        "    Building the #[mutate] attribute once for this driver and toolchain, into {}",
        dir.display()
    );
    let sources = dir.join("src");
    super::embedded::write_attribute(&sources)
        .map_err(|e| NotBuilt(format!("cannot write its sources: {e}")))?;
    // One build folder for every key: a new driver rebuilds its own crates, not `syn`.
    let built = build(&rustc, user_root, &sources, &cache.join("build"))?;
    // Copied beside, then renamed: a run never sees half a library.
    let fresh = attribute
        .library
        .with_extension(format!("{}", std::process::id()));
    std::fs::copy(&built, &fresh)
        .and_then(|_| std::fs::rename(&fresh, &attribute.library))
        .map_err(|e| NotBuilt(format!("cannot keep {}: {e}", built.display())))?;
    Ok(attribute)
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

/// `rustc -vV`, run where the user's build runs: a proc macro loads only into the rustc
/// that built it.
fn rustc_version(rustc: &OsStr, user_root: &Path) -> Result<String, NotBuilt> {
    let out = Command::new(rustc)
        .arg("-vV")
        .current_dir(user_root)
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

/// Sixteen hex digits naming the attribute's sources, lock file and toolchain.
fn key(files: &[(&str, &str)], lock: &str, toolchain: &str) -> String {
    let mut hash = Fnv64::default();
    for (path, content) in files {
        for part in [path, content] {
            hash.write(part.as_bytes());
            hash.write_u8(0);
        }
    }
    hash.write(lock.as_bytes());
    hash.write_u8(0);
    hash.write(toolchain.as_bytes());
    format!("{:016x}", hash.finish())
}

/// FNV-1a, 64 bits: a hash that stays the same from one build of the driver to the next,
/// as a cache key must (std's hasher does not promise it).
struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv64 {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// `cargo build -p mutate-macro` on the written sources, with `rustc`; the library's
/// path. The user's flags and wrappers are left out: the key does not name them. Not
/// optimised, as cargo builds proc macros: optimised, its build took 20 s against 7 s, and
/// semver's schemata build expanded in the same time with either. No debug info and no
/// incremental files: nothing reads them.
fn build(
    rustc: &OsStr,
    user_root: &Path,
    sources: &Path,
    target: &Path,
) -> Result<PathBuf, NotBuilt> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .env("RUSTC", rustc)
        .env_remove("CARGO_BUILD_RUSTC")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER")
        .args(["build", "-p", "mutate-macro"])
        .args(["--config", "profile.dev.debug=false"])
        .args(["--config", "profile.dev.incremental=false"])
        .args(["--message-format", "json-render-diagnostics"])
        .arg("--manifest-path")
        .arg(sources.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target)
        .current_dir(user_root)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .output()
        .map_err(|e| NotBuilt(format!("cannot run cargo: {e}")))?;
    let library = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact")
        .filter(|m| m["target"]["name"] == "mutate_macro" || m["target"]["name"] == "mutate-macro")
        .find_map(|m| m["filenames"][0].as_str().map(PathBuf::from));
    match library {
        Some(library) if out.status.success() => Ok(library),
        _ => {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            Err(NotBuilt(format!(
                "cargo could not build it:\n{}",
                tail.join("\n")
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn the_annotation_and_rustc_name_the_same_crate() {
        let attribute = Attribute {
            crate_name: "mutate_macro_0123456789abcdef".into(),
            library: PathBuf::from("/cache/attribute-0123456789abcdef/libmutate_macro.so"),
        };
        assert_eq!(attribute.path(), "::mutate_macro_0123456789abcdef::mutate");
        assert_eq!(
            attribute.extern_arg(),
            "mutate_macro_0123456789abcdef=/cache/attribute-0123456789abcdef/libmutate_macro.so"
        );
    }
}
