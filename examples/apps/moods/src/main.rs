//! A program with the habits tests meet in applications: it reads its standard input,
//! asks whether it writes to a terminal, ends by a signal, and is built to abort on a
//! panic (the workspace's `panic = "abort"`). Its tests start it hundreds of times, and a
//! test of another package (`wordcount/tests/moods.rs`) starts it from the target folder.

use std::io::{IsTerminal, Read};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    match mode.as_str() {
        "double" => {
            let mut input = String::new();
            std::io::stdin().read_to_string(&mut input).unwrap();
            // The block of the error's arm is a `u64` by the exit's divergence alone.
            let n: u64 = match input.trim().parse() {
                Ok(n) => n,
                Err(_) => {
                    eprintln!("moods: not a number");
                    std::process::exit(2);
                }
            };
            println!("{}", double(n));
        }
        "term" => println!("{}", where_to(std::io::stdout().is_terminal())),
        "signal" => std::process::abort(),
        "check" => check(mode.len()),
        _ => std::process::exit(2),
    }
}

fn double(n: u64) -> u64 {
    n * 2
}

fn where_to(terminal: bool) -> &'static str {
    if terminal {
        "terminal"
    } else {
        "pipe"
    }
}

/// Panics, which aborts the program, on a name longer than 10.
fn check(len: usize) {
    if len > 10 {
        panic!("too long");
    }
    println!("ok");
}
