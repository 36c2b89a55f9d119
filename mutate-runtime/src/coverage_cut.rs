//! A coverage run stops counting in a function that has told it all it can. Counting runs
//! every function's schemata body and calls out at every site: on a test that computes for
//! seconds (base64's `decode_detect_invalid_last_symbol_every_possible_three_symbols`,
//! 16 s as written) that made its coverage run last nine minutes, most of it counting the
//! same sites of one hot function again. Once a function's sites have been evaluated
//! [`EVALUATIONS`] times in a run, it runs its body as written for the rest of it, and
//! what was not learnt is assumed rather than lost:
//! - its sites not seen reached are assumed reached by the test
//!   ([`ASSUMED_REACHED`](mutate_protocol::ASSUMED_REACHED)), so their mutants are run
//!   under it, after the tests seen reaching them (a site first reached later still has
//!   its test; a mutant that no such run reaches has no coverage);
//! - its mutants the probe had not seen differ are unknown, so they are run;
//! - the run's loop rounds and calls are uncounted from then on, so its total is
//!   [`UNCOUNTED`](mutate_protocol::UNCOUNTED) and the test's mutants run without
//!   a hit budget, ended by the clock.
//!
//! Only a coverage run cuts (the baseline's, and the processes its tests start): a run
//! that traces calls needs every call.

use crate::catalog::Table;
use crate::counters;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Site evaluations of one function after which a coverage run stops counting it: enough
/// for the probe to have compared each of a few hundred sites its thousand times
/// (`probe::EVALUATIONS`), a few hundred milliseconds of counting at `opt-level = 0`.
pub const EVALUATIONS: u64 = 1_000_000;

static ON: AtomicBool = AtomicBool::new(false);

/// Whether this run's counting may stop in a function (a coverage run that traces
/// nothing).
pub(crate) fn allow(on: bool) {
    ON.store(on, Relaxed);
}

/// One hit of `site` of `table`'s function in a run that counts them (coverage, tracing):
/// counted, and at the function's [`EVALUATIONS`]th, counting stops there.
///
/// Out of line, in the runtime's optimised build. Inlined, it and the probe's check
/// (`probe::compares_now`) put dozens of lines of LLVM IR (pointer checks, at
/// `opt-level = 0`) at every site of the user's code: half of a schemata build's IR on
/// shlex, for paths that only counting runs take. The call costs those runs nothing
/// measurable (num-integer's coverage runs, and a hot loop at `opt-level = 3`).
#[inline(never)]
pub(crate) fn hit(table: &Table, site: u32) {
    counters::hit(table, site);
    evaluated(table);
}

/// One more site evaluation of `table`'s function in a run that may cut; at the
/// [`EVALUATIONS`]th, counting stops there. A traced run counts nothing toward it.
#[inline(always)]
fn evaluated(table: &Table) {
    if !crate::flag::load(&ON) {
        return;
    }
    crate::flag::bump(&table.evaluations);
    if crate::flag::quad(&table.evaluations) == EVALUATIONS {
        cut(table);
    }
}

/// Stops counting `table`'s function: its sites not seen reached assumed reached, its
/// mutants not seen to differ unknown, the run's total uncounted, its body as written from
/// the next call on.
#[cold]
#[inline(never)]
fn cut(table: &Table) {
    let sites = crate::flag::word(&table.site_base) as usize;
    for site in 0..table.sites {
        counters::assume_reached(sites + site as usize);
        crate::probe::give_up_site(table, site);
    }
    counters::cut_count(table);
    counters::mark_uncounted();
    table.schemata.store(false, Relaxed);
    table.detour.store(false, Relaxed);
}
