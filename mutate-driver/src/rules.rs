//! The user's rules (`[[package.metadata.mutate.rules]]`, else the workspace's
//! `[[workspace.metadata.mutate.rules]]`): read and checked for every package before
//! anything is built, and written for `#[mutate]` one file per package
//! (`<target>/mutate/rules/<package>.rules`, `mutate_protocol::env::RULES`). A package's
//! file is the same whichever run writes it, and rewritten only when it changes: rustc
//! tracks it, so a changed rule rebuilds that package's crates and nothing else.

use crate::error::{Error, Operation, Result};
use mutate_operators::rules::{self, RuleSpec};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each package's rules, by package name.
#[derive(Debug, Clone, Default)]
pub struct Rules {
    by_package: BTreeMap<String, Vec<RuleSpec>>,
}

impl Rules {
    pub fn read(metadata: &cargo_metadata::Metadata) -> Result<Rules> {
        let shared = match &metadata.workspace_metadata["mutate"]["rules"] {
            Value::Null => Vec::new(),
            value => read_rules(value, "[workspace.metadata.mutate]")?,
        };
        let mut by_package = BTreeMap::new();
        for package in &metadata.packages {
            let own = &package.metadata["mutate"]["rules"];
            let rules = if own.is_null() {
                shared.clone()
            } else {
                read_rules(
                    own,
                    &format!("[package.metadata.mutate] of {}", package.name),
                )?
            };
            by_package.insert(package.name.to_string(), rules);
        }
        Ok(Rules { by_package })
    }

    /// Every rule's name, each once: what `--operators` and the configuration may name.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .by_package
            .values()
            .flatten()
            .map(|r| r.name.clone())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Writes each package's file into `<target_dir>/rules`, which it returns.
    pub fn write(&self, target_dir: &Path) -> Result<PathBuf> {
        let dir = target_dir.join("rules");
        let io = |e| Error::caused(Operation::Build, "writing the rules for #[mutate]", e);
        std::fs::create_dir_all(&dir).map_err(io)?;
        for (package, specs) in &self.by_package {
            let path = dir.join(mutate_protocol::env::rules_file(package));
            let text = rules::render(specs);
            if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
                continue;
            }
            // Whole or not at all: another run's build may be reading it.
            let partial = path.with_extension(format!("{}.partial", std::process::id()));
            std::fs::write(&partial, text)
                .and_then(|()| std::fs::rename(&partial, &path))
                .map_err(io)?;
        }
        Ok(dir)
    }
}

/// `rules`: an array of tables, each `name`, `match`, `replace` and an optional `where`
/// (one condition or an array of them), compiled here so that a malformed rule is said
/// before anything is built.
fn read_rules(value: &Value, origin: &str) -> Result<Vec<RuleSpec>> {
    let usage = |what: String| Error::Usage(format!("{origin}: {what}"));
    let list = value.as_array().ok_or_else(|| {
        usage("`rules` must be an array of tables (`[[package.metadata.mutate.rules]]`)".into())
    })?;
    let mut specs = Vec::new();
    for (i, entry) in list.iter().enumerate() {
        let table = entry
            .as_object()
            .ok_or_else(|| usage(format!("rule #{} must be a table", i + 1)))?;
        let rule = match table.get("name").and_then(Value::as_str) {
            Some(name) => format!("rule `{name}`"),
            None => format!("rule #{}", i + 1),
        };
        let text = |key: &str| -> Result<String> {
            match table.get(key) {
                Some(Value::String(s)) => Ok(s.clone()),
                Some(_) => Err(usage(format!("{rule}: `{key}` must be a string"))),
                None => Err(usage(format!("{rule}: `{key}` is missing"))),
            }
        };
        for key in table.keys() {
            if !matches!(key.as_str(), "name" | "match" | "where" | "replace") {
                return Err(usage(format!(
                    "{rule}: unknown key `{key}` (known: name, match, where, replace)"
                )));
            }
        }
        let conditions = match table.get("where") {
            None => Vec::new(),
            Some(Value::String(s)) => vec![s.clone()],
            Some(Value::Array(items)) => items
                .iter()
                .map(|c| c.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| usage(format!("{rule}: `where` must be a string or strings")))?,
            Some(_) => {
                return Err(usage(format!(
                    "{rule}: `where` must be a string or strings"
                )));
            }
        };
        specs.push(RuleSpec {
            name: text("name")?,
            pattern: text("match")?,
            conditions,
            replace: text("replace")?,
        });
    }
    rules::compile_all(&specs).map_err(|e| usage(e.to_string()))?;
    Ok(specs)
}
