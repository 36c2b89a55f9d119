//! The copied manifests of `--all-items`: the tested packages depend on the runtime, the
//! copy is a workspace of its own, and path dependencies that point outside the copied
//! tree still find what they named.

use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, InlineTable, Item, Table, Value};

/// Where the runtime the copy depends on comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Runtime {
    /// The registry, at exactly this version (the driver's own: the protocol is shared).
    Registry(String),
    /// A local checkout: the folder of `mutate-runtime`'s manifest.
    Path(PathBuf),
    /// The copy the driver carries, written out: the folder of its manifest.
    Carried(PathBuf),
}

/// How one manifest of the copy is changed.
pub struct Edit<'a> {
    /// The folder of the manifest in the user's tree: relative paths are resolved there.
    pub original_dir: &'a Path,
    /// The user's tree that was copied: paths inside it stay relative.
    pub copied_root: &'a Path,
    /// The copy's root manifest: made a workspace of its own if it is not one.
    pub is_root: bool,
    /// For a tested package: the runtime to add.
    pub runtime: Option<&'a Runtime>,
    /// The runtime is added without its attribute (`default-features = false`): the
    /// driver hands rustc one it built apart.
    pub without_attribute: bool,
    /// For a tested package with doc tests: the generated tests to declare, as (target
    /// name, file relative to the package).
    pub doctests: &'a [(String, String)],
}

/// Declares `tests` (target name, file relative to the package) as `[[test]]` targets of
/// the manifest `text`: the rebuild net's doc tests set apart, after the mirror was made.
pub fn declare_tests(
    text: &str,
    tests: &[(String, String)],
) -> Result<String, toml_edit::TomlError> {
    let mut doc: DocumentMut = text.parse()?;
    declare(&mut doc, tests);
    Ok(doc.to_string())
}

fn declare(doc: &mut DocumentMut, tests: &[(String, String)]) {
    if tests.is_empty() {
        return;
    }
    // An explicit `[[test]]` turns off finding `tests/*.rs` in edition 2015.
    if let Some(package) = doc.get_mut("package").and_then(Item::as_table_like_mut)
        && !package.contains_key("autotests")
    {
        package.insert("autotests", toml_edit::value(true));
    }
    let declared = doc
        .entry("test")
        .or_insert_with(|| Item::ArrayOfTables(toml_edit::ArrayOfTables::new()));
    if let Some(declared) = declared.as_array_of_tables_mut() {
        for (name, path) in tests {
            let mut test = Table::new();
            test.insert("name", toml_edit::value(name));
            test.insert("path", toml_edit::value(path));
            declared.push(test);
        }
    }
}

pub const RUNTIME: &str = "mutate-runtime";

impl Edit<'_> {
    pub fn apply(&self, text: &str) -> Result<String, toml_edit::TomlError> {
        let mut doc: DocumentMut = text.parse()?;
        if self.is_root && !doc.contains_key("workspace") {
            // Else cargo would look above the copy for a workspace to join.
            doc.insert("workspace", Item::Table(Table::new()));
        }
        for table in dependency_tables(&mut doc) {
            for (_, dependency) in table.iter_mut() {
                self.keep_path_reachable(dependency);
            }
        }
        if let Some(runtime) = self.runtime {
            let deps = doc
                .entry("dependencies")
                .or_insert_with(|| Item::Table(Table::new()));
            if let Some(deps) = deps.as_table_like_mut()
                && !deps.contains_key(RUNTIME)
            {
                let mut spec = InlineTable::new();
                match runtime {
                    Runtime::Registry(version) => {
                        spec.insert("version", format!("={version}").into());
                    }
                    Runtime::Path(dir) | Runtime::Carried(dir) => {
                        spec.insert("path", dir.display().to_string().into());
                    }
                }
                if self.without_attribute {
                    spec.insert("default-features", false.into());
                }
                deps.insert(RUNTIME, Item::Value(Value::InlineTable(spec)));
            }
        }
        declare(&mut doc, self.doctests);
        Ok(doc.to_string())
    }

    /// A relative `path` that leaves the copied tree is made absolute.
    fn keep_path_reachable(&self, dependency: &mut Item) {
        let Some(spec) = dependency.as_table_like_mut() else {
            return;
        };
        let Some(path) = spec.get("path").and_then(Item::as_str) else {
            return;
        };
        let relative = Path::new(path);
        if relative.is_absolute() {
            return;
        }
        let target = normalize(&self.original_dir.join(relative));
        if !target.starts_with(self.copied_root) {
            spec.insert("path", toml_edit::value(target.display().to_string()));
        }
    }
}

