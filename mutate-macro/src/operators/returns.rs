//! Plausible values of a declared return type, read from its syntax: cargo-mutants' table,
//! each value shown with its text (`bool` → true, false; integers → 0, 1 and -1 when
//! signed; `String` → empty and `"xyzzy"`; `Option<T>` → `None` and `Some(v)`; containers
//! empty and with one value; a type of one type argument it does not know, `W<T>` →
//! `W::new()`, `W::from_iter([v])`, `W::new(v)`, `W::from(v)`; anything else
//! `Default::default()`), and a few of our own (`'A'`, `Vec::leak` of each value, a
//! `W<T>`'s `Default::default()`).
//!
//! A value is built as its text reads where the text can have the declared type. Names
//! the text takes from outside the declared type (`vec![]`, `Vec::leak(..)`,
//! `Box::leak(Box::new(..))`, `String::new()`, `.to_owned()`) are resolved as the
//! function's own code would resolve them: where the crate does not have them (`no_std`,
//! or not imported), the text would not build under `cargo test`, and the mutant does not
//! build either; the rebuild net makes it unviable (`fn_value.rs`). The declared type's
//! own names (`Cow::Borrowed`, `Cell::new`) are reached through the declared type, which
//! resolves however it is written (cargo-mutants writes the last segment alone, and would
//! rather not). Where the text is cargo-mutants' spelling of a value it cannot write as
//! such (`Box::new("")` for a `Box<str>`, `[v; N]` of an element that is `Clone` but not
//! `Copy`), the code builds that value. Where the text cannot have the declared type at
//! all (`Cow::Borrowed` of an owned value), the value is listed, as cargo-mutants lists
//! it, and is unviable ([`Value::mistyped`]).
//!
//! No value may fail the build where the macro can tell: a type the table can only name
//! gets its values through autoref specialization (`Default`, `From`, `FromIterator`,
//! `Clone`), which makes the mutant unviable rather than the build fail, and an inherent
//! constructor it can only guess at (`W::new()`) is located at a token of the declared
//! type that nothing else uses, where the rebuild net finds rustc's error
//! ([`Value::guesses`]).

use crate::emit::rt;
use crate::syntax::{Params, all_located_at, located_at};
use crate::text::tidy;
use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::{GenericArgument, PathArguments, Type};

/// One value of a type.
#[derive(Clone)]
pub struct Value {
    /// The expression, as code.
    pub code: TokenStream,
    /// The expression as shown to users: `Ok(Default::default())`.
    pub shown: String,
    /// The fallbacks its code calls: each piece made through one evaluates to an
    /// `Option<T>` that must be `Some` (unwrapped with `?`).
    pub fallbacks: Fallbacks,
    /// Its code names `vec!`, `Vec`, `Box` or `String` where the function is, which the
    /// crate may lack or have of its own: those names are located at the return arrow's
    /// `-`, where a build error makes just such values unviable (`fn_value.rs`). The rest
    /// of every value's code is located at the `>` ([`for_output`]): an error there (a
    /// type the declared one does not take, such as `Ok(0)` for a crate's own `Result<T>`
    /// alias) makes every value unviable.
    pub names: bool,
    /// Where the code of each constructor the table only guesses the type has is located
    /// (`W::new()`, `W::new(v)` of a type known by name): a token of the declared type
    /// that no other code carries, so that rustc's error there (no such function, another
    /// signature) makes just the values through it unviable.
    pub guesses: Vec<Span>,
    /// Its text cannot have the declared type (`Cow::Borrowed(String::new())` for a
    /// `Cow<String>`, `PhantomData::new()`): cargo-mutants makes it, rustc would reject
    /// it. It has no code: listed, and always unviable.
    pub mistyped: bool,
}

/// Which fallback traits a value's code calls without importing them: the code that
/// places the value declares them (`fallback::declare`), each with the mutant's id, so
/// rustc says which mutants it resolved to a fallback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fallbacks {
    /// `Make`'s: a `Default` of a type.
    pub default: bool,
    /// `Leak`'s: a leaked `Default` behind a reference.
    pub leaked: bool,
    /// `Convert`'s: `W::from(v)`.
    pub converted: bool,
    /// `Collect`'s: `W::from_iter([v])`.
    pub collected: bool,
    /// `Repeat`'s: `[v; N]` of clones.
    pub repeated: bool,
}

impl Fallbacks {
    pub fn any(self) -> bool {
        self != Fallbacks::default()
    }
}

impl std::ops::BitOr for Fallbacks {
    type Output = Self;
    fn bitor(self, other: Self) -> Self {
        Fallbacks {
            default: self.default || other.default,
            leaked: self.leaked || other.leaked,
            converted: self.converted || other.converted,
            collected: self.collected || other.collected,
            repeated: self.repeated || other.repeated,
        }
    }
}

impl Value {
    fn plain(code: TokenStream, shown: impl Into<String>) -> Self {
        Value {
            code,
            shown: shown.into(),
            fallbacks: Fallbacks::default(),
            names: false,
            guesses: Vec::new(),
            mistyped: false,
        }
    }

    /// A value whose text cannot have the declared type ([`Value::mistyped`]).
    fn mistyped(shown: impl Into<String>) -> Self {
        Value {
            mistyped: true,
            ..Value::plain(TokenStream::new(), shown)
        }
    }

    /// A value whose code names the crate's `vec!`, `Vec`, `Box` or `String`.
    fn naming(self) -> Self {
        Value {
            names: true,
            ..self
        }
    }

    /// A value made through the fallbacks `fallbacks` (besides its own).
    fn falling_back(self, fallbacks: Fallbacks) -> Self {
        Value {
            fallbacks: self.fallbacks | fallbacks,
            ..self
        }
    }

    /// The value, the code the macro made for it located at `at` ([`Value::names`]).
    fn typed_at(self, at: Span) -> Self {
        Value {
            code: located_at(self.code, at),
            ..self
        }
    }

    /// The value through a constructor the table guesses at, whose code the macro wrote
    /// located at `at`: its inner values' code too, but for their own guesses.
    fn guessed_at(self, at: Span) -> Self {
        let mut guesses = self.guesses;
        guesses.push(at);
        Value {
            code: located_at(self.code, at),
            guesses,
            ..self
        }
    }

    /// Wraps the value: `wrap(code)`, shown as `shown(inner)`.
    fn map(self, code: impl FnOnce(TokenStream) -> TokenStream, shown: &str) -> Self {
        Value {
            code: code(self.code),
            shown: shown.replace("{}", &self.shown),
            ..self
        }
    }

    /// The value of several: `code` of their codes, shown as `shown` of their texts.
    fn join(
        parts: &[Value],
        code: impl FnOnce(Vec<&TokenStream>) -> TokenStream,
        shown: impl FnOnce(Vec<&str>) -> String,
    ) -> Self {
        Value {
            code: code(parts.iter().map(|v| &v.code).collect()),
            shown: shown(parts.iter().map(|v| v.shown.as_str()).collect()),
            fallbacks: parts
                .iter()
                .fold(Fallbacks::default(), |all, v| all | v.fallbacks),
            names: parts.iter().any(|v| v.names),
            guesses: parts.iter().flat_map(|v| v.guesses.clone()).collect(),
            mistyped: parts.iter().any(|v| v.mistyped),
        }
    }
}

/// What a function's body can be replaced with.
pub enum Replacements {
    /// The return type is `()`: an empty body.
    Unit,
    /// Values of the return type (each, for a fallible one, to be unwrapped with `?` in
    /// an `Option` context).
    Values(Vec<Value>),
    /// `impl Iterator<Item = T>`: an empty iterator, and one holding each value of `T`;
    /// `optional`: the type is `Option<impl Iterator<..>>`, whose values are `None` and
    /// those iterators in `Some`.
    Iterator { items: Vec<Value>, optional: bool },
    /// No value can be written for this type (`impl Trait`, `!`): one mutant that is
    /// always unviable, so the report shows it was considered.
    Impossible,
    /// Never returns: nothing to replace.
    Nothing,
}

/// The replacements for a function whose return type is `output`. `generics` are the
/// parameters in scope: its type parameters name types that may be unsized, its constant
/// parameters no type at all.
pub fn for_output(output: &syn::ReturnType, generics: &Params) -> Replacements {
    let (ty, [names, conversion]) = match output {
        syn::ReturnType::Default => return Replacements::Unit,
        syn::ReturnType::Type(arrow, ty) => (strip(ty), arrow.spans),
    };
    let values = Values {
        generics,
        names,
        conversion,
    };
    let typed = |values: Vec<Value>| -> Vec<Value> {
        values.into_iter().map(|v| v.typed_at(conversion)).collect()
    };
    match ty {
        Type::Tuple(t) if t.elems.is_empty() => Replacements::Unit,
        Type::Never(_) => Replacements::Nothing,
        _ => match opaque_iterator(ty) {
            Some(iterator) => values.iterator(iterator, typed),
            None if has_impl(ty) => match values.with_impl(ty) {
                found if found.is_empty() => Replacements::Impossible,
                found => Replacements::Values(typed(found)),
            },
            None => Replacements::Values(typed(values.of(ty))),
        },
    }
}

