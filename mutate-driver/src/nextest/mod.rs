//! nextest's settings, for projects whose CI runs `cargo nextest`: the profile of
//! `.config/nextest.toml` that `--nextest-profile` or `NEXTEST_PROFILE` names (else
//! `default`; a profile inherits from the one its `inherits` names, and from `default`).
//!
//! - `default-filter` chooses the tests considered, as nextest runs only those;
//! - `[test-groups]` with `max-threads`, and overrides' `test-group`, bound how many tests
//!   of a group run at once, in the baseline and the mutant phase alike ([`Groups`]);
//! - `slow-timeout` with `terminate-after` caps a test's time limits: nextest would end
//!   it there and call it failed;
//! - `retries`: a test's failure with a mutant is tried again as nextest would, and a try
//!   that passes makes it a pass (nextest calls the test flaky and passes it); a failure
//!   every try repeats kills.
//!
//! Keys nextest knows that have no bearing on a mutation run (reporting, `test-threads`,
//! `fail-fast`, JUnit) are read over; keys it does not know, and filtersets naming what
//! mutate cannot decide (`deps()`, `platform()`), are named in a note, never an error.

mod apply;
mod filterset;
mod groups;

pub use apply::{Applied, apply};
pub use filterset::{Filterset, TestQuery};
pub use groups::Groups;
use std::path::Path;
use std::time::Duration;
use toml_edit::{DocumentMut, Item, Table};

/// The file nextest reads, under the workspace root.
pub const FILE: &str = ".config/nextest.toml";

/// The profile's settings, resolved.
pub struct Nextest {
    pub profile: String,
    /// Decided by the nearest profile that sets it (`None` inside: it did not parse, and
    /// every test is considered).
    default_filter: Option<Option<Filterset>>,
    retries: Option<u32>,
    terminate: Option<Option<Duration>>,
    overrides: Vec<Override>,
    /// Each test group's name and `max-threads`.
    pub groups: Vec<(String, usize)>,
    /// Notes for the user: keys not read, filters not decided.
    pub notes: Vec<String>,
}

/// One `[[profile.<name>.overrides]]`: what it sets for the tests its filter matches.
struct Override {
    filter: Filterset,
    group: Option<String>,
    retries: Option<u32>,
    terminate: Option<Option<Duration>>,
}

/// What the settings say of one test.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct ForTest {
    pub considered: bool,
    /// Index into [`Nextest::groups`].
    pub group: Option<usize>,
    /// When nextest would end it (`slow-timeout`'s period times `terminate-after`).
    pub terminate_after: Option<Duration>,
    pub retries: u32,
}

/// Keys of a profile that nextest knows and a mutation run has no use for.
const PROFILE_KEYS_UNUSED: &[&str] = &[
    "inherits",
    "test-threads",
    "threads-required",
    "run-extra-args",
    "fail-fast",
    "status-level",
    "final-status-level",
    "failure-output",
    "success-output",
    "leak-timeout",
    "archive",
    "junit",
    "slow-timeout-grace",
    "global-timeout",
];
const TOP_KEYS_UNUSED: &[&str] = &["nextest-version", "experimental", "store", "scripts"];
const OVERRIDE_KEYS_UNUSED: &[&str] = &[
    "threads-required",
    "run-extra-args",
    "leak-timeout",
    "success-output",
    "failure-output",
    "junit",
    "priority",
    "default-filter",
];

