//! No module of any crate imports a module that imports it back (ARCHITECTURE.md,
//! "Layers"): each crate's modules form a chain, so a change has one obvious room and
//! nothing needs the whole crate to understand one part. Read from the sources: a module
//! depends on another when it names it through `crate::`, or a sibling through `super::`.

mod common;

use common::repo;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const CRATES: [&str; 6] = [
    "mutate-operators/src",
    "mutate-protocol/src",
    "mutate-macro/src",
    "mutate-runtime/src",
    "mutate-driver/src",
    "bench/src",
];

/// Module path (`lab::baseline`) to source text, tests left out.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
            let code: String = code
                .lines()
                .map(|l| l.split("//").next().unwrap())
                .collect::<Vec<_>>()
                .join("\n");
            out.insert(parts.join("::"), code);
        }
    }
    out
}

/// The module a path names: the longest prefix of it that is a module.
fn resolve<'a>(path: &[&str], modules: &'a BTreeMap<String, String>) -> Option<&'a String> {
    (1..=path.len())
        .rev()
        .find_map(|n| modules.get_key_value(&path[..n].join("::")).map(|(k, _)| k))
}

/// Lowercase path segments after `prefix` in `code`: `crate::a::b::C` gives `[a, b]`;
/// a braced group (`crate::{a, b::c}`) gives each of its paths.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                out.push(segments(item.trim()));
            }
        } else {
            out.push(segments(rest));
        }
    }
    out
}

fn segments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for part in text.split("::") {
        let word: String = part
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        if word.is_empty() || word.len() != part.trim_end_matches([';', ')', ' ']).len() {
            if !word.is_empty() {
                out.push(word);
            }
            break;
        }
        out.push(word);
    }
    out
}

fn graph(modules: &BTreeMap<String, String>) -> BTreeMap<&String, BTreeSet<&String>> {
    let mut graph = BTreeMap::new();
    for (name, code) in modules {
        let parent: Vec<&str> = name.split("::").collect();
        let parent = &parent[..parent.len().saturating_sub(1)];
        let mut targets = BTreeSet::new();
        let mut add = |path: Vec<String>| {
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            if let Some(target) = resolve(&path, modules)
                && target != name
                && !target.starts_with(&format!("{name}::"))
            {
                targets.insert(target);
            }
        };
        for path in paths_after(code, "crate::") {
            add(path);
        }
        for path in paths_after(code, "super::") {
            let mut full: Vec<String> = parent.iter().map(|s| s.to_string()).collect();
            full.extend(path);
            add(full);
        }
        graph.insert(name, targets);
    }
    graph
}

/// A cycle through `start`, if any: the modules on it.
fn cycle_from<'a>(
    start: &'a String,
    graph: &BTreeMap<&'a String, BTreeSet<&'a String>>,
) -> Option<Vec<&'a String>> {
    let mut stack = vec![(start, vec![start])];
    let mut seen = BTreeSet::new();
    while let Some((at, path)) = stack.pop() {
        for &next in graph.get(at).into_iter().flatten() {
            if next == start {
                return Some(path.clone());
            }
            if seen.insert(next) {
                let mut longer = path.clone();
                longer.push(next);
                stack.push((next, longer));
            }
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let mut cycles = Vec::new();
    for krate in CRATES {
        let modules = modules(&repo().join(krate));
        assert!(modules.len() >= 2, "{krate}: its modules were not read");
        let graph = graph(&modules);
        for name in modules.keys() {
            if let Some(cycle) = cycle_from(name, &graph) {
                let names: Vec<&str> = cycle.iter().map(|s| s.as_str()).collect();
                cycles.push(format!("{krate}: {} -> {name}", names.join(" -> ")));
            }
        }
    }
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

#[test]
fn cycles_are_found_through_crate_braces_and_super() {
    let module = |name: &str, code: &str| (name.to_owned(), code.to_owned());
    let mut modules: BTreeMap<String, String> = [
        module("a", "use crate::b::Thing;"),
        module("b", "use crate::{c, e::E};"),
        module("c", "fn f() { crate::a::g() }"),
        module("d", "use super::a;"),
        module("e", "pub struct E;"),
    ]
    .into();
    let (a, d) = (&"a".to_owned(), &"d".to_owned());
    let found = graph(&modules);
    assert_eq!(
        cycle_from(a, &found).map(|c| c.len()),
        Some(3),
        "a -> b -> c -> a"
    );
    // d imports a, but nothing leads back to d.
    assert_eq!(cycle_from(d, &found), None);
    assert!(found[d].contains(a));
    // Without c's call back into a, no cycle is left.
    modules.insert("c".to_owned(), "fn f() {}".to_owned());
    let found = graph(&modules);
    assert!(modules.keys().all(|m| cycle_from(m, &found).is_none()));
}
