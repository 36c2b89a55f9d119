//! Call tracing for the propagation analysis. In a run the driver asks to observe, every
//! annotated function's call is made again from an outer frame (`observe.rs` of the macro)
//! that writes one record when the inner call returns: how deep in annotated calls it was
//! made, the function, and digests of what it returned and left behind its `&mut`
//! arguments. Records go straight to a file descriptor the fork server reads when the
//! child is gone, so a child that exits from inside the test loses none.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering::Relaxed};

/// Between the digests of several `&mut` arguments (digests hold no control character).
const SEPARATOR: &str = mutate_protocol::TRACE_SEPARATOR;

static OBSERVING: AtomicBool = AtomicBool::new(false);
/// Traced calls record their arguments too (`mutate_protocol::env::VALUES`).
static VALUES: AtomicBool = AtomicBool::new(false);
static TRACE: AtomicI32 = AtomicI32::new(-1);
static WRITTEN: AtomicUsize = AtomicUsize::new(0);
/// Most bytes of trace one run writes: enough for the calls a test makes, bounded for the
/// rare test that makes millions.
const LIMIT: usize = 8 << 20;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    static REENTER: Cell<bool> = const { Cell::new(false) };
    /// Inside [`quiet`]: how deep.
    static QUIET: Cell<u32> = const { Cell::new(0) };
}

/// From now on annotated calls are traced to `fd`.
pub(crate) fn start(fd: i32) {
    TRACE.store(fd, Relaxed);
    VALUES.store(
        std::env::var_os(mutate_protocol::env::VALUES).is_some(),
        Relaxed,
    );
    OBSERVING.store(true, Relaxed);
}

/// Whether this call is to be traced: observing, not the inner call of a traced one, and
/// the trace not yet cut at its limit. Past the limit, nothing is digested: a test that
/// makes millions of calls runs the rest at its untraced speed.
#[inline(always)]
pub(crate) fn wanted() -> bool {
    crate::flag::load(&OBSERVING)
        && QUIET.with(|q| q.get() == 0)
        && !REENTER.with(|r| r.replace(false))
        && crate::flag::size(&WRITTEN) <= LIMIT
}

/// Runs `f`, what a traced call computes of its values (digests, their texts), with no
/// annotated call in it traced: a `Debug` impl the crate annotated would otherwise trace
/// itself formatting its own receiver, without end, and add records of the tracer's own
/// making to the test's.
pub(crate) fn quiet<R>(f: impl FnOnce() -> R) -> R {
    struct Loud;
    impl Drop for Loud {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(q.get() - 1));
        }
    }
    QUIET.with(|q| q.set(q.get() + 1));
    let _loud = Loud;
    f()
}

/// Whether traced calls record their arguments.
pub(crate) fn values_wanted() -> bool {
    VALUES.load(Relaxed)
}

/// The next annotated call on this thread is the inner call of a traced one.
pub(crate) fn reenter() {
    REENTER.with(|r| r.set(true));
}

/// A traced call under way: it holds its depth until it returns or unwinds.
pub(crate) struct Frame {
    function: &'static str,
    path: &'static str,
    depth: u32,
    done: bool,
}

impl Frame {
    pub(crate) fn enter(function: &'static str, path: &'static str) -> Frame {
        let depth = DEPTH.with(|d| d.replace(d.get() + 1));
        Frame {
            function,
            path,
            depth,
            done: false,
        }
    }

    /// The call returned: `returned` and `changed` are digests (`?`: no `Debug`).
    /// `given`: what it was given, as Rust expressions, and the `Debug` text of what it
    /// returned (when values are wanted).
    pub(crate) fn exit(
        mut self,
        returned: &str,
        changed: &[String],
        given: Option<(Vec<String>, String)>,
    ) {
        self.done = true;
        let mut changed = changed.join(SEPARATOR);
        if let Some((arguments, shown)) = given {
            // Three more fields: how a test names the function, its arguments, and what
            // it returned.
            changed = format!(
                "{changed}\t{}\t{}\t{shown}",
                self.path,
                arguments.join(SEPARATOR)
            );
        }
        record(self.depth, self.function, returned, &changed);
    }
}

impl Drop for Frame {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(self.depth));
        if !self.done {
            record(self.depth, self.function, "panicked", "");
        }
    }
}

/// One line: `depth function returned changed`, tab-separated (`changed` may end with the
/// path and arguments); `returned` is already free of tabs and newlines.
fn record(depth: u32, function: &str, returned: &str, changed: &str) {
    let fd = TRACE.load(Relaxed);
    if fd < 0 {
        return;
    }
    let line = format!("{depth}\t{function}\t{returned}\t{changed}\n");
    let before = WRITTEN.fetch_add(line.len(), Relaxed);
    let line = match before + line.len() > LIMIT {
        // The one write that crosses the limit says the trace stops there.
        true if before <= LIMIT => format!("{}\n", mutate_protocol::TRACE_TRUNCATED),
        true => return,
        false => line,
    };
    // SAFETY: writes a buffer we own to a descriptor the server opened for this child.
    unsafe { libc::write(fd, line.as_ptr().cast(), line.len()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_past_the_limit_are_not_traced() {
        // No descriptor: records go nowhere, and this test alone observes in this binary.
        start(-1);
        assert!(wanted(), "observing, under the limit");
        WRITTEN.store(LIMIT + 1, Relaxed);
        assert!(!wanted(), "past the limit");
        OBSERVING.store(false, Relaxed);
        WRITTEN.store(0, Relaxed);
    }
}
