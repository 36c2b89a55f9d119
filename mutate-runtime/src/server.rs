//! The fork server. A test binary started by the driver with [`SERVER_ENV`] set (and
//! libtest arguments selecting one test) becomes a server before `main`: it sends its
//! catalog, then for each request forks a child that activates the mutant and returns
//! into libtest's `main` to run that one test, while the server waits with a timeout,
//! reads the shared counters and reports how the child ended.
//!
//! Started with the test slot (`mutate_protocol::test_slot`), it runs whichever test of
//! its binary each request names: the child writes the name over the slot before `main`.
//!
//! Runs after every other constructor (`priority = late`), when all tables are registered.

use crate::{catalog, counters, switch};
use mutate_protocol::spawned::Spawn;
use mutate_protocol::{
    CatalogEntry, End, FellBack, Greeting, PREFIX, Report, Request, SERVER_ENV, VERSION,
    server_exit,
};
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::os::fd::{FromRawFd, RawFd};
use std::time::{Duration, Instant};

ctor::declarative::ctor! {
    #[ctor(unsafe, priority = late)]
    fn serve_if_asked() {
        if let Some(asked) = std::env::var_os(SERVER_ENV) {
            // A server that only runs mutants does not send the catalog: a line per mutant
            // of the build, at every start.
            serve(asked != mutate_protocol::env::SERVER_RUNS);
        }
    }
}

/// What the driver looks for in a program before it starts it as a server
/// (`mutate_protocol::server_exit::runtime_marker`).
#[used]
static RUNTIME_MARKER: [u8; 26] = *b"mutate-runtime:fork-server";

/// Keeps this module's object file (and so its constructor) in every binary that
/// registers a table: a linker may otherwise drop an unreferenced object of an rlib.
#[inline(never)]
pub(crate) fn anchor() -> usize {
    serve_if_asked as *const () as usize + std::hint::black_box(&RUNTIME_MARKER).len()
}

/// Most output kept from a child, from its end (where libtest's summary is).
const OUTPUT_LIMIT: usize = 64 * 1024;

fn serve(with_catalog: bool) {
    // SAFETY: before `main`, and this process stays single-threaded while serving.
    unsafe {
        std::env::remove_var(SERVER_ENV);
        std::env::set_var("RUST_BACKTRACE", "0");
    }
    // The protocol moves to private descriptors so children, whose stdio is redirected,
    // never hold the driver's pipes.
    let requests = BufReader::new(dup_private(0));
    let mut replies = dup_private(1);

    // Once here, not in each child: every child inherits it.
    crate::nested_panic::say_later_panics_briefly();
    let slot = crate::test_slot::Slot::find();
    let (sites, mutants) = catalog::counts();
    let region = map_shared(counters::region_size(sites, mutants));
    // SAFETY: a fresh zeroed shared mapping of the right size, never unmapped.
    unsafe { counters::install(region, sites, mutants) };

    let mut out = vec![
        Greeting::Hello {
            version: VERSION,
            sites,
            any_test: slot.is_some(),
        }
        .encode(),
    ];
    if with_catalog {
        let entries = catalog::entries();
        let values = crate::constant_values::of(&entries);
        out.extend(entries.into_iter().zip(values).map(catalog_line));
    }
    out.push(Greeting::Ready.encode());
    send(&mut replies, &out);

    let ids = catalog::index_by_id();
    catalog::find_twins();
    let mut runs = crate::spawned::Runs::new();
    for line in requests.lines() {
        let Ok(line) = line else { break };
        let Some(request) = Request::decode(&line) else {
            send(
                &mut replies,
                &[Report::refusal(&format!("malformed request: {line}"))],
            );
            continue;
        };
        // A mutant this binary does not hold may be in a program its test starts, which
        // takes it from the environment: here, every mutant is off.
        let index = match &request.mutant {
            None => switch::NONE,
            Some(id) => ids.get(id.as_str()).copied().unwrap_or(switch::NONE),
        };
        if let Some(test) = &request.test
            && !slot
                .as_ref()
                .is_some_and(|_| mutate_protocol::test_slot::fits(test))
        {
            send(
                &mut replies,
                &[Report::refusal(&format!(
                    "this server runs only the test it was started for, not {test}"
                ))],
            );
            continue;
        }
        let spawn = runs.next(&request);
        if let Some(report) = run_child(&request, index, slot.as_ref(), spawn.as_ref()) {
            send(&mut replies, &report.encode());
        } else {
            // Forked child: run the test.
            return;
        }
    }
    // SAFETY: the driver closed the pipe; end without running `main`.
    unsafe { libc::_exit(0) };
}

