use patient::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// 60 to 240 ms of computing, different on every run.
#[test]
fn computes_for_a_varying_while() {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let millis = 60 + u64::from(nanos % 181);
    assert!(busy_for(millis) > 0);
}

#[test]
fn sleeps_a_while() {
    assert_eq!(nap(300), 300);
}

#[test]
fn walks() {
    assert_eq!(walk(10), 10);
}

#[test]
fn gathers() {
    assert_eq!(gather(), 2);
}

/// As many calls of `unit` as `PATIENT_UNITS` says (a thousand if unset): heavy where a
/// test of the driver wants it so.
#[test]
fn counts_units() {
    let units = std::env::var("PATIENT_UNITS").map_or(1_000, |n| n.parse().unwrap());
    assert_eq!(count_units(units), units);
}

/// Another thread sets the flag after a while; the wait must last until then.
#[test]
fn awaits_another_thread() {
    let ready = AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(150));
            ready.store(true, Ordering::Release);
        });
        await_flag(&ready);
        assert!(
            ready.load(Ordering::Acquire),
            "returned before the flag was set"
        );
    });
}

#[test]
fn doubles_the_last() {
    let n = 2_000_000;
    assert_eq!(sum_doubling_last(n), n * (n + 1) / 2 + n);
}

/// Thirty million calls of `one` first, a fraction of a second (its coverage run stops
/// counting there, so the test's total of calls is unknown and its mutants have no budget
/// of it), then 400,000 units drained: `take`'s mutants that never end are ended by
/// `take`'s own calls, long before the clock's limit of five times the test.
#[test]
fn drains_after_much_else() {
    assert_eq!((1..=30_000_000).map(one).sum::<u64>(), 30_000_000);
    assert!(drain(400_000) >= 25_000);
}
