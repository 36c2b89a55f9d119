//! A statement deletion's text, type-checked beside the schemata. In the schemata the
//! deleted statement stays, guarded (`operators/statement.rs`), so the types it fixes by
//! inference stay fixed; the text without it may not build: twox-hash's
//! `let mut remaining = UnalignedBuffer::new(bytes); self.core.ingest_chunks(&mut remaining);`
//! gives `remaining` its type through the call alone, and without it rustc asks for an
//! annotation (E0282), as it does for `let n = s.parse()` when the push that took `n` goes.
//!
//! Where a deleted statement names a local whose `let` leaves its type to later uses
//! ([`open_locals`]), the function's body as written, without that statement, is checked
//! beside the schemata, every token located at the statement's `;`: in a function of its
//! own with the same signature, nested in the body and never called (so never compiled to
//! code), for a function of a module; in a branch that never runs
//! (`if false { return { .. }; }`) for a method, whose copy could not name `Self` or its
//! impl's generics elsewhere. rustc checks it as it would check the mutant's text; an
//! error there is listed at the `;`, where no expression is, and the next build claims it
//! here: the deletion is unviable, with rustc's message, and its witness is left out.
//! Each witness is a copy of the body, so a function gets a few, the likeliest first. In a
//! method the copy shares the body's inference: rustc does not report a type left open in
//! a body with other errors, so a witness's error may come a round after them.

use crate::build_errors;
use crate::location::{self, Location};
use crate::model::{Collector, MadeBy};
use crate::operators::{match_arm, statement};
use crate::syntax::{all_located_at, has_attr};
use mutate_operators::Operator;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use std::collections::{HashMap, HashSet};
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Attribute, Block, Pat, Signature, Stmt};

/// At most this many witnesses in one function, each a copy of its body.
const MOST_PER_FUNCTION: usize = 4;

/// A deletion that may leave a type to infer: how likely, where it is in the body's
/// visiting order, what it deletes, and where its mutant is.
struct Candidate {
    /// How likely the locals it names (or the match it leaves) are left open.
    open: Open,
    /// Its place among the candidates, in visiting order: names its witness.
    order: usize,
    deleted: Deleted,
    location: Location,
}

/// What a candidate deletes, with the span its witness's tokens are located at: a place
/// where no other code's error is reported.
enum Deleted {
    /// The `index`th deletable statement ([`statement::deletable`]); at its `;`.
    Statement { index: usize, semicolon: Span },
    /// A match arm (the one whose tokens are at the candidate's location); at its `=>`.
    Arm { arrow: Span },
}

impl Deleted {
    fn span(&self) -> Span {
        match self {
            Deleted::Statement { semicolon, .. } => *semicolon,
            Deleted::Arm { arrow } => *arrow,
        }
    }
}

/// The deletions that need a witness in the function `sig` whose body as written is
/// `written`: each one's error listed at its `;` by the last build is claimed now (before
/// any site can claim it), and the deletion made unviable once the mutants are known
/// ([`Witnesses::settle`]).
pub struct Witnesses {
    /// A free function's signature, for witnesses that are functions of their own.
    free: Option<Signature>,
    candidates: Vec<Candidate>,
    /// rustc's message for each candidate whose text did not build.
    failed: Vec<Option<&'static str>>,
}

