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

/// Whether `site` of `table` is to compare its replacements: probing, and not all of them
/// known to differ already (in a hot loop, a site then costs one check).
#[inline(always)]
pub(crate) fn probing_site(table: &Table, site: u32) -> bool {
    probing() && compares_now(table, site)
}

/// The part of [`probing_site`] past the run's flag: out of line, so that each site of
/// the user's code holds one load and a call rather than all of it (see
/// `coverage_cut::hit`).
#[inline(never)]
fn compares_now(table: &Table, site: u32) -> bool {
    let index = crate::flag::word(&table.site_base).wrapping_add(site) as usize;
    if counters::is_settled(index) {
        return false;
    }
    if counters::site_hits(index) > EVALUATIONS {
        give_up(table, site, index);
        return false;
    }
    true
}

/// How many evaluations of a site the probe compares in one run. A site in a hot loop
/// whose replacements keep agreeing with the original would otherwise compute them all at
/// every evaluation (on an optimised crate, that made one test's coverage run take ten
/// minutes). Past this, its mutants not yet seen to differ are unknown: they are run, as
/// the probe never proves them, so no verdict changes, only which runs are skipped.
pub const EVALUATIONS: u64 = 1_000;

/// Stops comparing `site` of `table` where a coverage run stops counting its function
/// (`coverage_cut.rs`), as past [`EVALUATIONS`].
pub(crate) fn give_up_site(table: &Table, site: u32) {
    if probing() {
        let index = crate::flag::word(&table.site_base).wrapping_add(site) as usize;
        give_up(table, site, index);
    }
}

/// Stops comparing `site` (at `index` among the sites): its mutants not yet seen to differ
/// become unknown, and the site settled.
#[cold]
#[inline(never)]
fn give_up(table: &Table, site: u32, index: usize) {
    let base = table.mutant_base.load(Relaxed) as usize;
    let all = counters::infection();
    for (k, _) in table
        .mutants
        .iter()
        .enumerate()
        .filter(|(_, m)| m.site == site)
    {
        if let Some(flags) = all.get(base + k)
            && flags.load(Relaxed) & DIFFERENT == 0
        {
            flags.fetch_or(UNKNOWN, Relaxed);
        }
    }
    if let Some(settled) = counters::settled().get(index) {
        settled.store(1, Relaxed);
    }
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
    let all = counters::infection();
    if let Some(flags) = all.get(index) {
        // Most evaluations repeat what is known: skip the locked instruction then.
        if flags.load(Relaxed) & flag == 0 {
            flags.fetch_or(flag, Relaxed);
            if flag == DIFFERENT {
                settle(table, k, all);
            }
        }
    }
}

/// Marks mutant `k`'s site settled once every mutant of it was seen to differ.
fn settle(table: &Table, k: u32, flags: &[std::sync::atomic::AtomicU8]) {
    let site = table.mutants[k as usize].site;
    let base = table.mutant_base.load(Relaxed) as usize;
    let differ = |j: usize| {
        flags
            .get(base + j)
            .is_some_and(|f| f.load(Relaxed) & DIFFERENT != 0)
    };
    let mut at_site = table
        .mutants
        .iter()
        .enumerate()
        .filter(|(_, m)| m.site == site);
    if at_site.all(|(j, _)| differ(j)) {
        let index = table.site_base.load(Relaxed).wrapping_add(site) as usize;
        if let Some(settled) = counters::settled().get(index) {
            settled.store(1, Relaxed);
        }
    }
}
