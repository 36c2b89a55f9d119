//! The one walk over an item the attribute covers: every function it holds (in an `impl`,
//! a trait's default methods, an inline `mod`, recursively) gets its schemata copy, under
//! a name (`shapes::Triangle::area`) and with the operators it is given. The options of
//! nested `#[mutate(..)]` attributes are read as the walk reaches them, in the same pass.
//!
//! Items inside a function body are walked the same way, as the body is rewritten (see
//! `Rewriter::visit_item_mut`), but keep their own `#[mutate]` attributes: see [`Nested`].

use crate::attr::{self, Options};
use crate::errors::Errors;
use crate::function;
use crate::model::Collector;
use crate::observe::Reach;
use crate::syntax::{Params, self_type_name};
use mutate_operators::{Selection, is_test_only, skipped_for_cargo_mutants};
use syn::{Attribute, ImplItem, Item, ItemImpl, ItemMod, ItemTrait, TraitItem};

/// What the walk does with the `#[mutate]` attributes of the items it meets.
enum Nested<'e> {
    /// In the annotated item: taken off (they must not expand again), their options read
    /// and their errors collected.
    Read(&'e mut Errors),
    /// In a function body: left on. They are not this expansion's to take: rustc expands
    /// them later, in each copy of the body (in the schemata copy, on the item as
    /// rewritten here). Their options do not change this walk.
    Leave,
}

/// One walk over an item; see the module's documentation.
pub struct Walk<'e> {
    nested: Nested<'e>,
}

impl<'e> Walk<'e> {
    /// The walk of the annotated item, whose nested attributes' errors go to `errors`.
    pub fn annotated(errors: &'e mut Errors) -> Self {
        Walk {
            nested: Nested::Read(errors),
        }
    }

    /// The schemata copy of the annotated `item`, whose functions get `selection` (from
    /// the attribute's arguments); `item` loses its nested `#[mutate]` attributes and is
    /// otherwise left as written.
    pub fn top(&mut self, item: &mut Item, selection: &Selection) -> Item {
        // A fn is rewritten whatever its attributes; an impl, trait or mod is not when
        // it is test-only. Neither is when cargo-mutants' mark says to skip it.
        let test_only = !matches!(item, Item::Fn(_) | Item::Const(_) | Item::Static(_))
            && own_attrs(item).is_some_and(|attrs| is_test_only(attrs));
        let skipped = own_attrs(item).is_some_and(|attrs| skipped_for_cargo_mutants(attrs));
        self.item(item, "", (!test_only && !skipped).then_some(selection))
    }

    /// The options of a nested item, read off `attrs` (taken off them when reading), and
    /// the operators its functions get: `None` to leave it alone (skipped, test-only code,
    /// or inside an item left alone).
    fn selection(
        &mut self,
        attrs: &mut Vec<Attribute>,
        outer: Option<&Selection>,
    ) -> Option<Selection> {
        let options = match &mut self.nested {
            Nested::Read(errors) => attr::take_inner(attrs, errors),
            Nested::Leave => None,
        };
        let outer = outer?;
        match options {
            _ if is_test_only(attrs) || skipped_for_cargo_mutants(attrs) => None,
            Some(Options { skip: true, .. }) => None,
            Some(options) => Some(options.selection(outer)),
            None => Some(outer.clone()),
        }
    }

    /// A nested item's schemata copy: its own options first, then its functions'.
    /// `prefix` is the module path inside the annotated item, for function names.
    fn nested(&mut self, item: &mut Item, prefix: &str, outer: Option<&Selection>) -> Item {
        let Some(attrs) = own_attrs_mut(item) else {
            return item.clone();
        };
        let selection = self.selection(attrs, outer);
        self.item(item, prefix, selection.as_ref())
    }

