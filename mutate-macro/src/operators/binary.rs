//! Binary operators: arithmetic and bitwise swaps (type-checked by autoref fallback),
//! relational boundary/negation/swaps (same trait, always viable), `&&`/`||` (keeping
//! short-circuit), and compound assignment.

use super::comparison;
use super::op_fallbacks;
use super::regroup::{self, Shown, Side};
use super::{always_differ, fallback_arms, switch, when_probing};
use crate::emit::{rt, table};
use crate::location::{self, Location};
use crate::model::Collector;
use crate::syntax::has_let;
use mutate_operators::Operator;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::{BinOp, Expr, ExprBinary, UnOp};

/// An overloadable operator: its symbol and the runtime's marker type for it (named after
/// its std trait), through which any operator can stand in for any other.
#[derive(Clone, Copy)]
struct Op {
    symbol: &'static str,
    marker: &'static str,
}

const fn op(symbol: &'static str, marker: &'static str) -> Op {
    Op { symbol, marker }
}

const ADD: Op = op("+", "Add");
const SUB: Op = op("-", "Sub");
const MUL: Op = op("*", "Mul");
const DIV: Op = op("/", "Div");
const REM: Op = op("%", "Rem");
const AND: Op = op("&", "BitAnd");
const OR: Op = op("|", "BitOr");
const XOR: Op = op("^", "BitXor");
const SHL: Op = op("<<", "Shl");
const SHR: Op = op(">>", "Shr");
const ADD_A: Op = op("+=", "AddAssign");
const SUB_A: Op = op("-=", "SubAssign");
const MUL_A: Op = op("*=", "MulAssign");
const DIV_A: Op = op("/=", "DivAssign");
const REM_A: Op = op("%=", "RemAssign");
const AND_A: Op = op("&=", "BitAndAssign");
const OR_A: Op = op("|=", "BitOrAssign");
const XOR_A: Op = op("^=", "BitXorAssign");
const SHL_A: Op = op("<<=", "ShlAssign");
const SHR_A: Op = op(">>=", "ShrAssign");

// The replacements of each operator, declared here once: the runtime has one generic swap
// for every pair (`__private/ops.rs`), so a new replacement is one more entry below.

/// Operator family, original and replacements of an arithmetic or bitwise operator.
fn value_op(op: &BinOp) -> Option<(Operator, Op, &'static [Op])> {
    Some(match op {
        BinOp::Add(_) => (Operator::Arithmetic, ADD, &[SUB, MUL]),
        BinOp::Sub(_) => (Operator::Arithmetic, SUB, &[ADD, DIV]),
        BinOp::Mul(_) => (Operator::Arithmetic, MUL, &[ADD, DIV]),
        BinOp::Div(_) => (Operator::Arithmetic, DIV, &[MUL, REM]),
        BinOp::Rem(_) => (Operator::Arithmetic, REM, &[DIV, MUL, ADD]),
        BinOp::BitAnd(_) => (Operator::Bitwise, AND, &[OR, XOR]),
        BinOp::BitOr(_) => (Operator::Bitwise, OR, &[AND, XOR]),
        BinOp::BitXor(_) => (Operator::Bitwise, XOR, &[AND, OR]),
        BinOp::Shl(_) => (Operator::Bitwise, SHL, &[SHR]),
        BinOp::Shr(_) => (Operator::Bitwise, SHR, &[SHL]),
        _ => return None,
    })
}

/// A compound assignment's operator (`+=`, `<<=`...).
pub fn is_compound(op: &BinOp) -> bool {
    assign_op(op).is_some()
}

