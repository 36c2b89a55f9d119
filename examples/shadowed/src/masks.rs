//! shlex's `unquoted_ok_fast` shape: a mask a loop computes in a constant of the body. Each
//! of the constant's mutants is a constant of its own, all evaluated in one build, and two
//! fail at the same operator, each its own way: `c += 1` made `c -= 1` overflows, made
//! `c *= 1` never ends (the loop's bound stops it). rustc names the constant whose
//! evaluation failed, so the net lists both in one round, each with its own reason.
//!
//! percent-encoding's `AsciiSet::EMPTY` shape: an `impl`'s constant whose array length
//! `LEN / BITS` fixes a field's type. Its `/` made `*` and made `%` both fail as
//! "mismatched types" at the `/`, rustc's labels telling them apart (a size of 4096, of
//! 0): an entry each, both in the first round.

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

const LEN: usize = 0x80;
const BITS: usize = 32;

/// A set of ASCII bytes, a bit each.
#[derive(Debug, PartialEq, Eq)]
pub struct ByteSet {
    pub mask: [u32; 4],
}

#[mutate]
impl ByteSet {
    /// The empty set.
    pub const EMPTY: Self = Self {
        mask: [0; LEN / BITS],
    };

    /// Whether the set holds `byte` (an ASCII one).
    pub fn contains(&self, byte: u8) -> bool {
        self.mask[byte as usize / BITS] & (1 << (byte as usize % BITS)) != 0
    }
}
