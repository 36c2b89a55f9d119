//! The test binaries the driver starts: how each is run (the way cargo runs it), and a
//! guard that keeps it contained. A contained process leads a process group of its own
//! (so whatever it forks or spawns goes with it), dies with the driver, is killed at once
//! on Ctrl-C, and on drop is killed with its group, reaped and forgotten.

use crate::compile::TestBinary;
use crate::interrupt;
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus};
use std::sync::{OnceLock, mpsc};
use std::time::{Duration, Instant};

/// A command for a test binary run the way cargo runs it, with no mutant asked for.
pub fn test_command(binary: &TestBinary) -> Command {
    let mut command = Command::new(&binary.path);
    command
        .current_dir(&binary.package_dir)
        .env("CARGO_MANIFEST_DIR", &binary.package_dir)
        .env_remove(mutate_protocol::env::ACTIVE)
        .env_remove(mutate_protocol::env::SERVER);
    if let Some(dir) = crate::scratch::dir() {
        command.env("TMPDIR", dir);
    }
    if let Some(path) = dylib_path() {
        command.env(DYLIB_PATH_VAR, path);
    }
    command
}

/// Where the dynamic linker looks for libraries.
const DYLIB_PATH_VAR: &str = "LD_LIBRARY_PATH";

/// The dynamic linker's search path for a test binary, as cargo gives it: the toolchain's
/// own libraries first, where a proc-macro crate's unit tests find `libstd` (they link it
/// dynamically), then the caller's. `None` where rustc cannot say where they are.
fn dylib_path() -> Option<&'static std::ffi::OsString> {
    static PATH: OnceLock<Option<std::ffi::OsString>> = OnceLock::new();
    PATH.get_or_init(|| {
        let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
        let out = Command::new(rustc)
            .args(["--print", "target-libdir"])
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let libdir = std::path::PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
        let inherited = std::env::var_os(DYLIB_PATH_VAR).unwrap_or_default();
        let dirs = std::iter::once(libdir).chain(std::env::split_paths(&inherited));
        std::env::join_paths(dirs).ok()
    })
    .as_ref()
}

/// A running process and its group, killed, reaped and unregistered on drop.
pub struct Contained {
    child: Child,
}

impl Contained {
    /// Starts `command` in a process group of its own, killed too if the driver dies.
    /// Takes the command (an empty one is left in its place).
    pub fn spawn(command: &mut Command) -> io::Result<Contained> {
        command.process_group(0);
        // SAFETY: only an async-signal-safe prctl between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let child = spawn_from_lasting_thread(std::mem::replace(command, Command::new("")))?;
        interrupt::register(child.id() as i32);
        Ok(Contained { child })
    }

    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// How the process ended, if it has.
    pub fn ended(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// How the process ended, waiting for it until `deadline`; `None` if it had not by
    /// then, or the driver was interrupted.
    pub fn ended_by(&mut self, deadline: Instant) -> Option<ExitStatus> {
        loop {
            if let Some(status) = self.ended() {
                return Some(status);
            }
            if Instant::now() >= deadline || interrupt::interrupted() {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// A request to the spawning thread: the command, and where to send the child.
type SpawnRequest = (Command, mpsc::Sender<io::Result<Child>>);

/// Spawns `command` from one thread that lives as long as the driver. `PR_SET_PDEATHSIG`
/// fires when the *thread* that spawned a process ends, not the driver: a fork server
/// started by one worker of a pool and kept idle for another was killed as soon as its
/// worker's pool ended, and the next request found it gone.
fn spawn_from_lasting_thread(command: Command) -> io::Result<Child> {
    static SPAWNER: OnceLock<mpsc::Sender<SpawnRequest>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (requests, received) = mpsc::channel::<SpawnRequest>();
        std::thread::Builder::new()
            .name("mutate-spawner".into())
            .spawn(move || {
                for (mut command, reply) in received {
                    let _ = reply.send(command.spawn());
                }
            })
            .expect("a thread to start test binaries from");
        requests
    });
    let gone = || io::Error::other("the thread that starts test binaries is gone");
    let (reply, answer) = mpsc::channel();
    spawner.send((command, reply)).map_err(|_| gone())?;
    answer.recv().map_err(|_| gone())?
}

impl Drop for Contained {
    fn drop(&mut self) {
        let pgid = self.child.id() as i32;
        // SAFETY: killing the process group this guard created.
        unsafe { libc::kill(-pgid, libc::SIGKILL) };
        let _ = self.child.wait();
        interrupt::unregister(pgid);
    }
}
