//! The calls a suggested test makes, from a traced call's record: how the test names the
//! function and what it gives it, and the same call with inputs moved (the other side of
//! a boundary, the other branch) where the recorded inputs alone do not tell the mutant
//! apart. Pure.

use super::Witness;

/// One argument as the test writes it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Argument {
    /// Given by value, or by shared reference (the text includes the `&`).
    Value(String),
    /// Given behind `&mut`: a local the call may change, checked after it.
    Mutable(String),
}

/// A call a test can make: `path(arguments)`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Call {
    pub path: String,
    pub arguments: Vec<Argument>,
    /// How a test names the type the function returns, where the trace says
    /// (`module::Kind`).
    pub returns: Option<String>,
    /// A formatting trait's `fmt` (`Display`: `{}`), made by `format!` with this spec.
    pub formatted: Option<&'static str>,
    /// How many of the path's last segments name the item in its module: 1 for a free
    /// function, 2 for a type's (`Version::parse`).
    pub item_segments: usize,
}

impl Call {
    /// The call a witness recorded, if every argument can be written: as the runtime
    /// wrote it, or built by an earlier call that returned a value with its `Debug` text
    /// (`itoa::Buffer::new()` for a receiver `Buffer`, `semver::Version::parse("1.0.0")
    /// .unwrap()` for one whose call returned `Ok` of it), or as that text itself where it
    /// reads as a literal (a generic argument that was a string).
    pub fn of(witness: &Witness) -> Option<Call> {
        Call::of_with(witness, None, None, Sources::ByRoot)
    }

    /// [`Call::of`] with the calls that build its arguments by the paths they were
    /// recorded at, where that is another call: a type the crate's root does not
    /// re-export (`textwrap::wrap_algorithms::optimal_fit::Penalties`) is still named
    /// where it is defined, which a unit test beside it can do.
    pub fn of_as_recorded(witness: &Witness) -> Option<Call> {
        let call = Call::of_with(witness, None, None, Sources::AsRecorded)?;
        (Call::of(witness).as_ref() != Some(&call)).then_some(call)
    }

    /// The witness' call with each built argument in turn replaced by another value of
    /// its type that an earlier call returned (another `Version` the test parsed), at
    /// most `most`: inputs the test had at hand that may take another branch.
    pub fn with_other_values(witness: &Witness, most: usize) -> Vec<Call> {
        let mut calls = Vec::new();
        for (i, a) in witness.args.iter().enumerate() {
            let Some((kind, text)) = a.split_once(':') else {
                continue;
            };
            if !["d", "r", "sv", "sr", "sm"].contains(&kind)
                || text.is_empty()
                || looks_literal(text)
            {
                continue;
            }
            let head = type_head(text);
            let mut seen = std::collections::BTreeSet::new();
            for (_, returned) in &witness.sources {
                let value = unwrapped(returned).unwrap_or(returned);
                if value != text && type_head(value) == head && seen.insert(value) {
                    calls.extend(Call::of_with(
                        witness,
                        Some((i, value)),
                        None,
                        Sources::ByRoot,
                    ));
                }
            }
        }
        calls.truncate(most);
        calls
    }

    /// The witness' call on a receiver its type makes with no input (`Type::new()`,
    /// `Default`): where no earlier call of the test returned it (a type with `#[derive
    /// (Default)]`, which is not annotated), one of these may still make the call show
    /// the difference. rustc keeps the ones that exist.
    pub fn with_constructed_receiver(witness: &Witness) -> Vec<Call> {
        let Some(kind) = witness.args.first().and_then(|a| a.split_once(':')) else {
            return Vec::new();
        };
        if !kind.0.starts_with('s') {
            return Vec::new();
        }
        let Some(owner) = receiver_type(&witness.path) else {
            return Vec::new();
        };
        [
            format!("{owner}::new()"),
            format!("<{owner} as Default>::default()"),
        ]
        .iter()
        .filter_map(|made| Call::of_with(witness, None, Some(made), Sources::ByRoot))
        .collect()
    }

    /// The witness' call on a receiver built by the call that built the recorded one
    /// (`built_by`, `built_by_type`) with that call's inputs moved (as [`Call::moved`]
    /// moves them), at most `most`: an iterator's `size_hint` reads the length of the
    /// list it was made from, which a list one shorter changes.
    pub fn with_receiver_source_moved(
        witness: &Witness,
        most: usize,
        constants: &Constants,
    ) -> Vec<Call> {
        let Some((kind, text)) = witness.args.first().and_then(|a| a.split_once(':')) else {
            return Vec::new();
        };
        if !kind.starts_with('s') {
            return Vec::new();
        }
        let by_text = (!text.is_empty()).then(|| built_by_text(witness, text, Sources::ByRoot));
        let by_type = built_by_type(witness, Sources::ByRoot);
        let Some((call, then)) = by_text.into_iter().flatten().chain(by_type).next() else {
            return Vec::new();
        };
        call.moved(most, constants)
            .into_iter()
            .filter(|moved| moved.locals().is_empty())
            .filter_map(|moved| {
                let made = format!("{}{then}", moved.expression());
                Call::of_with(witness, None, Some(&made), Sources::ByRoot)
            })
            .collect()
    }