fn send(replies: &mut File, lines: &[String]) {
    let mut text = String::new();
    for line in lines {
        text.push_str(PREFIX);
        text.push_str(line);
        text.push('\n');
    }
    if replies.write_all(text.as_bytes()).is_err() {
        // SAFETY: the driver is gone; nothing to serve.
        unsafe { libc::_exit(0) };
    }
}

/// Forks a child for `request` (its test written over `slot`, if it names one), the
/// processes it starts counting into `spawn`. Returns `None` in the child, the report in
/// the server.
fn run_child(
    request: &Request,
    index: u32,
    slot: Option<&crate::test_slot::Slot>,
    spawn: Option<&Spawn>,
) -> Option<Report> {
    counters::reset(request.budget, request.coverage);
    counters::set_own_budget(
        request.own_budget,
        request.own_after_ms.saturating_mul(1000),
    );
    // SAFETY: plain libc calls; results checked.
    let capture = unsafe { libc::memfd_create(c"mutate-capture".as_ptr(), libc::MFD_CLOEXEC) };
    // SAFETY: as above; only when the request observes calls.
    let trace = match request.observe {
        true => unsafe { libc::memfd_create(c"mutate-trace".as_ptr(), libc::MFD_CLOEXEC) },
        false => -1,
    };
    let started = Instant::now();
    // SAFETY: the server is single-threaded, so the child may run any code.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        // Reading closes them.
        read_capture(capture);
        read_capture(trace);
        return Some(failed_fork(started));
    }
    if pid == 0 {
        if let (Some(test), Some(slot)) = (&request.test, slot) {
            // Checked to fit before the fork.
            slot.write(test);
        }
        become_child(request, index, capture, trace, spawn);
        return None;
    }
    let limits = Limits {
        timeout_ms: request.timeout_ms,
        grace_ms: request.grace_ms,
        blocked_ms: request.blocked_ms,
    };
    let (end, cpu_micros) = wait_for(pid, limits);
    // Whatever the test spawned in its group goes with it.
    // SAFETY: signalling our child's process group.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let micros = started.elapsed().as_micros() as u64;
    let output = read_capture(capture);
    let trace = read_capture(trace).lines().map(str::to_owned).collect();
    let spawned = spawn.map(crate::spawned::collect).unwrap_or_default();
    let header = counters::header().expect("region installed");
    use std::sync::atomic::Ordering::Relaxed;
    let end = if header.budget_exceeded.load(Relaxed) != 0 || spawned.budget_exceeded {
        End::HitBudget
    } else {
        end
    };
    let (hits, infection) = if request.coverage {
        let hits = counters::counters().iter().map(|n| n.load(Relaxed));
        let flags = counters::infection().iter().map(|f| f.load(Relaxed));
        (nonzero(hits), nonzero(flags))
    } else {
        (Vec::new(), Vec::new())
    };
    Some(Report {
        end,
        micros,
        cpu_micros,
        total_hits: match counters::uncounted() || spawned.uncounted {
            true => mutate_protocol::UNCOUNTED,
            false => counters::total_hits() + spawned.total,
        },
        fell_back: FellBack::from_code(header.fell_back.load(Relaxed).max(spawned.fell_back)),
        passed: libtest_passed(&output) || crate::lost_output::noted(&output),
        reached: header.reached.load(Relaxed) != 0 || spawned.reached,
        budget_waived: header.budget_waived.load(Relaxed) != 0 || spawned.budget_waived,
        hits,
        infection,
        output: request.output.then(|| tail(output, OUTPUT_LIMIT)),
        trace,
        spawned: spawned.counted,
    })
}

/// `(index, value)` of every nonzero value.
fn nonzero<V: Default + PartialEq>(values: impl Iterator<Item = V>) -> Vec<(u32, V)> {
    values
        .enumerate()
        .filter(|(_, v)| *v != V::default())
        .map(|(i, v)| (i as u32, v))
        .collect()
}

fn failed_fork(started: Instant) -> Report {
    Report {
        end: End::Exited(-1),
        micros: started.elapsed().as_micros() as u64,
        cpu_micros: 0,
        total_hits: 0,
        fell_back: FellBack::No,
        passed: false,
        reached: false,
        budget_waived: false,
        hits: Vec::new(),
        infection: Vec::new(),
        trace: Vec::new(),
        spawned: Vec::new(),
        output: Some(format!("fork failed: {}", std::io::Error::last_os_error())),
    }
}

