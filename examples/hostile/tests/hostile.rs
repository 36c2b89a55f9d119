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

#[test]
fn chunked() {
    assert_eq!(hostile::chunks("abcde", 2).count(), 3);
}

#[test]
fn chunk_lengths() {
    assert_eq!(hostile::chunk_lengths("abcde", 2).sum::<usize>(), 5);
}
