//! A test that closes or replaces its standard output (it drops a `File` made from
//! descriptor 1) takes libtest's summary with it, and the summary is how a child's run
//! tells a pass from an exit in the middle of the test. `cargo test` reads only the exit
//! status, so there such a test passes. So at exit the child notes the loss in its capture,
//! through a descriptor of its own, and the server counts a clean exit with that note as a
//! pass; an exit mid-test with the output in place is still none.

use std::os::fd::RawFd;
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

/// What the child appends to its capture when its standard output is gone.
const NOTE: &str = "\nmutate: the test closed or replaced its standard output, and libtest's summary \
went with it\n";

/// The child's capture, at a descriptor of 100 or more.
static CAPTURE: AtomicI32 = AtomicI32::new(-1);

/// In the child, once descriptor 1 is its capture: keeps a descriptor of its own to the
/// capture and looks at exit whether descriptor 1 still is it.
pub(crate) fn watch() {
    // SAFETY: duplicating a descriptor this process holds; registering a handler that only
    // makes system calls.
    unsafe {
        let own: RawFd = libc::fcntl(1, libc::F_DUPFD_CLOEXEC, 100);
        if own < 0 {
            return;
        }
        CAPTURE.store(own, Relaxed);
        libc::atexit(note_if_lost);
    }
}

extern "C" fn note_if_lost() {
    let own = CAPTURE.load(Relaxed);
    if own >= 0 && !same_file(1, own) {
        // SAFETY: writing a static buffer to a descriptor this process holds.
        unsafe { libc::write(own, NOTE.as_ptr().cast(), NOTE.len()) };
    }
}

/// Whether descriptors `a` and `b` are open on the same file.
fn same_file(a: RawFd, b: RawFd) -> bool {
    let stat = |fd: RawFd| {
        // SAFETY: fstat fills the zeroed buffer or fails.
        let mut stat: libc::stat = unsafe { std::mem::zeroed() };
        (unsafe { libc::fstat(fd, &mut stat) } == 0).then_some((stat.st_dev, stat.st_ino))
    };
    matches!((stat(a), stat(b)), (Some(x), Some(y)) if x == y)
}

/// Whether a child's capture carries the note.
pub(crate) fn noted(output: &str) -> bool {
    output.contains(NOTE)
}
