//! Errors that end a run, each with its exit code.

use crate::exit_code;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{0}")]
    Usage(String),
    /// The tests do not build, even with the rebuild net; says why.
    #[error("{0}")]
    BuildFailed(String),
    #[error("{0}")]
    BaselineFailed(String),
    #[error("interrupted")]
    Interrupted,
    #[error("{0}")]
    Internal(String),
}

impl Error {
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) => exit_code::USAGE,
            Error::BuildFailed(_) => exit_code::BUILD_FAILED,
            Error::BaselineFailed(_) => exit_code::BASELINE_FAILED,
            Error::Interrupted => exit_code::INTERRUPTED,
            Error::Internal(_) => exit_code::INTERNAL,
        }
    }

    pub fn internal(context: &str, e: impl std::fmt::Display) -> Self {
        Error::Internal(format!("{context}: {e}"))
    }
}

pub type Result<T> = std::result::Result<T, Error>;
