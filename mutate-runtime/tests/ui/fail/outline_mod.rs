use mutate_runtime::mutate;

#[mutate]
#[path = "outline/helpers.rs"]
mod helpers;

fn main() {}
