//! Two functions, each with one test that lets a mutant through. `double`'s test draws how
//! many rounds it plays from the process it runs in, as a property test draws its inputs
//! from a random seed: what it does changes from run to run, so a mutant it lets through
//! this run, another run might catch. `half`'s test does the same thing every run.

#[mutate_runtime::mutate]
pub fn double(x: u32) -> u32 {
    x * 2
}

#[mutate_runtime::mutate]
pub fn half(x: u32) -> u32 {
    x / 2
}
