//! Binary operators: arithmetic and bitwise swaps (type-checked by autoref fallback),
//! relational boundary/negation/swaps (same trait, always viable), `&&`/`||` (keeping
//! short-circuit), and compound assignment.

use super::{fallback_arms, switch};
use crate::emit::rt;
use crate::location::{self, Location};
use crate::model::Collector;
use crate::syntax::has_let;
use mutate_operators::Operator;
use proc_macro2::{Ident, TokenStream};
use quote::{ToTokens, format_ident, quote};
use syn::{BinOp, ExprBinary};

/// An overloadable operator: its symbol and the std trait and method behind it.
#[derive(Clone, Copy)]
struct Op {
    symbol: &'static str,
    trait_name: &'static str,
    method: &'static str,
}

const fn op(symbol: &'static str, trait_name: &'static str, method: &'static str) -> Op {
    Op {
        symbol,
        trait_name,
        method,
    }
}

const ADD: Op = op("+", "Add", "add");
const SUB: Op = op("-", "Sub", "sub");
const MUL: Op = op("*", "Mul", "mul");
const DIV: Op = op("/", "Div", "div");
const REM: Op = op("%", "Rem", "rem");
const AND: Op = op("&", "BitAnd", "bitand");
const OR: Op = op("|", "BitOr", "bitor");
const XOR: Op = op("^", "BitXor", "bitxor");
const SHL: Op = op("<<", "Shl", "shl");
const SHR: Op = op(">>", "Shr", "shr");
const ADD_A: Op = op("+=", "AddAssign", "add_assign");
const SUB_A: Op = op("-=", "SubAssign", "sub_assign");
const MUL_A: Op = op("*=", "MulAssign", "mul_assign");
const DIV_A: Op = op("/=", "DivAssign", "div_assign");
const REM_A: Op = op("%=", "RemAssign", "rem_assign");
const AND_A: Op = op("&=", "BitAndAssign", "bitand_assign");
const OR_A: Op = op("|=", "BitOrAssign", "bitor_assign");
const XOR_A: Op = op("^=", "BitXorAssign", "bitxor_assign");
const SHL_A: Op = op("<<=", "ShlAssign", "shl_assign");
const SHR_A: Op = op(">>=", "ShrAssign", "shr_assign");

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

/// Schemata for a binary expression whose operands were already rewritten.
pub fn rewrite(c: &mut Collector, e: &ExprBinary) -> Option<TokenStream> {
    let loc = location::of_tokens(&e.op.to_token_stream());
    if let Some((original, replacements)) = relational(&e.op) {
        return Some(relational_site(c, e, loc, original, replacements));
    }
    if matches!(e.op, BinOp::And(_) | BinOp::Or(_)) {
        return logical_site(c, e, loc);
    }
    if let Some((family, original, replacements)) = value_op(&e.op) {
        return Some(value_site(c, e, loc, (family, original), replacements));
    }
    if let Some((original, replacements)) = assign_op(&e.op) {
        return Some(assign_site(c, e, loc, original, replacements));
    }
    None
}

/// `<` to `<=`, ...: the operands compared by reference, as the operator does.
fn relational_site(
    c: &mut Collector,
    e: &ExprBinary,
    loc: Location,
    original: &str,
    replacements: &[&str],
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let site = c.new_site();
    let arms = replacements.iter().map(|r| {
        let k = c.add(site, Operator::Relational, loc.clone(), original, r);
        let r = symbol(r);
        quote!(#k => *__mutate_l #r *__mutate_r,)
    });
    let arms: Vec<_> = arms.collect();
    let sw = switch(site);
    quote! {
        ({
            let (__mutate_l, __mutate_r) = (&(#left), &(#right));
            match #sw { #(#arms)* _ => *__mutate_l #op *__mutate_r }
        })
    }
}

/// `&&` <-> `||`, keeping short-circuit; not in a let chain.
fn logical_site(c: &mut Collector, e: &ExprBinary, loc: Location) -> Option<TokenStream> {
    let (left, right) = (&e.left, &e.right);
    if has_let(left) || has_let(right) {
        return None;
    }
    let is_and = matches!(e.op, BinOp::And(_));
    let (original, replacement) = if is_and { ("&&", "||") } else { ("||", "&&") };
    let site = c.new_site();
    let k = c.add(site, Operator::Logical, loc, original, replacement);
    // Evaluate the left side once; the right side only when the operator needs it.
    let (original_needs_right, mutant_needs_right) = if is_and {
        (quote!(__mutate_l), quote!(!__mutate_l))
    } else {
        (quote!(!__mutate_l), quote!(__mutate_l))
    };
    let sw = switch(site);
    Some(quote! {
        ({
            let __mutate_l: bool = #left;
            if match #sw { #k => #mutant_needs_right, _ => #original_needs_right } {
                #right
            } else {
                __mutate_l
            }
        })
    })
}

/// An arithmetic or bitwise swap, through the autoref fallback: viable only where the
/// operands' types have the replacement with the same output.
fn value_site(
    c: &mut Collector,
    e: &ExprBinary,
    loc: Location,
    (family, original): (Operator, Op),
    replacements: &[Op],
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let rt = rt();
    let site = c.new_site();
    let arms: Vec<_> = replacements
        .iter()
        .map(|r| {
            let k = c.add(site, family, loc.clone(), original.symbol, r.symbol);
            let (viable, fallback, method) = swap_names(original, *r);
            let arms = fallback_arms(
                quote!((__mutate_l, __mutate_r)),
                quote!(__mutate_l #op __mutate_r),
            );
            quote! {
                #k => {
                    use #rt::ops::{#viable as _, #fallback as _};
                    match (&#rt::Operands::new(__mutate_l, __mutate_r)).#method() { #arms }
                }
            }
        })
        .collect();
    let sw = switch(site);
    quote! {
        ({
            let (__mutate_l, __mutate_r) = (#left, #right);
            match #sw { #(#arms)* _ => __mutate_l #op __mutate_r }
        })
    }
}

/// A compound assignment's swap, through the autoref fallback.
fn assign_site(
    c: &mut Collector,
    e: &ExprBinary,
    loc: Location,
    original: Op,
    replacements: &[Op],
) -> TokenStream {
    let (left, right, op) = (&e.left, &e.right, &e.op);
    let rt = rt();
    let site = c.new_site();
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
            let (viable, fallback, method) = swap_names(original, *r);
            let arms = fallback_arms(
                quote!((__mutate_p, __mutate_r)),
                quote!(*__mutate_p #op __mutate_r),
            );
            // The place is borrowed in the scrutinee, so temporaries in it (a
            // `RefMut`, say) live as long as the assignment.
            quote! {
                #k => {
                    use #rt::ops::{#viable as _, #fallback as _};
                    match (&#rt::PlaceOperand::new(&mut #left, __mutate_r)).#method() { #arms }
                }
            }
        })
        .collect();
    let sw = switch(site);
    // Built-in compound assignment evaluates the right side first.
    quote! {
        ({
            let __mutate_r = #right;
            match #sw { #(#arms)* _ => #left #op __mutate_r }
        })
    }
}

/// The runtime's traits and method for replacing `original` by `replacement`:
/// `AddAsSub`, `AddAsSubFallback`, `add_as_sub`.
fn swap_names(original: Op, replacement: Op) -> (Ident, Ident, Ident) {
    let (o, r) = (original, replacement);
    (
        format_ident!("{}As{}", o.trait_name, r.trait_name),
        format_ident!("{}As{}Fallback", o.trait_name, r.trait_name),
        format_ident!("{}_as_{}", o.method, r.method),
    )
}
