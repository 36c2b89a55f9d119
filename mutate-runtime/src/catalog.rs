//! The registry of mutants. Each expansion of `#[mutate]` owns one static [`Table`] and
//! registers it from a constructor before `main`; registration gives the table dense
//! global indexes (one range for its mutants, one for its sites), so the hot path is a
//! subtraction, never a lookup.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

/// One mutant as the macro describes it. All strings are static data in the binary.
#[derive(Debug)]
pub struct MutantInfo {
    /// Stable id: `file:line:col: description`.
    pub id: &'static str,
    /// Operator name, e.g. `binary`, `relational`, `literal`.
    pub operator: &'static str,
    /// File as the compiler saw it (relative to the workspace root for local crates).
    pub file: &'static str,
    /// Span of the replaced code: 1-based lines and columns, end exclusive.
    pub span: [u32; 4],
    /// The code that is replaced, as written.
    pub original: &'static str,
    /// The code that replaces it.
    pub replacement: &'static str,
    /// Human description, e.g. `replace < with <= in triangle`.
    pub description: &'static str,
    /// Function the mutant lives in.
    pub function: &'static str,
    /// Index of the mutant's site within its table.
    pub site: u32,
    /// Whether the code holding the mutant is compiled in this build: false under a
    /// `#[cfg(..)]` that does not hold. Such a mutant is in no list and cannot be activated.
    pub compiled: bool,
    /// rustc's message when the driver's schemata build failed in this mutant's function:
    /// the function was then compiled as written, and the mutant is unviable. Empty else.
    pub build_error: &'static str,
    /// The mutant is in a constant context: only a build with it named in its package's
    /// `MUTATE_ACTIVE_<package>` has it on (`__private::compile_time`); no switch reads it.
    pub compile_time: bool,
    /// Of a constant's mutant (a scalar's): runs the initializer as written and with the
    /// mutant and compares them
    /// ([`__private::compile_time::compare`](crate::__private::compile_time::compare)).
    pub compare_value: Option<fn() -> crate::__private::compile_time::Compared>,
}

/// A table not yet registered has this base, chosen so that no active index minus it
/// lands on a local index.
const UNREGISTERED: u32 = u32::MAX / 2;

/// The mutants of one function.
pub struct Table {
    pub(crate) mutants: &'static [MutantInfo],
    pub(crate) sites: u32,
    pub(crate) mutant_base: AtomicU32,
    pub(crate) site_base: AtomicU32,
    /// Whether the function runs its schemata body: one of its mutants is active, or
    /// site hits are being counted everywhere. Else it runs its body as written, so code
    /// with nothing active pays one load per call rather than a check per site.
    pub(crate) schemata: AtomicBool,
    /// Whether a call leaves the body as written at entry: to run the schemata body, or,
    /// in a run that traces calls, to be traced. The one load a call pays; the schemata
    /// flag is read after it.
    pub(crate) detour: AtomicBool,
    /// The local index of the active mutant (or of its copy, see `twins.rs`) in this
    /// table; `NONE` where it holds neither.
    pub(crate) active: AtomicU32,
    /// The site (local index) of that mutant; `NONE` where there is none. A site equal to
    /// it records that the mutant was reached.
    pub(crate) watched: AtomicU32,
    /// Its sites' evaluations counted in this run, up to where a coverage run stops
    /// counting it (`coverage_cut.rs`).
    pub(crate) evaluations: AtomicU64,
}

impl Table {
    pub const fn new(mutants: &'static [MutantInfo], sites: u32) -> Self {
        Table {
            mutants,
            sites,
            mutant_base: AtomicU32::new(UNREGISTERED),
            site_base: AtomicU32::new(UNREGISTERED),
            schemata: AtomicBool::new(false),
            detour: AtomicBool::new(false),
            active: AtomicU32::new(NONE),
            watched: AtomicU32::new(NONE),
            evaluations: AtomicU64::new(0),
        }
    }

    /// Whether the function runs its schemata body (see [`Table::schemata`]).
    #[inline(always)]
    pub fn runs_schemata(&self) -> bool {
        crate::flag::load(&self.schemata)
    }

    /// The global index of the counter after this function's sites that counts its calls
    /// and loop rounds in a counting run (the `ticks` of its catalog entries).
    #[inline(always)]
    pub(crate) fn tick_slot(&self) -> u32 {
        crate::flag::word(&self.site_base).wrapping_add(self.sites)
    }

