//! The attribute's own errors: misplaced or malformed `#[mutate]`s, each with the span it
//! points at. (rustc's errors in the schemata, which the driver lists, are
//! `build_errors.rs`'s.) One expansion collects every error it meets here and reports
//! them together, in the order met.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};

#[derive(Default)]
pub struct Errors(Option<syn::Error>);

impl Errors {
    /// Adds an error after those already met; the one place errors are combined.
    pub fn push(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(all) => all.combine(error),
            None => self.0 = Some(error),
        }
    }

    /// The value of `result`, or `None` with its error added.
    pub fn ok<T>(&mut self, result: syn::Result<T>) -> Option<T> {
        result.map_err(|e| self.push(e)).ok()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Every error, then `item` as written: the user sees those errors and nothing else.
    pub fn emit(self, item: impl ToTokens) -> TokenStream {
        let errors = self.0.map(|e| e.to_compile_error());
        quote!(#errors #item)
    }
}