/// `fd` moved to a close-on-exec descriptor of 100 or more (as the server's pipes are),
/// where a test's own descriptors do not go; -1 stays -1.
fn out_of_the_way(fd: RawFd) -> RawFd {
    if fd < 0 {
        return fd;
    }
    // SAFETY: duplicating and closing a descriptor this process owns.
    unsafe {
        let high = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 100);
        libc::close(fd);
        high
    }
}

fn become_child(
    request: &Request,
    index: u32,
    capture: RawFd,
    trace: RawFd,
    spawn: Option<&Spawn>,
) {
    // SAFETY: libc calls in a freshly forked single-threaded child.
    unsafe {
        libc::setpgid(0, 0);
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR);
        libc::dup2(null, 0);
        libc::dup2(capture, 1);
        libc::dup2(capture, 2);
        // The test sees the descriptors a test of `cargo test` sees: from 3 up, what the
        // server was started with, and none of the run's own (a test that opens a file
        // gets the number it would get there; one that uses descriptor 3 finds it closed).
        for own in [null, capture] {
            if own > 2 {
                libc::close(own);
            }
        }
    }
    crate::lost_output::watch();
    let trace = out_of_the_way(trace);
    // SAFETY: as above.
    unsafe {
        // A mutant that crashes the test (a stack overflow, an abort) must not leave a
        // core file in the user's crate, nor spend the time writing one. (A system that
        // pipes cores to a helper still gets one.)
        let no_core = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        libc::setrlimit(libc::RLIMIT_CORE, &no_core);
        if request.memory_mb > 0 {
            let bytes = request.memory_mb.saturating_mul(1 << 20);
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            libc::setrlimit(libc::RLIMIT_AS, &limit);
        }
        // Tests that run their own binary again, or another of the build, must see the
        // same mutant, and count into this run.
        match &request.mutant {
            Some(id) if !request.inert => std::env::set_var(switch::ACTIVE_ENV, id),
            _ => std::env::remove_var(switch::ACTIVE_ENV),
        }
        match spawn {
            Some(spawn) => std::env::set_var(mutate_protocol::env::SPAWNED, spawn.encode()),
            None => std::env::remove_var(mutate_protocol::env::SPAWNED),
        }
    }
    // The run's kind first, so that activating the mutant chooses every table's body
    // once, for both.
    if request.coverage {
        catalog::count_everywhere();
    }
    crate::coverage_cut::allow(request.coverage && !request.observe);
    if request.observe {
        crate::observe::start(trace);
        catalog::detour_everywhere();
    }
    switch::set(index);
    if request.inert {
        switch::silence();
    }
    if request.coverage && request.probe {
        crate::probe::start();
    }
}

/// The CPU time a child must have used, as a share of its wall-clock limit, to be ended
/// as computing (the rest allows for the clock tick's resolution).
const FLAT_OUT: f64 = 0.8;
/// How often a child past its limit is looked at again.
const RECHECK: Duration = Duration::from_millis(20);

/// A run's limits, as its request gives them (0: none).
struct Limits {
    timeout_ms: u64,
    grace_ms: u64,
    blocked_ms: u64,
}

/// How often a child that may be blocked is looked at.
const BLOCKED_CHECK: Duration = Duration::from_millis(50);