    /// Whether a call leaves the body as written (see [`Table::detour`]).
    ///
    /// Every call of an annotated function pays this, in the user's profile: one plain load.
    #[inline(always)]
    pub fn detours(&self) -> bool {
        crate::flag::load(&self.detour)
    }
}

/// No mutant (as the active one), and no site (as the watched one).
pub(crate) const NONE: u32 = u32::MAX;

/// Set while site hits are counted in this process: every function runs its schemata
/// body, where the sites are.
static EVERYWHERE: AtomicBool = AtomicBool::new(false);
/// Set while calls are traced in this process: every call leaves the body as written for
/// its tracing, and then runs the body its table chose. A function none of whose mutants
/// is on computes the same either way, and its body as written is the faster by far.
static TRACED: AtomicBool = AtomicBool::new(false);

/// Points every table's body choice at the active mutant `active` and its copies (or at
/// the schemata bodies everywhere while counting).
pub(crate) fn choose_bodies(active: u32) {
    let mut registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    let (tables, copies) = registry.with_copies_of(active);
    for table in tables {
        choose(table, active, copies);
    }
}

/// Finds the copies of mutants (`twins.rs`) now, before any is switched on: a fork server
/// does, so that its children do not.
pub(crate) fn find_twins() {
    let mut registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    registry.with_copies_of(NONE);
}

/// The global index and id of every compiled mutant of `tables`.
fn compiled_ids(tables: &[&'static Table]) -> Vec<(u32, &'static str)> {
    let mut ids = Vec::new();
    for table in tables {
        let base = table.mutant_base.load(Relaxed);
        for (local, info) in table.mutants.iter().enumerate() {
            if info.compiled {
                ids.push((base + local as u32, info.id));
            }
        }
    }
    ids
}

/// `table`'s choice of body, with the mutant of global index `active` and its `copies`
/// switched on (at most one of them in any table), and the site it watches.
fn choose(table: &Table, active: u32, copies: &[u32]) {
    let base = table.mutant_base.load(Relaxed);
    let local = std::iter::once(&active)
        .chain(copies)
        .map(|&index| index.wrapping_sub(base))
        .find(|&local| (local as usize) < table.mutants.len());
    let watched = local.map(|local| table.mutants[local as usize].site);
    table.active.store(local.unwrap_or(NONE), Relaxed);
    table.watched.store(watched.unwrap_or(NONE), Relaxed);
    let schemata = EVERYWHERE.load(Relaxed) || watched.is_some();
    table.schemata.store(schemata, Relaxed);
    table
        .detour
        .store(schemata || TRACED.load(Relaxed), Relaxed);
}

/// Zeroes every table's count of site evaluations (a new counting run).
pub(crate) fn zero_evaluations() {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    for table in &registry.tables {
        table.evaluations.store(0, Relaxed);
    }
}

/// Turns the active mutant and its copies off in every table, each keeping its choice of
/// body (an inert run: the mutant's function runs its schemata body, every site its
/// original arm).
pub(crate) fn silence() {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    for table in &registry.tables {
        table.active.store(NONE, Relaxed);
    }
}

/// From now on every function runs its schemata body, so every site's hits are counted;
/// the caller re-chooses the bodies ([`choose_bodies`]).
pub(crate) fn count_everywhere() {
    EVERYWHERE.store(true, Relaxed);
}

/// From now on every call is detoured to be traced; the caller re-chooses the bodies
/// ([`choose_bodies`]).
pub(crate) fn detour_everywhere() {
    TRACED.store(true, Relaxed);
}

/// All registered tables, in registration order, with the totals so far.
#[derive(Default)]
pub(crate) struct Registry {
    pub tables: Vec<&'static Table>,
    pub mutant_count: u32,
    pub site_count: u32,
    pub twins: crate::twins::Twins,
}

impl Registry {
    /// The tables, with the global indexes of the other copies of mutant `index`
    /// (`twins.rs`).
    fn with_copies_of(&mut self, index: u32) -> (&[&'static Table], &[u32]) {
        let tables = &self.tables;
        let copies = self
            .twins
            .of(self.mutant_count, index, || compiled_ids(tables));
        (tables, copies)
    }
}

pub(crate) fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(Default::default)
}

/// Gives `table` its global indexes and returns its mutant base, or `None` if it was
/// registered already.
pub(crate) fn insert(table: &'static Table) -> Option<u32> {
    let mut registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    if registry.tables.iter().any(|t| std::ptr::eq(*t, table)) {
        return None;
    }
    let mutant_base = registry.mutant_count;
    table.mutant_base.store(mutant_base, Relaxed);
    table.site_base.store(registry.site_count, Relaxed);
    registry.mutant_count += table.mutants.len() as u32;
    // Its sites, then the counter of its calls and loop rounds (`Table::tick_slot`).
    registry.site_count += table.sites + 1;
    registry.tables.push(table);
    // Registration activates the mutant the process was started with afterwards.
    choose(table, NONE, &[]);
    Some(mutant_base)
}

/// A registered mutant with its global indexes.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub index: u32,
    pub site: u32,
    /// Its function's counter of calls and loop rounds (`Table::tick_slot`).
    pub ticks: u32,
    pub info: &'static MutantInfo,
}

