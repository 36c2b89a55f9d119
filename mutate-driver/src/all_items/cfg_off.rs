//! Which `#[cfg(..)]` predicates are off in the build the driver runs, so that the code
//! they leave out is counted: mutate mutates what the build compiles, where cargo-mutants
//! edits every line of text, and a user comparing the two should see the difference is
//! code the build leaves out (an optional feature, another target), not a gap.
//!
//! Only what can be known without building is judged: the package's features (as cargo
//! resolves the ones asked for) and the toolchain's target (`rustc --print cfg`). A name a
//! build script sets (`cargo:rustc-cfg=..`) or the user passes in `RUSTFLAGS` is unknown,
//! and code under it is not counted.

use cargo_metadata::Package;
use std::collections::{BTreeSet, HashSet};
use std::process::Command;
use std::sync::OnceLock;
use syn::{Attribute, Meta};

/// The cfg names and `name = "value"` pairs that hold in the build.
#[derive(Debug, Default, Clone)]
pub struct ActiveCfg {
    set: HashSet<(String, Option<String>)>,
    /// Names whose every value is known: a pair of such a name not in `set` is off.
    known: HashSet<String>,
}

impl ActiveCfg {
    /// The cfgs of `package`'s test build with `features` asked for (`all`: every one;
    /// `defaults`: its `default` feature too).
    pub fn of(package: &Package, features: &[String], all: bool, defaults: bool) -> ActiveCfg {
        let on = enabled_features(package, features, all, defaults);
        ActiveCfg::with(target_cfg(), on)
    }

    /// The target's cfgs (`rustc --print cfg`'s lines) and the features `on`.
    pub fn with(target: &str, on: impl IntoIterator<Item = String>) -> ActiveCfg {
        let mut active = ActiveCfg::from_lines(target);
        for feature in on {
            active.set.insert(("feature".into(), Some(feature)));
        }
        active.known.insert("feature".into());
        // The tests' profile; `test` itself is unknown: the library is built with it for
        // its unit tests and without it for the integration tests.
        active.set.insert(("debug_assertions".into(), None));
        active.known.insert("debug_assertions".into());
        active
    }

    /// From `rustc --print cfg`'s lines (`unix`, `target_os="linux"`).
    fn from_lines(text: &str) -> ActiveCfg {
        let mut active = ActiveCfg::default();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (name, value) = match line.split_once('=') {
                Some((name, value)) => (name, Some(value.trim_matches('"').to_owned())),
                None => (line, None),
            };
            active.known.insert(name.to_owned());
            active.set.insert((name.to_owned(), value));
        }
        // Names the target may lack, all of whose values are then off.
        for name in [
            "unix",
            "windows",
            "target_os",
            "target_arch",
            "target_family",
        ] {
            active.known.insert(name.into());
        }
        active
    }

    /// Whether `predicate` holds: `None` where it names what is not known here.
    pub fn holds(&self, predicate: &Meta) -> Option<bool> {
        match predicate {
            Meta::Path(path) => {
                let name = path.get_ident()?.to_string();
                self.known
                    .contains(&name)
                    .then(|| self.set.contains(&(name, None)))
            }
            Meta::NameValue(pair) => {
                let name = pair.path.get_ident()?.to_string();
                let syn::Expr::Lit(syn::ExprLit {
                    lit: syn::Lit::Str(value),
                    ..
                }) = &pair.value
                else {
                    return None;
                };
                self.known
                    .contains(&name)
                    .then(|| self.set.contains(&(name, Some(value.value()))))
            }
            Meta::List(list) => {
                let inner = list
                    .parse_args_with(
                        syn::punctuated::Punctuated::<Meta, syn::Token![,]>::parse_terminated,
                    )
                    .ok()?;
                let values: Vec<Option<bool>> = inner.iter().map(|m| self.holds(m)).collect();
                let name = list.path.get_ident()?.to_string();
                match name.as_str() {
                    "all" if values.contains(&Some(false)) => Some(false),
                    "all" => values.iter().all(Option::is_some).then_some(true),
                    "any" if values.contains(&Some(true)) => Some(true),
                    "any" => values.iter().all(Option::is_some).then_some(false),
                    "not" if values.len() == 1 => values[0].map(|v| !v),
                    _ => None,
                }
            }
        }
    }

    /// Whether `attrs` hold a `#[cfg(..)]` known to be off here.
    pub fn off(&self, attrs: &[Attribute]) -> bool {
        attrs.iter().any(|a| {
            a.path().is_ident("cfg")
                && a.parse_args::<Meta>()
                    .is_ok_and(|p| self.holds(&p) == Some(false))
        })
    }
}

