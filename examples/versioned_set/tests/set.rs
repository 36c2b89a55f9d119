//! The example's test class, as written there: every method is reached, few behaviours
//! are checked.

use versioned_set::VersionedSet;

#[test]
fn add() {
    let mut set = VersionedSet::new();
    set.add(1);
    assert_eq!(set.len(), 1);
}

#[test]
fn same_elements() {
    let one = VersionedSet::<i32>::new();
    let two = VersionedSet::<i32>::new();
    assert!(one.same_elements(&two));
}

#[test]
fn intersection() {
    let mut one = VersionedSet::new();
    one.add(1);
    let mut two = VersionedSet::new();
    two.add(2);
    let result = one.intersect(&two);
    assert!(!result.contains(&1));
    assert!(!result.contains(&2));
}