fn assign_op(op: &BinOp) -> Option<(Op, &'static [Op])> {
    Some(match op {
        BinOp::AddAssign(_) => (ADD_A, &[SUB_A, MUL_A]),
        BinOp::SubAssign(_) => (SUB_A, &[ADD_A, DIV_A]),
        BinOp::MulAssign(_) => (MUL_A, &[ADD_A, DIV_A]),
        BinOp::DivAssign(_) => (DIV_A, &[MUL_A, REM_A]),
        BinOp::RemAssign(_) => (REM_A, &[DIV_A, MUL_A, ADD_A]),
        BinOp::BitAndAssign(_) => (AND_A, &[OR_A, XOR_A]),
        BinOp::BitOrAssign(_) => (OR_A, &[AND_A, XOR_A]),
        BinOp::BitXorAssign(_) => (XOR_A, &[AND_A, OR_A]),
        BinOp::ShlAssign(_) => (SHL_A, &[SHR_A]),
        BinOp::ShrAssign(_) => (SHR_A, &[SHL_A]),
        _ => return None,
    })
}

/// Relational replacements: boundary, negation, and the swaps cargo-mutants makes.
fn relational(op: &BinOp) -> Option<(&'static str, &'static [&'static str])> {
    Some(match op {
        BinOp::Lt(_) => ("<", &["<=", ">=", "==", ">"]),
        BinOp::Le(_) => ("<=", &["<", ">"]),
        BinOp::Gt(_) => (">", &[">=", "<=", "==", "<"]),
        BinOp::Ge(_) => (">=", &[">", "<"]),
        BinOp::Eq(_) => ("==", &["!="]),
        BinOp::Ne(_) => ("!=", &["=="]),
        _ => return None,
    })
}

fn symbol(text: &str) -> TokenStream {
    text.parse().expect("operator symbols are tokens")
}

/// Schemata for a binary expression whose operands were already rewritten; `regrouped`:
/// its mutants to be shown on all of it, by their operator ([`regrouped`]), and
/// `pure_right` tells whether its right side, as written, has no effect but its value
/// ([`right_is_pure`]);
/// `constant_right`: its right side as written where it is a constant
/// that rustc checks against the left (a shift's amount, a divisor), with the number of
/// mutants made before this expression's operands.
pub fn rewrite(
    c: &mut Collector,
    e: &ExprBinary,
    (regrouped, pure_right, literal): (&[(&str, Shown)], bool, Option<&comparison::Literal>),
    constant_right: Option<(&Expr, usize)>,
) -> Option<TokenStream> {
    let loc = location::of_tokens(&e.op.to_token_stream());
    let shown = Shows { loc, regrouped };
    if let Some((original, replacements)) = relational(&e.op) {
        return Some(relational_site(
            c,
            e,
            (shown.loc, literal),
            original,
            replacements,
        ));
    }
    if matches!(e.op, BinOp::And(_) | BinOp::Or(_)) {
        return logical_site(c, e, shown, pure_right);
    }
    if let Some((family, original, replacements)) = value_op(&e.op) {
        return Some(value_site(
            c,
            e,
            shown,
            (family, original),
            replacements,
            constant_right,
        ));
    }
    if let Some((original, replacements)) = assign_op(&e.op) {
        return Some(assign_site(
            c,
            e,
            shown.loc,
            original,
            replacements,
            constant_right,
        ));
    }
    None
}

/// The mutants of `written` (a binary expression as written, an operand of `operand_of` if
/// given) whose text would group otherwise, each with its new operator: read before the
/// operands are rewritten. Nearly always none, and then nothing is kept of the expression.
pub fn regrouped(
    written: &ExprBinary,
    operand_of: Option<(BinOp, Side)>,
) -> Vec<(&'static str, Shown)> {
    let replacements = swaps(written).map_or(Vec::new(), |(_, _, rs)| rs);
    replacements
        .into_iter()
        .filter_map(|r| Some((r, regroup::shown(written, operand_of, r)?)))
        .collect()
}

/// The swaps of `e`'s operator that may group otherwise as text (arithmetic, bitwise and
/// logical ones): its family, its symbol and its replacements. Not `&&` or `||` in a let
/// chain, which have no swap.
pub fn swaps(e: &ExprBinary) -> Option<(Operator, &'static str, Vec<&'static str>)> {
    match &e.op {
        BinOp::And(_) | BinOp::Or(_) if has_let(&e.left) || has_let(&e.right) => None,
        op if relational(op).is_some() || assign_op(op).is_some() => None,
        op => all_replacements(op),
    }
}

/// Every replacement of `op` in one list, with its family and symbol: for a constant
/// context, whose mutants are text (`compile_time.rs`).
pub fn all_replacements(op: &BinOp) -> Option<(Operator, &'static str, Vec<&'static str>)> {
    if let Some((original, replacements)) = relational(op) {
        return Some((Operator::Relational, original, replacements.to_vec()));
    }
    if let Some((original, replacements)) = assign_op(op) {
        let symbols = replacements.iter().map(|r| r.symbol).collect();
        return Some((Operator::Assignment, original.symbol, symbols));
    }
    match op {
        BinOp::And(_) => Some((Operator::Logical, "&&", vec!["||"])),
        BinOp::Or(_) => Some((Operator::Logical, "||", vec!["&&"])),
        op => value_op(op).map(|(family, original, rs)| {
            (
                family,
                original.symbol,
                rs.iter().map(|r| r.symbol).collect(),
            )
        }),
    }
}

/// Where a binary operator's mutants are shown: at the operator, or on the whole expression
/// as written where the new operator's text would group otherwise (`regrouped`).
struct Shows<'a> {
    loc: Location,
    regrouped: &'a [(&'a str, Shown)],
}