impl Witnesses {
    /// `free`: the function names no `Self` nor an enclosing item's generics (a
    /// function of a module or a body), so a copy of it can be a function of its own,
    /// unless it is built for target features (`attrs`): a copy without them could not
    /// call what it calls (E0133).
    pub fn of((sig, attrs): (&Signature, &[Attribute]), written: &Block, free: bool) -> Witnesses {
        let none = Witnesses {
            free: None,
            candidates: Vec::new(),
            failed: Vec::new(),
        };
        // An `async` body is a future's; a body with items would define them twice.
        if sig.asyncness.is_some() || has_items(written) {
            return none;
        }
        let open = open_locals(written);
        let mut finder = Finder {
            open: &open,
            index: 0,
            found: Vec::new(),
            bound_untyped: HashSet::new(),
        };
        finder.visit_block(written);
        if finder.found.is_empty() {
            return none;
        }
        // Each witness is a copy of the body: a function with many deletions keeps the
        // likeliest few (in the order they come).
        finder.found.sort_by_key(|c| (c.open, c.order));
        finder.found.truncate(MOST_PER_FUNCTION);
        let failed = finder
            .found
            .iter()
            .map(|c| {
                let span = c.deleted.span();
                build_errors::claim_at(&location::file_of(span), location::start(span))
            })
            .collect();
        let own_function = free && !has_attr(attrs, &["target_feature"]);
        Witnesses {
            free: own_function.then(|| sig.clone()),
            candidates: finder.found,
            failed,
        }
    }

    /// Marks unviable each deletion whose text did not build, and returns the witnesses
    /// of the others still to run, to put in the body.
    pub fn settle(self, collector: &mut Collector, written: &Block) -> Vec<Stmt> {
        let mut witnesses = Vec::new();
        for (candidate, failed) in self.candidates.into_iter().zip(self.failed) {
            let operator = match candidate.deleted {
                Deleted::Statement { .. } => Operator::Statement,
                Deleted::Arm { .. } => Operator::MatchArm,
            };
            let Some(k) = collector.mutants.iter().position(|m| {
                m.operator == MadeBy::Operator(operator) && m.location == candidate.location
            }) else {
                continue;
            };
            if let Some(message) = failed {
                collector.unviable(k as u32, message);
                continue;
            }
            if collector.mutants[k].build_error.is_some() {
                continue;
            }
            witnesses.push(witness(written, &candidate, self.free.as_ref()));
        }
        witnesses
    }
}

/// The body as written without the candidate's statement, located at its `;`: for a free
/// function, a function of its own with the same signature (never called, so never
/// compiled to code), whose body rustc checks apart, as it checks the mutant's text;
/// otherwise in a branch of the function that never runs, which shares the function's
/// inference (a type left open can then take the body's, through an `impl Trait` return,
/// and an error elsewhere in the body keeps rustc from reporting one left open).
fn witness(written: &Block, candidate: &Candidate, free: Option<&Signature>) -> Stmt {
    let mut body = written.clone();
    match &candidate.deleted {
        Deleted::Statement { index, .. } => Remover {
            index: *index,
            seen: 0,
        }
        .visit_block_mut(&mut body),
        Deleted::Arm { .. } => ArmRemover {
            location: candidate.location.clone(),
        }
        .visit_block_mut(&mut body),
    }
    let at = candidate.deleted.span();
    match free {
        Some(sig) => {
            let mut sig = sig.clone();
            sig.ident = quote::format_ident!("__mutate_deletion_witness_{}", candidate.order);
            let code = quote! {
                #[allow(warnings, clippy::all)]
                #sig #body
            };
            let code = all_located_at(code, at);
            Stmt::Item(syn::Item::Verbatim(code))
        }
        None => {
            let code = quote! {
                #[allow(warnings, clippy::all)]
                if false {
                    return #body;
                }
            };
            let code = all_located_at(code, at);
            Stmt::Expr(syn::Expr::Verbatim(code), None)
        }
    }
}

