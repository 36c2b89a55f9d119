//! Call tracing for the propagation analysis. In a run the driver asks to observe, every
//! annotated function's call is made again from an outer frame (`observe.rs` of the macro)
//! that writes one record when the inner call returns: how deep in annotated calls it was
//! made, the function, and digests of what it returned and left behind its `&mut`
//! arguments. Records go straight to a file descriptor the fork server reads when the
//! child is gone, so a child that exits from inside the test loses none.
//!
//! A run may want its trace only from the first call of some functions on
//! (`mutate_protocol::env::TRACE_FROM`: the functions a change touched, where every earlier
//! call is the same on both sides of the change). Until one is entered the run is
//! *unarmed*: a call's record keeps its place (depth and function, so later calls keep
//! their index) but digests nothing (`?`), and records are held back, written when one
//! is entered, dropped if none ever is.

use std::cell::Cell;
use std::sync::Mutex;
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
/// Whether records are written and values digested: from the start, or from the first
/// call of a function in [`FROM`].
static ARMED: AtomicBool = AtomicBool::new(true);
/// The functions whose first call arms the run (`TRACE_FROM`).
static FROM: Mutex<Vec<String>> = Mutex::new(Vec::new());
/// Records made while unarmed.
static HELD: Mutex<Vec<u8>> = Mutex::new(Vec::new());

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
    let from = std::env::var(mutate_protocol::env::TRACE_FROM).unwrap_or_default();
    let from: Vec<String> = from.lines().map(str::to_owned).collect();
    ARMED.store(from.is_empty(), Relaxed);
    *lock(&FROM) = from;
    OBSERVING.store(true, Relaxed);
}

/// A lock that a panic elsewhere while it was held does not poison for the trace.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether this run records values: armed (see the module's notes).
#[inline]
pub(crate) fn armed() -> bool {
    ARMED.load(Relaxed)
}

/// `function` is being entered: arms the run if it is one the trace starts from, writing
/// what was held back first.
fn arm_at(function: &str) {
    if armed() || !lock(&FROM).iter().any(|f| f == function) {
        return;
    }
    let mut held = lock(&HELD);
    if !armed() {
        write(&held);
        held.clear();
        ARMED.store(true, Relaxed);
    }
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
    let _quiet = Quiet::begin();
    f()
}

/// While it lives, no annotated call on this thread is traced ([`quiet`] as a value: the
/// code that digests a traced call's values needs no closure of its own to type-check).
pub(crate) struct Quiet(());

impl Quiet {
    pub(crate) fn begin() -> Quiet {
        QUIET.with(|q| q.set(q.get() + 1));
        Quiet(())
    }
}

impl Drop for Quiet {
    // On unwinding too: a `Debug` impl that panics leaves tracing as it found it.
    fn drop(&mut self) {
        QUIET.with(|q| q.set(q.get() - 1));
    }
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
        arm_at(function);
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
    if !armed() {
        let mut held = lock(&HELD);
        // Armed meanwhile by another thread, which wrote what was held.
        if !armed() {
            held.extend_from_slice(line.as_bytes());
            return;
        }
    }
    write(line.as_bytes());
}

fn write(bytes: &[u8]) {
    let fd = TRACE.load(Relaxed);
    let mut rest = bytes;
    while !rest.is_empty() && fd >= 0 {
        // SAFETY: writes a buffer we own to a descriptor the server opened for this child.
        let written = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
        let Ok(written) = usize::try_from(written) else {
            return;
        };
        if written == 0 {
            return;
        }
        rest = &rest[written..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests here share the trace's state.
    static SERIAL: Mutex<()> = Mutex::new(());

    #[test]
    fn calls_past_the_limit_are_not_traced() {
        let _serial = lock(&SERIAL);
        // No descriptor: records go nowhere, and these tests alone observe in this binary.
        start(-1);
        ARMED.store(true, Relaxed);
        assert!(wanted(), "observing, under the limit");
        WRITTEN.store(LIMIT + 1, Relaxed);
        assert!(!wanted(), "past the limit");
        OBSERVING.store(false, Relaxed);
        WRITTEN.store(0, Relaxed);
    }

    #[test]
    fn records_wait_for_the_first_call_the_trace_starts_from() {
        let _serial = lock(&SERIAL);
        let mut fds = [0; 2];
        // SAFETY: a pipe of our own, closed below.
        assert_eq!(
            unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_NONBLOCK) },
            0
        );
        let read = |fd: i32| {
            let mut buffer = [0u8; 4096];
            // SAFETY: reads into a buffer we own.
            let n = unsafe { libc::read(fd, buffer.as_mut_ptr().cast(), buffer.len()) };
            String::from_utf8_lossy(&buffer[..usize::try_from(n).unwrap_or(0)]).into_owned()
        };
        start(fds[1]);
        *lock(&FROM) = vec!["changed".to_owned()];
        ARMED.store(false, Relaxed);
        assert!(!armed(), "unarmed until `changed` is entered");
        let digest =
            || crate::__private::observe::Digest::digest(&crate::__private::observe::Seen::new(&7));
        let call = Frame::enter("earlier", "m::earlier");
        call.exit(&digest(), &[], None);
        assert_eq!(read(fds[0]), "", "held back");
        let call = Frame::enter("changed", "m::changed");
        assert!(armed());
        assert_eq!(
            read(fds[0]),
            "0\tearlier\t?\t\n",
            "its place kept, unvalued"
        );
        call.exit(&digest(), &[], None);
        let record = read(fds[0]);
        assert!(
            record.starts_with("0\tchanged\t") && record.contains(":7"),
            "{record}"
        );
        OBSERVING.store(false, Relaxed);
        TRACE.store(-1, Relaxed);
        WRITTEN.store(0, Relaxed);
        ARMED.store(true, Relaxed);
        lock(&FROM).clear();
        // SAFETY: closes the pipe made above.
        unsafe {
            libc::close(fds[0]);
            libc::close(fds[1]);
        }
    }
}
