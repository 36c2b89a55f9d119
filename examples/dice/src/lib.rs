//! Functions whose tests let a mutant through. `double`'s test draws how many rounds it
//! plays from the process it runs in, as a property test draws its inputs from a random
//! seed: what it does changes from run to run, so a mutant it lets through this run,
//! another run might catch. `half`'s test does the same thing every run. `parity`'s test
//! changes from run to run too, and detects a wrong parity only in the second run in a row
//! that sees one: a mutant it lets through once, a run again detects. `quarter`'s and
//! `fifth`'s tests reach them only in some runs, as a test whose random draw takes one
//! branch in a few runs does: a run that does not reach a mutant tells nothing about it.

#[mutate_runtime::mutate]
pub fn double(x: u32) -> u32 {
    x * 2
}

#[mutate_runtime::mutate]
pub fn half(x: u32) -> u32 {
    x / 2
}

#[mutate_runtime::mutate]
pub fn parity(x: u32) -> u32 {
    x % 2
}

/// Its test makes the same calls every run, and fails from the second wrong value on: the
/// first mutant it meets survives its run, and fails the run traced for its diagnosis.
#[mutate_runtime::mutate]
pub fn triple(x: u32) -> u32 {
    x * 3
}

/// Its test calls it in every other run: a mutant run that does not reach it is run again.
#[mutate_runtime::mutate]
pub fn quarter(x: u32) -> u32 {
    x / 4
}

/// Its test calls it in its first run only, the one that finds what reaches what: no
/// mutant run reaches it, and the survivors say so.
#[mutate_runtime::mutate]
pub fn fifth(x: u32) -> u32 {
    x / 5
}

/// Its test makes the same call every run with another number (the process id), as a
/// property test on a fixed path does: which of its values agree between two runs is chance.
#[mutate_runtime::mutate]
pub fn sixth(x: u32) -> u32 {
    x / 6
}
