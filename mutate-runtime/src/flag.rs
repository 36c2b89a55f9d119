//! A relaxed load of a flag that generated code reads on hot paths, as one instruction.
//!
//! Generated code runs in the user's profile, usually `opt-level = 0`, where
//! `AtomicBool::load` stays an out-of-line call into std (about 7 ns a call). On the
//! common targets the load is written as the one instruction a relaxed load compiles to.

use std::sync::atomic::AtomicBool;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
use std::sync::atomic::Ordering::Relaxed;

#[inline(always)]
pub(crate) fn load(flag: &AtomicBool) -> bool {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        // `AtomicBool` has the layout of a `bool`.
        let flag = flag as *const AtomicBool as *const u8;
        let value: u8;
        // SAFETY: reads one byte of a live flag; a plain load is a relaxed atomic load on
        // these targets.
        unsafe {
            #[cfg(target_arch = "x86_64")]
            core::arch::asm!(
                "mov {value}, byte ptr [{flag}]",
                flag = in(reg) flag,
                value = out(reg_byte) value,
                options(nostack, preserves_flags, readonly),
            );
            #[cfg(target_arch = "aarch64")]
            core::arch::asm!(
                "ldrb {value:w}, [{flag}]",
                flag = in(reg) flag,
                value = out(reg) value,
                options(nostack, preserves_flags, readonly),
            );
        }
        value != 0
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    flag.load(Relaxed)
}
