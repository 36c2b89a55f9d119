// The schemata cfg: set by the driver's builds through `MUTATE_SCHEMATA=1`, read here
// so that only this crate and the crates that use it are rebuilt for them; every other
// dependency keeps the build the user already has. `--cfg mutate_schemata` in RUSTFLAGS
// works too. `MUTATE_SCHEMATA=fixed` is the driver's equivalence build: the schemata with
// every switch a constant (`cfg(mutate_fixed)`: nothing counted, probed or traced).
// Declaring them keeps `unexpected_cfgs` quiet in this crate, the only one that reads them.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(mutate_schemata)");
    println!("cargo::rustc-check-cfg=cfg(mutate_fixed)");
    println!("cargo::rerun-if-env-changed=MUTATE_SCHEMATA");
    let schemata = std::env::var("MUTATE_SCHEMATA").unwrap_or_default();
    if schemata == "1" || schemata == "fixed" {
        println!("cargo::rustc-cfg=mutate_schemata");
    }
    if schemata == "fixed" {
        println!("cargo::rustc-cfg=mutate_fixed");
    }
}