/// Visits the deletable statements and match arms in order, keeping the statements that
/// name an open local and the arms whose match the others leave open.
struct Finder<'a> {
    open: &'a HashMap<String, Open>,
    index: usize,
    found: Vec<Candidate>,
    /// Where the `match`es are that a `let` without a type binds (their `match` keyword).
    bound_untyped: HashSet<location::LineColumn>,
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_block(&mut self, block: &'ast Block) {
        for stmt in &block.stmts {
            if statement::deletable(stmt) {
                let index = self.index;
                self.index += 1;
                let tokens = stmt.to_token_stream();
                if let Stmt::Expr(_, Some(semicolon)) = stmt
                    && let Some(open) = most_open(&tokens, self.open)
                {
                    self.found.push(Candidate {
                        open,
                        order: self.found.len(),
                        deleted: Deleted::Statement {
                            index,
                            semicolon: semicolon.span,
                        },
                        location: location::of_tokens(&tokens),
                    });
                }
            }
            self.visit_stmt(stmt);
        }
    }

    /// quoted_printable's `filter_map(|&c| match c { b'\t' | .. => Some(c as char), _ =>
    /// None })`: without the first arm, nothing gives `None` its type.
    fn visit_local(&mut self, local: &'ast syn::Local) {
        if let Some(init) = &local.init
            && let syn::Expr::Match(m) = crate::syntax::strip_parens(&init.expr)
            && !matches!(local.pat, Pat::Type(_))
        {
            self.bound_untyped
                .insert(location::start(m.match_token.span));
        }
        syn::visit::visit_local(self, local);
    }

    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        // Bound by a `let` without a type, a match whose other arms all diverge gets its
        // type from this arm alone: derive-new's `let list = match attr.meta { List(ref l)
        // => l, _ if .. => panic!(..), _ => continue };` without the first arm is E0282.
        let bound_untyped = self
            .bound_untyped
            .contains(&location::start(m.match_token.span));
        if let Some(wildcard) = m.arms.iter().position(match_arm::is_wildcard) {
            for (i, arm) in m.arms.iter().enumerate().take(wildcard) {
                let others = m.arms.iter().enumerate().filter(|(j, _)| *j != i);
                let others: Vec<&syn::Arm> = others.map(|(_, a)| a).collect();
                let values = others.iter().filter(|a| !diverges(&a.body));
                let without = values.clone().fold(0, |fixed, a| fixed | fixes(&a.body));
                let open_without = match values.count() {
                    0 => bound_untyped,
                    _ => without != FIXES_ALL,
                };
                let adds = without | fixes(&arm.body) != without;
                if open_without && adds && !diverges(&arm.body) {
                    let mut bare = arm.clone();
                    bare.attrs.clear();
                    self.found.push(Candidate {
                        open: Open::Likely,
                        order: self.found.len(),
                        deleted: Deleted::Arm {
                            arrow: arm.fat_arrow_token.spans[0],
                        },
                        location: location::of_tokens(&bare.to_token_stream()),
                    });
                }
            }
        }
        syn::visit::visit_expr_match(self, m);
    }
}

/// What of the match's type an arm's value fixes, as bits: the `Ok` side of a `Result`
/// (`Ok(v)`), the `Err` side (`Err(e)`), both (any value that is not open), or neither
/// ([`leaves_open`]). huniq's `match d { 1 => Ok(()), _ => Err(..) }`: without the first
/// arm nothing gives the `Ok` side its type.
fn fixes(value: &syn::Expr) -> u8 {
    if leaves_open(value) {
        return 0;
    }
    match crate::syntax::strip_parens(value) {
        syn::Expr::Call(call) if call.args.len() == 1 => match &*call.func {
            syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident("Ok") => FIXES_OK,
            syn::Expr::Path(p) if p.qself.is_none() && p.path.is_ident("Err") => FIXES_ERR,
            _ => FIXES_ALL,
        },
        _ => FIXES_ALL,
    }
}

const FIXES_OK: u8 = 1;
const FIXES_ERR: u8 = 2;
const FIXES_ALL: u8 = FIXES_OK | FIXES_ERR;

/// Whether a match arm's value leaves its type to the other arms or the context: `None`, a
/// type's constructor without arguments (`Vec::new()`, `Default::default()`), an empty
/// `vec![]`, a conversion whose target is inferred.
fn leaves_open(value: &syn::Expr) -> bool {
    use syn::Expr;
    match crate::syntax::strip_parens(value) {
        Expr::Path(p) => p.qself.is_none() && p.path.is_ident("None"),
        Expr::Call(call) => {
            call.args.is_empty()
                && matches!(&*call.func, Expr::Path(p) if p.path.segments.len() >= 2
                    && p.path.segments.iter().all(|s| s.arguments.is_none()))
        }
        Expr::MethodCall(call) => {
            call.turbofish.is_none()
                && matches!(
                    call.method.to_string().as_str(),
                    "collect" | "parse" | "into" | "try_into" | "default"
                )
        }
        Expr::Macro(m) => m.mac.path.is_ident("vec") && m.mac.tokens.is_empty(),
        Expr::Block(b) => {
            b.block.stmts.len() == 1
                && matches!(&b.block.stmts[0], Stmt::Expr(e, None) if leaves_open(e))
        }
        _ => false,
    }
}

