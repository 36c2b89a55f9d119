//! The runtime of `--all-items`, built apart, once per driver, toolchain and flags.
//!
//! Built as the copy's dependency, the runtime (with `libc`, `ctor` and the protocol) is on
//! the way to every crate under test: on a crate with few dependencies, most of a clean
//! run's build. The driver instead builds it with cargo into the cache, shared by every
//! crate it tests, and the copy does not depend on it: the rustc wrapper hands the tested
//! crates its library as `--extern mutate_runtime`.
//!
//! That build must link with the crate's. Cargo runs it from the folder the crate's build
//! runs from, with the same environment, so the same cargo configuration, `RUSTFLAGS`,
//! target and compiler apply; cargo's own fingerprints in the shared build folder then
//! rebuild whatever differs. The profile is not the crate's: the crate's manifest does not
//! reach this build. Its settings change how the runtime is optimised and checked (in the
//! crate's build the runtime has the driver's own, `compile::RUNTIME_PROFILE`, over
//! them), except `lto`, which needs every library's bitcode: a crate whose manifest's test
//! profile sets it is not given the runtime built apart (`all_items::built_apart`).
//!
//! The crate under test does not know the library as cargo knows a dependency, so what it
//! was compiled against must never change under it: the libraries are copied out of the
//! build folder into one named after the build (`carried-<key>/runtime/<stamp>`), never
//! written again. The annotations name the attribute's key, which names the runtime's
//! sources too, so a new driver rebuilds the crate; new flags rebuild it as they rebuild
//! the runtime.

use super::cache::{self, Carried, NotBuilt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The runtime's library, built apart, beside those of its dependencies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimeApart {
    pub library: PathBuf,
}

impl RuntimeApart {
    /// rustc's `--extern` value for it.
    pub fn extern_arg(&self) -> String {
        format!("mutate_runtime={}", self.library.display())
    }
}

/// The runtime's library, from the cache's build of it (built or brought up to date now).
pub fn prepare(carried: &Carried) -> Result<RuntimeApart, NotBuilt> {
    prepare_as(carried, Variant::Schemata)
}

/// Which runtime: the schemata builds', or the equivalence builds' (whose switches are
/// constants, `MUTATE_SCHEMATA=fixed`). Each has its own build folder, so neither makes
/// cargo rebuild the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    Schemata,
    Fixed,
}

impl Variant {
    fn schemata_env(self) -> &'static str {
        match self {
            Variant::Schemata => "1",
            Variant::Fixed => mutate_protocol::env::SCHEMATA_FIXED,
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Variant::Schemata => "",
            Variant::Fixed => "-fixed",
        }
    }
}

/// [`prepare`] for either variant.
pub fn prepare_as(carried: &Carried, variant: Variant) -> Result<RuntimeApart, NotBuilt> {
    let _lock = carried.lock("mutate-runtime")?;
    let kept = carried.dir.join(format!("runtime{}", variant.suffix()));
    let target = carried
        .root
        .join(format!("runtime-build{}", variant.suffix()));
    let first = !kept.is_dir();
    if first {
        eprintln!(
            "    Building mutate-runtime once for this driver, toolchain and flags, into {}",
            target.display()
        );
    }
    let sources = carried.write_sources()?;
    let started = std::time::Instant::now();
    let built = build(&sources, &target, &carried.key, variant)?;
    if built.compiled {
        if !first {
            eprintln!(
                "    Rebuilt mutate-runtime for other flags or another toolchain in {:.1}s, \
                 into {}",
                started.elapsed().as_secs_f64(),
                target.display()
            );
        }
        cache::limit_size(&target, cache::BUILD_FOLDER_LIMIT);
    }
    let runtime = keep(&built, &kept)?;
    // A build is kept per flags in use (each change of them is a new one), the carried
    // crates per driver and toolchain: those no run used lately go.
    let folder = runtime.library.parent().unwrap_or(&carried.dir);
    cache::tidy(&kept, "", folder, UNUSED_BUILD);
    // `attribute-`: the attribute alone, as drivers before this one kept it.
    for prefix in ["carried-", "attribute-"] {
        cache::tidy(&carried.root, prefix, &carried.dir, UNUSED_DRIVER);
    }
    Ok(runtime)
}

