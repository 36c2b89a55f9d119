//! Constant arithmetic whose mutants rustc can reject as written: `cargo test` on
//! `word >> (WORD_BITS + 1)` does not build (`arithmetic_overflow`), nor on
//! `n % (WORD_BITS % 8)` (`unconditional_panic`: a remainder by zero), nor on
//! `u8::MAX * 2` (an overflow). Their other mutants build, and the tests kill them.

use mutate_runtime::mutate;

/// Bits in a machine word.
pub const WORD_BITS: usize = core::mem::size_of::<usize>() * 8;

/// Whether the word's highest bit is set. `WORD_BITS - 1` made `+ 1`, `/ 1` or `- 0`
/// shifts by the width or more.
#[mutate]
pub fn top_bit(word: usize) -> bool {
    word >> (WORD_BITS - 1) == 1
}

/// The bytes of `n` past its last whole word. `WORD_BITS / 8` made `% 8` or `/ 0` divides
/// by zero.
#[mutate]
pub fn bytes_past_words(n: usize) -> usize {
    n % (WORD_BITS / 8)
}

/// The middle of the `u8` range. `u8::MAX / 2` made `* 2` overflows; made `/ 0`, it
/// divides by zero.
#[mutate]
pub fn middle_byte() -> u8 {
    u8::MAX / 2 + 1
}

/// Each bit of a byte flipped, and of a word's low byte: `255` where the context types it
/// `u8` made `256` is out of range (`overflowing_literals`), and `cargo test` would not
/// build it; in the `u32` beside it, `256` is a mutant like any other.
#[mutate]
pub fn flips(byte: u8, word: u32) -> (u8, u32) {
    (byte ^ 255, word ^ 255)
}

/// Whole chunks of three words in `n` bytes, the chunk's size bound to a name first:
/// rustc sees through the `let`, so `3` made `0`, or `/ 8` made `% 8`, divides by zero in
/// `n / chunk` as written there (crc32c's `chunk_size`), and `cargo test` would not build
/// it. A shift by arithmetic of a local bound so is the same (`62` made `63`, or `1` made
/// `2`, shifts by the width), plus the top bit.
#[mutate]
pub fn chunks_of_three(n: usize) -> usize {
    let chunk = (WORD_BITS * 3) / 8;
    let below_top = 62;
    n / chunk + (n >> (below_top + 1))
}

/// An ANSI colour code, the bright ones 60 above: `31 + 60` takes its type from the `u8`
/// returned, not from its literals, and made `31 * 60` or `31 - 60` it does not fit one,
/// which rustc rejects in the text (yansi's `Color::fg_base`).
#[mutate]
pub fn red_code(bright: bool) -> u8 {
    if bright { 31 + 60 } else { 31 }
}
