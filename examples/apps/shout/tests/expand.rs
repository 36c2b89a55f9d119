//! The macros expanded, as their users expand them, under a lint level of the test's own.
#![deny(non_snake_case)]

#[test]
fn shouts() {
    assert_eq!(shout::shout!(hello), "HELLO!");
}

shout::shout_fn!(Hello);

#[test]
fn shouts_from_a_function() {
    assert_eq!(Hello(), "HELLO!");
}