    /// [`Call::of`], argument `replaced.0` recorded as `replaced.1` instead, and the
    /// receiver made by the expression `receiver` where given.
    fn of_with(
        witness: &Witness,
        replaced: Option<(usize, &str)>,
        receiver: Option<&str>,
        sources: Sources,
    ) -> Option<Call> {
        let (path, returns) = match witness.path.split_once(mutate_protocol::TRACE_SEPARATOR) {
            Some((path, returns)) => (path, Some(returns.to_owned())),
            None => (witness.path.as_str(), None),
        };
        if path.is_empty() {
            return None;
        }
        // `<T as Display>::fmt(&x, f)`: a test writes `format!("{}", x)`; the formatter
        // is the one argument no test can make.
        let formatted = formatting(path).filter(|_| witness.args.len() == 2);
        let built = |text: &str| built_by(witness, text, sources);
        let text_or_built = |text: &str| match looks_literal(text) {
            // A pointer's `Debug` text: an address of that run, not a value to write.
            _ if is_address(text) => None,
            true => Some(floats_named(text)),
            false => built(text).or_else(|| Some(floats_named(text))),
        };
        let recorded = written_args(witness, formatted.is_some());
        let arguments = recorded
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let (kind, text) = a.split_once(':')?;
                match replaced {
                    Some((at, other)) if at == i => Some((kind, other)),
                    _ => Some((kind, text)),
                }
            })
            .map(|a| match a {
                Some(("v", text)) => Some(Argument::Value(text.to_owned())),
                Some(("m", text)) => Some(Argument::Mutable(text.to_owned())),
                Some(("d", text)) => text_or_built(text).map(Argument::Value),
                Some(("r", text)) => text_or_built(text).map(|t| Argument::Value(format!("&{t}"))),
                Some((kind, text)) if kind.starts_with('s') => {
                    let made = receiver
                        .map(str::to_owned)
                        .or_else(|| built(text).filter(|_| !text.is_empty()))
                        .or_else(|| written(built_by_type(witness, sources)))?;
                    match kind {
                        "sv" => Some(Argument::Value(made)),
                        "sr" => Some(Argument::Value(format!("&{made}"))),
                        "sm" => Some(Argument::Mutable(made)),
                        _ => None,
                    }
                }
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let item_segments = match witness.function.is_empty() {
            true => 2,
            false => witness.function.matches("::").count().min(1) + 1,
        };
        Some(Call {
            path: path.to_owned(),
            arguments,
            returns: returns.filter(|_| formatted.is_none()),
            formatted,
            item_segments,
        })
    }

    /// The same call by another path: the crate's root and the item's own segments
    /// (`semver::Version::parse` for `semver::parse::Version::parse`, `textwrap::indent`
    /// for `textwrap::indentation::indent`), where the module that defines it is private
    /// and the crate re-exports the item at its root.
    pub fn by_root(&self) -> Option<Call> {
        if self.path.starts_with('<') {
            let (inner, rest) = self.path[1..].split_once(" as ")?;
            let segments: Vec<&str> = inner.split("::").collect();
            if segments.len() < 3 {
                return None;
            }
            let root = format!(
                "<{}::{} as {rest}",
                segments[0],
                segments[segments.len() - 1]
            );
            return Some(Call {
                path: root,
                ..self.clone()
            });
        }
        let segments: Vec<&str> = self.path.split("::").collect();
        if segments.len() < self.item_segments + 2 {
            return None;
        }
        let tail = &segments[segments.len() - self.item_segments..];
        Some(Call {
            path: format!("{}::{}", segments[0], tail.join("::")),
            ..self.clone()
        })
    }

    /// The crate the call's path starts in.
    pub fn crate_name(&self) -> &str {
        let path = self.path.trim_start_matches('<');
        path.split("::").next().unwrap_or(path)
    }

    /// The locals the call needs (one per `&mut` argument, `a<index>`), as statements.
    pub fn locals(&self) -> Vec<String> {
        self.arguments
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Argument::Mutable(text) => Some(format!("let mut a{i} = {text};")),
                Argument::Value(_) => None,
            })
            .collect()
    }

    /// The names of those locals, in order.
    pub fn mutable_locals(&self) -> Vec<String> {
        self.arguments
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Argument::Mutable(_)))
            .map(|(i, _)| format!("a{i}"))
            .collect()
    }

    /// The call expression.
    pub fn expression(&self) -> String {
        let arguments: Vec<String> = self
            .arguments
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                Argument::Value(text) => text.clone(),
                Argument::Mutable(_) => format!("&mut a{i}"),
            })
            .collect();
        match self.formatted {
            Some(spec) => format!("format!(\"{spec}\", {})", arguments.join(", ")),
            None => format!("{}({})", self.path, arguments.join(", ")),
        }
    }

    /// The call with inputs moved, at most `most`: each integer one less, one more, zero,
    /// and equal to another integer of its type; each `bool` the other way. These are the
    /// inputs at a boundary or on the other branch of a condition that compares them.
    ///
    /// `constants`: what is written where the mutant is: each integer argument is also
    /// moved to each integer there (`age >= 18`), and one either side, a boundary no
    /// recorded input is near; each string argument to each text there (`'<'`,
    /// `"&lt;"`), and to itself with the text added, an input that takes that branch;
    /// then to empty, and with its numbers moved to the integers there.
    pub fn moved(&self, most: usize, constants: &Constants) -> Vec<Call> {
        // Each argument's moves, then one of each argument's in turn: the boundary may be
        // in any of them, and `most` should not all go to the first.
        let integers: Vec<(usize, i128, &str)> = self
            .arguments
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Argument::Value(text) => integer(text).map(|(n, t)| (i, n, t)),
                Argument::Mutable(_) => None,
            })
            .collect();
        let mut each: Vec<Vec<Call>> = Vec::new();
        for &(i, n, ty) in &integers {
            // Equal to another argument first (two sides of a comparison).
            let others = integers
                .iter()
                .filter(|(j, m, t)| *j != i && *t == ty && *m != n)
                .map(|(_, m, _)| *m);
            each.push(
                integer_moves(n, others, constants)
                    .into_iter()
                    .filter(|&v| fits(v, ty))
                    .map(|v| self.with(i, format!("{v}{ty}")))
                    .collect(),
            );
        }
        for (i, a) in self.arguments.iter().enumerate() {
            if let Argument::Value(text) = a
                && let Some((before, inner, after)) = string_parts(text)
            {
                // Then the empty string: the boundary of every text's length.
                let empty = (!inner.is_empty()).then(|| format!("{before}{after}"));
                let moves = constants.texts.iter().flat_map(|t| {
                    [
                        format!("{before}{t}{after}"),
                        format!("{before}{inner}{t}{after}"),
                    ]
                });
                each.push(
                    moves
                        .chain(empty)
                        .map(|moved| self.with(i, moved))
                        .collect(),
                );
                each.push(
                    numbers_moved(inner, &constants.integers)
                        .into_iter()
                        .map(|moved| self.with(i, format!("{before}{moved}{after}")))
                        .collect(),
                );
            }
            if let Argument::Value(text) = a {
                each.push(
                    elements_moved(text)
                        .into_iter()
                        .map(|moved| self.with(i, moved))
                        .collect(),
                );
            }
            match a {
                Argument::Value(text) if text == "true" => {
                    each.push(vec![self.with(i, "false".into())])
                }
                Argument::Value(text) if text == "false" => {
                    each.push(vec![self.with(i, "true".into())])
                }
                _ => {}
            }
        }
        let mut calls = interleaved(each);
        let mut seen = std::collections::BTreeSet::new();
        calls.retain(|c| seen.insert(c.clone()));
        calls.truncate(most);
        calls
    }

    /// The witness' call with one field of a struct argument moved, at most `most`: a
    /// struct the test built (`Comparator { major: 1, minor: Some(0), .. }`) written as
    /// itself with that field changed (`Comparator { minor: Some(1), ..built.clone() }`),
    /// where the boundary is in a field, not in an argument of its own. Each integer
    /// field (alone or in `Some`) moves as [`Call::moved`] moves integers, to `None`
    /// too; each `bool` field the other way. rustc keeps the ones whose type and fields
    /// a test can name.
    pub fn with_fields_moved(witness: &Witness, most: usize, constants: &Constants) -> Vec<Call> {
        let Some(call) = Call::of(witness) else {
            return Vec::new();
        };
        let recorded = written_args(witness, call.formatted.is_some());
        let mut each: Vec<Vec<Call>> = Vec::new();
        for (i, (a, argument)) in recorded.iter().zip(&call.arguments).enumerate() {
            let Argument::Value(written) = argument else {
                continue;
            };
            let Some((_, text)) = a.split_once(':') else {
                continue;
            };
            let Some((name, fields)) = text.split_once(" { ") else {
                continue;
            };
            let Some(fields) = fields.strip_suffix(" }") else {
                continue;
            };
            if type_head(text) != name || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let (borrow, built) = match written.strip_prefix('&') {
                Some(built) => ("&", built),
                None => ("", written.as_str()),
            };
            let fields = top_level(fields, ", ");
            for (f, field) in fields.iter().enumerate() {
                let Some((field, value)) = field.split_once(": ") else {
                    continue;
                };
                let moved = |v: String| {
                    // Written as its own `Debug` text: that text, the field changed.
                    let text = match built == text {
                        true => {
                            let mut fields = fields.clone();
                            let changed = format!("{field}: {v}");
                            fields[f] = &changed;
                            format!("{borrow}{name} {{ {} }}", fields.join(", "))
                        }
                        false => format!("{borrow}{name} {{ {field}: {v}, ..{built}.clone() }}"),
                    };
                    call.with(i, text)
                };
                each.push(
                    field_moves(value, constants)
                        .into_iter()
                        .map(moved)
                        .collect(),
                );
            }
        }
        let mut calls = interleaved(each);
        calls.truncate(most);
        calls
    }

    fn with(&self, i: usize, text: String) -> Call {
        let mut call = self.clone();
        call.arguments[i] = Argument::Value(text);
        call
    }
}

