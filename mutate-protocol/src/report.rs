//! What a server sends back for one request: how the child ended, its hits and output.

use crate::spawned::Counted;
use crate::{escape, pairs, unescape};

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
    /// Killed by the server once its threads had all slept, with no CPU time used and no
    /// other process in its group, for the request's `blocked_ms` on end.
    Blocked,
}

/// Whether the active mutant's type fallback ran, computing the original instead: the
/// mutant's value could not be made for the types at hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FellBack {
    #[default]
    No,
    /// No value of the type stands for the replacement (`Default::default()` of a type
    /// without one): its text would not build either.
    NoSuchValue,
    /// The replacement is of another type than the written code (`char`'s
    /// `to_lowercase()` for its `to_uppercase()`): one value cannot hold both, and its
    /// text may build.
    OtherType,
}

impl FellBack {
    /// Its code in the counters' header and in a report line.
    pub fn code(self) -> u8 {
        match self {
            FellBack::No => 0,
            FellBack::NoSuchValue => 1,
            FellBack::OtherType => 2,
        }
    }

    pub fn from_code(code: u64) -> FellBack {
        match code {
            0 => FellBack::No,
            2 => FellBack::OtherType,
            _ => FellBack::NoSuchValue,
        }
    }

    fn decode(field: &str) -> Option<FellBack> {
        Some(FellBack::from_code(field.parse().ok()?))
    }
}

/// The total of loop rounds and calls of a coverage run that stopped counting in a
/// function whose sites had told it all they could (the runtime's `coverage_cut.rs`): its
/// test's mutants run without a hit budget.
pub const UNCOUNTED: u64 = u64::MAX;

/// A site's hit count where a coverage run stopped counting in its function before it saw
/// the site reached (the runtime's `coverage_cut.rs`): the test may reach it later, so its
/// mutants are run under it, but a run that does not reach them is no sign of chance.
/// Hits counted after the stop are added below this bit.
pub const ASSUMED_REACHED: u64 = 1 << 63;

/// A function's count of calls and loop rounds ([`CatalogEntry::ticks`](crate::CatalogEntry))
/// where a coverage run stopped counting it: the bit over the count so far, which is
/// short of what the test made it do. (A site's counter with the bit and a count was
/// reached after all: the driver reads only the bit alone as an assumption.)
pub const COUNT_CUT: u64 = ASSUMED_REACHED;

/// Whether a counter holds a count cut short ([`COUNT_CUT`]), not a site assumed reached.
pub fn cut_short(count: u64) -> bool {
    count & COUNT_CUT != 0 && count & !COUNT_CUT != 0
}

/// Two processes' hits of one site together, [`ASSUMED_REACHED`] kept where either
/// assumed it and neither saw it reached; two counts of a function's calls together, cut
/// short where either was ([`COUNT_CUT`]).
pub fn hits_together(a: u64, b: u64) -> u64 {
    let seen = (a & !ASSUMED_REACHED).saturating_add(b & !ASSUMED_REACHED);
    match seen {
        0 => (a | b) & ASSUMED_REACHED,
        seen if cut_short(a) || cut_short(b) => seen.min(!COUNT_CUT) | COUNT_CUT,
        seen => seen.min(!ASSUMED_REACHED),
    }
}

/// What the server reports for one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub end: End,
    pub micros: u64,
    /// The child's user and system time (its own threads'; not what it started), in
    /// microseconds: against `micros`, whether the test computed or waited.
    pub cpu_micros: u64,
    /// Loop rounds and calls counted in mutated code (what the hit budget counts);
    /// [`UNCOUNTED`] where a coverage run stopped counting in a function.
    pub total_hits: u64,
    /// Whether the active mutant's type fallback ran, and why.
    pub fell_back: FellBack,
    /// libtest printed that the one test passed.
    pub passed: bool,
    /// The active mutant's site was evaluated: the mutant ran (false with none on).
    pub reached: bool,
    /// The run passed its hit budget while another thread of the test was alive, and went
    /// on without one: a loop may have been waiting for that thread.
    pub budget_waived: bool,
    /// `(global site index, hits)` for every site hit, when asked.
    pub hits: Vec<(u32, u64)>,
    /// `(global mutant index, flags of [`crate::infection`])` for every mutant whose site
    /// was compared, with coverage.
    pub infection: Vec<(u32, u8)>,
    /// The child's stdout and stderr, when asked.
    pub output: Option<String>,
    /// One line per traced call's exit, when asked to observe: depth, function, digest of
    /// what it returned, digests of what it left behind its `&mut` arguments (tabs).
    pub trace: Vec<String>,
    /// What the processes the test started counted, by executable, with coverage (their
    /// loop rounds and calls are in `total_hits`, their `reached` and `fell_back` above).
    pub spawned: Vec<Counted>,
}

impl End {
    fn encode(self) -> String {
        match self {
            End::Exited(code) => format!("exit\t{code}"),
            End::Signaled(signal) => format!("signal\t{signal}"),
            End::WallClock => "wallclock\t0".into(),
            End::WallClockGraced => "wallclock\t1".into(),
            End::HitBudget => "budget\t0".into(),
            End::Blocked => "blocked\t0".into(),
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
            "blocked" => End::Blocked,
            _ => return None,
        })
    }
}

