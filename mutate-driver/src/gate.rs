//! A counted gate: at most so many holders at once, the others waiting their turn. The
//! baseline's cores (`lab/baseline.rs`) and each of nextest's test groups
//! (`nextest/groups.rs`) are one.

use std::sync::{Condvar, Mutex};

#[derive(Debug)]
pub struct Gate {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A place in a gate, held until dropped.
pub struct Pass<'a>(&'a Gate);

impl Gate {
    /// A gate of `places` (at least one).
    pub fn new(places: usize) -> Gate {
        Gate {
            free: Mutex::new(places.max(1)),
            freed: Condvar::new(),
        }
    }

    /// Waits for a free place, and takes it.
    pub fn enter(&self) -> Pass<'_> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        Pass(self)
    }
}

impl Drop for Pass<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::Gate;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn no_more_hold_it_at_once_than_it_has_places() {
        let gate = Gate::new(2);
        let (held, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| {
                    let _pass = gate.enter();
                    let now = held.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(10));
                    held.fetch_sub(1, Ordering::SeqCst);
                });
            }
        });
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
