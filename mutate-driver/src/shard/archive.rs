//! `--archive FILE`: the schemata build (every test binary), its catalog and the baseline,
//! in one tar file; `--from-archive FILE` runs from it without building or running the
//! baseline again, so shards share one build and split on the same figures.
//!
//! The test binaries keep the paths they were built with (`env!("CARGO_MANIFEST_DIR")` in
//! a test is fixed at build time): shards check out the repository at the same path, as
//! CI runners of one workflow do.

use crate::compile::{Built, TestBinary, Workspace};
use crate::discover::Discovery;
use crate::error::{Error, Operation, Result};
use crate::lab::Prepared;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const INDEX: &str = "archive.json";
const FORMAT: u32 = 3;

#[derive(Serialize, Deserialize)]
struct Index {
    format: u32,
    driver: String,
    binaries: Vec<Binary>,
    /// The programs tests may start (`Discovery::executables`), each restored where it was
    /// built: a test names it by that path (`env!("CARGO_BIN_EXE_<name>")`).
    executables: Vec<Executable>,
    /// The mutants rustc proved unviable in the build, by id, with the reason.
    unviable: BTreeMap<String, String>,
    /// Test and mutant ids in discovery order: the restored baseline's indices are these.
    tests: Vec<String>,
    mutants: Vec<String>,
    prepared: Prepared,
}

#[derive(Serialize, Deserialize)]
struct Binary {
    /// Its name in the archive.
    file: String,
    target: String,
    src_path: String,
    /// Relative to the build's workspace root when inside it.
    package_dir: PathBuf,
}

#[derive(Serialize, Deserialize)]
struct Executable {
    /// Its name in the archive.
    file: String,
    target: String,
    /// Where it was built, and goes back to.
    path: PathBuf,
}

