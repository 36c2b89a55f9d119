//! The mutants found in one function: each belongs to a site (one check on the hot path)
//! and has a local index within the function's table, assigned in visiting order.

use crate::location::Location;
use mutate_operators::{Operator, Selection};
use proc_macro2::TokenStream;

/// What made a mutant: a built-in operator, or one of the user's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MadeBy {
    Operator(Operator),
    Rule(String),
}

impl MadeBy {
    /// The name catalogs and reports carry.
    pub fn name(&self) -> &str {
        match self {
            MadeBy::Operator(op) => op.name(),
            MadeBy::Rule(rule) => rule,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Mutant {
    pub operator: MadeBy,
    pub site: u32,
    pub location: Location,
    pub original: String,
    pub replacement: String,
    /// What the mutant does: `replace < with <=`.
    pub change: String,
    /// Whether `change` leaves the function unnamed (the description adds `in f`).
    pub needs_function: bool,
    /// The `#[cfg(..)]` predicates of the code around the mutant: it exists only in builds
    /// where all hold.
    pub cfg: Vec<TokenStream>,
    /// rustc's message where the driver's last build failed in the mutant's code: that
    /// code is emitted as written, and the mutant is unviable.
    pub build_error: Option<String>,
    /// Where its id names it, where that is not its `location`: an operator whose mutant
    /// is shown on its whole expression (`operators/regroup.rs`) is named at itself.
    pub named_at: Option<Location>,
    /// In a constant context: on only in a build that names it (`operators/compile_time.rs`).
    pub compile_time: bool,
    /// Of a constant's mutant: an expression of the function that says whether the constant
    /// has the same value with it (`operators/compile_time.rs`); `None`: not compared.
    pub compare_value: Option<TokenStream>,
}

impl Mutant {
    /// What users read: `replace < with <= in classify`,
    /// `replace parse -> Option<u8> with None`.
    pub fn description(&self, function: &str) -> String {
        if self.needs_function {
            format!("{} in {function}", self.change)
        } else {
            self.change.clone()
        }
    }
}

/// The kind of operand an operator mutant's arm hands its fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpShape {
    /// Both operands of a binary operator, swapped (`Operands`).
    Binary,
    /// The place and operand of a compound assignment, swapped (`PlaceOperand`).
    Assign,
    /// The operand of a `!` deleted (`Operand`).
    NotDeleted,
    /// The operand of a `-` deleted (`Operand`).
    NegDeleted,
}

#[derive(Debug)]
pub struct Collector {
    /// Function the mutants are in, as shown to users: `triangle` or `Shape::area`.
    pub function: String,
    pub mutants: Vec<Mutant>,
    pub sites: u32,
    /// Operators this function gets; the others' mutants are not made.
    selection: Selection,
    /// The `#[cfg(..)]` predicates of the code being visited, outermost first.
    cfg: Vec<TokenStream>,
    /// The operator mutants whose arms call a fallback method of their own, declared with
    /// the table (`operators/op_fallbacks.rs`).
    pub op_fallbacks: Vec<(u32, OpShape)>,
    /// In an equivalence build: whether the function's code may be compared
    /// (`fixed::prepare`); its mutants are watched only then.
    pub comparable: bool,
}

/// The local index of a mutant whose operator is not selected: no switch ever reads it,
/// so its arm is dead code and no table holds it.
pub const NEVER: u32 = u32::MAX;

impl Collector {
    pub fn new(function: String, selection: Selection) -> Self {
        Collector {
            function,
            mutants: Vec::new(),
            sites: 0,
            selection,
            cfg: Vec::new(),
            op_fallbacks: Vec::new(),
            comparable: true,
        }
    }

    /// Marks the mutants added since there were `before` as unviable: their code did not
    /// build (rustc's `message`) and is emitted as written.
    pub fn unviable_since(&mut self, before: usize, message: &str) {
        for m in &mut self.mutants[before..] {
            m.build_error = Some(message.to_owned());
        }
    }

    /// Marks mutant `k` unviable: its code would not build (rustc's `message`), and it has
    /// no arm.
    pub fn unviable(&mut self, k: u32, message: &str) {
        if let Some(m) = self.mutants.get_mut(k as usize) {
            m.build_error = Some(message.to_owned());
        }
    }

    /// Enters code under `attrs`: the mutants added until [`Collector::leave_cfg`] exist
    /// only where its `#[cfg(..)]` predicates hold. Returns how many it entered.
    pub fn enter_cfg(&mut self, attrs: &[syn::Attribute]) -> usize {
        let before = self.cfg.len();
        self.cfg.extend(crate::syntax::cfg_predicates(attrs));
        self.cfg.len() - before
    }

    pub fn leave_cfg(&mut self, entered: usize) {
        self.cfg.truncate(self.cfg.len() - entered);
    }

    /// The operators this function gets.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    pub fn wants(&self, operator: Operator) -> bool {
        self.selection.contains(operator)
    }

    pub fn wants_rule(&self, rule: &str) -> bool {
        self.selection.contains_rule(rule)
    }

    pub fn new_site(&mut self) -> u32 {
        self.sites += 1;
        self.sites - 1
    }

    /// Adds a mutant `replace {original} with {replacement}`; returns its local index.
    pub fn add(
        &mut self,
        site: u32,
        operator: Operator,
        location: Location,
        original: &str,
        replacement: &str,
    ) -> u32 {
        let change = format!("replace {original} with {replacement}");
        self.add_described(site, operator, location, original, replacement, change)
    }

    pub fn add_described(
        &mut self,
        site: u32,
        operator: Operator,
        location: Location,
        original: &str,
        replacement: &str,
        change: String,
    ) -> u32 {
        if !self.wants(operator) {
            return NEVER;
        }
        self.push(
            site,
            MadeBy::Operator(operator),
            location,
            original,
            replacement,
            change,
        )
    }

    /// Adds a mutant of the user's rule `rule` (selected for this function).
    pub fn add_rule(
        &mut self,
        site: u32,
        rule: &str,
        location: Location,
        original: &str,
        replacement: &str,
    ) -> u32 {
        let change = format!("replace {original} with {replacement}");
        if !self.wants_rule(rule) {
            return NEVER;
        }
        self.push(
            site,
            MadeBy::Rule(rule.to_owned()),
            location,
            original,
            replacement,
            change,
        )
    }

    fn push(
        &mut self,
        site: u32,
        operator: MadeBy,
        location: Location,
        original: &str,
        replacement: &str,
        change: String,
    ) -> u32 {
        self.mutants.push(Mutant {
            operator,
            site,
            location,
            original: original.to_owned(),
            replacement: replacement.to_owned(),
            change,
            needs_function: true,
            cfg: self.cfg.clone(),
            build_error: None,
            named_at: None,
            compile_time: false,
            compare_value: None,
        });
        (self.mutants.len() - 1) as u32
    }

    /// Adds a mutant of the whole function, whose `change` names the function itself.
    pub fn add_whole(
        &mut self,
        site: u32,
        operator: Operator,
        location: Location,
        original: &str,
        replacement: &str,
        change: String,
    ) -> u32 {
        let k = self.add_described(site, operator, location, original, replacement, change);
        if let Some(m) = self.mutants.get_mut(k as usize) {
            m.needs_function = false;
        }
        k
    }

    /// `file:line:col: change in function`, made unique within the function: code that a
    /// declarative macro generated can carry the same span twice.
    pub fn ids(&self) -> Vec<String> {
        let mut seen = std::collections::HashMap::<String, u32>::new();
        self.mutants
            .iter()
            .map(|m| {
                let base = self.base_id(m);
                let n = seen.entry(base.clone()).or_insert(0);
                *n += 1;
                numbered(base, *n)
            })
            .collect()
    }

    /// The id [`Collector::ids`] gives mutant `k`, known as soon as it is added (only the
    /// mutants before it can share its base). `None` for [`NEVER`].
    pub fn id_of(&self, k: u32) -> Option<String> {
        let m = self.mutants.get(k as usize)?;
        let base = self.base_id(m);
        let n = self.mutants[..=k as usize]
            .iter()
            .filter(|earlier| self.base_id(earlier) == base)
            .count();
        Some(numbered(base, n as u32))
    }

    /// Names mutant `k` at `at` in its id, where its location is wider.
    pub fn name_at(&mut self, k: u32, at: Location) {
        if let Some(m) = self.mutants.get_mut(k as usize) {
            m.named_at = Some(at);
        }
    }

    fn base_id(&self, m: &Mutant) -> String {
        let named = m.named_at.as_ref().unwrap_or(&m.location);
        let [line, col, ..] = named.span;
        format!(
            "{}:{line}:{col}: {}",
            named.file,
            m.description(&self.function)
        )
    }
}

fn numbered(base: String, n: u32) -> String {
    if n == 1 {
        base
    } else {
        format!("{base} (#{n})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_within_a_function() {
        let mut c = Collector::new("f".into(), Selection::all());
        let loc = Location {
            file: "src/lib.rs".into(),
            span: [1, 2, 1, 3],
        };
        let site = c.new_site();
        c.add(site, Operator::Arithmetic, loc.clone(), "+", "-");
        c.add(site, Operator::Arithmetic, loc, "+", "-");
        let ids = c.ids();
        assert_eq!(ids[0], "src/lib.rs:1:2: replace + with - in f");
        assert_eq!(ids[1], "src/lib.rs:1:2: replace + with - in f (#2)");
        assert_eq!(c.id_of(0).as_ref(), Some(&ids[0]));
        assert_eq!(c.id_of(1).as_ref(), Some(&ids[1]));
        assert_eq!(c.id_of(NEVER), None);
    }
}
