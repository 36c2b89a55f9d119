//! Walks one function body, rewriting each expression that has mutants into schemata.
//! Children are rewritten first, so an operand's own mutants sit inside its evaluation.
//! Each kind of syntax has its own function: operators, literals and jumps make a site
//! here; loops, conditions, `match` and the scopes jumps refer to are in `control.rs`;
//! statements are deleted in `visit_block_mut`.
//!
//! Items in the body are rewritten on their own (see `visit_item_mut`). Left alone: macro
//! invocations, patterns, types, const generic arguments,
//! `const` blocks, array repeat lengths and destructuring assignments — places where a
//! run-time check cannot stand or the code is not ours to read.

mod constant_locals;
mod control;
mod switched_constants;

pub use constant_locals::ConstantLocals;
pub use switched_constants::SwitchedConstants;

use crate::location::{self, LineColumn};
use crate::model::Collector;
use crate::operators::{
    binary, comparison, compile_time, constant, field, index, literal, method, regroup, rule,
    statement, textual, unary,
};
use crate::syntax::{self, first_span, is_destructuring, negated_literal, strip_parens};
use mutate_operators::Selection;
use proc_macro2::{Span, TokenStream};
use quote::ToTokens;
use syn::visit_mut::{self, VisitMut};
use syn::{Expr, ExprAssign, ExprReference, ExprUnary, Pat};

/// Rewrites an item met inside a body (`items::rewrite_in_body`), given the enclosing
/// function's name and selection. Handed in rather than imported: items rewrite functions,
/// which rewrite bodies, which hold items, and the modules stay a chain, not a circle.
pub type NestedItems = fn(&mut syn::Item, &str, &Selection);

pub struct Rewriter<'a> {
    collector: &'a mut Collector,
    nested_items: NestedItems,
    /// The loops, labelled blocks and closures around the expression being rewritten.
    scopes: Vec<control::Scope>,
    /// Inside constant arithmetic that is witnessed whole (`operators/constant.rs`).
    in_witnessed_constant: bool,
    /// The function keeps its schemata body alone (`dispatch::possible`): its closures
    /// choose between their body as written and their schemata body where they start.
    closures_choose: bool,
    /// The errors the driver's last build placed in this function where no mutant is: its
    /// suspects (`break`/`continue` swaps, code skipped that initializes a binding) are
    /// left as written, and unviable.
    suspects_as_written: Option<crate::build_errors::Unplaced>,
    /// The binary operator whose operand is being visited, and which side: read by that
    /// operand alone (`operators/regroup.rs`).
    operand_of: Option<(syn::BinOp, regroup::Side)>,
    /// The expression being visited is a place written or borrowed mutably, or part of
    /// one (`v[0]` in `v[0].x = 1`): read by that expression alone (`operators/index.rs`).
    mutable_place: bool,
    /// Witnesses of literal indexes inside such a place, to be put before the expression
    /// that writes or borrows it (`index::takes_place_mutably`).
    hoisted: Vec<TokenStream>,
    /// Locals bound to constant arithmetic, whose mutants are witnessed where they divide
    /// or shift (`rewrite/constant_locals.rs`).
    constant_locals: ConstantLocals,
    /// Constants of the body that only its run-time code reads, chosen at run time
    /// (`rewrite/switched_constants.rs`).
    switched_constants: SwitchedConstants,
}

impl<'a> Rewriter<'a> {
    pub fn new(collector: &'a mut Collector, nested_items: NestedItems) -> Self {
        Rewriter {
            collector,
            nested_items,
            scopes: Vec::new(),
            in_witnessed_constant: false,
            closures_choose: false,
            suspects_as_written: None,
            operand_of: None,
            mutable_place: false,
            hoisted: Vec::new(),
            constant_locals: ConstantLocals::default(),
            switched_constants: SwitchedConstants::default(),
        }
    }

    /// The body's constants that only its run-time code reads (`SwitchedConstants::of`).
    pub fn switched_constants(mut self, constants: SwitchedConstants) -> Self {
        self.switched_constants = constants;
        self
    }

    /// The function's locals bound to constant arithmetic are read (`ConstantLocals::of`).
    pub fn constant_locals(mut self, locals: ConstantLocals) -> Self {
        self.constant_locals = locals;
        self
    }

