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

const KNOWN: &str = "the options are `skip`, `operators(...)` and `rules(...)`";

/// Parses the arguments of the attribute itself.
pub fn parse_args(args: TokenStream) -> syn::Result<Options> {
    parse_args_knowing(args, crate::user_rules::names().as_deref())
}

/// Parses the arguments, `rules` naming the user's rules where they are known (the
/// driver's builds). `operators(..)` takes operators and groups (`rules` among them), the
/// same everywhere; `rules(..)` takes rules by name, checked where they are known and
/// taken on trust elsewhere (nothing is mutated there, and a plain build must not fail on
/// a rule only the driver reads).
fn parse_args_knowing(args: TokenStream, rules: Option<&[String]>) -> syn::Result<Options> {
    let mut options = Options::default();
    let mut names: Option<Vec<String>> = None;
    let mut rule_names: Vec<String> = Vec::new();
    let parser = syn::meta::parser(|meta| {
        if meta.path.is_ident("skip") {
            options.skip = true;
            Ok(())
        } else if meta.path.is_ident("__written_at_column") {
            let column: syn::LitInt = meta.value()?.parse()?;
            options.written_at_column = Some(column.base10_parse()?);
            Ok(())
        } else if meta.path.is_ident("operators") {
            let list = names.get_or_insert_with(Vec::new);
            meta.parse_nested_meta(|name| {
                let Some(ident) = name.path.get_ident() else {
                    return Err(name.error("an operator or group name, e.g. `arithmetic`"));
                };
                let text = ident.to_string();
                Selection::of([text.as_str()], &[]).map_err(|e| name.error(e))?;
                list.push(text);
                Ok(())
            })
        } else if meta.path.is_ident("rules") {
            names.get_or_insert_with(Vec::new);
            meta.parse_nested_meta(|name| {
                let Some(ident) = name.path.get_ident() else {
                    return Err(name.error("a rule's name, e.g. `next_to_last`"));
                };
                let text = ident.to_string();
                if let Some(known) = rules
                    && !known.contains(&text)
                {
                    let list = if known.is_empty() {
                        "the manifest has no rules".to_owned()
                    } else {
                        format!("rules: {}", known.join(", "))
                    };
                    return Err(name.error(format!("unknown rule `{text}`; {list}")));
                }
                rule_names.push(text);
                Ok(())
            })
        } else {
            Err(meta.error(format!("unknown `#[mutate]` option: {KNOWN}")))
        }
    });
    parser.parse2(args)?;
    if let Some(names) = names {
        let all = names.iter().chain(&rule_names).map(String::as_str);
        let selection = Selection::of(all, &rule_names)
            .map_err(|e| syn::Error::new(proc_macro2::Span::call_site(), e))?;
        options.operators = Some(selection);
    }
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
    fn rules_are_named_apart_and_checked_where_known() {
        let rules = ["next_to_last".to_owned()];
        let options = parse_args_knowing(
            quote!(operators(literal), rules(next_to_last)),
            Some(&rules),
        )
        .unwrap();
        let selection = options.selection(&Selection::none());
        assert!(selection.contains_rule("next_to_last") && selection.contains(Operator::Literal));
        assert!(!selection.contains(Operator::Arithmetic));
        let err = parse_args_knowing(quote!(rules(next_to_lats)), Some(&rules)).unwrap_err();
        assert!(
            err.to_string()
                .contains("unknown rule `next_to_lats`; rules: next_to_last"),
            "{err}"
        );
        // Outside the driver's builds the rules are not known: the name is taken on trust,
        // and an operator's name is checked all the same.
        let options = parse_args_knowing(quote!(rules(next_to_lats)), None).unwrap();
        assert!(
            options
                .selection(&Selection::none())
                .contains_rule("next_to_lats")
        );
        assert!(parse_args_knowing(quote!(operators(next_to_last)), None).is_err());
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
