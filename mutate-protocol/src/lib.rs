//! What the parts of **mutate** tell each other. It holds no constructor and no fork
//! server, so linking it turns no binary into one.
//!
//! - [`env`]: the environment variables the driver sets for builds and test binaries.
//! - [`build_errors`]: where a schemata build failed, read back by `#[mutate]`.
//! - The line protocol between `cargo mutate-driver` and the fork server in a test binary:
//!   the server writes to its stdout, the driver to the server's stdin. Every server line
//!   starts with [`PREFIX`], so anything else a binary prints before `main` is ignored.
//!   Fields are separated by tabs; text fields are escaped so they hold no tab or newline.

pub mod build_errors;
pub mod env;

/// Start of every line the server writes.
pub const PREFIX: &str = "@mutate ";
/// Environment variable that turns a test binary into a fork server.
pub const SERVER_ENV: &str = env::SERVER;
/// Protocol version, checked in the handshake.
pub const VERSION: u32 = 2;

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

/// One mutant of the catalog a server sends on start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub index: u32,
    pub site: u32,
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
}

impl CatalogEntry {
    pub fn encode(&self) -> String {
        let [l1, c1, l2, c2] = self.span;
        format!(
            "mutant\t{}\t{}\t{}\t{}\t{}\t{l1}\t{c1}\t{l2}\t{c2}\t{}\t{}\t{}\t{}\t{}",
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
        )
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 15 || f[0] != "mutant" {
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
        })
    }
}

/// A request to run the binary's one test in a forked child.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// Mutant to activate; `None` runs the original code.
    pub mutant: Option<String>,
    /// Hit budget (total site hits) after which the child ends as a timeout; 0: none.
    pub budget: u64,
    /// Wall-clock limit in milliseconds; 0: none.
    pub timeout_ms: u64,
    /// More wall-clock time, in milliseconds, for a child that at `timeout_ms` had not used
    /// that much CPU time (the machine starved it, or it waits on a sleep, a lock, a
    /// process): it ends when it has, or when the grace is over. A child computing flat
    /// out ends at `timeout_ms`. 0: none.
    pub grace_ms: u64,
    /// Address-space limit for the child in MiB; 0: none.
    pub memory_mb: u64,
    /// Send per-site hit counts back.
    pub coverage: bool,
    /// Send the child's captured output back.
    pub output: bool,
}

impl Request {
    pub fn encode(&self) -> String {
        format!(
            "run\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            escape(self.mutant.as_deref().unwrap_or("")),
            self.budget,
            self.timeout_ms,
            self.grace_ms,
            self.memory_mb,
            u8::from(self.coverage),
            u8::from(self.output),
        )
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 8 || f[0] != "run" {
            return None;
        }
        let mutant = unescape(f[1]);
        Some(Request {
            mutant: (!mutant.is_empty()).then_some(mutant),
            budget: f[2].parse().ok()?,
            timeout_ms: f[3].parse().ok()?,
            grace_ms: f[4].parse().ok()?,
            memory_mb: f[5].parse().ok()?,
            coverage: f[6] == "1",
            output: f[7] == "1",
        })
    }
}

/// How a child ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Exited with this code.
    Exited(i32),
    /// Killed by this signal (not by the server).
    Signaled(i32),
    /// Killed by the server once it had used its time limit computing (at the limit, or
    /// later if the machine starved it).
    WallClock,
    /// Killed by the server at its time limit plus grace, having computed for less than
    /// the limit: it was waiting (or the machine starved it throughout).
    WallClockGraced,
    /// Ran out of hit budget.
    HitBudget,
}

/// What the server reports for one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub end: End,
    pub micros: u64,
    pub total_hits: u64,
    /// The active mutant's type fallback ran.
    pub fell_back: bool,
    /// libtest printed that the one test passed.
    pub passed: bool,
    /// `(global site index, hits)` for every site hit, when asked.
    pub hits: Vec<(u32, u64)>,
    /// The child's stdout and stderr, when asked.
    pub output: Option<String>,
}

impl End {
    fn encode(self) -> String {
        match self {
            End::Exited(code) => format!("exit\t{code}"),
            End::Signaled(signal) => format!("signal\t{signal}"),
            End::WallClock => "wallclock\t0".into(),
            End::WallClockGraced => "wallclock\t1".into(),
            End::HitBudget => "budget\t0".into(),
        }
    }

    fn decode(kind: &str, value: &str) -> Option<Self> {
        let value: i32 = value.parse().ok()?;
        Some(match kind {
            "exit" => End::Exited(value),
            "signal" => End::Signaled(value),
            "wallclock" if value == 1 => End::WallClockGraced,
            "wallclock" => End::WallClock,
            "budget" => End::HitBudget,
            _ => return None,
        })
    }
}

