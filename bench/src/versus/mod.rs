//! `versus`: mutate against cargo-mutants on real crates, pinned, from the registry. For
//! each crate: mutants made by each tool, wall time of each from a clean tree and warm,
//! the ratio, time per mutant, and for the mutants both make, whether verdicts agree,
//! every disagreement listed (doc tests count like any test: those only doc tests catch
//! are marked, not set apart).

pub(crate) mod compare;
pub mod kept;
mod programs;
pub mod tools;

use compare::{Comparison, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The crates of BENCHMARKS.md.
pub const DEFAULT_CRATES: &str = "strsim@0.11.1,hex@0.4.3,roman@0.1.6,bytesize@1.3.0";

/// Registry crates nobody on the team picked, of varied style (see BENCHMARKS.md):
/// edition 2015 to 2021, `no_std`, `unsafe`, SIMD, traits with associated types, heavy
/// generics, iterator chains, macros, big doc-example suites.
pub const CORPUS: &str = "fnv@1.0.7,scopeguard@1.2.0,itoa@1.0.19,either@1.19.0,\
smallvec@1.16.6,arrayvec@0.7.8,semver@1.0.28,base64@0.23.1,percent-encoding@2.3.2,\
byteorder@1.5.0,textwrap@0.16.4,shlex@2.0.1,num-integer@0.1.47,indexmap@2.14.2";

/// Applications nobody on the team picked: command-line tools whose integration tests run
/// their programs, and proc-macro crates whose tests expand their macros (BENCHMARKS.md,
/// "Applications against cargo-mutants"). `--crates applications` names them all.
pub const CLI_TOOLS: &str = "huniq@2.7.0,ccase@0.5.1,toml-cli@0.2.3,b3sum@1.8.7,sd@1.0.0";
pub const PROC_MACROS: &str = "smart-default@0.7.1,derive-new@0.7.0,getset@0.1.7";

/// The most downloaded library crates of the registry (JSON, regular expressions, URLs,
/// dates and times, UUIDs, random numbers, hashing, parsing, buffers, serialization's
/// numbers, collections, error handling), newest versions as of 2026-12-06; serde_json at
/// the version a first try stopped on. `--crates popular` names them all (issue 48's
/// corpus: each must run to the end with `--all-items`).
pub const POPULAR: &str = "serde_json@1.0.145,regex-syntax@0.8.12,regex@1.13.2,\
aho-corasick@1.1.5,memchr@2.8.3,url@2.5.9,idna@1.1.0,form_urlencoded@1.2.3,\
percent-encoding@2.3.2,chrono@0.4.45,time@0.3.55,uuid@1.29.3,rand@0.10.4,rand_core@0.10.1,\
sha2@0.11.3,crc32fast@1.5.6,siphasher@1.0.4,fnv@1.0.7,nom@8.0.0,bytes@1.12.2,slab@0.4.12,\
itoa@1.0.19,ryu@1.0.23,smallvec@1.16.6,arrayvec@0.7.9,indexmap@2.14.2,either@1.19.0,\
itertools@0.15.0,semver@1.0.28,hex@0.4.3,base64@0.23.1,byteorder@1.5.0,strsim@0.11.1,\
unicode-width@0.2.3,bitflags@2.13.2,log@0.4.35,once_cell@1.21.4,anyhow@1.0.105,\
num-traits@0.2.19,httparse@1.10.1";

/// What a crate needs to run as its maintainers run it here: cargo's arguments for its
/// `cargo test` and the driver (features), and libtest's after `--` (a documented subset,
/// where a test needs what the package does not ship or takes too long on this machine).
#[derive(Default)]
pub struct Settings {
    pub cargo: &'static [&'static str],
    pub tests: &'static [&'static str],
}

pub fn settings(name: &str) -> Settings {
    match name {
        // Its integration tests build only with every feature on.
        "time" => Settings {
            cargo: &["--all-features"],
            tests: &[],
        },
        // `every_possible_*` take over ten minutes each under coverage on two cores.
        "base64" => Settings {
            cargo: &[],
            tests: &["--skip", "every_possible"],
        },
        // `emoji_test_file` reads a file its `unicode.py` downloads, not in the package.
        "unicode-width" => Settings {
            cargo: &[],
            tests: &["--skip", "emoji_test_file"],
        },
        _ => Settings::default(),
    }
}

