//! Runs of a mutant again, after one that let it survive without telling: how many, and
//! how a detection in one of them is told. The mutant phase runs again a mutant its test
//! did not reach (`mutants.rs`); tracing runs again a survivor of an unsteady test
//! (`trace.rs`).

use crate::outcome::Verdict;

/// Runs of a test against a mutant, after the one that let it survive without telling.
pub const CHANCE_RERUNS: usize = 4;

/// `verdict`, from a run after the one that let the mutant survive, its reason saying
/// which run (`run_again`).
pub fn found_again(verdict: Verdict, run_again: String) -> Verdict {
    Verdict {
        reason: format!("{} ({run_again})", verdict.reason),
        ..verdict
    }
}
