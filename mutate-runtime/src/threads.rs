//! Whether a thread past its hit budget may be waiting for another. A thread that loops
//! until another thread sets a flag (a spin-wait, or a wait whose pause a mutant deleted)
//! makes any number of rounds while the other works, and `cargo test` waits it out. Only
//! where no other thread of the test is alive is a loop past the budget endless for
//! certain.

/// Whether a thread other than the calling one and libtest's main thread is alive. False
/// where it cannot be told (no `/proc`), as before the question was asked.
pub(crate) fn others_alive() -> bool {
    #[cfg(target_os = "linux")]
    {
        let Some(threads) = thread_count() else {
            return false;
        };
        // SAFETY: plain syscalls with no arguments.
        let (process, me) = unsafe { (libc::getpid(), libc::gettid()) };
        // libtest runs a test on a thread of its own, while its main thread waits for the
        // result; a harness of the test's own may run it on the main thread.
        let waiting_main = usize::from(me != process);
        threads > 1 + waiting_main
    }
    #[cfg(not(target_os = "linux"))]
    false
}

/// The process's thread count, from `/proc/self/status`: read without allocating, since
/// the caller may be anywhere in the user's code.
#[cfg(target_os = "linux")]
fn thread_count() -> Option<usize> {
    let mut buffer = [0u8; 4096];
    // SAFETY: opening, reading into a buffer we own, and closing our own descriptor.
    let read = unsafe {
        let fd = libc::open(
            c"/proc/self/status".as_ptr(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return None;
        }
        let read = libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len());
        libc::close(fd);
        read
    };
    let text = buffer.get(..usize::try_from(read).ok()?)?;
    threads_in(text)
}

/// The `Threads:` field of a `/proc/<pid>/status` text.
#[cfg(target_os = "linux")]
fn threads_in(status: &[u8]) -> Option<usize> {
    const FIELD: &[u8] = b"Threads:";
    let line = status
        .split(|&b| b == b'\n')
        .find_map(|line| line.strip_prefix(FIELD))?;
    let digits = line.trim_ascii();
    std::str::from_utf8(digits).ok()?.parse().ok()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn reads_the_thread_count() {
        let status = b"Name:\tt\nUmask:\t0022\nThreads:\t3\nSigQ:\t0/1\n";
        assert_eq!(threads_in(status), Some(3));
        assert_eq!(threads_in(b"Name:\tt\n"), None);
    }

    /// Other tests of this binary may run threads meanwhile, so the count is checked
    /// from below only.
    #[test]
    fn counts_a_thread_this_test_started() {
        let (started, release) = (std::sync::Barrier::new(2), std::sync::Barrier::new(2));
        std::thread::scope(|s| {
            s.spawn(|| {
                started.wait();
                release.wait();
            });
            started.wait();
            assert!(thread_count().is_some_and(|n| n >= 2));
            assert!(others_alive());
            release.wait();
        });
    }
}