/// Waits for the child, killing its group at its limit. A child computing flat out ends at
/// `timeout_ms`; one that is not (the machine starved it, or it waits) goes on until it has
/// used that much CPU time or `grace_ms` more have passed, whichever comes first; one whose
/// threads all sleep, using no CPU time, alone in its group, for `blocked_ms` on end is
/// blocked, and ends then. Returns how it ended and the CPU time it used, in microseconds.
fn wait_for(pid: libc::pid_t, limits: Limits) -> (End, u64) {
    let Limits {
        timeout_ms,
        grace_ms,
        blocked_ms,
    } = limits;
    let started = Instant::now();
    let limit = |ms: u64| (ms > 0).then(|| started + Duration::from_millis(ms));
    let mut deadline = limit(timeout_ms);
    let grace_end = limit(timeout_ms + grace_ms).filter(|_| grace_ms > 0 && timeout_ms > 0);
    let cpu_limit = Duration::from_millis(timeout_ms).mul_f64(FLAT_OUT);
    let mut watch = (blocked_ms > 0).then(|| Quiet::new(Duration::from_millis(blocked_ms)));
    // SAFETY: pidfd_open on our own child.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as RawFd;
    let timed_out = loop {
        // Watching for a block, it wakes every check; the limits stand as they were.
        let wake = match (&watch, deadline) {
            (Some(_), Some(d)) => Some(d.min(Instant::now() + BLOCKED_CHECK)),
            (Some(_), None) => Some(Instant::now() + BLOCKED_CHECK),
            (None, d) => d,
        };
        if wait_until(pid, pidfd, wake) {
            break None;
        }
        if let Some(quiet) = &mut watch
            && quiet.blocked(pid)
        {
            break Some(End::Blocked);
        }
        if deadline.is_none_or(|d| Instant::now() < d) {
            continue;
        }
        let Some(grace_end) = grace_end else {
            break Some(End::WallClock);
        };
        if cpu_time(pid).is_some_and(|cpu| cpu >= cpu_limit) {
            break Some(End::WallClock);
        }
        let now = Instant::now();
        if now >= grace_end {
            break Some(End::WallClockGraced);
        }
        deadline = Some((now + RECHECK).min(grace_end));
    };
    if pidfd >= 0 {
        // SAFETY: closing our own descriptor.
        unsafe { libc::close(pidfd) };
    }
    if timed_out.is_some() {
        // SAFETY: killing our child's group and the child itself.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
        }
    }
    let mut status = 0;
    // SAFETY: all-zero is a valid `rusage`, which wait4 fills.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: reaping our own child.
    while unsafe { libc::wait4(pid, &mut status, 0, &mut usage) } < 0 {
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            break;
        }
    }
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    let cpu = micros(usage.ru_utime) + micros(usage.ru_stime);
    let end = if let Some(end) = timed_out {
        end
    } else if libc::WIFEXITED(status) {
        End::Exited(libc::WEXITSTATUS(status))
    } else if libc::WIFSIGNALED(status) {
        End::Signaled(libc::WTERMSIG(status))
    } else {
        End::Exited(-1)
    };
    (end, cpu)
}

/// Whether a child is blocked: how long its threads have all slept with its CPU time
/// unchanged and no other process in its group.
struct Quiet {
    after: Duration,
    since: Option<(Instant, Option<Duration>)>,
}

impl Quiet {
    fn new(after: Duration) -> Quiet {
        Quiet { after, since: None }
    }

    /// Looks at the child once more: true once it has been quiet for `after` on end. A
    /// thread that runs, or waits for a disk (`D`), or any other process in the child's
    /// group (a program it started, which may be computing for it), or CPU time used,
    /// starts the count again; where `/proc` cannot tell, it never ends.
    fn blocked(&mut self, pid: libc::pid_t) -> bool {
        if !(threads_all_sleep(pid) && alone_in_group(pid)) {
            self.since = None;
            return false;
        }
        let cpu = cpu_time(pid);
        let now = Instant::now();
        match &self.since {
            Some((_, before)) if *before == cpu && cpu.is_some() => {}
            _ => self.since = Some((now, cpu)),
        }
        self.since
            .is_some_and(|(since, _)| now.duration_since(since) >= self.after)
    }
}

/// Whether every thread of `pid` is in interruptible sleep (`S`): a sleep, a lock, a
/// channel, a socket. False where `/proc` cannot tell.
fn threads_all_sleep(pid: libc::pid_t) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    let mut any = false;
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            return false;
        };
        if stat_state(&stat) != Some('S') {
            return false;
        }
        any = true;
    }
    any
}

/// The state letter of a `/proc/*/stat` line.
fn stat_state(stat: &str) -> Option<char> {
    stat_fields(stat).next()?.chars().next()
}

/// The fields of a `/proc/*/stat` line after the command name (which may hold spaces and
/// parentheses), the state first.
fn stat_fields(stat: &str) -> impl Iterator<Item = &str> {
    let after_name = stat.rfind(')').and_then(|end| stat.get(end + 1..));
    after_name.unwrap_or_default().split_whitespace()
}

/// Whether no process but `pid` is in its process group (the child leads one of its own).
fn alone_in_group(pid: libc::pid_t) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return false;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(other) = name.to_str().and_then(|n| n.parse::<libc::pid_t>().ok()) else {
            continue;
        };
        if other == pid {
            continue;
        }
        // SAFETY: getpgid reads another process's group; it fails harmlessly if gone.
        if unsafe { libc::getpgid(other) } == pid {
            return false;
        }
    }
    true
}