/// The recorded arguments a test writes: all, or for a formatting trait's `fmt` the value
/// alone (the formatter is `format!`'s).
fn written_args(witness: &Witness, formatted: bool) -> &[String] {
    match formatted {
        true => &witness.args[..1],
        false => &witness.args[..],
    }
}

/// How the calls that build a call's arguments are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sources {
    /// A type's function by the crate's root (`semver::Version::parse`), where types
    /// are re-exported: a module that defines a type's functions is often private.
    ByRoot,
    /// As recorded: where the type is defined.
    AsRecorded,
}

/// An expression that builds a value whose `Debug` text is `text`: the latest earlier call
/// (of the witness' sources) that returned it, or `Ok`/`Some` of it, unwrapped, or a
/// struct with it in a field (`semver::Version::parse("1.0.0-rc1").unwrap().pre`). Only
/// a call written with no local of its own can be an argument.
fn built_by(witness: &Witness, text: &str, sources: Sources) -> Option<String> {
    written(built_by_text(witness, text, sources))
}

/// The earlier calls (of the witness' sources, the latest first) that returned a value
/// whose `Debug` text is `text`, each with what reaches it in what it returned
/// (`.unwrap()`, a field): [`built_by`]'s candidates.
fn built_by_text<'w>(
    witness: &'w Witness,
    text: &'w str,
    sources: Sources,
) -> impl Iterator<Item = (Call, String)> + 'w {
    witness
        .sources
        .iter()
        .filter_map(move |(source, returned)| {
            let (value, unwrap) = match unwrapped(returned) {
                Some(inner) => (inner, ".unwrap()"),
                None => (returned.as_str(), ""),
            };
            let access = match value == text {
                true => String::new(),
                false => format!(".{}", field_holding(value, text)?),
            };
            let call = named(Call::of_with(source, None, None, sources)?, sources);
            Some((call, format!("{unwrap}{access}")))
        })
}

/// The first of `built` written with no local of its own (only such a call can be an
/// argument), as an expression.
fn written(mut built: impl Iterator<Item = (Call, String)>) -> Option<String> {
    built.find_map(|(call, then)| {
        call.locals()
            .is_empty()
            .then(|| format!("{}{then}", call.expression()))
    })
}

