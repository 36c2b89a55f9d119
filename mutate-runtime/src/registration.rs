//! A table's registration, from the constructor the macro emits beside it: the one place
//! that ties the catalog (indexes), the switch (a mutant asked for by environment) and
//! the fork server (kept linked) together, so none of them depends on another's caller.

use crate::{catalog, switch};

/// Called from each table's constructor, before `main`.
pub fn register(table: &'static catalog::Table) {
    #[cfg(target_os = "linux")]
    std::hint::black_box((crate::server::anchor(), crate::spawned::anchor()));
    if let Some(mutant_base) = catalog::insert(table) {
        switch::on_register(table, mutant_base);
    }
}
