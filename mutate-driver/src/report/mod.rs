//! Everything the user reads after a run: the terminal summary, `report.json` in the
//! mutation-testing-report-schema, `report.html` drawn from it, `report.sarif` for code
//! scanning, and plain lists of mutant ids per outcome.

pub mod annotations;
pub mod cargo_mutants;
pub mod html;
pub mod json;
pub mod lists;
pub mod matrix;
pub mod pseudo;
pub mod relevance;
pub mod sarif;
pub mod terminal;

use crate::lab::Results;
use crate::outcome::Status;
use std::time::Duration;

/// Where a run's wall time went.
#[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize)]
pub struct Times {
    pub total: Duration,
    /// From the start to built test binaries (annotating, building, rebuild rounds).
    pub build: Duration,
    /// Every test alone with coverage (and timed again), then each binary whole.
    pub baseline: Duration,
    /// The mutants' runs against the tests that cover them.
    pub mutants: Duration,
    /// Then the binaries run whole, and the runs again where `unsafe` code lives.
    #[serde(default)]
    pub whole: Duration,
    #[serde(default)]
    pub undefined: Duration,
    /// Where the mutants' runs spent their (job) time.
    #[serde(default)]
    pub mutants_costs: crate::lab::costs::PhaseCosts,
    /// The propagation runs: survivors' infecting tests traced with and without them.
    pub tracing: Duration,
    /// Mutants of proc macros and of constants built into the tests (`expansion`).
    #[serde(default)]
    pub expansion: Duration,
    /// Of the tests' coverage runs, what hit counting and the infection probe added
    /// (summed over tests timed again without them; see `Results::coverage_overhead`).
    pub coverage_overhead: Duration,
}

impl Times {
    /// Seconds per phase, for `report.json`.
    pub fn to_json(self) -> serde_json::Value {
        serde_json::json!({
            "total": self.total.as_secs_f64(),
            "build": self.build.as_secs_f64(),
            "baseline": self.baseline.as_secs_f64(),
            "mutants": self.mutants.as_secs_f64(),
            "wholeBinaries": self.whole.as_secs_f64(),
            "unsafeAgain": self.undefined.as_secs_f64(),
            "tracing": self.tracing.as_secs_f64(),
            "expansion": self.expansion.as_secs_f64(),
            "coverageAndProbe": self.coverage_overhead.as_secs_f64(),
            "mutantsCosts": self.mutants_costs.to_json(),
        })
    }
}

/// Counts per status and the scores.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub struct Summary {
    pub total: usize,
    pub killed: usize,
    pub timeout: usize,
    pub crashed: usize,
    pub survived: usize,
    pub no_coverage: usize,
    pub unviable: usize,
    pub ignored: usize,
    /// Proven equivalent (`--equivalence`): out of the scores, as unviable mutants are.
    pub equivalent: usize,
    /// Undefined behaviour suspected (two verdicts in two runs where `unsafe` code lives):
    /// out of the scores too.
    pub undefined_behaviour: usize,
    /// detected / (detected + survived + no coverage), in percent.
    pub score: Option<f64>,
    /// detected / (detected + survived), in percent.
    pub covered_score: Option<f64>,
}

impl Summary {
    pub fn of(results: &Results) -> Self {
        let mut s = Summary {
            total: results.mutants.len(),
            ..Default::default()
        };
        for r in &results.mutants {
            *match r.status {
                Status::Killed => &mut s.killed,
                Status::Timeout => &mut s.timeout,
                Status::Crashed => &mut s.crashed,
                Status::Survived => &mut s.survived,
                Status::NoCoverage => &mut s.no_coverage,
                Status::Unviable => &mut s.unviable,
                Status::Ignored => &mut s.ignored,
                Status::Equivalent => &mut s.equivalent,
                Status::UndefinedBehaviour => &mut s.undefined_behaviour,
            } += 1;
        }
        let detected = (s.killed + s.timeout + s.crashed) as f64;
        let percent = |d: f64, n: f64| (n > 0.0).then(|| 100.0 * d / n);
        s.score = percent(detected, detected + (s.survived + s.no_coverage) as f64);
        s.covered_score = percent(detected, detected + s.survived as f64);
        s
    }
}
