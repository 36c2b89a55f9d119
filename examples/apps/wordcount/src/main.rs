//! `wordcount [--lines]`: counts the words (or lines) of its standard input.

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let lines = match parse_args(std::env::args().skip(1)) {
        Ok(lines) => lines,
        Err(unknown) => {
            eprintln!("wordcount: unknown option {unknown}");
            return ExitCode::from(2);
        }
    };
    let mut text = String::new();
    if std::io::stdin().read_to_string(&mut text).is_err() {
        eprintln!("wordcount: the input is not text");
        return ExitCode::from(1);
    }
    let (label, n) = if lines {
        ("lines", wordcount::count_lines(&text))
    } else {
        ("words", wordcount::count_words(&text))
    };
    println!("{}", report(label, n));
    ExitCode::SUCCESS
}

/// Whether `--lines` was asked for; the first other argument is an error.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<bool, String> {
    let mut lines = false;
    for arg in args.by_ref() {
        if arg == "--lines" {
            lines = true;
        } else {
            return Err(arg);
        }
    }
    Ok(lines)
}

fn report(label: &str, n: usize) -> String {
    format!(
        "{label}:{}",
        wordcount::pad(n, wordcount::column_width(label))
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_arguments_count_words() {
        assert_eq!(super::parse_args(std::iter::empty()), Ok(false));
    }

    #[test]
    fn labels_fit() {
        assert_eq!(wordcount::ROOM, 11);
    }
}
