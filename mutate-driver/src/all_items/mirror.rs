//! Keeping a copy of the user's tree in step with it: every file the same, except those
//! given new content. A file whose content is already right is not written, so its
//! modification time, and cargo's fingerprint, stay as they were.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

/// Files of the user's tree whose copy gets other content, by their path in the user's
/// tree; and files only the copy has (generated), by their path relative to its root.
#[derive(Debug, Default)]
pub struct Files {
    replaced: BTreeMap<PathBuf, Vec<u8>>,
    generated: BTreeMap<PathBuf, Vec<u8>>,
    /// Symbolic links only the copy has, by their path relative to its root, to where
    /// they point.
    links: BTreeMap<PathBuf, PathBuf>,
}

impl Files {
    pub fn replace(&mut self, user_path: &Path, content: Vec<u8>) {
        self.replaced.insert(user_path.to_path_buf(), content);
    }

    pub fn is_replaced(&self, user_path: &Path) -> bool {
        self.replaced.contains_key(user_path)
    }

    /// The copy's content of a file of the user's tree given new content, if it was.
    pub fn replaced(&self, user_path: &Path) -> Option<&[u8]> {
        self.replaced.get(user_path).map(Vec::as_slice)
    }

    /// A file of the copy alone, at `relative` to its root.
    pub fn generate(&mut self, relative: &Path, content: Vec<u8>) {
        self.generated.insert(relative.to_path_buf(), content);
    }

    /// A symbolic link of the copy alone, at `relative` to its root, to `to`.
    pub fn link(&mut self, relative: &Path, to: &Path) {
        self.links.insert(relative.to_path_buf(), to.to_path_buf());
    }
}

/// The lock file cargo writes beside the root manifest: the mirror's own, refreshed from
/// the user's only when the user's changes (cargo adds the runtime to the mirror's).
const LOCK: &str = "Cargo.lock";
/// Where the mirror remembers the user's lock file it was last given.
const LOCK_SEEN: &str = "Cargo.lock.user";

/// Makes `mirror` a copy of `source`, with `files` replaced. Leaves out `.git`, folders in
/// `skip`, and folders that hold a `CACHEDIR.TAG` (cargo's target folders).
pub fn sync(source: &Path, mirror: &Path, files: &Files, skip: &[PathBuf]) -> io::Result<()> {
    let mut wanted = BTreeSet::new();
    let mut todo = vec![PathBuf::new()];
    while let Some(relative) = todo.pop() {
        let dir = source.join(&relative);
        let real_dir = std::fs::canonicalize(&dir)?;
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let path = entry.path();
            let name = entry.file_name();
            let relative = relative.join(&name);
            // Follows symbolic links, as cargo does when it reads the tree.
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                // A link to a folder that holds it (a copy's link to its target folder,
                // which holds the copy) would be walked without end.
                let cycle =
                    std::fs::canonicalize(&path).is_ok_and(|real| real_dir.starts_with(real));
                let excluded = name == ".git"
                    || skip.iter().any(|s| s == &path)
                    || path == mirror
                    || cycle
                    || path.join("CACHEDIR.TAG").is_file();
                if !excluded {
                    todo.push(relative);
                }
                continue;
            }
            if relative == Path::new(LOCK) {
                continue;
            }
            let content = match files.replaced.get(&path) {
                Some(content) => content.clone(),
                None => std::fs::read(&path)?,
            };
            write_if_changed(&mirror.join(&relative), &content)?;
            wanted.insert(relative);
        }
    }
    for (relative, content) in &files.generated {
        write_if_changed(&mirror.join(relative), content)?;
        wanted.insert(relative.clone());
    }
    for (relative, to) in &files.links {
        let path = mirror.join(relative);
        if std::fs::read_link(&path).ok().as_deref() != Some(to.as_path()) {
            let _ = std::fs::remove_file(&path);
            std::os::unix::fs::symlink(to, &path)?;
        }
        wanted.insert(relative.clone());
    }
    sync_lock(source, mirror)?;
    wanted.insert(PathBuf::from(LOCK));
    wanted.insert(PathBuf::from(LOCK_SEEN));
    remove_others(mirror, &wanted)
}

pub(crate) fn write_if_changed(path: &Path, content: &[u8]) -> io::Result<()> {
    if std::fs::read(path).is_ok_and(|old| old == content) {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, content)
}

