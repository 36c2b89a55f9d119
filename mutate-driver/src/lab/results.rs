//! What a run is given (its limits) and what it finds (a verdict per mutant).

use crate::discover::Discovery;
use crate::limits::Policy;
use crate::outcome::Status;
use crate::stream::Ended;
use std::collections::HashMap;
use std::time::Duration;

#[derive(Debug, Clone)]
pub struct Config {
    pub jobs: usize,
    pub timeouts: Policy,
    pub baseline_timeout: Duration,
    pub memory_mb: u64,
    /// Stop at the first detecting test.
    pub shortcut: bool,
    /// Runs of each passing test again with every mutant off, to find flaky tests.
    pub flakes: usize,
    /// Compare replacements with the original in the coverage run.
    pub probe: bool,
    /// Skip a mutant under a test its coverage run proved it does not infect.
    pub infection_skip: bool,
    /// nextest's test groups: how many of a group's tests may run at once.
    pub groups: std::sync::Arc<crate::nextest::Groups>,
    /// The mutants' files that hold `unsafe` code: their mutants are run again
    /// (`undefined.rs`).
    pub unsafe_files: std::sync::Arc<std::collections::BTreeSet<String>>,
    /// Tests are to be suggested for survivors (`--suggest-tests`): traced calls record
    /// their arguments, and survivors proven uninfected are traced too.
    pub suggest: bool,
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct MutantResult {
    pub status: Status,
    pub reason: String,
    /// Tests that detected the mutant (the first, or all with the shortcut off).
    pub killed_by: Vec<usize>,
    /// Tests that reach the mutant's site, fastest first (those of [`Self::assumed_by`]
    /// last).
    pub covered_by: Vec<usize>,
    /// Of those, the tests whose coverage run stopped counting in the mutant's function
    /// before it saw the site reached (`mutate_protocol::ASSUMED_REACHED`): a run of a
    /// slow one that does not reach the mutant is not run again, and where none of them
    /// reaches it, no test covers it.
    #[serde(default)]
    pub assumed_by: Vec<usize>,
    /// What each covering test's coverage run saw the mutant's replacement compute
    /// (flags of `mutate_protocol::infection`; 0: not compared), by test.
    pub infection: HashMap<usize, u8>,
    /// For a survivor not proven uninfected: the covering test traced (an infecting one if
    /// any, the one with the fewest calls and loop rounds in the coverage run), and where
    /// the difference went in its run.
    pub propagation: Option<(usize, crate::propagation::Propagation)>,
    /// Each covering test run against the mutant, in order, with its outcome: up to the
    /// first kill, or all of them with `--matrix`.
    pub outcomes: Vec<(usize, Status)>,
    /// Each run of a covering test against the mutant in the mutant phase, in order, with
    /// its forked child's life in microseconds (the runs of `outcomes` that were made, not
    /// those the probe spared, nor a survivor's reruns while traced).
    #[serde(default)]
    pub runs: Vec<(usize, u64)>,
    /// Its verdict was taken from the previous run (`--incremental`), not run again.
    pub reused: bool,
    /// The mutant whose code this one's compiles to (`--equivalence`): a test that kills
    /// one kills the other.
    #[serde(default)]
    pub duplicate_of: Option<usize>,
    /// Calls a test could make again to see the survivor's difference, from its trace
    /// (`--suggest-tests`): the ones `suggest` starts from. Not kept between runs.
    #[serde(skip)]
    pub witnesses: Vec<crate::suggest::Witness>,
    /// `--suggest-tests`: the verified test that kills this survivor, or why it has none.
    #[serde(default)]
    pub suggestion: Option<crate::suggest::Suggestion>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize)]
pub struct Results {
    pub mutants: Vec<MutantResult>,
    pub interrupted: bool,
    /// Tests that pass alone but fail when their binary runs whole: order-dependent.
    /// Verdicts use each test alone, so they stand; the user should know all the same.
    pub fail_together: Vec<usize>,
    /// Wall time of the baseline (alone and together) and of the mutants' runs.
    pub baseline_time: Duration,
    /// What counting hits and the infection probe added to the tests' coverage runs,
    /// summed over the tests that passed a run again without them: their coverage run
    /// against their fastest plain run.
    pub coverage_overhead: Duration,
    pub mutants_time: Duration,
    /// Wall time of the binaries run whole (`whole.rs`), and of the runs again where
    /// `unsafe` code lives (`undefined.rs`), after the mutant phase.
    #[serde(default)]
    pub whole_time: Duration,
    #[serde(default)]
    pub unsafe_time: Duration,
    /// Where the mutants' runs spent their time (job time).
    #[serde(default)]
    pub mutants_costs: super::costs::PhaseCosts,
    /// Wall time of the propagation runs (survivors' infecting tests traced).
    pub tracing_time: Duration,
    /// Each test's time alone with every mutant off, in microseconds (0: it did not pass).
    pub test_micros: Vec<u64>,
    /// Tests that passed and then failed with every mutant off: their failures kill nothing.
    pub flaky: Vec<usize>,
    /// Tests whose two runs as written counted different calls and loop rounds (random
    /// inputs, the time): a kill by one of them may not repeat in the next run.
    #[serde(default)]
    pub wandering: Vec<usize>,
    /// What the infection probe spared: mutants decided without a run, and runs of a
    /// mutant under a test not made.
    pub proven: Proven,
}

impl Results {
    /// Verdicts taken from the previous run (`--incremental`), not run again.
    pub fn reused(&self) -> usize {
        self.mutants.iter().filter(|r| r.reused).count()
    }
}

impl MutantResult {
    /// What covering test `t`'s coverage run saw the replacement compute (0: not compared).
    pub fn flags(&self, t: usize) -> u8 {
        self.infection.get(&t).copied().unwrap_or(0)
    }

    /// This verdict of mutant `m`, as progress and the JSON stream tell it.
    pub fn ended<'a>(&'a self, d: &'a Discovery, m: usize) -> Ended<'a> {
        let entry = &d.mutants[m].entry;
        let micros: u64 = self.runs.iter().map(|&(_, us)| us).sum();
        Ended {
            id: &entry.id,
            file: &entry.file,
            line: entry.span[0],
            status: self.status,
            reason: &self.reason,
            test: self.killed_by.first().map(|&t| d.test_id(t)),
            seconds: micros as f64 / 1e6,
        }
    }
}

/// Work the infection probe proved unnecessary.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Proven {
    /// Covered mutants that survived without a run (no covering test infected them).
    pub mutants: usize,
    /// (mutant, covering test) runs not made, in those mutants and in the ones run.
    pub runs: usize,
}
