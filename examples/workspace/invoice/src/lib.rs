//! Invoices: lines of quantity times unit price, a discount from a threshold on, and tax.

use money::Cents;
use mutate_runtime::mutate;

pub struct Line {
    pub quantity: u64,
    pub unit_price: Cents,
}

/// Orders of this much or more get `DISCOUNT_PERCENT` off.
pub const DISCOUNT_FROM: Cents = Cents(100_00);
pub const DISCOUNT_PERCENT: u64 = 10;

#[mutate]
pub fn subtotal(lines: &[Line]) -> Cents {
    let mut sum = Cents(0);
    for line in lines {
        if line.quantity == 0 {
            continue;
        }
        sum = sum.plus(Cents(line.unit_price.0 * line.quantity));
    }
    sum
}

#[mutate]
pub fn discount(subtotal: Cents) -> Cents {
    if subtotal >= DISCOUNT_FROM {
        subtotal.percent(DISCOUNT_PERCENT)
    } else {
        Cents(0)
    }
}

/// The amount due: subtotal less discount, plus tax on what remains.
#[mutate]
pub fn total(lines: &[Line], tax_percent: u64) -> Cents {
    let net = subtotal(lines)
        .minus(discount(subtotal(lines)))
        .expect("a discount is a fraction of the subtotal");
    net.plus(net.percent(tax_percent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_invoice_is_free() {
        assert_eq!(subtotal(&[]), Cents(0));
    }
}
