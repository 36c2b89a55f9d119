//! Environment variables that carry the driver's requests.

/// `MUTATE_ACTIVE=<mutant id>` switches that one mutant on in any test binary of a
/// schemata build (read once, before `main`).
pub const ACTIVE: &str = "MUTATE_ACTIVE";

/// The variable that names, at compile time, the mutant a build of `package` has on in
/// its constant contexts (read by `option_env!`: rustc records it among the crate's
/// inputs), and that a proc-macro package tracks so that a build with one of its mutants
/// on expands its macros again. One per package, so that cargo rebuilds, for each such
/// mutant, only its own package and the crates that depend on it: a shared variable had
/// every package that reads it built again for every mutant of any of them.
pub fn built_with(package: &str) -> String {
    let name: String = package
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{ACTIVE}_{name}")
}

/// Set by a forked test for the processes it starts: where and what they count
/// ([`spawned::Spawn`](crate::spawned::Spawn)).
pub const SPAWNED: &str = "MUTATE_SPAWNED";

/// Set by the driver on a test binary it starts as a fork server: to [`SERVER_CATALOG`]
/// when it wants the binary's catalog, to [`SERVER_RUNS`] when it only runs mutants (the
/// catalog, one line per mutant of the build, is then not sent).
pub const SERVER: &str = "MUTATE_SERVER";

/// [`SERVER`]'s value for a server that sends its catalog before it is ready.
pub const SERVER_CATALOG: &str = "1";

/// [`SERVER`]'s value for a server that only runs mutants: no catalog.
pub const SERVER_RUNS: &str = "runs";

/// Directory of the build-error lists the driver keeps for its schemata builds, one per
/// crate. `#[mutate]` reads its crate's at expansion time and leaves the functions it
/// names as written, their mutants unviable (see [`build_errors`](crate::build_errors)).
pub const BUILD_ERRORS: &str = "MUTATE_BUILD_ERRORS";

/// Set to `1` by the driver on its schemata builds: the runtime's build script then turns
/// on the schemata cfg, for the runtime and the crates that use it only.
pub const SCHEMATA: &str = "MUTATE_SCHEMATA";

/// Directory of the user's rules (`[[package.metadata.mutate.rules]]`), one file per
/// package ([`rules_file`]), as the driver wrote them for its schemata builds
/// (`mutate_operators::rules::render`). `#[mutate]` reads its package's at expansion time
/// and makes each rule's mutants; rustc tracks the file, so a changed rule rebuilds that
/// package's crates, and nothing else.
pub const RULES: &str = "MUTATE_RULES";

/// The file of `package`'s rules in the [`RULES`] directory.
pub fn rules_file(package: &str) -> String {
    format!("{package}.rules")
}

/// Directory of the list of mutants written in ([`fixed_file`]) for the driver's
/// equivalence builds (`MUTATE_SCHEMATA=fixed`): `#[mutate]` reads it at expansion time and
/// compiles each function with the switch a constant, so the optimiser leaves only the code
/// of the mutant it names, or only the code as written. One list for every crate: mutant
/// ids name their files from the workspace's root, so no two crates share one.
pub const FIXED: &str = "MUTATE_FIXED";

/// [`SCHEMATA`]'s value for an equivalence build: the schemata, every switch a constant
/// the macro reads from [`FIXED`], nothing counted, probed or traced.
pub const SCHEMATA_FIXED: &str = "fixed";

/// The list in the [`FIXED`] directory: one line per function that is not as written,
/// `fix <mutant id>` (the mutant written in) or `watch <mutant id>` (its site's
/// evaluation made visible, an opaque call: whether the site's code is in the build).
pub fn fixed_file(dir: &std::path::Path) -> String {
    dir.join("mutants.fixed").to_string_lossy().into_owned()
}

/// Set on the fork servers of traced runs that need the trace only from the first call of
/// one of these functions on (names as the trace writes them, one per line): until one is
/// entered, each traced call records that it was made and nothing of its values, and
/// those records are written only if one is entered at all (`--relevance`).
pub const TRACE_FROM: &str = "MUTATE_TRACE_FROM";

/// Set on the fork servers of traced runs when the driver suggests tests: each traced call
/// records how a test names its function and its arguments as Rust expressions.
pub const VALUES: &str = "MUTATE_VALUES";

/// Set to `1` by the driver on the schemata builds of a run that suggests tests: only then
/// does `#[mutate]` compile the code that writes a traced call's arguments and result as
/// Rust ([`VALUES`] asks for it at run time). That code was most of what tracing cost a
/// build (a quarter of arrayvec's schemata build), and no other run reads it. The
/// expansion reads it with `option_env!`, so rustc records it and cargo builds again
/// where it changes.
pub const BUILD_VALUES: &str = "MUTATE_BUILD_VALUES";

/// Set by the driver on its compilations of suggested unit tests (`--suggest-tests`): a
/// file whose lines (`file`, line, test file, tab-separated) ask `#[mutate]` to declare
/// the test file as a module beside the item that holds that line.
pub const UNIT_TESTS: &str = "MUTATE_UNIT_TESTS";

#[cfg(test)]
mod tests {
    use super::built_with;

    #[test]
    fn each_package_has_a_variable_of_its_own() {
        assert_eq!(built_with("data-url"), "MUTATE_ACTIVE_data_url");
        assert_eq!(built_with("idna"), "MUTATE_ACTIVE_idna");
        assert_ne!(built_with("idna"), built_with("url"));
    }
}
