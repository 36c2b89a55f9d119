//! The cores as a counted gate: a run that computes holds one while it runs; a run of a
//! test that waits (`Baseline::waits`) holds none, so more of those go at once than there
//! are cores, while computing runs stay one per job.

use std::sync::{Condvar, Mutex};

/// How many workers per core run only the tests that wait, beside the one per core that
/// runs any: a waiting run uses under a quarter of a core.
pub const WAITING_PER_CORE: usize = 3;

pub struct Cores {
    free: Mutex<usize>,
    freed: Condvar,
}

/// One core, held until dropped.
pub struct Core<'a>(&'a Cores);

impl Cores {
    pub fn new(jobs: usize) -> Cores {
        Cores {
            free: Mutex::new(jobs.max(1)),
            freed: Condvar::new(),
        }
    }

    /// Waits for a free core.
    pub fn take(&self) -> Core<'_> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        Core(self)
    }
}

impl Drop for Core<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::Cores;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn no_more_cores_are_held_at_once_than_there_are() {
        let cores = Cores::new(2);
        let (held, most) = (AtomicUsize::new(0), AtomicUsize::new(0));
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| {
                    let _core = cores.take();
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
