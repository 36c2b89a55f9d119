//! The exit of a function, traced for the propagation analysis: in a run the driver asks to
//! observe (a survivor's infecting test, with and without the mutant), each call of an
//! annotated function calls the function again, once, from an outer frame that records
//! what the call returned and what it left behind its `&mut` arguments and `&mut self`
//! (as digests of their `Debug` text, where they have one), with how deep in annotated
//! calls it was made. Calling again rather than rewriting the body keeps `return`, `?` and
//! coercions exactly as written. The call again runs the body its table chose: where the
//! schemata body is out of line, the body as written unless one of the function's mutants
//! is on (`dispatch::choose_outlined`): a traced test pays for its records, not for the
//! schemata bodies of everything it calls.
//!
//! Every token of this code is located at the function's `fn` keyword, where no other code
//! is, so a build error in it is told apart from any other: the rebuild net then drops the
//! tracing alone (`build_errors::claim_at`), and no mutant becomes unviable for it.

use crate::emit::rt;
use crate::syntax::{mentions, mentions_impl};
use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{FnArg, GenericParam, Pat, ReceiverKind, ReturnType, Safety, Signature, Type};

/// How the function is named from inside its own body.
#[derive(Clone)]
pub enum Reach {
    /// In an inherent `impl` or a `trait`: `Self::name`.
    Associated,
    /// In an `impl` of this trait: `<Self as Trait>::name`, since `Self::name` would
    /// find an inherent method of the same name first.
    TraitImpl(syn::Path),
    /// In a module or a body: `name`.
    Free,
    /// Not to be called again (`Drop::drop`: only the compiler calls it).
    Never,
}

impl Reach {
    /// How the functions of an `impl` (of `trait_`, if any) are reached.
    pub fn of_impl(trait_: Option<&syn::Path>) -> Reach {
        match trait_ {
            Some(path) if path.segments.last().is_some_and(|s| s.ident == "Drop") => Reach::Never,
            Some(path) => Reach::TraitImpl(path.clone()),
            None => Reach::Associated,
        }
    }
}

/// Where the schemata body is out of line, the local that holds whether this call is
/// traced: asked once, at the detour (asking clears the mark of a traced call's call
/// again), and read first in the closure, which then makes the traced call.
pub fn traced_flag() -> TokenStream {
    quote!(__mutate_traced)
}

/// The traced call, first in the schemata body; `None` where the function cannot be
/// called again as written (`async`, patterns as parameters, `impl Trait`, C variadics,
/// `-> !`). `outlined`: the schemata body is in a closure, and the call is traced if
/// [`traced_flag`] says so (one closure: two would each keep room for the arguments in
/// the function's frame, on every call at `opt-level` 0); else if the runtime wants it.
pub fn wrapper(sig: &Signature, reach: Reach, name: &str, outlined: bool) -> Option<TokenStream> {
    wrapper_with(sig, reach, name, (outlined, values_built()))
}

