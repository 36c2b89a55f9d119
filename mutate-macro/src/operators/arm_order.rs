//! Two adjacent match arms swapped, where one value can match both (mu2's
//! `swap_case_order`): `Some(0) => a, Some(n) => b` tried the other way round. Arms that
//! cannot match one value (two variants, two literals) would change nothing, and a second
//! arm that catches everything would make the first dead, which is `match_arm`'s deletion:
//! neither is made.
//!
//! No arm is moved: a copy of the second arm, as written, goes before the first with a
//! guard that holds only while the mutant is active. A value both match then takes the
//! second arm's body first, and every other value goes where it went. The copy has a guard,
//! so rustc counts no arm after it unreachable.

use super::switch;
use crate::location;
use crate::model::Collector;
use crate::text::tidy;
use mutate_operators::Operator;
use quote::{ToTokens, quote};
use syn::{Arm, Expr, Pat};

const OPERATOR: Operator = Operator::ArmOrder;

/// Adds a swap mutant for each pair of adjacent arms that can match one value. `written`
/// are the arms as the user wrote them (those in `arms` may have been rewritten since).
pub fn rewrite(c: &mut Collector, arms: &mut Vec<Arm>, written: &[Arm]) {
    if !c.wants(OPERATOR) || arms.len() != written.len() {
        return;
    }
    // From the last pair to the first, so each copy goes in before the indices it shifts.
    let mut copies: Vec<(usize, Arm)> = Vec::new();
    for i in 0..written.len().saturating_sub(1) {
        let (first, second) = (&written[i], &written[i + 1]);
        if !swappable(first, second) {
            continue;
        }
        let site = c.new_site();
        let span = {
            let mut tokens = first.to_token_stream();
            tokens.extend(second.to_token_stream());
            location::of_tokens(&tokens)
        };
        let entered = c.enter_cfg(&first.attrs) + c.enter_cfg(&second.attrs);
        let (p, q) = (pattern_text(first), pattern_text(second));
        // The two arms as written, and swapped: the code at the mutant's location, and
        // what it becomes.
        let mut both = first.to_token_stream();
        both.extend(second.to_token_stream());
        let swapped = swapped_text(first, second);
        let k = c.add_described(
            site,
            OPERATOR,
            span,
            tidy(&both).trim_end(),
            &swapped,
            format!("swap match arms {p} and {q}"),
        );
        c.leave_cfg(entered);
        let active = {
            let sw = switch(site);
            quote!((#sw == #k))
        };
        let mut copy = second.clone();
        copy.pat = super::match_arm::also_only_if(copy.pat, active);
        copies.push((i, copy));
    }
    for (i, copy) in copies.into_iter().rev() {
        arms.insert(i, copy);
    }
}

/// The text of arms `first` and `second` (with its comma, if written) swapped: a comma
/// after each arm that moves, and after the last where the second had one or where the
/// first, now last, needs one to part from an arm that follows (its body is no block).
fn swapped_text(first: &Arm, second: &Arm) -> String {
    let block = matches!(&*first.body, Expr::Block(_) | Expr::Unsafe(_));
    let comma = second.comma.is_some() || !block;
    format!(
        "{}, {}{}",
        arm_text(second),
        arm_text(first),
        if comma { "," } else { "" }
    )
}

/// An arm's text as written, without its comma.
fn arm_text(arm: &Arm) -> String {
    let mut bare = arm.clone();
    bare.comma = None;
    tidy(&bare.to_token_stream())
}

fn pattern_text(arm: &Arm) -> String {
    let mut bare = arm.clone();
    bare.attrs.clear();
    match &bare.pat {
        Pat::Guard(g) => format!(
            "{} if {}",
            tidy(&g.pat.to_token_stream()),
            tidy(&g.guard.to_token_stream())
        ),
        other => tidy(&other.to_token_stream()),
    }
}

/// Whether swapping the arms can change which runs: some value matches both, and the
/// second does not catch everything.
fn swappable(first: &Arm, second: &Arm) -> bool {
    let (p, p_guard) = unguarded(&first.pat);
    let (q, q_guard) = unguarded(&second.pat);
    // A guard with `let` in it cannot be joined with `&&` to another condition.
    if q_guard.is_some_and(crate::syntax::has_let) {
        return false;
    }
    if q_guard.is_none() && catches_all(q) {
        return false;
    }
    // Both catch everything only when guarded, and then their guards decide.
    let _ = p_guard;
    overlap(p, q)
}

fn unguarded(pat: &Pat) -> (&Pat, Option<&Expr>) {
    match pat {
        Pat::Guard(g) => (&g.pat, Some(&g.guard)),
        other => (other, None),
    }
}

/// `_` or a binding of the whole value (a lone lowercase name: `None`, `MAX`, `Red` are
/// constants and variants by Rust's naming conventions).
fn catches_all(pat: &Pat) -> bool {
    match pat {
        Pat::Wild(_) => true,
        Pat::Ident(i) => {
            i.subpat.is_none()
                && i.ident
                    .to_string()
                    .trim_start_matches("r#")
                    .starts_with(|c: char| c.is_lowercase() || c == '_')
        }
        Pat::Paren(p) => catches_all(&p.pat),
        _ => false,
    }
}

/// Whether some value may match both patterns, as far as their shapes tell: different
/// variants, literals written differently, or literal ranges that do not meet cannot;
/// what this cannot tell (slices, constants) may.
fn overlap(p: &Pat, q: &Pat) -> bool {
    if catches_all(p) || catches_all(q) {
        return true;
    }
    match (p, q) {
        (Pat::Or(o), other) => o.cases.iter().any(|c| overlap(c, other)),
        (other, Pat::Or(o)) => o.cases.iter().any(|c| overlap(other, c)),
        (Pat::Paren(a), b) => overlap(&a.pat, b),
        (a, Pat::Paren(b)) => overlap(a, &b.pat),
        (Pat::Ident(a), b) if a.subpat.is_some() => overlap(&a.subpat.as_ref().unwrap().1, b),
        (a, Pat::Ident(b)) if b.subpat.is_some() => overlap(a, &b.subpat.as_ref().unwrap().1),
        (Pat::Reference(a), Pat::Reference(b)) => overlap(&a.pat, &b.pat),
        (a, b) if let (Some(x), Some(y)) = (bounds(a), bounds(b)) => x.0 <= y.1 && y.0 <= x.1,
        (Pat::Lit(a), Pat::Lit(b)) => same(a, b),
        (Pat::Path(a), Pat::Path(b)) => same(a, b),
        (Pat::Ident(a), Pat::Ident(b)) => a.ident == b.ident,
        (Pat::Path(a), Pat::Ident(b)) | (Pat::Ident(b), Pat::Path(a)) => a.path.is_ident(&b.ident),
        (Pat::Tuple(a), Pat::Tuple(b)) => elements(a.elems.iter(), b.elems.iter()),
        (Pat::TupleStruct(a), Pat::TupleStruct(b)) => {
            same(&a.path, &b.path) && elements(a.elems.iter(), b.elems.iter())
        }
        (Pat::Struct(a), Pat::Struct(b)) => {
            same(&a.path, &b.path)
                && a.fields.iter().all(|fa| {
                    b.fields
                        .iter()
                        .find(|fb| same(&fa.member, &fb.member))
                        .is_none_or(|fb| overlap(&fa.pat, &fb.pat))
                })
        }
        // A unit variant or constant (a capitalised name) against a variant with fields.
        (Pat::Ident(_), Pat::TupleStruct(_) | Pat::Struct(_))
        | (Pat::TupleStruct(_) | Pat::Struct(_), Pat::Ident(_)) => false,
        // Variants of different shapes, or a literal and a variant: no value matches both.
        (
            Pat::TupleStruct(_) | Pat::Struct(_) | Pat::Path(_),
            Pat::TupleStruct(_) | Pat::Struct(_) | Pat::Path(_),
        ) => false,
        (Pat::Lit(_), Pat::TupleStruct(_) | Pat::Struct(_) | Pat::Tuple(_))
        | (Pat::TupleStruct(_) | Pat::Struct(_) | Pat::Tuple(_), Pat::Lit(_)) => false,
        _ => true,
    }
}

/// The values a literal or a range of literals matches, as an inclusive interval, when
/// its ends are integers, bytes or chars written out (`0`, `b'a'..=b'z'`, `9..`); `None`
/// for anything else (a constant's value is not known here).
fn bounds(pat: &Pat) -> Option<(i128, i128)> {
    match pat {
        Pat::Lit(l) => scalar(&l.lit).map(|v| (v, v)),
        Pat::Range(r) => {
            // An open end is `Some(None)`; an end that is not a literal gives up.
            let bound = |e: &Option<Box<Expr>>| match e.as_deref() {
                None => Some(None),
                Some(Expr::Lit(l)) => scalar(&l.lit).map(Some),
                Some(_) => None,
            };
            let (start, end) = (bound(&r.start)?, bound(&r.end)?);
            let last = match (end, &r.limits) {
                (None, _) => i128::MAX,
                (Some(e), syn::RangeLimits::Closed(_)) => e,
                (Some(e), syn::RangeLimits::HalfOpen(_)) => e.checked_sub(1)?,
            };
            Some((start.unwrap_or(i128::MIN), last))
        }
        _ => None,
    }
}

fn scalar(lit: &syn::Lit) -> Option<i128> {
    match lit {
        syn::Lit::Int(i) => i.base10_parse().ok(),
        syn::Lit::Byte(b) => Some(b.value().into()),
        syn::Lit::Char(c) => Some(u32::from(c.value()).into()),
        _ => None,
    }
}

/// Element by element, where neither list has a `..`; with one, the elements may overlap.
fn elements<'a>(a: impl Iterator<Item = &'a Pat>, b: impl Iterator<Item = &'a Pat>) -> bool {
    let (a, b): (Vec<&Pat>, Vec<&Pat>) = (a.collect(), b.collect());
    let rest = |list: &[&Pat]| list.iter().any(|p| matches!(p, Pat::Rest(_)));
    if rest(&a) || rest(&b) {
        return true;
    }
    a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| overlap(x, y))
}

