use dice::{double, half};

/// As many rounds as the process id says: another number in every process, as a property
/// test's random cases are.
#[test]
fn doubles_in_a_random_number_of_rounds() {
    let rounds = 1 + std::process::id() % 1000;
    for _ in 0..rounds {
        assert!(double(2) >= 4);
    }
}

#[test]
fn halves_the_same_way_every_run() {
    assert!(half(4) <= 2);
}