impl Settings {
    /// The arguments after the command: cargo's, then `--` and libtest's where there are.
    pub fn args(&self) -> Vec<&'static str> {
        let mut args = self.cargo.to_vec();
        if !self.tests.is_empty() {
            args.push("--");
            args.extend_from_slice(self.tests);
        }
        args
    }
}

pub struct Options {
    pub crates: Vec<(String, String)>,
    pub work: PathBuf,
    pub warm: bool,
    pub jobs: usize,
    /// Runs cargo-mutants on this share of its mutants only (`K/N`); agreement is then
    /// counted on that sample, and its mutant count and times are the sample's.
    pub their_shard: Option<String>,
    /// cargo-mutants' outcomes from an earlier run in `work`, where there is one.
    pub reuse_theirs: bool,
}

pub fn parse_crates(list: &str) -> Result<Vec<(String, String)>, String> {
    let list = match list {
        "applications" => format!("{CLI_TOOLS},{PROC_MACROS}"),
        "corpus" => CORPUS.to_owned(),
        "popular" => POPULAR.to_owned(),
        other => other.to_owned(),
    };
    let crates: Vec<(String, String)> = list
        .split(',')
        .map(|spec| {
            spec.split_once('@')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("`{spec}`: name a crate as NAME@VERSION"))
        })
        .collect::<Result<_, _>>()?;
    // Fetched as dependencies of one package, where cargo refuses a name twice.
    for (i, (name, version)) in crates.iter().enumerate() {
        if crates[..i].contains(&(name.clone(), version.clone())) {
            return Err(format!("`{name}@{version}` is named twice"));
        }
    }
    Ok(crates)
}

pub fn run(options: &Options) -> Result<(), String> {
    tools::ensure_cargo_mutants()?;
    let driver = tools::build_driver()?;
    let round_trip = crate::fork_server::round_trip_ms()?;
    let sources = fetch(&options.crates, &options.work)?;
    let mut rows = Vec::new();
    for ((name, version), source) in options.crates.iter().zip(&sources) {
        eprintln!("== {name} {version}");
        rows.push(measure(
            name,
            version,
            source,
            (&driver, round_trip),
            options,
        )?);
    }
    print_table(&rows, options);
    print_floors(&rows, options, round_trip);
    Ok(())
}

