//! Pure helpers over syntax: what an expression, item or token run is, and attribute
//! plumbing syn keeps private. Nothing here adds mutants or reads the macro's options.

use crate::text::tidy;
use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::{Attribute, Expr};

/// Whether an integer literal is a float by its suffix (`2f64`): rustc reads it as one,
/// though it is written without a point.
pub fn is_float_suffixed(int: &syn::LitInt) -> bool {
    matches!(int.suffix(), "f32" | "f64")
}

/// The expression inside any parentheses or invisible groups.
pub fn strip_parens(e: &Expr) -> &Expr {
    match e {
        Expr::Paren(p) => strip_parens(&p.expr),
        Expr::Group(g) => strip_parens(&g.expr),
        _ => e,
    }
}

/// `(a, b) = ...`, `[x, _] = ...`, `S { .. } = ...`, `_ = ...`: patterns in expression
/// clothing.
pub fn is_destructuring(e: &Expr) -> bool {
    matches!(
        strip_parens(e),
        Expr::Tuple(_) | Expr::Array(_) | Expr::Struct(_) | Expr::Call(_) | Expr::Infer(_)
    )
}

/// The literal of `-lit` (in any parentheses).
pub fn negated_literal(u: &syn::ExprUnary) -> Option<&syn::Lit> {
    match (&u.op, strip_parens(&u.expr)) {
        (syn::UnOp::Neg(_), Expr::Lit(lit)) => Some(&lit.lit),
        _ => None,
    }
}

/// `&lit` or `&-lit`, shared: a constant rustc promotes to a `'static` value.
pub fn is_referenced_literal(r: &syn::ExprReference) -> bool {
    r.mutability.is_none()
        && match strip_parens(&r.expr) {
            Expr::Lit(_) => true,
            Expr::Unary(u) => negated_literal(u).is_some(),
            _ => false,
        }
}

/// Whether the expression is (or chains through `&&`/`||` to) a `let`: a let chain, whose
/// `&&` is syntax, not an operator.
pub fn has_let(expr: &Expr) -> bool {
    match expr {
        Expr::Let(_) => true,
        Expr::Binary(b) => has_let(&b.left) || has_let(&b.right),
        Expr::Paren(p) => has_let(&p.expr),
        Expr::Group(g) => has_let(&g.expr),
        _ => false,
    }
}

/// `'a` of a loop or block label, without its tick.
pub fn label_name(label: &Option<syn::Label>) -> Option<String> {
    label.as_ref().map(|l| l.name.ident.to_string())
}

/// The span of the first token; the call site for no tokens.
pub fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |t| t.span())
}

/// Whether any token, at any depth of groups, satisfies `test`.
pub fn any_token(tokens: TokenStream, test: &dyn Fn(&TokenTree) -> bool) -> bool {
    tokens.into_iter().any(|t| match &t {
        TokenTree::Group(g) => any_token(g.stream(), test),
        other => test(other),
    })
}

/// Whether one of `attrs` is one of `names`, or a `cfg_attr` or `unsafe(..)` that holds
/// one (`#[unsafe(no_mangle)]`, `#[cfg_attr(x, track_caller)]`).
pub fn has_attr(attrs: &[syn::Attribute], names: &[&str]) -> bool {
    attrs.iter().any(|a| {
        let path = a.path();
        if names.iter().any(|name| path.is_ident(name)) {
            return true;
        }
        let wraps = path.is_ident("cfg_attr") || path.is_ident("unsafe");
        let named =
            |t: &TokenTree| matches!(t, TokenTree::Ident(i) if names.iter().any(|n| i == n));
        wraps && any_token(a.meta.to_token_stream(), &named)
    })
}

/// Whether the tokens (a type) mention `impl Trait` anywhere.
pub fn mentions_impl(tokens: TokenStream) -> bool {
    mentions(tokens, "impl")
}

/// Whether the tokens hold the word `word` anywhere (`Self`, `impl`).
pub fn mentions(tokens: TokenStream, word: &str) -> bool {
    any_token(tokens, &|t| matches!(t, TokenTree::Ident(i) if i == word))
}

/// Whether a function with signature `sig` never returns (`-> !`).
pub fn never_returns(sig: &syn::Signature) -> bool {
    matches!(&sig.output, syn::ReturnType::Type(_, ty) if matches!(**ty, syn::Type::Never(_)))
}

/// The predicates of the `#[cfg(..)]` attributes among `attrs`.
pub fn cfg_predicates(attrs: &[Attribute]) -> impl Iterator<Item = TokenStream> + '_ {
    attrs.iter().filter_map(|a| {
        let list = a.meta.require_list().ok()?;
        list.path.is_ident("cfg").then(|| list.tokens.clone())
    })
}

/// The generic parameters in scope of a function, its enclosing `impl`'s or trait's and
/// its own, by kind: a body replacement has no value of a type parameter it can write, and
/// a constant parameter is no type at all, though a generic argument naming one reads as a
/// type path (`ArrayString<CAP>`).
#[derive(Clone, Debug, Default)]
pub struct Params {
    /// `["T"]` for `<'a, T: Ord, const N: usize>`.
    pub types: Vec<String>,
    /// `["N"]` for `<'a, T: Ord, const N: usize>`.
    pub consts: Vec<String>,
    /// Where the function is `new` of an inherent `impl Type`: `Type`, and how many
    /// parameters it takes. A body replacement's guessed `Type::new(..)` of another
    /// number of arguments would not build.
    pub constructor: Option<(String, usize)>,
}

