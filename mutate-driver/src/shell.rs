//! Words as a POSIX shell reads them back: the commands the driver prints for a user to
//! run (a mutant to reproduce, tests to leave out).

/// `text` in single quotes, any single quote in it closed, escaped and reopened.
pub fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_survive_the_shell() {
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), r"'it'\''s'");
    }
}