/// Downloads the crates through cargo (a throwaway package that depends on each at its
/// exact version) and returns where cargo unpacked each.
pub fn fetch(crates: &[(String, String)], work: &Path) -> Result<Vec<PathBuf>, String> {
    let fetcher = work.join("fetch");
    std::fs::create_dir_all(fetcher.join("src")).map_err(|e| e.to_string())?;
    let mut manifest = String::from(
        "[package]\nname = \"versus-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n\n[dependencies]\n",
    );
    for (name, version) in crates {
        manifest.push_str(&format!("{name} = \"={version}\"\n"));
    }
    std::fs::write(fetcher.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    std::fs::write(fetcher.join("src/lib.rs"), "").map_err(|e| e.to_string())?;
    let output = Command::new("cargo")
        .args(["metadata", "--format-version", "1"])
        .current_dir(&fetcher)
        .output()
        .map_err(|e| e.to_string())?;
    if !output.status.success() {
        return Err(format!(
            "fetching the crates failed: {}",
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let metadata: serde_json::Value =
        serde_json::from_slice(&output.stdout).map_err(|e| e.to_string())?;
    crates
        .iter()
        .map(|(name, version)| {
            metadata["packages"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|p| p["name"] == name.as_str() && p["version"] == version.as_str())
                .and_then(|p| p["manifest_path"].as_str())
                .and_then(|m| Path::new(m).parent().map(Path::to_path_buf))
                .map_or_else(|| unpacked(name, version, &fetcher), Ok)
        })
        .collect()
}

/// A crate that cargo downloaded but left out of the metadata: a package with binaries
/// only (cargo ignores a dependency "missing a lib target", yet downloads it while
/// resolving). Its source as cargo unpacked it in the registry, or else its `.crate`
/// archive from the registry cache, unpacked under `fetcher`.
fn unpacked(name: &str, version: &str, fetcher: &Path) -> Result<PathBuf, String> {
    let home = std::env::var_os("CARGO_HOME").map_or_else(
        || {
            std::env::var_os("HOME")
                .map(|h| PathBuf::from(h).join(".cargo"))
                .unwrap_or_default()
        },
        PathBuf::from,
    );
    let dir = format!("{name}-{version}");
    let registries = |kind: &str| -> Vec<PathBuf> {
        std::fs::read_dir(home.join("registry").join(kind))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect()
    };
    if let Some(source) = registries("src")
        .into_iter()
        .map(|r| r.join(&dir))
        .find(|s| s.join("Cargo.toml").is_file())
    {
        return Ok(source);
    }
    let archive = registries("cache")
        .into_iter()
        .map(|r| r.join(format!("{dir}.crate")))
        .find(|a| a.is_file())
        .ok_or_else(|| format!("{name} {version} was not fetched"))?;
    let into = fetcher.join("unpacked");
    std::fs::create_dir_all(&into).map_err(|e| e.to_string())?;
    let status = Command::new("tar")
        .arg("xzf")
        .arg(&archive)
        .arg("-C")
        .arg(&into)
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("unpacking {} failed", archive.display()));
    }
    Ok(into.join(dir))
}

/// A fresh copy of the crate's published source, a workspace of its own wherever it is
/// put (inside this repository's target folder, cargo would take it for a stray member).
pub fn fresh_copy(source: &Path, dest: &Path) -> Result<(), String> {
    if dest.exists() {
        std::fs::remove_dir_all(dest).map_err(|e| e.to_string())?;
    }
    if let Some(parent) = dest.parent() {
        std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
    }
    let status = Command::new("cp")
        .arg("-r")
        .arg(source)
        .arg(dest)
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("copying {} failed", source.display()));
    }
    let manifest = dest.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
    if !text.lines().any(|l| l.trim() == "[workspace]") {
        std::fs::write(&manifest, text + "\n[workspace]\n").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How many times to run `cargo test` on a disagreement.
const VIEW_RUNS: usize = 5;

/// `cargo test`'s view of each disagreement (by cargo-mutants' name): how many of
/// [`VIEW_RUNS`] whole runs with mutate's mutant active detected it (`None`: a run failed
/// or overran). Timeouts are left out: whole runs have no limit but a wall clock.
fn cargo_test_views(
    driver: &Path,
    our_tree: &Path,
    comparison: &Comparison,
) -> std::collections::HashMap<String, Option<usize>> {
    comparison
        .disagreements
        .iter()
        .filter(|(t, o)| !t.timeout && !o.timeout)
        .filter(|(t, o)| t.verdict != Verdict::Unviable && o.verdict != Verdict::Unviable)
        .map(|(t, o)| {
            eprintln!("   cargo test's view of {}", o.name);
            let view = tools::cargo_test_view(
                driver,
                our_tree,
                &o.name,
                VIEW_RUNS,
                std::time::Duration::from_secs(600),
            );
            (t.name.clone(), view)
        })
        .collect()
}

struct Row {
    name: String,
    theirs: usize,
    ours: usize,
    clean: (f64, f64),
    warm: Option<(f64, f64)>,
    comparison: Comparison,
    doctest_only: Vec<String>,
    /// cargo-mutants' output, where its logs explain a disagreement.
    their_out: PathBuf,
    /// A clean plain `cargo test --no-run`, in seconds.
    plain_build: f64,
    /// Then `cargo test` on that build (doc tests built and run too), in seconds: with
    /// `plain_build`, a clean plain `cargo test`.
    plain_test: f64,
    /// Our clean run's build and mutation phases.
    phases: Option<(f64, f64)>,
    /// Where the mutation phase's job time went (`tools::phase_costs`).
    phase_costs: Option<String>,
    floor: Result<crate::floor::Floor, String>,
    /// `cargo test`'s view of each disagreement: detected in how many of [`VIEW_RUNS`].
    views: std::collections::HashMap<String, Option<usize>>,
}

fn measure(
    name: &str,
    version: &str,
    source: &Path,
    (driver, round_trip): (&Path, f64),
    options: &Options,
) -> Result<Row, String> {
    let base = options.work.join(format!("{name}-{version}"));
    let (their_tree, our_tree) = (base.join("cargo-mutants"), base.join("mutate"));
    let their_out = base.join("cargo-mutants-out");
    let earlier = options
        .reuse_theirs
        .then(|| tools::earlier_cargo_mutants(&their_out))
        .flatten();
    let reused = earlier.is_some();
    let theirs = match earlier {
        Some(theirs) => {
            eprintln!("   cargo-mutants: the earlier run's outcomes");
            theirs
        }
        None => {
            fresh_copy(source, &their_tree)?;
            eprintln!("   cargo-mutants, clean");
            tools::cargo_mutants(
                &their_tree,
                &their_out,
                options.jobs,
                false,
                options.their_shard.as_deref(),
            )?
        }
    };
    fresh_copy(source, &our_tree)?;
    eprintln!("   mutate, clean");
    let ours = tools::ours(driver, &our_tree, &base.join("mutate-out"), options.jobs)?;
    // Kept before the slower measurements below, so a crate that stops there still counts.
    kept::Kept {
        name: name.to_owned(),
        version: version.to_owned(),
        their_shard: options.their_shard.clone(),
        cargo_mutants: (!theirs.seconds.is_nan()).then_some(kept::ToolRun {
            seconds: theirs.seconds,
            mutants: theirs.mutants.len(),
        }),
        mutate: kept::ToolRun {
            seconds: ours.seconds,
            mutants: ours.mutants.len(),
        },
    }
    .write(&base)?;
    eprintln!("   plain cargo test --no-run, clean, then cargo test; the floor");
    let plain_tree = base.join("plain");
    fresh_copy(source, &plain_tree)?;
    let plain_build = tools::timed(
        Command::new("cargo")
            .args(["test", "--no-run"])
            .current_dir(&plain_tree),
        &base.join("plain-build.log"),
    )?
    .0;
    let plain_test = match tools::timed(
        Command::new("cargo").arg("test").current_dir(&plain_tree),
        &base.join("versus-plain-test.log"),
    )? {
        (seconds, Some(0)) => seconds,
        (_, code) => {
            return Err(format!(
                "plain cargo test exited {code:?} in {}",
                plain_tree.display()
            ));
        }
    };
    let report = base.join(kept::REPORT);
    let phases = tools::phases(&report);
    let phase_costs = tools::phase_costs(&report);
    let floor = crate::floor::measure(&plain_tree, &report, options.jobs, round_trip);
    let warm = if options.warm {
        if reused {
            // Outcomes reused: cargo-mutants' tree was not copied, let alone built.
            fresh_copy(source, &their_tree)?;
        }
        eprintln!("   cargo-mutants, warm");
        let t = tools::cargo_mutants(
            &their_tree,
            &base.join("cargo-mutants-warm"),
            options.jobs,
            true,
            options.their_shard.as_deref(),
        )?;
        eprintln!("   mutate, warm");
        let o = tools::ours(driver, &our_tree, &base.join("mutate-warm"), options.jobs)?;
        Some((t.seconds, o.seconds))
    } else {
        None
    };
    let mut comparison = compare::compare(&theirs.mutants, &ours.mutants);
    comparison.set_apart(|t| programs::why_different(source, t));
    let views = cargo_test_views(driver, &our_tree, &comparison);
    comparison.set_apart(|t| {
        let detected = views.get(&t.name).copied().flatten()?;
        (detected != 0 && detected != VIEW_RUNS).then(|| {
            format!(
                "chance: cargo test detects it in {detected} of {VIEW_RUNS} runs (its tests \
                 take other paths from run to run)"
            )
        })
    });
    // A test build that fails: cargo-mutants' word is unviable, `cargo test`'s a failure.
    let detected_by_us: std::collections::HashSet<String> = comparison
        .disagreements
        .iter()
        .filter(|(_, o)| o.verdict == Verdict::Detected)
        .map(|(t, _)| t.name.clone())
        .collect();
    comparison.set_apart(|t| {
        (t.verdict == Verdict::Unviable
            && detected_by_us.contains(&t.name)
            && tools::only_tests_failed_to_build(t))
        .then(|| {
            "test build: only test targets fail to build with it; cargo-mutants calls that \
             unviable, `cargo test` fails (mutate: killed)"
                .to_owned()
        })
    });
    let doctest_only = comparison
        .disagreements
        .iter()
        .filter(|(t, o)| t.verdict == Verdict::Detected && o.verdict == Verdict::Survived)
        .filter(|(t, _)| tools::caught_only_by_doctests(t))
        .map(|(t, _)| t.name.clone())
        .collect();
    let sample = options
        .their_shard
        .as_ref()
        .map_or(String::new(), |shard| format!(" [cm {shard}]"));
    Ok(Row {
        name: format!("{name} {version}{sample}"),
        theirs: theirs.mutants.len(),
        ours: ours.mutants.len(),
        clean: (theirs.seconds, ours.seconds),
        warm,
        comparison,
        doctest_only,
        their_out,
        plain_build,
        plain_test,
        phases,
        phase_costs,
        floor,
        views,
    })
}

/// The clean whole run's target (issue: "about the price of one `cargo test`"): a plain
/// clean `cargo test` plus this many times the mutation phase's floor.
const CLEAN_FLOOR_SHARE: f64 = 1.5;

/// The clean build beside a plain one, the mutation phase beside its floor, and the clean
/// whole run beside its target.
fn print_floors(rows: &[Row], options: &Options, round_trip: f64) {
    println!(
        "\nmutate's clean run against the floor (--jobs {}, fork round trip {round_trip:.2} ms)",
        options.jobs
    );
    println!(
        "{:<16} {:>24} {:>26} {:>10} {:>8}",
        "crate", "build: ours / plain", "mutants: ours / floor", "test runs", "untimed"
    );
    for r in rows {
        let (build, phase) = r.phases.unwrap_or((f64::NAN, f64::NAN));
        let builds = format!(
            "{build:.1}/{:.1}s ({:.2}x)",
            r.plain_build,
            build / r.plain_build
        );
        match &r.floor {
            Ok(f) => println!(
                "{:<16} {:>24} {:>26} {:>10} {:>8}",
                r.name,
                builds,
                format!(
                    "{phase:.2}/{:.2}s ({:.2}x)",
                    f.seconds,
                    phase / f.seconds.max(1e-6)
                ),
                f.runs,
                f.untimed
            ),
            Err(why) => println!("{:<16} {builds:>24}  floor not measured: {why}", r.name),
        }
    }
    println!(
        "\nthe clean whole run against its target: a clean plain `cargo test` (build, then \
         its run) plus {CLEAN_FLOOR_SHARE}x the floor"
    );
    for r in rows {
        let Ok(floor) = &r.floor else {
            println!("{:<16} not measured: no floor", r.name);
            continue;
        };
        let target = r.plain_build + r.plain_test + CLEAN_FLOOR_SHARE * floor.seconds;
        let (ours, build, test) = (r.clean.1, r.plain_build, r.plain_test);
        println!(
            "{:<16} {ours:.1}s against {build:.1}s + {test:.1}s + {CLEAN_FLOOR_SHARE} x floor \
             = {target:.1}s ({:.2}x)",
            r.name,
            ours / target
        );
    }
    println!("\nwhere the mutation phase went (job seconds, summed over --jobs)");
    for r in rows {
        if let Some(costs) = &r.phase_costs {
            println!("{:<16} {costs}", r.name);
        }
    }
    println!(
        "\nby verdict: children's lives / the floor's plain tests (job seconds), runs ours / floor's"
    );
    for r in rows {
        let Ok(floor) = &r.floor else { continue };
        let shares: Vec<String> = floor
            .by_status
            .iter()
            .map(|(status, s)| {
                format!(
                    "{status} {:.2}/{:.2}s ({:.2}x), {}/{} runs",
                    s.seconds,
                    s.floor_seconds,
                    s.seconds / s.floor_seconds.max(1e-6),
                    s.runs,
                    s.floor_runs
                )
            })
            .collect();
        println!("{:<16} {}", r.name, shares.join("; "));
    }
}

fn print_table(rows: &[Row], options: &Options) {
    println!(
        "mutate --all-items against cargo-mutants {} (--jobs {}), wall seconds",
        tools::CARGO_MUTANTS_VERSION,
        options.jobs
    );
    println!(
        "{:<16} {:>14} {:>22} {:>22} {:>18} {:>26}",
        "crate",
        "mutants cm/us",
        "clean cm/us (ratio)",
        "warm cm/us (ratio)",
        "s/mutant cm/us",
        "shared: agree (%), both built: agree (%)"
    );
    for r in rows {
        // cargo-mutants' time is NaN when its kept run did not record it (`--reuse-theirs`).
        let pair = |(t, o): (f64, f64)| match t.is_nan() {
            true => format!("-/{o:.1}"),
            false => format!("{t:.1}/{o:.1} ({:.1}x)", t / o),
        };
        let per_mutant = |t: f64, n: usize| match t.is_nan() {
            true => "-".to_owned(),
            false => format!("{:.2}", t / n.max(1) as f64),
        };
        let c = &r.comparison;
        println!(
            "{:<16} {:>14} {:>22} {:>22} {:>18} {:>26}",
            r.name,
            format!("{}/{}", r.theirs, r.ours),
            pair(r.clean),
            r.warm.map_or("-".into(), pair),
            format!(
                "{}/{:.3}",
                per_mutant(r.clean.0, r.theirs),
                r.clean.1 / r.ours.max(1) as f64
            ),
            format!(
                "{}: {} ({:.1}%), {}: {} ({:.1}%)",
                c.shared,
                c.agree,
                100.0 * c.agree as f64 / c.shared.max(1) as f64,
                c.comparable(),
                c.agree,
                100.0 * c.agree as f64 / c.comparable().max(1) as f64,
            ),
        );
    }
    for r in rows {
        let c = &r.comparison;
        if c.disagreements.is_empty() {
            continue;
        }
        println!(
            "\n{}: disagreements (cargo-mutants / mutate), logs in {}",
            r.name,
            r.their_out.display()
        );
        for (t, o) in &c.disagreements {
            let note = if r.doctest_only.contains(&t.name) {
                "  [only doctests catch it]"
            } else if o.timeout || t.timeout {
                "  [timeout]"
            } else if (t.verdict == Verdict::Unviable) != (o.verdict == Verdict::Unviable) {
                "  [built by one tool only]"
            } else {
                ""
            };
            let view = match r.views.get(&t.name) {
                Some(Some(k)) => format!("  [cargo test detects it {k}/{VIEW_RUNS}]"),
                Some(None) => "  [cargo test's view not taken: a run failed or overran]".into(),
                None => String::new(),
            };
            println!("  {:?}/{:?}  {}{note}{view}", t.verdict, o.verdict, t.name);
        }
    }
    for r in rows {
        let c = &r.comparison;
        if c.apart.is_empty() {
            continue;
        }
        println!(
            "\n{}: shared names not compared (cargo-mutants / mutate)",
            r.name
        );
        for (t, o, why) in &c.apart {
            println!("  {:?}/{:?}  {}: {why}", t.verdict, o.verdict, t.name);
        }
    }
    for r in rows {
        let c = &r.comparison;
        println!(
            "\n{}: {} mutants only cargo-mutants makes, {} only mutate makes",
            r.name,
            c.only_theirs.len(),
            c.only_ours.len()
        );
        for t in &c.only_theirs {
            println!("  cargo-mutants only: {}", t.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_sets_and_lists_of_crates() {
        let apps = parse_crates("applications").unwrap();
        assert_eq!(apps.len(), 8);
        assert!(apps.contains(&("getset".into(), "0.1.7".into())));
        assert_eq!(parse_crates("corpus").unwrap().len(), 14);
        assert_eq!(parse_crates("popular").unwrap().len(), 40);
        assert_eq!(
            parse_crates("fnv@1.0.7").unwrap(),
            [("fnv".to_owned(), "1.0.7".to_owned())]
        );
        assert!(parse_crates("fnv").is_err());
        assert_eq!(
            parse_crates("fnv@1.0.7,itoa@1.0.19,fnv@1.0.7"),
            Err("`fnv@1.0.7` is named twice".to_owned())
        );
    }
}