/// Every registered mutant, in global index order.
pub(crate) fn entries() -> Vec<Entry> {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    let mut out = Vec::with_capacity(registry.mutant_count as usize);
    for table in &registry.tables {
        let base = table.mutant_base.load(Relaxed);
        let site_base = table.site_base.load(Relaxed);
        for (i, info) in table.mutants.iter().enumerate() {
            if !info.compiled {
                continue;
            }
            out.push(Entry {
                index: base + i as u32,
                site: site_base + info.site,
                ticks: table.tick_slot(),
                info,
            });
        }
    }
    out
}

/// How many sites (with each function's counter of its calls and loop rounds) and mutants
/// (compiled or not: indexes are dense over both) registered.
pub(crate) fn counts() -> (u32, u32) {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    (registry.site_count, registry.mutant_count)
}

/// Global index of the mutant with this id.
pub(crate) fn find(id: &str) -> Option<u32> {
    let registry = registry().lock().unwrap_or_else(|e| e.into_inner());
    registry.tables.iter().find_map(|table| {
        let local = table
            .mutants
            .iter()
            .position(|m| m.compiled && m.id == id)?;
        Some(table.mutant_base.load(Relaxed) + local as u32)
    })
}

/// Global index of every id, for callers that resolve many.
pub(crate) fn index_by_id() -> HashMap<&'static str, u32> {
    entries()
        .into_iter()
        .map(|e| (e.info.id, e.index))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn mutant_at(site: u32) -> MutantInfo {
        MutantInfo {
            id: "",
            operator: "",
            file: "",
            span: [0; 4],
            original: "",
            replacement: "",
            description: "",
            function: "",
            site,
            compiled: true,
            build_error: "",
            compile_time: false,
            compare_value: None,
        }
    }

    static MUTANTS: [MutantInfo; 2] = [mutant_at(0), mutant_at(3)];

    #[test]
    fn a_traced_call_runs_the_schemata_body_only_where_a_mutant_is_on() {
        static TABLE: Table = Table::new(&MUTANTS, 4);
        TABLE.mutant_base.store(10, Relaxed);
        let chosen = |on: bool| {
            choose(&TABLE, if on { 11 } else { 12 }, &[]);
            (TABLE.detours(), TABLE.runs_schemata())
        };
        assert_eq!(chosen(false), (false, false), "nothing on: as written");
        assert_eq!(chosen(true), (true, true), "a mutant on: schemata");
        // No other test of this binary chooses bodies.
        detour_everywhere();
        assert_eq!(chosen(false), (true, false), "traced, then as written");
        assert_eq!(chosen(true), (true, true), "traced, then schemata");
        TRACED.store(false, Relaxed);
    }

    #[test]
    fn the_table_holding_the_active_mutant_watches_its_site() {
        static TABLE: Table = Table::new(&MUTANTS, 4);
        TABLE.mutant_base.store(20, Relaxed);
        let watched = |active| {
            choose(&TABLE, active, &[]);
            TABLE.watched.load(Relaxed)
        };
        assert_eq!(watched(21), 3, "its second mutant, at site 3");
        assert_eq!(watched(20), 0);
        assert_eq!(watched(22), NONE, "another table's");
        assert_eq!(watched(19), NONE, "another table's");
        assert_eq!(watched(NONE), NONE, "none on");
    }
}
