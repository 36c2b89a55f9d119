//! The driver as cargo's `RUSTC_WORKSPACE_WRAPPER` in its schemata builds. Cargo runs the
//! wrapper for workspace members only, which then get `--force-warn deprecated`,
//! `--cap-lints warn` and debug info of line tables at most. A mutant rustc proves
//! unviable is marked by a warning (`mutate_protocol::unviable_marks`): a deprecation,
//! which the crate's own lint levels must not hide, or a lint on constant arithmetic under
//! the mark's own `#[warn]`, which a crate's `#![forbid(..)]` must not turn into an error.
//! The cap also keeps the crate's own lint levels (`#![deny(warnings)]`,
//! `#![forbid(unsafe_code)]`) from stopping the generated code: the plain build already
//! tells whether the code as written builds. In `--all-items` builds (annotated copies of
//! the user's crates) the driver shows none of the members' warnings. The doc test crates
//! the driver generates are built as rustdoc builds them: no cap, no lint level from the
//! command line, so a crate's `#[doc(test(attr(deny(warnings))))]` holds. Every dependency
//! keeps the flags, and so the fingerprint, of the user's own `cargo test`, and is reused
//! rather than rebuilt.

use std::ffi::OsString;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Set on the driver's cargo: its presence is what tells this binary that cargo started it
/// as the wrapper.
const WRAPPER_ENV: &str = "MUTATE_WRAPPER_LINTS";
/// `name=path` of what was built apart (`all_items::Attribute`, `all_items::RuntimeApart`),
/// one a line, each passed to rustc as `--extern` for every member it compiles.
const EXTERN_ENV: &str = "MUTATE_WRAPPER_EXTERN";
/// The user's own `RUSTC_WORKSPACE_WRAPPER`, run in turn.
const USER_WRAPPER_ENV: &str = "MUTATE_WRAPPER_USER_WRAPPER";
const CARGO_ENV: &str = "RUSTC_WORKSPACE_WRAPPER";

/// Makes `cargo` run rustc on the workspace members through this binary; `copy`: the
/// members are the `--all-items` copy's, and `externs` the `--extern` values of what was
/// built apart for them (the attribute their annotations name, the runtime).
///
/// Builds of the user's own annotations reach this binary through a link in `links` (the
/// driver's folder in the target directory). Cargo tells builds apart by the wrapper's
/// path, not by where a member lies, and a member of the `--all-items` copy has the
/// original's path relative to its workspace: under one path, a build of the copy and one
/// of the original would share fingerprints, and one would take the other's stale output.
pub fn wrap_members(
    cargo: &mut Command,
    copy: bool,
    links: &Path,
    externs: &[String],
) -> std::io::Result<()> {
    let exe = std::env::current_exe()?;
    let wrapper = if copy {
        exe
    } else {
        link_to(&exe, &links.join("wrapper").join("cargo-mutate-driver"))?
    };
    wrap_members_through(cargo, &wrapper);
    if !externs.is_empty() {
        cargo.env(EXTERN_ENV, externs.join("\n"));
    }
    Ok(())
}

/// Set in the equivalence builds that compare the test executables' code: rustc keeps
/// their objects (`-C save-temps`).
pub const KEEP_OBJECTS_ENV: &str = "MUTATE_KEEP_OBJECTS";

/// Set in the builds of the proc macros' expansion phase (`compile::build_with_mutant`).
pub const EXPANSION_ENV: &str = "MUTATE_EXPANSION";

/// Whether this is an integration test built in the expansion phase: it holds no mutant,
/// and a lint level it sets on what a macro expands for it (`#![deny(non_snake_case)]`)
/// must hold as under `cargo test`, where a mutant of the macro that breaks it fails the
/// build.
fn expanding_test(args: &[OsString]) -> bool {
    let args: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    std::env::var_os(EXPANSION_ENV).is_some()
        && args.contains(&"--test")
        && args
            .iter()
            .any(|a| a.ends_with(".rs") && (a.starts_with("tests/") || a.contains("/tests/")))
}

