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

/// Runs waiting, by key (a test binary), each an item (a test and a mutant).
pub struct Queue<T> {
    state: Mutex<State<T>>,
    changed: Condvar,
}

struct State<T> {
    waiting: BTreeMap<usize, VecDeque<T>>,
    closed: bool,
}

impl<T> Queue<T> {
    pub fn new() -> Queue<T> {
        Queue {
            state: Mutex::new(State {
                waiting: BTreeMap::new(),
                closed: false,
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // A worker that panicked holding the lock left the queue as it was.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn push(&self, key: usize, item: T) {
        self.lock().waiting.entry(key).or_default().push_back(item);
        // Every waiting worker looks: the one woken might not accept it.
        self.changed.notify_all();
    }

    /// No more runs: workers waiting for one end, and those that ask get none.
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }

    /// The next run `accept`s for a worker holding a server of `current`: one of that key
    /// if any is waiting, else one of the key with the most waiting (the lowest such key),
    /// each key's first accepted. Waits while none is and the queue is open; `None` once it
    /// is closed.
    pub fn take(&self, current: Option<usize>, accept: impl Fn(&T) -> bool) -> Option<(usize, T)> {
        let mut state = self.lock();
        loop {
            if state.closed {
                return None;
            }
            let count = |q: &VecDeque<T>| q.iter().filter(|item| accept(item)).count();
            let kept = current.filter(|k| state.waiting.get(k).is_some_and(|q| count(q) > 0));
            let key = kept.or_else(|| {
                state
                    .waiting
                    .iter()
                    .map(|(k, q)| (*k, count(q)))
                    .filter(|(_, n)| *n > 0)
                    .max_by_key(|(k, n)| (*n, std::cmp::Reverse(*k)))
                    .map(|(k, _)| k)
            });
            if let Some(key) = key {
                let items = state.waiting.get_mut(&key).expect("chosen among them");
                let at = items.iter().position(&accept).expect("chosen with one");
                let item = items.remove(at).expect("at a place it holds");
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
        queue.push(1, "a1");
        queue.push(2, "b1");
        queue.push(2, "b2");
        queue.push(1, "a2");
        let any = |_: &&str| true;
        assert_eq!(queue.take(Some(1), any), Some((1, "a1")));
        assert_eq!(queue.take(Some(1), any), Some((1, "a2")));
        assert_eq!(queue.take(Some(1), any), Some((2, "b1")));
        assert_eq!(queue.take(None, any), Some((2, "b2")));
    }

    #[test]
    fn a_worker_takes_only_what_it_accepts() {
        let queue = Queue::new();
        queue.push(1, "compute");
        queue.push(1, "wait-a");
        queue.push(2, "wait-b");
        let waits = |item: &&str| item.starts_with("wait");
        assert_eq!(queue.take(Some(1), waits), Some((1, "wait-a")));
        assert_eq!(queue.take(Some(1), waits), Some((2, "wait-b")));
        assert_eq!(queue.take(None, |_: &&str| true), Some((1, "compute")));
    }

    #[test]
    fn a_waiting_worker_gets_a_run_pushed_later_and_ends_when_closed() {
        let queue = Queue::new();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let mut got = Vec::new();
                while let Some((_, item)) = queue.take(None, |_| true) {
                    got.push(item);
                }
                got
            });
            queue.push(3, 30);
            queue.push(4, 40);
            // The worker drains the queue, waiting for each run pushed; then closing must
            // wake it from its wait for the next.
            while queue.lock().waiting.values().any(|q| !q.is_empty()) {
                std::thread::yield_now();
            }
            queue.close();
            assert_eq!(worker.join().unwrap(), vec![30, 40]);
        });
    }
}
