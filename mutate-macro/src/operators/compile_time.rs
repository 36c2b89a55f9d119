//! Mutants of a constant context: a `const` or `static` item's initializer, whose value
//! rustc computes when it builds the crate. No run-time switch can stand there, so each
//! mutant is text, as cargo-mutants makes it (the operator's token replaced or deleted,
//! read with its new precedence), in a branch of the initializer that the build's
//! `MUTATE_ACTIVE_<package>` chooses (`mutate-runtime`'s `__private::compile_time`): every
//! build but the one that names the mutant takes the initializer as written. The driver
//! builds the tests again with each such mutant named and runs them whole
//! (`driver/expansion.rs`): only its package, and what depends on it, is built again.
//!
//! Each branch is located at its operator: where a branch does not build (its operands'
//! types have no such operator), rustc's error is there, and the rebuild net gives it to
//! that mutant; an error it cannot place in the initializer leaves the whole item as
//! written.

use super::binary;
use crate::emit::{rt, table_items};
use crate::location::{self, LineColumn, Location};
use crate::model::Collector;
use mutate_operators::Operator;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::visit::{self, Visit};
use syn::{Expr, UnOp};

/// The schemata copy of the initializer `expr` of a constant item, its mutants added to
/// `c` (one site, which no test reaches: the driver judges them by builds); `None` where
/// it has none.
/// `in_function`: the constant is an item of a function's body, and its mutants are named
/// `in` that function (`c`'s); else by their change alone, as cargo-mutants names them.
/// `ty`: the type of a `const` that is no associated item (whose initializer cannot name
/// `Self` or generic parameters, so an item beside it computes what it computes).
pub fn initializer(
    c: &mut Collector,
    expr: &Expr,
    in_function: bool,
    ty: Option<&syn::Type>,
) -> Option<TokenStream> {
    let (_, branches) = texts(c, expr, (in_function, None), true)?;
    if let Some(ty) = ty.filter(|ty| is_scalar(ty)) {
        compare_values(c, expr, ty, &branches);
    }
    let rt = rt();
    let ids = c.ids();
    let built_with = built_with_variable();
    let chosen = branches.iter().map(|(k, text)| {
        let id = &ids[*k as usize];
        quote!(if #rt::compile_time::on(::core::option_env!(#built_with), #id) { #text } else)
    });
    let table = table_items(c);
    let written = expr.to_token_stream();
    Some(quote! {{
        #table
        #(#chosen)* { #written }
    }})
}

/// Gives each mutant's table entry a function that runs the initializer as written and the
/// mutant's text, each the body of a function of its own, and compares them
/// (`mutate-runtime`'s `compile_time::compare`, in a process of its own when a test binary
/// lists its mutants). A mutant whose value is the same changes nothing any build can
/// show, and one whose text panics is one rustc's evaluation rejects: the driver builds
/// neither (semver's `TAIL_BYTES`, `8 * (PTR_BYTES < 8) as usize - ...`, is 0 with four
/// of its mutants on a 64-bit target, and six divide by zero or overflow). Run, not
/// evaluated by rustc: a text rustc rejects would fail the build, at an operator two
/// mutants may share, where the rebuild net could not tell whose it is.
fn compare_values(c: &mut Collector, expr: &Expr, ty: &syn::Type, branches: &[(u32, TokenStream)]) {
    let rt = rt();
    let written = expr.to_token_stream();
    for (k, text) in branches {
        if let Some(mutant) = c.mutants.get_mut(*k as usize) {
            mutant.compare_value = Some(quote!({
                #[allow(arithmetic_overflow, unconditional_panic, overflowing_literals)]
                fn written() -> #ty {
                    #written
                }
                #[allow(arithmetic_overflow, unconditional_panic, overflowing_literals)]
                fn mutant() -> #ty {
                    #text
                }
                // Panics where this crate checks overflow, as rustc's evaluation does.
                fn overflow() {
                    let most: ::core::primitive::u8 = ::core::hint::black_box(::core::primitive::u8::MAX);
                    let _ = most + 1;
                }
                fn compare() -> #rt::compile_time::Compared {
                    #rt::compile_time::compare(written, mutant, overflow)
                }
                Some(compare as fn() -> #rt::compile_time::Compared)
            }));
        }
    }
}