/// The profile of `cargo test`'s build (`test`, or `dev`, which it inherits) that sets
/// link-time optimisation in the workspace's manifest `manifest`: it needs the bitcode of
/// every library, which the runtime built apart, with cargo's own profile, lacks. A
/// profile set from cargo's configuration or environment reaches the runtime's build too.
pub fn profile_with_lto(manifest: &str) -> Option<&'static str> {
    let doc: toml_edit::DocumentMut = manifest.parse().ok()?;
    let lto = |profile: &str| doc.get("profile")?.get(profile)?.get("lto");
    // `test` inherits `dev`'s setting unless it has its own.
    let (profile, lto) = ["test", "dev"]
        .into_iter()
        .find_map(|profile| Some((profile, lto(profile)?)))?;
    (lto.as_bool() != Some(false) && lto.as_str() != Some("off")).then_some(profile)
}

/// How long a build of the runtime is kept after its last use.
const UNUSED_BUILD: Duration = Duration::from_secs(24 * 3600);
/// How long the crates a driver carries, built, are kept after its last use.
const UNUSED_DRIVER: Duration = Duration::from_secs(30 * 24 * 3600);

/// What cargo built: the runtime's library and those it links with.
struct Built {
    runtime: PathBuf,
    libraries: Vec<PathBuf>,
    /// Whether cargo compiled anything (rather than find it all fresh).
    compiled: bool,
}

/// `cargo build -p mutate-runtime` without its attribute, into `target`, as the crate's
/// schemata build would have built it.
fn build(sources: &Path, target: &Path, key: &str, variant: Variant) -> Result<Built, NotBuilt> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .env(mutate_protocol::env::SCHEMATA, variant.schemata_env())
        // The user's workspace wrapper is for the user's crates.
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .env_remove("CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER")
        .args([
            "build",
            "--lib",
            "-p",
            "mutate-runtime",
            "--no-default-features",
        ])
        .args(
            crate::compile::RUNTIME_PROFILE
                .iter()
                .flat_map(|setting| ["--config", setting]),
        );
    read_messages(&super::cache::build(&mut command, sources, target, key)?)
}

/// The libraries in cargo's messages. A dependency whose build script links native code
/// or adds a search path is refused: the crate's build would have passed those on to
/// rustc, and the wrapper does not.
fn read_messages(messages: &[serde_json::Value]) -> Result<Built, NotBuilt> {
    let mut runtime = None;
    let mut libraries = Vec::new();
    let mut compiled = false;
    for message in messages {
        match message["reason"].as_str() {
            Some("build-script-executed") => {
                let links = ["linked_libs", "linked_paths"]
                    .iter()
                    .any(|field| message[field].as_array().is_some_and(|a| !a.is_empty()));
                if links {
                    return Err(NotBuilt(format!(
                        "{} links native code",
                        message["package_id"].as_str().unwrap_or("a dependency")
                    )));
                }
            }
            Some("compiler-artifact") => {
                compiled |= message["fresh"] == false;
                let files = message["filenames"].as_array().into_iter().flatten();
                for file in files.filter_map(|f| f.as_str()).map(PathBuf::from) {
                    if file.extension().is_some_and(|e| e == "rlib") {
                        if message["target"]["name"] == "mutate_runtime" {
                            runtime = Some(file.clone());
                        }
                        libraries.push(file);
                    }
                }
            }
            _ => {}
        }
    }
    match runtime {
        Some(runtime) => Ok(Built {
            runtime,
            libraries,
            compiled,
        }),
        None => Err(NotBuilt("cargo named no library of it".into())),
    }
}