/// Whether rustc's arguments `args` compile one of the doc test crates the driver
/// generates (`--crate-name doctest_..` from `mutate-doctests/`).
fn is_generated_doc_test(args: &[OsString]) -> bool {
    let args: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    let named = args
        .windows(2)
        .any(|w| w[0] == "--crate-name" && crate::doctests::is_doc_test_target(w[1]));
    // Relative to the workspace's root: a member's folder may come first.
    let folder = format!("{}/", crate::doctests::DIR);
    let within = format!("/{folder}");
    let generated = args
        .iter()
        .any(|a| a.ends_with(".rs") && (a.starts_with(&folder) || a.contains(&within)));
    named && generated
}

/// `args` without the options that set lint levels or cap them (`-D warnings`,
/// `--warn=unused`, `--cap-lints allow`), each with its value.
fn without_lint_levels(args: Vec<OsString>) -> Vec<OsString> {
    const SPLIT: [&str; 10] = [
        "-D",
        "-W",
        "-A",
        "-F",
        "--deny",
        "--warn",
        "--allow",
        "--forbid",
        "--force-warn",
        "--cap-lints",
    ];
    let mut kept = Vec::with_capacity(args.len());
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let Some(text) = arg.to_str() else {
            kept.push(arg);
            continue;
        };
        if SPLIT.contains(&text) {
            args.next();
            continue;
        }
        let joined = SPLIT.iter().any(|flag| match flag.starts_with("--") {
            true => text.starts_with(&format!("{flag}=")),
            false => text.len() > 2 && text.starts_with(flag),
        });
        if !joined {
            kept.push(arg);
        }
    }
    kept
}

/// Whether rustc's arguments `args` ask for more debug info than line tables: the last
/// `-C debuginfo=` (or `-g`, full) names a higher level. None at all is rustc's default.
fn more_than_line_tables(args: &[OsString]) -> bool {
    let mut level: Option<&str> = None;
    let mut args = args.iter().filter_map(|a| a.to_str());
    while let Some(arg) = args.next() {
        let codegen = match arg {
            "-C" | "--codegen" => args.next(),
            "-g" => Some("debuginfo=2"),
            other => other
                .strip_prefix("-C")
                .or(other.strip_prefix("--codegen=")),
        };
        if let Some(value) = codegen.and_then(|c| c.strip_prefix("debuginfo=")) {
            level = Some(value);
        }
    }
    matches!(level, Some("1" | "2" | "limited" | "full"))
}

/// A symbolic link at `link` to `target`, made or replaced as needed: made beside it and
/// renamed over it, so two runs never see it missing.
fn link_to(target: &Path, link: &Path) -> std::io::Result<PathBuf> {
    if std::fs::read_link(link).ok().as_deref() != Some(target) {
        if let Some(dir) = link.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let fresh = link.with_extension(format!("{}", std::process::id()));
        let _ = std::fs::remove_file(&fresh);
        std::os::unix::fs::symlink(target, &fresh)?;
        std::fs::rename(&fresh, link)?;
    }
    Ok(link.to_path_buf())
}

/// The crate's name and the library's folder in an `--extern` value (`name=path`).
pub fn extern_parts(extern_arg: &str) -> (&str, Option<&Path>) {
    match extern_arg.split_once('=') {
        Some((name, library)) => (name, Path::new(library).parent()),
        None => (extern_arg, None),
    }
}

/// The file in the driver's folder (`<target>/mutate`) that holds the `--extern` values
/// of what was built apart for the last `--all-items` copy, one a line.
const EXTERNS_FILE: &str = "externs";

/// Records the copy's `--extern` values (none: everything built with the crate) in the
/// driver's folder `mutate_dir`, for [`hand_recorded_externs`].
pub fn record_externs(mutate_dir: &Path, externs: &[String]) -> std::io::Result<()> {
    let file = mutate_dir.join(EXTERNS_FILE);
    if externs.is_empty() {
        return match std::fs::remove_file(file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        };
    }
    std::fs::write(file, externs.join("\n"))
}

