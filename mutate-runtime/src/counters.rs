//! Per-site hit counters, the hit budget and per-mutant infection flags. The region is
//! plain memory in-process, or a `MAP_SHARED` mapping made by the fork server before it
//! forks, so the server reads what a child counted even when the child was killed.

use crate::catalog::Table;
use std::sync::atomic::{
    AtomicBool, AtomicPtr, AtomicU8, AtomicU64, AtomicUsize, Ordering::Relaxed,
};

/// Header of the counter region; the site counters follow it.
#[repr(C)]
pub(crate) struct Header {
    /// Loop rounds and calls of functions running their schemata body in this run (site
    /// hits are in the site counters): what the hit budget counts.
    pub total: AtomicU64,
    /// Exit as a timeout once `total` passes this; 0 means no budget.
    pub budget: AtomicU64,
    /// Set when the budget ran out (the child then exits with [`BUDGET_EXIT_CODE`]).
    pub budget_exceeded: AtomicU64,
    /// Set when the budget ran out while another thread of the test was alive: the run
    /// goes on without a budget, and the clock or the test ends it.
    pub budget_waived: AtomicU64,
    /// Set when the active mutant's type fallback ran: the mutant is unviable.
    pub fell_back: AtomicU64,
    /// Set when the active mutant's site was evaluated: the mutant ran.
    pub reached: AtomicU64,
    /// Number of site counters after the header.
    pub sites: u64,
    /// Number of infection flags (one byte per mutant) after the site counters; as many
    /// bytes as sites follow them, set once a site's mutants are all known to differ.
    pub mutants: u64,
    /// Set when a coverage run stopped counting a function (`coverage_cut.rs`): `total`
    /// is short of the run's loop rounds and calls.
    pub uncounted: AtomicU64,
}

// Another process reads the region by the protocol's layout.
const _: () = assert!(std::mem::size_of::<Header>() == mutate_protocol::spawned::HEADER);

/// Exit code of a child that ran out of hit budget.
pub const BUDGET_EXIT_CODE: i32 = 86;

static REGION: AtomicPtr<Header> = AtomicPtr::new(std::ptr::null_mut());

/// One array in the region (site counters, infection or settled flags), found once at
/// install: generated code reads them at every site evaluation, so without walking from
/// the header each time.
struct Slots<T: 'static> {
    first: AtomicPtr<T>,
    len: AtomicUsize,
}

impl<T: 'static> Slots<T> {
    const fn new() -> Self {
        Slots {
            first: AtomicPtr::new(std::ptr::null_mut()),
            len: AtomicUsize::new(0),
        }
    }

    fn set(&self, first: *mut T, len: usize) {
        self.first.store(first, Relaxed);
        self.len.store(len, Relaxed);
    }

    /// Value `index`, if installed and in range: without building a slice, whose checks
    /// are calls at `opt-level` 0, in the user's code that inlines this at every site.
    #[inline(always)]
    fn at(&self, index: usize) -> Option<&'static T> {
        // Both checked: `install` stores them relaxed, so a thread counting meanwhile may
        // see either one first, and then finds nothing.
        let first = crate::flag::pointer(&self.first);
        if first.is_null() || index >= crate::flag::size(&self.len) {
            return None;
        }
        // SAFETY: `install` set `first` to `len` live values in a region never unmapped,
        // and `index` is below `len`.
        Some(unsafe { &*first.wrapping_add(index) })
    }

    #[inline(always)]
    fn get(&self) -> &'static [T] {
        let first = crate::flag::pointer(&self.first);
        if first.is_null() {
            return &[];
        }
        // SAFETY: `install` set a pointer to `len` live values in a region never unmapped.
        unsafe { std::slice::from_raw_parts(first, crate::flag::size(&self.len)) }
    }
}

static SITES: Slots<AtomicU64> = Slots::new();
static INFECTION: Slots<AtomicU8> = Slots::new();
static SETTLED: Slots<AtomicU8> = Slots::new();

/// Whether site hits are counted: a region is installed and the run has no budget
/// (coverage, tracing). One flag, so a site checks it with one load.
static COUNTING: AtomicBool = AtomicBool::new(false);

pub(crate) fn region_size(sites: u32, mutants: u32) -> usize {
    std::mem::size_of::<Header>()
        + sites as usize * std::mem::size_of::<AtomicU64>()
        + mutants as usize
        + sites as usize
}

