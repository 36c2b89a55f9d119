//! What the driver asks of a server: run a test with a mutant, under limits.

use crate::{escape, unescape};

/// A request to run a test in a forked child.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Request {
    /// The test to run, for a server started with the test slot
    /// ([`test_slot`](crate::test_slot)); `None`: the one test it was started for.
    pub test: Option<String>,
    /// Mutant to activate; `None` runs the original code.
    pub mutant: Option<String>,
    /// Hit budget (loop rounds and calls in mutated code) after which the child ends as a
    /// timeout; 0: none.
    pub budget: u64,
    /// A budget of the mutant's function's own loop rounds and calls (0: none): past it,
    /// the child ends as a timeout once it has also used `own_after_ms` of CPU time, and
    /// goes on until then. Tighter than `budget` where the test does much else.
    pub own_budget: u64,
    /// The CPU time, in milliseconds, a child past its `own_budget` must have used before
    /// that budget ends it.
    pub own_after_ms: u64,
    /// Wall-clock limit in milliseconds; 0: none.
    pub timeout_ms: u64,
    /// More wall-clock time, in milliseconds, for a child that at `timeout_ms` had not used
    /// that much CPU time (the machine starved it, or it waits on a sleep, a lock, a
    /// process): it ends when it has, or when the grace is over. A child computing flat
    /// out ends at `timeout_ms`. 0: none.
    pub grace_ms: u64,
    /// A child whose threads all sleep, using no CPU time, with no other process in its
    /// group, for this many milliseconds on end ends as blocked (a timeout); 0: never.
    pub blocked_ms: u64,
    /// Address-space limit for the child in MiB; 0: none.
    pub memory_mb: u64,
    /// Send per-site hit counts back.
    pub coverage: bool,
    /// With coverage: compare each replacement with the original at every evaluation,
    /// and send the infection flags back.
    pub probe: bool,
    /// Send the child's captured output back.
    pub output: bool,
    /// Trace every annotated call's exit, and send the trace back.
    pub observe: bool,
    /// The mutant's function runs its schemata body with the mutant itself off: what a run
    /// of the mutant costs without its effect.
    pub inert: bool,
}

impl Request {
    pub fn encode(&self) -> String {
        format!(
            "run\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            escape(self.mutant.as_deref().unwrap_or("")),
            self.budget,
            self.timeout_ms,
            self.grace_ms,
            self.memory_mb,
            u8::from(self.coverage),
            u8::from(self.probe),
            u8::from(self.output),
            u8::from(self.observe),
            escape(self.test.as_deref().unwrap_or("")),
            u8::from(self.inert),
            self.blocked_ms,
            self.own_budget,
            self.own_after_ms,
        )
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() != 15 || f[0] != "run" {
            return None;
        }
        let mutant = unescape(f[1]);
        let test = unescape(f[10]);
        Some(Request {
            test: (!test.is_empty()).then_some(test),
            mutant: (!mutant.is_empty()).then_some(mutant),
            budget: f[2].parse().ok()?,
            timeout_ms: f[3].parse().ok()?,
            grace_ms: f[4].parse().ok()?,
            memory_mb: f[5].parse().ok()?,
            coverage: f[6] == "1",
            probe: f[7] == "1",
            output: f[8] == "1",
            observe: f[9] == "1",
            inert: f[11] == "1",
            blocked_ms: f[12].parse().ok()?,
            own_budget: f[13].parse().ok()?,
            own_after_ms: f[14].parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_round_trips() {
        let request = Request {
            test: Some("map::tests::a\tb".into()),
            mutant: Some("x\ty".into()),
            budget: 10,
            own_budget: 11,
            own_after_ms: 12,
            timeout_ms: 20,
            grace_ms: 25,
            blocked_ms: 300,
            memory_mb: 30,
            coverage: true,
            probe: true,
            output: false,
            observe: true,
            inert: true,
        };
        assert_eq!(Request::decode(&request.encode()), Some(request));
        let none = Request::default();
        assert_eq!(Request::decode(&none.encode()), Some(none));
    }

    #[test]
    fn a_short_request_is_malformed() {
        assert_eq!(Request::decode("run\tonly"), None);
    }
}
