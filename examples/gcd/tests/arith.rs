use gcd::arith::{below_hundred, digit_sum, gcd, isqrt, lcm};

#[test]
fn gcd_values() {
    assert_eq!(gcd(12, 18), 6);
    assert_eq!(gcd(18, 12), 6);
    assert_eq!(gcd(7, 13), 1);
    assert_eq!(gcd(0, 5), 5);
    assert_eq!(gcd(5, 0), 5);
    assert_eq!(gcd(0, 0), 0);
}

#[test]
fn lcm_values() {
    assert_eq!(lcm(4, 6), 12);
    assert_eq!(lcm(7, 3), 21);
    assert_eq!(lcm(0, 3), 0);
    assert_eq!(lcm(3, 0), 0);
    assert_eq!(lcm(0, 0), 0);
}

#[test]
fn isqrt_values() {
    for (n, r) in [
        (0, 0),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 2),
        (15, 3),
        (16, 4),
        (17, 4),
        (99, 9),
        (100, 10),
    ] {
        assert_eq!(isqrt(n), r, "isqrt({n})");
    }
}

#[test]
fn digit_sums() {
    assert_eq!(digit_sum(0), 0);
    assert_eq!(digit_sum(7), 7);
    assert_eq!(digit_sum(1234), 10);
    assert_eq!(digit_sum(90_909), 27);
}

#[test]
fn below_hundred_of_many() {
    let values: Vec<u64> = (0..3001).filter(|v| *v != 100).collect();
    assert_eq!(below_hundred(&values), 100);
}

#[test]
fn below_hundred_of_two() {
    assert_eq!(below_hundred(&[5, 150]), 1);
}