/// Waits until the child has ended (true) or `deadline` has passed (false), through its
/// pidfd if the kernel has them.
fn wait_until(pid: libc::pid_t, pidfd: RawFd, deadline: Option<Instant>) -> bool {
    if pidfd >= 0 {
        loop {
            let wait_ms = match deadline {
                None => -1,
                Some(d) => d.saturating_duration_since(Instant::now()).as_millis() as i32,
            };
            let mut poll = libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd.
            let ready = unsafe { libc::poll(&mut poll, 1, wait_ms) };
            if ready != 0 {
                // Ended, or the pidfd broke: the blocking reap that follows tells.
                if ready > 0
                    || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    return true;
                }
                continue;
            }
            return false;
        }
    }
    // Kernels without pidfd: poll the child's state.
    loop {
        let mut status = 0;
        // SAFETY: non-blocking wait on our own child, leaving it to be reaped.
        let done = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG | libc::WNOWAIT) };
        if done != 0 {
            return true;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return false;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// User and system time the process (all its threads) has used so far; `None` without
/// `/proc`, where a child past its limit always gets its grace.
fn cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    Some(ticks_to_time(stat_cpu_ticks(&stat)?))
}

/// utime + stime (fields 14 and 15 of `/proc/<pid>/stat`), in clock ticks. The command
/// name (field 2) is in parentheses and may hold spaces, so fields are counted after it.
fn stat_cpu_ticks(stat: &str) -> Option<u64> {
    let mut fields = stat_fields(stat).skip(11);
    let utime: u64 = fields.next()?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    Some(utime + stime)
}

fn ticks_to_time(ticks: u64) -> Duration {
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1);
    Duration::from_secs_f64(ticks as f64 / hz as f64)
}

fn read_capture(capture: RawFd) -> String {
    if capture < 0 {
        return String::new();
    }
    // SAFETY: we own the memfd; the File closes it.
    let mut file = unsafe { File::from_raw_fd(capture) };
    let mut bytes = Vec::new();
    let _ = file.seek(SeekFrom::Start(0));
    let _ = file.read_to_end(&mut bytes);
    String::from_utf8_lossy(&bytes).into_owned()
}

/// libtest's summary for a run of exactly one test that passed.
fn libtest_passed(output: &str) -> bool {
    output
        .lines()
        .rev()
        .any(|line| line.starts_with("test result: ok. 1 passed;"))
}

fn tail(mut text: String, limit: usize) -> String {
    if text.len() > limit {
        let mut cut = text.len() - limit;
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        text.replace_range(..cut, "[…]");
    }
    text
}

fn dup_private(fd: RawFd) -> File {
    // SAFETY: duplicating a standard descriptor to a close-on-exec one we own.
    unsafe {
        let new = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 100);
        if new < 0 {
            libc::_exit(server_exit::NO_PRIVATE_DESCRIPTOR);
        }
        File::from_raw_fd(new)
    }
}

fn map_shared(size: usize) -> *mut u8 {
    // SAFETY: anonymous shared mapping; checked for failure.
    let memory = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if memory == libc::MAP_FAILED {
        // SAFETY: no way to serve without counters.
        unsafe { libc::_exit(server_exit::NO_SHARED_MEMORY) };
    }
    memory.cast()
}

