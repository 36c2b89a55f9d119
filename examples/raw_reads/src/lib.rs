//! Reads without bounds checks. A mutant in a file with `unsafe` code can break what that
//! code relies on and read memory the slice does not own; what its test then does depends
//! on what that memory holds, and changes from run to run. The driver runs each such
//! mutant again in a fresh process: a verdict that changes is undefined behaviour
//! suspected, and one that does not stands.

use mutate_runtime::mutate;

/// The first byte of a slice the caller promises is not empty, read unchecked.
#[mutate]
pub fn first(bytes: &[u8]) -> u8 {
    unsafe { *bytes.get_unchecked(0) }
}

/// The second byte, read unchecked.
#[mutate]
pub fn second(bytes: &[u8]) -> u8 {
    unsafe { *bytes.get_unchecked(1) }
}

/// The sum of the bytes: safe code beside the unsafe code, whose mutants the tests detect
/// the same way every run.
#[mutate]
pub fn sum(bytes: &[u8]) -> u32 {
    bytes.iter().map(|&b| u32::from(b)).sum()
}
