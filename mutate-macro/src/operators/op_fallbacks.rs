//! The autoref fallbacks of operator swaps and deletions, declared once per function with
//! one method per mutant. A swap the operands' types do not have (`String - &str`) falls
//! back to the written operator; rustc picks the fallback when it type-checks the arm, run
//! or not, and each mutant's fallback method is deprecated with a note naming it
//! (`mutate_protocol::unviable_marks`, `Kind::Operator`): the driver reads the mutant
//! unviable from the build, as `cargo test` on its text would fail to build, even where no
//! test reaches it. (One pair of traits for every mutant, as the runtime had, could not
//! say which one fell back until it ran.)

use super::fallback;
use crate::emit::rt;
use crate::model::Collector;
pub use crate::model::OpShape as Shape;
use mutate_protocol::unviable_marks::Kind;
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// The method mutant `k`'s arm calls on its operands.
pub fn method(k: u32) -> Ident {
    format_ident!("__mutate_op_{k}")
}

/// The traits the function's operator mutants call (`c.op_fallbacks`): for each shape
/// used, the viable trait, implemented where the operator exists, and the fallback, on
/// the autoref, each mutant's method marked with its id. Nothing where there are none.
pub fn items(c: &Collector) -> TokenStream {
    let rt = rt();
    // Every id at once: `id_of` counts the earlier mutants of the same name each time.
    let ids = c.ids();
    let mut out = TokenStream::new();
    for shape in [
        Shape::Binary,
        Shape::Assign,
        Shape::NotDeleted,
        Shape::NegDeleted,
    ] {
        let mut ks: Vec<u32> = c
            .op_fallbacks
            .iter()
            .filter(|(_, s)| *s == shape)
            .map(|(k, _)| *k)
            .collect();
        ks.sort_unstable();
        ks.dedup();
        if ks.is_empty() {
            continue;
        }
        let methods: Vec<Ident> = ks.iter().map(|&k| method(k)).collect();
        let marks: Vec<TokenStream> = ks
            .iter()
            .map(|&k| fallback::mark(Kind::Operator, ids.get(k as usize).map(String::as_str)))
            .collect();
        out.extend(match shape {
            Shape::Binary => quote! {
                #[allow(non_camel_case_types, dead_code)]
                trait __MutateBinaryOp<L, R> {
                    type Output;
                    #(fn #methods(&self) -> ::core::result::Result<Self::Output, (L, R)>;)*
                }
                impl<L, R, O, N> __MutateBinaryOp<L, R> for #rt::Operands<L, R, O, N>
                where
                    O: #rt::ops::BinaryOp<L, R>,
                    N: #rt::ops::BinaryOp<L, R, Output = <O as #rt::ops::BinaryOp<L, R>>::Output>,
                {
                    type Output = <O as #rt::ops::BinaryOp<L, R>>::Output;
                    #(
                        fn #methods(&self) -> ::core::result::Result<Self::Output, (L, R)> {
                            let (l, r) = self.taken();
                            ::core::result::Result::Ok(<N as #rt::ops::BinaryOp<L, R>>::apply(l, r))
                        }
                    )*
                }
                #[allow(non_camel_case_types, dead_code)]
                trait __MutateBinaryOpFallback<L, R> {
                    #(#marks fn #methods<T>(&self) -> ::core::result::Result<T, (L, R)>;)*
                }
                impl<L, R, O, N> __MutateBinaryOpFallback<L, R> for &#rt::Operands<L, R, O, N> {
                    #(
                        fn #methods<T>(&self) -> ::core::result::Result<T, (L, R)> {
                            ::core::result::Result::Err(self.taken())
                        }
                    )*
                }
            },
            Shape::Assign => quote! {
                #[allow(non_camel_case_types, dead_code)]
                trait __MutateAssignOp<'a, L, R> {
                    #(fn #methods(&self) -> ::core::result::Result<(), (&'a mut L, R)>;)*
                }
                impl<'a, L, R, O, N> __MutateAssignOp<'a, L, R> for #rt::PlaceOperand<'a, L, R, O, N>
                where
                    O: #rt::ops::AssignOp<L, R>,
                    N: #rt::ops::AssignOp<L, R>,
                {
                    #(
                        fn #methods(&self) -> ::core::result::Result<(), (&'a mut L, R)> {
                            let (place, r) = self.taken();
                            <N as #rt::ops::AssignOp<L, R>>::apply(place, r);
                            ::core::result::Result::Ok(())
                        }
                    )*
                }
                #[allow(non_camel_case_types, dead_code)]
                trait __MutateAssignOpFallback<'a, L, R> {
                    #(#marks fn #methods(&self) -> ::core::result::Result<(), (&'a mut L, R)>;)*
                }
                impl<'a, L, R, O, N> __MutateAssignOpFallback<'a, L, R>
                    for &#rt::PlaceOperand<'a, L, R, O, N>
                {
                    #(
                        fn #methods(&self) -> ::core::result::Result<(), (&'a mut L, R)> {
                            ::core::result::Result::Err(self.taken())
                        }
                    )*
                }
            },
            Shape::NotDeleted | Shape::NegDeleted => {
                let (viable, fallback, bound) = if shape == Shape::NotDeleted {
                    (
                        quote!(__MutateNotDeleted),
                        quote!(__MutateNotDeletedFallback),
                        quote!(::core::ops::Not<Output = T>),
                    )
                } else {
                    (
                        quote!(__MutateNegDeleted),
                        quote!(__MutateNegDeletedFallback),
                        quote!(::core::ops::Neg<Output = T>),
                    )
                };
                quote! {
                    #[allow(non_camel_case_types, dead_code)]
                    trait #viable<T> {
                        #(fn #methods(&self) -> ::core::result::Result<T, T>;)*
                    }
                    impl<T: #bound> #viable<T> for #rt::Operand<T> {
                        #(
                                fn #methods(&self) -> ::core::result::Result<T, T> {
                                ::core::result::Result::Ok(self.taken())
                            }
                        )*
                    }
                    #[allow(non_camel_case_types, dead_code)]
                    trait #fallback<T> {
                        #(#marks fn #methods<U>(&self) -> ::core::result::Result<U, T>;)*
                    }
                    impl<T> #fallback<T> for &#rt::Operand<T> {
                        #(
                                fn #methods<U>(&self) -> ::core::result::Result<U, T> {
                                ::core::result::Result::Err(self.taken())
                            }
                        )*
                    }
                }
            }
        });
    }
    out
}
