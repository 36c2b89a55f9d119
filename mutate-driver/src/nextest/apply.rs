//! The settings put to the tests discovered: each test's binary named as nextest names it
//! (package, kind, binary id, from cargo's metadata), the tests its `default-filter`
//! leaves out dropped, and each kept test's group, limit and retries returned. Generated
//! doc tests are nextest's to ignore (it does not run doc tests): always kept, no settings.

use super::{ForTest, Groups, Nextest, TestQuery};
use crate::compile::{TestBinary, Workspace};
use crate::discover::Discovery;

/// What the settings made of the run's tests.
pub struct Applied {
    pub nextest: Nextest,
    /// By test index (of the tests kept).
    pub per_test: Vec<ForTest>,
    /// How many tests the default filter left out.
    pub left_out: usize,
}

impl Applied {
    /// The gate of the test groups, by test index.
    pub fn groups(&self) -> Groups {
        let of_test = self.per_test.iter().map(|t| t.group).collect();
        let limits = self.nextest.groups.iter().map(|(_, n)| *n).collect();
        Groups::new(of_test, limits)
    }
}

/// Drops the tests the default filter leaves out of `d`, and says what the settings give
/// the others.
pub fn apply(nextest: Nextest, workspace: &Workspace, d: &mut Discovery) -> Applied {
    let binaries: Vec<Option<Identity>> =
        d.binaries.iter().map(|b| identity(workspace, b)).collect();
    let settings = |binary: usize, test: &str| match &binaries[binary] {
        Some(id) => nextest.for_test(&TestQuery {
            package: &id.package,
            kind: &id.kind,
            binary: &d.binaries[binary].target,
            binary_id: &id.binary_id,
            test,
        }),
        None => ForTest {
            considered: true,
            ..ForTest::default()
        },
    };
    let all: Vec<ForTest> = d
        .tests
        .iter()
        .map(|t| settings(t.binary, &t.name))
        .collect();
    let before = d.tests.len();
    let mut kept = all.iter().map(|s| s.considered);
    d.tests.retain(|_| kept.next().unwrap_or(true));
    let per_test: Vec<ForTest> = all.into_iter().filter(|s| s.considered).collect();
    Applied {
        left_out: before - d.tests.len(),
        nextest,
        per_test,
    }
}

/// A test binary as nextest names it.
struct Identity {
    package: String,
    kind: String,
    binary_id: String,
}

/// The workspace package and target `binary` was built from (its target's name and its
/// root file, relative to the workspace root, which an `--all-items` copy keeps); `None`
/// for a crate the driver generated.
fn identity(workspace: &Workspace, binary: &TestBinary) -> Option<Identity> {
    for package in workspace.metadata.workspace_packages() {
        for target in &package.targets {
            let src = target.src_path.as_std_path();
            let relative = src.strip_prefix(&workspace.root).unwrap_or(src);
            if target.name != binary.target || relative.to_string_lossy() != binary.src_path {
                continue;
            }
            let kind = target
                .kind
                .first()
                .map_or_else(|| "lib".to_owned(), |k| k.to_string());
            let kind = match kind.as_str() {
                "rlib" | "dylib" | "cdylib" | "staticlib" => "lib".to_owned(),
                _ => kind,
            };
            let binary_id = match kind.as_str() {
                "lib" | "proc-macro" => package.name.to_string(),
                "test" => format!("{}::{}", package.name, target.name),
                other => format!("{}::{other}/{}", package.name, target.name),
            };
            return Some(Identity {
                package: package.name.to_string(),
                kind,
                binary_id,
            });
        }
    }
    None
}
