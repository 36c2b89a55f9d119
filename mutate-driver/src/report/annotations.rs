//! Survivors and uncovered mutants as CI annotations: GitHub Actions' `::warning`
//! workflow commands, which put each on its line in a pull request's diff.

use crate::discover::Discovery;
use crate::lab::Results;
use crate::outcome::Status;

/// One `::warning` line per survivor and uncovered mutant; `reproduce` gives the command
/// that runs a mutant alone.
pub fn github(d: &Discovery, results: &Results, reproduce: impl Fn(&str) -> String) -> String {
    let mut out = String::new();
    for (m, r) in results.mutants.iter().enumerate() {
        let title = match r.status {
            Status::Survived => "Mutant survived",
            Status::NoCoverage => "Mutant not covered",
            _ => continue,
        };
        let e = &d.mutants[m].entry;
        let [line, col, end_line, end_col] = e.span;
        let why = match r.status {
            Status::Survived => "every test that reaches it passed",
            _ => "no test reaches it",
        };
        let message = format!("{}: {why}. Reproduce: {}", e.description, reproduce(&e.id));
        out.push_str(&format!(
            "::warning file={},line={line},col={col},endLine={end_line},endColumn={end_col},\
             title={}::{}\n",
            property(&e.file),
            property(title),
            data(&message)
        ));
    }
    out
}

/// A command's message, escaped as the runner unescapes it.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A command's property value: its message escapes, and `:` and `,` too.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_and_properties_are_escaped() {
        assert_eq!(data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
