//! An exclusive lock on a file, held for as long as the returned handle lives: runs on
//! one target directory take turns where they would rewrite each other's files.

use crate::error::{Error, Operation, Result};
use std::path::Path;

/// Waits for and takes the lock on `path` (created if missing).
pub fn lock(path: &Path) -> Result<std::fs::File> {
    let io = |e| Error::caused(Operation::Prepare, format!("locking {}", path.display()), e);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    let file = std::fs::File::create(path).map_err(io)?;
    // SAFETY: flock on a descriptor this function owns; the lock goes with the file.
    let taken = unsafe { libc::flock(std::os::fd::AsRawFd::as_raw_fd(&file), libc::LOCK_EX) };
    if taken != 0 {
        return Err(io(std::io::Error::last_os_error()));
    }
    Ok(file)
}
