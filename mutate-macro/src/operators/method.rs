//! The standard library's twins: a method call swapped for the method whose signature is
//! the same on the same types and whose meaning is its mirror (`min` ↔ `max`, `is_some` ↔
//! `is_none`, `trim_start` ↔ `trim_end`, `wrapping_sub` ↔ `saturating_sub`, `any` ↔ `all`,
//! `find` ↔ `rfind`, a stable sort for an unstable one); `to_lowercase` ↔ `to_uppercase`
//! (through the runtime's `case.rs`: `char`'s two return different types); `unwrap_or(x)` for
//! `unwrap_or_default()`; `take(n)`/`skip(n)` off by one; and the orderings of
//! `std::cmp::Ordering` and `std::sync::atomic::Ordering`.
//!
//! A macro sees names, not types: a receiver of the user's own type with `min` but no
//! `max` makes code that does not build, and the rebuild net (the driver's) compiles that
//! one call as written and reports its mutants unviable. The table keeps to pairs that
//! exist together wherever either does in `std` (`last` is not swapped: iterators have it
//! and no `first`).
//!
//! Each arm repeats the call with its receiver and arguments, so exactly one copy runs:
//! the receiver cannot be bound to a variable first without changing how the method is
//! found (auto-referencing) or moving it.

use super::switch;
use crate::location::{self, Location};
use crate::model::{Collector, NEVER};
use mutate_operators::Operator;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, quote};
use syn::{Expr, ExprMethodCall, ExprPath};

/// Each method and the twins it is replaced by.
const TWINS: &[(&str, &[&str])] = &[
    ("min", &["max"]),
    ("max", &["min"]),
    ("checked_add", &["checked_sub"]),
    ("checked_sub", &["checked_add"]),
    // Not `wrapping_*` → `saturating_*`: raw pointers have the first and not the second.
    ("wrapping_add", &["wrapping_sub"]),
    ("wrapping_sub", &["wrapping_add"]),
    ("saturating_add", &["saturating_sub", "wrapping_add"]),
    ("saturating_sub", &["saturating_add", "wrapping_sub"]),
    ("saturating_mul", &["wrapping_mul"]),
    ("starts_with", &["ends_with"]),
    ("ends_with", &["starts_with"]),
    ("first", &["last"]),
    ("front", &["back"]),
    ("back", &["front"]),
    ("pop_front", &["pop_back"]),
    ("pop_back", &["pop_front"]),
    ("is_some", &["is_none"]),
    ("is_none", &["is_some"]),
    ("is_ok", &["is_err"]),
    ("is_err", &["is_ok"]),
    ("trim_start", &["trim_end"]),
    ("trim_end", &["trim_start"]),
    ("trim_start_matches", &["trim_end_matches"]),
    ("trim_end_matches", &["trim_start_matches"]),
    ("to_ascii_lowercase", &["to_ascii_uppercase"]),
    ("to_ascii_uppercase", &["to_ascii_lowercase"]),
    ("any", &["all"]),
    ("all", &["any"]),
    ("find", &["rfind"]),
    ("rfind", &["find"]),
    ("position", &["rposition"]),
    ("rposition", &["position"]),
    ("sort_by", &["sort_unstable_by"]),
    ("sort_by_key", &["sort_unstable_by_key"]),
];

/// One replacement of a call: what the report shows, and the call that replaces it.
struct Replacement {
    location: Location,
    original: String,
    replacement: String,
    description: String,
    call: TokenStream,
}

/// Whether `e` is a method call whose one argument, as written, is its type's default:
/// read before the arguments are rewritten.
pub fn has_default_argument(e: &Expr) -> bool {
    match e {
        Expr::MethodCall(call) => call.args.len() == 1 && call.args.first().is_some_and(is_default),
        _ => false,
    }
}

/// The twins of a method call (its receiver and arguments already rewritten);
/// `default_argument`: its one argument was written as its type's default.
/// The name and arguments of a call, as written (read before its arguments are rewritten).
pub fn call_text(call: &ExprMethodCall) -> String {
    let mut tokens = call.method.to_token_stream();
    call.paren_token
        .surround(&mut tokens, |t| call.args.to_tokens(t));
    crate::text::tidy(&tokens)
}

