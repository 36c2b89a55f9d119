//! The compilations of the schemata build, recorded by the rustc wrapper, and a test file
//! compiled as one of them: a suggested test is built exactly as the crate's own tests
//! are (the same flags, `--extern`s, features and environment), against the very library
//! the run tested, without touching the user's tree.
//!
//! Each member compilation is recorded in `<target>/mutate/commands`, named after its
//! output (`<crate name><extra filename>.json`, which is a test executable's file name),
//! and a library's also as `lib-<crate name>.json`, the last one built.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Set on the run's own schemata builds: the folder where the rustc wrapper records each
/// member compilation ([`record`]), for the tests the driver suggests, which are compiled
/// as the crate's own tests are.
pub const COMMANDS_ENV: &str = "MUTATE_WRAPPER_COMMANDS";

/// Where the commands of the schemata builds of the driver's folder `mutate_dir` are.
pub fn folder(mutate_dir: &Path) -> PathBuf {
    mutate_dir.join("commands")
}

/// One compilation: the program, its arguments, its folder and cargo's variables.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Recorded {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub cwd: PathBuf,
    pub env: BTreeMap<String, String>,
}

/// Records `command` (what the wrapper is about to run) in `folder`.
pub fn record(folder: &Path, command: &Command) -> std::io::Result<()> {
    let args: Vec<String> = command
        .get_args()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let Some(name) = value(&args, "--crate-name") else {
        return Ok(());
    };
    let extra = codegen_option(&args, "extra-filename").unwrap_or_default();
    // Cargo's, and the driver's own requests to the macro (schemata, build errors,
    // rules): a library compiled again must expand as it did.
    let env = std::env::vars()
        .filter(|(k, _)| k.starts_with("CARGO") || k == "OUT_DIR" || k.starts_with("MUTATE_"))
        .filter(|(k, _)| k != COMMANDS_ENV)
        .collect();
    let recorded = Recorded {
        program: PathBuf::from(command.get_program()),
        args: args.clone(),
        cwd: std::env::current_dir()?,
        env,
    };
    std::fs::create_dir_all(folder)?;
    let text = serde_json::to_string(&recorded)?;
    let library = !args.iter().any(|a| a == "--test")
        && value(&args, "--crate-type").is_some_and(|t| t == "lib" || t == "rlib");
    let mut names = vec![format!("{name}{extra}.json")];
    if library {
        names.push(format!("lib-{name}.json"));
    }
    for file in names {
        // Written whole, then renamed: two compilations of one crate may end together.
        let partial = folder.join(format!("{file}.{}", std::process::id()));
        std::fs::write(&partial, &text)?;
        std::fs::rename(partial, folder.join(file))?;
    }
    Ok(())
}

/// The value after `flag` (`--crate-name x`), or in `flag=x`.
fn value<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .enumerate()
        .find_map(|(i, a)| match a.strip_prefix(flag) {
            Some("") => args.get(i + 1).map(String::as_str),
            Some(rest) => rest.strip_prefix('='),
            None => None,
        })
}

/// A `-C name=value` option's value.
fn codegen_option<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    let prefix = format!("{name}=");
    args.iter()
        .enumerate()
        .filter_map(|(i, a)| match a.as_str() {
            "-C" => args.get(i + 1).map(String::as_str),
            _ => a.strip_prefix("-C"),
        })
        .find_map(|option| option.strip_prefix(&prefix))
}

/// The recorded compilation of the test executable `binary`, if the build recorded one.
pub fn of_binary(mutate_dir: &Path, binary: &Path) -> Option<Recorded> {
    let name = binary.file_name()?.to_str()?;
    read(&folder(mutate_dir).join(format!("{name}.json")))
}

fn read(file: &Path) -> Option<Recorded> {
    serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()
}

/// The library `crate_name`'s last compilation's output, an `rlib`.
pub fn library(mutate_dir: &Path, crate_name: &str) -> Option<PathBuf> {
    let lib = read(&folder(mutate_dir).join(format!("lib-{crate_name}.json")))?;
    let out_dir = value(&lib.args, "--out-dir")?;
    let extra = codegen_option(&lib.args, "extra-filename").unwrap_or_default();
    let path = lib
        .cwd
        .join(out_dir)
        .join(format!("lib{crate_name}{extra}.rlib"));
    path.is_file().then_some(path)
}

