//! A ticket counter shared between threads: tickets are numbered from 0 by an atomic, and
//! each served ticket is logged under a lock. A thread that panics while holding the log
//! poisons it; the counter then refuses to report rather than report a log half written.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The log was poisoned: a thread panicked while writing it.
#[derive(Debug, PartialEq, Eq)]
pub struct Poisoned;

#[derive(Default)]
pub struct Counter {
    next: AtomicU64,
    served: Mutex<Vec<u64>>,
}

#[mutate_runtime::mutate]
impl Counter {
    pub fn new() -> Self {
        Counter::default()
    }

    /// The next ticket: 0, then 1, 2... each handed out once, whatever the threads.
    pub fn take(&self) -> u64 {
        self.next.fetch_add(1, Ordering::SeqCst)
    }

    /// Logs `ticket` as served.
    pub fn serve(&self, ticket: u64) -> Result<(), Poisoned> {
        let mut served = self.served.lock().map_err(|_| Poisoned)?;
        served.push(ticket);
        Ok(())
    }

    /// Logs `ticket` as served, running `check` on it while the log is held: a `check`
    /// that panics leaves the log poisoned.
    pub fn serve_checked(&self, ticket: u64, check: impl FnOnce(u64)) -> Result<(), Poisoned> {
        let mut served = self.served.lock().map_err(|_| Poisoned)?;
        check(ticket);
        served.push(ticket);
        Ok(())
    }

    /// The tickets served, in order.
    pub fn served(&self) -> Result<Vec<u64>, Poisoned> {
        let served = self.served.lock().map_err(|_| Poisoned)?;
        Ok(served.clone())
    }
}
