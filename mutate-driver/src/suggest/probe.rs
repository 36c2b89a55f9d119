//! The probe: one test per candidate call that makes the call and prints what it returned
//! and left behind its `&mut` arguments, as Rust where the runtime can write it (else its
//! `Debug` text). Run with every mutant off, it says what a test should expect; run with a
//! survivor on, whether that expectation would fail. Pure: source out, printed lines in.

use super::calls::Call;
use std::collections::BTreeMap;

/// What each probe line starts with.
const MARK: &str = "MUTATE-PROBE";

/// A probe's test name: survivor `m`, candidate `k`.
pub fn name(m: usize, k: usize) -> String {
    format!("probe_m{m}_k{k}")
}

/// The filter that runs survivor `m`'s probes only.
pub fn filter(m: usize) -> String {
    format!("probe_m{m}_")
}

/// What a probe file starts with: its lints, and the macro that shows a value.
pub const HEADER: &str = "// Written by cargo mutate-driver to see what calls return. Not a test to keep.\n\
     #![allow(unused, clippy::all)]\n\n\
     macro_rules! show {\n    ($v:expr) => {{\n        \
     use mutate_runtime::__private::literal::{\n            \
     Debugged as _, DebuggedFallback as _, Literal as _, LiteralFallback as _, Shown,\n        };\n        \
     let v = &$v;\n        \
     mutate_runtime::__private::literal::shown(\n            \
     (&Shown::new(v)).literal(),\n            (&Shown::new(v)).debugged(),\n        )\n    }};\n}\n";

/// The probe of survivor `m`'s candidate `k`: a test that makes `call` and prints what it
/// returned and left behind each `&mut` local, or that it panicked.
pub fn test(m: usize, k: usize, call: &Call) -> String {
    let name = name(m, k);
    let mut shown = vec!["show!(returned)".to_owned()];
    shown.extend(call.mutable_locals().iter().map(|l| format!("show!({l})")));
    format!(
        "\n#[test]\nfn {name}() {{\n    \
         let shown = ::std::panic::catch_unwind(::std::panic::AssertUnwindSafe(|| {{\n        \
         {locals}\n        \
         let returned = {call};\n        \
         ::std::vec![{shown}]\n    \
         }}));\n    \
         match shown {{\n        \
         Ok(values) => {{\n            \
         for (i, v) in values.iter().enumerate() {{\n                \
         ::std::println!(\"{MARK} {name} {{i}} {{v}}\");\n            }}\n        }}\n        \
         Err(_) => ::std::println!(\"{MARK} {name} panicked\"),\n    }}\n}}\n",
        locals = call.locals().join("\n        "),
        call = call.expression(),
        shown = shown.join(", "),
    )
}

/// What one probe showed: each value (`lit <Rust>`, `dbg <string>`, `none`) in order
/// (what it returned, then each `&mut` local), or that the call panicked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    Values(Vec<String>),
    Panicked,
}

/// The probes' lines in a run's output, by probe name. A probe whose process ended before
/// it printed (a crash, a timeout) is missing.
pub fn read(output: &str) -> BTreeMap<String, Shown> {
    let mut shown: BTreeMap<String, Shown> = BTreeMap::new();
    for line in output.lines() {
        // With output shown, libtest may have written `test name ... ` first.
        let Some(rest) = line
            .find(MARK)
            .and_then(|at| line[at + MARK.len()..].strip_prefix(' '))
        else {
            continue;
        };
        let Some((name, rest)) = rest.split_once(' ') else {
            continue;
        };
        if rest == "panicked" {
            shown.insert(name.to_owned(), Shown::Panicked);
            continue;
        }
        let Some((_, value)) = rest.split_once(' ') else {
            continue;
        };
        if let Shown::Values(values) = shown
            .entry(name.to_owned())
            .or_insert_with(|| Shown::Values(Vec::new()))
        {
            values.push(value.to_owned());
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suggest::Witness;

    #[test]
    fn a_probe_prints_what_its_call_returned_and_changed() {
        let call = Call::of(&Witness {
            function: String::new(),
            path: "k::f".into(),
            args: vec!["v:1u8".into(), "m:vec![2u8]".into()],
            sources: Vec::new(),
        })
        .unwrap();
        let source = test(3, 0, &call);
        assert!(source.contains("fn probe_m3_k0()"), "{source}");
        assert!(source.contains("let mut a1 = vec![2u8];"), "{source}");
        assert!(
            source.contains("let returned = k::f(1u8, &mut a1);"),
            "{source}"
        );
        assert!(
            source.contains("::std::vec![show!(returned), show!(a1)]"),
            "{source}"
        );
        let printed = "running 2 tests\nMUTATE-PROBE probe_m3_k0 0 lit 3u8\n\
                       MUTATE-PROBE probe_m3_k0 1 dbg \"[2, 1]\"\n\
                       test probe_m3_k1 ... MUTATE-PROBE probe_m3_k1 panicked\ntest probe_m3_k0 ... ok\n";
        let read = read(printed);
        assert_eq!(
            read["probe_m3_k0"],
            Shown::Values(vec!["lit 3u8".into(), "dbg \"[2, 1]\"".into()])
        );
        assert_eq!(read["probe_m3_k1"], Shown::Panicked);
    }
}
