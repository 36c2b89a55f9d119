//! Plausible values of a declared return type, read from its syntax (cargo-mutants'
//! table): `bool` → true, false; integers → 0, 1 (and -1 when signed); `String` → empty
//! and `"xyzzy"`; `Option<T>` → `None` and `Some(v)`; containers empty and with one
//! value; anything else `Default::default()`, made through autoref specialization so a
//! type without `Default` makes the mutant unviable rather than the build fail.
//!
//! A value is built as its text reads: `vec![]`, `Vec::leak(..)`, `Box::leak(Box::new(..))`
//! and `String::new()` name `vec!`, `Vec`, `Box` and `String` as the function's own code
//! would. Where the crate does not have them (`no_std`, or not imported), the text would
//! not build under `cargo test`, and the mutant does not build either: the rebuild net
//! makes it unviable (`fn_value.rs`).

use crate::emit::rt;
use crate::text::tidy;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::{GenericArgument, PathArguments, Type};

/// One value of a type.
#[derive(Clone)]
pub struct Value {
    /// The expression, as code.
    pub code: TokenStream,
    /// The expression as shown to users: `Ok(Default::default())`.
    pub shown: String,
    /// The fallbacks its code calls: each piece made through one evaluates to an
    /// `Option<T>` that must be `Some` (unwrapped with `?`).
    pub fallbacks: Fallbacks,
    /// Its code names `vec!`, `Vec`, `Box` or `String` where the function is, which the
    /// crate may lack or have of its own: those names are located at the return arrow's
    /// `-`, where a build error makes just such values unviable (`fn_value.rs`). The rest
    /// of every value's code is located at the `>` ([`for_output`]): an error there (a
    /// type the declared one does not take, such as `Ok(0)` for a crate's own `Result<T>`
    /// alias) makes every value unviable.
    pub names: bool,
}

/// Which fallback traits a value's code calls without importing them: the code that
/// places the value declares them (`fallback::declare`), each with the mutant's id, so
/// rustc says which mutants it resolved to a fallback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fallbacks {
    /// `Make`'s: a `Default` of a type.
    pub default: bool,
    /// `Leak`'s: a leaked `Default` behind a reference.
    pub leaked: bool,
}

impl Fallbacks {
    pub fn any(self) -> bool {
        self.default || self.leaked
    }
}

impl std::ops::BitOr for Fallbacks {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Fallbacks {
            default: self.default || other.default,
            leaked: self.leaked || other.leaked,
        }
    }
}

impl Value {
    fn plain(code: TokenStream, shown: impl Into<String>) -> Self {
        Value {
            code,
            shown: shown.into(),
            fallbacks: Fallbacks::default(),
            names: false,
        }
    }

    /// A value whose code names the crate's `vec!`, `Vec`, `Box` or `String`.
    fn naming(self) -> Self {
        Value {
            names: true,
            ..self
        }
    }

    /// The value, the code the macro made for it located at `at` ([`Value::names`]).
    fn typed_at(self, at: Span) -> Self {
        Value {
            code: crate::syntax::located_at(self.code, at),
            ..self
        }
    }

    /// Wraps the value: `wrap(code)`, shown as `shown(inner)`.
    fn map(self, code: impl FnOnce(TokenStream) -> TokenStream, shown: &str) -> Self {
        Value {
            code: code(self.code),
            shown: shown.replace("{}", &self.shown),
            ..self
        }
    }
}

/// What a function's body can be replaced with.
pub enum Replacements {
    /// The return type is `()`: an empty body.
    Unit,
    /// Values of the return type (each, for a fallible one, to be unwrapped with `?` in
    /// an `Option` context).
    Values(Vec<Value>),
    /// `impl Iterator<Item = T>`: an empty iterator, and one holding each value of `T`.
    Iterator(Vec<Value>),
    /// No value can be written for this type (`impl Trait`, `!`): one mutant that is
    /// always unviable, so the report shows it was considered.
    Impossible,
    /// Never returns: nothing to replace.
    Nothing,
}

/// At most this many values per type: tuples multiply.
const MAX_VALUES: usize = 8;

