use mutate_runtime::mutate;

#[mutate]
const LIMIT: u32 = 2 + 2;

fn main() {
    let _ = LIMIT;
}
