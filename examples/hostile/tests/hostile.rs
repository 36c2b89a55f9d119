use hostile::{checked, count_to, depth};

#[test]
fn counts() {
    assert_eq!(count_to(5), 5);
}

#[test]
fn recursion_depth() {
    assert_eq!(depth(3), 3);
}

#[test]
fn doubles() {
    assert_eq!(checked(4), 8);
}