fn sync_lock(source: &Path, mirror: &Path) -> io::Result<()> {
    let Ok(user) = std::fs::read(source.join(LOCK)) else {
        return Ok(());
    };
    let seen = std::fs::read(mirror.join(LOCK_SEEN)).ok();
    if seen.as_deref() != Some(&user[..]) || !mirror.join(LOCK).is_file() {
        std::fs::write(mirror.join(LOCK), &user)?;
        std::fs::write(mirror.join(LOCK_SEEN), &user)?;
    }
    Ok(())
}

/// Removes what the user's tree no longer has.
fn remove_others(mirror: &Path, wanted: &BTreeSet<PathBuf>) -> io::Result<()> {
    let folders: BTreeSet<&Path> = wanted.iter().flat_map(|w| w.ancestors()).collect();
    let mut todo = vec![PathBuf::new()];
    while let Some(relative) = todo.pop() {
        for entry in std::fs::read_dir(mirror.join(&relative))? {
            let entry = entry?;
            let relative = relative.join(entry.file_name());
            // A link of the copy's own is wanted as a file is; `file_type` does not
            // follow it.
            if entry.file_type()?.is_dir() {
                if folders.contains(relative.as_path()) {
                    todo.push(relative);
                } else {
                    std::fs::remove_dir_all(entry.path())?;
                }
            } else if !wanted.contains(&relative) {
                std::fs::remove_file(entry.path())?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::SystemTime;

    fn modified(path: &Path) -> SystemTime {
        std::fs::metadata(path).unwrap().modified().unwrap()
    }

    /// A nested workspace's target folder, untagged, holds its own copy, whose link to that
    /// target folder leads back into it: walked once, not without end.
    #[test]
    fn a_link_to_a_folder_that_holds_it_is_not_followed() {
        let user = tempfile::tempdir().unwrap();
        let mirror = tempfile::tempdir().unwrap();
        let u = user.path();
        let copy = u.join("nested/target/mutate/all-items");
        std::fs::create_dir_all(&copy).unwrap();
        std::fs::write(u.join("nested/target/built"), "x").unwrap();
        std::os::unix::fs::symlink(u.join("nested/target"), copy.join("target")).unwrap();
        sync(u, mirror.path(), &Files::default(), &[]).unwrap();
        assert!(mirror.path().join("nested/target/built").is_file());
        assert!(
            !mirror
                .path()
                .join("nested/target/mutate/all-items/target")
                .exists()
        );
    }

    #[test]
    fn copies_replaces_and_keeps_unchanged_files_untouched() {
        let user = tempfile::tempdir().unwrap();
        let mirror = tempfile::tempdir().unwrap();
        let u = user.path();
        std::fs::create_dir_all(u.join("src")).unwrap();
        std::fs::create_dir_all(u.join("target/debug")).unwrap();
        std::fs::create_dir_all(u.join(".git")).unwrap();
        std::fs::write(u.join("target/CACHEDIR.TAG"), "x").unwrap();
        std::fs::write(u.join(".git/HEAD"), "x").unwrap();
        std::fs::write(u.join("src/lib.rs"), "fn a() {}").unwrap();
        std::fs::write(u.join("src/old.rs"), "old").unwrap();
        std::fs::write(u.join("Cargo.lock"), "lock 1").unwrap();
        let mut files = Files::default();
        files.replace(&u.join("src/lib.rs"), b"#[m] fn a() {}".to_vec());
        sync(u, mirror.path(), &files, &[]).unwrap();
        let m = mirror.path();
        assert_eq!(
            std::fs::read_to_string(m.join("src/lib.rs")).unwrap(),
            "#[m] fn a() {}"
        );
        assert!(m.join("src/old.rs").is_file());
        assert!(!m.join("target").exists() && !m.join(".git").exists());
        assert_eq!(
            std::fs::read_to_string(m.join("Cargo.lock")).unwrap(),
            "lock 1"
        );

        // Cargo changes the mirror's lock; the user's is unchanged, so it stays.
        std::fs::write(m.join("Cargo.lock"), "lock 1 + runtime").unwrap();
        let before = modified(&m.join("src/lib.rs"));
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::remove_file(u.join("src/old.rs")).unwrap();
        sync(u, m, &files, &[]).unwrap();
        assert_eq!(modified(&m.join("src/lib.rs")), before);
        assert!(!m.join("src/old.rs").exists());
        let lock = std::fs::read_to_string(m.join("Cargo.lock")).unwrap();
        assert_eq!(lock, "lock 1 + runtime");

        std::fs::write(u.join("Cargo.lock"), "lock 2").unwrap();
        sync(u, m, &files, &[]).unwrap();
        assert_eq!(
            std::fs::read_to_string(m.join("Cargo.lock")).unwrap(),
            "lock 2"
        );
    }
}
