//! The wall clock's cases. Tests that are slow on purpose, one computing for a time that
//! changes from run to run and one sleeping, whose surviving mutants must survive (not
//! time out); mutants that never end where no site is hit, so only the clock stops
//! them: one computing (ended at its time limit) and one waiting (ended after its grace);
//! and a wait for another thread that a mutant turns into a spin, which passes any hit
//! budget and still ends.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Counts rounds of a busy loop until `millis` have passed. Its test only checks that
/// some rounds were done, so several mutants survive, each after a full-length run.
#[mutate_runtime::mutate]
pub fn busy_for(millis: u64) -> u64 {
    let started = Instant::now();
    let mut rounds = 0;
    while started.elapsed() < Duration::from_millis(millis) {
        rounds += 1;
    }
    rounds
}

/// Sleeps `millis`, then says how long it meant to.
#[mutate_runtime::mutate]
pub fn nap(millis: u64) -> u64 {
    std::thread::sleep(Duration::from_millis(millis));
    millis
}

/// The stride is computed once, outside the caller's loop: `1 -> 0` (or a body of `0`)
/// makes that loop run forever with no site in it, computing flat out.
#[mutate_runtime::mutate]
pub fn stride() -> u64 {
    1
}

pub fn walk(n: u64) -> u64 {
    let stride = stride();
    let mut at = 0;
    let mut steps = 0;
    while at < n {
        at += stride;
        steps += 1;
    }
    steps
}

/// How many workers `gather` starts. Fewer than two leaves `gather` waiting for a message
/// no one will send: a wait that never ends, using no CPU.
#[mutate_runtime::mutate]
pub fn workers() -> usize {
    2
}

pub fn gather() -> usize {
    let (send, receive) = mpsc::channel();
    let mut handles = Vec::new();
    for id in 0..workers() {
        let send = send.clone();
        handles.push(std::thread::spawn(move || send.send(id).unwrap()));
    }
    // The channel stays open through `send`, so a missing worker means waiting forever.
    let mut got = 0;
    while got < 2 {
        receive.recv().unwrap();
        got += 1;
    }
    for handle in handles {
        handle.join().unwrap();
    }
    got
}

/// One, as a quotient: as written a call costs little, but its schemata body (a mutant of
/// it on, or none in an inert run) evaluates a site at every literal and operator, many
/// times that. A term one more or less leaves the quotient 1.
#[mutate_runtime::mutate]
pub fn unit() -> u64 {
    (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3) / 20
}

/// `unit()` added up `n` times: a hot loop that is not itself annotated. A mutant of
/// `unit` whose result is still 1 runs as long as the function's schemata body makes
/// it, and must survive, not time out.
pub fn count_units(n: u64) -> u64 {
    let mut sum = 0;
    for _ in 0..n {
        sum += unit();
    }
    sum
}

/// Waits until another thread sets `ready`, napping a millisecond between looks. Without
/// the nap the loop spins, many thousand rounds a millisecond, and ends as soon: `cargo
/// test` passes with that mutant, which must survive, not time out at its hit budget.
#[mutate_runtime::mutate]
pub fn await_flag(ready: &AtomicBool) {
    while !ready.load(Ordering::Acquire) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// `i`, doubled where it is `last` (and less `last` past it). Its test calls it two
/// million times and doubles only at the last call: a coverage run stops counting in it
/// long before (past a million site evaluations), so the doubling's sites were never seen
/// reached. They are assumed reached by that test, so their mutants are run under it, and
/// killed, not left without coverage; the sites past `last`, which no call reaches, are
/// assumed too, and their mutants, run once and not reached, have no coverage.
#[mutate_runtime::mutate]
pub fn doubled_at(i: u64, last: u64) -> u64 {
    if i == last {
        i * 2
    } else if i > last {
        i - last
    } else {
        i
    }
}

/// `doubled_at` over `0..=n`: the sum of `0..=n` and `n` once more.
pub fn sum_doubling_last(n: u64) -> u64 {
    (0..=n).map(|i| doubled_at(i, n)).sum()
}

/// One, as `i` over itself: ballast a test calls millions of times, so that its coverage
/// run stops counting here and the test has no budget of its total.
#[mutate_runtime::mutate]
#[allow(clippy::eq_op, reason = "one, as any number over itself")]
pub fn one(i: u64) -> u64 {
    i / i
}

/// What `take` hands out at most in one call. `-> 1` has `drain` call `take` (and this)
/// sixteen times as often, past ten times their calls as written, for a fraction of a
/// second, and ends: it must survive, as under `cargo test`, not be ended by its own budget.
#[mutate_runtime::mutate]
pub fn chunk() -> u64 {
    16
}

/// Takes up to a chunk of `left`, as a reader hands out bytes, until nothing is left.
/// Returning 1 (and not taking it) or not taking at all sends `drain`'s loop round forever,
/// each round a call of this function only.
#[mutate_runtime::mutate]
pub fn take(left: &mut u64) -> u64 {
    let n = (*left).min(chunk());
    *left -= n;
    n
}

/// Calls `take` until it hands out nothing: how many calls handed something out.
pub fn drain(total: u64) -> u64 {
    let mut left = total;
    let mut calls = 0;
    while take(&mut left) > 0 {
        calls += 1;
    }
    calls
}