/// The toolchain's target cfgs, read once.
fn target_cfg() -> &'static str {
    static CFG: OnceLock<String> = OnceLock::new();
    CFG.get_or_init(|| {
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
        Command::new(rustc)
            .args(["--print", "cfg"])
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    })
}

/// The features of `package` that `asked` turns on, with those they turn on in turn.
fn enabled_features(
    package: &Package,
    asked: &[String],
    all: bool,
    defaults: bool,
) -> BTreeSet<String> {
    if all {
        return package.features.keys().cloned().collect();
    }
    let mut wanted: Vec<String> = asked
        .iter()
        .flat_map(|f| f.split([',', ' ']))
        .filter(|f| !f.is_empty())
        .map(|f| f.rsplit('/').next().unwrap_or(f).to_owned())
        .collect();
    if defaults && package.features.contains_key("default") {
        wanted.push("default".into());
    }
    let mut on = BTreeSet::new();
    while let Some(feature) = wanted.pop() {
        if !on.insert(feature.clone()) {
            continue;
        }
        for implied in package.features.get(&feature).into_iter().flatten() {
            // `dep:x` and `x/y` turn on a dependency's features, not this package's.
            if !implied.contains(':') && !implied.contains('/') {
                wanted.push(implied.clone());
            }
        }
    }
    on
}

#[cfg(test)]
mod tests {
    use super::*;

    fn linux() -> ActiveCfg {
        ActiveCfg::with(
            "target_arch=\"x86_64\"\ntarget_os=\"linux\"\nunix\n",
            ["std".to_owned()],
        )
    }

    fn holds(active: &ActiveCfg, text: &str) -> Option<bool> {
        active.holds(&syn::parse_str::<Meta>(text).unwrap())
    }

    #[test]
    fn features_and_targets_are_known() {
        let a = linux();
        assert_eq!(holds(&a, "feature = \"std\""), Some(true));
        assert_eq!(holds(&a, "feature = \"serde\""), Some(false));
        assert_eq!(holds(&a, "windows"), Some(false));
        assert_eq!(holds(&a, "target_arch = \"aarch64\""), Some(false));
        assert_eq!(holds(&a, "not(feature = \"serde\")"), Some(true));
        assert_eq!(holds(&a, "all(unix, feature = \"serde\")"), Some(false));
        assert_eq!(holds(&a, "any(windows, feature = \"std\")"), Some(true));
    }

    #[test]
    fn what_a_build_script_may_set_is_unknown() {
        let a = linux();
        assert_eq!(holds(&a, "has_atomics"), None);
        assert_eq!(holds(&a, "all(unix, has_atomics)"), None);
        assert_eq!(holds(&a, "all(windows, has_atomics)"), Some(false));
        assert_eq!(holds(&a, "any(unix, has_atomics)"), Some(true));
    }

    #[test]
    fn an_item_under_an_off_cfg_is_off() {
        let a = linux();
        let item: syn::ItemFn =
            syn::parse_str("#[cfg(feature = \"serde\")] #[inline] fn f() {}").unwrap();
        assert!(a.off(&item.attrs));
        let item: syn::ItemFn = syn::parse_str("#[cfg(unix)] fn f() {}").unwrap();
        assert!(!a.off(&item.attrs));
    }
}