impl Nextest {
    /// The settings of `profile` (else `NEXTEST_PROFILE`, else `default`) in the workspace
    /// at `root`; `None` without a `.config/nextest.toml`. A file that does not parse, a
    /// profile it lacks, or a filterset that does not parse is an error.
    pub fn load(root: &Path, profile: Option<&str>) -> Result<Option<Nextest>, String> {
        let path = root.join(FILE);
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Ok(None);
        };
        let env = std::env::var("NEXTEST_PROFILE").ok();
        let profile = profile.or(env.as_deref()).unwrap_or("default");
        Nextest::parse(&text, profile)
            .map(Some)
            .map_err(|e| format!("{FILE}: {e}"))
    }

    fn parse(text: &str, profile: &str) -> Result<Nextest, String> {
        let doc: DocumentMut = text.parse().map_err(|e| format!("{e}"))?;
        let mut notes = Vec::new();
        for (key, _) in doc.iter() {
            if !["profile", "test-groups"].contains(&key) && !TOP_KEYS_UNUSED.contains(&key) {
                notes.push(format!("`{key}` is not a key mutate knows; not read"));
            }
        }
        let profiles = doc.get("profile").and_then(Item::as_table_like);
        let chain = inheritance(profiles, profile)?;
        let mut nextest = Nextest {
            profile: profile.to_owned(),
            default_filter: None,
            retries: None,
            terminate: None,
            overrides: Vec::new(),
            groups: groups(&doc, &mut notes)?,
            notes: Vec::new(),
        };
        // Nearest profile first: the first that sets a key decides it.
        for (name, table) in &chain {
            let at = |key: &str| format!("profile.{name}.{key}");
            for (key, item) in table.iter() {
                match key {
                    "default-filter" if nextest.default_filter.is_none() => {
                        let text = item
                            .as_str()
                            .ok_or(format!("{} is not a string", at(key)))?;
                        let parsed = Filterset::parse(text);
                        if let Err(e) = &parsed {
                            notes.push(format!("{}: {e}; every test is considered", at(key)));
                        }
                        nextest.default_filter = Some(parsed.ok());
                    }
                    "retries" if nextest.retries.is_none() => {
                        nextest.retries =
                            Some(retries(item).ok_or(format!("{} is not read", at(key)))?);
                    }
                    "slow-timeout" if nextest.terminate.is_none() => {
                        nextest.terminate =
                            Some(terminate(item).map_err(|e| format!("{}: {e}", at(key)))?);
                    }
                    "overrides" => {
                        let list = item
                            .as_array_of_tables()
                            .ok_or(format!("{} is not a list of tables", at(key)))?;
                        for (i, table) in list.iter().enumerate() {
                            let here = format!("{}[{i}]", at(key));
                            if let Some(o) = override_of(table, &here, &mut notes)? {
                                nextest.overrides.push(o);
                            }
                        }
                    }
                    "default-filter" | "retries" | "slow-timeout" => {}
                    known if PROFILE_KEYS_UNUSED.contains(&known) => {}
                    unknown => notes.push(format!(
                        "{} is not a key mutate knows; not read",
                        at(unknown)
                    )),
                }
            }
        }
        for o in &nextest.overrides {
            if let Some(group) = &o.group
                && !nextest.groups.iter().any(|(name, _)| name == group)
                && group != "@global"
            {
                return Err(format!("test group `{group}` is not in [test-groups]"));
            }
        }
        nextest.notes = notes;
        Ok(nextest)
    }

    /// What the settings say of test `q`: the first override whose filter matches decides
    /// each setting it sets, the profile the rest.
    pub fn for_test(&self, q: &TestQuery) -> ForTest {
        let mut group = None;
        let mut retries = None;
        let mut terminate = None;
        for o in self.overrides.iter().filter(|o| o.filter.matches(q)) {
            group = group.or(o.group.clone());
            retries = retries.or(o.retries);
            terminate = terminate.or(o.terminate);
        }
        ForTest {
            considered: self
                .default_filter
                .as_ref()
                .and_then(Option::as_ref)
                .is_none_or(|f| f.matches(q)),
            group: group.and_then(|g| self.groups.iter().position(|(name, _)| *name == g)),
            terminate_after: terminate.or(self.terminate).flatten(),
            retries: retries.or(self.retries).unwrap_or(0),
        }
    }
}

