use fallbacks::{Labelled, Limits, doubled, limits};

#[test]
fn labelled_values() {
    let l = Labelled {
        label: "héllo".to_string(),
        value: vec![1, 2],
    };
    assert_eq!(l.value(), vec![1, 2]);
    assert_eq!(l.value_ref(), &[1, 2]);
    assert_eq!(l.width(), 5);
}

#[test]
fn doubles() {
    assert_eq!(doubled(21).to_string(), "42");
}

#[test]
fn limits_surround() {
    assert_eq!(limits(10), Limits { low: 5, high: 20 });
}

#[test]
fn constant_arithmetic() {
    use fallbacks::constants::{bytes_past_words, chunks_of_three, middle_byte, top_bit};
    assert_eq!(chunks_of_three(48), 2);
    assert_eq!(chunks_of_three(47), 1);
    assert_eq!(chunks_of_three(1 << 63), (1 << 63) / 24 + 1);
    assert_eq!(fallbacks::constants::red_code(true), 91);
    assert_eq!(fallbacks::constants::red_code(false), 31);
    assert!(top_bit(1 << 63));
    assert!(!top_bit(1 << 62));
    assert!(!top_bit(1));
    assert_eq!(bytes_past_words(17), 1);
    assert_eq!(bytes_past_words(8), 0);
    assert_eq!(middle_byte(), 128);
}

#[test]
fn flips() {
    assert_eq!(fallbacks::constants::flips(0xAB, 0x1AB), (0x54, 0x154));
}

#[test]
fn last_and_fourth() {
    let words = [1, 2, 3, 4];
    let slice = [5, 6, 7, 8, 9];
    assert_eq!(fallbacks::indexes::last_and_fourth(words, &slice), (4, 8));
    assert_eq!(fallbacks::indexes::last_word(words), 4);
}

#[test]
fn tally() {
    use fallbacks::indexes::Tally;
    let mut tally = Tally {
        words: [1, 2, 3, 4],
        rows: vec![vec![], vec![5], vec![6]],
    };
    tally.record(10);
    let expected = Tally {
        words: [1, 2, 3, 22],
        rows: vec![vec![10], vec![5, 10], vec![6]],
    };
    assert_eq!(tally, expected);
}

#[test]
fn compares_with_literals() {
    use fallbacks::comparisons::*;
    assert!(any(3));
    assert!(any(1));
    assert!(!any(0));
    assert!(in_red(-2));
    assert!(!in_red(0));
    assert!(!in_red(5));
    assert!(below_top(254));
    assert!(!below_top(255));
    assert!(at_least_one(1));
    assert!(at_least_one(5));
    assert!(!at_least_one(0));
    assert!(blank_first(true, b' '));
    assert!(blank_first(true, b'\t'));
    assert!(!blank_first(true, b'x'));
    assert!(!blank_first(false, b' '));
}

#[test]
fn starts_at_one() {
    assert_eq!(fallbacks::Start::default(), fallbacks::Start(1));
}

#[test]
fn joins() {
    assert_eq!(fallbacks::joined("a".into(), "b"), "ab");
}
