//! Test targets with a harness of their own (`harness = false`) that list their cases as
//! libtest does (the `tester` and `libtest-mimic` crates). A case run alone first runs
//! the harness' own `main`, and a harness that builds every case before it picks one
//! (parsing a data file of thousands) pays that for each: idna's 12,808 cases took 0.4 s
//! each where the whole binary takes 1.3 s. Such a binary is run whole, as `cargo test`
//! runs it; one whose listing is quick keeps its cases apart.

use std::path::Path;
use std::time::Duration;
use toml_edit::{DocumentMut, Item};

/// A listing slower than this says the harness builds its cases first: each case run
/// alone would pay about as much again.
pub const SLOW_LISTING: Duration = Duration::from_millis(50);

/// Whether the manifest in `package_dir` gives target `target` a harness of its own.
pub fn declared(package_dir: &Path, target: &str) -> bool {
    std::fs::read_to_string(package_dir.join("Cargo.toml"))
        .ok()
        .and_then(|text| text.parse::<DocumentMut>().ok())
        .is_some_and(|manifest| own_harness_targets(&manifest).iter().any(|t| t == target))
}

/// Why a binary whose harness is its own, listing `cases` cases in `listing`, is run
/// whole; `None` where its cases are cheap to run apart.
pub fn run_whole(cases: usize, listing: Duration) -> Option<String> {
    (cases > 1 && listing >= SLOW_LISTING).then(|| {
        format!(
            "a harness of its own (`harness = false`) that took {} ms to list its {cases} \
             cases: each case run alone would pay about that first",
            listing.as_millis()
        )
    })
}

/// The names of the targets whose manifest entry says `harness = false`: `[lib]`, and
/// each `[[test]]` and `[[bench]]` (named, or by their file's stem).
fn own_harness_targets(manifest: &DocumentMut) -> Vec<String> {
    let own = |table: &dyn toml_edit::TableLike| {
        table.get("harness").and_then(Item::as_bool) == Some(false)
    };
    let mut names = Vec::new();
    if let Some(lib) = manifest.get("lib").and_then(Item::as_table_like)
        && own(lib)
    {
        let package = manifest
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(Item::as_str);
        let name = lib.get("name").and_then(Item::as_str).or(package);
        names.extend(name.map(|n| n.replace('-', "_")));
    }
    for kind in ["test", "bench"] {
        let Some(targets) = manifest.get(kind).and_then(Item::as_array_of_tables) else {
            continue;
        };
        for target in targets.iter().filter(|t| own(*t)) {
            let name = target.get("name").and_then(Item::as_str).or_else(|| {
                let path = target.get("path").and_then(Item::as_str)?;
                Path::new(path).file_stem()?.to_str()
            });
            names.extend(name.map(str::to_owned));
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_whose_manifest_entry_says_harness_false() {
        let manifest: DocumentMut = r#"
[package]
name = "my-crate"

[lib]
harness = false

[[test]]
name = "tests"
harness = false

[[test]]
name = "unit"

[[bench]]
path = "benches/speed.rs"
harness = false
"#
        .parse()
        .unwrap();
        assert_eq!(
            own_harness_targets(&manifest),
            ["my_crate", "tests", "speed"]
        );
    }

    #[test]
    fn only_a_slow_listing_of_several_cases_runs_whole() {
        assert!(run_whole(12_808, Duration::from_millis(400)).is_some());
        assert!(run_whole(12_808, Duration::from_millis(3)).is_none());
        assert!(run_whole(1, Duration::from_secs(1)).is_none());
    }
}
