//! What a binary's constants' mutants do to their constant's value: each such mutant's
//! comparison (`__private::compile_time::compare`) is run when the binary lists its
//! mutants, in a child process, since a mutant's text may panic, loop for long or crash
//! where rustc's evaluation would have rejected it. A comparison the child has not
//! answered when it ends, or when the time is up, is unknown: the mutant is built as
//! before.

use crate::__private::compile_time::Compared;
use crate::catalog::Entry;
use mutate_protocol::ConstantValue;
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::FromRawFd;
use std::time::{Duration, Instant};

/// How long a binary's comparisons may take in all. Each is a constant's initializer run
/// twice, microseconds; a loop the macro bounded may still run long, and the listing must
/// not wait for it.
const LIMIT: Duration = Duration::from_secs(5);

/// A constant's mutant's comparison (`__private::compile_time::compare`, in its crate).
type Comparison = fn() -> Compared;

/// By entry: what its mutant does to its constant's value.
pub(crate) fn of(entries: &[Entry]) -> Vec<ConstantValue> {
    let mut values = vec![ConstantValue::Unknown; entries.len()];
    let compared: Vec<(usize, Comparison)> = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.info.compare_value.map(|compare| (i, compare)))
        .collect();
    if compared.is_empty() {
        return values;
    }
    let mut ends = [0; 2];
    // SAFETY: plain libc call; checked.
    if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return values;
    }
    let [read_end, write_end] = ends;
    // SAFETY: the server is single-threaded before it serves, so the child may run any code.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: the child owns its copies of the descriptors.
        unsafe { libc::close(read_end) };
        compare_in_child(&compared, write_end);
    }
    // SAFETY: the parent's copy of the write end; reading owns the read end.
    unsafe { libc::close(write_end) };
    let mut said = Vec::new();
    if pid > 0 {
        // SAFETY: the read end is ours alone now.
        let input = unsafe { File::from_raw_fd(read_end) };
        said = read_until(input, Instant::now() + LIMIT);
        // SAFETY: our own child, ended and reaped whatever it did.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    } else {
        // SAFETY: no child to read from.
        unsafe { libc::close(read_end) };
    }
    let answers = String::from_utf8_lossy(&said);
    // A line the child did not end was cut short.
    let ended = answers.lines().take(answers.matches('\n').count());
    for (&(i, _), answer) in compared.iter().zip(ended) {
        values[i] = ConstantValue::decode(answer);
    }
    values
}

/// In the child: each comparison's answer as the catalog says it
/// ([`ConstantValue::encode`]), a line as it comes, then the end.
fn compare_in_child(compared: &[(usize, Comparison)], write_end: libc::c_int) -> ! {
    // A text that panics says so to no one but its answer.
    // SAFETY: libc calls in a freshly forked single-threaded child.
    unsafe {
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        libc::dup2(null, 1);
        libc::dup2(null, 2);
    }
    // SAFETY: the write end is the child's own.
    let mut out = unsafe { File::from_raw_fd(write_end) };
    for (_, compare) in compared {
        let value = match compare() {
            Compared::Same => ConstantValue::Same,
            Compared::Panics(message) => ConstantValue::Panics(message),
            Compared::Different => ConstantValue::Unknown,
        };
        if writeln!(out, "{}", value.encode()).is_err() {
            break;
        }
    }
    // SAFETY: end the child without running anything of the test binary's.
    unsafe { libc::_exit(0) }
}

/// What `input` says until it ends or `deadline` passes.
fn read_until(mut input: File, deadline: Instant) -> Vec<u8> {
    use std::os::fd::AsRawFd;
    let mut said = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        let mut ready = libc::pollfd {
            fd: input.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let millis = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: one valid pollfd.
        let polled = unsafe { libc::poll(&mut ready, 1, millis) };
        if polled < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if polled <= 0 {
            break;
        }
        match input.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => said.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        }
    }
    said
}
