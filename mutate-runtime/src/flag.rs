//! Relaxed loads of the atomics that generated code reads on hot paths, as one
//! instruction each.
//!
//! Generated code runs in the user's profile, usually `opt-level = 0`, where
//! `AtomicBool::load` stays an out-of-line call into std (about 7 ns a call). On the
//! common targets each load is written as the one instruction a relaxed load compiles to.

use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU8, AtomicU32, AtomicU64, AtomicUsize};

#[inline(always)]
pub(crate) fn load(flag: &AtomicBool) -> bool {
    // SAFETY: `AtomicBool` has the layout of an `AtomicU8`.
    byte(unsafe { &*(flag as *const AtomicBool as *const AtomicU8) }) != 0
}

/// Defines `$name`, a relaxed load of an `$atomic` as one instruction: `$x86` on x86_64
/// (its value in a register of class `$class`), `$arm` on aarch64, the atomic's own load
/// elsewhere.
macro_rules! one_instruction_load {
    ($(#[$doc:meta])* $name:ident, $atomic:ty, $int:ty, $class:ident, $x86:literal, $arm:literal) => {
        $(#[$doc])*
        #[inline(always)]
        pub(crate) fn $name(atomic: &$atomic) -> $int {
            #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
            {
                let at = atomic as *const $atomic;
                let value: $int;
                // SAFETY: reads a live, aligned atomic; a plain load is a relaxed atomic
                // load on these targets.
                unsafe {
                    #[cfg(target_arch = "x86_64")]
                    core::arch::asm!(
                        $x86,
                        at = in(reg) at,
                        value = out($class) value,
                        options(nostack, preserves_flags, readonly),
                    );
                    #[cfg(target_arch = "aarch64")]
                    core::arch::asm!(
                        $arm,
                        at = in(reg) at,
                        value = out(reg) value,
                        options(nostack, preserves_flags, readonly),
                    );
                }
                value
            }
            #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
            atomic.load(std::sync::atomic::Ordering::Relaxed)
        }
    };
}

one_instruction_load!(
    /// A relaxed load of one atomic byte.
    byte, AtomicU8, u8, reg_byte, "mov {value}, byte ptr [{at}]", "ldrb {value:w}, [{at}]"
);
one_instruction_load!(
    /// A relaxed load of an atomic `u32`.
    word, AtomicU32, u32, reg, "mov {value:e}, dword ptr [{at}]", "ldr {value:w}, [{at}]"
);
one_instruction_load!(
    /// A relaxed load of an atomic `u64`.
    quad, AtomicU64, u64, reg, "mov {value}, qword ptr [{at}]", "ldr {value}, [{at}]"
);

/// A relaxed load of an atomic pointer, through [`quad`] where pointers are 64 bits.
#[inline(always)]
pub(crate) fn pointer<T>(value: &AtomicPtr<T>) -> *mut T {
    #[cfg(all(
        any(target_arch = "x86_64", target_arch = "aarch64"),
        target_pointer_width = "64"
    ))]
    {
        // SAFETY: `AtomicPtr<T>` has the layout of a `*mut T`, 64 bits here.
        let bits = quad(unsafe { &*(value as *const AtomicPtr<T> as *const AtomicU64) });
        bits as usize as *mut T
    }
    #[cfg(not(all(
        any(target_arch = "x86_64", target_arch = "aarch64"),
        target_pointer_width = "64"
    )))]
    value.load(std::sync::atomic::Ordering::Relaxed)
}

/// A relaxed load of an atomic `usize`, through [`quad`] where it is 64 bits.
#[inline(always)]
pub(crate) fn size(value: &AtomicUsize) -> usize {
    #[cfg(all(
        any(target_arch = "x86_64", target_arch = "aarch64"),
        target_pointer_width = "64"
    ))]
    {
        // SAFETY: `AtomicUsize` has the layout of an `AtomicU64` here.
        quad(unsafe { &*(value as *const AtomicUsize as *const AtomicU64) }) as usize
    }
    #[cfg(not(all(
        any(target_arch = "x86_64", target_arch = "aarch64"),
        target_pointer_width = "64"
    )))]
    value.load(std::sync::atomic::Ordering::Relaxed)
}

/// Adds one to a counter, not atomically: two threads may lose an increment, which a hit
/// count can afford, and a locked add costs far more. One instruction on x86_64, where
/// generated code calls this for every site hit of a coverage run.
#[inline(always)]
pub(crate) fn bump(counter: &AtomicU64) {
    let counter = counter as *const AtomicU64 as *mut u64;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: adds to a live atomic counter in place; on x86_64 a plain add to memory is
    // never torn.
    unsafe {
        core::arch::asm!(
            "add qword ptr [{counter}], 1",
            counter = in(reg) counter,
            options(nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as above; an aligned 64-bit load and store are single-copy atomic.
    unsafe {
        core::arch::asm!(
            "ldr {n}, [{counter}]",
            "add {n}, {n}, #1",
            "str {n}, [{counter}]",
            counter = in(reg) counter,
            n = out(reg) _,
            options(nostack),
        );
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        use std::sync::atomic::Ordering::Relaxed;
        // SAFETY: the pointer came from a live reference just above.
        let counter = unsafe { &*(counter as *const AtomicU64) };
        counter.store(counter.load(Relaxed) + 1, Relaxed);
    }
}
