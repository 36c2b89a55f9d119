use mutate_runtime::mutate;

#[mutate]
pub const fn square(x: u32) -> u32 {
    x * x
}

fn main() {}