/// An `impl Iterator<Item = T>` return type, alone or in an `Option`.
struct OpaqueIterator<'t> {
    item: &'t Type,
    /// In an `Option`.
    optional: bool,
    /// Its other bounds are ones the runtime's `EitherIter` has where the body's iterator
    /// does (lifetimes, `Send`, `Clone`, `DoubleEndedIterator`, ..): the replacements can
    /// share the body's one opaque type.
    shareable: bool,
}

fn opaque_iterator(ty: &Type) -> Option<OpaqueIterator<'_>> {
    let (inner, optional) = match option_of(ty) {
        Some(inner) => (strip(inner), true),
        None => (ty, false),
    };
    let Type::ImplTrait(i) = inner else {
        return None;
    };
    let (item, shareable) = iterator_item(i)?;
    Some(OpaqueIterator {
        item,
        optional,
        shareable,
    })
}

/// `T` of `Option<T>`.
fn option_of(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let last = p.path.segments.last()?;
    if p.qself.is_some() || last.ident != "Option" {
        return None;
    }
    type_args(&last.arguments).first().copied()
}

fn strip(ty: &Type) -> &Type {
    match ty {
        Type::Paren(p) => strip(&p.elem),
        Type::Group(g) => strip(&g.elem),
        _ => ty,
    }
}

/// `T` of `impl Iterator<Item = T> + ..`, and whether its other bounds are all ones
/// `EitherIter` can have.
fn iterator_item(i: &syn::TypeImplTrait) -> Option<(&Type, bool)> {
    let mut item = None;
    let mut shareable = true;
    for bound in &i.bounds {
        match bound {
            syn::TypeParamBound::Trait(t) => {
                let last = t.path.segments.last()?;
                let found = (last.ident == "Iterator" && item.is_none())
                    .then(|| iterator_item_arg(&last.arguments))
                    .flatten();
                match found {
                    Some(ty) => item = Some(ty),
                    None => shareable &= shares_bound(t),
                }
            }
            syn::TypeParamBound::Lifetime(_) | syn::TypeParamBound::PreciseCapture(_) => {}
            _ => shareable = false,
        }
    }
    item.map(|item| (item, shareable))
}

/// `T` of `Iterator<Item = T>`.
fn iterator_item_arg(args: &PathArguments) -> Option<&Type> {
    let PathArguments::AngleBracketed(args) = args else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::AssocType(a) if a.ident == "Item" => Some(&a.ty),
        _ => None,
    }
}

/// Whether `EitherIter` of the body's iterator has this bound wherever the body's
/// iterator does: the auto traits, and the std traits it implements.
fn shares_bound(t: &syn::TraitBound) -> bool {
    const SHARED: [&str; 8] = [
        "Send",
        "Sync",
        "Unpin",
        "Clone",
        "Debug",
        "DoubleEndedIterator",
        "ExactSizeIterator",
        "FusedIterator",
    ];
    t.maybe.is_none()
        && t.path
            .segments
            .last()
            .is_some_and(|s| SHARED.contains(&s.ident.to_string().as_str()))
}

/// Whether the type mentions `impl Trait` anywhere: such a type cannot be named in a body.
fn has_impl(ty: &Type) -> bool {
    crate::syntax::mentions_impl(ty.to_token_stream())
}

/// How cargo-mutants shows an iterator replacement: empty (`item` `None`) or holding one
/// item, in `Some` where the type is an `Option` of the iterator (`optional`).
pub fn iterator_shown(item: Option<&str>, optional: bool) -> String {
    let iterator = match item {
        None => "::std::iter::empty()".to_owned(),
        Some(item) => format!("::std::iter::once({item})"),
    };
    if optional {
        format!("Some({iterator})")
    } else {
        iterator
    }
}

struct Values<'a> {
    generics: &'a Params,
    /// Where names values use are located ([`Value::names`]): resolved where the
    /// function is.
    names: Span,
    /// Where `"xyzzy".into()`'s conversion is located, as the rest of every value.
    conversion: Span,
}

