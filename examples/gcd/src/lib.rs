//! Small arithmetic with loops, and tests that pin every result down.

use mutate_runtime::mutate;

#[mutate]
pub mod arith {
    /// Greatest common divisor by Euclid's algorithm; `gcd(0, 0) == 0`.
    pub fn gcd(mut a: u64, mut b: u64) -> u64 {
        while b != 0 {
            let r = a % b;
            a = b;
            b = r;
        }
        a
    }

    /// Least common multiple; 0 when either is 0.
    pub fn lcm(a: u64, b: u64) -> u64 {
        if a == 0 || b == 0 {
            return 0;
        }
        a / gcd(a, b) * b
    }

    /// The largest `r` with `r * r <= n`, by bisection.
    pub fn isqrt(n: u64) -> u64 {
        let (mut low, mut high) = (0u64, n.min(u32::MAX as u64) + 1);
        while high - low > 1 {
            let mid = low + (high - low) / 2;
            if mid * mid <= n {
                low = mid;
            } else {
                high = mid;
            }
        }
        low
    }

    /// Sum of the decimal digits.
    pub fn digit_sum(mut n: u64) -> u64 {
        let mut sum = 0;
        while n > 0 {
            sum += n % 10;
            n /= 10;
        }
        sum
    }

    /// How many of `values` are below 100. Its tests never pass 100 itself, so `<` made
    /// `<=` computes the same at every evaluation; one test evaluates the comparison 3,000
    /// times, past what the infection probe compares in one run, so that test cannot prove
    /// it and runs it.
    pub fn below_hundred(values: &[u64]) -> usize {
        let mut count = 0;
        for &v in values {
            if v < 100 {
                count += 1;
            }
        }
        count
    }
}
