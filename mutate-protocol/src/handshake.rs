//! What a server says when it starts: `hello` with its protocol version and site count,
//! one `mutant` line per mutant of its catalog, then `ready`.

use crate::{escape, unescape};

/// One line of a server's start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Greeting {
    /// The first line: the server's protocol version, how many sites it registered, and
    /// whether it found the test slot among its arguments (and so runs any test of its
    /// binary a request names; see [`test_slot`](crate::test_slot)).
    Hello {
        version: u32,
        sites: u32,
        any_test: bool,
    },
    /// One mutant of its catalog.
    Mutant(Box<CatalogEntry>),
    /// The catalog is complete; the server waits for requests.
    Ready,
}

impl Greeting {
    pub fn encode(&self) -> String {
        match self {
            Greeting::Hello {
                version,
                sites,
                any_test,
            } => format!("hello\t{version}\t{sites}\t{}", u8::from(*any_test)),
            Greeting::Mutant(entry) => entry.encode(),
            Greeting::Ready => "ready".into(),
        }
    }

    /// The greeting a line (without prefix) carries: `Ok(None)` for a kind this version
    /// does not know (ignored, so a newer server can add lines), an error for a known
    /// kind that is malformed.
    pub fn decode(line: &str) -> Result<Option<Greeting>, String> {
        let (kind, rest) = line.split_once('\t').unwrap_or((line, ""));
        let malformed = || format!("malformed {kind} line: {line}");
        Ok(Some(match kind {
            "hello" => {
                let mut fields = rest.split('\t').map(str::parse::<u32>);
                match (fields.next(), fields.next(), fields.next()) {
                    (Some(Ok(version)), Some(Ok(sites)), any_test) => Greeting::Hello {
                        version,
                        sites,
                        any_test: matches!(any_test, Some(Ok(1))),
                    },
                    // A server too old to say more still says its version.
                    (Some(Ok(version)), None, _) => Greeting::Hello {
                        version,
                        sites: 0,
                        any_test: false,
                    },
                    _ => return Err(malformed()),
                }
            }
            "mutant" => {
                Greeting::Mutant(Box::new(CatalogEntry::decode(line).ok_or_else(malformed)?))
            }
            "ready" => Greeting::Ready,
            _ => return Ok(None),
        }))
    }
}

/// One mutant of the catalog a server sends on start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub index: u32,
    pub site: u32,
    /// The counter, among the sites', of the calls and loop rounds of the mutant's
    /// function in a counting run ([`NO_TICKS`]: none): what a test makes the function do
    /// as written, against which a mutant's run of it is budgeted.
    pub ticks: u32,
    pub id: String,
    pub operator: String,
    pub file: String,
    /// Start line, start column, end line, end column; 1-based, end exclusive.
    pub span: [u32; 4],
    pub original: String,
    pub replacement: String,
    pub description: String,
    pub function: String,
    /// rustc's message when the driver's schemata build failed in the mutant's function
    /// (the rebuild net compiled it as written: the mutant is unviable); empty else.
    pub build_error: String,
    /// The mutant is in a constant context (a `const` or `static` initializer): its value
    /// is computed when the crate is built, so only a build with it named in its package's
    /// [`env::built_with`](crate::env::built_with) has it on (`mutate-runtime`'s
    /// `__private::compile_time`).
    pub compile_time: bool,
    /// Of a constant's mutant: what running its constant's initializer with it showed.
    pub value: ConstantValue,
}

/// [`CatalogEntry::ticks`] of a mutant whose server counts no calls per function.
pub const NO_TICKS: u32 = u32::MAX;

/// What a test binary found running a constant's initializer as written and with a mutant
/// (`mutate-runtime`'s `compile_time::compare`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum ConstantValue {
    /// Not compared (not a scalar constant, or the comparison did not end), or different.
    #[default]
    Unknown,
    /// The same value: every build with the mutant is the build without it.
    Same,
    /// The mutant's text panics (its message): rustc's evaluation rejects it.
    Panics(String),
}

impl ConstantValue {
    /// One field: empty, `=`, or `!` and the escaped message (also a line of the runtime's
    /// child that computes them).
    pub fn encode(&self) -> String {
        match self {
            ConstantValue::Unknown => String::new(),
            ConstantValue::Same => "=".into(),
            ConstantValue::Panics(message) => format!("!{}", escape(message)),
        }
    }

    pub fn decode(field: &str) -> Self {
        match field.split_at_checked(1) {
            Some(("=", "")) => ConstantValue::Same,
            Some(("!", message)) => ConstantValue::Panics(unescape(message)),
            _ => ConstantValue::Unknown,
        }
    }
}

impl CatalogEntry {
    pub fn encode(&self) -> String {
        let [l1, c1, l2, c2] = self.span;
        format!(
            "mutant\t{}\t{}\t{}\t{}\t{}\t{l1}\t{c1}\t{l2}\t{c2}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.index,
            self.site,
            escape(&self.id),
            escape(&self.operator),
            escape(&self.file),
            escape(&self.original),
            escape(&self.replacement),
            escape(&self.description),
            escape(&self.function),
            escape(&self.build_error),
            u8::from(self.compile_time),
            self.value.encode(),
            self.ticks,
        )
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 18 || f[0] != "mutant" {
            return None;
        }
        let n = |s: &str| s.parse::<u32>().ok();
        Some(CatalogEntry {
            index: n(f[1])?,
            site: n(f[2])?,
            id: unescape(f[3]),
            operator: unescape(f[4]),
            file: unescape(f[5]),
            span: [n(f[6])?, n(f[7])?, n(f[8])?, n(f[9])?],
            original: unescape(f[10]),
            replacement: unescape(f[11]),
            description: unescape(f[12]),
            function: unescape(f[13]),
            build_error: unescape(f[14]),
            compile_time: f[15] == "1",
            value: ConstantValue::decode(f[16]),
            ticks: n(f[17])?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_entry_round_trips() {
        let entry = CatalogEntry {
            index: 3,
            site: 1,
            ticks: 2,
            id: "src/lib.rs:2:5: replace < with <= in f".into(),
            operator: "relational".into(),
            file: "src/lib.rs".into(),
            span: [2, 5, 2, 6],
            original: "<".into(),
            replacement: "<=".into(),
            description: "replace < with <= in f".into(),
            function: "f".into(),
            build_error: "mismatched types".into(),
            compile_time: true,
            value: ConstantValue::Panics("attempt to divide by zero\tat\n1".into()),
        };
        assert_eq!(CatalogEntry::decode(&entry.encode()), Some(entry.clone()));
        for value in [ConstantValue::Same, ConstantValue::Unknown] {
            let entry = CatalogEntry {
                value,
                ..entry.clone()
            };
            assert_eq!(CatalogEntry::decode(&entry.encode()), Some(entry));
        }
    }

    #[test]
    fn greetings_round_trip() {
        for greeting in [
            Greeting::Hello {
                version: 2,
                sites: 40,
                any_test: false,
            },
            Greeting::Hello {
                version: 5,
                sites: 3,
                any_test: true,
            },
            Greeting::Ready,
        ] {
            assert_eq!(Greeting::decode(&greeting.encode()), Ok(Some(greeting)));
        }
    }

    #[test]
    fn unknown_kinds_are_skipped_and_malformed_ones_refused() {
        assert_eq!(Greeting::decode("news\tx"), Ok(None));
        assert!(Greeting::decode("hello\tv2").is_err());
        assert!(Greeting::decode("mutant\t1").is_err());
    }
}
