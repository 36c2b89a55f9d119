//! cargo-mutants' own mark, `#[mutants::skip]`, also under `cfg_attr` (whatever its
//! condition, as cargo-mutants reads it): code a user marked so for that tool is left alone
//! here too, as `#[mutate(skip)]` leaves it, so a move from it keeps every choice made.

use syn::{Attribute, Meta, Path};

/// Whether `attrs` hold `#[mutants::skip]` or `#[cfg_attr(.., mutants::skip)]`.
pub fn skipped_for_cargo_mutants(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| match &a.meta {
        Meta::Path(path) => is_mutants_skip(path),
        Meta::List(list) if list.path.is_ident("cfg_attr") => list
            .parse_args_with(syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated)
            .is_ok_and(|metas| {
                // The first is the condition; the rest are the attributes it adds.
                metas
                    .iter()
                    .skip(1)
                    .any(|m| matches!(m, Meta::Path(p) if is_mutants_skip(p)))
            }),
        _ => false,
    })
}

fn is_mutants_skip(path: &Path) -> bool {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    names == ["mutants", "skip"]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(text: &str) -> Vec<Attribute> {
        let item: syn::ItemFn = syn::parse_str(&format!("{text} fn f() {{}}")).unwrap();
        item.attrs
    }

    #[test]
    fn reads_the_mark_plain_and_under_cfg_attr() {
        assert!(skipped_for_cargo_mutants(&attrs("#[mutants::skip]")));
        assert!(skipped_for_cargo_mutants(&attrs("#[::mutants::skip]")));
        assert!(skipped_for_cargo_mutants(&attrs(
            "#[cfg_attr(test, mutants::skip)]"
        )));
        assert!(skipped_for_cargo_mutants(&attrs(
            "#[cfg_attr(all(unix, feature = \"x\"), inline, mutants::skip)]"
        )));
    }

    #[test]
    fn other_attributes_are_not_the_mark() {
        assert!(!skipped_for_cargo_mutants(&attrs("#[skip]")));
        assert!(!skipped_for_cargo_mutants(&attrs("#[mutants::other]")));
        assert!(!skipped_for_cargo_mutants(&attrs(
            "#[cfg_attr(mutants, inline)]"
        )));
        assert!(!skipped_for_cargo_mutants(&attrs(
            "#[doc = \"mutants::skip\"]"
        )));
    }
}