/// Hands `cargo`'s compilations of the `--all-items` copy what the driver's last run
/// recorded in `mutate_dir`, as the driver's own build does: for tools that rebuild the
/// copy (the benchmarks), after [`wrap_members_through`].
pub fn hand_recorded_externs(cargo: &mut Command, mutate_dir: &Path) {
    if let Ok(externs) = std::fs::read_to_string(mutate_dir.join(EXTERNS_FILE)) {
        cargo.env(EXTERN_ENV, externs);
    }
}

/// As [`wrap_members`], through the driver executable `driver` (the benchmarks rebuild
/// the driver's build with it).
pub fn wrap_members_through(cargo: &mut Command, driver: &std::path::Path) {
    if let Some(user) = std::env::var_os(CARGO_ENV).filter(|w| !w.is_empty()) {
        cargo.env(USER_WRAPPER_ENV, user);
    }
    cargo.env(CARGO_ENV, driver).env(WRAPPER_ENV, "1");
}

/// When cargo started this process as the wrapper (`<driver> <rustc> <args>..`): runs
/// rustc with the mutants' marks forced on and the lints capped at `warn`, and never
/// returns.
pub fn run_if_wrapping() {
    if std::env::var_os(WRAPPER_ENV).is_none() {
        return;
    }
    let mut args = std::env::args_os().skip(1);
    let Some(rustc) = args.next() else {
        eprintln!("error: cargo-mutate-driver started as a rustc wrapper without a rustc");
        std::process::exit(101);
    };
    let mut args: Vec<OsString> = args.collect();
    // A generated doc test is built as rustdoc builds it: under the lint levels its
    // source gives (rustdoc's, and the crate's `#[doc(test(attr(..)))]`), none from the
    // command line (rustdoc hands a doc test neither RUSTFLAGS nor `[lints]`), no cap. It
    // holds no mutant, so no mark needs the forced warning.
    let doc_test = is_generated_doc_test(&args);
    if doc_test {
        args = without_lint_levels(args);
    }
    let mut command = match std::env::var_os(USER_WRAPPER_ENV) {
        Some(user) => {
            let mut c = Command::new(user);
            c.arg(rustc);
            c
        }
        None => Command::new(rustc),
    };
    command.args(&args);
    // Cargo asks rustc for its version and target info through the wrapper too, with no
    // source to compile: lint options are for compilations only.
    let compiles = args
        .iter()
        .any(|a| a.to_str().is_some_and(|a| a.ends_with(".rs")));
    if compiles {
        if !doc_test {
            command.arg("--force-warn").arg("deprecated");
            // rustc refuses an option given twice; a level the user set stays.
            let capped = args
                .iter()
                .any(|a| a.to_str().is_some_and(|a| a.starts_with("--cap-lints")));
            if !capped && !expanding_test(&args) {
                command.arg("--cap-lints").arg("warn");
            }
        }
        // Line tables at most: nothing the driver does reads the rest of the debug info
        // (its runs have backtraces off), and writing it for the schemata code took a few
        // percent of indexmap's build. No debug info at all saved three times that, but a
        // test may force a backtrace and look for a file in it. The last `-C debuginfo`
        // wins.
        if more_than_line_tables(&args) {
            command.arg("-C").arg("debuginfo=line-tables-only");
        }
        // An equivalence build that compares the tests' code too keeps each codegen
        // unit's object file beside the executable (`equivalence/build.rs`).
        if std::env::var_os(KEEP_OBJECTS_ENV).is_some() {
            remove_kept_objects(&args);
            command.arg("-C").arg("save-temps");
        }
        // Cargo does not know what was built apart: the attribute's name changes with
        // what it and the runtime were built from, and so does every annotation, which is
        // what makes cargo rebuild.
        let externs = std::env::var(EXTERN_ENV).unwrap_or_default();
        for extern_arg in externs.lines() {
            command.arg("--extern").arg(extern_arg);
            // A crate that depends on an annotated one finds the attribute and the
            // runtime, which the latter's metadata names as dependencies, by their own
            // names in their folders; so does the runtime find its own dependencies.
            if let Some(folder) = extern_parts(extern_arg).1 {
                let mut arg = OsString::from("dependency=");
                arg.push(folder);
                command.arg("-L").arg(arg);
            }
        }
    }
    if compiles && let Some(folder) = std::env::var_os(crate::suggest::command::COMMANDS_ENV) {
        // Best effort: a suggestion that finds no command is not made, the build goes on.
        let _ = crate::suggest::command::record(Path::new(&folder), &command);
    }
    let error = command.exec();
    eprintln!("error: cargo-mutate-driver could not run rustc: {error}");
    std::process::exit(101);
}

