//! Each of cargo-mutants' genres of mutant, made here under the name cargo-mutants gives it
//! (its replacement text): a user who reads its lists finds each mutant by that name.

use crate::placement::schemata_text;
use quote::quote;

/// The descriptions of the mutants the attribute makes of `item` (the ids without their
/// place), read off the table in its schemata copy.
fn descriptions(item: proc_macro2::TokenStream) -> Vec<String> {
    let text = schemata_text(item);
    text.split("id : \"")
        .skip(1)
        .filter_map(|rest| {
            let id = &rest[..rest.find('"')?];
            let (_, description) = id.rsplit_once(": ")?;
            Some(description.to_owned())
        })
        .collect()
}

fn assert_made(item: proc_macro2::TokenStream, wanted: &[&str]) {
    let made = descriptions(item);
    for name in wanted {
        assert!(made.iter().any(|d| d == name), "no `{name}` in {made:#?}");
    }
}

#[test]
fn fn_value() {
    assert_made(
        quote!(
            fn f(a: u32) -> u32 {
                a
            }
        ),
        &["replace f -> u32 with 0", "replace f -> u32 with 1"],
    );
}

#[test]
fn binary_operator() {
    assert_made(
        quote!(
            fn f(a: u32, b: u32) -> bool {
                a + b > 3 && a != b
            }
        ),
        &[
            "replace + with - in f",
            "replace + with * in f",
            "replace > with == in f",
            "replace > with < in f",
            "replace > with >= in f",
            "replace && with || in f",
            "replace != with == in f",
        ],
    );
    // A swap whose text groups otherwise (`a - b * c`) keeps cargo-mutants' name; the
    // swap on the tree is named by what it computes.
    assert_made(
        quote!(
            fn f(a: u32, b: u32, c: u32) -> u32 {
                a - b + c
            }
        ),
        &[
            "replace + with * in f",
            "replace a - b + c with (a - b) * c in f",
        ],
    );
}

#[test]
fn unary_operator() {
    assert_made(
        quote!(
            fn f(a: bool, b: i32) -> (bool, i32) {
                (!a, -b)
            }
        ),
        &["delete ! in f", "delete - in f"],
    );
}

#[test]
fn match_arm_and_guard() {
    assert_made(
        quote!(
            fn f(a: Option<u32>) -> u32 {
                match a {
                    Some(x) if x > 3 => 1,
                    None => 2,
                    _ => 3,
                }
            }
        ),
        &[
            "delete match arm None in f",
            "replace match guard x > 3 with true in f",
            "replace match guard x > 3 with false in f",
        ],
    );
}

#[test]
fn a_match_arm_with_attributes_is_named_where_its_attributes_start() {
    // Parsed from text, so that its tokens have lines.
    let item = "fn f(a: u8) -> u8 {\n    match a {\n        #[allow(unused)]\n        1 => 2,\n        _ => 3,\n    }\n}\n";
    let text = schemata_text(item.parse().unwrap());
    let id = text
        .split("id : \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .find(|id| id.ends_with("delete match arm 1 in f"))
        .expect("the arm's deletion");
    // The attribute's line, not the pattern's.
    assert!(id.contains(":3:9: "), "{id}");
}

#[test]
fn struct_field() {
    assert_made(
        quote!(
            fn f(base: S) -> S {
                S { a: 1, ..base }
            }
        ),
        &["delete field a from struct S expression in f"],
    );
}

#[test]
fn constants_as_text() {
    assert_made(
        quote!(
            const X: u32 = 24 * -(60 - 1);
        ),
        &[
            "replace * with +",
            "replace * with /",
            "delete -",
            "replace - with +",
            "replace - with /",
        ],
    );
}
