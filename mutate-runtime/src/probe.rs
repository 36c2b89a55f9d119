//! The infection probe: in the coverage run (every mutant off, every function in its
//! schemata body), each site that can compute its replacements without effects of their
//! own does so beside the original and records, per mutant, whether they agreed
//! ([`mutate_protocol::infection`]). The flags live in the counter region, so the fork
//! server reads them after the child is gone.

use crate::catalog::Table;
use crate::counters;
use mutate_protocol::infection::{DIFFERENT, SAME, UNKNOWN};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

static PROBING: AtomicBool = AtomicBool::new(false);

/// From now on sites compare their replacements with the original (a coverage run).
pub(crate) fn start() {
    PROBING.store(true, Relaxed);
}

/// Whether sites compare their replacements: checked at every site's original arm.
#[inline(always)]
pub(crate) fn probing() -> bool {
    crate::flag::load(&PROBING)
}

/// Mutant `k` of `table`: its replacement computed the same as the original (or not).
#[cold]
pub(crate) fn seen(table: &Table, k: u32, same: bool) {
    mark(table, k, if same { SAME } else { DIFFERENT });
}

/// Mutant `k` of `table`: this evaluation could not be compared.
#[cold]
pub(crate) fn unknown(table: &Table, k: u32) {
    mark(table, k, UNKNOWN);
}

fn mark(table: &Table, k: u32, flag: u8) {
    // A replacement left out of the selection has no index in the table.
    if k as usize >= table.mutants.len() {
        return;
    }
    let index = table.mutant_base.load(Relaxed).wrapping_add(k) as usize;
    if let Some(flags) = counters::infection().get(index) {
        // Most evaluations repeat what is known: skip the locked instruction then.
        if flags.load(Relaxed) & flag == 0 {
            flags.fetch_or(flag, Relaxed);
        }
    }
}
