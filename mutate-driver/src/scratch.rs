//! A temporary directory for the tests of one run. Test processes get it as `TMPDIR`, so
//! whatever a test (or a killed mutant run) leaves in `std::env::temp_dir()` goes when the
//! driver ends, instead of piling up in the user's `/tmp`.

use crate::error::{Error, Operation, Result};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

static DIR: OnceLock<PathBuf> = OnceLock::new();

/// Removes the directory when dropped.
pub struct Scratch(Option<tempfile::TempDir>);

/// Creates the run's directory; test commands made afterwards use it.
pub fn create() -> Result<Scratch> {
    let dir = tempfile::Builder::new()
        .prefix("mutate-run-")
        .tempdir()
        .map_err(|e| {
            Error::caused(
                Operation::Prepare,
                "creating a temporary directory for the tests",
                e,
            )
        })?;
    if DIR.set(dir.path().to_path_buf()).is_err() {
        return Ok(Scratch(None));
    }
    Ok(Scratch(Some(dir)))
}

/// The run's directory, once created.
pub fn dir() -> Option<&'static Path> {
    DIR.get().map(PathBuf::as_path)
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            // Tests may leave read-only files or directories; removal is best effort.
            dir.close().ok();
        }
    }
}