    /// For a function the driver's last build failed in where no mutant is (the borrow
    /// checker's errors fall on uses, not on the jump or the skip that made them): its
    /// suspects are left as written and unviable with rustc's message.
    pub fn suspects_as_written(mut self, unplaced: Option<crate::build_errors::Unplaced>) -> Self {
        self.suspects_as_written = unplaced;
        self
    }

    /// rustc's message, if skipping `written` (a forced condition, a deleted statement)
    /// is a suspect: it holds a place where rustc said a binding used possibly
    /// uninitialized is initialized.
    fn skip_suspect(&self, written: &dyn ToTokens) -> Option<String> {
        let unplaced = self.suspects_as_written.as_ref()?;
        let Extent { first, last, .. } = Extent::of_tokens(written.to_token_stream())?;
        let holds = |&(line, column): &(usize, usize)| {
            (first.line, first.column) <= (line, column)
                && (line, column) < (last.line, last.column)
        };
        unplaced
            .initialized
            .iter()
            .any(holds)
            .then(|| unplaced.message.clone())
    }

    /// For a function that keeps its schemata body alone: its closures choose at their
    /// start (`dispatch::choose_in_closure`), as a function with both bodies does at entry.
    pub fn closures_choose(mut self, choose: bool) -> Self {
        self.closures_choose = choose;
        self
    }

    /// Runs one operator's rewrite; its code only when it made a mutant (its operator
    /// may not be selected for this function).
    fn made(
        &mut self,
        rewrite: impl FnOnce(&mut Collector) -> Option<TokenStream>,
    ) -> Option<TokenStream> {
        let before = self.collector.mutants.len();
        let tokens = rewrite(self.collector)?;
        (self.collector.mutants.len() > before).then_some(tokens)
    }
}