fn failed(context: String, e: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Error {
    Error::caused(Operation::Prepare, context, e)
}

/// Writes the archive of a build and its baseline.
pub fn write(
    path: &Path,
    workspace: &Workspace,
    d: &Discovery,
    unviable: &BTreeMap<String, String>,
    prepared: &Prepared,
) -> Result<()> {
    let io = |e: std::io::Error| failed(format!("writing the archive {}", path.display()), e);
    let file = std::fs::File::create(path).map_err(io)?;
    let mut tar = tar::Builder::new(std::io::BufWriter::new(file));
    let mut binaries = Vec::new();
    for (i, b) in d.binaries.iter().enumerate() {
        let name = format!("bin/{i}");
        tar.append_path_with_name(&b.path, &name).map_err(io)?;
        binaries.push(Binary {
            file: name,
            target: b.target.clone(),
            src_path: b.src_path.clone(),
            package_dir: b
                .package_dir
                .strip_prefix(&workspace.build_root)
                .unwrap_or(&b.package_dir)
                .to_path_buf(),
        });
    }
    let mut executables = Vec::new();
    for (i, e) in d.executables.iter().enumerate() {
        let name = format!("exe/{i}");
        tar.append_path_with_name(&e.path, &name).map_err(io)?;
        executables.push(Executable {
            file: name,
            target: e.target.clone(),
            path: e.path.clone(),
        });
    }
    let index = Index {
        format: FORMAT,
        driver: env!("CARGO_PKG_VERSION").into(),
        binaries,
        executables,
        unviable: unviable.clone(),
        tests: (0..d.tests.len()).map(|t| d.test_id(t)).collect(),
        mutants: d.mutants.iter().map(|m| m.entry.id.clone()).collect(),
        prepared: Prepared {
            results: prepared.results.clone(),
            baseline: prepared.baseline.clone(),
            fail_together: prepared.fail_together.clone(),
            baseline_time: prepared.baseline_time,
            servers: None,
        },
    };
    let json = serde_json::to_vec(&index).expect("the index serializes");
    let mut header = tar::Header::new_gnu();
    header.set_size(json.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    tar.append_data(&mut header, INDEX, json.as_slice())
        .map_err(io)?;
    tar.into_inner()
        .map_err(io)?
        .into_inner()
        .map_err(|e| io(e.into_error()))?;
    Ok(())
}

/// An archive unpacked under the driver's own folder.
pub struct Opened {
    pub built: Built,
    index: Index,
}

/// Unpacks `path` into `<target>/mutate/archive/`.
pub fn open(path: &Path, workspace: &Workspace) -> Result<Opened> {
    let usage = |why: String| Error::Usage(format!("--from-archive {}: {why}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| usage(e.to_string()))?;
    let dir = workspace.target_dir.join("archive");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| failed(format!("creating {}", dir.display()), e))?;
    let mut index = None;
    let mut tar = tar::Archive::new(std::io::BufReader::new(file));
    let entries = tar
        .entries()
        .map_err(|e| usage(format!("not an archive: {e}")))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| usage(format!("not an archive: {e}")))?;
        let name = entry.path().map_err(|e| usage(e.to_string()))?.into_owned();
        if name == Path::new(INDEX) {
            let read: Index = serde_json::from_reader(&mut entry)
                .map_err(|e| usage(format!("its index does not read: {e}")))?;
            index = Some(read);
        } else if !entry
            .unpack_in(&dir)
            .map_err(|e| failed(format!("unpacking {}", name.display()), e))?
        {
            return Err(usage(format!(
                "it holds a path outside itself: {}",
                name.display()
            )));
        }
    }
    let index = index.ok_or_else(|| usage(format!("no {INDEX} in it")))?;
    if index.format != FORMAT || index.driver != env!("CARGO_PKG_VERSION") {
        return Err(usage(format!(
            "written by mutate-driver {} (format {}); this is {} (format {FORMAT})",
            index.driver,
            index.format,
            env!("CARGO_PKG_VERSION")
        )));
    }
    let binaries = index
        .binaries
        .iter()
        .map(|b| TestBinary {
            path: dir.join(&b.file),
            target: b.target.clone(),
            src_path: b.src_path.clone(),
            package_dir: workspace.build_root.join(&b.package_dir),
        })
        .collect();
    let executables = index
        .executables
        .iter()
        .map(|e| restore(&dir.join(&e.file), e, workspace))
        .collect::<Result<_>>()?;
    // The build's marks by location were read into the index's by id (`app/found.rs`).
    let built = Built {
        binaries,
        executables,
        unviable: index.unviable.clone(),
        unused: Default::default(),
    };
    Ok(Opened { built, index })
}

/// A program from the archive put back where it was built (unless the same bytes are
/// there already), as the tests that start it name it.
fn restore(unpacked: &Path, e: &Executable, workspace: &Workspace) -> Result<TestBinary> {
    let same = std::fs::read(&e.path).ok() == std::fs::read(unpacked).ok();
    if !same {
        let io = |err: std::io::Error| failed(format!("restoring {}", e.path.display()), err);
        if let Some(parent) = e.path.parent() {
            std::fs::create_dir_all(parent).map_err(io)?;
        }
        let _ = std::fs::remove_file(&e.path);
        std::fs::copy(unpacked, &e.path).map_err(io)?;
    }
    Ok(TestBinary {
        path: e.path.clone(),
        target: e.target.clone(),
        src_path: String::new(),
        package_dir: workspace.build_root.clone(),
    })
}

impl Opened {
    /// The archive's baseline, once the binaries it holds are discovered again as they
    /// were when it was written.
    pub fn prepared(self, d: &Discovery) -> Result<Prepared> {
        let tests: Vec<String> = (0..d.tests.len()).map(|t| d.test_id(t)).collect();
        let mutants: Vec<&String> = d.mutants.iter().map(|m| &m.entry.id).collect();
        let same_mutants = mutants.len() == self.index.mutants.len()
            && mutants
                .iter()
                .zip(&self.index.mutants)
                .all(|(a, b)| *a == b);
        if tests != self.index.tests || !same_mutants {
            return Err(Error::Usage(
                "the archive's test binaries list other tests or mutants than it recorded".into(),
            ));
        }
        Ok(self.index.prepared)
    }
}
