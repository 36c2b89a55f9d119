use settings::{Error, parse};

/// Tidy input: one `=` per line, nothing padded. It reads every line, so it reaches both
/// rules' mutants, and catches neither.
#[test]
fn tidy_pairs() {
    let s = parse("name=mutate\nlevel=3\n").unwrap();
    assert_eq!(s.get("name"), Some("mutate"));
    assert_eq!(s.get("level"), Some("3"));
    assert_eq!(s.get("other"), None);
}

#[test]
fn a_value_may_hold_an_equals_sign() {
    let s = parse("query=a=b\n").unwrap();
    assert_eq!(s.get("query"), Some("a=b"));
}

#[test]
fn padding_and_indented_comments_are_ignored() {
    let s = parse("  # settings\n  name  =  mutate  \n\n").unwrap();
    assert_eq!(s.get("name"), Some("mutate"));
}

#[test]
fn malformed_lines_are_told_by_number() {
    assert_eq!(parse("a=1\nnothing\n"), Err(Error::NoEquals(2)));
    assert_eq!(parse("=1\n"), Err(Error::NoKey(1)));
    assert_eq!(
        parse("a=1\n# again\na=2\n"),
        Err(Error::Twice("a".into(), 1, 3))
    );
}
