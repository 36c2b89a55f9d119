//! Where suggested tests are compiled and run: as an integration test of the library (a
//! public function, a file of its own), or inside the library's own unit tests (a private
//! function: a test module beside the item that defines it, which `#[mutate]` declares in
//! the driver's compilations, `mutate_protocol::env::UNIT_TESTS`).

use super::build::{self, Built, File};
use super::command::{self, Recorded};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What the test modules of a unit-test target are called (`__mutate_suggested_<line>`):
/// the filter that runs them alone.
const MODULES: &str = "__mutate_suggested_";

pub enum Target {
    /// An integration test, compiled as `like` was, the library's `rlib` linked in where
    /// `like` does not already link it.
    Integration {
        like: Recorded,
        library: Option<(String, PathBuf)>,
    },
    /// The library `crate_name`'s unit tests (`like`), each survivor's tests in a module
    /// beside the item at its anchor (file, line).
    Unit {
        like: Recorded,
        crate_name: String,
        anchors: BTreeMap<usize, (String, usize)>,
        /// The anchors are inside the covering tests' own modules (`test_module.rs`),
        /// not beside the functions.
        in_test_modules: bool,
    },
}

impl Target {
    /// Compiles `parts` (survivor, its tests' code) after `header` and `prelude`, as
    /// `name` in `dir`: each already as this target compiles it ([`Target::written`]).
    pub fn compile(
        &self,
        dir: &Path,
        name: &str,
        (header, prelude): (&str, &str),
        parts: &[(usize, String)],
    ) -> Built {
        match self {
            Target::Integration { like, library } => {
                let path = dir.join(format!("{name}.rs"));
                let mut text = format!("{header}{prelude}");
                for (_, part) in parts {
                    text.push_str(part);
                }
                let library = library.as_ref().map(|(n, p)| (n.as_str(), p.as_path()));
                let command = command::test_like(like, &path, name, dir, library);
                build::compile(command, &[File { path, text }], dir.join(name))
            }
            Target::Unit { like, anchors, .. } => {
                let mut by_anchor: BTreeMap<&(String, usize), Vec<&str>> = BTreeMap::new();
                for (m, part) in parts {
                    if let Some(anchor) = anchors.get(m) {
                        by_anchor.entry(anchor).or_default().push(part);
                    }
                }
                let mut files = Vec::new();
                let mut list = String::new();
                for (i, ((file, line), parts)) in by_anchor.into_iter().enumerate() {
                    let path = dir.join(format!("unit-{name}-{i}.rs"));
                    let mut text =
                        format!("{header}#[allow(unused_imports)]\nuse super::*;\n{prelude}");
                    for part in parts {
                        text.push_str(part);
                    }
                    list.push_str(&format!("{file}\t{line}\t{}\n", path.display()));
                    files.push(File { path, text });
                }
                let list_path = dir.join(format!("unit-{name}.list"));
                if let Err(e) =
                    std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&list_path, list))
                {
                    return Built::Failed(format!("cannot write {}: {e}", list_path.display()));
                }
                let Some((command, executable)) =
                    command::unit_tests_like(like, dir, &format!("-mutate-{name}"), &list_path)
                else {
                    return Built::Failed("the unit tests' compilation names no crate".into());
                };
                build::compile(command, &files, executable)
            }
        }
    }

    /// libtest's arguments that run the generated tests `filter` matches (all: `None`).
    pub fn args(&self, filter: Option<&str>) -> Vec<String> {
        match (self, filter) {
            (_, Some(filter)) => vec![filter.to_owned()],
            (Target::Integration { .. }, None) => Vec::new(),
            // The library's own unit tests are in the executable too.
            (Target::Unit { .. }, None) => vec![MODULES.to_owned()],
        }
    }

    /// Generated code as this target compiles it: inside the library, the crate names
    /// itself `crate`, and `std` is the module's own (below).
    pub fn written(&self, text: &str) -> String {
        match self {
            Target::Integration { .. } => text.to_owned(),
            Target::Unit { crate_name, .. } => {
                build::renamed(&in_crate(text, crate_name), "::std::", "std::")
            }
        }
    }

    /// What a file of this target's tests starts with, before `prelude`: inside a
    /// `#![no_std]` library, no module has `std` unless it says so (and `::std` is no
    /// path there); saying so in a library with `std` changes nothing.
    pub fn prelude(&self, prelude: String) -> String {
        match self {
            Target::Integration { .. } => prelude,
            Target::Unit { .. } => format!("extern crate std;\n{prelude}"),
        }
    }

    /// Where a unit test of survivor `m` belongs: its file, and where in it if not at
    /// its end.
    pub fn module_of(&self, m: usize) -> Option<String> {
        match self {
            Target::Integration { .. } => None,
            Target::Unit {
                anchors,
                in_test_modules,
                ..
            } => anchors.get(&m).map(|(file, line)| match in_test_modules {
                true => format!("the test module of {file} that ends at line {line}"),
                false => file.clone(),
            }),
        }
    }
}

/// `text` with each path that starts at crate `crate_name` starting at `crate` instead.
fn in_crate(text: &str, crate_name: &str) -> String {
    build::renamed(text, &format!("{crate_name}::"), "crate::")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_the_library_its_paths_start_at_crate() {
        assert_eq!(
            in_crate(
                "<semver::V as fmt::Display>::fmt; xsemver::a; semver::parse::f(semver::V::new())",
                "semver"
            ),
            "<crate::V as fmt::Display>::fmt; xsemver::a; crate::parse::f(crate::V::new())"
        );
        assert_eq!(in_crate("use semver::*;", "semver"), "use crate::*;");
    }
}