impl Report {
    /// The lines (without prefix) that carry this report; the last is `done`.
    pub fn encode(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "result\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.end.encode(),
            self.micros,
            self.cpu_micros,
            self.total_hits,
            self.fell_back.code(),
            u8::from(self.passed),
            u8::from(self.reached),
            u8::from(self.budget_waived)
        )];
        if !self.hits.is_empty() {
            lines.push(format!("hits\t{}", crate::pairs_text(&self.hits)));
        }
        if !self.infection.is_empty() {
            lines.push(format!("infection\t{}", crate::pairs_text(&self.infection)));
        }
        if let Some(output) = &self.output {
            lines.push(format!("output\t{}", escape(output)));
        }
        lines.extend(
            self.trace
                .iter()
                .map(|call| format!("trace\t{}", escape(call))),
        );
        lines.extend(self.spawned.iter().map(Counted::encode));
        lines.push("done".into());
        lines
    }

    /// The line (without prefix) a server sends instead of a report when it cannot carry
    /// out a request: a malformed request, or a mutant it does not have.
    pub fn refusal(reason: &str) -> String {
        format!("error\t{}", escape(reason))
    }

    /// Folds one line (without prefix) into a report under construction. Returns true on
    /// the final line.
    pub fn decode_line(report: &mut Option<Report>, line: &str) -> Result<bool, String> {
        let (kind, rest) = line.split_once('\t').unwrap_or((line, ""));
        match kind {
            "result" => {
                let f: Vec<&str> = rest.split('\t').collect();
                let parsed = (|| {
                    if f.len() != 9 {
                        return None;
                    }
                    Some(Report {
                        end: End::decode(f[0], f[1])?,
                        micros: f[2].parse().ok()?,
                        cpu_micros: f[3].parse().ok()?,
                        total_hits: f[4].parse().ok()?,
                        fell_back: FellBack::decode(f[5])?,
                        passed: f[6] == "1",
                        reached: f[7] == "1",
                        budget_waived: f[8] == "1",
                        hits: Vec::new(),
                        infection: Vec::new(),
                        output: None,
                        trace: Vec::new(),
                        spawned: Vec::new(),
                    })
                })();
                *report = Some(parsed.ok_or_else(|| format!("malformed result line: {line}"))?);
                Ok(false)
            }
            "hits" => {
                let report = report.as_mut().ok_or("hits before result")?;
                report.hits = pairs(rest).ok_or("malformed hits")?;
                Ok(false)
            }
            "infection" => {
                let report = report.as_mut().ok_or("infection before result")?;
                report.infection = pairs(rest).ok_or("malformed infection")?;
                Ok(false)
            }
            "output" => {
                let report = report.as_mut().ok_or("output before result")?;
                report.output = Some(unescape(rest));
                Ok(false)
            }
            "trace" => {
                let report = report.as_mut().ok_or("trace before result")?;
                report.trace.push(unescape(rest));
                Ok(false)
            }
            "spawned" => {
                let report = report.as_mut().ok_or("spawned before result")?;
                let counted = Counted::decode(rest).ok_or("malformed spawned")?;
                report.spawned.push(counted);
                Ok(false)
            }
            "done" => {
                if report.is_none() {
                    return Err("done before result".into());
                }
                Ok(true)
            }
            "error" => Err(format!("server refused the request: {}", unescape(rest))),
            other => Err(format!("unknown report line kind `{other}`")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hits_of_two_processes_keep_an_assumed_reach_only_where_none_saw_it() {
        assert_eq!(hits_together(0, ASSUMED_REACHED), ASSUMED_REACHED);
        assert_eq!(
            hits_together(ASSUMED_REACHED, ASSUMED_REACHED),
            ASSUMED_REACHED
        );
        assert_eq!(hits_together(ASSUMED_REACHED, 3), 3);
        assert_eq!(hits_together(ASSUMED_REACHED | 2, 3), 5 | COUNT_CUT);
        assert_eq!(hits_together(4, COUNT_CUT | 1), 5 | COUNT_CUT);
        assert!(!cut_short(ASSUMED_REACHED) && !cut_short(7) && cut_short(COUNT_CUT | 7));
        assert_eq!(hits_together(4, 5), 9);
        assert_eq!(hits_together(0, 0), 0);
    }

    #[test]
    fn report_round_trips() {
        let report = Report {
            end: End::Signaled(11),
            micros: 5,
            cpu_micros: 1_500,
            total_hits: 9,
            fell_back: FellBack::OtherType,
            passed: false,
            reached: true,
            budget_waived: true,
            hits: vec![(0, 4), (7, 5)],
            infection: vec![(3, 1), (9, 6)],
            output: Some("thread panicked\n\tat x".into()),
            trace: vec!["0\tf\t1:2\t".into(), "1\tg\t?\t".into()],
            spawned: vec![Counted {
                exe: "/t/app".into(),
                processes: 2,
                hits: vec![(1, 2)],
                infection: vec![(0, 1)],
            }],
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
            End::Blocked,
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
        let refusal = Report::refusal("unknown mutant: a\tb");
        assert_eq!(
            Report::decode_line(&mut report, &refusal),
            Err("server refused the request: unknown mutant: a\tb".into())
        );
    }
}