/// The replacements for a function whose return type is `output`. `generics` are the
/// type parameters in scope, which name types that may be unsized.
pub fn for_output(output: &syn::ReturnType, generics: &[String]) -> Replacements {
    let (ty, [names, conversion]) = match output {
        syn::ReturnType::Default => return Replacements::Unit,
        syn::ReturnType::Type(arrow, ty) => (strip(ty), arrow.spans),
    };
    let values = Values {
        generics,
        names,
        conversion,
    };
    let typed = |values: Vec<Value>| values.into_iter().map(|v| v.typed_at(conversion)).collect();
    match ty {
        Type::Tuple(t) if t.elems.is_empty() => Replacements::Unit,
        Type::Never(_) => Replacements::Nothing,
        Type::ImplTrait(i) => match iterator_item(i) {
            Some(item) if !has_impl(item) => Replacements::Iterator(typed(values.of(item))),
            _ => Replacements::Impossible,
        },
        _ if has_impl(ty) => Replacements::Impossible,
        _ => Replacements::Values(typed(values.of(ty))),
    }
}

fn strip(ty: &Type) -> &Type {
    match ty {
        Type::Paren(p) => strip(&p.elem),
        Type::Group(g) => strip(&g.elem),
        _ => ty,
    }
}

/// `T` of `impl Iterator<Item = T>` (with any lifetime bounds).
fn iterator_item(i: &syn::TypeImplTrait) -> Option<&Type> {
    let mut item = None;
    for bound in &i.bounds {
        match bound {
            syn::TypeParamBound::Trait(t) => {
                let last = t.path.segments.last()?;
                if last.ident != "Iterator" || item.is_some() {
                    return None;
                }
                let PathArguments::AngleBracketed(args) = &last.arguments else {
                    return None;
                };
                for arg in &args.args {
                    if let GenericArgument::AssocType(a) = arg
                        && a.ident == "Item"
                    {
                        item = Some(&a.ty);
                    }
                }
            }
            syn::TypeParamBound::Lifetime(_) => {}
            _ => return None,
        }
    }
    item
}

/// Whether the type mentions `impl Trait` anywhere: such a type cannot be named in a body.
fn has_impl(ty: &Type) -> bool {
    crate::syntax::mentions_impl(ty.to_token_stream())
}

struct Values<'a> {
    generics: &'a [String],
    /// Where names values use are located ([`Value::names`]): resolved where the
    /// function is.
    names: Span,
    /// Where `"xyzzy".into()`'s conversion is located, as the rest of every value.
    conversion: Span,
}

