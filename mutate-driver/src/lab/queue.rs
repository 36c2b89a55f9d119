//! The mutant phase's waiting runs, handed to workers one at a time. A run's verdict may
//! add the mutant's next run (under its next covering test) while the others go on, so no
//! worker waits for a round's slowest run to end: with rounds, two jobs on indexmap spent
//! 40 of their 100 job-seconds idle.
//!
//! Runs wait by test binary, each binary's in the order they came, so a mutant's next test
//! comes after the runs already waiting for their earlier ones (fastest tests first,
//! roughly as rounds had them). A worker keeps to the binary whose fork server it holds
//! while that binary has runs waiting.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};

/// Runs waiting, by key (a test binary), each an item (a test and a mutant), light or not:
/// a light run (of a test that waits) may go to a worker beyond the cores.
pub struct Queue<T> {
    state: Mutex<State<T>>,
    changed: Condvar,
}

struct State<T> {
    waiting: BTreeMap<usize, Waiting<T>>,
    /// How many items were pushed: each item's number keeps one order across both kinds.
    pushed: u64,
    closed: bool,
}

/// One key's waiting items, apart by kind so that a count is a length, not a scan (a take
/// is on every mutant's path).
struct Waiting<T> {
    light: VecDeque<(u64, T)>,
    other: VecDeque<(u64, T)>,
}

impl<T> Default for Waiting<T> {
    fn default() -> Self {
        Waiting {
            light: VecDeque::new(),
            other: VecDeque::new(),
        }
    }
}

impl<T> Waiting<T> {
    fn count(&self, light_only: bool) -> usize {
        self.light.len() + if light_only { 0 } else { self.other.len() }
    }

    /// The first item that goes: the first light one, or the first of both kinds.
    fn pop(&mut self, light_only: bool) -> Option<T> {
        let light_first = match (self.light.front(), self.other.front()) {
            (Some((a, _)), Some((b, _))) => light_only || a < b,
            (Some(_), None) => true,
            (None, _) => false,
        };
        match light_first {
            true => self.light.pop_front(),
            false if light_only => None,
            false => self.other.pop_front(),
        }
        .map(|(_, item)| item)
    }
}

impl<T> Queue<T> {
    pub fn new() -> Queue<T> {
        Queue {
            state: Mutex::new(State {
                waiting: BTreeMap::new(),
                pushed: 0,
                closed: false,
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A worker that panicked holding the lock left the queue as it was.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn push(&self, key: usize, item: T, light: bool) {
        let mut state = self.lock();
        state.pushed += 1;
        let number = state.pushed;
        let waiting = state.waiting.entry(key).or_default();
        match light {
            true => waiting.light.push_back((number, item)),
            false => waiting.other.push_back((number, item)),
        }
        drop(state);
        // Every waiting worker looks: the one woken might take only light runs.
        self.changed.notify_all();
    }

    /// No more runs: workers waiting for one end, and those that ask get none.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// The next run (with `light_only`, the next light one) for a worker holding a server
    /// of `current`: one of that key if any is waiting, else one of the key with the most
    /// waiting (the lowest such key), each key's in the order they came. Waits while none
    /// is and the queue is open; `None` once it is closed.
    pub fn take(&self, current: Option<usize>, light_only: bool) -> Option<(usize, T)> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            let has = |w: &Waiting<T>| w.count(light_only) > 0;
            let kept = current.filter(|k| state.waiting.get(k).is_some_and(has));
            let key = kept.or_else(|| {
                state
                    .waiting
                    .iter()
                    .map(|(k, w)| (*k, w.count(light_only)))
                    .filter(|(_, n)| *n > 0)
                    .max_by_key(|(k, n)| (*n, std::cmp::Reverse(*k)))
                    .map(|(k, _)| k)
            });
            if let Some(key) = key {
                let waiting = state.waiting.get_mut(&key).expect("chosen among them");
                let item = waiting.pop(light_only).expect("chosen with one");
                return Some((key, item));
            }
            state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Closes the queue when dropped by a thread that panics, so the workers stop waiting.
pub struct CloseOnPanic<'a, T>(pub &'a Queue<T>);

impl<T> Drop for CloseOnPanic<'_, T> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.close();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Queue;

    #[test]
    fn a_worker_keeps_to_its_key_then_takes_the_fullest() {
        let queue = Queue::new();
        queue.push(1, "a1", false);
        queue.push(2, "b1", false);
        queue.push(2, "b2", true);
        queue.push(1, "a2", false);
        assert_eq!(queue.take(Some(1), false), Some((1, "a1")));
        assert_eq!(queue.take(Some(1), false), Some((1, "a2")));
        assert_eq!(queue.take(Some(1), false), Some((2, "b1")));
        assert_eq!(queue.take(None, false), Some((2, "b2")));
    }

    #[test]
    fn a_worker_beyond_the_cores_takes_only_light_runs() {
        let queue = Queue::new();
        queue.push(1, "compute", false);
        queue.push(1, "wait-a", true);
        queue.push(2, "wait-b", true);
        assert_eq!(queue.take(Some(1), true), Some((1, "wait-a")));
        assert_eq!(queue.take(Some(1), true), Some((2, "wait-b")));
        queue.push(1, "wait-c", true);
        // Any run, in the order they came, whichever its kind.
        assert_eq!(queue.take(None, false), Some((1, "compute")));
        assert_eq!(queue.take(None, false), Some((1, "wait-c")));
    }

    #[test]
    fn a_waiting_worker_gets_a_run_pushed_later_and_ends_when_closed() {
        let queue = Queue::new();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let mut got = Vec::new();
                while let Some((_, item)) = queue.take(None, false) {
                    got.push(item);
                }
                got
            });
            queue.push(3, 30, false);
            queue.push(4, 40, true);
            // The worker drains the queue, waiting for each run pushed; then closing must
            // wake it from its wait for the next.
            while queue.lock().waiting.values().any(|w| w.count(false) > 0) {
                std::thread::yield_now();
            }
            queue.close();
            assert_eq!(worker.join().unwrap(), vec![30, 40]);
        });
    }
}
