//! Code that only tests compile is never mutated: the attribute leaves it alone inside an
//! annotated item, and `--all-items` does not annotate it. One rule for both.

use syn::{Attribute, Meta};

/// Tests and code compiled only for them: `#[test]`-like attributes (`#[test]`,
/// `#[tokio::test]`, `#[bench]`) and `cfg`s that hold only under `cfg(test)`
/// (`cfg(test)`, `cfg(all(test, unix))`, `cfg(any(test, test))`).
pub fn is_test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        let last = a.path().segments.last().map(|s| s.ident.to_string());
        match last.as_deref() {
            Some("test" | "bench") => true,
            Some("cfg") if a.path().is_ident("cfg") => a
                .parse_args::<Meta>()
                .is_ok_and(|predicate| needs_test(&predicate)),
            _ => false,
        }
    })
}

/// Whether a cfg predicate can only hold in a test build.
fn needs_test(predicate: &Meta) -> bool {
    match predicate {
        Meta::Path(p) => p.is_ident("test"),
        Meta::List(list) => {
            let Ok(inner) = list.parse_args_with(
                syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
            ) else {
                return false;
            };
            if list.path.is_ident("all") {
                inner.iter().any(needs_test)
            } else if list.path.is_ident("any") {
                !inner.is_empty() && inner.iter().all(needs_test)
            } else {
                false
            }
        }
        Meta::NameValue(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(text: &str) -> Vec<Attribute> {
        syn::parse_str::<syn::ItemFn>(&format!("{text} fn f() {{}}"))
            .expect("an fn")
            .attrs
    }

    #[test]
    fn test_attributes_and_test_cfgs_are_test_only() {
        for text in [
            "#[test]",
            "#[tokio::test]",
            "#[bench]",
            "#[cfg(test)]",
            "#[cfg(all(test, unix))]",
            "#[cfg(any(test, all(test, feature = \"x\")))]",
            "#[inline] #[cfg(test)]",
        ] {
            assert!(is_test_only(&attrs(text)), "{text}");
        }
    }

    #[test]
    fn code_that_other_builds_compile_is_not() {
        for text in [
            "",
            "#[cfg(not(test))]",
            "#[cfg(any(test, unix))]",
            "#[cfg(unix)]",
            "#[cfg(any())]",
            "#[cfg_attr(test, inline)]",
            "#[testing]",
        ] {
            assert!(!is_test_only(&attrs(text)), "{text}");
        }
    }
}
