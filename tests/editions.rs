//! `--all-items` on `examples/edition2015`: the code the macro generates resolves its paths
//! as the macro's code, whatever the user's edition. A path that carries a span of the
//! user's code resolves in the user's edition, where `::core` names the crate root; the
//! rebuild net would then turn that code's mutants unviable, which no text of theirs is.

mod common;

use common::*;

#[test]
fn a_2015_crate_builds_every_mutant() {
    let runtime = repo().join("mutate-runtime").display().to_string();
    let (out, dir) = run_example(
        "examples/edition2015/Cargo.toml",
        &["--all-items", "--runtime-path", &runtime],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Nothing failed to build: the unviable mutants are those whose text rustc's lints
    // reject (a division by zero, an index past the end), read from its warnings.
    assert!(!stderr.contains("Rebuild"), "{stderr}");
    let verdicts = verdicts(dir.path());
    check_expected("examples/edition2015/expected/verdicts.txt", &verdicts);
    assert_eq!(out.status.code(), Some(3), "{stderr}");

    // A list another build of the driver wrote is of another macro's code: emptied, not
    // read. Here one such list says `words` does not build.
    let lists = repo().join("target/mutate/build-errors");
    let file = "examples/edition2015/src/lib.rs";
    let copy = std::fs::read(repo().join("target/mutate/all-items").join(file)).unwrap();
    let digest = mutate_protocol::build_errors::digest(&copy);
    let entry = format!("error\t{file}\t28\t5\tfunction\t{digest:016x}\tplanted\t\n");
    std::fs::write(lists.join("edition2015.tsv"), entry).unwrap();
    std::fs::write(lists.join("driver"), "0.0.0 0 0\n").unwrap();
    let unviable: Vec<String> = list(&[
        "--manifest-path",
        "examples/edition2015/Cargo.toml",
        "--all-items",
        "--runtime-path",
        &runtime,
    ])
    .into_iter()
    .filter(|m| m.status == "CompileError" && m.reason.contains("planted"))
    .map(|m| m.id)
    .collect();
    assert!(unviable.is_empty(), "{unviable:?}");
}
