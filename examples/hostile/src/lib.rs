//! Code whose mutants hang, overflow the stack or end the process mid-test. Each must be
//! detected (timeout, crashed, killed) without hanging the driver.

/// `+= -> *=` keeps `i` at 0: the loop never ends (a site inside: hit budget).
#[mutate_runtime::mutate]
pub fn count_to(n: u64) -> u64 {
    let mut i = 0;
    let mut steps = 0;
    while i != n {
        i += 1;
        steps += 1;
    }
    steps
}

/// Forcing the base case false recurses until the stack overflows.
#[mutate_runtime::mutate]
pub fn depth(n: u32) -> u32 {
    if n == 0 { 0 } else { 1 + depth(n - 1) }
}

/// Forcing the condition true ends the process with status 0 in the middle of a test.
#[mutate_runtime::mutate]
pub fn checked(x: u32) -> u32 {
    if x > 1000 {
        std::process::exit(0);
    }
    x * 2
}

/// Sleeps `rounds` times 40 ms: every run of a test through it takes a while, so the
/// driver can be interrupted in the middle of one.
#[mutate_runtime::mutate]
pub fn settle(rounds: u32) -> u32 {
    let mut done = 0;
    while done < rounds {
        std::thread::sleep(std::time::Duration::from_millis(40));
        done += 1;
    }
    done
}