/// The profile and the ones it inherits from, nearest first, `default` last.
fn inheritance<'a>(
    profiles: Option<&'a dyn toml_edit::TableLike>,
    profile: &str,
) -> Result<Vec<(String, &'a dyn toml_edit::TableLike)>, String> {
    let mut chain = Vec::new();
    let mut next = Some(profile.to_owned());
    while let Some(name) = next.take() {
        if chain.iter().any(|(n, _): &(String, _)| *n == name) {
            return Err(format!("profile `{name}` inherits from itself"));
        }
        let table = profiles
            .and_then(|p| p.get(&name))
            .and_then(Item::as_table_like);
        let Some(table) = table else {
            if name == "default" {
                break;
            }
            return Err(format!("no profile `{name}` (`[profile.{name}]`)"));
        };
        next = match table.get("inherits").and_then(Item::as_str) {
            Some(parent) => Some(parent.to_owned()),
            None if name != "default" => Some("default".to_owned()),
            None => None,
        };
        chain.push((name, table));
    }
    Ok(chain)
}

fn groups(doc: &DocumentMut, notes: &mut Vec<String>) -> Result<Vec<(String, usize)>, String> {
    let Some(groups) = doc.get("test-groups").and_then(Item::as_table_like) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for (name, item) in groups.iter() {
        let table = item
            .as_table_like()
            .ok_or(format!("test-groups.{name} is not a table"))?;
        let threads = table
            .get("max-threads")
            .ok_or(format!("test-groups.{name} has no max-threads"))?;
        let threads = match (threads.as_integer(), threads.as_str()) {
            (Some(n), _) if n >= 1 => n as usize,
            (_, Some("num-cpus")) => std::thread::available_parallelism().map_or(1, |n| n.get()),
            _ => return Err(format!("test-groups.{name}.max-threads is not a count")),
        };
        for (key, _) in table.iter().filter(|(k, _)| *k != "max-threads") {
            notes.push(format!(
                "test-groups.{name}.{key} is not a key mutate knows; not read"
            ));
        }
        out.push((name.to_owned(), threads));
    }
    Ok(out)
}

