//! What `versus` keeps of each crate's clean runs in `--work`, beside each tool's output:
//! `versus.json`, both tools' wall time and mutant count and where mutate's report is,
//! so later modes (`chart`) read the runs without running them again.

use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// The file in each crate's folder (`<work>/<name>-<version>/`).
pub const FILE: &str = "versus.json";

/// Mutate's report, relative to the crate's folder.
pub const REPORT: &str = "mutate-out/report.json";

/// One tool's clean whole run.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolRun {
    pub seconds: f64,
    pub mutants: usize,
}

/// One crate's clean runs, both tools.
#[derive(Debug, Clone, PartialEq)]
pub struct Kept {
    pub name: String,
    pub version: String,
    /// cargo-mutants ran on this share of its mutants only (`--their-shard`): its time is
    /// the sample's, not a whole run's.
    pub their_shard: Option<String>,
    /// `None` where its time was not recorded (`--reuse-theirs` of a run that kept none).
    pub cargo_mutants: Option<ToolRun>,
    pub mutate: ToolRun,
}

impl Kept {
    pub fn to_json(&self) -> Value {
        let run = |r: &ToolRun| json!({ "seconds": r.seconds, "mutants": r.mutants });
        json!({
            "name": self.name,
            "version": self.version,
            "theirShard": self.their_shard,
            "cargoMutants": self.cargo_mutants.as_ref().map(run),
            "mutate": run(&self.mutate),
            "report": REPORT,
        })
    }

    pub fn from_json(json: &Value) -> Option<Kept> {
        let run = |v: &Value| -> Option<ToolRun> {
            Some(ToolRun {
                seconds: v["seconds"].as_f64()?,
                mutants: v["mutants"].as_u64()? as usize,
            })
        };
        Some(Kept {
            name: json["name"].as_str()?.to_owned(),
            version: json["version"].as_str()?.to_owned(),
            their_shard: json["theirShard"].as_str().map(str::to_owned),
            cargo_mutants: run(&json["cargoMutants"]),
            mutate: run(&json["mutate"])?,
        })
    }

    pub fn write(&self, crate_dir: &Path) -> Result<(), String> {
        let text = serde_json::to_string_pretty(&self.to_json()).map_err(|e| e.to_string())?;
        let path = crate_dir.join(FILE);
        std::fs::write(&path, text + "\n").map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Every crate `versus` kept in `work`, by folder name.
    pub fn all_in(work: &Path) -> Result<Vec<(PathBuf, Kept)>, String> {
        let entries = std::fs::read_dir(work).map_err(|e| format!("{}: {e}", work.display()))?;
        let mut dirs: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join(FILE).is_file())
            .collect();
        dirs.sort();
        dirs.into_iter()
            .map(|dir| {
                let path = dir.join(FILE);
                let json = crate::report_json::read(&path)?;
                let kept = Kept::from_json(&json)
                    .ok_or_else(|| format!("{}: not what versus writes", path.display()))?;
                Ok((dir, kept))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_back_what_it_writes() {
        let kept = Kept {
            name: "fnv".into(),
            version: "1.0.7".into(),
            their_shard: None,
            cargo_mutants: Some(ToolRun {
                seconds: 120.5,
                mutants: 30,
            }),
            mutate: ToolRun {
                seconds: 9.25,
                mutants: 41,
            },
        };
        let dir = tempfile::tempdir().unwrap();
        let crate_dir = dir.path().join("fnv-1.0.7");
        std::fs::create_dir(&crate_dir).unwrap();
        kept.write(&crate_dir).unwrap();
        // A folder without the file is not a kept crate.
        std::fs::create_dir(dir.path().join("fetch")).unwrap();
        let all = Kept::all_in(dir.path()).unwrap();
        assert_eq!(all, [(crate_dir, kept)]);
    }

    #[test]
    fn a_run_without_cargo_mutants_time_reads_as_none() {
        let json = json!({"name": "hex", "version": "0.4.3", "theirShard": "1/8",
            "cargoMutants": null, "mutate": {"seconds": 3.0, "mutants": 10}});
        let kept = Kept::from_json(&json).unwrap();
        assert_eq!(kept.cargo_mutants, None);
        assert_eq!(kept.their_shard.as_deref(), Some("1/8"));
    }
}
