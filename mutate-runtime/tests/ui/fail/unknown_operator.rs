// An operator name that does not exist: the error lists the valid ones.
#[mutate_runtime::mutate(operators(arithmetic, swap_everything))]
pub fn add(a: i32, b: i32) -> i32 {
    a + b
}

fn main() {}