/// Every table of dependency specs a manifest can hold.
fn dependency_tables(doc: &mut DocumentMut) -> Vec<&mut dyn toml_edit::TableLike> {
    const KINDS: [&str; 3] = ["dependencies", "dev-dependencies", "build-dependencies"];
    let mut out: Vec<&mut dyn toml_edit::TableLike> = Vec::new();
    for (key, item) in doc.as_table_mut().iter_mut() {
        match key.get() {
            k if KINDS.contains(&k) => out.extend(item.as_table_like_mut()),
            "target" => {
                let Some(targets) = item.as_table_like_mut() else {
                    continue;
                };
                for (_, target) in targets.iter_mut() {
                    let Some(target) = target.as_table_like_mut() else {
                        continue;
                    };
                    for (kind, deps) in target.iter_mut() {
                        if KINDS.contains(&kind.get()) {
                            out.extend(deps.as_table_like_mut());
                        }
                    }
                }
            }
            "workspace" => {
                if let Some(deps) = item.get_mut("dependencies") {
                    out.extend(deps.as_table_like_mut());
                }
            }
            "patch" => {
                let Some(sources) = item.as_table_like_mut() else {
                    continue;
                };
                for (_, source) in sources.iter_mut() {
                    out.extend(source.as_table_like_mut());
                }
            }
            _ => {}
        }
    }
    out
}

/// `a/b/../c` as `a/c`, without touching the file system (the path may not exist).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(text: &str, is_root: bool, runtime: Option<&Runtime>) -> String {
        Edit {
            original_dir: Path::new("/home/u/ws/crates/a"),
            copied_root: Path::new("/home/u/ws"),
            is_root,
            runtime,
            without_attribute: false,
            doctests: &[],
        }
        .apply(text)
        .unwrap()
    }

    #[test]
    fn declares_the_generated_doc_tests() {
        let out = Edit {
            original_dir: Path::new("/home/u/ws"),
            copied_root: Path::new("/home/u/ws"),
            is_root: true,
            runtime: None,
            without_attribute: false,
            doctests: &[("d".into(), "mutate-doctests/d.rs".into())],
        }
        .apply("[package]\nname = \"a\"\n\n[[test]]\nname = \"it\"\n")
        .unwrap();
        assert!(
            out.starts_with("[package]\nname = \"a\"\nautotests = true\n"),
            "{out}"
        );
        assert!(
            out.contains(
                "[[test]]\nname = \"it\"\n\n[[test]]\nname = \"d\"\npath = \"mutate-doctests/d.rs\"\n"
            ),
            "{out}"
        );
    }

    #[test]
    fn adds_the_runtime_from_the_registry_or_a_path() {
        let text = "[package]\nname = \"a\"\n\n[dependencies]\nserde = \"1\"\n";
        let registry = edit(text, false, Some(&Runtime::Registry("0.3.0".into())));
        assert!(
            registry.contains("mutate-runtime = { version = \"=0.3.0\" }"),
            "{registry}"
        );
        let path = edit(
            "[package]\nname = \"a\"\n",
            false,
            Some(&Runtime::Path("/rt".into())),
        );
        assert!(
            path.contains("[dependencies]\nmutate-runtime = { path = \"/rt\" }"),
            "{path}"
        );
    }

    #[test]
    fn adds_the_carried_runtime_without_its_attribute_when_asked() {
        let out = Edit {
            original_dir: Path::new("/home/u/ws"),
            copied_root: Path::new("/home/u/ws"),
            is_root: false,
            runtime: Some(&Runtime::Carried("/rt".into())),
            without_attribute: true,
            doctests: &[],
        }
        .apply("[package]\nname = \"a\"\n")
        .unwrap();
        assert!(
            out.contains(
                "[dependencies]\nmutate-runtime = { path = \"/rt\", default-features = false }"
            ),
            "{out}"
        );
    }

    #[test]
    fn keeps_an_existing_runtime_dependency() {
        let text = "[dependencies]\nmutate-runtime = \"0.1\"\n";
        let out = edit(text, false, Some(&Runtime::Path("/rt".into())));
        assert_eq!(out, text);
    }

    #[test]
    fn makes_the_root_a_workspace_once() {
        let out = edit("[package]\nname = \"a\"\n", true, None);
        assert!(out.contains("[workspace]"), "{out}");
        let ws = "[workspace]\nmembers = [\"a\"]\n";
        assert_eq!(edit(ws, true, None), ws);
        assert!(!edit("[package]\nname = \"a\"\n", false, None).contains("workspace"));
    }

    #[test]
    fn absolutizes_only_paths_that_leave_the_copy() {
        let text = "[dependencies]\ninside = { path = \"../b\" }\noutside = { path = \"../../../lib\" }\n\
                    [target.'cfg(unix)'.dev-dependencies]\nfar = { path = \"../../../far\" }\n\
                    [patch.crates-io]\np = { path = \"../../../p\" }\n";
        let out = edit(text, false, None);
        assert!(out.contains("inside = { path = \"../b\" }"), "{out}");
        assert!(
            out.contains("outside = { path = \"/home/u/lib\" }"),
            "{out}"
        );
        assert!(out.contains("far = { path = \"/home/u/far\" }"), "{out}");
        assert!(out.contains("p = { path = \"/home/u/p\" }"), "{out}");
    }
}
