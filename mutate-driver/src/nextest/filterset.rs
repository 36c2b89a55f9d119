//! nextest's filterset language, as `.config/nextest.toml` uses it (`default-filter`, an
//! override's `filter`): `test()`, `package()`, `binary()`, `binary_id()`, `kind()`,
//! `all()`, `none()`; `not`/`!`, `and`/`&`, `-` (and not), `or`/`|`/`+`, parentheses;
//! name matchers `=exact`, `~contains`, `/regex/`, `#glob`, and the default (contains for
//! `test()`, a glob for the others). What it cannot decide here (`deps()`, `rdeps()`,
//! `platform()`, `default()`) is an error the caller turns into a note.

use globset::GlobMatcher;
use regex::Regex;

/// What a filterset asks of one test.
pub struct TestQuery<'a> {
    pub package: &'a str,
    /// Cargo's kind of the test binary's target: `lib`, `test`, `bin`, `bench`, …
    pub kind: &'a str,
    /// The target's name (the crate's for unit tests).
    pub binary: &'a str,
    /// nextest's binary id: the package for its library's unit tests, else
    /// `package::binary` (`package::bin/binary` for a binary target's).
    pub binary_id: &'a str,
    pub test: &'a str,
}

#[derive(Debug)]
pub enum Filterset {
    All,
    None,
    Test(Matcher),
    Package(Matcher),
    Binary(Matcher),
    BinaryId(Matcher),
    Kind(Matcher),
    Not(Box<Filterset>),
    And(Box<Filterset>, Box<Filterset>),
    Or(Box<Filterset>, Box<Filterset>),
}

#[derive(Debug)]
pub enum Matcher {
    Equal(String),
    Contains(String),
    Glob(GlobMatcher),
    Regex(Regex),
}

impl Matcher {
    fn matches(&self, name: &str) -> bool {
        match self {
            Matcher::Equal(value) => name == value,
            Matcher::Contains(value) => name.contains(value.as_str()),
            Matcher::Glob(glob) => glob.is_match(name),
            Matcher::Regex(regex) => regex.is_match(name),
        }
    }
}

impl Filterset {
    pub fn parse(text: &str) -> Result<Filterset, String> {
        let mut parser = Parser { text, at: 0 };
        let set = parser.union()?;
        parser.space();
        match parser.rest().is_empty() {
            true => Ok(set),
            false => Err(format!("unexpected `{}`", parser.rest())),
        }
    }

    pub fn matches(&self, q: &TestQuery) -> bool {
        match self {
            Filterset::All => true,
            Filterset::None => false,
            Filterset::Test(m) => m.matches(q.test),
            Filterset::Package(m) => m.matches(q.package),
            Filterset::Binary(m) => m.matches(q.binary),
            Filterset::BinaryId(m) => m.matches(q.binary_id),
            Filterset::Kind(m) => m.matches(q.kind),
            Filterset::Not(a) => !a.matches(q),
            Filterset::And(a, b) => a.matches(q) && b.matches(q),
            Filterset::Or(a, b) => a.matches(q) || b.matches(q),
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.at..]
    }

    fn space(&mut self) {
        let rest = self.rest();
        self.at += rest.len() - rest.trim_start().len();
    }

    /// Takes `token` if the text goes on with it (a word only as a whole word).
    fn eat(&mut self, token: &str) -> bool {
        self.space();
        let rest = self.rest();
        let word = token.chars().all(|c| c.is_ascii_alphabetic());
        let whole = |after: &str| !after.starts_with(|c: char| c.is_alphanumeric() || c == '_');
        if rest.starts_with(token) && (!word || whole(&rest[token.len()..])) {
            self.at += token.len();
            return true;
        }
        false
    }

    fn union(&mut self) -> Result<Filterset, String> {
        let mut set = self.intersection()?;
        while self.eat("or") || self.eat("|") || self.eat("+") {
            set = Filterset::Or(Box::new(set), Box::new(self.intersection()?));
        }
        Ok(set)
    }

    fn intersection(&mut self) -> Result<Filterset, String> {
        let mut set = self.unary()?;
        loop {
            if self.eat("and") || self.eat("&") {
                set = Filterset::And(Box::new(set), Box::new(self.unary()?));
            } else if self.eat("-") {
                let without = Filterset::Not(Box::new(self.unary()?));
                set = Filterset::And(Box::new(set), Box::new(without));
            } else {
                return Ok(set);
            }
        }
    }

    fn unary(&mut self) -> Result<Filterset, String> {
        if self.eat("not") || self.eat("!") {
            return Ok(Filterset::Not(Box::new(self.unary()?)));
        }
        if self.eat("(") {
            let set = self.union()?;
            return match self.eat(")") {
                true => Ok(set),
                false => Err("a `(` is not closed".into()),
            };
        }
        self.predicate()
    }