/// Whether `ty` is a type whose `==` is its value's identity: an integer, `bool` or `char`,
/// named plainly. (A float's `NaN` is not equal to itself and `-0.0` equals `0.0`; another
/// type's `PartialEq` may ignore what it holds.)
fn is_scalar(ty: &syn::Type) -> bool {
    const SCALARS: [&str; 14] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "bool", "char",
    ];
    match ty {
        syn::Type::Path(p) => {
            p.qself.is_none()
                && p.path.leading_colon.is_none()
                && p.path
                    .get_ident()
                    .is_some_and(|id| SCALARS.iter().any(|s| id == s))
        }
        syn::Type::Paren(p) => is_scalar(&p.elem),
        syn::Type::Group(g) => is_scalar(&g.elem),
        _ => false,
    }
}

/// The variable that names the mutant a build of this package has on
/// (`mutate_protocol::env::built_with`): cargo gives rustc, and so the attribute, the
/// package's name.
fn built_with_variable() -> String {
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    mutate_protocol::env::built_with(&package)
}

/// Whether the initializer `expr` has operators to mutate.
pub fn has_targets(expr: &Expr) -> bool {
    let mut found = Targets::default();
    found.visit_expr(expr);
    !found.0.is_empty()
}

/// A constant of a function body that only run-time code of the body reads
/// (`rewrite/switched_constants.rs`): its mutants are constants of their own beside it,
/// each its initializer with one operator replaced as text, and every read of it is a site
/// that chooses among them at run time.
pub struct Switched {
    /// The constant as written, then one constant per mutant, to stand where it stood.
    pub items: TokenStream,
    pub site: u32,
    /// Each mutant's index in the collector and the name of its constant.
    pub arms: Vec<(u32, syn::Ident)>,
}

/// `item` and its mutants as constants of their own, their site and mutants added to `c`
/// (the enclosing function's collector); `None` where it has no mutants.
pub fn switched(c: &mut Collector, item: &syn::ItemConst) -> Option<Switched> {
    let (site, branches) = texts(c, &item.expr, (true, Some(&item.ident)), false)?;
    let ty = &item.ty;
    let attrs = item.attrs.iter().filter(|a| !a.path().is_ident("doc"));
    let attrs: Vec<_> = attrs.collect();
    let mut items = item.to_token_stream();
    let mut arms = Vec::new();
    for (k, text) in branches {
        let name = switched_name(&item.ident, k);
        items.extend(quote! {
            #(#attrs)*
            #[allow(dead_code, non_upper_case_globals)]
            const #name: #ty = #text;
        });
        arms.push((k, name));
    }
    Some(Switched { items, site, arms })
}

/// The name of mutant `k`'s own constant, beside the constant `ident` it mutates.
fn switched_name(ident: &syn::Ident, k: u32) -> syn::Ident {
    quote::format_ident!("__mutate_{}_{}", ident, k)
}

/// The mutants of the initializer `expr` added to `c` at one new site, each with its text
/// (located at its operator, so that rustc's error in it is the mutant's), but those the
/// driver's last build found an error in (unviable); none where an error the net listed
/// in the initializer is no mutant's (all unviable). `compile_time`: chosen by a build;
/// else at run time. `switched`: the constant's name, where each mutant is a constant of
/// its own ([`switched_name`]), whose evaluation's errors rustc names it in.
fn texts(
    c: &mut Collector,
    expr: &Expr,
    (in_function, switched): (bool, Option<&syn::Ident>),
    compile_time: bool,
) -> Option<(u32, Vec<(u32, TokenStream)>)> {
    let mut found = Targets::default();
    found.visit_expr(expr);
    if found.0.is_empty() {
        return None;
    }
    let written = expr.to_token_stream();
    let own_constants = switched.zip(span_of(&written));
    let first = c.mutants.len();
    let site = c.new_site();
    let mut branches = Vec::new();
    for target in found.0 {
        for replacement in &target.replacements {
            let k = match replacement {
                Some(r) => c.add(
                    site,
                    target.operator,
                    target.location.clone(),
                    target.symbol,
                    r,
                ),
                None => c.add_described(
                    site,
                    target.operator,
                    target.location.clone(),
                    target.symbol,
                    "",
                    format!("delete {}", target.symbol),
                ),
            };
            let Some(mutant) = c.mutants.get_mut(k as usize) else {
                continue;
            };
            mutant.compile_time = compile_time;
            mutant.needs_function = in_function;
            let at = location::start(target.at);
            if let Some(message) = claim(k, target.at, own_constants) {
                c.unviable(k, message);
                continue;
            }
            let text = replaced(written.clone(), (at, target.symbol), replacement.as_deref());
            let text = super::bounded_loops::bounded(text);
            branches.push((k, crate::syntax::all_located_at(text, target.at)));
        }
    }
    // An error listed in the initializer that no branch claimed: it is left as written.
    if let Some(message) = unplaced(&written) {
        c.unviable_since(first, message);
        branches.clear();
    }
    Some((site, branches))
}