/// Whether a match arm's value never completes (its type is `!`, which fixes nothing).
fn diverges(value: &syn::Expr) -> bool {
    use syn::Expr;
    let panics = |mac: &syn::Macro| {
        mac.path.segments.last().is_some_and(|s| {
            matches!(
                s.ident.to_string().as_str(),
                "panic" | "unreachable" | "todo" | "unimplemented"
            )
        })
    };
    match crate::syntax::strip_parens(value) {
        Expr::Return(_) | Expr::Break(_) | Expr::Continue(_) => true,
        Expr::Macro(m) => panics(&m.mac),
        Expr::Block(b) => b.block.stmts.last().is_some_and(|s| match s {
            Stmt::Expr(e, _) => diverges(e),
            Stmt::Macro(m) => panics(&m.mac),
            _ => false,
        }),
        _ => false,
    }
}

/// Removes the match arm whose tokens (attributes aside) are at `location`.
struct ArmRemover {
    location: Location,
}

impl VisitMut for ArmRemover {
    fn visit_expr_match_mut(&mut self, m: &mut syn::ExprMatch) {
        let location = &self.location;
        let arms = std::mem::take(&mut m.arms);
        m.arms = arms
            .into_iter()
            .filter(|arm| {
                let mut bare = arm.clone();
                bare.attrs.clear();
                location::of_tokens(&bare.to_token_stream()) != *location
            })
            .collect();
        syn::visit_mut::visit_expr_match_mut(self, m);
    }
}

/// Removes the `index`th deletable statement, counted as [`Finder`] counts.
struct Remover {
    index: usize,
    seen: usize,
}

impl VisitMut for Remover {
    fn visit_block_mut(&mut self, block: &mut Block) {
        let mut i = 0;
        while i < block.stmts.len() {
            if statement::deletable(&block.stmts[i]) {
                let this = self.seen;
                self.seen += 1;
                if this == self.index {
                    block.stmts.remove(i);
                    continue;
                }
            }
            self.visit_stmt_mut(&mut block.stmts[i]);
            i += 1;
        }
    }
}

/// The names bound by `let`s whose type a later use may have to fix: no type written (or
/// one with `_` in it), and a value that may leave a type parameter open: none yet, a
/// call (`Vec::new()`, `m.unpack(x)`, `s.parse()`, whose return type may be generic), an
/// empty `vec![]`, a closure (its parameters' types). Values whose type is their own
/// (literals, arithmetic, references, fields, `s.len()`) are left out: a deletion cannot
/// leave it open, and checking their text would cost a copy of the body each.
fn open_locals(body: &Block) -> HashMap<String, Open> {
    struct Lets(HashMap<String, Open>);
    impl<'ast> Visit<'ast> for Lets {
        fn visit_local(&mut self, local: &'ast syn::Local) {
            let open = match &local.pat {
                Pat::Type(typed) if has_placeholder(&typed.ty) => Some(Open::Likely),
                Pat::Type(_) => None,
                _ => match &local.init {
                    None => Some(Open::Likely),
                    Some(init) => openness(&init.expr),
                },
            };
            if let Some(open) = open {
                let mut names = HashSet::new();
                bound_names(&local.pat, &mut names);
                for name in names {
                    let known = self.0.entry(name).or_insert(open);
                    *known = (*known).min(open);
                }
            }
            syn::visit::visit_local(self, local);
        }
    }
    let mut lets = Lets(HashMap::new());
    lets.visit_block(body);
    lets.0
}