impl Report {
    /// The lines (without prefix) that carry this report; the last is `done`.
    pub fn encode(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "result\t{}\t{}\t{}\t{}\t{}",
            self.end.encode(),
            self.micros,
            self.total_hits,
            u8::from(self.fell_back),
            u8::from(self.passed)
        )];
        if !self.hits.is_empty() {
            let pairs: Vec<String> = self.hits.iter().map(|(s, n)| format!("{s}={n}")).collect();
            lines.push(format!("hits\t{}", pairs.join(" ")));
        }
        if let Some(output) = &self.output {
            lines.push(format!("output\t{}", escape(output)));
        }
        lines.push("done".into());
        lines
    }

    /// Folds one line (without prefix) into a report under construction. Returns true on
    /// the final line.
    pub fn decode_line(report: &mut Option<Report>, line: &str) -> Result<bool, String> {
        let (kind, rest) = line.split_once('\t').unwrap_or((line, ""));
        match kind {
            "result" => {
                let f: Vec<&str> = rest.split('\t').collect();
                let parsed = (|| {
                    if f.len() != 6 {
                        return None;
                    }
                    Some(Report {
                        end: End::decode(f[0], f[1])?,
                        micros: f[2].parse().ok()?,
                        total_hits: f[3].parse().ok()?,
                        fell_back: f[4] == "1",
                        passed: f[5] == "1",
                        hits: Vec::new(),
                        output: None,
                    })
                })();
                *report = Some(parsed.ok_or_else(|| format!("malformed result line: {line}"))?);
                Ok(false)
            }
            "hits" => {
                let report = report.as_mut().ok_or("hits before result")?;
                for pair in rest.split(' ').filter(|p| !p.is_empty()) {
                    let (site, count) = pair.split_once('=').ok_or("malformed hits")?;
                    let site = site.parse().map_err(|_| "malformed hits")?;
                    let count = count.parse().map_err(|_| "malformed hits")?;
                    report.hits.push((site, count));
                }
                Ok(false)
            }
            "output" => {
                let report = report.as_mut().ok_or("output before result")?;
                report.output = Some(unescape(rest));
                Ok(false)
            }
            "done" => {
                if report.is_none() {
                    return Err("done before result".into());
                }
                Ok(true)
            }
            "error" => Err(format!("server refused the request: {rest}")),
            other => Err(format!("unknown report line kind `{other}`")),
        }
    }
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

    #[test]
    fn catalog_entry_round_trips() {
        let entry = CatalogEntry {
            index: 3,
            site: 1,
            id: "src/lib.rs:2:5: replace < with <= in f".into(),
            operator: "relational".into(),
            file: "src/lib.rs".into(),
            span: [2, 5, 2, 6],
            original: "<".into(),
            replacement: "<=".into(),
            description: "replace < with <= in f".into(),
            function: "f".into(),
            build_error: "mismatched types".into(),
        };
        assert_eq!(CatalogEntry::decode(&entry.encode()), Some(entry));
    }

    #[test]
    fn request_round_trips() {
        let request = Request {
            mutant: Some("x\ty".into()),
            budget: 10,
            timeout_ms: 20,
            grace_ms: 25,
            memory_mb: 30,
            coverage: true,
            output: false,
        };
        assert_eq!(Request::decode(&request.encode()), Some(request));
        let none = Request::default();
        assert_eq!(Request::decode(&none.encode()), Some(none));
    }

    #[test]
    fn report_round_trips() {
        let report = Report {
            end: End::Signaled(11),
            micros: 5,
            total_hits: 9,
            fell_back: true,
            passed: false,
            hits: vec![(0, 4), (7, 5)],
            output: Some("thread panicked\n\tat x".into()),
        };
        let mut decoded = None;
        let lines = report.encode();
        for (i, line) in lines.iter().enumerate() {
            let last = Report::decode_line(&mut decoded, line).unwrap();
            assert_eq!(last, i + 1 == lines.len());
        }
        assert_eq!(decoded, Some(report));
    }

    #[test]
    fn every_end_round_trips() {
        for end in [
            End::Exited(0),
            End::Exited(101),
            End::Signaled(9),
            End::WallClock,
            End::WallClockGraced,
            End::HitBudget,
        ] {
            let line = end.encode();
            let (kind, value) = line.split_once('\t').unwrap();
            assert_eq!(End::decode(kind, value), Some(end), "{line}");
        }
    }

    #[test]
    fn malformed_lines_are_errors() {
        let mut report = None;
        assert!(Report::decode_line(&mut report, "done").is_err());
        assert!(Report::decode_line(&mut report, "result\tbad").is_err());
        assert!(Report::decode_line(&mut report, "nonsense").is_err());
        assert_eq!(Request::decode("run\tonly"), None);
        assert_eq!(CatalogEntry::decode("mutant\t1"), None);
    }
}
