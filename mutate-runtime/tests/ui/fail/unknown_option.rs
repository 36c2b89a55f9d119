use mutate_runtime::mutate;

#[mutate(fast)]
pub fn add(a: u32, b: u32) -> u32 {
    a + b
}

fn main() {}
