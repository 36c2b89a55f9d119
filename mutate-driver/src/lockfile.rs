//! An exclusive lock on a file, held for as long as the returned handle lives: runs on
//! one target directory take turns where they would rewrite each other's files.

use crate::error::{Error, Operation, Result};
use std::path::Path;

/// Waits for and takes the lock on `path` (created if missing).
pub fn lock(path: &Path) -> Result<std::fs::File> {
    lock_saying(path, None)
}

/// As [`lock`]; if another process holds it, says `waiting` (a line for the user) before
/// waiting for it.
pub fn lock_saying(path: &Path, waiting: Option<&str>) -> Result<std::fs::File> {
    let io = |e| Error::caused(Operation::Prepare, format!("locking {}", path.display()), e);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    let file = std::fs::File::create(path).map_err(io)?;
    let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
    if let Some(waiting) = waiting {
        // SAFETY: flock on a descriptor this function owns; the lock goes with the file.
        if unsafe { libc::flock(fd, libc::LOCK_EX | libc::LOCK_NB) } == 0 {
            return Ok(file);
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::WouldBlock {
            return Err(io(error));
        }
        eprintln!("{waiting}");
    }
    // SAFETY: as above.
    let taken = unsafe { libc::flock(fd, libc::LOCK_EX) };
    if taken != 0 {
        return Err(io(std::io::Error::last_os_error()));
    }
    Ok(file)
}
