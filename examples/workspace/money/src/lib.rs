//! Amounts of money in cents, with percentage arithmetic that rounds half up.

use mutate_runtime::mutate;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Cents(pub u64);

#[mutate]
impl Cents {
    /// `percent` of this amount, rounded half up to the cent.
    pub fn percent(self, percent: u64) -> Cents {
        Cents((self.0 * percent + 50) / 100)
    }

    pub fn plus(self, other: Cents) -> Cents {
        Cents(self.0 + other.0)
    }

    /// The difference, or `None` when `other` is larger.
    pub fn minus(self, other: Cents) -> Option<Cents> {
        if other.0 > self.0 {
            None
        } else {
            Some(Cents(self.0 - other.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Cents;

    #[test]
    fn percent_rounds_half_up() {
        assert_eq!(Cents(1000).percent(7), Cents(70));
        assert_eq!(Cents(150).percent(1), Cents(2));
        assert_eq!(Cents(149).percent(1), Cents(1));
    }

    #[test]
    fn minus_refuses_to_go_negative() {
        assert_eq!(Cents(5).minus(Cents(3)), Some(Cents(2)));
        assert_eq!(Cents(3).minus(Cents(5)), None);
    }
}
