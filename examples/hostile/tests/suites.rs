//! Test suites enabled by features, for the driver's refusals and interruptions.

#[cfg(feature = "red-suite")]
#[test]
fn red_before_any_mutation() {
    assert_eq!(hostile::checked(2), 5, "this suite is red on purpose");
}

#[cfg(feature = "hung-suite")]
#[test]
fn hangs_before_any_mutation() {
    // Reaches the crate's code, so this binary holds mutants and its tests are run.
    assert_eq!(hostile::checked(1), 2);
    loop {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[cfg(feature = "slow-baseline-suite")]
#[test]
fn takes_its_time() {
    assert_eq!(hostile::checked(1), 2);
    std::thread::sleep(std::time::Duration::from_millis(1500));
}

/// Holds 256 MiB at once: green under `cargo test`, and with its binary run whole, where
/// the driver sets no memory limit; alone under `--memory-limit 128` its allocation fails.
#[cfg(feature = "hungry-suite")]
#[test]
fn needs_its_memory() {
    let block = vec![1u8; 256 << 20];
    assert_eq!(hostile::checked(1), 2);
    assert_eq!(block.iter().map(|&b| b as usize).sum::<usize>(), 256 << 20);
}

#[cfg(feature = "slow-suite")]
#[test]
fn settles() {
    assert_eq!(hostile::settle(10), 10);
}

/// Set by `order_1_leaves_state_behind`, expected untouched by `order_2_expects_fresh_state`:
/// each passes alone; run together in name order, the second fails.
#[cfg(feature = "order-suite")]
static LEFT_BEHIND: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

#[cfg(feature = "order-suite")]
#[test]
fn order_1_leaves_state_behind() {
    let value = hostile::checked(1);
    assert_eq!(value, 2);
    LEFT_BEHIND.store(value, std::sync::atomic::Ordering::SeqCst);
}

#[cfg(feature = "order-suite")]
#[test]
fn order_2_expects_fresh_state() {
    assert_eq!(
        LEFT_BEHIND.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "another test left state behind"
    );
    assert_eq!(hostile::checked(3), 6);
}

/// Set by `lonely_1_prepares`, required by `lonely_2_needs_preparation`: the second fails
/// alone and passes after the first.
#[cfg(feature = "lonely-suite")]
static PREPARED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[cfg(feature = "lonely-suite")]
#[test]
fn lonely_1_prepares() {
    assert_eq!(hostile::checked(1), 2);
    PREPARED.store(true, std::sync::atomic::Ordering::SeqCst);
}

#[cfg(feature = "lonely-suite")]
#[test]
fn lonely_2_needs_preparation() {
    assert!(
        PREPARED.load(std::sync::atomic::Ordering::SeqCst),
        "runs only after lonely_1_prepares"
    );
}

/// Fails on every second run in the same temporary directory (the driver gives each of its
/// runs one): it passes first, then fails when run again, with or without a mutant.
#[cfg(feature = "flaky-suite")]
#[test]
fn flaky_every_second_run() {
    let counter = std::env::temp_dir().join("hostile-flaky-runs");
    let runs = std::fs::read_to_string(&counter)
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok())
        .unwrap_or(0)
        + 1;
    std::fs::write(&counter, runs.to_string()).unwrap();
    assert_eq!(hostile::checked(4), 8);
    assert!(runs % 2 == 1, "run {runs}: fails on every second run");
}
