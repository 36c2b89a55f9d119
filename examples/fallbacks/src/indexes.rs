//! Literal indexes: `words[3]` made `words[4]` on an array of four does not build as text
//! (rustc's `unconditional_panic`: "index out of bounds"), so `cargo test` cannot judge it:
//! unviable. On a slice or a `Vec`, whose length rustc does not know, the same mutant
//! builds and the tests judge it. The places written here are the hard ones for the
//! witness that tells them apart: a `Vec`'s `IndexMut` holds the `Vec` while its index is
//! evaluated, so nothing may borrow it there (strsim's `curr_distances[0] = i + 1`).

use mutate_runtime::mutate;

/// The last of four words, and the fourth of a slice.
#[mutate]
pub fn last_and_fourth(words: [u32; 4], slice: &[u32]) -> (u32, u32) {
    (words[3], slice[3])
}

/// Four counters in an array, and rows in a `Vec`.
#[derive(Debug, PartialEq)]
pub struct Tally {
    pub words: [u32; 4],
    pub rows: Vec<Vec<u32>>,
}

#[mutate]
impl Tally {
    /// Writes at literal indexes: an array's last element assigned, added to and borrowed
    /// mutably, a `Vec`'s first element assigned, and a row of it grown through a method.
    pub fn record(&mut self, value: u32) {
        self.words[3] = value;
        self.words[3] += 1;
        double(&mut self.words[3]);
        self.rows[0] = vec![value];
        self.rows[1].push(value);
    }
}

fn double(n: &mut u32) {
    *n *= 2;
}

/// Words in a block.
pub const WORDS: usize = 4;

/// The last word of a block: `WORDS - 1` made `WORDS + 1`, `WORDS / 1` or `WORDS - 0`
/// indexes past its end.
#[mutate]
pub fn last_word(block: [u32; WORDS]) -> u32 {
    block[WORDS - 1]
}