/// Installs a zeroed region of [`region_size`] bytes: the header, a counter per site, an
/// infection flag per mutant, a settled flag per site.
///
/// # Safety
/// `memory` must be valid, zeroed, aligned for `u64`, of `region_size(sites, mutants)`
/// bytes, and live for the rest of the process.
pub(crate) unsafe fn install(memory: *mut u8, sites: u32, mutants: u32) {
    let header = memory.cast::<Header>();
    let (sites, mutants) = (sites as usize, mutants as usize);
    // SAFETY: the caller hands us zeroed memory of `region_size` bytes.
    unsafe {
        (*header).sites = sites as u64;
        (*header).mutants = mutants as u64;
        let flags = header
            .add(1)
            .cast::<AtomicU64>()
            .add(sites)
            .cast::<AtomicU8>();
        INFECTION.set(flags, mutants);
        SETTLED.set(flags.add(mutants), sites);
        SITES.set(header.add(1).cast::<AtomicU64>(), sites);
    }
    REGION.store(header, Relaxed);
    // Counting until a budget is set (`reset`).
    COUNTING.store(true, Relaxed);
}

/// Whether settled flag `index` is set (see [`settled`]).
#[inline(always)]
pub(crate) fn is_settled(index: usize) -> bool {
    match SETTLED.at(index) {
        Some(settled) => crate::flag::byte(settled) != 0,
        None => false,
    }
}

pub(crate) fn header() -> Option<&'static Header> {
    // SAFETY: installed regions live for the rest of the process.
    unsafe { REGION.load(Relaxed).as_ref() }
}

pub(crate) fn counters() -> &'static [AtomicU64] {
    SITES.get()
}

/// The infection flags of [`mutate_protocol::infection`], by global mutant index.
pub(crate) fn infection() -> &'static [AtomicU8] {
    INFECTION.get()
}

/// Per site: every mutant of it was seen to differ, so comparing it again tells nothing.
pub(crate) fn settled() -> &'static [AtomicU8] {
    SETTLED.get()
}

/// Zeroes the flags and sets the budget; zeroes the site counters and infection flags too
/// when `sites` or without a budget (mutant runs skip that: it is per-mutant work over
/// every site).
pub(crate) fn reset(budget: u64, sites: bool) {
    let Some(header) = header() else { return };
    header.total.store(0, Relaxed);
    header.budget.store(budget, Relaxed);
    // A budgeted run (a mutant's) counts loop rounds and calls against its budget, not
    // site hits.
    COUNTING.store(budget == 0, Relaxed);
    header.budget_exceeded.store(0, Relaxed);
    header.budget_waived.store(0, Relaxed);
    header.fell_back.store(0, Relaxed);
    header.reached.store(0, Relaxed);
    header.uncounted.store(0, Relaxed);
    crate::own_budget::disarm();
    // A budgeted run does not touch the site counters: leave them (zeroing them is work
    // over every site, per mutant).
    if !sites && budget != 0 {
        return;
    }
    for counter in counters() {
        counter.store(0, Relaxed);
    }
    for flags in infection().iter().chain(settled()) {
        flags.store(0, Relaxed);
    }
    crate::catalog::zero_evaluations();
}

/// Records one hit of a site in a run that counts them (coverage, tracing), which
/// [`counting`] tells; a budgeted run (a mutant's) counts loop rounds and calls
/// ([`tick`]), not sites. Called out of line, through `coverage_cut::hit`.
#[inline(always)]
pub(crate) fn hit(table: &Table, site: u32) {
    count(crate::flag::word(&table.site_base).wrapping_add(site));
}

/// Site `index`, not seen reached, counts as reached in this run, by assumption
/// ([`mutate_protocol::ASSUMED_REACHED`]): counting stopped in its function
/// (`coverage_cut.rs`).
pub(crate) fn assume_reached(index: usize) {
    if let Some(counter) = SITES.at(index)
        && counter.load(Relaxed) == 0
    {
        counter.store(mutate_protocol::ASSUMED_REACHED, Relaxed);
    }
}

/// The function of `table` is no longer counted in this run: its count of calls and loop
/// rounds is short of what the test makes it do ([`mutate_protocol::COUNT_CUT`]).
pub(crate) fn cut_count(table: &Table) {
    if let Some(counter) = SITES.at(table.tick_slot() as usize) {
        // A function cut has been called: its count is not 0, so the bit is not read as
        // a site assumed reached.
        counter.fetch_or(mutate_protocol::COUNT_CUT, Relaxed);
    }
}