impl Params {
    pub fn of(generics: &syn::Generics) -> Params {
        Params {
            types: generics
                .type_params()
                .map(|p| p.ident.to_string())
                .collect(),
            consts: generics
                .const_params()
                .map(|p| p.ident.to_string())
                .collect(),
            constructor: None,
        }
    }

    /// These, and those `generics` declare (a function's own, inside its `impl`).
    pub fn and(&self, generics: &syn::Generics) -> Params {
        let own = Params::of(generics);
        Params {
            types: [self.types.clone(), own.types].concat(),
            consts: [self.consts.clone(), own.consts].concat(),
            constructor: self.constructor.clone(),
        }
    }

    /// These, for `sig` in an inherent `impl` of the type named `owner`.
    pub fn in_inherent_impl(&self, owner: &str, sig: &syn::Signature) -> Params {
        let constructor = (sig.ident == "new").then(|| {
            let arity = sig
                .inputs
                .iter()
                .filter(|input| matches!(input, syn::FnArg::Typed(_)))
                .count();
            (owner.to_owned(), arity)
        });
        Params {
            constructor,
            ..self.clone()
        }
    }
}

/// `Triangle` for `impl Triangle`, `impl<T> Stack<T>`, `impl Display for Triangle`.
pub fn self_type_name(ty: &syn::Type) -> String {
    match ty {
        syn::Type::Path(p) => p
            .path
            .segments
            .last()
            .map_or_else(|| tidy(&ty.to_token_stream()), |s| s.ident.to_string()),
        other => tidy(&other.to_token_stream()),
    }
}

/// `Some(&mut x.attrs)` for each listed kind of expression.
macro_rules! attrs_of {
    ($e:expr, [$($kind:ident),* $(,)?]) => {
        match $e {
            $(Expr::$kind(x) => Some(&mut x.attrs),)*
            _ => None,
        }
    };
}

/// The outer attributes of an expression; `None` for verbatim tokens.
fn attrs_mut(e: &mut Expr) -> Option<&mut Vec<Attribute>> {
    attrs_of!(
        e,
        [
            Array, Assign, Async, Await, Binary, Block, Break, Call, Cast, Closure, Const,
            Continue, Field, ForLoop, Group, If, Index, Infer, Let, Lit, Loop, Macro, Match,
            MethodCall, Paren, Path, Range, RawAddr, Reference, Repeat, Return, Struct, Try,
            TryBlock, Tuple, Unary, Unsafe, While, Yield,
        ]
    )
}

/// Takes the outer attributes off an expression (`#[cfg(..)]`, `#[allow(..)]` on a
/// statement's expression), so the code rewritten from it carries none inside.
pub fn take_attrs(e: &mut Expr) -> Vec<Attribute> {
    attrs_mut(e).map(std::mem::take).unwrap_or_default()
}

/// Puts attributes taken by [`take_attrs`] back: on the expression, or, where it was
/// replaced by schemata code, on a block around that code, so `#[cfg(..)]` still decides
/// whether the code exists at all.
pub fn restore_attrs(e: &mut Expr, taken: Vec<Attribute>) {
    if taken.is_empty() {
        return;
    }
    if let Expr::Verbatim(tokens) = e {
        *tokens = wrap_in_attrs(&taken, tokens.clone());
        return;
    }
    if let Some(attrs) = attrs_mut(e) {
        let own = std::mem::replace(attrs, taken);
        attrs.extend(own);
    }
}

/// `#[attr].. { tokens }`: a block keeps outer attributes wherever the original expression
/// could carry them (a statement, a block's tail).
pub fn wrap_in_attrs(attrs: &[Attribute], tokens: TokenStream) -> TokenStream {
    if attrs.is_empty() {
        return tokens;
    }
    quote!(#(#attrs)* { #tokens })
}

/// `tokens` with the code the macro generated (spanned at its call site) located at `at`
/// instead, its name resolution unchanged: a build error in a site's code then points at
/// the site, where the rebuild net finds it, not at the attribute.
pub fn located_at(tokens: TokenStream, at: Span) -> TokenStream {
    let call_site = Span::call_site();
    respan(tokens, &|span| {
        let generated = crate::location::start(span) == crate::location::start(call_site)
            && crate::location::end(span) == crate::location::end(call_site);
        if generated { span.located_at(at) } else { span }
    })
}

/// `tokens`, every one of them (the user's too) located at `at`, name resolution unchanged.
pub fn all_located_at(tokens: TokenStream, at: Span) -> TokenStream {
    respan(tokens, &|span| span.located_at(at))
}

/// `tokens` as if the user had written them at `at`: located there, and resolving names
/// there. Unlike code a macro generates, such code gets every lint the user's code gets
/// (rustc is silent on most lints in other crates' macros).
pub fn written_at(tokens: TokenStream, at: Span) -> TokenStream {
    respan(tokens, &|_| at)
}

/// `tokens` with each span mapped by `map`.
fn respan(tokens: TokenStream, map: &dyn Fn(Span) -> Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(g) => {
                let mut group = Group::new(g.delimiter(), respan(g.stream(), map));
                group.set_span(map(g.span()));
                TokenTree::Group(group)
            }
            mut other => {
                other.set_span(map(other.span()));
                other
            }
        })
        .collect()
}