/// The earlier calls that returned a value of the type of the witness' receiver, where no
/// earlier call returned its `Debug` text (it has none; `&mut` calls changed it since):
/// the latest first, made again (`BytesToHexChars::new(&[1u8], ..)` for the iterator a
/// function made and then asked its `len`). The probe tells whether that value shows the
/// survivor.
fn built_by_type<'w>(
    witness: &'w Witness,
    sources: Sources,
) -> impl Iterator<Item = (Call, String)> + 'w {
    let owner = receiver_type(&witness.path);
    witness
        .sources
        .iter()
        .filter(move |(source, _)| owner.is_some() && returned_type(&source.path) == owner)
        .filter_map(move |(source, _)| {
            let call = named(Call::of_with(source, None, None, sources)?, sources);
            Some((call, String::new()))
        })
}

/// A call that builds an argument, named as `sources` says.
fn named(call: Call, sources: Sources) -> Call {
    match sources == Sources::ByRoot && call.path.matches("::").count() >= 3 {
        true => call.by_root().unwrap_or(call),
        false => call,
    }
}

/// How a traced path names the type its function returns, where the trace says.
pub fn returned_type(path: &str) -> Option<&str> {
    let (_, returns) = path.split_once(mutate_protocol::TRACE_SEPARATOR)?;
    (!returns.is_empty()).then_some(returns)
}

/// The type a method's traced path names as its `self`: `T` of `<T as Trait>::f` and
/// of `T::f`.
fn receiver_type(path: &str) -> Option<&str> {
    let path = path.split(mutate_protocol::TRACE_SEPARATOR).next()?;
    match path.strip_prefix('<') {
        Some(inner) => inner.split_once(" as ").map(|(t, _)| t),
        None => path.rsplit_once("::").map(|(t, _)| t),
    }
}

/// The inside of `Ok(..)` or `Some(..)`.
fn unwrapped(text: &str) -> Option<&str> {
    ["Ok(", "Some("]
        .iter()
        .find_map(|open| text.strip_prefix(open)?.strip_suffix(')'))
}

/// The field of a struct's `Debug` text (`Version { major: 1, pre: Prerelease("rc") }`)
/// whose value's text is `value`, at the top level, or an element of a list there
/// (`comparators[0]`).
fn field_holding(text: &str, value: &str) -> Option<String> {
    let body = text.split_once(" { ")?.1.strip_suffix(" }")?;
    top_level(body, ", ").into_iter().find_map(|f| {
        let (name, v) = f.split_once(": ")?;
        if !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        if v == value {
            return Some(name.to_owned());
        }
        let list = v.strip_prefix('[')?.strip_suffix(']')?;
        let at = top_level(list, ", ").iter().position(|e| *e == value)?;
        Some(format!("{name}[{at}]"))
    })
}

/// `text` split at each `separator` outside brackets and strings.
fn top_level<'t>(text: &'t str, separator: &str) -> Vec<&'t str> {
    let mut depth = 0i32;
    let mut quoted = false;
    let mut escaped = false;
    let mut start = 0;
    let mut parts = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '(' | '[' | '{' if !quoted => depth += 1,
            ')' | ']' | '}' if !quoted => depth -= 1,
            _ if !quoted && depth == 0 && text[i..].starts_with(separator) && i >= start => {
                parts.push(&text[start..i]);
                start = i + separator.len();
            }
            _ => {}
        }
    }
    parts.push(&text[start.min(text.len())..]);
    parts
}

/// The `format!` spec of a formatting trait's `fmt`, from its path.
fn formatting(path: &str) -> Option<&'static str> {
    let (_, rest) = path.split_once(" as ")?;
    let trait_ = rest.strip_suffix(">::fmt")?;
    match trait_.rsplit("::").next()? {
        "Display" => Some("{}"),
        "Debug" => Some("{:?}"),
        "LowerHex" => Some("{:x}"),
        "UpperHex" => Some("{:X}"),
        "Octal" => Some("{:o}"),
        "Binary" => Some("{:b}"),
        _ => None,
    }
}

/// The type a `Debug` text starts with (`Version` of `Version { .. }`, `Prerelease` of
/// `Prerelease("rc")`).
fn type_head(text: &str) -> &str {
    let end = text.find([' ', '(', '{']).unwrap_or(text.len());
    &text[..end]
}

/// A `Debug` text with the floats it writes as words (`inf`, `-inf`, `NaN`) named as
/// Rust names them (`f64::INFINITY`: the type a guess, which rustc checks).
fn floats_named(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let mut quoted = false;
    let mut escaped = false;
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(match word.as_str() {
            "inf" => "f64::INFINITY",
            "NaN" => "f64::NAN",
            other => other,
        });
        word.clear();
    };
    for c in text.chars() {
        if !quoted && (c.is_alphanumeric() || c == '_') {
            word.push(c);
            continue;
        }
        flush(&mut word, &mut out);
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            _ => {}
        }
        out.push(c);
    }
    flush(&mut word, &mut out);
    out
}

/// Whether a `Debug` text reads as a literal: a number, a string, a list, a tuple, a
/// `bool`.
fn looks_literal(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit() || "-\"'[(".contains(c))
        || text == "true"
        || text == "false"
}

/// The values integer `n` moves to, each once and none `n`: `first`, then each constant
/// written at the mutant and one either side (a boundary no recorded input is near), one
/// step either way (a comparison with a constant), and zero.
fn integer_moves(
    n: i128,
    first: impl IntoIterator<Item = i128>,
    constants: &Constants,
) -> Vec<i128> {
    // Checked: an `i128` at its ends has no step beyond.
    let around = |c: i128| [Some(c), c.checked_sub(1), c.checked_add(1)];
    let mut seen = std::collections::BTreeSet::new();
    first
        .into_iter()
        .chain(constants.integers.iter().flat_map(|&c| around(c)).flatten())
        .chain(
            [n.checked_sub(1), n.checked_add(1), Some(0)]
                .into_iter()
                .flatten(),
        )
        .filter(|&v| v != n && seen.insert(v))
        .collect()
}

