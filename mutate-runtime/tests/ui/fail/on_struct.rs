use mutate_runtime::mutate;

#[mutate]
pub struct Point {
    pub x: i32,
}

fn main() {}