    /// The schemata copy of `item`, whose functions get `selection` (`None`: left as
    /// written, though still walked for nested attributes to take off).
    fn item(&mut self, item: &mut Item, prefix: &str, selection: Option<&Selection>) -> Item {
        match item {
            Item::Fn(f) => {
                let mut schemata = f.clone();
                if let Some(selection) = selection {
                    let name = format!("{prefix}{}", f.sig.ident);
                    function::rewrite(
                        name,
                        (&mut schemata.sig, &mut schemata.attrs),
                        &mut schemata.block,
                        selection,
                        (&Params::default(), Reach::Free),
                        rewrite_in_body,
                    );
                }
                Item::Fn(schemata)
            }
            Item::Const(k) => {
                let mut schemata = k.clone();
                if let Some(selection) = selection {
                    let name = self.constant_name(prefix, &k.ident);
                    constant(&mut schemata.expr, name, selection, Some(&k.ty));
                }
                Item::Const(schemata)
            }
            Item::Static(s) => {
                let mut schemata = s.clone();
                if let Some(selection) = selection {
                    let name = self.constant_name(prefix, &s.ident);
                    constant(&mut schemata.expr, name, selection, None);
                }
                Item::Static(schemata)
            }
            Item::Impl(i) => Item::Impl(self.impl_block(i, prefix, selection)),
            Item::Trait(t) => Item::Trait(self.trait_item(t, prefix, selection)),
            Item::Mod(m) => Item::Mod(self.module(m, prefix, selection)),
            other => other.clone(),
        }
    }

    fn impl_block(
        &mut self,
        i: &mut ItemImpl,
        prefix: &str,
        selection: Option<&Selection>,
    ) -> ItemImpl {
        let mut schemata = without(i, |i| &mut i.items);
        let ty = self_type_name(&i.self_ty);
        let generics = Params::of(&i.generics);
        let reach = Reach::of_impl(i.trait_.as_ref().map(|(path, _)| path));
        for inner in &mut i.items {
            if let ImplItem::Const(k) = inner {
                let own = self.selection(&mut k.attrs, selection);
                let mut copy = k.clone();
                if let Some(selection) = own {
                    let name = self.constant_name(&format!("{prefix}{ty}::"), &k.ident);
                    constant(&mut copy.expr, name, &selection, None);
                }
                schemata.items.push(ImplItem::Const(copy));
                continue;
            }
            let ImplItem::Fn(f) = inner else {
                schemata.items.push(inner.clone());
                continue;
            };
            let own = self.selection(&mut f.attrs, selection);
            let mut copy = f.clone();
            if let Some(selection) = own {
                let name = format!("{prefix}{ty}::{}", f.sig.ident);
                let params = match &i.trait_ {
                    None => generics.in_inherent_impl(&ty, &f.sig),
                    Some(_) => generics.clone(),
                };
                function::rewrite(
                    name,
                    (&mut copy.sig, &mut copy.attrs),
                    &mut copy.block,
                    &selection,
                    (&params, reach.clone()),
                    rewrite_in_body,
                );
            }
            schemata.items.push(ImplItem::Fn(copy));
        }
        schemata
    }

    fn trait_item(
        &mut self,
        t: &mut ItemTrait,
        prefix: &str,
        selection: Option<&Selection>,
    ) -> ItemTrait {
        let mut schemata = without(t, |t| &mut t.items);
        let generics = Params::of(&t.generics);
        for inner in &mut t.items {
            if let TraitItem::Const(k) = inner {
                let own = self.selection(&mut k.attrs, selection);
                let mut copy = k.clone();
                if let Some(selection) = own
                    && let Some((_, expr)) = &mut copy.default
                {
                    let name = self.constant_name(&format!("{prefix}{}::", t.ident), &k.ident);
                    constant(expr, name, &selection, None);
                }
                schemata.items.push(TraitItem::Const(copy));
                continue;
            }
            let TraitItem::Fn(f) = inner else {
                schemata.items.push(inner.clone());
                continue;
            };
            let own = self.selection(&mut f.attrs, selection);
            let mut copy = f.clone();
            if let Some(selection) = own
                && let Some(block) = &mut copy.default
            {
                let name = format!("{prefix}{}::{}", t.ident, f.sig.ident);
                let context = (&generics, Reach::Associated);
                let head = (&mut copy.sig, &mut copy.attrs);
                crate::fixed::in_trait(|| {
                    function::rewrite(name, head, block, &selection, context, rewrite_in_body)
                });
            }
            schemata.items.push(TraitItem::Fn(copy));
        }
        schemata
    }

