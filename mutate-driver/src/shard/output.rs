//! `shard.json`: what one shard leaves beside its reports for `merge`: the catalog and
//! tests it ran with, which mutants were its own, and its results, so the merged reports
//! are written by the same code from the same data as a single run's.

use super::split::Shard;
use crate::compile::TestBinary;
use crate::discover::{Discovery, Mutant, TestCase};
use crate::error::{Error, Result};
use crate::lab::Results;
use crate::report::Times;
use mutate_protocol::CatalogEntry;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const FILE: &str = "shard.json";

#[derive(Serialize, Deserialize)]
pub struct ShardOutput {
    pub shard: Shard,
    /// By mutant: the shard (0-based) that runs it, as every shard of the run computes it.
    pub split: Vec<Option<usize>>,
    /// Each binary's target and source path.
    binaries: Vec<(String, String)>,
    /// Each test's binary and name.
    tests: Vec<(usize, String)>,
    /// The catalog, as the fork server's handshake writes each entry.
    mutants: Vec<String>,
    pub results: Results,
    pub times: Times,
}

impl ShardOutput {
    pub fn new(
        shard: Shard,
        split: Vec<Option<usize>>,
        d: &Discovery,
        results: Results,
        times: Times,
    ) -> Self {
        ShardOutput {
            shard,
            split,
            binaries: d
                .binaries
                .iter()
                .map(|b| (b.target.clone(), b.src_path.clone()))
                .collect(),
            tests: d.tests.iter().map(|t| (t.binary, t.name.clone())).collect(),
            mutants: d.mutants.iter().map(|m| m.entry.encode()).collect(),
            results,
            times,
        }
    }

    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        std::fs::write(
            dir.join(FILE),
            serde_json::to_vec(self).expect("serializes"),
        )
    }

    pub fn read(dir: &Path) -> Result<ShardOutput> {
        let path = dir.join(FILE);
        let usage = |why: String| Error::Usage(format!("{}: {why}", path.display()));
        let text = std::fs::read(&path)
            .map_err(|e| usage(format!("{e} (is it the output folder of a `--shard` run?)")))?;
        serde_json::from_slice(&text).map_err(|e| usage(format!("not a shard's output: {e}")))
    }

    /// Whether this shard ran mutant `m`.
    pub fn owns(&self, m: usize) -> bool {
        self.split[m] == Some(self.shard.k - 1)
    }

    /// Whether two shards ran the same build: the same catalog and tests.
    pub fn same_build(&self, other: &ShardOutput) -> bool {
        self.mutants == other.mutants
            && self.tests == other.tests
            && self.binaries == other.binaries
    }

    /// The discovery reports need (binaries are named, not run).
    pub fn discovery(&self) -> Result<Discovery> {
        let mutants = self
            .mutants
            .iter()
            .map(|line| {
                CatalogEntry::decode(line)
                    .map(|entry| Mutant { entry })
                    .ok_or_else(|| {
                        Error::Usage(format!("a shard's catalog entry does not read: {line}"))
                    })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Discovery {
            binaries: self
                .binaries
                .iter()
                .map(|(target, src_path)| TestBinary {
                    path: PathBuf::new(),
                    target: target.clone(),
                    src_path: src_path.clone(),
                    package_dir: PathBuf::new(),
                })
                .collect(),
            mutants,
            tests: self
                .tests
                .iter()
                .map(|(binary, name)| TestCase {
                    binary: *binary,
                    name: name.clone(),
                })
                .collect(),
            ..Default::default()
        })
    }
}
