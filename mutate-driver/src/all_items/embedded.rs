//! The runtime the driver carries (see the build script): written out under the target
//! directory as a workspace of its own, for the mirror to depend on by path. Files whose
//! content is already right are not rewritten, so cargo rebuilds nothing on a warm run.

use crate::error::{Error, Operation, Result};
use std::path::{Path, PathBuf};

mod sources {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// Writes the carried runtime into `dir` and returns the folder of `mutate-runtime`'s
/// manifest; `None` if this driver carries none (built outside mutate's workspace).
pub fn write(dir: &Path) -> Result<Option<PathBuf>> {
    if sources::FILES.is_empty() {
        return Ok(None);
    }
    write_crates(dir, |_| true, "the runtime it carries, for --all-items").map_err(|e| {
        Error::caused(
            Operation::Prepare,
            "writing the runtime --all-items uses",
            e,
        )
    })?;
    Ok(Some(dir.join("mutate-runtime")))
}

/// Every carried file, for the cache to build apart what it can (`cache.rs`):
/// `(path in mutate's workspace, content)`, and mutate's lock file. Empty if this driver
/// carries none.
pub fn carried_sources() -> (&'static [(&'static str, &'static str)], &'static str) {
    (sources::FILES, sources::LOCK)
}

/// Writes the carried crates into `dir` as a workspace of their own, with mutate's lock
/// file: what the attribute and the runtime are built from in the cache.
pub fn write_carried(dir: &Path) -> std::io::Result<()> {
    write_crates(
        dir,
        |_| true,
        "the #[mutate] attribute and the runtime, built once for --all-items",
    )?;
    super::mirror::write_if_changed(&dir.join("Cargo.lock"), sources::LOCK.as_bytes())
}

/// Writes the carried crates whose paths `keep` accepts into `dir`, as a workspace whose
/// manifest says it holds `what`.
fn write_crates(dir: &Path, keep: impl Fn(&str) -> bool, what: &str) -> std::io::Result<()> {
    let kept = || sources::FILES.iter().filter(|(path, _)| keep(path));
    let members: Vec<String> = kept()
        .filter_map(|(path, _)| path.strip_suffix("/Cargo.toml"))
        .map(|member| format!("{member:?}"))
        .collect();
    let root = format!(
        "# Written by cargo mutate-driver: {what}.\n\
         [workspace]\nresolver = \"2\"\nmembers = [{}]\n\n{}",
        members.join(", "),
        sources::WORKSPACE
    );
    super::mirror::write_if_changed(&dir.join("Cargo.toml"), root.as_bytes())?;
    for (path, content) in kept() {
        super::mirror::write_if_changed(&dir.join(path), content.as_bytes())?;
    }
    Ok(())
}