/// This run's `total` is short of its loop rounds and calls (`coverage_cut.rs`).
pub(crate) fn mark_uncounted() {
    if let Some(header) = header() {
        header.uncounted.store(1, Relaxed);
    }
}

/// Whether this run's `total` is short of its loop rounds and calls.
pub(crate) fn uncounted() -> bool {
    header().is_some_and(|header| header.uncounted.load(Relaxed) != 0)
}

/// Whether site hits are counted in this run (read once per schemata body, see
/// `__private::Switch`).
#[inline(always)]
pub(crate) fn counting() -> bool {
    crate::flag::load(&COUNTING)
}

/// Records one round of a loop, or one call of a function running its schemata body: what
/// a budgeted run counts toward its budget (so a loop that a mutant makes endless, or a
/// caller's loop that keeps calling the mutant's function, ends in milliseconds), and what
/// a counting run adds to its total and to the function's own count (its table's tick
/// slot, against which a mutant's run of the function is budgeted).
#[inline(always)]
pub(crate) fn tick(table: &Table) {
    let region = crate::flag::pointer(&REGION);
    if region.is_null() {
        return;
    }
    // SAFETY: non-null regions come from `install` and live forever.
    let header = unsafe { &*region };
    if crate::flag::quad(&header.budget) != 0 {
        spend(header);
    } else {
        crate::flag::bump(&header.total);
        count(table.tick_slot());
    }
}

/// A run with no budget (coverage, tracing) counts each site's hits in place, in every
/// function running its schemata body.
#[inline(always)]
fn count(index: u32) {
    if let Some(counter) = SITES.at(index as usize) {
        crate::flag::bump(counter);
    }
}

/// Hits of site `index` so far in this run (0 for an index out of range).
#[inline(always)]
pub(crate) fn site_hits(index: usize) -> u64 {
    match SITES.at(index) {
        Some(counter) => crate::flag::quad(counter),
        None => 0,
    }
}

/// The loop rounds and calls counted in the run that just ended: what a hit budget is
/// measured in.
pub(crate) fn total_hits() -> u64 {
    header().map_or(0, |header| header.total.load(Relaxed))
}

/// One loop round or call of a budgeted run (a mutant's): added to the total, which ends
/// the run past the budget. Inline and without a call; a lost increment between threads is
/// harmless where a locked one is two orders of magnitude slower.
#[inline(always)]
fn spend(header: &Header) {
    crate::flag::bump(&header.total);
    if crate::flag::quad(&header.total) > crate::flag::quad(&header.budget) {
        over_budget(header);
    }
}

#[cold]
#[inline(never)]
fn over_budget(header: &Header) {
    // A loop that waits for another thread passes any budget while that thread works (a
    // spin-wait, or a wait whose pause the mutant deleted), and ends when it is done, as
    // under `cargo test`: where another thread is alive, the clock judges the run.
    if crate::threads::others_alive() {
        header.budget.store(u64::MAX, Relaxed);
        header.budget_waived.store(1, Relaxed);
        return;
    }
    if let Some(again) = crate::own_budget::waits(crate::flag::quad(&header.total)) {
        header.budget.store(again, Relaxed);
        return;
    }
    header.budget_exceeded.store(1, Relaxed);
    // SAFETY: ends the process at once; nothing of the test's must run any further.
    unsafe { libc::_exit(BUDGET_EXIT_CODE) };
}

/// Budgets this run (set up by [`reset`]) by the mutant's function's own loop rounds and
/// calls too (`own_budget.rs`): past `own` of them, and once the process has used
/// `after_micros` of CPU time, it ends as out of budget. 0: none.
pub(crate) fn set_own_budget(own: u64, after_micros: u64) {
    let Some(header) = header() else { return };
    let whole = header.budget.load(Relaxed);
    if own == 0 || (whole != 0 && own >= whole) {
        return;
    }
    crate::own_budget::arm(whole, own, after_micros);
    header.budget.store(own, Relaxed);
    // A budgeted run counts loop rounds and calls, not site hits.
    COUNTING.store(false, Relaxed);
}

pub(crate) fn mark_fell_back(why: mutate_protocol::FellBack) {
    if let Some(header) = header() {
        header.fell_back.store(u64::from(why.code()), Relaxed);
    }
}

pub(crate) fn mark_reached() {
    if let Some(header) = header() {
        header.reached.store(1, Relaxed);
    }
}
