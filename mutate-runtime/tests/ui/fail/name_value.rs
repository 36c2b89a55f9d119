use mutate_runtime::mutate;

pub struct Counter(u32);

#[mutate]
impl Counter {
    #[mutate = "skip"]
    pub fn bump(&mut self) {
        self.0 += 1;
    }
}

fn main() {}
