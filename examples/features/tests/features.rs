use features::*;

#[test]
fn totals() {
    let factor = if cfg!(feature = "extra") { 2 } else { 1 };
    assert_eq!(total(&[1, 2, 3]), 6 * factor);
}

#[test]
fn labels() {
    assert_eq!(label(1), "one");
    assert_eq!(label(5), "many");
}

#[cfg(feature = "extra")]
#[test]
fn zero_is_none() {
    assert_eq!(label(0), "none");
}

#[test]
fn counts() {
    assert_eq!(summary(&[4, 5]).count, 2);
}

#[cfg(feature = "extra")]
#[test]
fn largest_and_evens() {
    assert_eq!(summary(&[4, 9]).largest, 9);
    assert_eq!(evens(&[1, 2, 4]), [2, 4]);
}

#[test]
fn halves_and_firsts() {
    assert_eq!(first_half(&[1, 2, 3, 4]), [1, 2]);
    assert_eq!(*first(&[3, 7]), 3);
    assert_eq!(tail(&[1, 2]), [2]);
    assert_eq!(rest(&[1, 2, 3]), [2, 3]);
}