/// What the table knows of a path type, by its last segment: each family of values is
/// declared here once, and made in [`Values::path`].
enum Family<'t> {
    /// `bool`, integers, floats, `char`.
    Scalar,
    /// `String`, by that name alone.
    String,
    /// `std::string::String` and other paths ending in `String`, which cargo-mutants
    /// knows only as a `Default`.
    NamedString,
    NonZero(NonZero<'t>),
    /// `Result<T, ..>`; `None`: a `Result` of no type arguments (`fmt::Result`, an alias).
    Result(Option<&'t Type>),
    /// actix-web's response.
    HttpResponse,
    Option(&'t Type),
    Vec(&'t Type),
    Cow(&'t Type),
    /// `Box`, `Rc`, `Arc`, `Cell`, `RefCell`, `Mutex`: `X::new(v)`.
    Container(&'t Type),
    /// A set or sequence: empty, then of one element. `alone`: the element is its only
    /// generic argument (else cargo-mutants knows it only as a `Default`).
    Collection {
        element: &'t Type,
        alone: bool,
    },
    /// A map of exactly a key and a value type: empty, then of one entry.
    Map {
        key: &'t Type,
        value: &'t Type,
    },
    /// Any other type of exactly one type argument, `W<T>`: a container or collection,
    /// maybe, that the table cannot know.
    Generic(&'t Type),
    /// A type the table has no values for: `Default::default()`.
    Opaque,
}

/// A `NonZero` integer type: `NonZeroU32`, `NonZero<i8>`, `NonZero<T>`.
struct NonZero<'t> {
    /// Its integer type, where the path says it.
    base: Option<&'static str>,
    /// It may be negative (cargo-mutants' guess for a base it cannot read).
    signed: bool,
    /// `T` of `NonZero<T>`.
    arg: Option<&'t Type>,
}

const UNSIGNED: [&str; 6] = ["u8", "u16", "u32", "u64", "u128", "usize"];
const SIGNED: [&str; 6] = ["i8", "i16", "i32", "i64", "i128", "isize"];

fn family<'t>(ty: &Type, path: &'t syn::Path) -> Family<'t> {
    if scalar_values(ty).is_some() {
        return Family::Scalar;
    }
    let Some(last) = path.segments.last() else {
        return Family::Opaque;
    };
    let name = last.ident.to_string();
    let args = type_args(&last.arguments);
    let all_args = match &last.arguments {
        PathArguments::AngleBracketed(a) => a.args.len(),
        _ => 0,
    };
    let first = args.first().copied();
    if let Some(n) = nonzero(&name, first) {
        return Family::NonZero(n);
    }
    match (name.as_str(), first) {
        ("String", None) if path.get_ident().is_some() => Family::String,
        ("String", None) => Family::NamedString,
        ("Result", inner) => Family::Result(inner),
        ("HttpResponse", _) => Family::HttpResponse,
        ("Option", Some(inner)) => Family::Option(inner),
        ("Vec", Some(inner)) => Family::Vec(inner),
        ("Cow", Some(inner)) => Family::Cow(inner),
        ("Box" | "Rc" | "Arc" | "Cell" | "RefCell" | "Mutex", Some(inner)) => {
            Family::Container(inner)
        }
        ("HashSet" | "BTreeSet" | "VecDeque" | "BinaryHeap" | "LinkedList", Some(element)) => {
            Family::Collection {
                element,
                alone: all_args == 1,
            }
        }
        ("HashMap" | "BTreeMap", Some(key)) if args.len() == 2 => Family::Map {
            key,
            value: args[1],
        },
        (_, Some(inner)) if args.len() == 1 => Family::Generic(inner),
        _ => Family::Opaque,
    }
}

/// The `NonZero` type named `name`, with first type argument `first`.
fn nonzero<'t>(name: &str, first: Option<&'t Type>) -> Option<NonZero<'t>> {
    let integer = |base: &str| {
        UNSIGNED
            .iter()
            .chain(&SIGNED)
            .copied()
            .find(|int| *int == base)
    };
    let base = match name.strip_prefix("NonZero") {
        Some("") => match first {
            Some(arg) => match strip(arg) {
                Type::Path(p) => p.path.get_ident().and_then(|i| integer(&i.to_string())),
                _ => None,
            },
            None => return None,
        },
        Some(suffix) => Some(integer(&suffix.to_lowercase())?),
        None => return None,
    };
    Some(NonZero {
        base,
        signed: base.is_none_or(|b| b.starts_with('i')),
        arg: first,
    })
}

/// std's types of one type argument that have no public `new` of a value of it, nor of
/// nothing: `W::new()` and `W::new(v)` of them cannot build, and are not written (a
/// constructor that does not build costs the driver another build). A type of the
/// crate's own by one of these names is taken for std's.
const NO_NEW: [&str; 45] = [
    // Markers, numbers, orderings.
    "PhantomData",
    "Wrapping",
    "Saturating",
    "Reverse",
    "Discriminant",
    // Futures.
    "Poll",
    "Ready",
    "Pending",
    // Ranges.
    "Range",
    "RangeFrom",
    "RangeTo",
    "RangeInclusive",
    "RangeToInclusive",
    "Bound",
    // Guards and handles.
    "Ref",
    "RefMut",
    "MutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "JoinHandle",
    "Sender",
    "SyncSender",
    "Receiver",
    // `NonNull::new` returns an `Option`; the lazy ones take a function.
    "NonNull",
    "LazyCell",
    "LazyLock",
    // Iterators.
    "Iter",
    "IterMut",
    "IntoIter",
    "Drain",
    "Chunks",
    "Windows",
    "Peekable",
    "Rev",
    "Skip",
    "Take",
    "Enumerate",
    "Cloned",
    "Copied",
    "Fuse",
    "Cycle",
    "StepBy",
    "Flatten",
    "Empty",
    "Once",
];

/// std's types of one type argument whose `new` takes nothing: `W::new(v)` cannot build.
const EMPTY_NEW_ONLY: [&str; 3] = ["Weak", "OnceCell", "OnceLock"];

/// std's types of one type argument whose `new` takes a value: `W::new()` cannot build.
const VALUE_NEW_ONLY: [&str; 5] = ["Pin", "ManuallyDrop", "MaybeUninit", "RwLock", "UnsafeCell"];

impl Values<'_> {
    fn of(&self, ty: &Type) -> Vec<Value> {
        self.values(strip(ty))
    }

    fn values(&self, ty: &Type) -> Vec<Value> {
        match ty {
            Type::Path(p) if p.qself.is_none() => self.path(ty, &p.path),
            Type::Reference(r) => self.reference(ty, r),
            Type::Tuple(t) => self.tuple(&t.elems),
            Type::Array(a) => self.array(a),
            // Inside a type that mentions `impl Trait` ([`Values::with_impl`]): no value.
            Type::ImplTrait(_) => Vec::new(),
            // No value of an unsized type can be written (its holder, `Box<dyn Trait>`,
            // `&[T]`, has its own); not reached but by such a holder's mistake.
            Type::Slice(_) | Type::TraitObject(_) => vec![Value::mistyped("Default::default()")],
            _ => vec![default_of(ty)],
        }
    }

    fn path(&self, ty: &Type, path: &syn::Path) -> Vec<Value> {
        let Some(last) = path.segments.last() else {
            return vec![default_of(ty)];
        };
        let name = last.ident.to_string();
        match family(ty, path) {
            Family::Scalar => scalar_values(ty).unwrap_or_default(),
            // `String` where the function is may be the crate's own type, with no `new`.
            Family::String => vec![
                Value::plain(quote_spanned!(self.names=> String::new()), "String::new()").naming(),
                self.xyzzy_into(ty),
            ],
            Family::NamedString => vec![default_of(ty), self.xyzzy_into(ty)],
            Family::NonZero(n) => self.nonzero(ty, last, n),
            Family::Result(Some(inner)) => ok(self.of(inner)),
            Family::Result(None) => vec![Value::plain(
                quote!(::core::result::Result::Ok(
                    ::core::default::Default::default()
                )),
                "Ok(Default::default())",
            )],
            Family::HttpResponse => vec![http_response(ty, last.ident.span())],
            Family::Option(inner) => option(self.of(inner)),
            Family::Vec(inner) => self.vec(self.of(inner)),
            Family::Cow(inner) => self.cow(ty, strip(inner)),
            Family::Container(inner) => self.container(ty, &last.ident, strip(inner)),
            Family::Collection { element, alone } => {
                self.collection(ty, &name, alone, self.of(element))
            }
            Family::Map { key, value } => self.map(ty, &name, key, value),
            Family::Generic(inner) => self.generic(ty, last, strip(inner)),
            // Not reached but by a holder's mistake (`Box<str>` has its own values).
            Family::Opaque if is_str(ty) => vec![Value::mistyped("Default::default()")],
            Family::Opaque => vec![default_of(ty)],
        }
    }

    /// `"xyzzy".into()`: converted into the declared type, which may have no `From<&str>`.
    fn xyzzy_into(&self, ty: &Type) -> Value {
        // The conversion's path is the macro's (located at `>`, resolved as generated
        // code): with the user's span, `::core` would resolve in the user's edition,
        // which in 2015 is the crate root.
        let at = Span::call_site().located_at(self.conversion);
        Value::plain(
            quote_spanned!(at=> ::core::convert::Into::<#ty>::into("xyzzy")),
            "\"xyzzy\".into()",
        )
    }

    /// `vec![]`, then `vec![v]` of each value.
    fn vec(&self, values: Vec<Value>) -> Vec<Value> {
        let at = self.names;
        let one = values
            .into_iter()
            .map(|v| v.map(|c| quote_spanned!(at=> vec![#c]), "vec![{}]"));
        std::iter::once(Value::plain(quote_spanned!(at=> vec![]), "vec![]"))
            .chain(one)
            .map(Value::naming)
            .collect()
    }

    /// `1.try_into().unwrap()`, and `(-1)..` where it may be negative: typed by the
    /// integer the path names, else the conversion of the text, guessed (the base may be
    /// an alias); a base that is a type parameter converts from no literal.
    fn nonzero(&self, ty: &Type, segment: &syn::PathSegment, n: NonZero) -> Vec<Value> {
        let one = (quote!(1), "1", segment.ident.span());
        let minus_one = (quote!(-1), "(-1)", lt_span(segment));
        let texts = if n.signed {
            vec![one, minus_one]
        } else {
            vec![one]
        };
        texts
            .into_iter()
            .map(|(literal, text, at)| {
                let shown = format!("{text}.try_into().unwrap()");
                match n.base {
                    Some(base) => {
                        let base = proc_macro2::Ident::new(base, Span::call_site());
                        let code = quote!(
                            <#ty as ::core::convert::TryFrom<#base>>::try_from(#literal).unwrap()
                        );
                        Value::plain(code, shown)
                    }
                    None if n.arg.is_some_and(|arg| self.names_a_parameter(arg)) => {
                        Value::mistyped(shown)
                    }
                    None => {
                        let target = all_located_at(ty.to_token_stream(), at);
                        let code = quote!(
                            ::core::convert::TryInto::<#target>::try_into(#literal).unwrap()
                        );
                        Value::plain(code, shown).guessed_at(at)
                    }
                }
            })
            .collect()
    }

    /// `Cow<B>`: `Cow::Borrowed(v)` and `Cow::Owned(v.to_owned())` of each value `v`
    /// standing for a `B`. For `str` and slices the values are references, as `Borrowed`
    /// takes; other values are owned, which `Borrowed` does not take. A `B` the table can
    /// only name has `Default::default()`: borrowed, the reference type's own `Default`;
    /// owned, the `Cow`'s (an owned default).
    fn cow(&self, ty: &Type, borrowed: &Type) -> Vec<Value> {
        let at = self.names;
        // `to_owned` is found where the function is, as the text's: std's prelude has it.
        let owned = |v: Value| {
            v.map(|c| quote_spanned!(at=> (#c).to_owned()), "{}.to_owned()")
                .map(|c| quote!(<#ty>::Owned(#c)), "Cow::Owned({})")
                .naming()
        };
        let borrow = |v: Value| v.map(|c| quote!(<#ty>::Borrowed(#c)), "Cow::Borrowed({})");
        if let Some(referents) = self.referents(borrowed) {
            return referents
                .into_iter()
                .flat_map(|v| [borrow(v.clone()), owned(v)])
                .collect();
        }
        if self.maybe_unsized(borrowed) || self.is_opaque(borrowed) {
            let reference: Type = syn::parse_quote!(&#borrowed);
            return vec![
                borrow(default_of(&reference)),
                default_named(ty, "Cow::Owned(Default::default().to_owned())"),
            ];
        }
        self.of(borrowed)
            .into_iter()
            .flat_map(|v| {
                let text = format!("Cow::Borrowed({})", v.shown);
                [Value::mistyped(text), owned(v)]
            })
            .collect()
    }

    /// `Box`, `Rc`, `Arc`, `Cell`, `RefCell` or `Mutex` of `inner`: `X::new(v)` of each
    /// value. Of `str` or a slice, cargo-mutants' `X::new("")`, `X::new(Vec::leak(..))`
    /// are built as the `X<str>`, `X<[T]>` they spell. Of a type that may be unsized, or
    /// that the table can only name (an alias may stand for a DST, as indexmap's
    /// `Box<Slice<K, V>>`), `X::new(Default::default())` is the wrapper's own `Default`,
    /// through the fallback.
    fn container(&self, ty: &Type, wrapper: &syn::Ident, inner: &Type) -> Vec<Value> {
        let new = format!("{wrapper}::new({{}})");
        let from = |v: Value| {
            v.map(
                |c| quote!(<#ty as ::core::convert::From<_>>::from(#c)),
                &new,
            )
        };
        if is_str(inner) {
            let referents = self.referents(inner).unwrap_or_default();
            return referents.into_iter().map(from).collect();
        }
        if let Type::Slice(s) = inner {
            return self.slice_vecs(&s.elem).into_iter().map(from).collect();
        }
        if self.maybe_unsized(inner) || self.is_opaque(inner) {
            return vec![default_named(ty, &new.replace("{}", "Default::default()"))];
        }
        // Through the declared type, which resolves where the function is however it is
        // written (`std::cell::Cell<u8>` where `Cell` is not imported).
        self.of(inner)
            .into_iter()
            .map(|v| v.map(|c| quote!(<#ty>::new(#c)), &new))
            .collect()
    }

    /// Empty, then one element of each value: `X::from_iter([v])`. The empty one is
    /// `X::new()`, or `Default::default()` as cargo-mutants shows it where the element is
    /// not the only generic argument (`HashSet<T, S>`).
    fn collection(&self, ty: &Type, name: &str, alone: bool, elements: Vec<Value>) -> Vec<Value> {
        let empty = if alone {
            format!("{name}::new()")
        } else {
            "Default::default()".to_owned()
        };
        let mut values = vec![default_named(ty, &empty)];
        values.extend(elements.into_iter().map(|v| {
            v.map(
                |c| quote!(<#ty as ::core::iter::FromIterator<_>>::from_iter([#c])),
                &format!("{name}::from_iter([{{}}])"),
            )
        }));
        values
    }

    /// A map: empty, then one entry of each key and each value, key by key.
    fn map(&self, ty: &Type, name: &str, key: &Type, value: &Type) -> Vec<Value> {
        let values = self.of(value);
        let entries = self.of(key).into_iter().flat_map(|k| {
            values.iter().map(move |v| {
                Value::join(
                    &[k.clone(), v.clone()],
                    |c| quote!((#(#c),*)),
                    |s| format!("({}, {})", s[0], s[1]),
                )
            })
        });
        self.collection(ty, name, true, entries.collect())
    }

    /// A type of one type argument the table does not know, `W<T>`: `W::new()`, then for
    /// each value `v` of `T`, `W::from_iter([v])`, `W::new(v)` and `W::from(v)`. The traits'
    /// go through their fallbacks; `new` is guessed at, each of its forms located at its
    /// own token of `W<T>` (`W`, `<`; the traits' at `>`), unless std's type by that name
    /// has no such `new`. Last, our own `Default::default()`, which cargo-mutants does not
    /// make: where `W` has no `new()`, its default may still be one (an empty iterator).
    fn generic(&self, ty: &Type, segment: &syn::PathSegment, inner: &Type) -> Vec<Value> {
        let name = segment.ident.to_string();
        let (at_empty, at_value, at_traits) =
            (segment.ident.span(), lt_span(segment), gt_span(segment));
        let new_of = |at: Span, arg: Option<&TokenStream>| {
            let w = all_located_at(ty.to_token_stream(), at);
            quote!(<#w>::new(#arg))
        };
        let empty = format!("{name}::new()");
        let known = |list: &[&str]| list.contains(&name.as_str());
        // In `W::new` itself, its own arity says which guess cannot build.
        let own_arity = (self.generics.constructor.as_ref())
            .filter(|(owner, _)| *owner == name)
            .map(|(_, arity)| *arity);
        let takes = |n: usize| own_arity.is_none_or(|arity| arity == n);
        let mut values = vec![if known(&NO_NEW) || known(&VALUE_NEW_ONLY) || !takes(0) {
            Value::mistyped(empty)
        } else {
            Value::plain(new_of(at_empty, None), empty).guessed_at(at_empty)
        }];
        let Some((source, items)) = self.items(inner) else {
            // A value of an unsized `T` cannot be written, nor one of a constant parameter
            // (`ArrayString<CAP>`), which only reads as a type.
            let v = "Default::default()";
            values.extend(
                [
                    format!("{name}::from_iter([{v}])"),
                    format!("{name}::new({v})"),
                    format!("{name}::from({v})"),
                ]
                .map(Value::mistyped),
            );
            values.push(default_of(ty));
            return values;
        };
        let rt = rt();
        let w = all_located_at(ty.to_token_stream(), at_traits);
        let source = all_located_at(source, at_traits);
        for v in items {
            let collected = v.clone().map(
                |c| {
                    quote!({
                        #[allow(unused_imports)]
                        use #rt::returns::CollectFrom as _;
                        (&#rt::Collect::<#w, #source>::new()).make(#c)?
                    })
                },
                &format!("{name}::from_iter([{{}}])"),
            );
            let new = if known(&NO_NEW) || known(&EMPTY_NEW_ONLY) || !takes(1) {
                Value::mistyped(format!("{name}::new({})", v.shown))
            } else {
                v.clone()
                    .map(
                        |c| new_of(at_value, Some(&c)),
                        &format!("{name}::new({{}})"),
                    )
                    .guessed_at(at_value)
            };
            let converted = v.map(
                |c| {
                    quote!({
                        #[allow(unused_imports)]
                        use #rt::returns::ConvertFrom as _;
                        (&#rt::Convert::<#w, #source>::new()).make(#c)?
                    })
                },
                &format!("{name}::from({{}})"),
            );
            let collected = collected.falling_back(Fallbacks {
                collected: true,
                ..Fallbacks::default()
            });
            let converted = converted.falling_back(Fallbacks {
                converted: true,
                ..Fallbacks::default()
            });
            values.extend([
                collected.guessed_at(at_traits),
                new,
                converted.guessed_at(at_traits),
            ]);
        }
        values.push(default_of(ty));
        values
    }

    /// The values that stand for a `T` as cargo-mutants writes them, with their type:
    /// of `str` and slices, references (`""`, `Vec::leak(..)`); `None` for another type
    /// no value of which can be written (`dyn Trait`, `Path`).
    fn items(&self, inner: &Type) -> Option<(TokenStream, Vec<Value>)> {
        if let Some(referents) = self.referents(inner) {
            return Some((quote!(&#inner), referents));
        }
        if definitely_unsized(inner) || self.names_a_constant(inner) {
            return None;
        }
        Some((inner.to_token_stream(), self.of(inner)))
    }

    /// Shared references to values of `str` or a slice: `""`, `"xyzzy"`;
    /// `Vec::leak(Vec::new())`, `Vec::leak(vec![v])`. `None` for another type.
    fn referents(&self, ty: &Type) -> Option<Vec<Value>> {
        if is_str(ty) {
            return Some(vec![
                Value::plain(quote!(""), "\"\""),
                Value::plain(quote!("xyzzy"), "\"xyzzy\""),
            ]);
        }
        let Type::Slice(s) = ty else { return None };
        Some(self.slices(s, false))
    }

    /// cargo-mutants' slices: `Vec::leak(Vec::new())`, then `Vec::leak(vec![v])` of each
    /// value of `elem`. The empty one is built `&[]`, the same slice without an allocation,
    /// beside a mention of the crate's `Vec` located at the slice type's `[` (a token no
    /// other value's code carries, as a guessed constructor's is): where the crate has no
    /// `Vec` (`no_std`), its text would not build under `cargo test`, and the failed build
    /// there makes just this value unviable, while a crate with `Vec` but no `vec!` keeps
    /// it. The others are leaked as their text reads, and where `&` is declared
    /// reborrowed shared, so that they also fit where no coercion happens
    /// (`vec![Vec::leak(..)]` for `Vec<&[T]>`).
    fn slices(&self, slice: &syn::TypeSlice, mutable: bool) -> Vec<Value> {
        let elem = &slice.elem;
        let bracket = slice.bracket_token.span.open();
        let vec = quote_spanned!(bracket=> Vec::<#elem>::new);
        let empty = if mutable {
            quote!({ let _ = #vec; &mut [] as &mut [#elem] })
        } else {
            quote!({ let _ = #vec; &[] as &[#elem] })
        };
        let empty = Value {
            guesses: vec![bracket],
            ..Value::plain(empty, "Vec::leak(Vec::new())")
        };
        let at = self.names;
        let shared = (!mutable).then(|| quote!(&*));
        let one = self.of(elem).into_iter().map(|v| {
            v.map(
                |c| quote_spanned!(at=> #shared Vec::leak(vec![#c])),
                "Vec::leak(vec![{}])",
            )
            .naming()
        });
        std::iter::once(empty).chain(one).collect()
    }

    /// The vectors of cargo-mutants' slices, shown as it shows the slices: `Vec::new()`,
    /// then `vec![v]` of each value of `elem`, shown leaked (`Vec::leak(Vec::new())`,
    /// `Vec::leak(vec![v])`).
    fn slice_vecs(&self, elem: &Type) -> Vec<Value> {
        let at = self.names;
        let empty = Value::plain(quote_spanned!(at=> Vec::new()), "Vec::leak(Vec::new())");
        let one = self
            .of(elem)
            .into_iter()
            .map(|v| v.map(|c| quote_spanned!(at=> vec![#c]), "Vec::leak(vec![{}])"));
        std::iter::once(empty)
            .chain(one)
            .map(Value::naming)
            .collect()
    }

    fn reference(&self, ty: &Type, r: &syn::TypeReference) -> Vec<Value> {
        let elem = strip(&r.elem);
        let mutable = r.mutability.is_some();
        // A leaked box or vec is `&mut`; where `&` is declared, reborrow it shared.
        let shared = (!mutable).then(|| quote!(&*));
        let at = self.names;
        match elem {
            _ if is_str(elem) && !mutable => self.referents(elem).unwrap_or_default(),
            // cargo-mutants' `Box::leak(Box::new(""))`, built as the `&mut str` it spells.
            _ if is_str(elem) => ["", "xyzzy"]
                .into_iter()
                .map(|s| {
                    let code = quote_spanned!(at=> Box::leak(Box::<str>::from(#s)));
                    Value::plain(code, format!("Box::leak(Box::new({s:?}))")).naming()
                })
                .collect(),
            Type::Slice(s) => self.slices(s, mutable),
            // A type parameter or `Self`, a type that may be unsized (`dyn Trait`, `Path`,
            // `Self::Target`) or that the table can only name (an alias or associated type
            // may stand for `str` or a slice): a leaked default if it turns out sized and
            // `Default`, else the reference's own default, else unviable.
            _ if self.maybe_unsized(elem) || self.is_opaque(elem) => {
                vec![self.leaked_default_of(ty)]
            }
            _ => self
                .of(elem)
                .into_iter()
                .map(|v| {
                    v.map(
                        |c| quote_spanned!(at=> #shared Box::leak(Box::new(#c))),
                        "Box::leak(Box::new({}))",
                    )
                    .naming()
                })
                .collect(),
        }
    }

    /// Every combination of the elements' values, the first element's varying slowest.
    /// A tuple of one element has cargo-mutants' `(v)` too, which is no tuple.
    fn tuple(&self, elems: &syn::punctuated::Punctuated<Type, syn::Token![,]>) -> Vec<Value> {
        let mut combos: Vec<Vec<Value>> = vec![Vec::new()];
        for elem in elems {
            let values = self.of(elem);
            combos = combos
                .iter()
                .flat_map(|combo| {
                    values.iter().map(move |v| {
                        let mut next = combo.clone();
                        next.push(v.clone());
                        next
                    })
                })
                .collect();
        }
        let single = elems.len() == 1;
        combos
            .into_iter()
            .flat_map(|combo| {
                let tuple = Value::join(
                    &combo,
                    |codes| quote!((#(#codes,)*)),
                    |shown| {
                        let trailing = if single { "," } else { "" };
                        format!("({}{trailing})", shown.join(", "))
                    },
                );
                let bare = single.then(|| Value::mistyped(format!("({})", combo[0].shown)));
                std::iter::once(tuple).chain(bare)
            })
            .collect()
    }

    /// `[v; N]` of each value of the element: a literal as written; another value cloned
    /// into each place (the text needs it `Copy`), unviable where it is not `Clone`.
    fn array(&self, a: &syn::TypeArray) -> Vec<Value> {
        let len = &a.len;
        let shown = format!("[{{}}; {}]", tidy(&len.to_token_stream()));
        if let Some(values) = scalar_values(strip(&a.elem)) {
            return values
                .into_iter()
                .map(|v| v.map(|c| quote!([#c; #len]), &shown))
                .collect();
        }
        let (rt, elem) = (rt(), &a.elem);
        self.of(elem)
            .into_iter()
            .map(|v| {
                v.map(
                    |c| {
                        quote!({
                            #[allow(unused_imports)]
                            use #rt::returns::RepeatCopy as _;
                            (&#rt::Repeat::<#elem, { #len }>::new()).make(#c)?
                        })
                    },
                    &shown,
                )
                .falling_back(Fallbacks {
                    repeated: true,
                    ..Fallbacks::default()
                })
            })
            .collect()
    }

    /// The values of a type that mentions `impl Trait`, whose code cannot name it: only
    /// those of `Option` and `Vec` that need not (`None`, `vec![]`), with those of their
    /// argument, and the `Ok`s of a `Result`'s.
    fn with_impl(&self, ty: &Type) -> Vec<Value> {
        let ty = strip(ty);
        if !has_impl(ty) {
            return self.of(ty);
        }
        let Type::Path(p) = ty else {
            return Vec::new();
        };
        match family(ty, &p.path) {
            Family::Option(inner) => option(self.with_impl(inner)),
            Family::Vec(inner) => self.vec(self.with_impl(inner)),
            Family::Result(Some(inner)) => ok(self.with_impl(inner)),
            _ => Vec::new(),
        }
    }

    /// `impl Iterator<Item = T>`, alone or in an `Option`: its iterators, built where they
    /// can share the body's opaque type, else listed as cargo-mutants lists them, unviable.
    fn iterator(
        &self,
        it: OpaqueIterator,
        typed: impl Fn(Vec<Value>) -> Vec<Value>,
    ) -> Replacements {
        let items = if has_impl(it.item) {
            Vec::new()
        } else {
            self.of(it.item)
        };
        if it.shareable {
            return Replacements::Iterator {
                items: typed(items),
                optional: it.optional,
            };
        }
        let none = it
            .optional
            .then(|| Value::plain(quote!(::core::option::Option::None), "None"));
        let iterators = std::iter::once(None)
            .chain(items.iter().map(|v| Some(v.shown.as_str())))
            .map(|item| Value::mistyped(iterator_shown(item, it.optional)));
        Replacements::Values(typed(none.into_iter().chain(iterators).collect()))
    }

    /// A type parameter, `Self` or an associated type, a type known to be unsized, or a
    /// `Cell`, `RefCell`, `Mutex` of one: no `Box::new` or `Box::leak` of a value of it.
    fn maybe_unsized(&self, ty: &Type) -> bool {
        let ty = strip(ty);
        if definitely_unsized(ty) || self.names_a_parameter(ty) {
            return true;
        }
        let Type::Path(p) = ty else { return false };
        let cell = p.path.segments.last().is_some_and(|last| {
            ["Cell", "RefCell", "Mutex"].contains(&last.ident.to_string().as_str())
        });
        match family(ty, &p.path) {
            Family::Container(inner) if cell => self.maybe_unsized(inner),
            _ => false,
        }
    }

    /// `T` or `Self`, or an associated type of one: a type the function's caller chooses.
    fn names_a_parameter(&self, ty: &Type) -> bool {
        let Type::Path(p) = strip(ty) else {
            return false;
        };
        p.qself.is_some()
            || p.path.segments.first().is_some_and(|first| {
                let name = first.ident.to_string();
                name == "Self" || self.generics.types.contains(&name)
            })
    }

    /// A constant parameter in a type's place (`CAP` of `ArrayString<CAP>`): syntax alone
    /// cannot tell it from a type, the parameters in scope can.
    fn names_a_constant(&self, ty: &Type) -> bool {
        let Type::Path(p) = strip(ty) else {
            return false;
        };
        p.qself.is_none()
            && p.path
                .get_ident()
                .is_some_and(|name| self.generics.consts.contains(&name.to_string()))
    }

    /// A path type the table has no values for but `Default::default()`.
    fn is_opaque(&self, ty: &Type) -> bool {
        let ty = strip(ty);
        match ty {
            Type::Path(p) if p.qself.is_none() => matches!(family(ty, &p.path), Family::Opaque),
            _ => false,
        }
    }
}

/// `HttpResponse::Ok().finish()`, guessed: the type may be another crate's. Through the
/// declared type, which may have arguments (`HttpResponse<BoxBody>`).
fn http_response(ty: &Type, at: Span) -> Value {
    let ty = all_located_at(ty.to_token_stream(), at);
    Value::plain(quote!(<#ty>::Ok().finish()), "HttpResponse::Ok().finish()").guessed_at(at)
}

/// `None`, then `Some(v)` of each value.
fn option(values: Vec<Value>) -> Vec<Value> {
    let none = Value::plain(quote!(::core::option::Option::None), "None");
    let some = values
        .into_iter()
        .map(|v| v.map(|c| quote!(::core::option::Option::Some(#c)), "Some({})"));
    std::iter::once(none).chain(some).collect()
}

/// `Ok(v)` of each value.
fn ok(values: Vec<Value>) -> Vec<Value> {
    values
        .into_iter()
        .map(|v| v.map(|c| quote!(::core::result::Result::Ok(#c)), "Ok({})"))
        .collect()
}

/// `str`.
fn is_str(ty: &Type) -> bool {
    matches!(strip(ty), Type::Path(p) if p.qself.is_none() && p.path.is_ident("str"))
}

/// A type that is unsized whatever the crate: `str`, a slice, `dyn Trait`, std's `Path`,
/// `OsStr`, `CStr` (a crate's own type by one of those names is taken for std's). No value
/// of it can be written.
fn definitely_unsized(ty: &Type) -> bool {
    match strip(ty) {
        Type::Path(p) if p.qself.is_none() => {
            is_str(ty)
                || p.path.segments.last().is_some_and(|last| {
                    last.arguments.is_none()
                        && ["Path", "OsStr", "CStr"].contains(&last.ident.to_string().as_str())
                })
        }
        Type::Slice(_) | Type::TraitObject(_) => true,
        _ => false,
    }
}

/// The span of a path segment's `<`, else of its name.
fn lt_span(segment: &syn::PathSegment) -> Span {
    match &segment.arguments {
        PathArguments::AngleBracketed(a) => a.lt_token.span,
        _ => segment.ident.span(),
    }
}

/// The span of a path segment's `>`, else of its name.
fn gt_span(segment: &syn::PathSegment) -> Span {
    match &segment.arguments {
        PathArguments::AngleBracketed(a) => a.gt_token.span,
        _ => segment.ident.span(),
    }
}

/// Values of `bool`, integers, floats and `char`, written as literals. `char`'s
/// `Default::default()` is cargo-mutants' text for `'\0'`.
fn scalar_values(ty: &Type) -> Option<Vec<Value>> {
    let Type::Path(p) = ty else { return None };
    let name = p.path.get_ident()?.to_string();
    let texts: &[(&str, &str)] = match name.as_str() {
        "bool" => &[("true", "true"), ("false", "false")],
        _ if UNSIGNED.contains(&name.as_str()) => &[("0", "0"), ("1", "1")],
        _ if SIGNED.contains(&name.as_str()) => &[("0", "0"), ("1", "1"), ("-1", "-1")],
        "f32" | "f64" => &[("0.0", "0.0"), ("1.0", "1.0"), ("-1.0", "-1.0")],
        "char" => &[("'\\0'", "Default::default()"), ("'A'", "'A'")],
        _ => return None,
    };
    Some(
        texts
            .iter()
            .map(|(code, shown)| Value::plain(code.parse().expect("literals are tokens"), *shown))
            .collect(),
    )
}

/// The type arguments of a path segment: `[T]` of `Option<T>`, `[K, V]` of `HashMap<K, V>`.
fn type_args(args: &PathArguments) -> Vec<&Type> {
    match args {
        PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|arg| match arg {
                GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

impl Values<'_> {
    /// `Box::leak(Box::new(Default::default()))` for a reference type `&T` or `&mut T`,
    /// through the fallback: a leaked default where `T` is sized and `Default`, else the
    /// reference type's own default (`&str`, `&[T]`, `&OsStr`: the same value, of an
    /// unsized `T`), else unviable. The leak is the runtime's; the crate's `Box` is named
    /// once, unused, as the text names it.
    fn leaked_default_of(&self, ty: &Type) -> Value {
        let rt = rt();
        let boxed = quote_spanned!(self.names=> Box::<()>::new);
        Value {
            code: quote! {
                {
                    let _ = #boxed;
                    #[allow(unused_imports)]
                    use #rt::returns::{LeakDefault as _, RefDefault as _};
                    (&&&#rt::Leak::<#ty>::new()).make()?
                }
            },
            fallbacks: Fallbacks {
                leaked: true,
                ..Fallbacks::default()
            },
            ..Value::plain(
                TokenStream::new(),
                "Box::leak(Box::new(Default::default()))",
            )
        }
        .naming()
    }
}

/// `Default::default()` of a type, through the fallback.
fn default_of(ty: &Type) -> Value {
    default_named(ty, "Default::default()")
}

fn default_named(ty: &Type, shown: &str) -> Value {
    let rt = rt();
    Value {
        code: quote! {
            {
                #[allow(unused_imports)]
                use #rt::returns::MakeDefault as _;
                (&#rt::Make::<#ty>::new()).make()?
            }
        },
        fallbacks: Fallbacks {
            default: true,
            ..Fallbacks::default()
        },
        ..Value::plain(TokenStream::new(), shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replacements(output: &str, generics: &[&str]) -> Replacements {
        let output: syn::ReturnType = syn::parse_str(output).unwrap();
        let generics = Params {
            types: generics.iter().map(|g| g.to_string()).collect(),
            ..Params::default()
        };
        for_output(&output, &generics)
    }

    /// The replacements' texts, as the mutants' names show them.
    fn shown(output: &str, generics: &[&str]) -> Vec<String> {
        match replacements(output, generics) {
            Replacements::Values(v) => v.into_iter().map(|v| v.shown).collect(),
            Replacements::Iterator { items, optional } => {
                let none = optional.then(|| "None".to_owned());
                let iterators = std::iter::once(None)
                    .chain(items.iter().map(|v| Some(v.shown.as_str())))
                    .map(|item| iterator_shown(item, optional));
                none.into_iter().chain(iterators).collect()
            }
            Replacements::Unit => vec!["()".into()],
            Replacements::Impossible => vec!["impossible".into()],
            Replacements::Nothing => vec![],
        }
    }

    fn values(output: &str, generics: &[&str]) -> Vec<Value> {
        match replacements(output, generics) {
            Replacements::Values(values) | Replacements::Iterator { items: values, .. } => values,
            _ => panic!("values"),
        }
    }

    /// The texts of the values whose text cannot have the declared type.
    fn mistyped(output: &str, generics: &[&str]) -> Vec<String> {
        let values = values(output, generics).into_iter();
        values.filter(|v| v.mistyped).map(|v| v.shown).collect()
    }

    /// How many constructors each value guesses at.
    fn guesses(output: &str) -> Vec<usize> {
        values(output, &[])
            .iter()
            .map(|v| v.guesses.len())
            .collect()
    }

    /// `(shown, names, code)` of each value of `output`.
    fn named(output: &str) -> Vec<(String, bool, String)> {
        values(output, &[])
            .into_iter()
            .map(|v| (v.shown, v.names, v.code.to_string().replace(' ', "")))
            .collect()
    }

    /// A value's code names `vec!`, `Vec`, `Box` and `String` as its text does, unqualified,
    /// and says so; other values depend on nothing of the crate's.
    #[test]
    fn values_name_what_their_text_names() {
        // The empty slice is built `&[]`, no allocation, beside a mention of `Vec` located
        // apart (at the `[`): where the crate has no `Vec`, it alone does not build.
        let slices = named("-> &[u8]");
        assert_eq!(slices[0].0, "Vec::leak(Vec::new())");
        assert!(!slices[0].1);
        assert_eq!(slices[0].2, "{let_=Vec::<u8>::new;&[]as&[u8]}");
        assert_eq!(slices[1].0, "Vec::leak(vec![0])");
        assert!(slices[1].1);
        assert_eq!(slices[1].2, "&*Vec::leak(vec![0])");
        let boxed = named("-> &mut u8");
        assert!(boxed[0].1);
        assert_eq!(boxed[0].2, "Box::leak(Box::new(0))");
        let strings = named("-> String");
        assert_eq!(
            (strings[0].1, strings[0].2.as_str()),
            (true, "String::new()")
        );
        // `"xyzzy".into()` names nothing: it converts into the declared type.
        assert!(!strings[1].1, "{}", strings[1].2);
        assert!(strings[1].2.contains("Into::<String>::into(\"xyzzy\")"));
        let vecs = named("-> Option<Vec<bool>>");
        assert_eq!(
            vecs.iter().map(|v| v.1).collect::<Vec<_>>(),
            [false, true, true, true]
        );
        assert!(named("-> &T").iter().all(|v| v.1));
        assert!(named("-> Option<u8>").iter().all(|v| !v.1));
        // `Box<str>`'s text names no `Box` of the crate's: its code converts into the
        // declared type.
        assert!(named("-> Box<str>").iter().all(|v| !v.1));
        let owned = named("-> Cow<'static, str>");
        assert_eq!(
            owned.iter().map(|v| v.1).collect::<Vec<_>>(),
            [false, true, false, true]
        );
    }

    #[test]
    fn scalars_and_strings() {
        assert_eq!(shown("-> bool", &[]), ["true", "false"]);
        assert_eq!(shown("-> i64", &[]), ["0", "1", "-1"]);
        assert_eq!(shown("-> usize", &[]), ["0", "1"]);
        assert_eq!(shown("-> f32", &[]), ["0.0", "1.0", "-1.0"]);
        assert_eq!(shown("-> char", &[]), ["Default::default()", "'A'"]);
        assert_eq!(
            shown("-> String", &[]),
            ["String::new()", "\"xyzzy\".into()"]
        );
        // cargo-mutants knows only `String` itself.
        assert_eq!(
            shown("-> std::string::String", &[]),
            ["Default::default()", "\"xyzzy\".into()"]
        );
        assert_eq!(shown("-> &'static str", &[]), ["\"\"", "\"xyzzy\""]);
        assert_eq!(
            shown("-> &mut str", &[]),
            [
                "Box::leak(Box::new(\"\"))",
                "Box::leak(Box::new(\"xyzzy\"))"
            ]
        );
        assert_eq!(shown("", &[]), ["()"]);
        assert_eq!(shown("-> ()", &[]), ["()"]);
        assert_eq!(shown("-> !", &[]), Vec::<String>::new());
    }

    #[test]
    fn non_zero_integers() {
        let one = "1.try_into().unwrap()";
        let minus_one = "(-1).try_into().unwrap()";
        assert_eq!(shown("-> NonZeroU32", &[]), [one]);
        assert_eq!(shown("-> std::num::NonZeroUsize", &[]), [one]);
        assert_eq!(shown("-> NonZeroI8", &[]), [one, minus_one]);
        assert_eq!(shown("-> NonZero<u16>", &[]), [one]);
        assert_eq!(shown("-> NonZero<isize>", &[]), [one, minus_one]);
        // An alias may be either: both, guessed at `NonZero` and `<`.
        assert_eq!(shown("-> NonZero<Count>", &[]), [one, minus_one]);
        assert_eq!(guesses("-> NonZero<Count>"), [1, 1]);
        // No literal converts into a `NonZero` of a type parameter.
        assert_eq!(mistyped("-> NonZero<T>", &["T"]), [one, minus_one]);
        assert_eq!(
            shown("-> Option<NonZeroU8>", &[]),
            ["None", "Some(1.try_into().unwrap())"]
        );
    }

    #[test]
    fn results_and_options() {
        assert_eq!(
            shown("-> Option<bool>", &[]),
            ["None", "Some(true)", "Some(false)"]
        );
        assert_eq!(
            shown("-> Result<Version, Error>", &[]),
            ["Ok(Default::default())"]
        );
        assert_eq!(shown("-> io::Result<()>", &[]), ["Ok(())"]);
        assert_eq!(shown("-> fmt::Result", &[]), ["Ok(Default::default())"]);
        // A crate's own alias of no type arguments.
        assert_eq!(shown("-> Result", &[]), ["Ok(Default::default())"]);
        assert_eq!(
            shown("-> HttpResponse", &[]),
            ["HttpResponse::Ok().finish()"]
        );
        assert_eq!(guesses("-> HttpResponse"), [1]);
        assert_eq!(
            named("-> HttpResponse<BoxBody>")[0].2,
            "<HttpResponse<BoxBody>>::Ok().finish()"
        );
    }

    #[test]
    fn cows() {
        assert_eq!(
            shown("-> Cow<'static, str>", &[]),
            [
                "Cow::Borrowed(\"\")",
                "Cow::Owned(\"\".to_owned())",
                "Cow::Borrowed(\"xyzzy\")",
                "Cow::Owned(\"xyzzy\".to_owned())"
            ]
        );
        assert_eq!(
            shown("-> Cow<'_, [u8]>", &[]),
            [
                "Cow::Borrowed(Vec::leak(Vec::new()))",
                "Cow::Owned(Vec::leak(Vec::new()).to_owned())",
                "Cow::Borrowed(Vec::leak(vec![0]))",
                "Cow::Owned(Vec::leak(vec![0]).to_owned())",
                "Cow::Borrowed(Vec::leak(vec![1]))",
                "Cow::Owned(Vec::leak(vec![1]).to_owned())"
            ]
        );
        for opaque in ["-> Cow<'_, Path>", "-> Cow<'a, Config>", "-> Cow<'a, T>"] {
            assert_eq!(
                shown(opaque, &["T"]),
                [
                    "Cow::Borrowed(Default::default())",
                    "Cow::Owned(Default::default().to_owned())"
                ],
                "{opaque}"
            );
        }
        // Borrowed, the reference type's own default; owned, the `Cow`'s.
        let path = named("-> Cow<'_, Path>");
        assert!(
            path[0].2.starts_with("<Cow<'_,Path>>::Borrowed("),
            "{}",
            path[0].2
        );
        assert!(path[0].2.contains("Make::<&Path>"), "{}", path[0].2);
        assert!(path[1].2.contains("Make::<Cow<'_,Path>>"), "{}", path[1].2);
        // `Borrowed` takes a reference, not an owned value.
        let owned = [
            "Cow::Borrowed(String::new())",
            "Cow::Owned(String::new().to_owned())",
            "Cow::Borrowed(\"xyzzy\".into())",
            "Cow::Owned(\"xyzzy\".into().to_owned())",
        ];
        assert_eq!(shown("-> Cow<'_, String>", &[]), owned);
        assert_eq!(mistyped("-> Cow<'_, String>", &[]), [owned[0], owned[2]]);
    }

    #[test]
    fn containers() {
        assert_eq!(shown("-> Arc<u8>", &[]), ["Arc::new(0)", "Arc::new(1)"]);
        assert_eq!(
            shown("-> Cell<bool>", &[]),
            ["Cell::new(true)", "Cell::new(false)"]
        );
        assert_eq!(
            shown("-> RefCell<String>", &[]),
            [
                "RefCell::new(String::new())",
                "RefCell::new(\"xyzzy\".into())"
            ]
        );
        assert_eq!(
            shown("-> Arc<Mutex<u8>>", &[]),
            ["Arc::new(Mutex::new(0))", "Arc::new(Mutex::new(1))"]
        );
        assert_eq!(
            shown("-> Box<str>", &[]),
            ["Box::new(\"\")", "Box::new(\"xyzzy\")"]
        );
        assert_eq!(
            shown("-> Rc<[u8]>", &[]),
            [
                "Rc::new(Vec::leak(Vec::new()))",
                "Rc::new(Vec::leak(vec![0]))",
                "Rc::new(Vec::leak(vec![1]))"
            ]
        );
        // Of a type that may be unsized or is only named: the wrapper's own `Default`.
        for inner in [
            "-> Box<dyn Error + Send>",
            "-> Box<T>",
            "-> Box<Self>",
            "-> Rc<Self::Target>",
            "-> Arc<Path>",
            "-> Box<Slice<K, V>>",
        ] {
            let new = format!(
                "{}::new(Default::default())",
                &inner[3..6].trim_end_matches('<')
            );
            assert_eq!(shown(inner, &["T"]), [new], "{inner}");
        }
        assert_eq!(
            shown("-> Mutex<T>", &["T"]),
            ["Mutex::new(Default::default())"]
        );
        assert_eq!(
            shown("-> Box<RefCell<dyn Any>>", &[]),
            ["Box::new(Default::default())"]
        );
    }

    #[test]
    fn a_constant_parameter_in_a_type_arguments_place_has_no_values() {
        // `impl<const CAP: usize> ArrayString<CAP>`: cargo-mutants' forms are listed, those
        // of a value of `CAP` unviable rather than a build error; `new()` is still guessed.
        let output: syn::ReturnType = syn::parse_str("-> ArrayString<CAP>").unwrap();
        let params = Params {
            consts: vec!["CAP".into()],
            ..Params::default()
        };
        let Replacements::Values(values) = for_output(&output, &params) else {
            panic!("values");
        };
        let listed = |mistyped: bool| -> Vec<&str> {
            values
                .iter()
                .filter(|v| v.mistyped == mistyped)
                .map(|v| v.shown.as_str())
                .collect()
        };
        assert_eq!(
            listed(true),
            [
                "ArrayString::from_iter([Default::default()])",
                "ArrayString::new(Default::default())",
                "ArrayString::from(Default::default())",
            ]
        );
        assert_eq!(listed(false), ["ArrayString::new()", "Default::default()"]);
        // A type of that name is a type.
        assert_eq!(mistyped("-> ArrayString<CAP>", &[]), Vec::<String>::new());
    }

    #[test]
    fn in_a_types_own_new_its_arity_says_which_guess_cannot_build() {
        let output: syn::ReturnType = syn::parse_str("-> CapacityError<T>").unwrap();
        let sig: syn::Signature = syn::parse_str("fn new(element: T) -> Self").unwrap();
        let types = Params {
            types: vec!["T".into()],
            ..Params::default()
        };
        let mistyped_in = |params: &Params| -> Vec<String> {
            let Replacements::Values(values) = for_output(&output, params) else {
                panic!("values");
            };
            values
                .into_iter()
                .filter(|v| v.mistyped)
                .map(|v| v.shown)
                .collect()
        };
        assert_eq!(
            mistyped_in(&types.in_inherent_impl("CapacityError", &sig)),
            ["CapacityError::new()"]
        );
        // Another type's `new`, or a function of another name: still guessed.
        assert!(mistyped_in(&types.in_inherent_impl("Other", &sig)).is_empty());
        let sig: syn::Signature = syn::parse_str("fn make(element: T) -> Self").unwrap();
        assert!(mistyped_in(&types.in_inherent_impl("CapacityError", &sig)).is_empty());
    }

    #[test]
    fn types_of_one_type_argument() {
        assert_eq!(
            shown("-> Wrapper<u32>", &[]),
            [
                "Wrapper::new()",
                "Wrapper::from_iter([0])",
                "Wrapper::new(0)",
                "Wrapper::from(0)",
                "Wrapper::from_iter([1])",
                "Wrapper::new(1)",
                "Wrapper::from(1)",
                "Default::default()"
            ]
        );
        // Each form is guessed at its own token; our `Default` needs no guess.
        assert_eq!(guesses("-> Wrapper<u32>"), [1, 1, 1, 1, 1, 1, 1, 0]);
        assert_eq!(
            shown("-> Ref<'a, bool>", &[]),
            [
                "Ref::new()",
                "Ref::from_iter([true])",
                "Ref::new(true)",
                "Ref::from(true)",
                "Ref::from_iter([false])",
                "Ref::new(false)",
                "Ref::from(false)",
                "Default::default()"
            ]
        );
        // std's `Poll` has no `new` of any kind.
        assert_eq!(
            mistyped("-> Poll<u8>", &[]),
            ["Poll::new()", "Poll::new(0)", "Poll::new(1)"]
        );
        assert_eq!(mistyped("-> Pin<Box<u8>>", &[]), ["Pin::new()"]);
        assert_eq!(
            shown("-> Weak<str>", &[]),
            [
                "Weak::new()",
                "Weak::from_iter([\"\"])",
                "Weak::new(\"\")",
                "Weak::from(\"\")",
                "Weak::from_iter([\"xyzzy\"])",
                "Weak::new(\"xyzzy\")",
                "Weak::from(\"xyzzy\")",
                "Default::default()"
            ]
        );
        // No value of an unsized `T` can be written.
        let unsized_forms = [
            "Spanned::from_iter([Default::default()])",
            "Spanned::new(Default::default())",
            "Spanned::from(Default::default())",
        ];
        assert_eq!(mistyped("-> Spanned<dyn Error>", &[]), unsized_forms);
        assert_eq!(shown("-> Spanned<dyn Error>", &[])[1..4], unsized_forms);
        assert_eq!(
            shown("-> Box<Wrapper<u8>>", &[])[..3],
            [
                "Box::new(Wrapper::new())",
                "Box::new(Wrapper::from_iter([0]))",
                "Box::new(Wrapper::new(0))"
            ]
        );
    }

    #[test]
    fn collections_and_maps() {
        assert_eq!(shown("-> Vec<u8>", &[]), ["vec![]", "vec![0]", "vec![1]"]);
        assert_eq!(
            shown("-> BTreeSet<bool>", &[]),
            [
                "BTreeSet::new()",
                "BTreeSet::from_iter([true])",
                "BTreeSet::from_iter([false])"
            ]
        );
        // With a hasher of its own, cargo-mutants knows it only as a `Default`.
        assert_eq!(shown("-> HashSet<bool, S>", &[])[0], "Default::default()");
        assert_eq!(
            shown("-> BTreeMap<String, bool>", &[]),
            [
                "BTreeMap::new()",
                "BTreeMap::from_iter([(String::new(), true)])",
                "BTreeMap::from_iter([(String::new(), false)])",
                "BTreeMap::from_iter([(\"xyzzy\".into(), true)])",
                "BTreeMap::from_iter([(\"xyzzy\".into(), false)])"
            ]
        );
        assert_eq!(
            shown("-> HashMap<i8, u8>", &[]).len(),
            1 + 3 * 2,
            "the full product"
        );
        // With a hasher of its own, cargo-mutants knows it only as a `Default`.
        assert_eq!(shown("-> HashMap<i8, u8, S>", &[]), ["Default::default()"]);
    }

    #[test]
    fn references() {
        assert_eq!(
            shown("-> &[u8]", &[]),
            [
                "Vec::leak(Vec::new())",
                "Vec::leak(vec![0])",
                "Vec::leak(vec![1])"
            ]
        );
        assert_eq!(
            shown("-> &mut [bool]", &[]),
            [
                "Vec::leak(Vec::new())",
                "Vec::leak(vec![true])",
                "Vec::leak(vec![false])"
            ]
        );
        for leaked in [
            "-> &T",
            "-> &mut Self",
            "-> &Config",
            "-> &Self::Target",
            "-> &dyn Display",
            "-> &Path",
            "-> &OsStr",
            "-> &std::ffi::CStr",
        ] {
            assert_eq!(
                shown(leaked, &["T"]),
                ["Box::leak(Box::new(Default::default()))"],
                "{leaked}"
            );
        }
        assert_eq!(
            shown("-> &Option<u8>", &[]),
            [
                "Box::leak(Box::new(None))",
                "Box::leak(Box::new(Some(0)))",
                "Box::leak(Box::new(Some(1)))"
            ]
        );
    }

    #[test]
    fn iterators() {
        let u8s = [
            "::std::iter::empty()",
            "::std::iter::once(0)",
            "::std::iter::once(1)",
        ];
        assert_eq!(shown("-> impl Iterator<Item = u8>", &[]), u8s);
        assert_eq!(shown("-> impl Iterator<Item = u8> + '_", &[]), u8s);
        assert_eq!(
            shown("-> impl Iterator<Item = u8> + Send + Clone + use<'a>", &[]),
            u8s
        );
        // A bound `EitherIter` cannot have: listed, each unviable.
        assert_eq!(shown("-> impl Iterator<Item = u8> + Tagged", &[]), u8s);
        assert_eq!(mistyped("-> impl Iterator<Item = u8> + Tagged", &[]), u8s);
        assert_eq!(
            shown("-> Option<impl Iterator<Item = bool>>", &[]),
            [
                "None",
                "Some(::std::iter::empty())",
                "Some(::std::iter::once(true))",
                "Some(::std::iter::once(false))"
            ]
        );
        assert_eq!(
            shown("-> impl Iterator<Item = impl Display>", &[]),
            ["::std::iter::empty()"]
        );
        assert_eq!(shown("-> impl Fn() -> u8", &[]), ["impossible"]);
        assert_eq!(shown("-> Option<impl Fn()>", &[]), ["None"]);
        assert_eq!(shown("-> Vec<impl Display>", &[]), ["vec![]"]);
        assert_eq!(shown("-> Result<impl Display, E>", &[]), ["impossible"]);
    }

    #[test]
    fn tuples_and_arrays() {
        assert_eq!(
            shown("-> (bool, u8)", &[]),
            ["(true, 0)", "(true, 1)", "(false, 0)", "(false, 1)"]
        );
        // The full product, as cargo-mutants makes it.
        assert_eq!(shown("-> (i32, i32)", &[]).len(), 9);
        assert_eq!(shown("-> (i64, i64, i64)", &[]).len(), 27);
        assert_eq!(shown("-> Option<(i32, i32)>", &[]).len(), 10);
        // cargo-mutants' `(v)` of a tuple of one is no tuple.
        assert_eq!(shown("-> (u8,)", &[]), ["(0,)", "(0)", "(1,)", "(1)"]);
        assert_eq!(mistyped("-> (u8,)", &[]), ["(0)", "(1)"]);
        assert_eq!(shown("-> [u8; 4]", &[]), ["[0; 4]", "[1; 4]"]);
        assert_eq!(
            shown("-> [char; N]", &[]),
            ["[Default::default(); N]", "['A'; N]"]
        );
        assert_eq!(
            shown("-> [Option<u8>; 2]", &[]),
            ["[None; 2]", "[Some(0); 2]", "[Some(1); 2]"]
        );
        assert_eq!(
            shown("-> [String; 2]", &[]),
            ["[String::new(); 2]", "[\"xyzzy\".into(); 2]"]
        );
        let cloned = values("-> [String; 2]", &[]);
        assert!(cloned.iter().all(|v| v.fallbacks.repeated));
    }
}