/// How likely a local's type is left to a later use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Open {
    /// Nothing fixes it where it is bound: no value yet, a type's constructor
    /// (`Vec::new()`, `UnalignedBuffer::new(bytes)`, `Default::default()`), an empty
    /// `vec![]`, a conversion whose target is inferred (`.collect()`, `.parse()`, `.into()`),
    /// a closure, a written type with `_` in it.
    Likely,
    /// A call whose return type may be generic (`m.unpack(x)`), or not.
    Maybe,
}

/// Whether a `let`'s value may leave a type parameter for later uses to fix.
fn openness(value: &syn::Expr) -> Option<Open> {
    use syn::Expr;
    match crate::syntax::strip_parens(value) {
        Expr::Call(call) => Some(match &*call.func {
            Expr::Path(p) if p.path.segments.len() >= 2 => Open::Likely,
            _ => Open::Maybe,
        }),
        Expr::Closure(_) => Some(Open::Likely),
        Expr::Struct(_) | Expr::Path(_) => Some(Open::Maybe),
        // A named target (`::<Vec<u8>>`) is no longer open.
        Expr::MethodCall(call) if call.turbofish.is_some() => None,
        Expr::MethodCall(call) => match call.method.to_string().as_str() {
            "collect" | "parse" | "into" | "try_into" | "default" => Some(Open::Likely),
            // `s.parse().unwrap()`: as open as what it unwraps.
            "unwrap" | "expect" | "unwrap_or_default" | "unwrap_or" | "unwrap_or_else" => {
                openness(&call.receiver)
            }
            // Methods of std whose result's type follows from the receiver's.
            "len" | "is_empty" | "clone" | "to_string" | "to_owned" | "as_str" | "as_bytes"
            | "iter" | "iter_mut" | "chars" | "bytes" | "lines" | "trim" | "to_vec"
            | "capacity" | "first" | "last" | "next" | "pop" | "get" | "keys" | "values"
            | "enumerate" | "rev" | "peekable" | "cloned" | "copied" | "count" => None,
            _ => Some(Open::Maybe),
        },
        Expr::Try(t) => openness(&t.expr),
        Expr::Tuple(t) => t.elems.iter().filter_map(openness).min(),
        Expr::Array(a) => a.elems.iter().filter_map(openness).min(),
        Expr::Macro(m) if m.mac.path.is_ident("vec") && m.mac.tokens.is_empty() => {
            Some(Open::Likely)
        }
        _ => None,
    }
}

/// Whether a written type leaves part of itself to inference (`Vec<_>`).
fn has_placeholder(ty: &syn::Type) -> bool {
    struct Placeholder(bool);
    impl<'ast> Visit<'ast> for Placeholder {
        fn visit_type_infer(&mut self, _: &'ast syn::TypeInfer) {
            self.0 = true;
        }
    }
    let mut found = Placeholder(false);
    found.visit_type(ty);
    found.0
}

fn bound_names(pat: &Pat, names: &mut HashSet<String>) {
    struct Idents<'a>(&'a mut HashSet<String>);
    impl<'ast> Visit<'ast> for Idents<'_> {
        fn visit_pat_ident(&mut self, p: &'ast syn::PatIdent) {
            self.0.insert(p.ident.to_string());
            syn::visit::visit_pat_ident(self, p);
        }
    }
    Idents(names).visit_pat(pat);
}

/// The likeliest openness among the open locals `tokens` name, if they name any.
fn most_open(tokens: &TokenStream, open: &HashMap<String, Open>) -> Option<Open> {
    tokens
        .clone()
        .into_iter()
        .filter_map(|t| match t {
            TokenTree::Ident(i) => open.get(&i.to_string()).copied(),
            TokenTree::Group(g) => most_open(&g.stream(), open),
            _ => None,
        })
        .min()
}

