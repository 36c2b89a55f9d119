//! Constants of a function body that only its run-time code reads (`const D_SHIFT: u32 =
//! 146097 * ERAS - 1_721_060;`, then `day.wrapping_add(D_SHIFT)`). rustc computes a
//! constant's value when it builds the crate, so a mutant of one is otherwise a build of
//! the tests of its own (`operators/compile_time.rs`, the driver's `expansion.rs`): on a
//! crate with many, hours. Here each mutant is a constant of its own beside the one as
//! written, and each read of the name is a site that picks one at run time: the mutants
//! are judged in the mutant phase like any other, by the tests that reach them.
//!
//! Only where nothing else can read the name: every mention of it in the body is a plain
//! path in run-time code, after the constant and inside its block, not under `&` (rustc
//! promotes `&CONST` to a `'static` borrow, which a value chosen at run time is not), not
//! in a closure or `async` block (which read the switch where they start), not in a
//! pattern, a type, a generic argument, an array length, another item or a macro's input,
//! and the name declared once. Everything else keeps the build per mutant, and a function
//! that holds such a constant keeps its schemata body alone (`leaves_constants_to_builds`):
//! the body as written would read the constant as written in every build.

use crate::emit::{rt, table};
use crate::operators::{compile_time, switch, when_probing};
use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use std::collections::{HashMap, HashSet};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};
use syn::{Block, Expr, Item};

/// The function's constants chosen at run time: found before the rewrite
/// ([`SwitchedConstants::of`]), their site and mutants' constants once rewritten.
#[derive(Default, Clone)]
pub struct SwitchedConstants {
    eligible: HashSet<String>,
    /// Whether a constant or static of the body has mutants and stays for builds.
    left_to_builds: bool,
    declared: HashMap<String, (u32, Vec<(u32, syn::Ident)>)>,
}

impl SwitchedConstants {
    /// The constants of `body` that only its run-time code reads.
    pub fn of(body: &Block) -> Self {
        let mut reads = Reads::default();
        reads.visit_block(body);
        if reads.declared.is_empty() {
            // Most bodies: no constant with mutants, no need to count their names.
            return SwitchedConstants {
                left_to_builds: reads.static_with_mutants,
                ..SwitchedConstants::default()
            };
        }
        let mut mentions = HashMap::new();
        count_mentions(body.to_token_stream(), &mut mentions);
        let mut eligible = HashSet::new();
        let mut left_to_builds = reads.static_with_mutants;
        for (name, declarations) in &reads.declared {
            let plain = reads.plain.get(name).copied().unwrap_or(0);
            // The declaration names it once; every other mention is a plain read.
            let only_plain = mentions.get(name).copied().unwrap_or(0) == plain + 1;
            if *declarations == 1 && only_plain && !reads.unfit.contains(name) {
                eligible.insert(name.clone());
            } else {
                left_to_builds = true;
            }
        }
        SwitchedConstants {
            eligible,
            left_to_builds,
            declared: HashMap::new(),
        }
    }

    /// Whether a constant or static of the body with mutants stays a build per mutant: the
    /// function must then run its schemata body in every build (`dispatch`).
    pub fn leaves_constants_to_builds(&self) -> bool {
        self.left_to_builds
    }

    pub fn is_switched(&self, item: &syn::ItemConst) -> bool {
        self.eligible.contains(&item.ident.to_string())
    }

    /// The constant `name` was rewritten: its reads choose among `arms` at `site`.
    pub fn declare(&mut self, name: &syn::Ident, site: u32, arms: Vec<(u32, syn::Ident)>) {
        self.declared.insert(name.to_string(), (site, arms));
    }

