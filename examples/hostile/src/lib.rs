//! Code whose mutants hang, overflow the stack or end the process mid-test. Each must be
//! detected (timeout, crashed, killed) without hanging the driver.

/// `+= -> *=` keeps `i` at 0: the loop never ends (a site inside: hit budget).
#[mutate_runtime::mutate]
pub fn count_to(n: u64) -> u64 {
    let mut i = 0;
    let mut steps = 0;
    while i != n {
        i += 1;
        steps += 1;
    }
    steps
}

/// Forcing the base case false recurses until the stack overflows.
#[mutate_runtime::mutate]
pub fn depth(n: u32) -> u32 {
    if n == 0 { 0 } else { 1 + depth(n - 1) }
}

/// Forcing the condition true ends the process with status 0 in the middle of a test.
#[mutate_runtime::mutate]
pub fn checked(x: u32) -> u32 {
    if x > 1000 {
        std::process::exit(0);
    }
    x * 2
}

/// Sleeps `rounds` times 40 ms: every run of a test through it takes a while, so the
/// driver can be interrupted in the middle of one.
#[mutate_runtime::mutate]
pub fn settle(rounds: u32) -> u32 {
    let mut done = 0;
    while done < rounds {
        std::thread::sleep(std::time::Duration::from_millis(40));
        done += 1;
    }
    done
}

/// The step is computed once, outside the loop, so `1 -> 0` makes a loop with no site in
/// it run forever: only the wall clock can stop it.
#[mutate_runtime::mutate]
pub fn step() -> u64 {
    1
}

pub fn walk(n: u64) -> u64 {
    let step = step();
    let mut at = 0;
    let mut visited = 0;
    while at < n {
        at += step;
        visited += 1;
    }
    visited
}

/// Forcing the guard true aborts the process (SIGABRT).
#[mutate_runtime::mutate]
pub fn abort_above(x: u32) -> u32 {
    if x > 1000 {
        std::process::abort();
    }
    x + 1
}

/// Forcing the guard true writes through a pointer into the unmapped first page, as a
/// null-pointer write does (SIGSEGV).
#[mutate_runtime::mutate]
pub fn poke_above(x: u32) -> u32 {
    if x > 1000 {
        // SAFETY: not safe at all, on purpose: this is the crash a mutant must cause.
        unsafe { std::ptr::without_provenance_mut::<u32>(8).write_volatile(x) };
    }
    x + 2
}

/// Panics in its destructor when dropped during unwinding: a panic then aborts.
pub struct PanicsWhileUnwinding;

impl Drop for PanicsWhileUnwinding {
    fn drop(&mut self) {
        if std::thread::panicking() {
            panic!("a destructor panicked during unwinding");
        }
    }
}

/// Forcing the guard true panics while the guard is alive: a panic inside `Drop` during
/// unwinding, which aborts the process.
#[mutate_runtime::mutate]
pub fn guarded(x: u32) -> u32 {
    let _guard = PanicsWhileUnwinding;
    if x > 1000 {
        panic!("too large");
    }
    x + 3
}

/// Doubles a buffer's reserved space `rounds` times; with `+= -> *=` it grows until the memory
/// limit refuses it. Nothing is written: the end comes in microseconds, however busy the machine.
#[mutate_runtime::mutate]
pub fn grow(rounds: u32) -> usize {
    let mut buffer = Vec::<u8>::with_capacity(GROW_FROM);
    let mut done = 0;
    while done < rounds {
        buffer.reserve_exact(buffer.capacity() * 2);
        done += 1;
    }
    buffer.capacity()
}

/// The first reservation of `grow`, in bytes.
const GROW_FROM: usize = 1 << 20;

/// The chunks of `text`, `width` bytes at a time, as an iterator of `from_fn`. Forcing the
/// last chunk's condition true makes the iterator endless; `std`'s loop that drains it has
/// no site, so only the closure's own calls can end it by the hit budget.
#[mutate_runtime::mutate]
pub fn chunks(text: &str, width: usize) -> Box<dyn Iterator<Item = &str> + '_> {
    let mut start = 0;
    Box::new(std::iter::from_fn(move || {
        if start < text.len() {
            let end = text.len().min(start + width);
            let chunk = &text[start..end];
            start = end;
            return Some(chunk);
        }
        None
    }))
}

/// As `chunks`, returning `impl Iterator`: one body, whose closure cannot choose its body as
/// written (it holds a closure), so it counts its calls while its function's mutant is on.
#[mutate_runtime::mutate]
pub fn chunk_lengths(text: &str, width: usize) -> impl Iterator<Item = usize> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start < text.len() {
            let end = text.len().min(start + width);
            let chunk = text.get(start..end).map(|c| c.len());
            start = end;
            return chunk;
        }
        None
    })
}

/// Writes `text` to standard output through a `File` of descriptor 1, and gives the
/// descriptor back rather than closing it. A mutant that lets the `File` drop closes the
/// test's standard output, and libtest's summary is lost: `cargo test` passes on the exit
/// status alone, so the mutant survives there, as it must here.
#[mutate_runtime::mutate]
pub fn echo(text: &str) -> usize {
    use std::io::Write;
    use std::os::fd::{AsRawFd, FromRawFd, IntoRawFd};
    let stdout = std::io::stdout().as_raw_fd();
    // SAFETY: standard output is open in a test, and is given back below.
    let mut out = unsafe { std::fs::File::from_raw_fd(stdout) };
    let written = out.write(text.as_bytes()).unwrap_or_default();
    if !text.is_empty() {
        let _ = out.into_raw_fd();
    }
    written
}
