//! The fallbacks of a body replacement, declared in the arm that places it, one set per
//! mutant. Each is a deprecated method whose note names the mutant
//! (`mutate_protocol::unviable_marks`): when rustc resolves the replacement to its fallback
//! (the type has no `Default`, the referenced type is unsized), its warning tells the
//! driver the mutant is unviable, whether or not a test ever reaches the function.

use super::returns::Fallbacks;
use crate::emit::rt;
use mutate_protocol::unviable_marks::{self, Kind};
use proc_macro2::TokenStream;
use quote::quote;

/// The fallback traits `fallbacks` names, for mutant `id` (`None`: a mutant no table holds,
/// whose fallbacks need no mark).
pub fn declare(fallbacks: Fallbacks, id: Option<&str>) -> TokenStream {
    let rt = rt();
    let mut out = TokenStream::new();
    let wanted = [
        (
            fallbacks.default,
            quote!(__MutateDefaultFallback),
            Kind::Default,
            Shape::made(quote!(&#rt::Make<T>)),
        ),
        (
            fallbacks.leaked,
            quote!(__MutateLeakFallback),
            Kind::Leaked,
            // The leak's choices are on `&&Leak` and `&Leak`: its fallback is the last.
            Shape::made(quote!(#rt::Leak<T>)),
        ),
        (
            fallbacks.converted,
            quote!(__MutateConvertFallback),
            Kind::Converted,
            Shape::from_one(quote!(&#rt::Convert<T, S>)),
        ),
        (
            fallbacks.collected,
            quote!(__MutateCollectFallback),
            Kind::Collected,
            Shape::from_one(quote!(&#rt::Collect<T, S>)),
        ),
        (
            fallbacks.repeated,
            quote!(__MutateRepeatFallback),
            Kind::Repeated,
            Shape {
                params: quote!(S, const N: usize),
                args: quote!(S, N),
                on: quote!(&#rt::Repeat<S, N>),
                input: quote!(_: S),
                output: quote!([S; N]),
            },
        ),
    ];
    for (wanted, name, kind, shape) in wanted {
        if wanted {
            out.extend(fallback_trait(name, shape, mark(kind, id)));
        }
    }
    out
}

/// A fallback trait's generics, the type its impl is for, its method's value parameter
/// and what the method returns (in an `Option`).
struct Shape {
    params: TokenStream,
    args: TokenStream,
    on: TokenStream,
    input: TokenStream,
    output: TokenStream,
}

impl Shape {
    /// `make(&self) -> Option<T>` on `on`: a value made from nothing.
    fn made(on: TokenStream) -> Self {
        Shape {
            params: quote!(T),
            args: quote!(T),
            on,
            input: TokenStream::new(),
            output: quote!(T),
        }
    }

    /// `make(&self, _: S) -> Option<T>` on `on`: a value made from one of type `S`.
    fn from_one(on: TokenStream) -> Self {
        Shape {
            params: quote!(T, S),
            args: quote!(T, S),
            on,
            input: quote!(_: S),
            output: quote!(T),
        }
    }
}

/// A trait `name` whose `make` is implemented for the shape's type (`&Maker<T>`: the autoref
/// that rustc takes only when the viable impl on `Maker<T>` does not apply), marked with
/// `mark`.
fn fallback_trait(name: TokenStream, shape: Shape, mark: TokenStream) -> TokenStream {
    let Shape {
        params,
        args,
        on,
        input,
        output,
    } = shape;
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        trait #name<#params> {
            #mark
            fn make(&self, #input) -> ::core::option::Option<#output>;
        }
        impl<#params> #name<#args> for #on {
            #[inline]
            fn make(&self, #input) -> ::core::option::Option<#output> {
                ::core::option::Option::None
            }
        }
    }
}

/// A call that rustc always warns about, for a mutant no value can be written for.
pub fn unwritable(id: Option<&str>) -> TokenStream {
    marked_call(Kind::Unwritable, id)
}

/// A call that rustc always warns about, for a mutant whose text cannot have the declared
/// type: it is listed, as cargo-mutants lists it, and has no code.
pub fn mistyped(id: Option<&str>) -> TokenStream {
    marked_call(Kind::Mistyped, id)
}

/// A call of a deprecated function whose note is mutant `id`'s mark of `kind`: rustc warns
/// of it wherever it stands (the driver forces `deprecated` on), run or not.
pub fn marked_call(kind: Kind, id: Option<&str>) -> TokenStream {
    let mark = mark(kind, id);
    quote! {
        #[allow(dead_code)]
        #mark
        fn __mutate_marked() {}
        __mutate_marked();
    }
}

/// `#[deprecated]` with mutant `id`'s mark of `kind` as its note; nothing for `None` (a
/// mutant no table holds needs no mark).
pub fn mark(kind: Kind, id: Option<&str>) -> TokenStream {
    match id {
        Some(id) => {
            let note = unviable_marks::note(kind, id);
            quote!(#[deprecated(note = #note)])
        }
        None => TokenStream::new(),
    }
}