    /// Where `e` reads a switched constant: the site that chooses among its mutants'
    /// constants, and in the coverage run compares each with the constant as written.
    pub fn read(&self, e: &Expr) -> Option<TokenStream> {
        let name = plain_name(e)?;
        let (site, arms) = self.declared.get(&name)?;
        let written = syn::Ident::new(&name, e.span());
        let (rt, table) = (rt(), table());
        let chosen = arms.iter().map(|(k, constant)| quote!(#k => #constant,));
        let compared = arms.iter().map(|(k, constant)| {
            quote!((&#rt::probe::Values::new(&#written, &#constant)).probe(&#table, #k);)
        });
        let probe = when_probing(
            *site,
            quote! {
                use #rt::probe::{ValuesProbe as _, ValuesProbeFallback as _};
                #(#compared)*
            },
        );
        let switch = switch(*site);
        Some(quote!((match #switch { #(#chosen)* _ => { #probe #written } })))
    }
}

/// What a walk of the body over its run-time code found.
#[derive(Default)]
struct Reads {
    /// Constants with mutants declared as statements: how many times each name is.
    declared: HashMap<String, usize>,
    /// Names read as a plain path in run-time code, inside their declaration's block.
    plain: HashMap<String, usize>,
    /// Names read before their declaration or outside its block, or declared where a
    /// switch cannot be read (a closure).
    unfit: HashSet<String>,
    /// A `static` with mutants: those stay for builds.
    static_with_mutants: bool,
    /// The blocks around the walk, each with the constants it declares.
    blocks: Vec<Vec<String>>,
    /// Inside a closure or an `async` block.
    in_closure: usize,
}

impl<'ast> Visit<'ast> for Reads {
    fn visit_block(&mut self, block: &'ast Block) {
        // Items are visible in their whole block: declared before the statements are read,
        // and a read that comes first is unfit (the rewrite meets the constant first).
        let own: Vec<String> = block
            .stmts
            .iter()
            .filter_map(|s| match s {
                syn::Stmt::Item(Item::Const(k)) if compile_time::has_targets(&k.expr) => {
                    Some(k.ident.to_string())
                }
                _ => None,
            })
            .collect();
        for name in &own {
            *self.declared.entry(name.clone()).or_default() += 1;
            if self.in_closure > 0 {
                self.unfit.insert(name.clone());
            }
        }
        self.blocks.push(Vec::new());
        for stmt in &block.stmts {
            match stmt {
                syn::Stmt::Item(Item::Const(k)) if own.contains(&k.ident.to_string()) => {
                    if let Some(declared) = self.blocks.last_mut() {
                        declared.push(k.ident.to_string());
                    }
                }
                syn::Stmt::Item(Item::Static(s)) if compile_time::has_targets(&s.expr) => {
                    self.static_with_mutants = true;
                }
                _ => self.visit_stmt(stmt),
            }
        }
        self.blocks.pop();
    }

    fn visit_expr(&mut self, e: &'ast Expr) {
        if let Some(name) = plain_name(e) {
            let in_scope = self.blocks.iter().flatten().any(|n| *n == name);
            if in_scope && self.in_closure == 0 {
                *self.plain.entry(name).or_default() += 1;
            } else {
                self.unfit.insert(name);
            }
            return;
        }
        match e {
            // `&CONST` is promoted to a `'static` borrow: a mention that is not plain.
            Expr::Reference(r) if plain_name(&r.expr).is_some() => {}
            Expr::Closure(_) | Expr::Async(_) => {
                self.in_closure += 1;
                visit::visit_expr(self, e);
                self.in_closure -= 1;
            }
            // Constant contexts and input that is not ours to read.
            Expr::Const(_) | Expr::Macro(_) | Expr::Verbatim(_) => {}
            Expr::Repeat(r) => self.visit_expr(&r.expr),
            _ => visit::visit_expr(self, e),
        }
    }

    fn visit_field_value(&mut self, field: &'ast syn::FieldValue) {
        // `S { NAME }` is a field's name as well as a read: left as it is.
        if field.colon_token.is_some() {
            visit::visit_field_value(self, field);
        }
    }

    fn visit_item(&mut self, _: &'ast Item) {}
    fn visit_macro(&mut self, _: &'ast syn::Macro) {}
    fn visit_pat(&mut self, _: &'ast syn::Pat) {}
    fn visit_type(&mut self, _: &'ast syn::Type) {}
    fn visit_generic_argument(&mut self, _: &'ast syn::GenericArgument) {}
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// The name `e` reads, where it is a plain one-segment path (`D_SHIFT`).
fn plain_name(e: &Expr) -> Option<String> {
    match e {
        Expr::Path(p) if p.qself.is_none() && p.attrs.is_empty() => {
            p.path.get_ident().map(|ident| ident.to_string())
        }
        _ => None,
    }
}

/// Every identifier of `tokens`, counted, macros' input and attributes included.
fn count_mentions(tokens: TokenStream, counts: &mut HashMap<String, usize>) {
    for token in tokens {
        match token {
            TokenTree::Ident(ident) => *counts.entry(ident.to_string()).or_default() += 1,
            TokenTree::Group(g) => count_mentions(g.stream(), counts),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switched(body: &str) -> (Vec<String>, bool) {
        let block: Block = syn::parse_str(body).unwrap();
        let found = SwitchedConstants::of(&block);
        let mut names: Vec<String> = found.eligible.into_iter().collect();
        names.sort();
        (names, found.left_to_builds)
    }

    #[test]
    fn a_constant_read_by_run_time_code_only_is_switched() {
        let body = "{ const K: u32 = 2 * 3; let y = x.wrapping_add(K); y + K as u32 }";
        assert_eq!(switched(body), (vec!["K".to_owned()], false));
    }

    #[test]
    fn a_constant_read_where_rustc_needs_its_value_is_left_to_builds() {
        for body in [
            "{ const N: usize = 1 + 1; [0u8; N] }",
            "{ const N: usize = 1 + 1; let a: [u8; N] = [0; 2]; a }",
            "{ const N: usize = 1 + 1; match x { N => 1, _ => 0 } }",
            "{ const N: usize = 1 + 1; const M: usize = N * 2; M }",
            "{ const N: usize = 1 + 1; f::<N>() }",
            "{ const N: usize = 1 + 1; assert!(x < N); x }",
            "{ const N: usize = 1 + 1; let r: &'static usize = &N; r }",
            "{ const N: usize = 1 + 1; let f = || N; f() }",
            "{ const N: usize = 1 + 1; S { N } }",
        ] {
            let (names, builds) = switched(body);
            assert!(!names.contains(&"N".to_owned()), "{body}");
            assert!(builds, "{body}");
        }
    }

    #[test]
    fn a_name_read_outside_its_block_or_declared_twice_is_left_to_builds() {
        for body in [
            "{ { const N: usize = 1 + 1; } N }",
            "{ let a = N; const N: usize = 1 + 1; a }",
            "{ let a = { const N: usize = 1 + 1; N }; a + { const N: usize = 2 + 2; N } }",
        ] {
            assert_eq!(switched(body), (vec![], true), "{body}");
        }
    }

    #[test]
    fn constants_without_operators_change_nothing() {
        let body = "{ const N: usize = 2; [0u8; N] }";
        assert_eq!(switched(body), (vec![], false));
    }
}
