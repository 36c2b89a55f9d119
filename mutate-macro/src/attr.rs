//! Options of the attribute: `#[mutate]`, `#[mutate(skip)]`,
//! `#[mutate(operators(arithmetic, fn_value))]`.

use crate::errors::Errors;
use mutate_operators::Selection;
use proc_macro2::TokenStream;
use syn::Attribute;
use syn::parse::Parser;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Options {
    /// Leave the item as written.
    pub skip: bool,
    /// Only these operators (`operators(..)` names operators or groups); when `None`,
    /// those of the enclosing item (all, for the annotated item itself).
    pub operators: Option<Selection>,
    /// Set by `cargo mutate-driver --all-items`, which inserts the attribute on the item's
    /// first line: the 1-based column where the item starts in the user's file, so that
    /// locations on that line are told as the user wrote them.
    pub written_at_column: Option<usize>,
}

const KNOWN: &str = "the options are `skip` and `operators(...)`";

/// Parses the arguments of the attribute itself.
pub fn parse_args(args: TokenStream) -> syn::Result<Options> {
    parse_args_knowing(args, crate::user_rules::names().as_deref())
}

/// Parses the arguments, `rules` naming the user's rules where they are known (the
/// driver's builds). Where they are not, a name no operator or group has is taken for a
/// rule's: nothing is mutated there, and the driver checks the names in its own builds.
fn parse_args_knowing(args: TokenStream, rules: Option<&[String]>) -> syn::Result<Options> {
    let mut options = Options::default();
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("skip") {
            options.skip = true;
            Ok(())
        } else if meta.path.is_ident("__written_at_column") {
            let column: syn::LitInt = meta.value()?.parse()?;
            options.written_at_column = Some(column.base10_parse()?);
            Ok(())
        } else if meta.path.is_ident("operators") {
            let mut names = Vec::new();
            let mut trusted: Vec<String> = rules.map(<[String]>::to_vec).unwrap_or_default();
            meta.parse_nested_meta(|name| {
                let Some(ident) = name.path.get_ident() else {
                    return Err(name.error("an operator, group or rule name, e.g. `arithmetic`"));
                };
                let text = ident.to_string();
                if rules.is_none() && !mutate_operators::is_reserved(&text) {
                    trusted.push(text.clone());
                }
                Selection::of([text.as_str()], &trusted).map_err(|e| name.error(e))?;
                names.push(text);
                Ok(())
            })?;
            let selection = Selection::of(names.iter().map(String::as_str), &trusted);
            options.operators = Some(selection.map_err(|e| meta.error(e))?);
            Ok(())
        } else {
            Err(meta.error(format!("unknown `#[mutate]` option: {KNOWN}")))
        }
    });
    parser.parse2(args)?;
    Ok(options)
}

impl Options {
    /// The operators this item's functions get, given its enclosing item's.
    pub fn selection(&self, outer: &Selection) -> Selection {
        self.operators.clone().unwrap_or_else(|| outer.clone())
    }
}

/// Whether an attribute is ours: `mutate`, `mutate_runtime::mutate`, `::mutate_runtime::mutate`.
pub fn is_mutate(attr: &Attribute) -> bool {
    let path = attr.path();
    path.segments.last().is_some_and(|s| s.ident == "mutate")
        && (path.segments.len() == 1
            || (path.segments.len() == 2 && path.segments[0].ident == "mutate_runtime"))
}

/// Takes our attributes off an inner item and returns its options (the last attribute's,
/// if it has several); malformed ones go to `errors`.
pub fn take_inner(attrs: &mut Vec<Attribute>, errors: &mut Errors) -> Option<Options> {
    let mut found = None;
    attrs.retain(|attr| {
        if !is_mutate(attr) {
            return true;
        }
        let parsed = match &attr.meta {
            syn::Meta::Path(_) => Ok(Options::default()),
            syn::Meta::List(list) => parse_args(list.tokens.clone()),
            syn::Meta::NameValue(nv) => Err(syn::Error::new_spanned(
                nv,
                format!("`#[mutate = ...]` is not a form of the attribute: {KNOWN}"),
            )),
        };
        if let Some(options) = errors.ok(parsed) {
            found = Some(options);
        }
        false
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use mutate_operators::Operator;
    use quote::quote;

    #[test]
    fn parses_skip_and_nothing() {
        assert_eq!(parse_args(quote!()).unwrap(), Options::default());
        assert!(parse_args(quote!(skip)).unwrap().skip);
    }

    #[test]
    fn parses_operator_names_and_groups() {
        let options = parse_args(quote!(operators(arithmetic, extreme))).unwrap();
        let selection = options.selection(&Selection::none());
        assert!(selection.contains(Operator::Arithmetic) && selection.contains(Operator::FnValue));
        assert!(!selection.contains(Operator::Literal));
        let err = parse_args_knowing(quote!(operators(arithmetics)), Some(&[])).unwrap_err();
        assert!(
            err.to_string().contains("operators: arithmetic, bitwise"),
            "{err}"
        );
    }

    #[test]
    fn rule_names_are_checked_where_the_rules_are_known() {
        let rules = ["next_to_last".to_owned()];
        let options = parse_args_knowing(quote!(operators(next_to_last)), Some(&rules)).unwrap();
        let selection = options.selection(&Selection::none());
        assert!(selection.contains_rule("next_to_last") && !selection.contains(Operator::Literal));
        let err = parse_args_knowing(quote!(operators(next_to_lats)), Some(&rules)).unwrap_err();
        assert!(err.to_string().contains("rules: next_to_last"), "{err}");
        // Outside the driver's builds the rules are not known: the name is taken on trust.
        let options = parse_args_knowing(quote!(operators(next_to_lats)), None).unwrap();
        assert!(
            options
                .selection(&Selection::none())
                .contains_rule("next_to_lats")
        );
    }

    #[test]
    fn rejects_unknown_options() {
        let err = parse_args(quote!(fast)).unwrap_err();
        assert!(err.to_string().contains("unknown `#[mutate]` option"));
    }

    #[test]
    fn recognises_our_paths_only() {
        let ours: Attribute = syn::parse_quote!(#[mutate_runtime::mutate]);
        let bare: Attribute = syn::parse_quote!(#[mutate(skip)]);
        let other: Attribute = syn::parse_quote!(#[other::mutate]);
        assert!(is_mutate(&ours));
        assert!(is_mutate(&bare));
        assert!(!is_mutate(&other));
    }
}
