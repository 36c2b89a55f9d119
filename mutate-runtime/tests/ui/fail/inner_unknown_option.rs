use mutate_runtime::mutate;

#[mutate]
pub mod maths {
    #[mutate(skip, quick)]
    pub fn double(x: u32) -> u32 {
        x * 2
    }
}

fn main() {}
