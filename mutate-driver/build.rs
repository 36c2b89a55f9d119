//! Embeds the sources of the runtime and what it needs (macro, protocol, operators) when
//! the driver is built inside mutate's own workspace, so `--all-items` can give a crate
//! the runtime at the driver's exact version without anything published. Built from a
//! package alone (no sibling crates), it embeds nothing and `--all-items` falls back to
//! the registry.

use std::path::{Path, PathBuf};

const CRATES: [&str; 4] = [
    "mutate-runtime",
    "mutate-macro",
    "mutate-protocol",
    "mutate-operators",
];

fn main() {
    let manifest_dir = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest_dir
        .parent()
        .expect("the driver has a parent folder");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("embedded.rs");
    let mut files = Vec::new();
    let root_manifest = root.join("Cargo.toml");
    let complete = root_manifest.is_file() && CRATES.iter().all(|c| root.join(c).is_dir());
    if complete {
        println!("cargo::rerun-if-changed={}", root_manifest.display());
        for krate in CRATES {
            let dir = root.join(krate);
            println!("cargo::rerun-if-changed={}", dir.display());
            for name in ["Cargo.toml", "build.rs"] {
                if dir.join(name).is_file() {
                    files.push(dir.join(name));
                }
            }
            collect_rust(&dir.join("src"), &mut files);
        }
    }
    let mut code = String::from("/// Embedded sources: (path in mutate's workspace, content).\n");
    code.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative = file.strip_prefix(root).expect("inside the workspace");
        code.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.to_string_lossy().replace('\\', "/"),
            file.display().to_string()
        ));
    }
    code.push_str("];\n");
    let shared = if complete {
        workspace_sections(&std::fs::read_to_string(&root_manifest).expect("readable"))
    } else {
        String::new()
    };
    code.push_str(&format!(
        "/// `[workspace.package]` and `[workspace.dependencies]` of mutate's workspace.\n\
         pub static WORKSPACE: &str = {shared:?};\n"
    ));
    // The lock file pins what the attribute is built with when the driver builds it apart
    // (`all_items/attribute.rs`): the versions mutate's own tests ran with.
    let lock = root.join("Cargo.lock");
    let lock = if complete && lock.is_file() {
        println!("cargo::rerun-if-changed={}", lock.display());
        std::fs::read_to_string(&lock).expect("readable")
    } else {
        String::new()
    };
    code.push_str(&format!(
        "/// mutate's `Cargo.lock`.\npub static LOCK: &str = {lock:?};\n"
    ));
    std::fs::write(out, code).expect("OUT_DIR is writable");
}

fn collect_rust(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_rust(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `[workspace.package]` and `[workspace.dependencies]` tables, as written.
fn workspace_sections(manifest: &str) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in manifest.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            keep = trimmed == "[workspace.package]" || trimmed == "[workspace.dependencies]";
        }
        if keep {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
