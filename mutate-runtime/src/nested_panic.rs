//! A run's second panic on a thread, said without a backtrace. A destructor that panics
//! while the first panic unwinds (a mutant that breaks an invariant a `Drop` checks does)
//! makes std print a full backtrace whatever `RUST_BACKTRACE` says, then abort. In a
//! child, symbolizing that backtrace from the test binary's line tables took about 70 ms,
//! where the run itself took one or two: smallvec's mutants that abort so spent most of
//! the mutant phase, and five times that again where `unsafe` code lives. Nothing reads
//! the backtrace (a run's output is kept for the panic message), and the abort that
//! follows is std's, not the hook's: the verdict is the same.

use std::cell::Cell;

thread_local! {
    /// Whether this thread has panicked in this child.
    static PANICKED: Cell<bool> = const { Cell::new(false) };
}

/// Installs, in the fork server before its first child (each inherits it, and its own copy
/// of the flag), a hook that leaves a thread's first panic to the hook
/// there was (std's, with backtraces off) and says any later one in a line.
pub(crate) fn say_later_panics_briefly() {
    let first = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if PANICKED.with(|panicked| panicked.replace(true)) {
            eprintln!("{}", brief(info));
        } else {
            first(info);
        }
    }));
}

/// A panic as std says it, without the backtrace or the notes.
fn brief(info: &std::panic::PanicHookInfo<'_>) -> String {
    let thread = std::thread::current();
    let name = thread.name().unwrap_or("<unnamed>");
    let message = crate::panic_text::of(info.payload()).unwrap_or("Box<dyn Any>");
    match info.location() {
        Some(at) => format!("\nthread '{name}' panicked at {at}:\n{message}"),
        None => format!("\nthread '{name}' panicked:\n{message}"),
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Command;

    /// Set in the test binary run again as the child: `hook` installs the hook first.
    const CHILD: &str = "MUTATE_TEST_NESTED_PANIC";

    /// A destructor that panics while the first panic unwinds, as a broken invariant
    /// a `Drop` checks does: std aborts.
    struct CheckedOnDrop;

    impl Drop for CheckedOnDrop {
        fn drop(&mut self) {
            panic!("invariant broken in drop");
        }
    }

    #[test]
    fn child() {
        let Ok(how) = std::env::var(CHILD) else {
            return;
        };
        if how == "hook" {
            super::say_later_panics_briefly();
        }
        let _guard = CheckedOnDrop;
        panic!("first failure");
    }

    /// The child's stderr, which it ends with SIGABRT.
    fn aborted_child(how: &str) -> String {
        let output = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "nested_panic::tests::child", "--nocapture"])
            .args(["--test-threads", "1"])
            .env(CHILD, how)
            .env("RUST_BACKTRACE", "0")
            .output()
            .unwrap();
        assert_eq!(output.status.signal(), Some(libc::SIGABRT), "{output:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    }

    #[test]
    fn a_panic_while_unwinding_is_said_without_the_backtrace_std_forces() {
        let plain = aborted_child("plain");
        assert!(plain.contains("stack backtrace"), "{plain}");
        let hooked = aborted_child("hook");
        assert!(!hooked.contains("stack backtrace"), "{hooked}");
        assert!(hooked.contains("panicked at"), "{hooked}");
        assert!(hooked.contains("first failure"), "{hooked}");
        assert!(hooked.contains("invariant broken in drop"), "{hooked}");
    }
}
