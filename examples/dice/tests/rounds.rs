use dice::{double, fifth, half, parity, quarter, sixth, triple};

/// As many rounds as the process id says: another number in every process, as a property
/// test's random cases are.
#[test]
fn doubles_in_a_random_number_of_rounds() {
    let rounds = 1 + std::process::id() % 1000;
    for _ in 0..rounds {
        assert!(double(2) >= 4);
    }
}

/// The same call every run, with the process id: another value in every process. Six
/// times it, so that what `sixth` returns differs too: two processes forked one after the
/// other have ids a few apart, whose sixths are often the same.
#[test]
fn sixth_of_a_random_number() {
    let x = std::process::id() * 6;
    assert!(sixth(x) <= x);
}

#[test]
fn halves_the_same_way_every_run() {
    assert!(half(4) <= 2);
}

/// As many rounds as the process id says, and a wrong parity fails it only when the run
/// before it saw one too: its calls change from run to run, and it detects a mutant in some
/// runs and not in others, as a property test with a few unlucky draws does. What the run
/// before saw is in a file that each run reads and writes.
#[test]
fn parity_in_turns() {
    let state = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("dice-parity-turns");
    let wrong_before = std::fs::read_to_string(&state).is_ok_and(|s| s == "wrong");
    let mut wrong = false;
    for _ in 0..1 + std::process::id() % 1000 {
        wrong |= parity(5) != 1;
    }
    std::fs::write(&state, if wrong { "wrong" } else { "right" }).unwrap();
    assert!(!(wrong && wrong_before), "a wrong parity twice in a row");
}

/// The same call every run, but a wrong triple fails it only once some run before it saw
/// one: what it checks depends on what it saw before, as a test of random values on a fixed
/// path does on its draw. Each wrong value is kept in a file (in [`turns_dir`]); a right
/// one changes nothing.
#[test]
fn triple_after_a_wrong_one() {
    let state = turns_dir().join("dice-triple-wrong");
    let wrong_before = state.exists();
    let wrong = triple(4) != 12;
    if wrong {
        std::fs::write(&state, "wrong").unwrap();
    }
    assert!(!(wrong && wrong_before), "a wrong triple after another");
}

/// Checks a quarter in every other run, the first included: which runs take that branch
/// changes from run to run, as a random draw's does. Whether the last run checked is in a
/// file in `DICE_TURNS_DIR`.
#[test]
fn quarter_in_every_other_run() {
    let state = turns_dir().join("dice-quarter-checked");
    let checked_before = state.exists();
    if checked_before {
        // Another run at once may have taken it: the next run checks then.
        let _ = std::fs::remove_file(&state);
    } else {
        std::fs::write(&state, "checked").unwrap();
        assert_eq!(quarter(8), 2);
    }
}

/// Checks a fifth in its first run only (the first run in `DICE_TURNS_DIR`).
#[test]
fn fifth_in_the_first_run_only() {
    let state = turns_dir().join("dice-fifth-checked");
    if !state.exists() {
        std::fs::write(&state, "checked").unwrap();
        assert_eq!(fifth(10), 2);
    }
}

/// Where the tests that remember their runs keep what they saw: `DICE_TURNS_DIR` where set,
/// so a run of the driver starts afresh.
fn turns_dir() -> std::path::PathBuf {
    std::env::var_os("DICE_TURNS_DIR").map_or_else(
        || env!("CARGO_TARGET_TMPDIR").into(),
        std::path::PathBuf::from,
    )
}