/// [`wrapper`], `values`: with the code that writes the call's values as Rust.
fn wrapper_with(
    sig: &Signature,
    reach: Reach,
    name: &str,
    (outlined, values): (bool, bool),
) -> Option<TokenStream> {
    if sig.asyncness.is_some() || sig.variadic.is_some() {
        return None;
    }
    // `let x: ! = ..` is not stable Rust, and a call that never returns has no exit.
    if crate::syntax::never_returns(sig) {
        return None;
    }
    if mentions_impl(sig.inputs.to_token_stream()) || mentions_impl(sig.output.to_token_stream()) {
        return None;
    }
    let reach = match reach {
        Reach::Never => return None,
        // Only an associated function has a receiver or can name `Self`.
        Reach::Free if sig.receiver().is_some() || mentions(sig.to_token_stream(), "Self") => {
            Reach::Associated
        }
        other => other,
    };
    let (args, mut changed, literals) = arguments(sig)?;
    // `fn seed(seed: u64)`: the call again by name would name the argument.
    if matches!(reach, Reach::Free) && args.iter().any(|a| sig.ident == a.to_string()) {
        return None;
    }
    // A result that may borrow from the arguments keeps them borrowed: they cannot be
    // looked at after the call. Any named type may hide a lifetime (`Self` of an
    // `Entry<'a>`), so they are looked at only beside a result that holds none.
    if !borrows_nothing(&sig.output) {
        changed.clear();
    }
    let ident = &sig.ident;
    let named = test_path(&reach, name, &ident.to_string());
    let returns = returned_type_path(&sig.output, &reach, name);
    let named = quote!(concat!(#named, #returns));
    let path = match reach {
        Reach::TraitImpl(trait_) => quote!(<Self as #trait_>::#ident),
        Reach::Free => quote!(#ident),
        _ => quote!(Self::#ident),
    };
    let params: Vec<TokenStream> = sig
        .generics
        .params
        .iter()
        .filter_map(|p| match p {
            GenericParam::Type(t) => Some(t.ident.to_token_stream()),
            GenericParam::Const(c) => Some(c.ident.to_token_stream()),
            GenericParam::Lifetime(_) => None,
        })
        .collect();
    let turbofish = (!params.is_empty()).then(|| quote!(::<#(#params),*>));
    let call = quote!(#path #turbofish (#(#args),*));
    let call = match sig.safety {
        Safety::Unsafe(_) => quote!(unsafe { #call }),
        _ => call,
    };
    let ty = match &sig.output {
        ReturnType::Default => quote!(()),
        ReturnType::Type(_, ty) => ty.to_token_stream(),
    };
    let rt = rt();
    let (given, shown, passed) = match values {
        true => with_values(&literals),
        false => (
            TokenStream::new(),
            TokenStream::new(),
            quote!(::core::option::Option::None),
        ),
    };
    let exit = quote! {
        #shown
        use #rt::observe::{Digest as _, DigestFallback as _};
        let __mutate_quiet = #rt::observe::Quiet::new();
        let __mutate_digest = (&#rt::observe::Seen::new(&__mutate_ret)).digest();
        let __mutate_changed = [#((&#rt::observe::Seen::new(#changed)).digest()),*];
        ::core::mem::drop(__mutate_quiet);
        __mutate_call.exit(__mutate_digest, &__mutate_changed, #passed);
    };
    let variable = mutate_protocol::env::BUILD_VALUES;
    let traced = quote! {
        // rustc records the variable: a build that wants values again builds this again.
        const _: ::core::option::Option<&str> = ::core::option_env!(#variable);
        let __mutate_call = #rt::observe::Call::enter(#name, #named);
        #given
        #rt::observe::reenter();
        let __mutate_ret: #ty = #call;
        { #exit }
        return __mutate_ret;
    };
    let asked = match outlined {
        true => traced_flag(),
        false => quote!(#rt::observe::wanted()),
    };
    let tokens = quote! {
        if #asked {
            #traced
        }
    };
    Some(crate::syntax::all_located_at(tokens, sig.fn_token.span))
}

/// Whether this build compiles what `--suggest-tests` reads of a traced call: its
/// arguments and result written as Rust (`mutate_protocol::env::BUILD_VALUES`).
fn values_built() -> bool {
    std::env::var_os(mutate_protocol::env::BUILD_VALUES).is_some_and(|v| v == "1")
}

/// Where the build keeps values, what `--suggest-tests` reads of a call: what it is given
/// (`literals`: each argument's expression), taken before the call; what it returned,
/// whole; and the two as the call's exit passes them on.
fn with_values(literals: &[TokenStream]) -> (TokenStream, TokenStream, TokenStream) {
    let rt = rt();
    let given = quote! {
        let __mutate_args = if #rt::observe::values_wanted() {
            use #rt::literal::{
                Debugged as _, DebuggedFallback as _, Literal as _, LiteralFallback as _,
            };
            ::core::option::Option::Some(#rt::observe::quiet(|| {
                #rt::observe::arguments([#(#literals),*])
            }))
        } else {
            ::core::option::Option::None
        };
    };
    let shown = quote! {
        use #rt::literal::{Debugged as _, DebuggedFallback as _};
        let __mutate_shown = match __mutate_args {
            ::core::option::Option::Some(_) => #rt::observe::quiet(|| {
                (&#rt::literal::Shown::new(&__mutate_ret)).debugged()
            }),
            ::core::option::Option::None => ::core::option::Option::None,
        };
    };
    let passed = quote!(__mutate_args.map(|args| (args, __mutate_shown)));
    (given, shown, passed)
}

/// How a test names the function, as an expression of the `&'static str` (the module the
/// function is in, where it runs): `module::name`, `module::Type::name`, or
/// `<module::Type as Trait>::name` (the trait as the `impl` writes it). `name`: the
/// catalog's name for the function, whose segment before the last is its `impl`'s type.
fn test_path(reach: &Reach, name: &str, ident: &str) -> TokenStream {
    let owner = name.rsplit("::").nth(1);
    // A primitive type is named as such anywhere; the crate's own types by its module.
    let owner_path = |owner: &str| match PRIMITIVES.contains(&owner) || owner == "str" {
        true => quote!(#owner),
        false => quote!(concat!(module_path!(), "::", #owner)),
    };
    match (reach, owner) {
        (Reach::Free, _) => quote!(concat!(module_path!(), "::", #ident)),
        (Reach::Associated, Some(owner)) => {
            let owner = owner_path(owner);
            quote!(concat!(#owner, "::", #ident))
        }
        (Reach::TraitImpl(trait_), Some(owner)) => {
            let owner = owner_path(owner);
            let trait_ = trait_.to_token_stream().to_string().replace(' ', "");
            quote!(concat!("<", #owner, " as ", #trait_, ">::", #ident))
        }
        _ => quote!(""),
    }
}

/// How a test names the type the function returns, after [`TRACE_SEPARATOR`], where it
/// is a type of the crate named by one identifier (`Kind`, `Self`): a suggested test
/// may then write a value the function returned as Rust, from its `Debug` text
/// (`Kind::Equilateral`). Empty for any other type.
///
/// [`TRACE_SEPARATOR`]: mutate_protocol::TRACE_SEPARATOR
fn returned_type_path(output: &ReturnType, reach: &Reach, name: &str) -> TokenStream {
    const NOT_OWN: &[&str] = &[
        "bool", "char", "str", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32",
        "i64", "i128", "isize", "f32", "f64", "String", "Vec", "Option", "Result", "Box",
    ];
    let ReturnType::Type(_, ty) = output else {
        return quote!("");
    };
    let Type::Path(p) = &**ty else {
        return quote!("");
    };
    // One segment, with lifetimes at most (`Chars<'a>`): a type parameter may be the
    // crate's or another's (`Cow<'a, str>` is std's), which its name does not tell.
    let segments = &p.path.segments;
    let only_lifetimes = |s: &syn::PathSegment| match &s.arguments {
        syn::PathArguments::None => true,
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .all(|g| matches!(g, syn::GenericArgument::Lifetime(_))),
        syn::PathArguments::Parenthesized(_) => false,
    };
    let ident = match segments.first() {
        Some(s)
            if segments.len() == 1
                && p.qself.is_none()
                && p.path.leading_colon.is_none()
                && only_lifetimes(s) =>
        {
            &s.ident
        }
        _ => return quote!(""),
    };
    let separator = mutate_protocol::TRACE_SEPARATOR;
    let ident = ident.to_string();
    let owner = name.rsplit("::").nth(1);
    match (ident.as_str(), owner, reach) {
        ("Self", Some(owner), Reach::Associated | Reach::TraitImpl(_)) => {
            quote!(concat!(#separator, module_path!(), "::", #owner))
        }
        (own, ..) if own != "Self" && !NOT_OWN.contains(&own) => {
            quote!(concat!(#separator, module_path!(), "::", #own))
        }
        _ => quote!(""),
    }
}

/// What the inner call is given (each parameter by name, `self` first), what is looked
/// at after it (`&mut` parameters and `&mut self`), and each argument's text as a Rust
/// expression (for the tests the driver suggests; a receiver is never written); `None` if
/// a parameter is a pattern.
fn arguments(sig: &Signature) -> Option<(Vec<TokenStream>, Vec<TokenStream>, Vec<TokenStream>)> {
    let rt = rt();
    let mut args = Vec::new();
    let mut changed = Vec::new();
    let mut literals = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(r) => {
                args.push(quote!(self));
                let changes = match &r.kind {
                    ReceiverKind::Reference(_, _, mutability) => mutability.is_some(),
                    ReceiverKind::Typed(_, ty) => {
                        matches!(&**ty, Type::Reference(t) if t.mutability.is_some())
                    }
                    _ => false,
                };
                let by_reference = match &r.kind {
                    ReceiverKind::Reference(..) => true,
                    ReceiverKind::Typed(_, ty) => matches!(&**ty, Type::Reference(_)),
                    _ => false,
                };
                // A receiver is built by an earlier call that returned it: its `Debug`
                // text is what finds that call.
                let kind = match (by_reference, changes) {
                    (true, true) => "m",
                    (true, false) => "r",
                    (false, _) => "v",
                };
                literals.push(quote!(#rt::observe::receiver(
                    (&#rt::literal::Shown::new(&self)).literal(),
                    (&#rt::literal::Shown::new(&self)).debugged(),
                    #kind
                )));
                if changes {
                    changed.push(quote!(&*self));
                }
            }
            FnArg::Typed(t) => {
                let Pat::Ident(p) = &*t.pat else { return None };
                if p.subpat.is_some() || p.by_ref.is_some() {
                    return None;
                }
                let ident = &p.ident;
                args.push(quote!(#ident));
                if matches!(&*t.ty, Type::Reference(r) if r.mutability.is_some()) {
                    changed.push(quote!(&*#ident));
                    literals.push(quote!(#rt::observe::mutable(
                        (&#rt::literal::Shown::new(&*#ident)).literal()
                    )));
                } else if let Some(target) = as_ref_target(sig, &t.ty) {
                    // `data: T` where `T: AsRef<[u8]>`: what it is a reference to, which
                    // a test can give as `T` (`&[u8]` is `AsRef<[u8]>`), where `T`'s own
                    // text is out of reach (a generic has no `Debug` here).
                    literals.push(quote!({
                        let __mutate_as_ref: &#target = ::core::convert::AsRef::<#target>::as_ref(&#ident);
                        #rt::observe::value(
                            (&#rt::literal::Shown::new(&__mutate_as_ref)).literal(),
                            (&#rt::literal::Shown::new(&__mutate_as_ref)).debugged(),
                            true
                        )
                    }));
                } else {
                    // A shared reference's `Debug` text is its pointee's.
                    let reference = matches!(&*t.ty, Type::Reference(_));
                    literals.push(quote!(#rt::observe::value(
                        (&#rt::literal::Shown::new(&#ident)).literal(),
                        (&#rt::literal::Shown::new(&#ident)).debugged(),
                        #reference
                    )));
                }
            }
        }
    }
    Some((args, changed, literals))
}

/// For a parameter whose type is a type parameter of `sig` bounded by `AsRef<[u8]>` or
/// `AsRef<str>` (inline or in its `where` clause), that target type.
fn as_ref_target(sig: &Signature, ty: &Type) -> Option<TokenStream> {
    let Type::Path(p) = ty else { return None };
    let ident = p.path.get_ident().filter(|_| p.qself.is_none())?;
    let inline = sig.generics.params.iter().filter_map(|g| match g {
        GenericParam::Type(t) if t.ident == *ident => Some(t.bounds.iter()),
        _ => None,
    });
    let in_where = sig.generics.where_clause.iter().flat_map(|w| {
        w.predicates.iter().filter_map(|pred| match pred {
            syn::WherePredicate::Type(t)
                if *ident == t.bounded_ty.to_token_stream().to_string() =>
            {
                Some(t.bounds.iter())
            }
            _ => None,
        })
    });
    inline.chain(in_where).flatten().find_map(|bound| {
        let syn::TypeParamBound::Trait(t) = bound else {
            return None;
        };
        let last = t.path.segments.last()?;
        if last.ident != "AsRef" {
            return None;
        }
        let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
            return None;
        };
        let Some(syn::GenericArgument::Type(target)) = args.args.first() else {
            return None;
        };
        let text = target.to_token_stream().to_string().replace(' ', "");
        ["[u8]", "str"]
            .contains(&text.as_str())
            .then(|| target.to_token_stream())
    })
}

/// Primitive types, and `String`: named the same in every module, holding no borrow.
const PRIMITIVES: &[&str] = &[
    "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
    "isize", "f32", "f64", "String",
];

/// Whether the return type certainly holds no borrow: nothing, `()`, or a primitive.
fn borrows_nothing(output: &ReturnType) -> bool {
    match output {
        ReturnType::Default => true,
        ReturnType::Type(_, ty) => match &**ty {
            Type::Tuple(t) => t.elems.is_empty(),
            Type::Path(p) => {
                p.qself.is_none()
                    && p.path
                        .get_ident()
                        .is_some_and(|i| PRIMITIVES.iter().any(|name| i == name))
            }
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced(sig: &str, reach: Reach) -> bool {
        let sig: Signature = syn::parse_str(sig).unwrap();
        wrapper(&sig, reach, "f", false).is_some()
    }

    /// A generic bounded by `AsRef<[u8]>` or `AsRef<str>` is traced as what it refers to;
    /// any other bound, or a reference to the generic, is not.
    #[test]
    fn a_generic_given_as_bytes_or_text_is_written_as_what_it_refers_to() {
        let target = |sig: &str| {
            let sig: Signature = syn::parse_str(sig).unwrap();
            let FnArg::Typed(t) = &sig.inputs[0] else {
                panic!("a typed parameter")
            };
            as_ref_target(&sig, &t.ty).map(|t| t.to_string())
        };
        assert_eq!(
            target("fn f<T: AsRef<[u8]>>(d: T)").as_deref(),
            Some("[u8]")
        );
        assert_eq!(
            target("fn f<T>(d: T) where T: AsRef<str>").as_deref(),
            Some("str")
        );
        assert_eq!(target("fn f<T: AsRef<Path>>(d: T)"), None);
        assert_eq!(target("fn f<T: Into<String>>(d: T)"), None);
        assert_eq!(target("fn f<T: AsRef<[u8]>>(d: &T)"), None);
    }

    /// The type a function returns is named where it is the crate's own, lifetimes
    /// aside (`Chars<'a>`: the value a receiver of it is rebuilt from); a type with type
    /// parameters may be another crate's and is not named.
    #[test]
    fn a_returned_type_of_the_crate_is_named_with_its_lifetimes_left_out() {
        let returns = |sig: &str| {
            let sig: Signature = syn::parse_str(sig).unwrap();
            returned_type_path(&sig.output, &Reach::Free, "f")
                .to_string()
                .replace(' ', "")
        };
        assert!(returns("fn f() -> Kind").ends_with("\"::\",\"Kind\")"));
        assert!(returns("fn f<'a>(s: &'a [u8]) -> Chars<'a>").ends_with("\"::\",\"Chars\")"));
        assert_eq!(returns("fn f<'a>(s: &'a str) -> Cow<'a, str>"), "\"\"");
        assert_eq!(returns("fn f() -> u8"), "\"\"");
        assert_eq!(returns("fn f() -> ::other::Kind"), "\"\"");
    }

    /// A free function whose argument has its name cannot call itself by that name; an
    /// associated one calls itself through `Self::`.
    #[test]
    fn an_argument_named_as_its_function_hides_it() {
        assert!(traced("fn seed(s: u64)", Reach::Free));
        assert!(!traced("fn seed(seed: u64)", Reach::Free));
        assert!(traced("fn seed(seed: u64)", Reach::Associated));
    }

    /// The code that writes a call's arguments and result as Rust (`--suggest-tests`) is
    /// in a build that asks for it only; the digests are in both, and rustc records the
    /// variable either way.
    #[test]
    fn values_are_written_only_where_the_build_asks_for_them() {
        let sig: Signature = syn::parse_str("fn f(&mut self, n: u64) -> u64").unwrap();
        let text = |values| {
            wrapper_with(&sig, Reach::Associated, "T::f", (false, values))
                .unwrap()
                .to_string()
        };
        let (lean, full) = (text(false), text(true));
        for written in ["values_wanted", "literal", "Shown"] {
            assert!(!lean.contains(written), "{written} in {lean}");
            assert!(full.contains(written), "{written} not in {full}");
        }
        for both in [&lean, &full] {
            assert!(both.contains("digest"), "{both}");
            assert!(both.contains("Seen :: new (& * self)"), "{both}");
            assert!(
                both.contains("option_env ! (\"MUTATE_BUILD_VALUES\")"),
                "{both}"
            );
        }
    }
}
