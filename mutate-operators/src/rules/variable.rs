//! Metavariables: `$x` (one expression) and `$x..` (the rest of a list), each written in
//! a parsed template as an identifier no user writes.

use std::fmt;

pub const VAR: &str = "__mutate_var_";
pub const REST: &str = "__mutate_rest_";

/// A metavariable of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    /// `$x..`: a rest of arguments, not one expression.
    pub rest: bool,
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}{}", self.name, if self.rest { ".." } else { "" })
    }
}

/// What a placeholder identifier stands for, if it is one.
pub fn variable_of(ident: &str) -> Option<Variable> {
    if let Some(name) = ident.strip_prefix(VAR) {
        return Some(Variable {
            name: name.to_owned(),
            rest: false,
        });
    }
    ident.strip_prefix(REST).map(|name| Variable {
        name: name.to_owned(),
        rest: true,
    })
}
