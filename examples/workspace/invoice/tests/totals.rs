use invoice::{Line, discount, total};
use money::Cents;

fn line(quantity: u64, cents: u64) -> Line {
    Line {
        quantity,
        unit_price: Cents(cents),
    }
}

#[test]
fn small_order_pays_tax_without_discount() {
    assert_eq!(total(&[line(2, 10_00), line(1, 5_00)], 20), Cents(30_00));
}

#[test]
fn large_order_gets_the_discount() {
    assert_eq!(total(&[line(10, 20_00)], 0), Cents(180_00));
}

#[test]
fn discount_starts_exactly_at_the_threshold() {
    assert_eq!(discount(Cents(100_00)), Cents(10_00));
    assert_eq!(discount(Cents(99_99)), Cents(0));
}
