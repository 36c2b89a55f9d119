//! Prices, ages and counters, with tests that leave survivors of each kind:
//! `tests/prices.rs` says which.

/// The price after a discount of `percent` percent.
#[mutate_runtime::mutate]
pub fn discount(price: u32, percent: u32) -> u32 {
    price - price * percent / 100
}

/// A price in cents, with one cent of fee.
#[mutate_runtime::mutate]
pub fn cents(euros: u32) -> u32 {
    euros * 100 + 1
}

/// Whole euros of a price, fee dropped.
#[mutate_runtime::mutate]
pub fn rounded_euros(euros: u32) -> u32 {
    cents(euros) / 100
}

/// Whether `age` is of age.
#[mutate_runtime::mutate]
pub fn is_adult(age: u32) -> bool {
    age >= 18
}

/// Counts by twos.
#[derive(Debug, Default)]
pub struct Counter {
    count: u32,
}

#[mutate_runtime::mutate]
impl Counter {
    /// The count after one more step.
    pub fn bump(&mut self) -> u32 {
        self.count += 2;
        self.count
    }
}

#[mutate_runtime::mutate]
fn half(x: u32) -> u32 {
    x / 2
}

/// Whether half of `x` is over ten.
#[mutate_runtime::mutate]
pub fn is_big(x: u32) -> bool {
    half(x) > 10
}

/// The digits of `data` added up, or where its first byte that is not a digit is (counted
/// from one). Its test gives only digits, so the error's position is never computed: a
/// list of bytes with one set to zero reaches it.
#[mutate_runtime::mutate]
pub fn digit_sum<T: AsRef<[u8]>>(data: T) -> Result<u32, usize> {
    let mut sum = 0;
    for (at, byte) in data.as_ref().iter().enumerate() {
        if !byte.is_ascii_digit() {
            return Err(at + 1);
        }
        sum += u32::from(byte - b'0');
    }
    Ok(sum)
}

/// The bytes of a word one at a time. No `Debug`: a test cannot write one, only make one
/// again as `shout` made it, with `new`.
struct Letters<'a> {
    word: &'a [u8],
    at: usize,
}

#[mutate_runtime::mutate]
impl<'a> Letters<'a> {
    fn new(word: &'a str) -> Letters<'a> {
        Letters {
            word: word.as_bytes(),
            at: 0,
        }
    }
}

#[mutate_runtime::mutate]
impl Iterator for Letters<'_> {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        let byte = *self.word.get(self.at)?;
        self.at += 1;
        Some(byte)
    }

    /// How many are left: only what `collect` reserves, so no test of `shout` sees it.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.word.len() - self.at;
        (left, Some(left))
    }
}

/// `word` in capitals.
#[mutate_runtime::mutate]
pub fn shout(word: &str) -> Vec<u8> {
    Letters::new(word).map(|b| b.to_ascii_uppercase()).collect()
}

/// Where `width` keeps its count. No `Debug`: a test cannot write one, so no test can
/// call `tally_digits` again; it can call `width`, which makes one.
struct Tally(usize);

/// Counts the digits of `n` into `tally`.
#[mutate_runtime::mutate]
fn tally_digits(n: u64, tally: &mut Tally) {
    tally.0 += 1;
    if n >= 10 {
        tally_digits(n / 10, tally);
    }
}

/// How many digits `n` has in base ten.
#[mutate_runtime::mutate]
pub fn width<N: Into<u64>>(n: N) -> usize {
    let mut tally = Tally(0);
    tally_digits(n.into(), &mut tally);
    tally.0
}
