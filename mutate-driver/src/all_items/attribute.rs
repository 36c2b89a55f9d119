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

use super::cache::{Carried, NotBuilt};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// The attribute, from the cache, or built into it now. Cargo runs in the driver's current
/// folder, as for the crate's build, so the same toolchain file and cargo configuration
/// (registries, offline mode) apply.
pub fn prepare(carried: &Carried) -> Result<Attribute, NotBuilt> {
    let attribute = Attribute {
        crate_name: format!("mutate_macro_{}", carried.key),
        library: carried.dir.join(format!(
            "{}mutate_macro{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        )),
    };
    if attribute.library.is_file() {
        return Ok(attribute);
    }
    // Another run building the same attribute finishes first, and this one then finds it.
    let _lock = carried.lock("the #[mutate] attribute")?;
    if attribute.library.is_file() {
        return Ok(attribute);
    }
    eprintln!(
        "    Building the #[mutate] attribute once for this driver and toolchain, into {}",
        carried.dir.display()
    );
    let sources = carried.write_sources()?;
    // One build folder for every key: a new driver rebuilds its own crates, not `syn`
    // (`cache::build` makes sure cargo sees them as changed).
    let target = carried.root.join("build");
    let built = build(&carried.rustc, &sources, &target, &carried.key)?;
    // Copied beside, then renamed: a run never sees half a library.
    let fresh = attribute
        .library
        .with_extension(format!("{}", std::process::id()));
    std::fs::copy(&built, &fresh)
        .and_then(|_| std::fs::rename(&fresh, &attribute.library))
        .map_err(|e| NotBuilt(format!("cannot keep {}: {e}", built.display())))?;
    super::cache::limit_size(&target, super::cache::BUILD_FOLDER_LIMIT);
    Ok(attribute)
}

/// `cargo build -p mutate-macro` on the written sources, with `rustc`; the library's
/// path. The user's flags and wrappers are left out: the key does not name them. Not
/// optimised, as cargo builds proc macros: optimised, its build took 20 s against 7 s, and
/// semver's schemata build expanded in the same time with either. No debug info and no
/// incremental files: nothing reads them.
fn build(rustc: &OsStr, sources: &Path, target: &Path, key: &str) -> Result<PathBuf, NotBuilt> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .env("RUSTC", rustc)
        .env_remove("CARGO_BUILD_RUSTC")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("CARGO_BUILD_RUSTFLAGS")
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER")
        .args(["build", "-p", "mutate-macro"])
        .args(["--config", "profile.dev.debug=false"])
        .args(["--config", "profile.dev.incremental=false"]);
    super::cache::build(&mut command, sources, target, key)?
        .into_iter()
        .filter(|m| m["reason"] == "compiler-artifact")
        .filter(|m| m["target"]["name"] == "mutate_macro" || m["target"]["name"] == "mutate-macro")
        .find_map(|m| m["filenames"][0].as_str().map(PathBuf::from))
        .ok_or_else(|| NotBuilt("cargo named no library of it".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_annotation_and_rustc_name_the_same_crate() {
        let attribute = Attribute {
            crate_name: "mutate_macro_0123456789abcdef".into(),
            library: PathBuf::from("/cache/carried-0123456789abcdef/libmutate_macro.so"),
        };
        assert_eq!(attribute.path(), "::mutate_macro_0123456789abcdef::mutate");
        assert_eq!(
            attribute.extern_arg(),
            "mutate_macro_0123456789abcdef=/cache/carried-0123456789abcdef/libmutate_macro.so"
        );
    }
}
