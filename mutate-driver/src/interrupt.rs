//! Ctrl-C: the first SIGINT asks the run to stop; every process group we started is killed
//! at once (their forked tests die with them), and the run writes what it knows.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn groups() -> &'static Mutex<HashSet<i32>> {
    static GROUPS: OnceLock<Mutex<HashSet<i32>>> = OnceLock::new();
    GROUPS.get_or_init(Default::default)
}

extern "C" fn on_sigint(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Installs the handler and a watcher that kills our process groups once it fires.
pub fn install() {
    // SAFETY: the handler only stores to an atomic.
    unsafe {
        libc::signal(libc::SIGINT, on_sigint as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, on_sigint as *const () as libc::sighandler_t);
    }
    std::thread::spawn(|| {
        loop {
            if interrupted() {
                kill_all();
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
}

pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

pub fn register(pgid: i32) {
    groups()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(pgid);
    if interrupted() {
        kill_all();
    }
}

pub fn unregister(pgid: i32) {
    groups()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&pgid);
}

fn kill_all() {
    for pgid in groups().lock().unwrap_or_else(|e| e.into_inner()).iter() {
        // SAFETY: signalling a process group we created.
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
    }
}
