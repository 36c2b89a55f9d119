//! Errors that end a run, each with its exit code. The user's errors (a bad command line,
//! tests that do not build or are not green) say what to fix; the driver's own failures
//! name the operation they stopped and keep their cause, which `main` prints as a chain.

use crate::exit_code;
use crate::refusal::Refusal;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Usage(String),
    /// The tests do not build, even with the rebuild net; says why.
    #[error("{0}")]
    BuildFailed(String),
    /// The suite is not green with every mutant off.
    #[error("{0}")]
    BaselineFailed(Refusal),
    /// rustc could not load the attribute or the runtime built apart for `--all-items` (a
    /// damaged cache, or a compiler other than the one it was built with); says rustc's
    /// message. The run builds the copy again with both built with it (`app::build`).
    #[error("rustc cannot load what was built apart for --all-items: {0}")]
    ApartUnloadable(String),
    #[error("interrupted")]
    Interrupted,
    /// Something the driver relies on failed during `operation`.
    #[error("{operation}: {context}")]
    Failed {
        operation: Operation,
        context: String,
        #[source]
        source: Option<Box<dyn std::error::Error + Send + Sync>>,
    },
}

/// The part of a run where the driver's own work failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    /// Reading the workspace, mirroring it for `--all-items`, the scratch directory.
    Prepare,
    /// Running cargo and reading what it says.
    Build,
    /// Listing the test binaries' tests and catalogs.
    Discover,
    /// Running tests and mutants through the fork servers.
    Run,
    /// Writing the report.
    Report,
}

impl std::fmt::Display for Operation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Operation::Prepare => "preparing the run",
            Operation::Build => "building the tests",
            Operation::Discover => "listing tests and mutants",
            Operation::Run => "running the tests",
            Operation::Report => "writing the report",
        })
    }
}

impl Error {
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => exit_code::USAGE,
            Error::BuildFailed(_) | Error::ApartUnloadable(_) => exit_code::BUILD_FAILED,
            Error::BaselineFailed(_) => exit_code::BASELINE_FAILED,
            Error::Interrupted => exit_code::INTERRUPTED,
            Error::Failed { .. } => exit_code::INTERNAL,
        }
    }

    /// `operation` failed at `context` because of `source`.
    pub fn caused(
        operation: Operation,
        context: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        Error::Failed {
            operation,
            context: context.into(),
            source: Some(source.into()),
        }
    }

    /// `operation` failed, as `context` says; no underlying error.
    pub fn failed(operation: Operation, context: impl Into<String>) -> Self {
        Error::Failed {
            operation,
            context: context.into(),
            source: None,
        }
    }

    /// A fork server or test run went wrong.
    pub fn run(context: impl Into<String>) -> Self {
        Error::failed(Operation::Run, context)
    }

    /// The error and each of its causes, one per line, as `main` prints them.
    pub fn chain(&self) -> String {
        let mut text = self.to_string();
        let mut source = std::error::Error::source(self);
        while let Some(cause) = source {
            text.push_str(&format!("\n  caused by: {cause}"));
            source = cause.source();
        }
        text
    }
}

pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_names_its_operation_and_keeps_its_cause() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let e = Error::caused(Operation::Build, "cannot run cargo", io);
        assert_eq!(e.exit_code(), exit_code::INTERNAL);
        assert_eq!(
            e.chain(),
            "building the tests: cannot run cargo\n  caused by: no such file"
        );
        assert_eq!(
            Error::run("a test binary's fork server stopped unexpectedly").chain(),
            "running the tests: a test binary's fork server stopped unexpectedly"
        );
    }
}
