//! Scaling a run out over CI's job matrix: an archive of one build and its baseline
//! (`archive.rs`), shards that each run an even, deterministic part of the mutants from it
//! (`split.rs`), and `merge`, which combines their outputs (`output.rs`, `merge.rs`) into
//! the reports of a single run.

pub mod archive;
pub mod merge;
pub mod output;
pub mod split;