/// `written_call`: the call's name and arguments as written ([`call_text`]).
pub fn rewrite(
    c: &mut Collector,
    call: &ExprMethodCall,
    default_argument: bool,
    written_call: &str,
) -> Option<TokenStream> {
    if call.turbofish.is_some() {
        return None;
    }
    if call.method == "rev" {
        return super::reverse::remove(c, call);
    }
    let receiver = &call.receiver;
    let method = &call.method;
    let args = &call.args;
    let name = method.to_string();
    let at_name = Location::of(method.span());
    let mut replacements: Vec<Replacement> = Vec::new();
    if let Some((_, twins)) = TWINS.iter().find(|(m, _)| *m == name) {
        for twin in *twins {
            let ident = Ident::new(twin, method.span());
            replacements.push(Replacement {
                location: at_name.clone(),
                original: name.clone(),
                replacement: (*twin).to_owned(),
                description: format!("replace {name} with {twin}"),
                call: quote!((#receiver).#ident(#args)),
            });
        }
    } else if let Some((twin, convert)) = other_case(&name)
        && args.is_empty()
    {
        // `str`'s (a `String`) converted to the other case; `char`'s falls back, said to
        // be of another type (its text may build: both are iterators of `char`).
        let rt = crate::emit::rt();
        let written = quote!((#receiver).#method());
        let fallback = quote! {
            ::core::result::Result::Ok(__mutate_v) => __mutate_v,
            ::core::result::Result::Err(__mutate_written) => {
                #rt::fell_back_to_other_type();
                __mutate_written
            }
        };
        replacements.push(Replacement {
            location: at_name.clone(),
            original: name.clone(),
            replacement: twin.to_owned(),
            description: format!("replace {name} with {twin}"),
            call: quote!({
                #[allow(unused_imports)]
                use #rt::case::{OtherCase as _, OtherCaseFallback as _};
                match (&#rt::Once::new(#written)).#convert() { #fallback }
            }),
        });
    } else if name == "unwrap_or" && args.len() == 1 && !default_argument {
        // From the name to the closing parenthesis: the whole of `unwrap_or(x)` goes.
        let mut call_tokens = method.to_token_stream();
        call.paren_token
            .surround(&mut call_tokens, |t| args.to_tokens(t));
        replacements.push(Replacement {
            location: location::of_tokens(&call_tokens),
            original: written_call.to_owned(),
            replacement: "unwrap_or_default()".into(),
            description: "replace unwrap_or(..) with unwrap_or_default()".into(),
            call: quote!((#receiver).unwrap_or_default()),
        });
    } else if matches!(name.as_str(), "take" | "skip")
        && args.len() == 1
        && let Some(Expr::Path(ExprPath {
            path, qself: None, ..
        })) = args.first()
        && let Some(n) = path.get_ident()
    {
        // A literal count is the literal operator's; a variable is off by one either way.
        let location = Location::of(n.span());
        for (text, count) in [
            (format!("{n} + 1"), quote!((#n + 1))),
            (
                format!("{n}.saturating_sub(1)"),
                quote!(#n.saturating_sub(1)),
            ),
        ] {
            replacements.push(Replacement {
                location: location.clone(),
                original: n.to_string(),
                replacement: text.clone(),
                description: format!("replace {name}({n}) with {name}({text})"),
                call: quote!((#receiver).#method(#count)),
            });
        }
    }
    if replacements.is_empty() {
        return None;
    }
    let original = quote!((#receiver).#method(#args));
    Some(site(c, Operator::SwapMethod, replacements, original))
}

/// `to_lowercase` ↔ `to_uppercase`: the twin's name and the runtime's conversion of the
/// written call's value (see the runtime's `case.rs`).
fn other_case(name: &str) -> Option<(&'static str, Ident)> {
    let (twin, convert) = match name {
        "to_lowercase" => ("to_uppercase", "to_upper"),
        "to_uppercase" => ("to_lowercase", "to_lower"),
        _ => return None,
    };
    Some((twin, Ident::new(convert, proc_macro2::Span::call_site())))
}

/// Whether `e` is written as the `Default` of its type (`0`, `false`, `""`,
/// `Default::default()`, `String::new()`...): `unwrap_or_default()` would change nothing.
fn is_default(e: &Expr) -> bool {
    match e {
        Expr::Lit(l) => match &l.lit {
            syn::Lit::Int(i) => i.base10_digits() == "0",
            syn::Lit::Float(f) => {
                f.base10_digits()
                    .trim_end_matches('0')
                    .trim_end_matches('.')
                    == "0"
            }
            syn::Lit::Bool(b) => !b.value,
            syn::Lit::Str(s) => s.value().is_empty(),
            _ => false,
        },
        Expr::Call(call) if call.args.is_empty() => {
            let Expr::Path(p) = &*call.func else {
                return false;
            };
            let last = p.path.segments.last().map(|s| s.ident.to_string());
            matches!(last.as_deref(), Some("default" | "new"))
        }
        Expr::Path(p) => p.path.is_ident("None"),
        _ => false,
    }
}

/// `Ordering::Less` ↔ `Ordering::Greater`; an atomic ordering stronger than `Relaxed`
/// weakened to it (a test on one thread rarely tells, which is the point of asking).
pub fn rewrite_ordering(c: &mut Collector, e: &ExprPath) -> Option<TokenStream> {
    if e.qself.is_some() || e.path.segments.len() < 2 {
        return None;
    }
    let segments: Vec<_> = e.path.segments.iter().collect();
    let last = segments[segments.len() - 1];
    if segments[segments.len() - 2].ident != "Ordering" || !last.arguments.is_none() {
        return None;
    }
    let variant = last.ident.to_string();
    let twins: &[&str] = match variant.as_str() {
        "Less" => &["Greater"],
        "Greater" => &["Less"],
        "SeqCst" | "AcqRel" | "Acquire" | "Release" => &["Relaxed"],
        _ => return None,
    };
    let replacements = twins
        .iter()
        .map(|twin| {
            let mut path = e.path.clone();
            path.segments.last_mut().expect("two segments").ident =
                Ident::new(twin, last.ident.span());
            Replacement {
                location: Location::of(last.ident.span()),
                original: variant.clone(),
                replacement: (*twin).to_owned(),
                description: format!("replace Ordering::{variant} with Ordering::{twin}"),
                call: path.to_token_stream(),
            }
        })
        .collect();
    Some(site(
        c,
        Operator::Ordering,
        replacements,
        e.to_token_stream(),
    ))
}

/// One site: a `match` on the switch with an arm per replacement and the original last.
fn site(
    c: &mut Collector,
    operator: Operator,
    replacements: Vec<Replacement>,
    original: TokenStream,
) -> TokenStream {
    let site = c.new_site();
    let mut arms = Vec::new();
    for r in replacements {
        let k = c.add_described(
            site,
            operator,
            r.location,
            &r.original,
            &r.replacement,
            r.description,
        );
        if k != NEVER {
            let call = r.call;
            arms.push(quote!(#k => #call,));
        }
    }
    let sw = switch(site);
    quote!((match #sw { #(#arms)* _ => #original }))
}
