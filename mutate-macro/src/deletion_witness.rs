//! A statement deletion's text, type-checked beside the schemata. In the schemata the
//! deleted statement stays, guarded (`operators/statement.rs`), so the types it fixes by
//! inference stay fixed; the text without it may not build: twox-hash's
//! `let mut remaining = UnalignedBuffer::new(bytes); self.core.ingest_chunks(&mut remaining);`
//! gives `remaining` its type through the call alone, and without it rustc asks for an
//! annotation (E0282), as it does for `let n = s.parse()` when the push that took `n` goes.
//!
//! Where a deleted statement names a local whose `let` writes no type, the function's body
//! as written, without that statement, is put in a branch that never runs
//! (`if false { return { .. }; }`), every token located at the statement's `;`. rustc
//! checks it as it would check the mutant's text; an error there is listed at the `;`, where
//! no expression is, and the next build claims it here: the deletion is unviable, with
//! rustc's message, and its witness is left out.

use crate::build_errors;
use crate::location::{self, Location};
use crate::model::{Collector, MadeBy};
use crate::operators::statement;
use crate::syntax::all_located_at;
use mutate_operators::Operator;
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::{ToTokens, quote};
use std::collections::HashSet;
use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{Block, Pat, Signature, Stmt};

/// A deletable statement whose deletion may leave a type to infer: where it is in the
/// body's visiting order, where it is, and its `;`.
struct Candidate {
    index: usize,
    location: Location,
    semicolon: Span,
}

/// The deletions that need a witness in the function `sig` whose body as written is
/// `written`: each one's error listed at its `;` by the last build is claimed now (before
/// any site can claim it), and the deletion made unviable once the mutants are known
/// ([`Witnesses::settle`]).
pub struct Witnesses {
    candidates: Vec<Candidate>,
    /// rustc's message for each candidate whose text did not build.
    failed: Vec<Option<&'static str>>,
}

impl Witnesses {
    pub fn of(sig: &Signature, written: &Block) -> Witnesses {
        let none = Witnesses {
            candidates: Vec::new(),
            failed: Vec::new(),
        };
        // An `async` body is a future's; a body with items would define them twice.
        if sig.asyncness.is_some() || has_items(written) {
            return none;
        }
        let untyped = untyped_locals(written);
        if untyped.is_empty() {
            return none;
        }
        let mut finder = Finder {
            untyped: &untyped,
            index: 0,
            found: Vec::new(),
        };
        finder.visit_block(written);
        let failed = finder
            .found
            .iter()
            .map(|c| {
                let at = location::start(c.semicolon);
                build_errors::claim_at(&location::file_of(c.semicolon), at)
            })
            .collect();
        Witnesses {
            candidates: finder.found,
            failed,
        }
    }

