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
    if fallbacks.default {
        out.extend(fallback_trait(
            quote!(__MutateDefaultFallback),
            quote!(#rt::Make),
            mark(Kind::Default, id),
        ));
    }
    if fallbacks.leaked {
        out.extend(fallback_trait(
            quote!(__MutateLeakFallback),
            quote!(#rt::Leak),
            mark(Kind::Leaked, id),
        ));
    }
    out
}

/// A trait `name` whose `make` is implemented for `&Maker<T>` (the autoref that rustc
/// takes only when the viable impl on `Maker<T>` does not apply), marked with `mark`.
fn fallback_trait(name: TokenStream, maker: TokenStream, mark: TokenStream) -> TokenStream {
    quote! {
        #[allow(non_camel_case_types, dead_code)]
        trait #name<T> {
            #mark
            fn make(&self) -> ::core::option::Option<T>;
        }
        impl<T> #name<T> for &#maker<T> {
            #[inline]
            fn make(&self) -> ::core::option::Option<T> {
                ::core::option::Option::None
            }
        }
    }
}

/// A call that rustc always warns about, for a mutant no value can be written for.
pub fn unwritable(id: Option<&str>) -> TokenStream {
    marked_call(Kind::Unwritable, id)
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
