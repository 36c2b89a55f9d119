//! `key = value` settings, one per line: blank lines and `#` comments skipped, spaces
//! around keys and values ignored, the value everything after the first `=`.

use std::collections::BTreeMap;

#[derive(Debug, PartialEq, Eq)]
pub enum Error {
    /// A line (1-based) with no `=`.
    NoEquals(usize),
    /// A line whose key is empty.
    NoKey(usize),
    /// A key given twice: its lines.
    Twice(String, usize, usize),
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Settings {
    values: BTreeMap<String, (String, usize)>,
}

#[mutate_runtime::mutate]
pub fn parse(text: &str) -> Result<Settings, Error> {
    let mut settings = Settings::default();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once('=').ok_or(Error::NoEquals(number))?;
        let key = key.trim();
        if key.is_empty() {
            return Err(Error::NoKey(number));
        }
        let value = value.trim();
        if let Some((_, first)) = settings.values.get(key) {
            return Err(Error::Twice(key.to_owned(), *first, number));
        }
        settings
            .values
            .insert(key.to_owned(), (value.to_owned(), number));
    }
    Ok(settings)
}

#[mutate_runtime::mutate]
impl Settings {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(|(value, _)| value.as_str())
    }
}