fn override_of(
    table: &Table,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Option<Override>, String> {
    let mut o = Override {
        filter: Filterset::All,
        group: None,
        retries: None,
        terminate: None,
    };
    if table.contains_key("platform") {
        // Which platforms a `cfg()` or a target triple names is not decided here: applied
        // everywhere, an override meant for one platform would bind every test.
        notes.push(format!(
            "{at} names a `platform`, which mutate does not decide; the override is not applied"
        ));
        return Ok(None);
    }
    for (key, item) in table.iter() {
        match key {
            "filter" => {
                let text = item
                    .as_str()
                    .ok_or(format!("{at}.filter is not a string"))?;
                match Filterset::parse(text) {
                    Ok(set) => o.filter = set,
                    Err(e) => {
                        notes.push(format!("{at}.filter: {e}; the override is not applied"));
                        return Ok(None);
                    }
                }
            }
            "test-group" => {
                o.group = Some(
                    item.as_str()
                        .ok_or(format!("{at}.test-group is not a string"))?
                        .to_owned(),
                );
            }
            "retries" => {
                o.retries = Some(retries(item).ok_or(format!("{at}.retries is not read"))?)
            }
            "slow-timeout" => {
                o.terminate = Some(terminate(item).map_err(|e| format!("{at}.slow-timeout: {e}"))?)
            }
            known if OVERRIDE_KEYS_UNUSED.contains(&known) => {}
            unknown => notes.push(format!(
                "{at}.{unknown} is not a key mutate knows; not read"
            )),
        }
    }
    Ok(Some(o))
}

/// `retries = 2`, or `retries = { backoff = "fixed", count = 2, .. }`.
fn retries(item: &Item) -> Option<u32> {
    if let Some(n) = item.as_integer() {
        return u32::try_from(n).ok();
    }
    let count = item.as_table_like()?.get("count")?.as_integer()?;
    u32::try_from(count).ok()
}

/// When nextest ends a test, from `slow-timeout = "60s"` (never: it only says the test is
/// slow) or `{ period = "60s", terminate-after = 2 }` (after 120 s).
fn terminate(item: &Item) -> Result<Option<Duration>, String> {
    if item.as_str().is_some() {
        return Ok(None);
    }
    let table = item
        .as_table_like()
        .ok_or("is neither a duration nor a table")?;
    let period = table
        .get("period")
        .and_then(Item::as_str)
        .ok_or("has no period")?;
    let period = duration(period)?;
    Ok(
        match table.get("terminate-after").and_then(Item::as_integer) {
            Some(n) if n >= 1 => Some(period * n as u32),
            _ => None,
        },
    )
}

/// A duration as nextest reads one (humantime's: `60s`, `1m 30s`, `500ms`, `2 minutes`).
fn duration(text: &str) -> Result<Duration, String> {
    humantime::parse_duration(text.trim()).map_err(|e| format!("`{text}` is not a duration: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = r#"
nextest-version = "0.9.100"

[test-groups]
serial = { max-threads = 1 }

[profile.default]
default-filter = "not test(ignored_by_ci)"
slow-timeout = { period = "10s", terminate-after = 3 }
fail-fast = false
colour = "always"

[[profile.default.overrides]]
filter = "test(db::)"
test-group = "serial"

[[profile.default.overrides]]
filter = "test(flaky)"
retries = 2
slow-timeout = { period = "1s", terminate-after = 2 }

[[profile.default.overrides]]
filter = "platform(host)"
retries = 5

[[profile.default.overrides]]
platform = "cfg(windows)"
retries = 7

[profile.ci]
retries = { backoff = "fixed", count = 1 }
"#;

    fn query(test: &str) -> TestQuery<'_> {
        TestQuery {
            package: "shop",
            kind: "lib",
            binary: "shop",
            binary_id: "shop",
            test,
        }
    }

    #[test]
    fn the_default_profile_decides_filter_groups_limits_and_retries() {
        let n = Nextest::parse(CONFIG, "default").unwrap();
        assert_eq!(n.groups, vec![("serial".to_owned(), 1)]);
        let db = n.for_test(&query("db::saves"));
        assert_eq!(db.group, Some(0));
        assert!(db.considered);
        assert_eq!(db.terminate_after, Some(Duration::from_secs(30)));
        assert_eq!(db.retries, 0);
        let flaky = n.for_test(&query("net::flaky_fetch"));
        assert_eq!((flaky.retries, flaky.group), (2, None));
        assert_eq!(flaky.terminate_after, Some(Duration::from_secs(2)));
        assert!(!n.for_test(&query("ignored_by_ci_only")).considered);
        assert_eq!(
            n.notes,
            vec![
                "profile.default.colour is not a key mutate knows; not read".to_owned(),
                "profile.default.overrides[2].filter: `platform()` is not one mutate can \
                 decide (it reads test(), package(), binary(), binary_id(), kind(), all() and \
                 none()); the override is not applied"
                    .to_owned(),
                "profile.default.overrides[3] names a `platform`, which mutate does not decide; \
                 the override is not applied"
                    .to_owned(),
            ]
        );
    }

    #[test]
    fn a_profile_inherits_from_default_and_sets_its_own() {
        let n = Nextest::parse(CONFIG, "ci").unwrap();
        assert_eq!(n.for_test(&query("x")).retries, 1);
        assert_eq!(
            n.for_test(&query("flaky")).retries,
            2,
            "an override decides first"
        );
        assert!(!n.for_test(&query("ignored_by_ci")).considered);
        let missing = Nextest::parse(CONFIG, "nightly").err().unwrap();
        assert_eq!(missing, "no profile `nightly` (`[profile.nightly]`)");
    }

    #[test]
    fn bad_input_is_an_error_naming_it() {
        assert!(Nextest::parse("[profile", "default").is_err());
        let unknown_group = "[[profile.default.overrides]]\nfilter = \"all()\"\ntest-group = \"x\"";
        assert_eq!(
            Nextest::parse(unknown_group, "default").err().unwrap(),
            "test group `x` is not in [test-groups]"
        );
        assert_eq!(duration("1m 30s"), Ok(Duration::from_secs(90)));
        assert_eq!(duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(duration("2 minutes"), Ok(Duration::from_secs(120)));
        assert!(duration("soon").is_err());
        let huge =
            "[profile.default]\nslow-timeout = { period = \"1h\", terminate-after = 9999999999 }";
        assert!(
            Nextest::parse(huge, "default").is_ok(),
            "too large is no limit, not a panic"
        );
    }
}