/// The values a field's `Debug` text `value` may move to: an integer (alone or in
/// `Some`) to each constant and one either side, one step either way and zero (`None`
/// too); a `bool` the other way.
fn field_moves(value: &str, constants: &Constants) -> Vec<String> {
    match value {
        "true" => return vec!["false".into()],
        "false" => return vec!["true".into()],
        _ => {}
    }
    let (inner, some) = match value
        .strip_prefix("Some(")
        .and_then(|v| v.strip_suffix(')'))
    {
        Some(inner) => (inner, true),
        None => (value, false),
    };
    let Ok(n) = inner.parse::<i128>() else {
        return Vec::new();
    };
    // Unsigned fields refuse a negative value; rustc says so.
    let mut moves: Vec<String> = integer_moves(n, [], constants)
        .into_iter()
        .map(|v| match some {
            true => format!("Some({v})"),
            false => v.to_string(),
        })
        .collect();
    if some {
        moves.push("None".into());
    }
    moves
}

/// A string's numbers moved as integers move (`"1.0.0"` with `checked_mul(10)` at the
/// mutant: `"10.0.0"`, `"9.0.0"`, `"11.0.0"`, then its other numbers): a parser's
/// constant is met by a number in the text it parses. Each run of digits, the first
/// first, to each non-negative constant and one either side.
fn numbers_moved(inner: &str, constants: &[i128]) -> Vec<String> {
    let mut runs = Vec::new();
    let mut start = None;
    for (at, c) in inner.char_indices().chain([(inner.len(), ' ')]) {
        match (c.is_ascii_digit(), start) {
            (true, None) => start = Some(at),
            (false, Some(from)) => {
                runs.push(from..at);
                start = None;
            }
            _ => {}
        }
    }
    let values: Vec<i128> = constants
        .iter()
        .flat_map(|&c| [c, c - 1, c + 1])
        .filter(|&v| v >= 0)
        .collect();
    let mut moved = Vec::new();
    for run in runs.into_iter().take(3) {
        for v in &values {
            let text = format!("{}{v}{}", &inner[..run.start], &inner[run.end..]);
            if text != inner && !moved.contains(&text) {
                moved.push(text);
            }
        }
    }
    moved
}

/// A list of integers as the runtime writes it (`&[54u8, 98u8]`, `vec![1i32]`) with an
/// element moved: the last one dropped (a length's boundary), and each of the last, the
/// middle and the second element set to zero (an element out of the accepted ones, met
/// after the first: where an index is reported, it tells the positions apart).
fn elements_moved(text: &str) -> Vec<String> {
    let Some((open, rest)) = ["&[", "vec![", "["]
        .iter()
        .find_map(|open| Some((*open, text.strip_prefix(open)?)))
    else {
        return Vec::new();
    };
    let Some(inner) = rest.strip_suffix(']') else {
        return Vec::new();
    };
    let elements = top_level(inner, ", ");
    let Some(ty) = elements.first().and_then(|e| integer(e)).map(|(_, ty)| ty) else {
        return Vec::new();
    };
    if elements
        .iter()
        .any(|e| integer(e).is_none_or(|(_, t)| t != ty))
    {
        return Vec::new();
    }
    let written = |elements: &[String]| format!("{open}{}]", elements.join(", "));
    let elements: Vec<String> = elements.iter().map(|e| e.to_string()).collect();
    let mut moves = vec![written(&elements[..elements.len() - 1])];
    let n = elements.len();
    let mut seen = std::collections::BTreeSet::new();
    for at in [n - 1, n / 2, 1.min(n - 1)] {
        if seen.insert(at) && elements[at] != format!("0{ty}") {
            let mut moved = elements.clone();
            moved[at] = format!("0{ty}");
            moves.push(written(&moved));
        }
    }
    moves
}

/// Whether a `Debug` text is an address (`0x7f33b0000d10`: a pointer's; an integer's
/// `Debug` is decimal, and the runtime writes integers with their type).
fn is_address(text: &str) -> bool {
    text.strip_prefix("0x")
        .is_some_and(|hex| !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit()))
}

/// The first of each list, then the second of each, and so on.
pub fn interleaved<T: Clone>(lists: impl IntoIterator<Item = Vec<T>>) -> Vec<T> {
    let lists: Vec<Vec<T>> = lists.into_iter().collect();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    (0..longest)
        .flat_map(|k| lists.iter().filter_map(move |list| list.get(k).cloned()))
        .collect()
}

const INTEGERS: [&str; 12] = [
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// An integer literal as the runtime writes it (`-3i32`): its value and type.
fn integer(text: &str) -> Option<(i128, &'static str)> {
    let ty = INTEGERS.iter().find(|t| text.ends_with(*t))?;
    let digits = &text[..text.len() - ty.len()];
    Some((digits.parse().ok()?, ty))
}

/// A string argument's text around its contents (`String::from("`, `abc`, `")`): a
/// written string literal, alone or as `String::from`'s argument.
fn string_parts(text: &str) -> Option<(&str, &str, &str)> {
    let (before, rest) = match text.strip_prefix("String::from(") {
        Some(rest) => ("String::from(\"", rest.strip_suffix(')')?),
        None => ("\"", text),
    };
    let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
    let after = if before.len() > 1 { "\")" } else { "\"" };
    Some((before, inner, after))
}

/// What is written in a line of code that an input may be moved to.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Constants {
    /// Integers (`if age >= 18 {`: 18), not digits in names.
    pub integers: Vec<i128>,
    /// The contents of string and character literals, as written (escapes kept), each
    /// the inside of a string literal as well (`'\''`: `\'`).
    pub texts: Vec<String>,
}