    fn predicate(&mut self) -> Result<Filterset, String> {
        self.space();
        let rest = self.rest();
        let name_len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let name = rest[..name_len].to_owned();
        if name.is_empty() {
            return Err(format!("expected a predicate at `{rest}`"));
        }
        self.at += name_len;
        if !self.eat("(") {
            return Err(format!("`{name}` is not followed by `(`"));
        }
        let argument = self.argument()?;
        let matcher = |default: fn(&str) -> Result<Matcher, String>| match argument.trim() {
            "" => Err(format!("`{name}()` needs a name to match")),
            text => matcher(text, default),
        };
        match name.as_str() {
            "all" | "none" if !argument.trim().is_empty() => {
                Err(format!("`{name}()` takes nothing"))
            }
            "all" => Ok(Filterset::All),
            "none" => Ok(Filterset::None),
            "test" => Ok(Filterset::Test(matcher(contains)?)),
            "package" => Ok(Filterset::Package(matcher(glob)?)),
            "binary" => Ok(Filterset::Binary(matcher(glob)?)),
            "binary_id" => Ok(Filterset::BinaryId(matcher(glob)?)),
            "kind" => Ok(Filterset::Kind(matcher(glob)?)),
            other => Err(format!(
                "`{other}()` is not one mutate can decide (it reads test(), package(), \
                 binary(), binary_id(), kind(), all() and none())"
            )),
        }
    }

    /// The text up to the predicate's closing `)`, which it takes: a `/regex/` may hold
    /// parentheses, and `\)` is a `)` of the name.
    fn argument(&mut self) -> Result<String, String> {
        let rest = self.rest();
        let regex = rest.trim_start().starts_with('/');
        let mut out = String::new();
        let mut in_regex = false;
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' if !regex => {
                    if let Some((_, next)) = chars.next() {
                        out.push(next);
                    }
                }
                '/' if regex => {
                    in_regex = !in_regex;
                    out.push(c);
                }
                ')' if !in_regex => {
                    self.at += i + 1;
                    return Ok(out);
                }
                _ => out.push(c),
            }
        }
        Err(format!("a predicate's `(` is not closed: `{rest}`"))
    }
}

fn matcher(text: &str, default: fn(&str) -> Result<Matcher, String>) -> Result<Matcher, String> {
    if let Some(value) = text.strip_prefix('=') {
        return Ok(Matcher::Equal(value.to_owned()));
    }
    if let Some(value) = text.strip_prefix('~') {
        return Ok(Matcher::Contains(value.to_owned()));
    }
    if let Some(value) = text.strip_prefix('#') {
        return glob(value);
    }
    if let Some(pattern) = text.strip_prefix('/').and_then(|t| t.strip_suffix('/')) {
        return Regex::new(pattern)
            .map(Matcher::Regex)
            .map_err(|e| format!("`/{pattern}/`: {e}"));
    }
    default(text)
}

fn contains(text: &str) -> Result<Matcher, String> {
    Ok(Matcher::Contains(text.to_owned()))
}

fn glob(text: &str) -> Result<Matcher, String> {
    globset::Glob::new(text)
        .map(|g| Matcher::Glob(g.compile_matcher()))
        .map_err(|e| format!("`#{text}`: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query<'a>(package: &'a str, binary: &'a str, test: &'a str) -> TestQuery<'a> {
        TestQuery {
            package,
            kind: if binary == package { "lib" } else { "test" },
            binary,
            binary_id: if binary == package { package } else { "x::it" },
            test,
        }
    }

    fn matches(set: &str, q: &TestQuery) -> bool {
        Filterset::parse(set).unwrap().matches(q)
    }

    #[test]
    fn predicates_and_matchers() {
        let q = query("shop", "it", "db::saves_orders");
        assert!(matches("test(saves)", &q));
        assert!(matches("test(=db::saves_orders)", &q));
        assert!(!matches("test(=saves_orders)", &q));
        assert!(matches("test(/^db::.*s$/)", &q));
        assert!(matches("test(#db::*)", &q));
        assert!(matches("package(shop)", &q));
        assert!(matches("package(sh*)", &q));
        assert!(
            !matches("package(sho)", &q),
            "a package name is a glob, not a substring"
        );
        assert!(matches("binary(it) & kind(test)", &q));
        assert!(matches("binary_id(x::it)", &q));
        assert!(matches("all()", &q) && !matches("none()", &q));
    }

    #[test]
    fn operators_bind_as_nextest_binds_them() {
        let q = query("shop", "shop", "slow::report");
        assert!(matches("not test(slow)", &query("shop", "shop", "fast")));
        assert!(!matches("!test(slow)", &q));
        assert!(matches("test(fast) or test(slow) and package(shop)", &q));
        assert!(!matches("(test(fast) | test(slow)) & package(other)", &q));
        assert!(!matches("all() - test(slow)", &q));
        assert!(matches("test(slow) + none()", &q));
        assert!(
            matches("test(/(slow|fast)::/)", &q),
            "a regex holds parentheses"
        );
    }

    #[test]
    fn what_it_cannot_decide_is_an_error_that_says_so() {
        for bad in [
            "deps(shop)",
            "platform(host)",
            "test(",
            "test(x) and",
            "tes(x)x",
            "test()",
        ] {
            assert!(Filterset::parse(bad).is_err(), "{bad}");
        }
        let err = Filterset::parse("rdeps(shop)").unwrap_err();
        assert!(
            err.contains("`rdeps()` is not one mutate can decide"),
            "{err}"
        );
    }
}
