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
