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
}

impl Call {
    /// The call a witness recorded, if every argument was written (a receiver never is).
    pub fn of(witness: &Witness) -> Option<Call> {
        let (path, returns) = match witness.path.split_once(mutate_protocol::TRACE_SEPARATOR) {
            Some((path, returns)) => (path, Some(returns.to_owned())),
            None => (witness.path.as_str(), None),
        };
        if path.is_empty() {
            return None;
        }
        let arguments = witness
            .args
            .iter()
            .map(|a| match a.split_once(':') {
                Some(("v" | "d", text)) => Some(Argument::Value(text.to_owned())),
                Some(("r", text)) => Some(Argument::Value(format!("&{text}"))),
                Some(("m", text)) => Some(Argument::Mutable(text.to_owned())),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Call {
            path: path.to_owned(),
            arguments,
            returns,
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
        format!("{}({})", self.path, arguments.join(", "))
    }

    /// The call with inputs moved, at most `most`: each integer one less, one more, zero,
    /// and equal to another integer of its type; each `bool` the other way. These are the
    /// inputs at a boundary or on the other branch of a condition that compares them.
    ///
    /// `constants`: integers written where the mutant is (`age >= 18`): each argument is
    /// also moved to each, and one either side, a boundary no recorded input is near.
    pub fn moved(&self, most: usize, constants: &[i128]) -> Vec<Call> {
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
            // Equal to another argument first (two sides of a comparison), then one step
            // either way (a comparison with a constant), then zero.
            let mut values: Vec<i128> = integers
                .iter()
                .filter(|(j, m, t)| *j != i && *t == ty && *m != n)
                .map(|(_, m, _)| *m)
                .collect();
            values.extend(constants.iter().flat_map(|&c| [c, c - 1, c + 1]));
            values.extend([n - 1, n + 1, 0]);
            let mut seen = std::collections::BTreeSet::new();
            each.push(
                values
                    .into_iter()
                    .filter(|&v| v != n && fits(v, ty) && seen.insert(v))
                    .map(|v| self.with(i, format!("{v}{ty}")))
                    .collect(),
            );
        }
        for (i, a) in self.arguments.iter().enumerate() {
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
        let longest = each.iter().map(Vec::len).max().unwrap_or(0);
        let mut calls: Vec<Call> = (0..longest)
            .flat_map(|k| each.iter().filter_map(move |moves| moves.get(k).cloned()))
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        calls.retain(|c| seen.insert(c.clone()));
        calls.truncate(most);
        calls
    }

    fn with(&self, i: usize, text: String) -> Call {
        let mut call = self.clone();
        call.arguments[i] = Argument::Value(text);
        call
    }
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

/// The integers written in a line of code (`if age >= 18 {`: 18), not those in names.
pub fn constants(line: &str) -> Vec<i128> {
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

    fn call(args: &[&str]) -> Call {
        Call::of(&Witness {
            path: "triangle::classify".into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        })
        .unwrap()
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
            path: "t::T::f".into(),
            args: vec!["?".into()],
        };
        assert_eq!(Call::of(&receiver), None, "a receiver is never written");
    }

    #[test]
    fn inputs_move_to_boundaries_within_their_type() {
        let moved: Vec<String> = call(&["v:0u8", "v:2u8", "v:true"])
            .moved(20, &[])
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
            call(&["v:-128i8"]).moved(9, &[])[0].expression(),
            "triangle::classify(-127i8)"
        );
        let near: Vec<String> = call(&["v:30u32"])
            .moved(3, &[18])
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
            constants("if age >= 18 && x2 < 1_000 { a[0] }"),
            [18, 1000, 0]
        );
    }
}
