use shadowed::own::{Option, String};
use shadowed::*;

#[test]
fn finds_the_first_even() {
    assert_eq!(first_even(&[3, 4, 6]), Option::Some(4));
    assert_eq!(first_even(&[3]), Option::Nothing);
}

#[test]
fn names() {
    assert_eq!(name(1), String("one"));
    assert_eq!(name(2), String("many"));
}

#[test]
fn doubles() {
    assert_eq!(double(4), 8);
}

#[test]
fn greets() {
    assert_eq!(greet("al", 0), "hi al");
    assert_eq!(greet("al", 1), "hi alhi al");
}

#[test]
fn caps() {
    let cap = shadowed::Cap(5);
    assert_eq!(capped(&cap, 3), 6);
    assert_eq!(capped(&cap, 9), 10);
}

#[test]
fn sums_from_the_first_large_item() {
    assert_eq!(sum_from_first_large(vec![1, 11, 2, 3]), 16);
    assert_eq!(sum_from_first_large(vec![1, 10]), 0);
}

#[test]
fn doubles_what_follows_the_first_zero() {
    assert_eq!(doubled_after_zero(vec![3, 0, 1, 2]), Some(vec![2, 4]));
    assert_eq!(doubled_after_zero(vec![101, 0, 1]), Some(vec![]));
    assert_eq!(doubled_after_zero(vec![100, 0, 1]), Some(vec![2]));
    assert_eq!(doubled_after_zero(vec![1, 2]), None);
}

#[cfg(target_arch = "x86_64")]
#[test]
fn shuffles_lanes() {
    assert_eq!(shuffled([1, 2, 3, 4]), [4, 3, 2, 1]);
}

#[test]
fn agrees_when_every_vote_is_yes() {
    assert!(agreed(&Panel(vec![true, true])));
    assert!(!agreed(&Panel(vec![true, false])));
}

#[test]
fn finds_the_first_unmarked_item() {
    assert!(first_unmarked_is(&mut [0, 0, 7, 3].iter(), 7));
    assert!(!first_unmarked_is(&mut [0, 0, 7, 3].iter(), 3));
}

#[test]
fn reads_the_numbers_among_words() {
    assert_eq!(numbers("1 x 22"), vec![1, 22]);
}

#[test]
fn words_read_their_numbers() {
    assert_eq!(Words("1 x 22").numbers(), vec![1, 22]);
}

#[test]
fn keeps_the_printable_bytes() {
    assert_eq!(printable(b"a\x01b"), "ab");
}

#[test]
fn tells_upper_case() {
    assert!(is_upper('A'));
    assert!(!is_upper('a'));
}

#[test]
fn stacks_twice() {
    assert_eq!(stacked(3), Stack(vec![3, 3]));
}

#[test]
fn sums_digits_until_full() {
    assert_eq!(digits::truncated_sum(&[9, 9]), (18, 0));
    assert_eq!(digits::truncated_sum(&[250, 5, 1, 7]), (255, 2));
}

#[test]
fn digits_by_mask() {
    let digits: Vec<u8> = (0..=255)
        .filter(|&b| shadowed::masks::is_digit_fast(b))
        .collect();
    assert_eq!(digits, b"0123456789");
}

#[test]
fn the_empty_byte_set_holds_nothing() {
    let empty = shadowed::masks::ByteSet::EMPTY;
    assert!((0..0x80).all(|b| !empty.contains(b)));
}

#[test]
fn a_byte_set_holds_its_bytes() {
    // b'0' is 48: the second chunk's bit 16.
    let zero = shadowed::masks::ByteSet {
        mask: [0, 1 << 16, 0, 0],
    };
    assert!(zero.contains(b'0') && !zero.contains(b'1') && !zero.contains(b'p'));
}
