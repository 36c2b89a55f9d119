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

#[cfg(feature = "slow-suite")]
#[test]
fn settles() {
    assert_eq!(hostile::settle(10), 10);
}
