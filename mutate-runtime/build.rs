// The schemata cfg is set only by the driver (through RUSTFLAGS); declaring it keeps
// `unexpected_cfgs` quiet in this crate, the only one that reads it.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(mutate_schemata)");
}