/// What an operator's site needs to know of its operands as written, read before they
/// are rewritten into generated code.
struct Written {
    /// A binary operator's right operand is a plain value (`binary::right_is_pure`).
    pure_right: bool,
    /// A method call's one argument is its type's default (`method::has_default_argument`).
    default_argument: bool,
    /// A method call's name and arguments, as written (`unwrap_or('?')`): what its
    /// mutants that replace the whole call show as the original.
    call_text: String,
    /// A struct expression's fields as written, each with its location and text: what
    /// deleting one shows (`operators/field.rs`).
    fields: Vec<(crate::location::Location, String)>,
    /// A shift's amount or a divisor that is constant (`constant::checks_right`), as
    /// written, with the number of mutants made before the expression's children.
    constant_right: Option<(Expr, usize)>,
    /// A binary expression's mutants to be shown on all of it (`binary::regrouped`).
    regrouped: Vec<(&'static str, regroup::Shown)>,
    /// A comparison's integer literal operand, as written (`comparison::literal_operand`).
    literal_operand: Option<comparison::Literal>,
}

/// The schemata code for one expression that has mutants of its own.
struct Site {
    tokens: TokenStream,
    /// The token the site is about (`+`, a literal, `break`): its generated code is
    /// located there, so a build error in that code points at it.
    at: Span,
    /// Index of the site's first mutant in the collector.
    first_mutant: usize,
}

impl Rewriter<'_> {
    /// A closure: its mutants, and where it starts, the switch read (if it holds any), its
    /// call counted, and its choice of its body as written (see `closures_choose`).
    fn rewrite_closure(&mut self, closure: &mut syn::ExprClosure) {
        let before = self.collector.mutants.len();
        let written = (self.closures_choose
            && closure.asyncness.is_none()
            && crate::dispatch::possible_in_closure(&closure.body))
        .then(|| (*closure.body).clone());
        self.barrier(|me| me.visit_expr_mut(&mut closure.body));
        let holds_mutants = self.collector.mutants.len() > before;
        // Each call counts toward the hit budget, as a function's does: a mutant can make a
        // closure endless that a loop not ours keeps calling (an iterator of `from_fn` that
        // never says `None`). Counted only while a mutant of the function is on (or a run
        // counts everything), so that code running with nothing on pays at most a load: in
        // a function with both bodies, the schemata body's closures; otherwise past the
        // closure's own choice, or behind a check of the function's table where the
        // closure cannot choose (it already reads the switch there).
        let (rt, table) = (crate::emit::rt(), crate::emit::table());
        let tick = if closure.asyncness.is_some() {
            None
        } else if !self.closures_choose || (holds_mutants && written.is_some()) {
            Some(quote::quote!(#rt::tick(&#table);))
        } else if holds_mutants {
            Some(quote::quote!(if #rt::schemata(&#table) { #rt::tick(&#table); }))
        } else {
            None
        };
        if tick.is_some() || holds_mutants {
            let read = holds_mutants.then(crate::emit::read_switch);
            let body = &closure.body;
            *closure.body = syn::parse_quote!({ #read #tick #body });
        }
        if let Some(written) = written.filter(|_| holds_mutants) {
            crate::dispatch::choose_in_closure(&mut closure.body, written);
        }
    }

    /// Rewrites the children of one expression, whose outer attributes were taken off, and
    /// returns its own site, if it has mutants. The kinds listed are those whose children
    /// are not all rewritten, or not in syn's order; the others are visited as syn does.
    fn rewrite_expr(&mut self, e: &mut Expr, extent: Option<&Extent>) -> Option<Site> {
        // Only a binary expression's own operands are its operands; only a place's own
        // parts are the place.
        let operand_of = self.operand_of.take();
        let mutable_place = std::mem::take(&mut self.mutable_place);
        match e {
            Expr::Unary(u) if negated_literal(u).is_some() => return self.negative_literal(u),
            // Before the user's rules, which see the literal as written but would put it in
            // a temporary.
            Expr::Reference(r) if syntax::is_referenced_literal(r) => {
                return self.referenced_literal(r);
            }
            Expr::Macro(_) | Expr::Const(_) | Expr::Verbatim(_) => {}
            Expr::Closure(closure) => self.rewrite_closure(closure),
            Expr::Async(block) => {
                let before = self.collector.mutants.len();
                self.barrier(|me| me.visit_block_mut(&mut block.block));
                if self.collector.mutants.len() > before {
                    block.block.stmts.insert(0, crate::emit::read_switch());
                }
            }
            Expr::Loop(l) => self.rewrite_loop(l),
            Expr::While(w) => self.rewrite_while(w),
            Expr::ForLoop(f) => self.rewrite_for(f),
            Expr::Block(b) if b.label.is_some() => self.labelled_block(b),
            Expr::If(i) => self.rewrite_if(i),
            Expr::Match(m) => self.rewrite_match(m),
            // The length is a constant.
            Expr::Repeat(r) => self.visit_expr_mut(&mut r.expr),
            Expr::Assign(a) => self.assign(a),
            Expr::Let(l) => self.visit_expr_mut(&mut l.expr),
            _ => {
                // Read before the children are rewritten into generated code.
                let before = self.collector.mutants.len();
                let written = Written {
                    pure_right: binary::right_is_pure(e),
                    default_argument: method::has_default_argument(e),
                    call_text: match &*e {
                        Expr::MethodCall(call) => method::call_text(call),
                        _ => String::new(),
                    },
                    fields: match &*e {
                        Expr::Struct(s) => field::written(s),
                        _ => Vec::new(),
                    },
                    constant_right: match &*e {
                        Expr::Binary(b)
                            if constant::checks_right(&b.op) && constant::is_constant(&b.right) =>
                        {
                            Some(((*b.right).clone(), before))
                        }
                        Expr::Binary(b) if constant::checks_right(&b.op) => {
                            self.constant_locals.substituted(&b.right, before)
                        }
                        _ => None,
                    },
                    regrouped: match &*e {
                        Expr::Binary(b) => binary::regrouped(b, operand_of),
                        _ => Vec::new(),
                    },
                    literal_operand: match &*e {
                        Expr::Binary(b) => comparison::literal_operand(b, before),
                        _ => None,
                    },
                };
                let witnessed = (!self.in_witnessed_constant && constant::is_typed_arithmetic(e))
                    .then(|| e.clone());
                let in_context = (!self.in_witnessed_constant
                    && constant::is_untyped_arithmetic(e))
                .then(|| e.clone());
                let outer = self.in_witnessed_constant;
                self.in_witnessed_constant |= witnessed.is_some() || in_context.is_some();
                let rules = rule::find(self.collector, e);
                match e {
                    Expr::Binary(b) => {
                        self.operand_of = Some((b.op, regroup::Side::Left));
                        self.mutable_place = binary::is_compound(&b.op);
                        self.visit_expr_mut(&mut b.left);
                        self.operand_of = Some((b.op, regroup::Side::Right));
                        self.visit_expr_mut(&mut b.right);
                        self.operand_of = None;
                    }
                    Expr::Index(i) => self.index(i, mutable_place),
                    Expr::Field(f) => self.place_part(&mut f.base, mutable_place),
                    Expr::Paren(p) => self.place_part(&mut p.expr, mutable_place),
                    Expr::Group(g) => self.place_part(&mut g.expr, mutable_place),
                    Expr::Unary(u) if matches!(u.op, syn::UnOp::Deref(_)) => {
                        self.place_part(&mut u.expr, mutable_place)
                    }
                    Expr::Reference(r) => self.place_part(&mut r.expr, r.mutability.is_some()),
                    Expr::RawAddr(r) => {
                        let mutable = matches!(r.mutability, syn::PointerMutability::Mut(_));
                        self.place_part(&mut r.expr, mutable)
                    }
                    Expr::MethodCall(call) => {
                        // The receiver may be taken by `&mut`, which its text does not say.
                        self.place_part(&mut call.receiver, true);
                        for arg in &mut call.args {
                            self.visit_expr_mut(arg);
                        }
                    }
                    _ => visit_mut::visit_expr_mut(self, e),
                }
                let mut site = self.operator_site(e, written);
                self.in_witnessed_constant = outer;
                if let (Some(site), Some(written)) = (&mut site, witnessed) {
                    let witnesses = constant::witnesses(
                        self.collector,
                        before,
                        &written,
                        quote::quote!(),
                        |m| m.to_token_stream(),
                    );
                    let tokens = &site.tokens;
                    site.tokens = quote::quote!(({ #witnesses #tokens }));
                }
                if let (Some(site), Some(written)) = (&mut site, in_context) {
                    // Its value as written, bound and handed on: its type is the context's.
                    let value = quote::quote!(__mutate_whole);
                    let witnesses = constant::in_context(self.collector, (&written, before), value);
                    let tokens = &site.tokens;
                    site.tokens = quote::quote!(({
                        let __mutate_whole = #tokens;
                        #witnesses
                        __mutate_whole
                    }));
                }
                let Some(rules) = rules else {
                    return site;
                };
                // The expression's own site first; the rules' around it.
                if let Some(site) = site {
                    self.place(e, site, extent);
                }
                let first_mutant = self.collector.mutants.len();
                let (tokens, at) = rule::site(self.collector, rules, e.to_token_stream())?;
                return Some(Site {
                    tokens,
                    at,
                    first_mutant,
                });
            }
        }
        None
    }

    /// `place = value`: the place is left alone where it is a pattern.
    fn assign(&mut self, a: &mut ExprAssign) {
        if !is_destructuring(&a.left) {
            self.place_part(&mut a.left, true);
        }
        self.visit_expr_mut(&mut a.right);
    }

    /// Visits `e`, a part of a place (or a value) that is `mutable` or not.
    fn place_part(&mut self, e: &mut Expr, mutable: bool) {
        self.mutable_place = mutable;
        self.visit_expr_mut(e);
        self.mutable_place = false;
    }

    /// `base[index]`: where the index is constant (`15`, `LEN - 1`) into a place, its
    /// mutants are witnessed against the base (`operators/index.rs`), in the index
    /// where it is read, before the expression that takes the place where it is written.
    fn index(&mut self, i: &mut syn::ExprIndex, mutable: bool) {
        let witnessed = (constant::is_constant(&i.index) && index::plain_base(&i.expr))
            .then(|| ((*i.index).clone(), (*i.expr).clone()));
        self.place_part(&mut i.expr, mutable);
        let before = self.collector.mutants.len();
        self.visit_expr_mut(&mut i.index);
        let Some((written, base)) = witnessed else {
            return;
        };
        let witnesses = index::witnesses(self.collector, before, &written, &base);
        if witnesses.is_empty() {
            return;
        }
        if mutable {
            self.hoisted.push(witnesses);
        } else {
            let site = &i.index;
            *i.index = Expr::Verbatim(quote::quote!({ #witnesses #site }));
        }
    }

    /// `-lit` is one value (see `literal::rewrite_negative`): one site, at the `-`.
    fn negative_literal(&mut self, u: &ExprUnary) -> Option<Site> {
        self.negative_literal_under(u, None)
    }

    fn negative_literal_under(
        &mut self,
        u: &ExprUnary,
        reference: Option<&TokenStream>,
    ) -> Option<Site> {
        let lit = negated_literal(u)?;
        let minus = u.op.to_token_stream();
        let first_mutant = self.collector.mutants.len();
        let at = first_span(&minus);
        let tokens = self.made(|c| literal::rewrite_negative(c, &minus, lit, reference))?;
        Some(Site {
            tokens,
            at,
            first_mutant,
        })
    }

    /// `&lit` or `&-lit` ([`syntax::is_referenced_literal`]): a constant that rustc
    /// promotes, whose site puts the `&` in each arm so that each stays one (`literal.rs`).
    fn referenced_literal(&mut self, r: &ExprReference) -> Option<Site> {
        let reference = r.and_token.to_token_stream();
        match strip_parens(&r.expr) {
            Expr::Lit(l) => {
                let first_mutant = self.collector.mutants.len();
                let tokens = self.made(|c| literal::rewrite(c, &l.lit, Some(&reference)))?;
                Some(Site {
                    tokens,
                    at: l.lit.span(),
                    first_mutant,
                })
            }
            Expr::Unary(u) => self.negative_literal_under(u, Some(&reference)),
            _ => None,
        }
    }

    /// The site of an operator, a literal, a method call or a jump, whose children were
    /// rewritten (`written`: what was read of them before).
    fn operator_site(&mut self, e: &Expr, written: Written) -> Option<Site> {
        let first_mutant = self.collector.mutants.len();
        let (tokens, at) = match e {
            Expr::Binary(b) => (
                self.made(|c| {
                    let right = written.constant_right.as_ref().map(|(e, n)| (e, *n));
                    let literal = written.literal_operand.as_ref();
                    let operands = (&written.regrouped[..], written.pure_right, literal);
                    binary::rewrite(c, b, operands, right)
                }),
                first_span(&b.op.to_token_stream()),
            ),
            Expr::Unary(u) => (
                self.made(|c| unary::rewrite(c, u)),
                first_span(&u.op.to_token_stream()),
            ),
            Expr::Lit(l) => (
                self.made(|c| literal::rewrite(c, &l.lit, None)),
                l.lit.span(),
            ),
            Expr::MethodCall(call) => (
                self.made(|c| {
                    method::rewrite(c, call, written.default_argument, &written.call_text)
                }),
                call.method.span(),
            ),
            Expr::Path(p) => (
                self.made(|c| method::rewrite_ordering(c, p)),
                first_span(&p.to_token_stream()),
            ),
            Expr::Struct(s) => (
                self.made(|c| field::rewrite(c, s, &written.fields)),
                first_span(&s.path.to_token_stream()),
            ),
            Expr::Break(_) | Expr::Continue(_) => {
                (self.rewrite_jump(e), first_span(&e.to_token_stream()))
            }
            _ => return None,
        };
        Some(Site {
            tokens: tokens?,
            at,
            first_mutant,
        })
    }

    /// Puts a site's code in place of the expression, located at the site's token; or,
    /// where the driver's last build failed in it, leaves the expression as written and
    /// its mutants unviable. `extent`: the expression's file and first and last token, as
    /// the compiler sees them (known only when the driver listed build errors).
    fn place(&mut self, e: &mut Expr, site: Site, extent: Option<&Extent>) {
        if let Some(unplaced) = &self.suspects_as_written
            && self.is_suspect(e, location::start(site.at), unplaced.moved.as_deref())
        {
            let message = unplaced.message.clone();
            self.collector.unviable_since(site.first_mutant, &message);
            return;
        }
        if let Some(extent) = extent
            && let Some(message) = crate::build_errors::claim_site(
                &extent.file,
                location::start(site.at),
                extent.first,
                extent.last,
            )
        {
            self.collector.unviable_since(site.first_mutant, message);
            return;
        }
        *e = Expr::Verbatim(syntax::located_at(site.tokens, site.at));
    }
}

impl Rewriter<'_> {
    /// The swaps of a chain of binary operators (`e`, as written, where it is no binary
    /// operator's operand) whose text groups otherwise (`operators/textual.rs`), each with
    /// rustc's message where the driver's last build failed at its operator: its arm is
    /// located there, and claims that error before the chain's own sites can.
    fn textual_variants(&self, e: &Expr) -> Vec<(textual::Textual, Option<&'static str>)> {
        let Expr::Binary(root) = e else {
            return Vec::new();
        };
        if self.operand_of.is_some() {
            return Vec::new();
        }
        textual::variants(root)
            .into_iter()
            .map(|t| {
                let claimed = crate::build_errors::any()
                    .then(|| {
                        let at = location::start(t.at);
                        let file = crate::location::file_of(t.at);
                        crate::build_errors::claim_site(&file, at, at, at)
                    })
                    .flatten();
                (t, claimed)
            })
            .collect()
    }

    /// A site around the chain `e` (rewritten) whose arms are its swaps as text.
    fn place_textual(&mut self, e: &mut Expr, variants: Vec<(textual::Textual, Option<&str>)>) {
        let site = self.collector.new_site();
        let mut arms = TokenStream::new();
        for (t, claimed) in variants {
            let k = self
                .collector
                .add(site, t.operator, t.location, t.original, t.replacement);
            let Some(id) = self.collector.id_of(k) else {
                continue;
            };
            if let Some(message) = claimed {
                self.collector.unviable(k, message);
                continue;
            }
            // Regrouped constant arithmetic can overflow where the tree's could not: rustc's
            // deny-by-default lints would reject the text, so the driver reads them as such.
            let note = mutate_protocol::unviable_marks::note(
                mutate_protocol::unviable_marks::Kind::Constant,
                &id,
            );
            let code = t.code;
            arms.extend(quote::quote! {
                #k => {
                    #[allow(unused_parens, clippy::all)]
                    #[warn(arithmetic_overflow, unconditional_panic, reason = #note)]
                    let __mutate_v = #code;
                    __mutate_v
                }
            });
        }
        if arms.is_empty() {
            return;
        }
        let sw = crate::operators::switch(site);
        *e = Expr::Verbatim(quote::quote!(({ match #sw { #arms _ => #e } })));
    }
}

/// rustc's error at a deleted statement's own place, in the driver's last build: its
/// guard, located there (`statement::rewrite`), is what failed (a call that never returns,
/// whose divergence gave its block a type), so only its deletion is unviable.
fn statement_error(written: &syn::Stmt) -> Option<&'static str> {
    let first = written.to_token_stream().into_iter().next()?.span();
    let at = location::start(first);
    crate::build_errors::claim_site(&crate::location::file_of(first), at, at, at)
}

/// Where an expression is, as the compiler sees it (no `--all-items` shift).
struct Extent {
    file: String,
    first: LineColumn,
    last: LineColumn,
}

impl Extent {
    fn of(e: &Expr) -> Option<Extent> {
        Extent::of_tokens(e.to_token_stream())
    }

    fn of_tokens(tokens: TokenStream) -> Option<Extent> {
        let mut iter = tokens.into_iter();
        let first = iter.next()?.span();
        let last = iter.last().map_or(first, |t| t.span());
        Some(Extent {
            file: crate::location::file_of(first),
            first: location::start(first),
            last: location::end(last),
        })
    }
}

impl VisitMut for Rewriter<'_> {
    // Code under `#[cfg(..)]` may not be compiled: its mutants carry the predicates, and the
    // attributes stay on whatever code replaces it.
    fn visit_expr_mut(&mut self, e: &mut Expr) {
        if let Some(chosen) = self.switched_constants.read(e) {
            *e = Expr::Verbatim(chosen);
            return;
        }
        let attrs = syntax::take_attrs(e);
        let entered = self.collector.enter_cfg(&attrs);
        let extent = crate::build_errors::any()
            .then(|| Extent::of(e))
            .flatten()
            .filter(|x| crate::build_errors::any_in(&x.file));
        let takes_place = index::takes_place_mutably(e);
        let hoisted = self.hoisted.len();
        let textual = self.textual_variants(e);
        if let Some(site) = self.rewrite_expr(e, extent.as_ref()) {
            self.place(e, site, extent.as_ref());
        }
        if !textual.is_empty() {
            self.place_textual(e, textual);
        }
        if takes_place && self.hoisted.len() > hoisted {
            let witnesses: TokenStream = self.hoisted.drain(hoisted..).collect();
            *e = Expr::Verbatim(quote::quote!({ #witnesses #e }));
        }
        self.collector.leave_cfg(entered);
        syntax::restore_attrs(e, attrs);
    }

    fn visit_local_mut(&mut self, local: &mut syn::Local) {
        let entered = self.collector.enter_cfg(&local.attrs);
        let constant = self
            .constant_locals
            .binding(local, self.collector.mutants.len());
        visit_mut::visit_local_mut(self, local);
        if let Some(constant) = constant {
            self.constant_locals.bind(constant);
        }
        self.collector.leave_cfg(entered);
    }

    fn visit_field_value_mut(&mut self, field: &mut syn::FieldValue) {
        let entered = self.collector.enter_cfg(&field.attrs);
        visit_mut::visit_field_value_mut(self, field);
        self.collector.leave_cfg(entered);
    }

    /// The statements, then the deletion of those `statement` deletes (as written).
    fn visit_block_mut(&mut self, block: &mut syn::Block) {
        let written: Vec<Option<syn::Stmt>> = block
            .stmts
            .iter()
            .map(|s| statement::deletable(s).then(|| s.clone()))
            .collect();
        let diverging_end = (!block.stmts.is_empty())
            .then(|| block.stmts.len() - 1)
            .filter(|&last| statement::ends_by_diverging(block, last));
        let locals = self.constant_locals.block_start();
        visit_mut::visit_block_mut(self, block);
        self.constant_locals.end_block(locals);
        for (i, (stmt, written)) in block.stmts.iter_mut().zip(written).enumerate() {
            let Some(written) = written else { continue };
            let first = self.collector.mutants.len();
            if let Some(guarded) = statement::rewrite(self.collector, stmt, &written) {
                let diverging_suspect = self
                    .suspects_as_written
                    .as_ref()
                    .filter(|_| diverging_end == Some(i))
                    .map(|unplaced| unplaced.message.clone());
                match self
                    .skip_suspect(&written)
                    .or(diverging_suspect)
                    .or_else(|| statement_error(&written).map(str::to_owned))
                {
                    Some(message) => self.collector.unviable_since(first, &message),
                    None => *stmt = guarded,
                }
            }
        }
    }

    /// An item in the body (a helper `fn`, an `impl` for a local type): rewritten on its
    /// own, with a table of its own, since an item cannot reach the enclosing function's.
    fn visit_item_mut(&mut self, item: &mut syn::Item) {
        if let syn::Item::Const(constant) = item
            && self.switched_constants.is_switched(constant)
        {
            if let Some(compile_time::Switched { items, site, arms }) =
                compile_time::switched(self.collector, constant)
            {
                self.switched_constants.declare(&constant.ident, site, arms);
                *item = syn::Item::Verbatim(items);
            }
            return;
        }
        let selection = self.collector.selection().clone();
        (self.nested_items)(item, &self.collector.function, &selection);
    }

    // Not ours to read, or no place for a run-time check.
    fn visit_macro_mut(&mut self, _: &mut syn::Macro) {}
    fn visit_pat_mut(&mut self, _: &mut Pat) {}
    fn visit_type_mut(&mut self, _: &mut syn::Type) {}
    fn visit_generic_argument_mut(&mut self, _: &mut syn::GenericArgument) {}
    fn visit_attribute_mut(&mut self, _: &mut syn::Attribute) {}
}