fn same(a: &impl ToTokens, b: &impl ToTokens) -> bool {
    a.to_token_stream().to_string() == b.to_token_stream().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arms(text: &str) -> Vec<Arm> {
        let m: syn::ExprMatch = syn::parse_str(&format!("match x {{ {text} }}")).unwrap();
        m.arms
    }

    /// Each pair of arms swapped as its mutant's text says, in the `match` as written.
    #[test]
    fn swapped_arms_read_as_a_match() {
        for (before, pair, after) in [
            (
                "",
                "c if c.is_whitespace() => break, 'a'..='z' => {}",
                "_ => return 1,",
            ),
            ("", "0 => { 1 } 1 => 2,", "_ => 3"),
            ("0 => 1,", "1 => 2, _ => 3", ""),
            ("", "1 => {} _ => {}", ""),
        ] {
            let a = arms(pair);
            let text = format!(
                "match x {{ {before} {} {after} }}",
                swapped_text(&a[0], &a[1])
            );
            assert!(syn::parse_str::<syn::ExprMatch>(&text).is_ok(), "{text}");
        }
    }

    fn swaps(text: &str) -> bool {
        let a = arms(text);
        swappable(&a[0], &a[1])
    }

    #[test]
    fn arms_one_value_can_match_are_swapped() {
        assert!(swaps("Some(0) => 1, Some(n) => n,"));
        assert!(swaps("n if n < 0 => 1, n if n < 10 => 2,"));
        assert!(swaps("(0, _) => 1, (_, 0) => 2,"));
        assert!(swaps("1..=5 => 1, 3 => 2,"));
        assert!(swaps(
            "Shape::Circle { r: 0 } => 1, Shape::Circle { .. } => 2,"
        ));
        assert!(swaps("Some(x) if x > 3 => 1, Some(_) if flag => 2,"));
        assert!(swaps("'a' | 'b' => 1, 'b' => 2,"));
        assert!(swaps("0..=9 => 1, 9.. => 2,"));
        assert!(swaps("b'a'..=b'z' => 1, b'x' => 2,"));
        assert!(swaps("..0 => 1, -1 => 2,"));
        assert!(swaps("0..MAX => 1, 5 => 2,"));
    }

    #[test]
    fn arms_no_value_matches_both_or_a_catch_all_are_not() {
        assert!(!swaps("None => 0, Some(n) => n,"));
        assert!(!swaps("1 => 1, 2 => 2,"));
        assert!(!swaps("Ok(v) => v, Err(e) => 0,"));
        assert!(!swaps("Some(0) => 1, _ => 2,"));
        assert!(!swaps("Some(0) => 1, other => 2,"));
        assert!(!swaps("(0, 1) => 1, (1, _) => 2,"));
        assert!(!swaps("0 => 1, 1..=8 => 2,"));
        assert!(!swaps("1..=8 => 1, 9..=0xff => 2,"));
        assert!(!swaps("0..9 => 1, 9.. => 2,"));
        assert!(!swaps(
            "Some(b'A'..=b'Z') | Some(b'-') => 1, Some(b'0'..=b'9') => 2,"
        ));
        assert!(!swaps("'a'..='f' => 1, 'g' => 2,"));
        assert!(!swaps("..0 => 1, 0 => 2,"));
        assert!(!swaps(
            "Shape::Circle { .. } => 1, Shape::Square { .. } => 2,"
        ));
    }
}
