//! Looking at and driving the mutants of this process: the catalog, switching one on,
//! and per-site hit counts. The driver uses the fork server instead; this is for tests
//! of the macro's output and for tools embedding the runtime.

use crate::{catalog, counters, switch};

pub use crate::catalog::MutantInfo;

/// Every mutant registered in this process.
pub fn catalog() -> Vec<&'static MutantInfo> {
    catalog::entries().into_iter().map(|e| e.info).collect()
}

/// The id is not in this process's catalog.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownMutant(pub String);

impl std::fmt::Display for UnknownMutant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no mutant with id `{}` in this binary", self.0)
    }
}

impl std::error::Error for UnknownMutant {}

/// Switches on the mutant `id` (and every other off) for the whole process.
pub fn activate(id: &str) -> Result<(), UnknownMutant> {
    if switch::activate(Some(id)) {
        Ok(())
    } else {
        Err(UnknownMutant(id.to_owned()))
    }
}

/// Switches every mutant off.
pub fn deactivate() {
    switch::activate(None);
}

/// The id of the active mutant, if any.
pub fn active() -> Option<&'static str> {
    let index = switch::get();
    catalog::entries()
        .into_iter()
        .find(|e| e.index == index)
        .map(|e| e.info.id)
}

/// Whether the active mutant's type fallback ran since it was activated: the mutant does
/// not exist for the types at hand (it is unviable) and the original code ran instead.
pub fn fell_back() -> bool {
    switch::fell_back()
}

/// Whether the active mutant's site was evaluated since it was activated: the mutant ran.
pub fn reached() -> bool {
    switch::reached()
}

/// Starts counting site hits (and loop rounds and calls) in this process: from now on
/// every function runs its schemata body, where the sites are. Idempotent.
pub fn start_counting() {
    install_counters();
    switch::schemata_everywhere();
}

fn install_counters() {
    if counters::header().is_some() {
        return;
    }
    let (sites, mutants) = catalog::counts();
    let words = counters::region_size(sites, mutants).div_ceil(8);
    let memory = Box::leak(vec![0u64; words].into_boxed_slice());
    // SAFETY: zeroed, u64-aligned, large enough, leaked so it lives forever.
    unsafe { counters::install(memory.as_mut_ptr().cast(), sites, mutants) };
}

/// Zeroes the hit counters and lifts any hit budget.
pub fn reset_counts() {
    counters::reset(0, true);
}

/// Ends the process with exit code [`HIT_BUDGET_EXIT_CODE`] once more than `budget` loop
/// rounds and calls have been counted in schemata bodies (0: no limit). A mutant that
/// turns a loop endless is stopped deterministically this way, long before any wall clock
/// would. Unlike [`start_counting`], functions without the active mutant keep running
/// their bodies as written, as in the driver's runs of a mutant.
pub fn set_hit_budget(budget: u64) {
    install_counters();
    counters::reset(budget, false);
}

/// Exit code of a process that ran out of hit budget.
pub const HIT_BUDGET_EXIT_CODE: i32 = counters::BUDGET_EXIT_CODE;

/// How often the site of mutant `id` was reached since counting started (or was reset).
pub fn hits(id: &str) -> Option<u64> {
    use std::sync::atomic::Ordering::Relaxed;
    let entry = catalog::entries().into_iter().find(|e| e.info.id == id)?;
    Some(
        counters::counters()
            .get(entry.site as usize)
            .map_or(0, |c| c.load(Relaxed)),
    )
}
