//! The macro expanded, as its users expand it.

#[test]
fn shouts() {
    assert_eq!(shout::shout!(hello), "HELLO!");
}
