// The schemata cfg: set by the driver's builds through `MUTATE_SCHEMATA=1`, read here
// so that only this crate and the crates that use it are rebuilt for them; every other
// dependency keeps the build the user already has. `--cfg mutate_schemata` in RUSTFLAGS
// works too. Declaring it keeps `unexpected_cfgs` quiet in this crate, the only one that
// reads it.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(mutate_schemata)");
    println!("cargo::rerun-if-env-changed=MUTATE_SCHEMATA");
    if std::env::var_os("MUTATE_SCHEMATA").is_some_and(|v| v == "1") {
        println!("cargo::rustc-cfg=mutate_schemata");
    }
}
