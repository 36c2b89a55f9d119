//! Environment variables that carry the driver's requests.

/// `MUTATE_ACTIVE=<mutant id>` switches that one mutant on in any test binary of a
/// schemata build (read once, before `main`).
pub const ACTIVE: &str = "MUTATE_ACTIVE";

/// Set (to `1`) by the driver on a test binary it starts as a fork server.
pub const SERVER: &str = "MUTATE_SERVER";

/// Directory of the build-error lists the driver keeps for its schemata builds, one per
/// crate. `#[mutate]` reads its crate's at expansion time and leaves the functions it
/// names as written, their mutants unviable (see [`build_errors`](crate::build_errors)).
pub const BUILD_ERRORS: &str = "MUTATE_BUILD_ERRORS";

/// Set to `1` by the driver on its schemata builds: the runtime's build script then turns
/// on the schemata cfg, for the runtime and the crates that use it only.
pub const SCHEMATA: &str = "MUTATE_SCHEMATA";
