//! `--incremental`: the sources at the run's start, the previous run's state, and the
//! verdicts the changes between them cannot affect, taken instead of run.

use super::reports::output_dir;
use crate::cli::Args;
use crate::compile::Workspace;
use crate::discover::Discovery;
use crate::error::{Error, Operation, Result};
use crate::lab::{self, Results};

/// An `--incremental` run: the sources as they were at its start, the previous run's
/// state, and what changed between them.
pub struct Incremental {
    snapshot: crate::incremental::Snapshot,
    previous: Option<(crate::incremental::State, crate::incremental::Changes)>,
}

impl Incremental {
    pub fn start(args: &Args, workspace: &Workspace) -> Incremental {
        use crate::incremental::{Changes, Snapshot, State};
        let packages: Vec<&std::path::Path> = workspace
            .metadata
            .workspace_packages()
            .into_iter()
            .filter_map(|p| p.manifest_path.parent().map(|dir| dir.as_std_path()))
            .collect();
        let out = output_dir(args, workspace);
        // nextest's settings decide verdicts too (its filter, limits, retries, groups).
        let nextest =
            std::fs::read_to_string(workspace.root.join(crate::nextest::FILE)).unwrap_or_default();
        let profile = args
            .nextest_profile
            .clone()
            .or_else(|| std::env::var("NEXTEST_PROFILE").ok());
        let settings = format!("{} {profile:?} {nextest}", args.verdict_settings());
        let snapshot = Snapshot::take(&workspace.root, &packages, &out, settings);
        let previous = State::load(&out).map(|state| {
            let changes = Changes::between(&state, &snapshot);
            (state, changes)
        });
        match &previous {
            None => eprintln!(
                "  Incremental no previous run in {}: every mutant is run",
                out.display()
            ),
            Some((_, Changes::Everything(why))) => {
                eprintln!("  Incremental {why}: every mutant is run")
            }
            Some((_, Changes::Bodies { functions, .. })) => eprintln!(
                "  Incremental {} function bodies changed since the previous run",
                functions.len()
            ),
        }
        Incremental { snapshot, previous }
    }

    /// Takes the verdicts the rule allows into `results` (marked `reused`: not run).
    pub fn reuse(&self, d: &Discovery, selected: &[bool], results: &mut [lab::MutantResult]) {
        if let Some((state, changes)) = &self.previous {
            crate::incremental::reuse(state, &self.snapshot, changes, d, selected, results);
        }
    }

    /// Leaves this run's state for the next.
    pub fn finish(self, dir: &std::path::Path, d: &Discovery, results: &Results) -> Result<()> {
        let io = |e: std::io::Error| {
            Error::caused(Operation::Report, format!("writing {}", dir.display()), e)
        };
        std::fs::create_dir_all(dir).map_err(io)?;
        self.snapshot
            .state(d, &results.mutants)
            .save(dir)
            .map_err(io)
    }
}
