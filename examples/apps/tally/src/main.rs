//! `tally [--in-child]`: prints the sum of the numbers on its standard input, one per
//! line. With `--in-child` it has a copy of itself do the sum (`--as-child`), and prints
//! what the copy says.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// How many copies deep this process is.
const GENERATION: &str = "TALLY_GENERATION";

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).unwrap();
    let mode = std::env::args().nth(1).unwrap_or_default();
    if mode == "--in-child" {
        print!("{}", in_child(&input));
        return;
    }
    match parse(&input) {
        Some(numbers) if mode == "--as-child" => println!("{}", as_child(sum(&numbers))),
        Some(numbers) => println!("{}", sum(&numbers)),
        None => {
            eprintln!("tally: not a number");
            std::process::exit(1);
        }
    }
}

/// The numbers of `input`, one a line; `None` if a line is not one.
fn parse(input: &str) -> Option<Vec<u64>> {
    input.lines().map(|line| line.trim().parse().ok()).collect()
}

/// The sum, counted up one step at a time.
fn sum(numbers: &[u64]) -> u64 {
    let mut total = 0;
    let mut i = 0;
    while i < numbers.len() {
        total += numbers[i];
        i += 1;
    }
    total
}

/// What a copy of this program says of `input`. A copy does not start copies without
/// end: past a few generations it stops, and says why.
fn in_child(input: &str) -> String {
    let generation: u32 = std::env::var(GENERATION)
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(0);
    if generation >= 4 {
        eprintln!("tally: a copy of a copy of a copy...");
        std::process::exit(3);
    }
    let mut child = Command::new(std::env::current_exe().unwrap())
        .arg("--as-child")
        .env(GENERATION, (generation + 1).to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

/// What the copy says: only a process a test's process started runs this.
fn as_child(sum: u64) -> String {
    format!("{sum} (counted by a copy)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_parsed_a_line_each() {
        assert_eq!(parse("1\n 22 \n"), Some(vec![1, 22]));
        assert_eq!(parse("1\nx\n"), None);
    }
}
