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
    let io = |e| {
        Error::caused(
            Operation::Prepare,
            "writing the runtime --all-items uses",
            e,
        )
    };
    let members: Vec<String> = sources::FILES
        .iter()
        .filter_map(|(path, _)| path.strip_suffix("/Cargo.toml"))
        .map(|member| format!("{member:?}"))
        .collect();
    let root = format!(
        "# Written by cargo mutate-driver: the runtime it carries, for --all-items.\n\
         [workspace]\nresolver = \"2\"\nmembers = [{}]\n\n{}",
        members.join(", "),
        sources::WORKSPACE
    );
    super::mirror::write_if_changed(&dir.join("Cargo.toml"), root.as_bytes()).map_err(io)?;
    for (path, content) in sources::FILES {
        super::mirror::write_if_changed(&dir.join(path), content.as_bytes()).map_err(io)?;
    }
    Ok(Some(dir.join("mutate-runtime")))
}