/// The build's libraries, copied into `under/<stamp>` unless a folder of that build is
/// there already; the runtime's library in it.
fn keep(built: &Built, under: &Path) -> Result<RuntimeApart, NotBuilt> {
    let cannot = |e: std::io::Error| NotBuilt(format!("cannot keep its libraries: {e}"));
    let folder = under.join(stamp(&built.libraries).map_err(cannot)?);
    let name = |path: &Path| path.file_name().map(PathBuf::from).unwrap_or_default();
    let library = folder.join(name(&built.runtime));
    if !folder.is_dir() {
        // Filled beside, then renamed: a run never sees half a folder.
        let fresh = folder.with_extension(format!("{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&fresh);
        std::fs::create_dir_all(&fresh).map_err(cannot)?;
        for file in &built.libraries {
            std::fs::copy(file, fresh.join(name(file))).map_err(cannot)?;
        }
        std::fs::rename(&fresh, &folder).map_err(cannot)?;
    }
    Ok(RuntimeApart { library })
}

/// Names one build of the libraries: their names, sizes and times of change.
fn stamp(libraries: &[PathBuf]) -> std::io::Result<String> {
    let mut sorted: Vec<&PathBuf> = libraries.iter().collect();
    sorted.sort();
    let mut bytes = Vec::new();
    for file in sorted {
        let meta = std::fs::metadata(file)?;
        let changed = meta
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        bytes.extend_from_slice(file.as_os_str().as_encoded_bytes());
        bytes.push(0);
        bytes.extend_from_slice(&meta.len().to_ne_bytes());
        bytes.extend_from_slice(&changed.as_nanos().to_ne_bytes());
    }
    Ok(cache::hex_digest(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(lines: &str) -> Vec<serde_json::Value> {
        lines
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect()
    }

    #[test]
    fn the_libraries_are_read_from_cargos_messages() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"libc"},"fresh":true,"filenames":["/t/debug/deps/liblibc-1.rlib","/t/debug/deps/liblibc-1.rmeta"]}
{"reason":"build-script-executed","package_id":"libc","linked_libs":[],"linked_paths":[]}
{"reason":"compiler-artifact","target":{"name":"mutate_runtime"},"fresh":false,"filenames":["/t/debug/deps/libmutate_runtime-2.rlib","/t/debug/deps/libmutate_runtime-2.rmeta"]}
{"reason":"build-finished","success":true}"#;
        let built = read_messages(&parse(messages)).unwrap();
        assert!(built.compiled);
        let all_fresh = messages.replace(r#""fresh":false"#, r#""fresh":true"#);
        assert!(!read_messages(&parse(&all_fresh)).unwrap().compiled);
        assert_eq!(
            built.runtime,
            PathBuf::from("/t/debug/deps/libmutate_runtime-2.rlib")
        );
        assert_eq!(
            built.libraries,
            [
                PathBuf::from("/t/debug/deps/liblibc-1.rlib"),
                PathBuf::from("/t/debug/deps/libmutate_runtime-2.rlib")
            ]
        );
    }

    #[test]
    fn a_dependency_that_links_native_code_is_refused() {
        let messages = r#"{"reason":"build-script-executed","package_id":"zlib-sys","linked_libs":["z"],"linked_paths":[]}
{"reason":"compiler-artifact","target":{"name":"mutate_runtime"},"filenames":["/t/libmutate_runtime-2.rlib"]}"#;
        let NotBuilt(why) = read_messages(&parse(messages)).err().unwrap();
        assert!(why.contains("zlib-sys links native code"), "{why}");
    }

    #[test]
    fn link_time_optimisation_in_the_tests_profiles_is_found() {
        let with = |section: &str, lto: &str| {
            format!("[package]\nname = \"a\"\n\n[{section}]\nlto = {lto}\n")
        };
        assert_eq!(profile_with_lto(&with("profile.dev", "true")), Some("dev"));
        assert_eq!(
            profile_with_lto(&with("profile.test", "\"thin\"")),
            Some("test")
        );
        assert_eq!(
            profile_with_lto(&with("profile.dev", "\"fat\"")),
            Some("dev")
        );
        assert_eq!(profile_with_lto(&with("profile.dev", "false")), None);
        assert_eq!(profile_with_lto(&with("profile.dev", "\"off\"")), None);
        let both = "[profile.dev]\nlto = true\n\n[profile.test]\nlto = false\n";
        assert_eq!(profile_with_lto(both), None, "test's own setting wins");
        // `cargo test` does not build with the release profile.
        assert_eq!(profile_with_lto(&with("profile.release", "true")), None);
        assert_eq!(profile_with_lto("[package]\nname = \"a\"\n"), None);
    }

    #[test]
    fn a_build_is_named_by_its_files() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("liba-1.rlib");
        std::fs::write(&a, b"one").unwrap();
        let first = stamp(std::slice::from_ref(&a)).unwrap();
        assert_eq!(first, stamp(std::slice::from_ref(&a)).unwrap());
        std::fs::write(&a, b"other").unwrap();
        assert_ne!(first, stamp(std::slice::from_ref(&a)).unwrap());
    }
}
