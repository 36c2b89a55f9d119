//! shlex's `unquoted_ok_fast` shape: a mask a loop computes in a constant of the body. Each
//! of the constant's mutants is a constant of its own, all evaluated in one build, and two
//! fail at the same operator, each its own way: `c += 1` made `c -= 1` overflows, made
//! `c *= 1` never ends (the loop's bound stops it). rustc names the constant whose
//! evaluation failed, so the net lists both in one round, each with its own reason.

use mutate_runtime::mutate;

/// Whether a byte is an ASCII digit.
#[mutate]
pub fn is_digit_fast(byte: u8) -> bool {
    const DIGITS: u128 = {
        let mut c = 0;
        let mut mask = 0u128;
        while c < 10 {
            mask += 1 << (b'0' + c);
            c += 1;
        }
        mask
    };
    byte < 0x80 && (DIGITS >> byte) & 1 == 1
}
