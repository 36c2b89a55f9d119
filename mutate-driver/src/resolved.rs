//! What a run takes from beyond its command line: where nothing is annotated, every item
//! (zero-edit runs); cargo-mutants' configuration; the test arguments of both.

use crate::cargo_mutants_config::{self, MutantsToml};
use crate::cli::Args;
use crate::compile::Workspace;
use crate::error::{Error, Result};
use crate::test_args::TestArgs;

/// The run's options, the command line's with what the workspace adds, and the tests it
/// chooses. Says in one line each what it added.
pub fn resolve(args: &Args, workspace: &Workspace) -> Result<(Args, TestArgs)> {
    let mut args = args.clone();
    if !args.all_items && crate::all_items::unannotated(&args, workspace) {
        eprintln!(
            "   No #[mutate] here (no tested package depends on mutate-runtime): mutating \
             every item, as --all-items does"
        );
        args.all_items = true;
    }
    let mut test_args = TestArgs::default();
    if let Some(toml) = MutantsToml::read(&workspace.root)? {
        let path = cargo_mutants_config::path(&workspace.root);
        eprintln!(
            "   Reading {} (cargo-mutants' configuration)",
            path.display()
        );
        if !toml.ignored.is_empty() {
            eprintln!(
                "note: {}: not taken here: {}",
                path.display(),
                toml.ignored.join(", ")
            );
        }
        (args, test_args) = toml.apply(&args);
    }
    let test_args = test_args.and(TestArgs::parse(&args.test_args)?);
    if let Some(note) = test_args.note() {
        eprintln!("note: {note}");
    }
    if args.runtime_path.is_some() && !args.all_items {
        return Err(Error::Usage(
            "--runtime-path is for runs that mutate every item (--all-items), and a tested \
             package here depends on mutate-runtime already"
                .into(),
        ));
    }
    Ok((args, test_args))
}