/// What is written in a line of code: its integers and its texts.
pub fn constants(line: &str) -> Constants {
    Constants {
        integers: integers_in(line),
        texts: texts_in(line),
    }
}

/// The contents of the string and character literals in `line` (not raw or byte ones;
/// `'a` of a lifetime is none).
fn texts_in(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut texts = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let prefixed = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        match chars[i] {
            '"' if !prefixed => {
                let start = i + 1;
                let mut j = start;
                while j < chars.len() && chars[j] != '"' {
                    j += if chars[j] == '\\' { 2 } else { 1 };
                }
                if j < chars.len() {
                    texts.push(chars[start..j].iter().collect());
                }
                i = j + 1;
            }
            '\'' if !prefixed => {
                let end = match chars.get(i + 1) {
                    Some('\\') => (i + 3..chars.len()).find(|&j| chars[j] == '\''),
                    Some(_) if chars.get(i + 2) == Some(&'\'') => Some(i + 2),
                    _ => None,
                };
                match end {
                    Some(end) => {
                        let inner: String = chars[i + 1..end].iter().collect();
                        // A `"` is written alone in a character, escaped in a string.
                        texts.push(if inner == "\"" { "\\\"".into() } else { inner });
                        i = end + 1;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    texts.retain(|t| !t.is_empty() && seen.insert(t.clone()));
    texts
}

/// The integers written in a line of code (`if age >= 18 {`: 18), not those in names.
fn integers_in(line: &str) -> Vec<i128> {
    let mut found = Vec::new();
    let mut previous = ' ';
    let mut chars = line.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c.is_ascii_digit() && !(previous.is_alphanumeric() || previous == '_') {
            let mut end = at + 1;
            while let Some(&(i, d)) = chars.peek() {
                if !(d.is_ascii_digit() || d == '_') {
                    break;
                }
                end = i + 1;
                chars.next();
            }
            if let Ok(n) = line[at..end].replace('_', "").parse::<i128>()
                && !found.contains(&n)
            {
                found.push(n);
            }
            previous = '0';
            continue;
        }
        previous = c;
    }
    found
}

/// Whether `value` is one of `ty`'s (the widest types only as far as `i128` reaches).
fn fits(value: i128, ty: &str) -> bool {
    let bits: u32 = match ty {
        "u8" | "i8" => 8,
        "u16" | "i16" => 16,
        "u32" | "i32" => 32,
        "u64" | "i64" | "usize" | "isize" => 64,
        _ => 128,
    };
    if ty.starts_with('u') {
        value >= 0 && (bits == 128 || value < (1i128 << bits))
    } else {
        bits == 128 || (value >= -(1i128 << (bits - 1)) && value < (1i128 << (bits - 1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strings_numbers_move_to_the_constants_at_the_mutant() {
        assert_eq!(
            numbers_moved("1.0.0", &[10]),
            [
                "10.0.0", "9.0.0", "11.0.0", "1.10.0", "1.9.0", "1.11.0", "1.0.10", "1.0.9",
                "1.0.11"
            ]
        );
        // A constant below zero has no digits to write; one either side of zero does.
        assert_eq!(numbers_moved("v2", &[-5, 0]), ["v0", "v1"]);
        assert!(numbers_moved("abc", &[10]).is_empty());
    }

    fn witness(path: &str, args: &[&str]) -> Witness {
        Witness {
            function: String::new(),
            path: path.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            sources: Vec::new(),
        }
    }

    fn call(args: &[&str]) -> Call {
        Call::of(&witness("triangle::classify", args)).unwrap()
    }

    #[test]
    fn a_receiver_or_an_argument_is_built_by_the_call_that_returned_it() {
        let mut format = witness("itoa::Buffer::format", &["sm:Buffer", "v:5u32"]);
        assert_eq!(Call::of(&format), None, "no call built the buffer");
        format.sources = vec![
            (witness("itoa::Buffer::new", &[]), "Buffer".to_owned()),
            (
                witness("semver::Version::parse", &["v:\"1.0.0\""]),
                "Ok(1.0.0)".to_owned(),
            ),
        ];
        let c = Call::of(&format).unwrap();
        assert_eq!(c.locals(), ["let mut a0 = itoa::Buffer::new();"]);
        assert_eq!(c.expression(), "itoa::Buffer::format(&mut a0, 5u32)");
        let mut matches = witness("semver::Version::matches", &["sr:1.0.0", "r:[1, 2]"]);
        matches.sources = format.sources.clone();
        assert_eq!(
            Call::of(&matches).unwrap().expression(),
            "semver::Version::matches(&semver::Version::parse(\"1.0.0\").unwrap(), &[1, 2])"
        );
        let mut cmp = witness(
            "<semver::Prerelease as Ord>::cmp",
            &["sr:Prerelease(\"rc, 1\")"],
        );
        cmp.sources = vec![(
            witness("semver::Version::parse", &["v:\"1.0.0-rc, 1\""]),
            "Ok(Version { major: 1, pre: Prerelease(\"rc, 1\"), build: B(\"\") })".to_owned(),
        )];
        assert_eq!(
            Call::of(&cmp).unwrap().expression(),
            "<semver::Prerelease as Ord>::cmp(&semver::Version::parse(\"1.0.0-rc, 1\").unwrap().pre)"
        );
        let mut other = cmp.clone();
        other.sources.push((
            witness("semver::Version::parse", &["v:\"2.0.0-beta\""]),
            "Ok(Version { major: 2, pre: Prerelease(\"beta\") })".to_owned(),
        ));
        let mut v = other.clone();
        v.args = vec!["sr:Version { major: 1, pre: Prerelease(\"rc, 1\") }".into()];
        v.sources.push((
            witness("semver::Version::new", &["v:1u64"]),
            "Version { major: 1, pre: Prerelease(\"rc, 1\") }".to_owned(),
        ));
        let others: Vec<String> = Call::with_other_values(&v, 8)
            .iter()
            .map(Call::expression)
            .collect();
        assert_eq!(
            others,
            [
                "<semver::Prerelease as Ord>::cmp(&semver::Version::parse(\"1.0.0-rc, 1\").unwrap())",
                "<semver::Prerelease as Ord>::cmp(&semver::Version::parse(\"2.0.0-beta\").unwrap())"
            ],
            "each other Version, not the recorded one (built by `new`)"
        );
        let mut matches = witness("semver::Comparator::matches", &["sr:C { op: Caret }"]);
        matches.sources = vec![(
            witness("semver::parse::VersionReq::parse", &["v:\"^1\""]),
            "Ok(VersionReq { comparators: [C { op: Tilde }, C { op: Caret }] })".to_owned(),
        )];
        assert_eq!(
            Call::of(&matches).unwrap().expression(),
            "semver::Comparator::matches(&semver::VersionReq::parse(\"^1\").unwrap().comparators[1])"
        );
    }

    #[test]
    fn a_receiver_is_also_made_again_from_its_sources_moved_inputs() {
        let decode = "pe::percent_decode";
        let mut size_hint = witness(
            "<pe::PercentDecode as Iterator>::size_hint",
            &["sr:PercentDecode { bytes: Iter([102, 37]) }"],
        );
        size_hint.sources = vec![(
            witness(decode, &["v:&[102u8, 37u8]"]),
            "PercentDecode { bytes: Iter([102, 37]) }".to_owned(),
        )];
        let made: Vec<String> =
            Call::with_receiver_source_moved(&size_hint, 3, &Constants::default())
                .iter()
                .map(Call::expression)
                .collect();
        assert_eq!(
            made,
            [
                "<pe::PercentDecode as Iterator>::size_hint(&pe::percent_decode(&[102u8]))",
                "<pe::PercentDecode as Iterator>::size_hint(&pe::percent_decode(&[102u8, 0u8]))",
            ]
        );
        let by_value = witness("pe::f", &["v:3u8"]);
        assert!(Call::with_receiver_source_moved(&by_value, 3, &Constants::default()).is_empty());
    }

    #[test]
    fn a_receiver_with_no_text_is_built_by_the_latest_call_that_returned_its_type() {
        let sep = mutate_protocol::TRACE_SEPARATOR;
        let mut len = witness(
            "<hex::BytesToHexChars as iter::ExactSizeIterator>::len",
            &["sr:"],
        );
        assert_eq!(Call::of(&len), None, "no call returned one");
        len.sources = vec![
            (
                witness(&format!("hex::other{sep}hex::Other"), &[]),
                String::new(),
            ),
            (
                witness(
                    &format!("hex::BytesToHexChars::new{sep}hex::BytesToHexChars"),
                    &["v:&[1u8]", "v:&[48u8]"],
                ),
                String::new(),
            ),
            (
                witness(
                    &format!("hex::BytesToHexChars::new{sep}hex::BytesToHexChars"),
                    &["v:&[2u8]", "v:&[48u8]"],
                ),
                String::new(),
            ),
        ];
        assert_eq!(
            Call::of(&len).unwrap().expression(),
            "<hex::BytesToHexChars as iter::ExactSizeIterator>::len(\
             &hex::BytesToHexChars::new(&[1u8], &[48u8]))"
        );
        assert_eq!(receiver_type("k::T::f"), Some("k::T"));
        assert_eq!(returned_type(&format!("k::T::new{sep}k::T")), Some("k::T"));
        assert_eq!(returned_type("k::f"), None);
    }

    #[test]
    fn a_receiver_no_call_returned_is_made_with_no_input() {
        let bump = witness("suggestions::Counter::bump", &["sm:Counter { count: 0 }"]);
        assert_eq!(Call::of(&bump), None);
        let made: Vec<String> = Call::with_constructed_receiver(&bump)
            .iter()
            .map(|c| format!("{} {}", c.locals().join(" "), c.expression()))
            .collect();
        assert_eq!(
            made,
            [
                "let mut a0 = suggestions::Counter::new(); suggestions::Counter::bump(&mut a0)",
                "let mut a0 = <suggestions::Counter as Default>::default(); \
                 suggestions::Counter::bump(&mut a0)"
            ]
        );
        let free = witness("k::f", &["v:1u8"]);
        assert!(Call::with_constructed_receiver(&free).is_empty());
    }

    #[test]
    fn floats_written_as_words_are_named() {
        assert_eq!(
            floats_named("P { a: inf, b: -inf, c: NaN, d: \"inf\", info: 1 }"),
            "P { a: f64::INFINITY, b: -f64::INFINITY, c: f64::NAN, d: \"inf\", info: 1 }"
        );
    }

    #[test]
    fn a_formatting_trait_is_called_through_format() {
        let mut fmt = witness("<k::m::V as fmt::Display>::fmt", &["sr:V(1)", "?"]);
        fmt.sources = vec![(witness("k::m::V::new", &["v:1u8"]), "V(1)".to_owned())];
        let c = Call::of(&fmt).unwrap();
        assert_eq!(c.expression(), "format!(\"{}\", &k::V::new(1u8))");
        assert_eq!(c.by_root().unwrap().path, "<k::V as fmt::Display>::fmt");
        let free = call(&["v:1u8"]);
        assert_eq!(free.by_root(), None, "already at the root");
        let deep = Call {
            path: "k::a::b::T::f".into(),
            ..free.clone()
        };
        assert_eq!(deep.by_root().unwrap().path, "k::T::f");
        let mut indent = witness("textwrap::indentation::indent", &["v:\"a\""]);
        indent.function = "indent".into();
        assert_eq!(
            Call::of(&indent).unwrap().by_root().unwrap().path,
            "textwrap::indent"
        );
    }

    #[test]
    fn a_recorded_call_is_written_with_locals_for_what_it_changes() {
        let c = call(&["v:3u32", "m:vec![1u8]", "v:&[2u8]", "d:\"x\"", "r:[1, 2]"]);
        assert_eq!(c.locals(), ["let mut a1 = vec![1u8];"]);
        assert_eq!(c.mutable_locals(), ["a1"]);
        assert_eq!(
            c.expression(),
            "triangle::classify(3u32, &mut a1, &[2u8], \"x\", &[1, 2])"
        );
        assert_eq!(c.crate_name(), "triangle");
        let receiver = Witness {
            function: String::new(),
            path: "t::T::f".into(),
            args: vec!["?".into()],
            sources: Vec::new(),
        };
        assert_eq!(Call::of(&receiver), None, "nothing to write");
        let pointer = Witness {
            function: "ptr_to_repr".into(),
            path: "t::ptr_to_repr".into(),
            args: vec!["d:0x7f33b0000d10".into()],
            sources: Vec::new(),
        };
        assert_eq!(Call::of(&pointer), None, "an address is that run's");
        assert!(
            Call::of(&Witness {
                args: vec!["d:0x10u8".into()],
                ..pointer
            })
            .is_some()
        );
    }

    #[test]
    fn a_struct_argument_moves_one_field_at_a_time() {
        let mut caret = witness(
            "semver::eval::matches_caret",
            &["r:Comparator { major: 1, minor: Some(0), exact: true, pre: Prerelease(\"\") }"],
        );
        let as_written = Call::with_fields_moved(&caret, 10, &Constants::default());
        assert_eq!(
            as_written[0].expression(),
            "semver::eval::matches_caret(&Comparator { major: 0, minor: Some(0), exact: true, \
             pre: Prerelease(\"\") })"
        );
        caret.sources = vec![(
            witness("semver::Comparator::parse", &["v:\"^1.0\""]),
            "Ok(Comparator { major: 1, minor: Some(0), exact: true, pre: Prerelease(\"\") })"
                .to_owned(),
        )];
        let moved: Vec<String> = Call::with_fields_moved(&caret, 10, &Constants::default())
            .iter()
            .map(Call::expression)
            .collect();
        let built = "semver::Comparator::parse(\"^1.0\").unwrap()";
        let with = |field: &str| {
            format!("semver::eval::matches_caret(&Comparator {{ {field}, ..{built}.clone() }})")
        };
        assert_eq!(
            moved,
            [
                with("major: 0"),
                with("minor: Some(-1)"),
                with("exact: false"),
                with("major: 2"),
                with("minor: Some(1)"),
                with("minor: None"),
            ]
        );
    }

    #[test]
    fn a_list_of_integers_moves_one_element_at_a_time() {
        assert_eq!(
            elements_moved("&[54u8, 98u8, 54u8, 57u8]"),
            [
                "&[54u8, 98u8, 54u8]",
                "&[54u8, 98u8, 54u8, 0u8]",
                "&[54u8, 98u8, 0u8, 57u8]",
                "&[54u8, 0u8, 54u8, 57u8]",
            ]
        );
        assert_eq!(elements_moved("vec![1i32]"), ["vec![]", "vec![0i32]"]);
        assert_eq!(elements_moved("[1u8, \"a\"]"), Vec::<String>::new());
        assert_eq!(elements_moved("\"abc\""), Vec::<String>::new());
    }

    #[test]
    fn inputs_move_to_boundaries_within_their_type() {
        let moved: Vec<String> = call(&["v:0u8", "v:2u8", "v:true"])
            .moved(20, &Constants::default())
            .iter()
            .map(Call::expression)
            .collect();
        assert_eq!(
            moved,
            [
                "triangle::classify(2u8, 2u8, true)",
                "triangle::classify(0u8, 0u8, true)",
                "triangle::classify(0u8, 2u8, false)",
                "triangle::classify(1u8, 2u8, true)",
                "triangle::classify(0u8, 1u8, true)",
                "triangle::classify(0u8, 3u8, true)",
            ]
        );
        assert_eq!(
            call(&["v:-128i8"]).moved(9, &Constants::default())[0].expression(),
            "triangle::classify(-127i8)"
        );
        let widest = call(&["v:170141183460469231731687303715884105727i128"]);
        assert_eq!(
            widest.moved(9, &constants("1")).len(),
            4,
            "no step past the end"
        );
        let near: Vec<String> = call(&["v:30u32"])
            .moved(3, &constants("age >= 18"))
            .iter()
            .map(Call::expression)
            .collect();
        assert_eq!(
            near,
            [
                "triangle::classify(18u32)",
                "triangle::classify(17u32)",
                "triangle::classify(19u32)"
            ]
        );
        assert_eq!(
            constants("if age >= 18 && x2 < 1_000 { a[0] }").integers,
            [18, 1000, 0]
        );
    }

    #[test]
    fn strings_move_to_the_texts_at_the_mutant_then_to_empty() {
        let line = r#"'\'' => out.push_str("&#39;"), 'a' if s.len() > 2 => f::<'static>(),"#;
        assert_eq!(constants(line).texts, ["\\'", "&#39;", "a"]);
        assert_eq!(constants(r#"'"' => x"#).texts, ["\\\""]);
        let moved: Vec<String> = call(&["v:\"ab\"", "v:String::from(\"c\")"])
            .moved(8, &constants("'<' =>"))
            .iter()
            .map(Call::expression)
            .collect();
        assert_eq!(
            moved,
            [
                "triangle::classify(\"<\", String::from(\"c\"))",
                "triangle::classify(\"ab\", String::from(\"<\"))",
                "triangle::classify(\"ab<\", String::from(\"c\"))",
                "triangle::classify(\"ab\", String::from(\"c<\"))",
                "triangle::classify(\"\", String::from(\"c\"))",
                "triangle::classify(\"ab\", String::from(\"\"))",
            ]
        );
    }
}