/// rustc's message for an error listed for mutant `k`, whose operator is `at`, which it
/// claims: in the evaluation of its own constant where it has one (`own_constants`: the
/// constant's name and the initializer's extent), else at its operator.
fn claim(
    k: u32,
    at: Span,
    own_constants: Option<(&syn::Ident, (LineColumn, LineColumn))>,
) -> Option<&'static str> {
    if !crate::build_errors::any() {
        return None;
    }
    let file = location::file_of(at);
    let own = own_constants.and_then(|(ident, (first, last))| {
        let name = switched_name(ident, k).to_string();
        crate::build_errors::claim_evaluated(&file, &name, first, last)
    });
    let at = location::start(at);
    own.or_else(|| crate::build_errors::claim_site(&file, at, at, at))
}

/// rustc's message for a listed error in `written` that no mutant claimed.
fn unplaced(written: &TokenStream) -> Option<&'static str> {
    let first = written.clone().into_iter().next()?.span();
    let file = location::file_of(first);
    let (start, end) = span_of(written)?;
    crate::build_errors::any_in(&file)
        .then(|| crate::build_errors::in_function(&file, start, end))
        .flatten()
}

/// Where `written` starts and ends in its file.
fn span_of(written: &TokenStream) -> Option<(LineColumn, LineColumn)> {
    let mut tokens = written.clone().into_iter();
    let first = tokens.next()?.span();
    let last = tokens.last().map_or(first, |t| t.span());
    Some((location::start(first), location::end(last)))
}

/// An operator of the initializer and its replacements (`None`: deleted).
struct Target {
    operator: Operator,
    at: Span,
    location: Location,
    symbol: &'static str,
    replacements: Vec<Option<&'static str>>,
}

/// The operators of an initializer, in the order of the text. Not inside what is not
/// its own expression: closures, items, macros' input, types.
#[derive(Default)]
struct Targets(Vec<Target>);

