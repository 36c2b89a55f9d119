//! One function: its body rewritten into schemata (`rewrite.rs`, then the whole-body
//! replacements of `fn_value`), the rebuild net's verdict on it, the choice at entry
//! (`dispatch.rs`) and its table (`emit.rs`) first.

use crate::build_errors;
use crate::deletion_witness::Witnesses;
use crate::dispatch;
use crate::emit;
use crate::model::{Collector, MadeBy};
use crate::observe::{self, Reach};
use crate::operators::fn_value;
use crate::rewrite::{ConstantLocals, NestedItems, Rewriter, SwitchedConstants};
use crate::syntax::Params;
use mutate_operators::{Operator, Selection};
use syn::visit_mut::VisitMut;
use syn::{Attribute, Block, Item, Signature, Stmt};

/// Rewrites one body, `block`, as written at entry, into schemata and puts its table
/// first; leaves it as written when it has no mutants. A `const fn` loses its `const`
/// (the switches are read at run time), unless the driver's build found a constant that
/// calls it (`build_errors::kept_const`): then it is compiled as written, its mutants
/// listed with rustc's message. `outer_generics`: the generic parameters of the enclosing
/// impl or trait; `attrs`: the attributes of the function being rewritten; `reach`: how the
/// body names the function (to trace its calls, `observe.rs`); `nested_items` rewrites the
/// items the body holds.
pub fn rewrite(
    name: String,
    (signature, attrs): (&mut Signature, &mut Vec<Attribute>),
    block: &mut Block,
    selection: &Selection,
    (outer_generics, reach): (&Params, Reach),
    nested_items: NestedItems,
) {
    let file = crate::location::file_of(signature.fn_token.span);
    let start = crate::location::start(signature.fn_token.span);
    // Taken off first: the copies of the signature the rewrite makes (tracing, witnesses)
    // run the schemata too.
    let constness = signature.constness.take();
    let kept_const = constness.and_then(|_| build_errors::kept_const(&file, start.line, &name));
    if kept_const.is_some() {
        signature.constness = constness;
    }
    let sig: &Signature = signature;
    let written = block.clone();
    let switched_constants = SwitchedConstants::of(&written);
    // A constant left to a build per mutant is chosen in the schemata body only: the body
    // as written would read it as written in that build too.
    let dual =
        dispatch::possible(sig, &written) && !switched_constants.leaves_constants_to_builds();
    let generics = outer_generics.and(&sig.generics);
    // Claimed first: an error in a witness is at a deleted statement's `;`, which an
    // expression around the statement holds too.
    let free = matches!(reach, Reach::Free) && outer_generics.types.is_empty();
    let witnesses = Witnesses::of((sig, attrs), &written, free);
    let before = build_errors::any().then(build_errors::checkpoint);
    let default_of_default = is_default_of_default(sig, &reach);
    let schemata = |block: &mut Block, suspects_as_written| {
        let mut collector = Collector::new(name.clone(), selection.clone());
        Rewriter::new(&mut collector, nested_items)
            .constant_locals(ConstantLocals::of(sig, &written))
            .switched_constants(switched_constants.clone())
            .closures_choose(!dual)
            .suspects_as_written(suspects_as_written)
            .visit_block_mut(block);
        fn_value::rewrite(
            &mut collector,
            (sig, default_of_default),
            &generics,
            block,
            &written,
        );
        collector
    };
    let mut collector = schemata(block, None);
    if collector.mutants.is_empty() {
        *block = written;
        signature.constness = constness;
        return;
    }
    // The driver's last build failed in this function: as written, mutants unviable.
    let end = crate::location::end(written.brace_token.span.close());
    // A build error in the tracing (all of it located at `fn`) drops the tracing.
    // An equivalence build traces nothing (its runtime never would).
    let traced = build_errors::claim_at(&file, start).is_none() && !crate::fixed::on();
    let mut as_written = kept_const.map(str::to_owned);
    if as_written.is_some() {
        // Compiled `const`, as written: nothing of the schemata is.
    } else if let Some(unplaced) = build_errors::claim_unplaced(&file, start, end) {
        let may_have_suspects = has_jumps(&collector)
            || !unplaced.initialized.is_empty()
            || crate::operators::statement::any_ends_by_diverging(&written);
        if let Some(before) = before.filter(|_| may_have_suspects) {
            // Rewritten again with the suspects as written: its sites claim what they
            // claimed. Where rustc's places point at no suspect, every jump is one.
            let claimed = build_errors::checkpoint();
            let mut again = |unplaced| {
                build_errors::restore(before.clone());
                *block = written.clone();
                schemata(block, Some(unplaced))
            };
            let every_jump = build_errors::Unplaced {
                moved: None,
                ..unplaced.clone()
            };
            collector = again(unplaced);
            if !left_as_written(&collector, &every_jump.message) {
                collector = again(every_jump);
            }
            build_errors::restore(claimed);
        } else {
            as_written = Some(unplaced.message);
        }
    }
    let in_function = || build_errors::in_function(&file, start, end).map(str::to_owned);
    if let Some(message) = as_written.or_else(in_function) {
        collector.unviable_since(0, &message);
        *block = written;
    } else {
        let witnesses = witnesses.settle(&mut collector, &written);
        let outlined = dual && dispatch::outlinable(sig, attrs);
        let wrapper = traced
            .then(|| observe::wrapper(sig, reach, &collector.function, outlined))
            .flatten();
        let is_traced = wrapper.is_some();
        if let Some(wrapper) = wrapper {
            block.stmts.insert(0, Stmt::Item(Item::Verbatim(wrapper)));
        }
        // Each call counts toward the hit budget, as each loop round does: a caller that a
        // mutant sends round forever ends by the budget even where the loop is not ours.
        let (rt, table) = (emit::rt(), emit::table());
        block.stmts.insert(
            0,
            Stmt::Item(Item::Verbatim(quote::quote!(#rt::tick(&#table);))),
        );
        block.stmts.insert(0, emit::read_switch());
        if crate::fixed::on() {
            // An equivalence build: the schemata body alone, its switch a constant.
            crate::fixed::out_of_line(attrs);
            collector.comparable = crate::fixed::prepare(sig, &outer_generics.types, block);
        } else if outlined {
            dispatch::outline(block, sig);
            dispatch::keep_inlinable(attrs, &written);
            dispatch::choose_outlined(block, is_traced, written, sig.fn_token.span);
        } else if dual {
            dispatch::choose(block, written);
        }
        block.stmts.splice(0..0, witnesses);
    }
    let table = emit::table_items(&collector);
    let fallbacks = crate::operators::op_fallbacks::items(&collector);
    block.stmts.insert(
        0,
        Stmt::Item(Item::Verbatim(quote::quote!(#table #fallbacks))),
    );
}

/// Whether the function is `default` of an `impl Default`, without parameters.
fn is_default_of_default(sig: &Signature, reach: &Reach) -> bool {
    let of_default = matches!(reach, Reach::TraitImpl(path)
        if path.segments.last().is_some_and(|s| s.ident == "Default"));
    of_default && sig.ident == "default" && sig.inputs.is_empty()
}

/// Whether the function has `break`/`continue` swaps, which the net may leave as written.
fn has_jumps(collector: &Collector) -> bool {
    collector
        .mutants
        .iter()
        .any(|m| m.operator == MadeBy::Operator(Operator::Jump))
}

/// Whether the rewrite with the suspects as written left any, unviable with `message`.
fn left_as_written(collector: &Collector, message: &str) -> bool {
    collector
        .mutants
        .iter()
        .any(|m| m.build_error.as_deref() == Some(message))
}
