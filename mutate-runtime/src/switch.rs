//! The switch: which mutant is on. A site's check is two relaxed loads and a subtraction;
//! it only runs in the schemata body of the function that holds the active mutant.

use crate::catalog::{self, Table};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

/// Environment variable naming the one mutant to activate, by id.
pub const ACTIVE_ENV: &str = mutate_protocol::env::ACTIVE;

/// No mutant active.
pub(crate) use crate::catalog::NONE;

static ACTIVE: AtomicU32 = AtomicU32::new(NONE);
static FELL_BACK: AtomicBool = AtomicBool::new(false);
static REACHED: AtomicBool = AtomicBool::new(false);

/// Local index (within `table`) of the active mutant or its copy; anything out of the
/// table's range means "run the original".
#[inline(always)]
pub(crate) fn active_in(table: &Table) -> u32 {
    crate::flag::word(&table.active)
}

pub(crate) fn set(index: u32) {
    FELL_BACK.store(false, Relaxed);
    REACHED.store(false, Relaxed);
    ACTIVE.store(index, Relaxed);
    catalog::choose_bodies(index);
}

/// Turns the active mutant off and leaves every table's choice of body as it is: its
/// function runs its schemata body, every site its original arm.
pub(crate) fn silence() {
    ACTIVE.store(NONE, Relaxed);
    catalog::silence();
}

pub(crate) fn get() -> u32 {
    ACTIVE.load(Relaxed)
}

/// From now on every function runs its schemata body, so every site's hits are counted.
pub(crate) fn schemata_everywhere() {
    catalog::count_everywhere();
    catalog::choose_bodies(ACTIVE.load(Relaxed));
}

pub(crate) fn mark_fell_back() {
    FELL_BACK.store(true, Relaxed);
}

pub(crate) fn fell_back() -> bool {
    FELL_BACK.load(Relaxed)
}

pub(crate) fn mark_reached() {
    REACHED.store(true, Relaxed);
}

#[inline(always)]
pub(crate) fn reached() -> bool {
    crate::flag::load(&REACHED)
}

/// The id asked for by `MUTATE_ACTIVE`, read once.
fn requested() -> Option<&'static str> {
    static REQUESTED: OnceLock<Option<String>> = OnceLock::new();
    REQUESTED
        .get_or_init(|| std::env::var(ACTIVE_ENV).ok().filter(|s| !s.is_empty()))
        .as_deref()
}

/// Tables register before `main` in no fixed order, so each one checks whether it holds
/// the requested mutant.
pub(crate) fn on_register(table: &Table, mutant_base: u32) {
    let Some(id) = requested() else { return };
    if let Some(local) = table.mutants.iter().position(|m| m.compiled && m.id == id) {
        set(mutant_base + local as u32);
    }
}

/// Activates a mutant by id; `None` deactivates. Returns false for an unknown id, which
/// leaves every mutant off.
pub(crate) fn activate(id: Option<&str>) -> bool {
    match id {
        None => {
            set(NONE);
            true
        }
        Some(id) => match catalog::find(id) {
            Some(index) => {
                set(index);
                true
            }
            None => {
                set(NONE);
                false
            }
        },
    }
}