impl<'ast> Visit<'ast> for Targets {
    fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
        self.visit_expr(&e.left);
        if let Some((operator, symbol, replacements)) = binary::all_replacements(&e.op) {
            let op = e.op.to_token_stream();
            self.0.push(Target {
                operator,
                at: crate::syntax::first_span(&op),
                location: location::of_tokens(&op),
                symbol,
                replacements: replacements.into_iter().map(Some).collect(),
            });
        }
        self.visit_expr(&e.right);
    }

    fn visit_expr_unary(&mut self, e: &'ast syn::ExprUnary) {
        let symbol = match e.op {
            UnOp::Not(_) => Some("!"),
            UnOp::Neg(_) => Some("-"),
            _ => None,
        };
        if let Some(symbol) = symbol {
            let op = e.op.to_token_stream();
            self.0.push(Target {
                operator: Operator::Unary,
                at: crate::syntax::first_span(&op),
                location: location::of_tokens(&op),
                symbol,
                replacements: vec![None],
            });
        }
        visit::visit_expr_unary(self, e);
    }

    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
    fn visit_item(&mut self, _: &'ast syn::Item) {}
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    fn visit_type(&mut self, _: &'ast syn::Type) {}
}

/// `tokens` with the operator `symbol` that starts at `at` replaced by `replacement`
/// (deleted for `None`), as text: rustc reads it with the new operator's precedence.
fn replaced(
    tokens: TokenStream,
    (at, symbol): (LineColumn, &str),
    replacement: Option<&str>,
) -> TokenStream {
    let mut done = false;
    replace_in(tokens, (at, symbol.len()), replacement, &mut done)
}

fn replace_in(
    tokens: TokenStream,
    (at, width): (LineColumn, usize),
    replacement: Option<&str>,
    done: &mut bool,
) -> TokenStream {
    let mut out = Vec::new();
    let mut skip = 0;
    for token in tokens {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        match token {
            TokenTree::Group(g) if !*done => {
                let inner = replace_in(g.stream(), (at, width), replacement, done);
                let mut group = proc_macro2::Group::new(g.delimiter(), inner);
                group.set_span(g.span());
                out.push(TokenTree::Group(group));
            }
            TokenTree::Punct(p) if !*done && location::start(p.span()) == at => {
                *done = true;
                skip = width - 1;
                if let Some(r) = replacement {
                    let new: TokenStream = r.parse().expect("operator symbols are tokens");
                    out.extend(crate::syntax::written_at(new, p.span()));
                }
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use mutate_operators::Selection;

    /// Each mutant's description and its branch's text.
    fn branches(expr: &str) -> Vec<(String, String)> {
        let expr: Expr = syn::parse_str(expr).unwrap();
        let mut c = Collector::new("X".into(), Selection::all());
        let code = initializer(&mut c, &expr, false, None)
            .expect("mutants")
            .to_string();
        let texts: Vec<String> = code
            .split("else")
            .filter_map(|part| {
                let variable = format!("\"{}\")", built_with_variable());
                let (_, branch) = part.split_once(&variable)?;
                let (_, rest) = branch.split_once(") {")?;
                Some(rest.trim().trim_end_matches('}').trim().to_owned())
            })
            .collect();
        assert!(c.mutants.iter().all(|m| m.compile_time));
        c.mutants
            .iter()
            .map(|m| m.change.clone())
            .zip(texts)
            .collect()
    }

    #[test]
    fn each_operator_is_replaced_as_text() {
        let found = branches("BUF_SIZE / 4 * 3");
        assert_eq!(
            found,
            vec![
                ("replace / with *".into(), "BUF_SIZE * 4 * 3".into()),
                ("replace / with %".into(), "BUF_SIZE % 4 * 3".into()),
                ("replace * with +".into(), "BUF_SIZE / 4 + 3".into()),
                ("replace * with /".into(), "BUF_SIZE / 4 / 3".into()),
            ]
        );
    }

    #[test]
    fn unary_operators_are_deleted_inside_arrays_and_blocks() {
        let found = branches("{ [65, -4, !0] }");
        assert_eq!(
            found,
            vec![
                ("delete -".into(), "{ [65 , 4 , ! 0] }".into()),
                ("delete !".into(), "{ [65 , - 4 , 0] }".into()),
            ]
        );
    }

    #[test]
    fn compound_assignments_and_comparisons_in_a_block_have_theirs() {
        let found = branches("{ let mut m = 0; while c < 8 { m |= 1 << c; c += 1; } m }");
        let changes: Vec<&str> = found.iter().map(|(c, _)| c.as_str()).collect();
        assert!(changes.contains(&"replace < with <="), "{changes:?}");
        assert!(changes.contains(&"replace |= with &="), "{changes:?}");
        assert!(changes.contains(&"replace << with >>"), "{changes:?}");
        assert!(changes.contains(&"replace += with -="), "{changes:?}");
    }

    #[test]
    fn an_initializer_without_operators_is_left_alone() {
        let expr: Expr = syn::parse_str("Foo::new(1, \"x\")").unwrap();
        let mut c = Collector::new("X".into(), Selection::all());
        assert!(initializer(&mut c, &expr, false, None).is_none());
    }

    /// Each mutant's comparison of values, where the build makes one.
    fn comparisons(expr: &str, ty: &str) -> Vec<Option<String>> {
        let expr: Expr = syn::parse_str(expr).unwrap();
        let ty: syn::Type = syn::parse_str(ty).unwrap();
        let mut c = Collector::new("X".into(), Selection::all());
        initializer(&mut c, &expr, false, Some(&ty)).expect("mutants");
        c.mutants
            .iter()
            .map(|m| m.compare_value.as_ref().map(|v| v.to_string()))
            .collect()
    }

    #[test]
    fn a_scalar_constant_compares_each_mutants_value_with_its_own() {
        let found = comparisons("8 * (P < 8) as usize", "usize");
        assert_eq!(found.len(), 6, "{found:?}");
        let first = found[0].as_deref().expect("compared");
        assert!(
            first.contains("fn written () -> usize { 8 * (P < 8) as usize }"),
            "{first}"
        );
        assert!(
            first.contains("fn mutant () -> usize { 8 + (P < 8) as usize }"),
            "{first}"
        );
        assert!(found.iter().all(Option::is_some));
        assert!(comparisons("1 << 0", "bool").iter().all(Option::is_some));
    }

    #[test]
    fn a_constant_whose_equality_rustc_cannot_compute_is_not_compared() {
        for ty in ["f64", "&str", "[u8; 2]", "Wrapper", "core::primitive::u8"] {
            let found = comparisons("1 + 2", ty);
            assert!(found.iter().all(Option::is_none), "{ty}: {found:?}");
        }
    }
}
