//! Integration tests, through a dev-dependency: both must keep working on the copy.

use plain::shapes::{circle, square_area};
use plain_check::assert_close;

#[test]
fn square_area_is_side_squared() {
    assert_close(square_area(3.0), 9.0, 1e-9);
}

#[test]
fn circle_area_grows_with_the_square_of_the_radius() {
    assert_close(circle::area(2.0), 4.0 * std::f64::consts::PI, 1e-9);
}

#[test]
fn sums_what_it_is_given() {
    assert_eq!(plain::indented_sum(&[1, 2, 3]), 6);
}