/// The recorded arguments without those that name its output or speak to cargo, its
/// source replaced by `source` where given.
fn replayed(like: &Recorded, source: Option<&Path>) -> Vec<String> {
    let mut args: Vec<String> = Vec::new();
    let mut skip = false;
    let mut replaced_source = false;
    let mut iter = like.args.iter().peekable();
    while let Some(a) = iter.next() {
        if skip {
            skip = false;
            continue;
        }
        // Options whose value names the original's output, or how it talks to cargo.
        let (flag, inline) = match a.split_once('=') {
            Some((f, _)) if f.starts_with("--") => (f, true),
            _ => (a.as_str(), false),
        };
        match flag {
            "--out-dir" | "--error-format" | "--json" | "--color" | "--diagnostic-width"
            | "--emit" => {
                skip = !inline;
                continue;
            }
            "--crate-name" if source.is_some() => {
                skip = !inline;
                continue;
            }
            "-C" => {
                let option = iter.peek().map(|s| s.as_str()).unwrap_or_default();
                if ["extra-filename=", "incremental=", "metadata="]
                    .iter()
                    .any(|p| option.starts_with(p))
                {
                    skip = true;
                    continue;
                }
            }
            _ => {}
        }
        if let Some(source) = source
            && !replaced_source
            && a.ends_with(".rs")
            && !a.starts_with('-')
        {
            args.push(source.display().to_string());
            replaced_source = true;
            continue;
        }
        args.push(a.clone());
    }
    args
}

/// A compilation of `source` as a test executable `name` in `out_dir`, made as the
/// recorded test `like` was, with the library `crate_name` (its `rlib`) linked in where
/// `like` does not already link it (the library's own unit tests).
pub fn test_like(
    like: &Recorded,
    source: &Path,
    name: &str,
    out_dir: &Path,
    library: Option<(&str, &Path)>,
) -> Command {
    let mut command = Command::new(&like.program);
    command
        .args(replayed(like, Some(source)))
        .args(["--crate-name", name, "--emit=link", "--error-format=json"])
        .arg("--out-dir")
        .arg(out_dir)
        .current_dir(&like.cwd)
        .envs(&like.env);
    if let Some((crate_name, rlib)) = library {
        let mut extern_arg = OsString::from(format!("{crate_name}="));
        extern_arg.push(rlib);
        command.arg("--extern").arg(extern_arg);
    }
    command
}

/// The library's unit tests `like` compiled again into `out_dir` with `extra` after their
/// name (incrementally there), `#[mutate]` asked to add the test modules `list` names
/// (`mutate_protocol::env::UNIT_TESTS`); and the executable it makes.
pub fn unit_tests_like(
    like: &Recorded,
    out_dir: &Path,
    extra: &str,
    list: &Path,
) -> Option<(Command, PathBuf)> {
    let name = value(&like.args, "--crate-name")?;
    let mut command = Command::new(&like.program);
    command
        .args(replayed(like, None))
        .args(["--emit=link", "--error-format=json"])
        .arg("-C")
        .arg(format!("extra-filename={extra}"))
        .arg("-C")
        .arg(format!(
            "incremental={}",
            out_dir.join("incremental").display()
        ))
        .arg("--out-dir")
        .arg(out_dir)
        .current_dir(&like.cwd)
        .envs(&like.env)
        .env(mutate_protocol::env::UNIT_TESTS, list);
    Some((command, out_dir.join(format!("{name}{extra}"))))
}

/// Whether `like` compiles a library's own unit tests (`--test` on the crate named
/// `crate_name`), not an integration test.
pub fn is_unit_tests_of(like: &Recorded, crate_name: &str) -> bool {
    like.args.iter().any(|a| a == "--test") && value(&like.args, "--crate-name") == Some(crate_name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(str::to_owned).collect()
    }

    #[test]
    fn options_are_read_in_both_spellings() {
        let a = args("--crate-name weak --edition=2021 -C extra-filename=-abc -Cmetadata=x");
        assert_eq!(value(&a, "--crate-name"), Some("weak"));
        assert_eq!(value(&a, "--edition"), Some("2021"));
        assert_eq!(codegen_option(&a, "extra-filename"), Some("-abc"));
        assert_eq!(codegen_option(&a, "metadata"), Some("x"));
    }

    #[test]
    fn a_test_is_compiled_as_the_recorded_one_with_its_own_source_and_name() {
        let like = Recorded {
            program: "rustc".into(),
            args: args(
                "--crate-name weak --edition=2021 tests/weak.rs --error-format=json \
                 --json=artifacts --emit=dep-info,link -C extra-filename=-abc --test \
                 --out-dir /t/deps --extern triangle=/t/deps/libtriangle-1.rlib",
            ),
            cwd: "/w".into(),
            env: BTreeMap::new(),
        };
        let command = test_like(
            &like,
            Path::new("/o/s.rs"),
            "suggested",
            Path::new("/o"),
            None,
        );
        let got: Vec<String> = command
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            got.join(" "),
            "--edition=2021 /o/s.rs --test --extern triangle=/t/deps/libtriangle-1.rlib \
             --crate-name suggested --emit=link --error-format=json --out-dir /o"
        );
    }
}