impl Shows<'_> {
    /// Adds the mutant that makes `original` `replacement`, described by the two.
    fn add(
        &self,
        c: &mut Collector,
        (site, operator): (u32, Operator),
        original: &str,
        replacement: &str,
    ) -> u32 {
        let whole = self.regrouped.iter().find(|(r, _)| *r == replacement);
        match whole {
            Some((_, whole)) => {
                // `replace + with *` is the text's program, made too (`textual.rs`): this
                // one is named by what it computes.
                let k = c.add(
                    site,
                    operator,
                    whole.location.clone(),
                    &whole.original,
                    &whole.replacement,
                );
                // Named at its operator, as the others are.
                c.name_at(k, self.loc.clone());
                k
            }
            None => c.add(site, operator, self.loc.clone(), original, replacement),
        }
    }
}

/// `<` to `<=`, ...: the operands compared by reference, as the operator does. Where one
/// side is an integer literal (`literal`), each arm witnesses its comparison for rustc's
/// `unused_comparisons` (`comparison.rs`).
fn relational_site(
    c: &mut Collector,
    e: &ExprBinary,
    (loc, literal): (Location, Option<&comparison::Literal>),
    original: &str,
    replacements: &[&str],
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let site = c.new_site();
    let mut compared = Vec::new();
    let arms = replacements.iter().map(|r| {
        let k = c.add(site, Operator::Relational, loc.clone(), original, r);
        compared.push((k, *r));
        let r = symbol(r);
        let witness = literal
            .zip(c.id_of(k))
            .map(|(literal, id)| comparison::witness(literal, &r, &id));
        quote!(#k => { #witness *__mutate_l #r *__mutate_r },)
    });
    let arms: Vec<_> = arms.collect();
    let sw = switch(site);
    let probe = relational_probe(site, original, &compared);
    // Never run: only rustc's lints read them.
    let literal_witnesses = literal.map(|literal| {
        let witnesses = comparison::literal_witnesses(c, literal, &symbol(original));
        quote!(if false { #witnesses })
    });
    quote! {
        ({
            let (__mutate_l, __mutate_r) = (&(#left), &(#right));
            match #sw {
                #(#arms)*
                _ => {
                    #literal_witnesses
                    let __mutate_v = *__mutate_l #op *__mutate_r;
                    #probe
                    __mutate_v
                }
            }
        })
    }
}

/// `==` and `!=` only swap with each other, always to the opposite value; an ordering
/// compares each replacement on the same operands (which `PartialOrd` gives them all).
fn relational_probe(site: u32, original: &str, compared: &[(u32, &str)]) -> TokenStream {
    if matches!(original, "==" | "!=") {
        let ks: Vec<u32> = compared.iter().map(|(k, _)| *k).collect();
        return always_differ(site, &ks);
    }
    let (rt, table) = (rt(), table());
    let mutants = compared.iter().map(|(k, r)| {
        let compare = format_ident!(
            "{}",
            match *r {
                "<" => "Lt",
                "<=" => "Le",
                ">" => "Gt",
                ">=" => "Ge",
                _ => "Eq",
            }
        );
        quote!((#k, #rt::probe::Compare::#compare))
    });
    when_probing(
        site,
        quote! {
            #rt::probe::ordering(&#table, __mutate_l, __mutate_r, __mutate_v, &[#(#mutants),*]);
        },
    )
}

/// `&&` <-> `||`, keeping short-circuit; not in a let chain.
fn logical_site(
    c: &mut Collector,
    e: &ExprBinary,
    shown: Shows,
    pure: bool,
) -> Option<TokenStream> {
    let (left, right) = (&e.left, &e.right);
    if has_let(left) || has_let(right) {
        return None;
    }
    let is_and = matches!(e.op, BinOp::And(_));
    let (original, replacement) = if is_and { ("&&", "||") } else { ("||", "&&") };
    let site = c.new_site();
    let k = shown.add(c, (site, Operator::Logical), original, replacement);
    // Evaluate the left side once; the right side only when the operator needs it.
    let (original_needs_right, mutant_needs_right) = if is_and {
        (quote!(__mutate_l), quote!(!__mutate_l))
    } else {
        (quote!(!__mutate_l), quote!(__mutate_l))
    };
    let sw = switch(site);
    // Where the original evaluates the right side, the mutant returns the left without
    // it: the same value if the two agree, and the same run if the right side has no
    // effects. Where the original does not, the mutant would evaluate it: unknown.
    let (rt, table) = (rt(), table());
    let evaluated = when_probing(
        site,
        quote!(#rt::probe::seen(&#table, #k, #pure && __mutate_r == __mutate_l);),
    );
    let skipped = when_probing(site, quote!(#rt::probe::unknown(&#table, #k);));
    // A side in parentheses as written (`a && (b || c)`) is an assigned value here, which
    // `unused_parens` warns of with the user's span: a warning their code as written does
    // not have.
    Some(quote! {
        ({
            #[allow(unused_parens)]
            let __mutate_l: bool = #left;
            if match #sw { #k => #mutant_needs_right, _ => #original_needs_right } {
                #[allow(unused_parens)]
                let __mutate_r: bool = #right;
                #evaluated
                __mutate_r
            } else {
                #skipped
                __mutate_l
            }
        })
    })
}

/// Whether `e` is a binary expression whose right side, as written, has no effect but its
/// value.
pub fn right_is_pure(e: &Expr) -> bool {
    matches!(e, Expr::Binary(b) if is_pure(&b.right))
}

/// Whether evaluating `e` can have no effect but its value: paths, literals, fields, and
/// comparisons and logic on them (no calls, no indexing, no arithmetic that could
/// overflow; comparison operators are taken to be pure).
fn is_pure(e: &Expr) -> bool {
    match e {
        Expr::Path(_) | Expr::Lit(_) => true,
        Expr::Paren(p) => is_pure(&p.expr),
        Expr::Field(f) => is_pure(&f.base),
        Expr::Reference(r) => is_pure(&r.expr),
        Expr::Unary(u) => matches!(u.op, UnOp::Not(_) | UnOp::Deref(_)) && is_pure(&u.expr),
        Expr::Binary(b) => {
            matches!(
                b.op,
                BinOp::Eq(_)
                    | BinOp::Ne(_)
                    | BinOp::Lt(_)
                    | BinOp::Le(_)
                    | BinOp::Gt(_)
                    | BinOp::Ge(_)
                    | BinOp::And(_)
                    | BinOp::Or(_)
            ) && is_pure(&b.left)
                && is_pure(&b.right)
        }
        _ => false,
    }
}

/// An arithmetic or bitwise swap, through the autoref fallback: viable only where the
/// operands' types have the replacement with the same output. With a constant amount or
/// divisor (`constant_right`), each mutant of it is also witnessed against the left side
/// (`constant.rs`).
fn value_site(
    c: &mut Collector,
    e: &ExprBinary,
    shown: Shows,
    (family, original): (Operator, Op),
    replacements: &[Op],
    constant_right: Option<(&Expr, usize)>,
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let rt = rt();
    let site = c.new_site();
    let mut swaps = Vec::new();
    let arms: Vec<_> = replacements
        .iter()
        .map(|r| {
            let k = shown.add(c, (site, family), original.symbol, r.symbol);
            swaps.push((k, *r));
            c.op_fallbacks.push((k, op_fallbacks::Shape::Binary));
            let method = op_fallbacks::method(k);
            let (o, n) = markers(original, *r);
            let arms = fallback_arms(
                quote!((__mutate_l, __mutate_r)),
                quote!(__mutate_l #op __mutate_r),
            );
            quote! {
                #k => {
                    let __mutate_o = #rt::Operands::<_, _, #rt::ops::#o, #rt::ops::#n>::new(
                        __mutate_l,
                        __mutate_r,
                    );
                    match (&__mutate_o).#method() { #arms }
                }
            }
        })
        .collect();
    let sw = switch(site);
    let probe = arith_probe(
        site,
        original,
        &swaps,
        quote!(&__mutate_l),
        quote!(&__mutate_r),
    );
    let witnesses = constant_right
        .map(|right| super::constant::against_left(c, right, &e.op, quote!(__mutate_l)));
    quote! {
        ({
            let (__mutate_l, __mutate_r) = (#left, #right);
            #witnesses
            match #sw { #(#arms)* _ => { #probe __mutate_l #op __mutate_r } }
        })
    }
}

/// Compares each replacement of an arithmetic or bitwise operator (or the binary operator
/// of a compound assignment) with the original on borrowed operands: exactly on primitive
/// numbers, unknown on anything else (the runtime's autoref picks).
fn arith_probe(
    site: u32,
    original: Op,
    swaps: &[(u32, Op)],
    left: TokenStream,
    right: TokenStream,
) -> TokenStream {
    let (rt, table) = (rt(), table());
    let value_marker = |op: Op| format_ident!("{}", op.marker.trim_end_matches("Assign"));
    let o = value_marker(original);
    let calls = swaps.iter().map(|(k, r)| {
        let n = value_marker(*r);
        quote! {
            (&#rt::probe::Arith::<_, _, #rt::ops::#o, #rt::ops::#n>::new(#left, #right))
                .probe(&#table, #k);
        }
    });
    when_probing(
        site,
        quote! {
            use #rt::probe::{ArithProbe as _, ArithProbeFallback as _};
            #(#calls)*
        },
    )
}

/// A compound assignment's swap, through the autoref fallback. With a constant amount or
/// divisor (`constant_right`) and a plain place, each mutant of it is also witnessed
/// against the place (`constant.rs`).
fn assign_site(
    c: &mut Collector,
    e: &ExprBinary,
    loc: Location,
    original: Op,
    replacements: &[Op],
    constant_right: Option<(&Expr, usize)>,
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let rt = rt();
    let site = c.new_site();
    let mut swaps = Vec::new();
    let arms: Vec<_> = replacements
        .iter()
        .map(|r| {
            let k = c.add(
                site,
                Operator::Assignment,
                loc.clone(),
                original.symbol,
                r.symbol,
            );
            swaps.push((k, *r));
            c.op_fallbacks.push((k, op_fallbacks::Shape::Assign));
            let method = op_fallbacks::method(k);
            let (o, n) = markers(original, *r);
            let arms = fallback_arms(
                quote!((__mutate_p, __mutate_r)),
                quote!(*__mutate_p #op __mutate_r),
            );
            // The place is borrowed in the scrutinee, so temporaries in it (a
            // `RefMut`, say) live as long as the assignment.
            quote! {
                #k => {
                    match (&#rt::PlaceOperand::<_, _, #rt::ops::#o, #rt::ops::#n>::new(
                        &mut #left,
                        __mutate_r,
                    ))
                    .#method() { #arms }
                }
            }
        })
        .collect();
    let sw = switch(site);
    // The place is read again for the comparison only where that cannot have an effect.
    let probe = if is_plain_place(left) {
        arith_probe(site, original, &swaps, quote!(&#left), quote!(&__mutate_r))
    } else {
        let table = table();
        let ks = swaps.iter().map(|(k, _)| k);
        when_probing(site, quote!(#(#rt::probe::unknown(&#table, #ks);)*))
    };
    let witnesses = constant_right
        .filter(|_| is_plain_place(left))
        .map(|right| super::constant::against_left(c, right, op, quote!(#left)));
    // Built-in compound assignment evaluates the right side first.
    // Without the user's parentheses, which rustc's `unused_parens` would find needless in
    // a `let` (and, in a crate that denies warnings, it would take the lint level's note
    // the driver reads: `driver/denied_warnings.rs`).
    let bound = crate::syntax::strip_parens(right);
    quote! {
        ({
            let __mutate_r = #bound;
            #witnesses
            match #sw { #(#arms)* _ => { #probe #left #op __mutate_r } }
        })
    }
}

/// A place read without effects: a variable, its fields, a dereferenced variable.
fn is_plain_place(e: &Expr) -> bool {
    match e {
        Expr::Path(_) => true,
        Expr::Paren(p) => is_plain_place(&p.expr),
        Expr::Field(f) => is_plain_place(&f.base),
        Expr::Unary(u) => matches!(u.op, UnOp::Deref(_)) && is_plain_place(&u.expr),
        _ => false,
    }
}

/// The runtime's marker types of the written operator and its replacement: `Add`, `Sub`.
fn markers(original: Op, replacement: Op) -> (Ident, Ident) {
    (
        format_ident!("{}", original.marker),
        format_ident!("{}", replacement.marker),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mutate_operators::Selection;

    #[test]
    fn compound_operators_are_told_from_comparisons() {
        for text in ["a += 1", "a <<= 1", "a |= b"] {
            let Expr::Binary(b) = syn::parse_str::<Expr>(text).unwrap() else {
                panic!()
            };
            assert!(is_compound(&b.op), "{text}");
        }
        for text in ["a == 1", "a <= 1", "a >= b", "a != b", "a + b"] {
            let Expr::Binary(b) = syn::parse_str::<Expr>(text).unwrap() else {
                panic!()
            };
            assert!(!is_compound(&b.op), "{text}");
        }
    }

    /// The mutants of `expr`'s top operator: (id, original, replacement) each.
    fn mutants_of(expr: &str) -> Vec<(String, String, String)> {
        let Ok(Expr::Binary(e)) = syn::parse_str::<Expr>(expr) else {
            panic!("{expr} is a binary expression");
        };
        let mut c = Collector::new("f".into(), Selection::all());
        rewrite(&mut c, &e, (&regrouped(&e, None), false, None), None);
        let ids = c.ids();
        c.mutants
            .iter()
            .zip(ids)
            .map(|(m, id)| (id, m.original.clone(), m.replacement.clone()))
            .collect()
    }

    #[test]
    fn a_mutant_whose_text_would_group_otherwise_is_shown_whole_and_named_at_its_operator() {
        let mutants = mutants_of("byte - b'A' + 10");
        let of = |change: &str| {
            mutants
                .iter()
                .find(|(id, ..)| id.ends_with(change))
                .unwrap_or_else(|| panic!("no {change}: {mutants:?}"))
        };
        let (id, original, replacement) =
            of(": replace byte - b'A' + 10 with (byte - b'A') * 10 in f");
        // Named at the `+`, column 13, as the other mutant of it is.
        assert!(id.contains(":1:13: "), "{id}");
        assert_eq!(original, "byte - b'A' + 10");
        assert_eq!(replacement, "(byte - b'A') * 10");
        // `-` groups as `+` did: the operator alone.
        let (_, original, replacement) = of(": replace + with - in f");
        assert_eq!((original.as_str(), replacement.as_str()), ("+", "-"));
    }
}