/// Whether the body holds an item a copy of it would define twice where that conflicts: an
/// `impl` (of a trait for an outer type, say), an item a macro makes, or one that exports a
/// symbol. Others (`use`, a helper `fn`, a `const`) are defined again in the copy's own
/// scope, which is allowed.
fn has_items(body: &Block) -> bool {
    struct Items(bool);
    impl<'ast> Visit<'ast> for Items {
        fn visit_item(&mut self, item: &'ast syn::Item) {
            let exports =
                |attrs| has_attr(attrs, &["no_mangle", "export_name", "link_section", "used"]);
            match item {
                syn::Item::Impl(_) | syn::Item::Macro(_) => self.0 = true,
                syn::Item::Fn(f) if exports(&f.attrs) => self.0 = true,
                syn::Item::Static(s) if exports(&s.attrs) => self.0 = true,
                _ => syn::visit::visit_item(self, item),
            }
        }
    }
    let mut items = Items(false);
    items.visit_block(body);
    items.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn witnesses(function: &str) -> (Witnesses, syn::ItemFn) {
        let f: syn::ItemFn = syn::parse_str(function).unwrap();
        (Witnesses::of((&f.sig, &f.attrs), &f.block, true), f)
    }

    fn text(tokens: impl ToTokens) -> String {
        tokens.to_token_stream().to_string()
    }

    fn statement_index(c: &Candidate) -> usize {
        match c.deleted {
            Deleted::Statement { index, .. } => index,
            Deleted::Arm { .. } => usize::MAX,
        }
    }

    /// quoted_printable's `_decode`: the arm that gives `None` its type, and not the others.
    #[test]
    fn an_arm_whose_deletion_leaves_the_match_open_gets_a_witness() {
        let (found, f) = witnesses(
            "fn f(input: &[u8]) -> String { let n = match input.len() { 0 => 1, _ => 2 }; \
             input.iter().filter_map(|&c| match c { b'a' | b' '..=b'~' => Some(c as char), \
             b'\\n' => panic!(), _ => None }).collect::<String>() }",
        );
        let arms: Vec<&Location> = found
            .candidates
            .iter()
            .filter(|c| matches!(c.deleted, Deleted::Arm { .. }))
            .map(|c| &c.location)
            .collect();
        assert_eq!(arms.len(), 1, "only the arm that fixes the type");
        let copy = text(witness(&f.block, &found.candidates[0], Some(&f.sig)));
        assert!(!copy.contains("Some (c as char)"), "{copy}");
        assert!(copy.contains("b'\\n' => panic ! ()"), "{copy}");
        assert!(copy.contains("0 => 1"), "{copy}");
    }

    /// How many arm deletions of `function` get a witness.
    fn arms(function: &str) -> usize {
        witnesses(function)
            .0
            .candidates
            .iter()
            .filter(|c| matches!(c.deleted, Deleted::Arm { .. }))
            .count()
    }

    #[test]
    fn an_arm_whose_siblings_all_diverge_gets_a_witness_where_a_let_binds_the_match_untyped() {
        let loop_of = |binding: &str| {
            format!(
                "fn f(v: &[Option<u8>]) {{ for x in v {{ {binding} = match x {{ \
                 Some(n) => n, _ if v.is_empty() => panic!(), _ => continue }}; \
                 drop(n); }} }}"
            )
        };
        assert_eq!(arms(&loop_of("let n")), 1);
        assert_eq!(arms(&loop_of("let n: &u8")), 0, "the type is written");
    }

    /// huniq's delimiter check: without the `Ok` arm, nothing gives the `Ok` side its type;
    /// without the `Err` arm, the `Ok(())` still fixes only its own side.
    #[test]
    fn an_arm_that_fixes_one_side_of_a_result_gets_a_witness() {
        assert_eq!(
            arms("fn f(d: usize) { let r = match d { 1 => Ok(()), _ => Err(d) }; drop(r); }"),
            1
        );
        assert_eq!(
            arms("fn f(d: usize) { let r = match d { 1 => Ok(()), 2 => Ok(()), _ => Err(d) }; }"),
            0,
            "another arm fixes the same side"
        );
    }

    #[test]
    fn a_deletion_that_names_a_local_whose_type_is_left_open_gets_a_witness() {
        let (found, f) = witnesses(
            "fn f(s: &str) -> Vec<u32> { let mut out = Vec::new(); let n: u32 = 1; \
             out.push(n); log(n); s.len(); if s.is_empty() { out.clear(); } out }",
        );
        // `log(n)` names a typed local only, `s.len()` a parameter.
        let indexes: Vec<usize> = found.candidates.iter().map(statement_index).collect();
        assert_eq!(indexes, [0, 3]);
        let first = text(witness(&f.block, &found.candidates[0], None));
        assert!(first.starts_with("# [allow (warnings , clippy :: all)] if false { return {"));
        assert!(!first.contains("out . push (n)"), "{first}");
        assert!(first.contains("log (n) ; s . len () ; if s . is_empty () { out . clear () ; }"));
        let second = text(witness(&f.block, &found.candidates[1], None));
        assert!(second.contains("out . push (n) ; log (n) ;"), "{second}");
        assert!(!second.contains("clear"), "{second}");
        // A free function's witness is a function of its own, of the same signature.
        let free = text(witness(&f.block, &found.candidates[0], Some(&f.sig)));
        assert!(
            free.starts_with(
                "# [allow (warnings , clippy :: all)] fn __mutate_deletion_witness_0 \
                 (s : & str) -> Vec < u32 > { let mut out = Vec :: new () ; let n : u32 = 1 ; \
                 log (n) ;"
            ),
            "{free}"
        );
    }

    #[test]
    fn a_function_built_for_target_features_keeps_its_witness_inside() {
        let body = "{ let mut v = Vec::new(); v.push(1); }";
        let (plain, _) = witnesses(&format!("fn f() {body}"));
        assert!(plain.free.is_some());
        let (featured, _) = witnesses(&format!(
            "#[target_feature(enable = \"avx2\")] fn f() {body}"
        ));
        assert!(featured.free.is_none() && !featured.candidates.is_empty());
    }

    #[test]
    fn bodies_with_items_and_async_bodies_get_none() {
        let none = |function: &str| witnesses(function).0.candidates.is_empty();
        assert!(none(
            "fn f() { impl Tr for Outer {} let mut v = Vec::new(); v.push(1); }"
        ));
        assert!(none(
            "fn f() { #[unsafe(no_mangle)] fn g() {} let mut v = Vec::new(); v.push(1); }"
        ));
        assert!(!none(
            "fn f() { use std::fmt::Write; #[allow(unused)] fn helper() {} \
             let mut v = Vec::new(); v.push(1); }"
        ));
        assert!(none("async fn f() { let mut v = Vec::new(); v.push(1); }"));
    }

    #[test]
    fn a_function_keeps_its_likeliest_few_witnesses() {
        let (found, _) = witnesses(
            "fn f(m: M) { let x = m.unpack(1); take(x); let mut v = Vec::new(); v.push(1); \
             v.push(2); v.push(3); v.push(4); v.push(5); }",
        );
        let indexes: Vec<usize> = found.candidates.iter().map(statement_index).collect();
        assert_eq!(indexes, [1, 2, 3, 4]);
    }

    #[test]
    fn only_locals_whose_type_a_later_use_may_fix_are_open() {
        let open = |function: &str| {
            let f: syn::ItemFn = syn::parse_str(function).unwrap();
            let mut names: Vec<String> = open_locals(&f.block).into_keys().collect();
            names.sort();
            names
        };
        assert_eq!(
            open(
                "fn f(s: &str) { let a = Vec::new(); let b: Vec<_> = Vec::with_capacity(2); \
                 let c: Vec<u8> = Vec::new(); let d = vec![]; let e = vec![1]; \
                 let g = s.parse().unwrap(); let h = s.len(); let i; let (j, k) = (Vec::new(), 1); \
                 let l = it.collect::<Vec<u8>>(); let m = Default::default(); let n = 1 + 2; \
                 let o = &s[1..]; let p = m.unpack(s); let q = |x| x; }"
            ),
            ["a", "b", "d", "g", "i", "j", "k", "m", "p", "q"]
        );
    }
}