impl Values<'_> {
    fn of(&self, ty: &Type) -> Vec<Value> {
        let mut values = self.values(strip(ty));
        values.truncate(MAX_VALUES);
        values
    }

    fn values(&self, ty: &Type) -> Vec<Value> {
        match ty {
            Type::Path(p) if p.qself.is_none() => self.path(ty, &p.path),
            Type::Reference(r) => self.reference(ty, r),
            Type::Tuple(t) => self.tuple(&t.elems),
            Type::Array(a) => match scalar_values(strip(&a.elem)) {
                Some(values) => {
                    let len = &a.len;
                    values
                        .into_iter()
                        .map(|v| {
                            let shown = format!("[{}; {}]", v.shown, tidy(&len.to_token_stream()));
                            let code = v.code;
                            Value::plain(quote!([#code; #len]), shown)
                        })
                        .collect()
                }
                None => vec![default_of(ty)],
            },
            _ => vec![default_of(ty)],
        }
    }

    fn path(&self, ty: &Type, path: &syn::Path) -> Vec<Value> {
        if let Some(values) = scalar_values(ty) {
            return values;
        }
        let Some(last) = path.segments.last() else {
            return vec![default_of(ty)];
        };
        let name = last.ident.to_string();
        let args = type_args(&last.arguments);
        let first = args.first().copied();
        // The conversion's path is the macro's (located at `>`, resolved as generated
        // code): with the user's span, `::core` would resolve in the user's edition,
        // which in 2015 is the crate root.
        let (at, converted_at) = (self.names, Span::call_site().located_at(self.conversion));
        match (name.as_str(), first) {
            // `String` where the function is may be the crate's own type, with no `new`;
            // the declared type, with no `From<&str>`.
            ("String", None) => vec![
                Value::plain(quote_spanned!(at=> String::new()), "String::new()").naming(),
                Value::plain(
                    quote_spanned!(converted_at=> ::core::convert::Into::<#ty>::into("xyzzy")),
                    "\"xyzzy\".into()",
                ),
            ],
            ("Option", Some(inner)) => self.wrapping(
                Some(Value::plain(quote!(::core::option::Option::None), "None")),
                inner,
                |c| quote!(::core::option::Option::Some(#c)),
                "Some({})",
            ),
            // `fmt::Result` is `Result<(), fmt::Error>`: its `Ok` value is `()`.
            ("Result", None)
                if path.segments.len() >= 2
                    && path.segments[path.segments.len() - 2].ident == "fmt" =>
            {
                vec![Value::plain(
                    quote!(::core::result::Result::Ok(
                        ::core::default::Default::default()
                    )),
                    "Ok(Default::default())",
                )]
            }
            ("Result", Some(inner)) => self.wrapping(
                None,
                inner,
                |c| quote!(::core::result::Result::Ok(#c)),
                "Ok({})",
            ),
            ("Vec", Some(inner)) => self
                .wrapping(
                    Some(Value::plain(quote_spanned!(at=> vec![]), "vec![]")),
                    inner,
                    |c| quote_spanned!(at=> vec![#c]),
                    "vec![{}]",
                )
                .into_iter()
                .map(Value::naming)
                .collect(),
            // A type only named may be unsized (`Box<Slice<K, V>>` of a DST): the wrapper's
            // own `Default`, through the fallback.
            ("Box" | "Rc" | "Arc", Some(inner))
                if !self.maybe_unsized(inner)
                    && scalar_values(strip(inner)).is_none()
                    && is_opaque_path(strip(inner)) =>
            {
                vec![default_named(
                    ty,
                    &format!("{name}::new(Default::default())"),
                )]
            }
            ("Box" | "Rc" | "Arc", Some(inner)) if !self.maybe_unsized(inner) => {
                let wrapper = &last.ident;
                let shown = format!("{name}::new({{}})");
                self.wrapping(None, inner, |c| quote!(#wrapper::new(#c)), &shown)
            }
            ("HashSet" | "BTreeSet" | "VecDeque" | "BinaryHeap" | "LinkedList", Some(inner)) => {
                self.collection(ty, &name, self.of(inner))
            }
            ("HashMap" | "BTreeMap", Some(key)) if args.len() == 2 => {
                self.map(ty, &name, key, args[1])
            }
            _ => vec![default_of(ty)],
        }
    }

    /// `empty` (if any), then each value of `inner` wrapped: `code(value)`, shown as
    /// `shown` with `{}` for the value.
    fn wrapping(
        &self,
        empty: Option<Value>,
        inner: &Type,
        code: impl Fn(TokenStream) -> TokenStream,
        shown: &str,
    ) -> Vec<Value> {
        let wrapped = self.of(inner).into_iter().map(|v| v.map(&code, shown));
        empty.into_iter().chain(wrapped).collect()
    }

    /// A map: empty, then one entry of the key's first value and each value's.
    fn map(&self, ty: &Type, name: &str, key: &Type, value: &Type) -> Vec<Value> {
        let Some(key) = self.of(key).into_iter().next() else {
            return vec![default_of(ty)];
        };
        let pairs = self.of(value).into_iter().map(|v| {
            let (k, c) = (&key.code, &v.code);
            Value {
                code: quote!((#k, #c)),
                shown: format!("({}, {})", key.shown, v.shown),
                fallbacks: key.fallbacks | v.fallbacks,
                names: key.names || v.names,
            }
        });
        self.collection(ty, name, pairs.collect())
    }

    /// Empty, then one element of each value: `X::from_iter([v])`.
    fn collection(&self, ty: &Type, name: &str, elements: Vec<Value>) -> Vec<Value> {
        let empty = default_named(ty, &format!("{name}::new()"));
        let mut values = vec![empty];
        values.extend(elements.into_iter().map(|v| {
            v.map(
                |c| quote!(<#ty as ::core::iter::FromIterator<_>>::from_iter([#c])),
                &format!("{name}::from_iter([{{}}])"),
            )
        }));
        values
    }

    fn reference(&self, ty: &Type, r: &syn::TypeReference) -> Vec<Value> {
        let elem = strip(&r.elem);
        let mutable = r.mutability.is_some();
        // A leaked box or vec is `&mut`; where `&` is declared, reborrow it shared so it
        // also fits where no coercion happens (`vec![Vec::leak(..)]` for `Vec<&[T]>`).
        let shared = (!mutable).then(|| quote!(&*));
        match elem {
            Type::Path(p) if !mutable && p.path.is_ident("str") => vec![
                Value::plain(quote!(""), "\"\""),
                Value::plain(quote!("xyzzy"), "\"xyzzy\""),
            ],
            Type::Slice(s) => {
                let (empty, shown) = if mutable {
                    (quote!(&mut []), "&mut []")
                } else {
                    (quote!(&[]), "&[]")
                };
                let mut values = vec![Value::plain(empty, shown)];
                let at = self.names;
                values.extend(self.of(&s.elem).into_iter().map(|v| {
                    v.map(
                        |c| quote_spanned!(at=> #shared Vec::leak(vec![#c])),
                        "Vec::leak(vec![{}])",
                    )
                    .naming()
                }));
                values
            }
            // A type parameter or `Self`: leaked if it turns out sized and `Default` (as
            // cargo-mutants names it), else unviable.
            Type::Path(p)
                if p.qself.is_none()
                    && p.path
                        .get_ident()
                        .is_some_and(|i| i == "Self" || self.generics.contains(&i.to_string())) =>
            {
                vec![self.leaked_default_of(ty)]
            }
            _ if self.maybe_unsized(elem) => vec![default_of(ty)],
            // A type only named (an alias or associated type may stand for `str` or a
            // slice): leaked through the fallback, which needs it sized and `Default`.
            _ if scalar_values(elem).is_none() && is_opaque_path(elem) => {
                vec![self.leaked_default_of(ty)]
            }
            _ => {
                let at = self.names;
                self.of(elem)
                    .into_iter()
                    .map(|v| {
                        v.map(
                            |c| quote_spanned!(at=> #shared Box::leak(Box::new(#c))),
                            "Box::leak(Box::new({}))",
                        )
                        .naming()
                    })
                    .collect()
            }
        }
    }

    fn tuple(&self, elems: &syn::punctuated::Punctuated<Type, syn::Token![,]>) -> Vec<Value> {
        let mut combos: Vec<Vec<Value>> = vec![Vec::new()];
        for elem in elems {
            let values = self.of(elem);
            combos = combos
                .iter()
                .flat_map(|combo| {
                    values.iter().map(move |v| {
                        let mut next = combo.clone();
                        next.push(v.clone());
                        next
                    })
                })
                .take(MAX_VALUES)
                .collect();
        }
        combos
            .into_iter()
            .map(|combo| {
                let codes = combo.iter().map(|v| &v.code);
                let shown: Vec<&str> = combo.iter().map(|v| v.shown.as_str()).collect();
                let trailing = if combo.len() == 1 { "," } else { "" };
                Value {
                    code: quote!((#(#codes,)*)),
                    shown: format!("({}{trailing})", shown.join(", ")),
                    fallbacks: combo
                        .iter()
                        .fold(Fallbacks::default(), |all, v| all | v.fallbacks),
                    names: combo.iter().any(|v| v.names),
                }
            })
            .collect()
    }

    /// A type parameter, `Self`, a trait object or a std type known to be unsized: no
    /// `Box::new` or `Box::leak` of a value of it.
    fn maybe_unsized(&self, ty: &Type) -> bool {
        match strip(ty) {
            Type::Path(p) if p.qself.is_some() => true,
            Type::Path(p) => {
                let Some(first) = p.path.segments.first() else {
                    return false;
                };
                let first = first.ident.to_string();
                if p.path.segments.len() > 1 {
                    // `Self::Target`, `T::Output`: an associated type, maybe unsized.
                    return first == "Self" || self.generics.contains(&first);
                }
                first == "Self"
                    || ["str", "Path", "OsStr", "CStr"].contains(&first.as_str())
                    || self.generics.contains(&first)
            }
            Type::Slice(_) | Type::TraitObject(_) => true,
            _ => false,
        }
    }
}

/// Values of `bool`, integers, floats and `char`, written as literals.
fn scalar_values(ty: &Type) -> Option<Vec<Value>> {
    let Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    let texts: &[&str] = match name.as_str() {
        "bool" => &["true", "false"],
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => &["0", "1"],
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => &["0", "1", "-1"],
        "f32" | "f64" => &["0.0", "1.0", "-1.0"],
        "char" => &["'\\0'", "'A'"],
        _ => return None,
    };
    Some(
        texts
            .iter()
            .map(|t| Value::plain(t.parse().expect("literals are tokens"), *t))
            .collect(),
    )
}

/// The type arguments of a path segment: `[T]` of `Option<T>`, `[K, V]` of `HashMap<K, V>`.
fn type_args(args: &PathArguments) -> Vec<&Type> {
    match args {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether the type is a path this table has no values for: its values all come from
/// `Default`.
fn is_opaque_path(ty: &Type) -> bool {
    let Type::Path(p) = ty else { return false };
    let Some(last) = p.path.segments.last() else {
        return false;
    };
    let known = [
        "String",
        "Option",
        "Result",
        "Vec",
        "Box",
        "Rc",
        "Arc",
        "HashSet",
        "BTreeSet",
        "VecDeque",
        "BinaryHeap",
        "LinkedList",
        "HashMap",
        "BTreeMap",
    ];
    !known.contains(&last.ident.to_string().as_str())
}

impl Values<'_> {
    /// `Box::leak(Box::new(Default::default()))` for a reference type `&T` or `&mut T`,
    /// through the fallback: unviable unless `T` is sized and `Default`. The leak is the
    /// runtime's; the crate's `Box` is named once, unused, as the text names it.
    fn leaked_default_of(&self, ty: &Type) -> Value {
        let rt = rt();
        let boxed = quote_spanned!(self.names=> Box::<()>::new);
        Value {
            code: quote! {
                {
                    let _ = #boxed;
                    #[allow(unused_imports)]
                    use #rt::returns::LeakDefault as _;
                    (&#rt::Leak::<#ty>::new()).make()?
                }
            },
            shown: "Box::leak(Box::new(Default::default()))".to_owned(),
            fallbacks: Fallbacks {
                leaked: true,
                ..Fallbacks::default()
            },
            names: true,
        }
    }
}

/// `Default::default()` of a type, through the fallback.
fn default_of(ty: &Type) -> Value {
    default_named(ty, "Default::default()")
}

fn default_named(ty: &Type, shown: &str) -> Value {
    let rt = rt();
    Value {
        code: quote! {
            {
                #[allow(unused_imports)]
                use #rt::returns::MakeDefault as _;
                (&#rt::Make::<#ty>::new()).make()?
            }
        },
        shown: shown.to_owned(),
        fallbacks: Fallbacks {
            default: true,
            ..Fallbacks::default()
        },
        names: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(output: &str, generics: &[&str]) -> Vec<String> {
        let output: syn::ReturnType = syn::parse_str(output).unwrap();
        let generics: Vec<String> = generics.iter().map(|g| g.to_string()).collect();
        match for_output(&output, &generics) {
            Replacements::Values(v) | Replacements::Iterator(v) => {
                v.into_iter().map(|v| v.shown).collect()
            }
            Replacements::Unit => vec!["()".into()],
            Replacements::Impossible => vec!["impossible".into()],
            Replacements::Nothing => vec![],
        }
    }

    /// `(shown, names, code)` of each value of `output`.
    fn named(output: &str) -> Vec<(String, bool, String)> {
        named_output(output)
            .into_iter()
            .map(|v| (v.shown, v.names, v.code.to_string().replace(' ', "")))
            .collect()
    }

    fn named_output(output: &str) -> Vec<Value> {
        let output: syn::ReturnType = syn::parse_str(output).unwrap();
        let (Replacements::Values(values) | Replacements::Iterator(values)) =
            for_output(&output, &[])
        else {
            panic!("values");
        };
        values
    }

    /// A value's code names `vec!`, `Vec`, `Box` and `String` as its text does, unqualified,
    /// and says so; other values depend on nothing of the crate's.
    #[test]
    fn values_name_what_their_text_names() {
        let slices = named("-> &[u8]");
        assert_eq!((slices[0].1, slices[0].2.as_str()), (false, "&[]"));
        assert_eq!(slices[1].0, "Vec::leak(vec![0])");
        assert!(slices[1].1);
        assert_eq!(slices[1].2, "&*Vec::leak(vec![0])");
        let boxed = named("-> &mut u8");
        assert!(boxed[0].1);
        assert_eq!(boxed[0].2, "Box::leak(Box::new(0))");
        let strings = named("-> String");
        assert_eq!(
            (strings[0].1, strings[0].2.as_str()),
            (true, "String::new()")
        );
        // `"xyzzy".into()` names nothing: it converts into the declared type.
        assert!(!strings[1].1, "{}", strings[1].2);
        assert!(strings[1].2.contains("Into::<String>::into(\"xyzzy\")"));
        let vecs = named("-> Option<Vec<bool>>");
        assert_eq!(
            vecs.iter().map(|v| v.1).collect::<Vec<_>>(),
            [false, true, true, true]
        );
        assert!(named("-> &T").iter().all(|v| v.1));
        assert!(named("-> Option<u8>").iter().all(|v| !v.1));
    }

    #[test]
    fn scalars_and_strings() {
        assert_eq!(shown("-> bool", &[]), ["true", "false"]);
        assert_eq!(shown("-> i64", &[]), ["0", "1", "-1"]);
        assert_eq!(shown("-> usize", &[]), ["0", "1"]);
        assert_eq!(
            shown("-> String", &[]),
            ["String::new()", "\"xyzzy\".into()"]
        );
        assert_eq!(shown("-> &'static str", &[]), ["\"\"", "\"xyzzy\""]);
        assert_eq!(shown("", &[]), ["()"]);
        assert_eq!(shown("-> ()", &[]), ["()"]);
        assert_eq!(shown("-> !", &[]), Vec::<String>::new());
    }

    #[test]
    fn wrappers_nest() {
        assert_eq!(
            shown("-> Option<bool>", &[]),
            ["None", "Some(true)", "Some(false)"]
        );
        assert_eq!(
            shown("-> Result<Version, Error>", &[]),
            ["Ok(Default::default())"]
        );
        assert_eq!(shown("-> fmt::Result", &[]), ["Ok(Default::default())"]);
        assert_eq!(shown("-> Vec<u8>", &[]), ["vec![]", "vec![0]", "vec![1]"]);
        assert_eq!(shown("-> Box<str>", &[]), ["Default::default()"]);
        assert_eq!(shown("-> Arc<u8>", &[]), ["Arc::new(0)", "Arc::new(1)"]);
        assert_eq!(
            shown("-> Box<Slice<K, V>>", &[]),
            ["Box::new(Default::default())"]
        );
        assert_eq!(
            shown("-> BTreeMap<String, bool>", &[]),
            [
                "BTreeMap::new()",
                "BTreeMap::from_iter([(String::new(), true)])",
                "BTreeMap::from_iter([(String::new(), false)])"
            ]
        );
    }

    #[test]
    fn references_generics_and_opaque_types() {
        assert_eq!(
            shown("-> &[u8]", &[]),
            ["&[]", "Vec::leak(vec![0])", "Vec::leak(vec![1])"]
        );
        assert_eq!(
            shown("-> &T", &["T"]),
            ["Box::leak(Box::new(Default::default()))"]
        );
        assert_eq!(shown("-> &Self::Target", &[]), ["Default::default()"]);
        assert_eq!(
            shown("-> &mut Self", &[]),
            ["Box::leak(Box::new(Default::default()))"]
        );
        assert_eq!(
            shown("-> &Config", &[]),
            ["Box::leak(Box::new(Default::default()))"]
        );
        assert_eq!(shown("-> impl Iterator<Item = u8> + '_", &[]), ["0", "1"]);
        assert_eq!(shown("-> impl Fn() -> u8", &[]), ["impossible"]);
        assert_eq!(shown("-> Option<impl Fn()>", &[]), ["impossible"]);
        assert_eq!(
            shown("-> (bool, u8)", &[]),
            ["(true, 0)", "(true, 1)", "(false, 0)", "(false, 1)"]
        );
        assert_eq!(shown("-> [u8; 4]", &[]), ["[0; 4]", "[1; 4]"]);
    }
}
