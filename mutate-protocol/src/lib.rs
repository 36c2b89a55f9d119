//! What the parts of **mutate** tell each other. It holds no constructor and no fork
//! server, so linking it turns no binary into one.
//!
//! - [`env`]: the environment variables the driver sets for builds and test binaries.
//! - [`build_errors`]: where a schemata build failed, read back by `#[mutate]`.
//! - [`infection`]: what a coverage run saw each mutant's replacement compute.
//! - [`unviable_marks`]: the mark rustc's warnings carry for a mutant it proved unviable.
//! - [`spawned`]: how processes a test starts count into its run.
//! - The line protocol between `cargo mutate-driver` and the fork server in a test binary:
//!   the server writes to its stdout, the driver to the server's stdin. Every server line
//!   starts with [`PREFIX`], so anything else a binary prints before `main` is ignored.
//!   Fields are separated by tabs; text fields are escaped so they hold no tab or newline.

pub mod build_errors;
pub mod env;
mod handshake;
pub mod infection;
mod report;
mod request;
pub mod rules;
pub mod server_exit;
pub mod spawned;
pub mod test_slot;
pub mod unviable_marks;

pub use handshake::{CatalogEntry, ConstantValue, Greeting, NO_TICKS};
pub use report::{
    ASSUMED_REACHED, COUNT_CUT, End, FellBack, Report, UNCOUNTED, cut_short, hits_together,
};
pub use request::Request;

/// Start of every line the server writes.
pub const PREFIX: &str = "@mutate ";
/// Environment variable that turns a test binary into a fork server.
pub const SERVER_ENV: &str = env::SERVER;
/// Between the digests of a traced call's `&mut` arguments, in a trace line.
pub const TRACE_SEPARATOR: &str = "\u{1f}";
/// The last line of a trace that reached its size limit: calls after it were not written.
pub const TRACE_TRUNCATED: &str = "truncated";
/// Protocol version, checked in the handshake.
pub const VERSION: u32 = 10;

/// Escapes backslash, tab, newline and carriage return.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// Inverse of [`escape`].
pub fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// `a=b c=d ...`: pairs as report lines carry them (site hits, infection flags).
pub(crate) fn pairs_text<A: std::fmt::Display, B: std::fmt::Display>(pairs: &[(A, B)]) -> String {
    let text: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}={b}")).collect();
    text.join(" ")
}

/// Inverse of [`pairs_text`], each side parsed.
pub(crate) fn pairs<A: std::str::FromStr, B: std::str::FromStr>(text: &str) -> Option<Vec<(A, B)>> {
    text.split(' ')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (a, b) = pair.split_once('=')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_round_trips_control_characters() {
        let text = "a\tb\nc\\d\re";
        assert_eq!(unescape(&escape(text)), text);
        assert!(!escape(text).contains('\t'));
        assert!(!escape(text).contains('\n'));
    }
}