/// The catalog's line for one mutant, with what it does to its constant's value.
fn catalog_line((entry, value): (catalog::Entry, mutate_protocol::ConstantValue)) -> String {
    let info = entry.info;
    Greeting::Mutant(Box::new(CatalogEntry {
        index: entry.index,
        site: entry.site,
        ticks: entry.ticks,
        id: info.id.into(),
        operator: info.operator.into(),
        file: info.file.into(),
        span: info.span,
        original: info.original.into(),
        replacement: info.replacement.into(),
        description: info.description.into(),
        function: info.function.into(),
        build_error: info.build_error.into(),
        compile_time: info.compile_time,
        value,
    }))
    .encode()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_marker_is_the_one_the_driver_looks_for() {
        let marker = mutate_protocol::server_exit::runtime_marker();
        assert_eq!(RUNTIME_MARKER.as_slice(), marker.as_bytes());
    }

    #[test]
    fn cpu_ticks_are_read_after_a_name_with_spaces_and_parentheses() {
        let stat = "4242 (a (b) c) R 1 4242 4242 0 -1 4194304 10 0 0 0 250 30 0 0 20 0 1 0";
        assert_eq!(stat_cpu_ticks(stat), Some(280));
        assert_eq!(stat_cpu_ticks("4242 (short"), None);
        assert_eq!(stat_cpu_ticks("4242 (x) R 1 2"), None);
    }

    /// Forks a child that runs `body` (async-signal-safe code only: the test harness is
    /// multi-threaded) and never returns.
    fn child(body: fn() -> !) -> libc::pid_t {
        // SAFETY: the child calls only async-signal-safe functions, then ends.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            // SAFETY: as the server's children do.
            unsafe { libc::setpgid(0, 0) };
            body();
        }
        pid
    }

    #[test]
    fn a_child_that_computes_ends_at_its_limit_not_after_its_grace() {
        let pid = child(|| {
            let mut x = 0u64;
            loop {
                x = std::hint::black_box(x.wrapping_add(1));
            }
        });
        let started = Instant::now();
        let (end, cpu_micros) = wait_for(pid, limits(100, 60_000, 0));
        assert_eq!(end, End::WallClock);
        assert!(started.elapsed() < Duration::from_secs(60));
        // It computed for most of its 100 ms, as the rusage of its reaping says.
        assert!(cpu_micros >= 50_000, "{cpu_micros}");
    }

    #[test]
    fn a_child_that_waits_ends_after_its_grace() {
        // SAFETY: pause is async-signal-safe.
        let pid = child(|| {
            loop {
                unsafe { libc::pause() };
            }
        });
        let (end, cpu_micros) = wait_for(pid, limits(50, 100, 0));
        assert_eq!(end, End::WallClockGraced);
        assert!(cpu_micros < 50_000, "it waited: {cpu_micros}");
    }

    #[test]
    fn a_child_that_exits_is_reported_as_such() {
        // SAFETY: _exit is async-signal-safe.
        let pid = child(|| unsafe { libc::_exit(3) });
        assert_eq!(wait_for(pid, limits(10_000, 10_000, 0)).0, End::Exited(3));
    }

    fn limits(timeout_ms: u64, grace_ms: u64, blocked_ms: u64) -> Limits {
        Limits {
            timeout_ms,
            grace_ms,
            blocked_ms,
        }
    }

    #[test]
    fn a_child_blocked_for_good_ends_as_blocked_long_before_its_limit() {
        // SAFETY: pause is async-signal-safe.
        let pid = child(|| {
            loop {
                unsafe { libc::pause() };
            }
        });
        let started = Instant::now();
        let (end, _) = wait_for(pid, limits(20_000, 20_000, 200));
        assert_eq!(end, End::Blocked);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_child_that_sleeps_less_than_the_block_finishes() {
        // A sleep shorter than the block (what its test did with every mutant off), then
        // a clean exit: not blocked.
        let pid = child(|| {
            std::thread::sleep(Duration::from_millis(150));
            unsafe { libc::_exit(0) }
        });
        assert_eq!(wait_for(pid, limits(20_000, 20_000, 600)).0, End::Exited(0));
    }

    #[test]
    fn a_child_that_computes_is_never_blocked() {
        let pid = child(|| {
            let started = Instant::now();
            let mut x = 0u64;
            while started.elapsed() < Duration::from_millis(400) {
                x = std::hint::black_box(x.wrapping_add(1));
            }
            unsafe { libc::_exit(0) }
        });
        assert_eq!(wait_for(pid, limits(20_000, 20_000, 100)).0, End::Exited(0));
    }

    #[test]
    fn the_state_is_read_after_a_name_with_spaces_and_parentheses() {
        assert_eq!(stat_state("4242 (a b) c) S 1 2 3"), Some('S'));
        assert_eq!(stat_state("4242 (x) R 1"), Some('R'));
    }

    #[test]
    fn a_process_that_computes_has_cpu_time() {
        let me = std::process::id() as libc::pid_t;
        let before = cpu_time(me).expect("/proc on Linux");
        let started = Instant::now();
        let mut x = 0u64;
        // Computing for long enough always shows (a tick is 10 ms or less), however
        // loaded the machine; the wall-clock bound only keeps a broken reader from hanging.
        while cpu_time(me).expect("/proc on Linux") == before {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "no CPU time seen"
            );
            for _ in 0..100_000 {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        }
    }
}
