//! Files the driver hands the attribute (build-error lists, rules) that rustc tracks
//! through `include_bytes!`, so cargo rebuilds a crate when its file changes.

use std::path::Path;

/// Creates `path` empty if the driver wrote none, dated at the epoch: a file made during
/// the build would be newer than the build's start, and cargo would rebuild the crate
/// on the next run for nothing.
pub fn create_if_missing(path: &str) {
    if Path::new(path).exists() {
        return;
    }
    if let Ok(file) = std::fs::File::create(path) {
        let _ = file.set_modified(std::time::SystemTime::UNIX_EPOCH);
    }
}
