//! The static table of a function's mutants and its registration before `main`.

use crate::model::Collector;
use proc_macro2::TokenStream;
use quote::quote;

/// Name of the per-function table; generated code refers to it.
pub fn table() -> TokenStream {
    quote!(__MUTATE_TABLE)
}

/// The local holding the switch as it stands for [`table`] (the runtime's
/// `__private::Switch`; see [`read_switch`]).
pub fn switch() -> TokenStream {
    quote!(__mutate_switch)
}

/// The statement that reads the switch into [`switch`], first in a schemata body and in
/// each closure or async block in it that has sites (a closure must not borrow the
/// function's local: it may outlive the call).
pub fn read_switch() -> syn::Stmt {
    let (rt, table, switch) = (rt(), table(), switch());
    if crate::fixed::on() {
        // An equivalence build: the constant `fixed::items` put beside the table.
        return syn::parse_quote!(#[allow(unused_variables)] let #switch = #rt::Switch::fixed(__MUTATE_FIXED););
    }
    syn::parse_quote!(#[allow(unused_variables)] let #switch = #rt::switch(&#table);)
}

/// Path of the runtime's private module.
pub fn rt() -> TokenStream {
    quote!(::mutate_runtime::__private)
}

/// Items to put first in the function body: the table and its registration.
pub fn table_items(collector: &Collector) -> TokenStream {
    let rt = rt();
    let table = table();
    let function = &collector.function;
    let infos = collector
        .mutants
        .iter()
        .zip(collector.ids())
        .map(|(m, id)| {
            let operator = m.operator.name();
            let file = &m.location.file;
            let [l1, c1, l2, c2] = m.location.span;
            let original = &m.original;
            let replacement = &m.replacement;
            let description = m.description(function);
            let site = m.site;
            let cfg = &m.cfg;
            let build_error = m.build_error.as_deref().unwrap_or("");
            let compile_time = m.compile_time;
            let compare_value = m.compare_value.clone().unwrap_or_else(|| quote!(None));
            let compiled = if cfg.is_empty() {
                quote!(true)
            } else {
                quote!(::core::cfg!(all(#(#cfg),*)))
            };
            quote! {
                #rt::MutantInfo {
                    id: #id,
                    operator: #operator,
                    file: #file,
                    span: [#l1, #c1, #l2, #c2],
                    original: #original,
                    replacement: #replacement,
                    description: #description,
                    function: #function,
                    site: #site,
                    compiled: #compiled,
                    build_error: #build_error,
                    compile_time: #compile_time,
                    compare_value: #compare_value,
                }
            }
        });
    let sites = collector.sites;
    let tracking = crate::build_errors::tracking();
    let rules_tracking = crate::user_rules::tracking();
    let fixed = crate::fixed::items(collector);
    // An equivalence build runs no test: nothing registers.
    let registration = (!crate::fixed::on()).then(|| {
        quote! {
            #rt::ctor::declarative::ctor! {
                #[ctor(unsafe, anonymous)]
                fn __mutate_register() {
                    #rt::register(&#table);
                }
            }
        }
    });
    quote! {
        #tracking
        #rules_tracking
        #fixed
        static #table: #rt::Table = #rt::Table::new(&[#(#infos),*], #sites);
        #registration
    }
}