/// Removes what `-C save-temps` kept from the crate's previous compilation: rustc names
/// each codegen unit's files anew (`weak-0a1b.<unit>.<suffix>.rcgu.o`), so they would pile
/// up, and the objects beside an executable must be those of its last compilation alone.
fn remove_kept_objects(args: &[OsString]) {
    let value = |flag: &str| {
        let at = args.iter().position(|a| a == flag)?;
        args.get(at + 1)?.to_str()
    };
    let extra = args
        .iter()
        .filter_map(|a| a.to_str()?.strip_prefix("extra-filename="))
        .next()
        .unwrap_or("");
    let (Some(name), Some(dir)) = (value("--crate-name"), value("--out-dir")) else {
        return;
    };
    let prefix = format!("{name}{extra}.");
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let file = entry.file_name();
        let file = file.to_string_lossy();
        if file.starts_with(&prefix) && file.contains(".rcgu.") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{extern_parts, more_than_line_tables};
    use std::path::Path;

    #[test]
    fn an_extern_names_its_crate_and_folder() {
        assert_eq!(
            extern_parts("mutate_macro_0a=/cache/carried-0a/libmutate_macro.so"),
            ("mutate_macro_0a", Some(Path::new("/cache/carried-0a")))
        );
        assert_eq!(extern_parts("mutate_macro_0a"), ("mutate_macro_0a", None));
    }
    use std::ffi::OsString;

    fn args(line: &str) -> Vec<OsString> {
        line.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn a_generated_doc_test_gets_no_lint_level_from_the_command_line() {
        let doc_test = args(
            "--crate-name doctest_shared --edition=2021 mutate-doctests/doctest_shared.rs \
             -D warnings --cap-lints allow -Wunused --deny=dead_code --test",
        );
        assert!(super::is_generated_doc_test(&doc_test));
        assert_eq!(
            super::without_lint_levels(doc_test),
            args(
                "--crate-name doctest_shared --edition=2021 mutate-doctests/doctest_shared.rs --test"
            )
        );
        assert!(super::is_generated_doc_test(&args(
            "--crate-name doctest_shared crates/geo/mutate-doctests/doctest_shared.rs"
        )));
        // A test target of the user's named so is not one.
        assert!(!super::is_generated_doc_test(&args(
            "--crate-name doctest_helpers tests/doctest_helpers.rs"
        )));
    }

    #[test]
    fn debug_info_is_only_ever_lowered() {
        assert!(more_than_line_tables(&args(
            "--crate-name x -C debuginfo=2 src/lib.rs"
        )));
        assert!(more_than_line_tables(&args("-Cdebuginfo=limited -g")));
        assert!(more_than_line_tables(&args("-C debuginfo=0 -g")));
        // The last one wins.
        assert!(!more_than_line_tables(&args(
            "-C debuginfo=2 -C debuginfo=0"
        )));
        assert!(!more_than_line_tables(&args(
            "-C debuginfo=line-tables-only"
        )));
        assert!(!more_than_line_tables(&args(
            "--crate-name x -C opt-level=3 src/lib.rs"
        )));
    }
}