    /// How a constant's mutants are named: in a function body, as cargo-mutants names
    /// them, `in` the function (`prefix` is its name and `::`); elsewhere by themselves,
    /// their table under the constant's path.
    fn constant_name(&self, prefix: &str, ident: &syn::Ident) -> ConstantName {
        match self.nested {
            Nested::Leave => ConstantName::InFunction(prefix.trim_end_matches("::").to_owned()),
            Nested::Read(_) => ConstantName::Own(format!("{prefix}{ident}")),
        }
    }

    fn module(&mut self, m: &mut ItemMod, prefix: &str, selection: Option<&Selection>) -> ItemMod {
        let mut schemata = without(m, |m| &mut m.content);
        if let Some((brace, items)) = &mut m.content {
            let prefix = format!("{prefix}{}::", m.ident);
            let copies = items
                .iter_mut()
                .map(|inner| self.nested(inner, &prefix, selection))
                .collect();
            schemata.content = Some((*brace, copies));
        }
        schemata
    }
}

/// Where a constant is, for its mutants' names.
enum ConstantName {
    /// In a function's body: its mutants are named `in` the function.
    InFunction(String),
    /// An item of a module, an `impl` or a trait: its mutants are named by their change.
    Own(String),
}

/// A constant's initializer made its schemata copy (`operators/compile_time.rs`); `ty`:
/// the type of a `const` that is no associated item, whose mutants' values are compared.
fn constant(
    expr: &mut syn::Expr,
    name: ConstantName,
    selection: &Selection,
    ty: Option<&syn::Type>,
) {
    let (function, in_function) = match name {
        ConstantName::InFunction(f) => (f, true),
        ConstantName::Own(path) => (path, false),
    };
    let mut c = Collector::new(function, selection.clone());
    if let Some(tokens) = crate::operators::compile_time::initializer(&mut c, expr, in_function, ty)
    {
        *expr = syn::Expr::Verbatim(tokens);
    }
}

/// An item inside a function body being rewritten (a helper `fn`, an `impl` for a local
/// type), with the function's name and operators: rewritten in place, and with tables of
/// its own, since an item cannot reach the enclosing function's.
pub fn rewrite_in_body(item: &mut Item, function: &str, selection: &Selection) {
    if own_attrs(item).is_none() {
        return;
    }
    let prefix = format!("{function}::");
    *item = Walk {
        nested: Nested::Leave,
    }
    .nested(item, &prefix, Some(selection));
}

/// The attributes of the items the walk goes into.
fn own_attrs(item: &Item) -> Option<&Vec<Attribute>> {
    match item {
        Item::Fn(f) => Some(&f.attrs),
        Item::Impl(i) => Some(&i.attrs),
        Item::Trait(t) => Some(&t.attrs),
        Item::Mod(m) => Some(&m.attrs),
        Item::Const(k) => Some(&k.attrs),
        Item::Static(s) => Some(&s.attrs),
        _ => None,
    }
}

fn own_attrs_mut(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    match item {
        Item::Fn(f) => Some(&mut f.attrs),
        Item::Impl(i) => Some(&mut i.attrs),
        Item::Trait(t) => Some(&mut t.attrs),
        Item::Mod(m) => Some(&mut m.attrs),
        Item::Const(k) => Some(&mut k.attrs),
        Item::Static(s) => Some(&mut s.attrs),
        _ => None,
    }
}

/// A copy of `item` without what `children` holds (no copy is made of that).
fn without<T: Clone, C: Default>(item: &mut T, children: impl Fn(&mut T) -> &mut C) -> T {
    let taken = std::mem::take(children(item));
    let mut copy = item.clone();
    *children(item) = taken;
    *children(&mut copy) = C::default();
    copy
}
