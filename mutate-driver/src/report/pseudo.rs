//! Pseudo-tested functions (Niedermayr, Juergens and Wagner; Descartes): tests reach them,
//! yet every replacement of the whole body survives — the tests run the code but check
//! nothing it computes.

use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;
use std::collections::BTreeMap;

const BODY_OPERATOR: &str = mutate_operators::Operator::FnValue.name();

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PseudoTested {
    pub file: String,
    pub line: u32,
    pub function: String,
    /// Body replacements run, every one survived.
    pub survived: usize,
}

pub fn find(d: &Discovery, results: &Results) -> Vec<PseudoTested> {
    // Per function: (first line, survived, detected or uncovered).
    let mut by_function: BTreeMap<(&str, &str), (u32, usize, bool)> = BTreeMap::new();
    for (m, r) in results.mutants.iter().enumerate() {
        let e = &d.mutants[m].entry;
        if e.operator != BODY_OPERATOR {
            continue;
        }
        let entry = by_function
            .entry((e.file.as_str(), e.function.as_str()))
            .or_insert((e.span[0], 0, false));
        match r.status {
            Status::Survived => entry.1 += 1,
            Status::Unviable | Status::Ignored => {}
            _ => entry.2 = true,
        }
    }
    by_function
        .into_iter()
        .filter(|(_, (_, survived, caught))| *survived > 0 && !caught)
        .map(|((file, function), (line, survived, _))| PseudoTested {
            file: file.to_owned(),
            line,
            function: function.to_owned(),
            survived,
        })
        .collect()
}