    /// Marks unviable each deletion whose text did not build, and returns the witnesses
    /// of the others still to run, to put in the body.
    pub fn settle(self, collector: &mut Collector, written: &Block) -> Vec<Stmt> {
        let mut witnesses = Vec::new();
        for (candidate, failed) in self.candidates.into_iter().zip(self.failed) {
            let Some(k) = collector.mutants.iter().position(|m| {
                m.operator == MadeBy::Operator(Operator::Statement)
                    && m.location == candidate.location
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
            witnesses.push(witness(written, &candidate));
        }
        witnesses
    }
}

/// The body as written without the candidate's statement, in a branch that never runs,
/// located at its `;`.
fn witness(written: &Block, candidate: &Candidate) -> Stmt {
    let mut body = written.clone();
    Remover {
        index: candidate.index,
        seen: 0,
    }
    .visit_block_mut(&mut body);
    let body = all_located_at(body.to_token_stream(), candidate.semicolon);
    Stmt::Expr(
        syn::Expr::Verbatim(quote! {
            #[allow(warnings, clippy::all)]
            if false {
                return #body;
            }
        }),
        None,
    )
}

/// Visits the deletable statements in order, keeping those that name an untyped local.
struct Finder<'a> {
    untyped: &'a HashSet<String>,
    index: usize,
    found: Vec<Candidate>,
}

impl<'ast> Visit<'ast> for Finder<'_> {
    fn visit_block(&mut self, block: &'ast Block) {
        for stmt in &block.stmts {
            if statement::deletable(stmt) {
                let index = self.index;
                self.index += 1;
                if let Stmt::Expr(_, Some(semicolon)) = stmt
                    && names_any(&stmt.to_token_stream(), self.untyped)
                {
                    self.found.push(Candidate {
                        index,
                        location: location::of_tokens(&stmt.to_token_stream()),
                        semicolon: semicolon.span,
                    });
                }
            }
            self.visit_stmt(stmt);
        }
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

/// The names bound by `let`s that write no type: their type may come from a later use.
fn untyped_locals(body: &Block) -> HashSet<String> {
    struct Lets(HashSet<String>);
    impl<'ast> Visit<'ast> for Lets {
        fn visit_local(&mut self, local: &'ast syn::Local) {
            if !matches!(local.pat, Pat::Type(_)) {
                bound_names(&local.pat, &mut self.0);
            }
            syn::visit::visit_local(self, local);
        }
    }
    let mut lets = Lets(HashSet::new());
    lets.visit_block(body);
    lets.0
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

fn names_any(tokens: &TokenStream, names: &HashSet<String>) -> bool {
    tokens.clone().into_iter().any(|t| match t {
        TokenTree::Ident(i) => names.contains(&i.to_string()),
        TokenTree::Group(g) => names_any(&g.stream(), names),
        _ => false,
    })
}

/// Whether the body holds an item anywhere (a nested `fn`, a `static`, an `impl`): a copy
/// would implement a trait twice for an outer type, or export a symbol twice.
fn has_items(body: &Block) -> bool {
    struct Items(bool);
    impl<'ast> Visit<'ast> for Items {
        fn visit_item(&mut self, _: &'ast syn::Item) {
            self.0 = true;
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
        (Witnesses::of(&f.sig, &f.block), f)
    }

    fn text(tokens: impl ToTokens) -> String {
        tokens.to_token_stream().to_string()
    }

    #[test]
    fn a_deletion_that_names_a_local_without_a_written_type_gets_a_witness() {
        let (found, f) = witnesses(
            "fn f(s: &str) -> Vec<u32> { let mut out = Vec::new(); let n: u32 = 1; \
             out.push(n); log(n); s.len(); if s.is_empty() { out.clear(); } out }",
        );
        // `log(n)` names a typed local only, `s.len()` a parameter.
        let indexes: Vec<usize> = found.candidates.iter().map(|c| c.index).collect();
        assert_eq!(indexes, [0, 3]);
        let first = text(witness(&f.block, &found.candidates[0]));
        assert!(first.starts_with("# [allow (warnings , clippy :: all)] if false { return {"));
        assert!(!first.contains("out . push (n)"), "{first}");
        assert!(first.contains("log (n) ; s . len () ; if s . is_empty () { out . clear () ; }"));
        let second = text(witness(&f.block, &found.candidates[1]));
        assert!(second.contains("out . push (n) ; log (n) ;"), "{second}");
        assert!(!second.contains("clear"), "{second}");
    }

    #[test]
    fn bodies_with_items_and_async_bodies_get_none() {
        let none = |function: &str| witnesses(function).0.candidates.is_empty();
        assert!(none(
            "fn f() { fn helper() {} let mut v = Vec::new(); v.push(1); }"
        ));
        assert!(none("async fn f() { let mut v = Vec::new(); v.push(1); }"));
        assert!(none(
            "fn f() { let mut v: Vec<u8> = Vec::new(); v.push(1); }"
        ));
        assert!(!none(
            "fn f() { let (mut v, w) = (Vec::new(), 1); v.push(w); }"
        ));
    }
}
