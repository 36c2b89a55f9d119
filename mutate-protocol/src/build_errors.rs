//! The build-error list: where the driver's schemata build failed, so that `#[mutate]`
//! leaves the code holding those places as written and marks its mutants unviable (the
//! rebuild net). A place is first taken to be one site's (the innermost expression with
//! mutants that holds it); if the build fails there again, the whole function's. A place
//! no expression holds costs the function its suspect mutants first: for a use of a value
//! a `break` made `continue` moved in the round before (at once where rustc's label says
//! the move was in a previous iteration of the loop: [`Scope::Jumps`]), the jumps after
//! rustc's moved places, then all its jumps; for a use of a binding a mutant left uninitialized, the
//! mutants that skip the code rustc says initializes it (a condition forced, a statement
//! deleted). Then the whole function.
//!
//! The driver keeps one list per crate (by crate name) in a directory named by
//! [`env::BUILD_ERRORS`](crate::env) and passes that name to every schemata build. The
//! macro reads its crate's list at expansion time and makes rustc track it
//! (`include_bytes!`), so cargo rebuilds a crate exactly when its list changes. One error
//! a line, tab-separated: `error`, the file as rustc names it made lexically normal
//! ([`lexically_normal`]), line, column (1-based, as rustc counts them), the scope (`site`,
//! `jumps`, `suspects`, `function` or `const`), a digest of the file's
//! content when the error was seen (an entry whose file changed since is stale), rustc's
//! message, where rustc says the value used was moved and where it says the binding used
//! is initialized in some conditions (`line:column` each, comma separated; a list written
//! before these fields had none).
//!
//! One more list is shared by every crate: [`const_list_file`]. A `const fn` has no
//! `const` in a schemata build (its mutants need run-time switches), which fails where a
//! constant, a static or another `const fn` calls it (rustc's E0015). Its entries
//! ([`Scope::Const`]) name such functions, and the macro compiles them `const`, as
//! written. A crate's list is its own; this one is read by every annotated crate, since the
//! call that needs the function `const` may be in any crate that depends on it.

use crate::{escape, unescape};

/// One place where the schemata build failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError {
    /// The file as rustc names it, made lexically normal: relative to the workspace root,
    /// or absolute.
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub scope: Scope,
    /// Digest of the file's content when the error was seen.
    pub digest: u64,
    /// rustc's message, one line.
    pub message: String,
    /// For a use of a moved value: where rustc says it was moved, in the same file (line,
    /// column, as rustc counts them). A `break` made `continue` after such a place, in
    /// the loop that holds it, is the likely cause.
    pub moved: Vec<(u32, u32)>,
    /// For a use of a binding possibly uninitialized: where rustc says it is initialized
    /// in some conditions (line, column). A mutant that skips the code holding such a
    /// place (a condition forced, a statement deleted) is the likely cause.
    pub initialized: Vec<(u32, u32)>,
    /// The generated constant whose evaluation failed there, where rustc names one
    /// (`__mutate_MASK_7`: "evaluation of `f::__mutate_MASK_7` failed here"), else empty.
    /// A constant of a function body has each mutant a constant of its own, all evaluated
    /// in one build, and the mutants of one operator fail at the same place, each its own
    /// way (shlex's `c += 1` made `c -= 1` overflows, made `c *= 1` never ends): the name
    /// tells whose error each is, in one round.
    pub evaluated: String,
}

/// What the macro leaves as written for an error at a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The innermost expression with mutants holding the place.
    Site,
    /// A use of a value rustc says a loop's previous round moved: no site can hold the
    /// cause, a jump that takes the loop round again after the move does. The jumps after
    /// the places in `moved`, in the loop that holds them, are left as written.
    Jumps,
    /// Placed by no expression, and failed again with only the jumps rustc's moved places
    /// point at left as written: every `break`/`continue` swap of the function holding
    /// it; for an uninitialized binding, the mutants that skip its initializations.
    Suspects,
    /// The function holding it.
    Function,
    /// A `const fn` that a constant calls, to be compiled `const` (the shared list): at the
    /// place rustc says it is defined, or, with line 0, any function of the name its message
    /// gives (`file` is then the calling file, so the entry goes when that changes).
    Const,
}

impl BuildError {
    pub fn encode(&self) -> String {
        let scope = match self.scope {
            Scope::Site => "site",
            Scope::Jumps => "jumps",
            Scope::Suspects => "suspects",
            Scope::Function => "function",
            Scope::Const => "const",
        };
        let places = |places: &[(u32, u32)]| {
            let each: Vec<String> = places.iter().map(|(l, c)| format!("{l}:{c}")).collect();
            each.join(",")
        };
        let line = format!(
            "error\t{}\t{}\t{}\t{scope}\t{:016x}\t{}\t{}\t{}",
            escape(&self.file),
            self.line,
            self.column,
            self.digest,
            escape(&self.message),
            places(&self.moved),
            places(&self.initialized),
        );
        match self.evaluated.is_empty() {
            true => line,
            false => format!("{line}\t{}", escape(&self.evaluated)),
        }
    }

    pub fn decode(line: &str) -> Option<Self> {
        let f: Vec<&str> = line.split('\t').collect();
        if !(7..=10).contains(&f.len()) || f[0] != "error" {
            return None;
        }
        let place = |p: &str| {
            let (line, column) = p.split_once(':')?;
            Some((line.parse().ok()?, column.parse().ok()?))
        };
        let places = |field: Option<&&str>| match field {
            Some(list) if !list.is_empty() => list.split(',').map(place).collect::<Option<_>>(),
            _ => Some(Vec::new()),
        };
        let (moved, initialized) = (places(f.get(7))?, places(f.get(8))?);
        Some(BuildError {
            file: unescape(f[1]),
            line: f[2].parse().ok()?,
            column: f[3].parse().ok()?,
            scope: match f[4] {
                "site" => Scope::Site,
                "jumps" => Scope::Jumps,
                "suspects" => Scope::Suspects,
                "function" => Scope::Function,
                "const" => Scope::Const,
                _ => return None,
            },
            digest: u64::from_str_radix(f[5], 16).ok()?,
            message: unescape(f[6]),
            moved,
            initialized,
            evaluated: f.get(9).map(|e| unescape(e)).unwrap_or_default(),
        })
    }

    /// Whether this entry is about the same place as `other`.
    pub fn same_place(&self, other: &BuildError) -> bool {
        self.file == other.file && self.line == other.line && self.column == other.column
    }

    /// Whether this entry is about the same failure as `other`: at the same place, in the
    /// same generated constant's evaluation if either is one's (each mutant's own constant
    /// fails at its operator, which the mutants of that operator share).
    pub fn same_failure(&self, other: &BuildError) -> bool {
        self.same_place(other) && self.evaluated == other.evaluated
    }
}

/// `path` without `.` steps, and without a folder followed by `..`, as written (links are
/// not followed: the compiler read the file by the path as written). The macro names files
/// so, and the driver names rustc's so: a test target that compiles a library file through
/// `#[path = "../src/m.rs"]` has rustc say `tests/../src/m.rs`.
pub fn lexically_normal(path: &std::path::Path) -> std::path::PathBuf {
    use std::path::Component;
    let mut out: Vec<Component> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out.iter().collect()
}

/// The list of crate `krate` (its name as rustc knows it: `-` written `_`) in `dir`.
pub fn list_file(dir: &std::path::Path, krate: &str) -> String {
    dir.join(format!("{}.tsv", krate.replace('-', "_")))
        .to_string_lossy()
        .into_owned()
}

/// The list of `const fn`s to compile `const` ([`Scope::Const`]), shared by every crate in
/// `dir`. No crate's list has its name: crate names have no `-`.
pub fn const_list_file(dir: &std::path::Path) -> String {
    dir.join("keep-const.tsv").to_string_lossy().into_owned()
}

/// Whether rustc's message is a call of a function that is not `const` where a constant is
/// needed (E0015): in a schemata build, a `const fn` the macro made a plain one. Or the
/// driver's own word for such a call, read from the source before building
/// ([`predicted_const_call`]).
pub fn is_const_call(message: &str) -> bool {
    message.starts_with("cannot call non-const") || is_predicted_const_call(message)
}

const PREDICTED_CONST_CALL: &str = "called where a constant is needed: ";

/// Whether the message is the driver's ([`predicted_const_call`]), not rustc's.
pub fn is_predicted_const_call(message: &str) -> bool {
    message.starts_with(PREDICTED_CONST_CALL)
}

/// The message of an entry the driver lists before building, for a call of `function`
/// (`Engine::new`) at `at` (`src/lib.rs:4:5`) where a constant is needed: named as
/// rustc's would name it, so [`named_function`] reads it the same.
pub fn predicted_const_call(function: &str, at: &str) -> String {
    format!("{PREDICTED_CONST_CALL}`{function}` (at {at})")
}

/// The function rustc's message names, in backticks (`cannot call non-const associated
/// function `Point::<T>::new` in constants`), with its generic arguments left out. An
/// `impl` block rustc names by its type (`adt_hack::<impl iso8601::Config>::decode`, in a
/// module of its own) or a qualified path (`<Point as Shape>::area`) is named by the type's
/// own name: `adt_hack::Config::decode`, `Point::area`.
pub fn named_function(message: &str) -> Option<String> {
    let (_, rest) = message.split_once('`')?;
    let (name, _) = rest.split_once('`')?;
    let mut out = String::new();
    let mut depth = 0usize;
    let mut group = String::new();
    for c in name.chars() {
        match c {
            '<' => {
                depth += 1;
                if depth == 1 {
                    group.clear();
                    continue;
                }
            }
            '>' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    out.push_str(&self_type_of(&group));
                    continue;
                }
            }
            _ => {}
        }
        match depth {
            0 => out.push(c),
            _ => group.push(c),
        }
    }
    let out = out.replace("::::", "::");
    Some(
        out.trim_start_matches("::")
            .trim_end_matches("::")
            .to_owned(),
    )
}

/// The type's own name where a group in angle brackets is an `impl` block or a qualified
/// path's self type (`impl m::Config`, `impl Display for m::Point`, `m::Point as Shape`);
/// nothing for generic arguments (`T`, `u8, 4`).
fn self_type_of(group: &str) -> String {
    let ty = if let Some(rest) = group.strip_prefix("impl ") {
        rest.rsplit_once(" for ").map_or(rest, |(_, ty)| ty)
    } else if let Some((ty, _)) = group.split_once(" as ") {
        ty
    } else {
        return String::new();
    };
    let ty = ty.split('<').next().unwrap_or(ty);
    ty.rsplit("::").next().unwrap_or(ty).trim().to_owned()
}

/// Whether `named` (as [`named_function`] gives it: `double`, `Point::new`, `m::f`) can
/// be the function the macro calls `function` (`Point::new`, `inner::f`): its last
/// segments, as many as `named` has up to two.
pub fn names(named: &str, function: &str) -> bool {
    let tail = |text: &str, n: usize| {
        let segments: Vec<&str> = text.split("::").filter(|s| !s.is_empty()).collect();
        segments[segments.len().saturating_sub(n)..].join("::")
    };
    let n = named
        .split("::")
        .filter(|s| !s.is_empty())
        .count()
        .clamp(1, 2);
    !named.is_empty() && tail(named, n) == tail(function, n)
}

/// Every well-formed entry of a list's text; other lines are ignored.
pub fn parse(text: &str) -> Vec<BuildError> {
    text.lines().filter_map(BuildError::decode).collect()
}

/// The list's text.
pub fn render(errors: &[BuildError]) -> String {
    errors.iter().map(|e| e.encode() + "\n").collect()
}

/// FNV-1a of a file's bytes: stable across runs and platforms, unlike std's hasher.
pub fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn a_file_included_from_another_folder_is_named_as_the_library_names_it() {
        let normal = |p: &str| {
            lexically_normal(Path::new(p))
                .to_string_lossy()
                .into_owned()
        };
        assert_eq!(normal("tests/../src/common.rs"), "src/common.rs");
        assert_eq!(normal("./src/./lib.rs"), "src/lib.rs");
        assert_eq!(normal("a/b/../../c.rs"), "c.rs");
        assert_eq!(
            normal("../shared/x.rs"),
            "../shared/x.rs",
            "above the root stays"
        );
        assert_eq!(normal("/w/tests/../src/x.rs"), "/w/src/x.rs");
    }

    use super::*;

    #[test]
    fn entries_round_trip_and_junk_is_ignored() {
        let mut errors = vec![BuildError {
            file: "src/a b.rs".into(),
            line: 12,
            column: 5,
            scope: Scope::Function,
            digest: digest(b"fn f() {}"),
            message: "mismatched types\texpected `&[T]`".into(),
            moved: Vec::new(),
            initialized: Vec::new(),
            evaluated: String::new(),
        }];
        errors.push(BuildError {
            scope: Scope::Suspects,
            moved: vec![(14, 26), (20, 1)],
            ..errors[0].clone()
        });
        errors.push(BuildError {
            scope: Scope::Suspects,
            initialized: vec![(5, 13)],
            ..errors[0].clone()
        });
        errors.push(BuildError {
            scope: Scope::Site,
            evaluated: "__mutate_MASK_7".into(),
            ..errors[0].clone()
        });
        let text = render(&errors) + "not an entry\n";
        assert_eq!(parse(&text), errors);
        assert_ne!(digest(b"a"), digest(b"b"));
    }

    #[test]
    fn a_function_is_known_by_the_name_rustc_gives_it() {
        let named = |m: &str| named_function(m).unwrap();
        assert_eq!(
            named("cannot call non-const associated function `Point::<T>::new` in constants"),
            "Point::new"
        );
        assert_eq!(
            named("cannot call non-const function `double` in statics"),
            "double"
        );
        let predicted = predicted_const_call("Engine::new", "src/lib.rs:4:5");
        assert!(is_const_call(&predicted));
        assert_eq!(named(&predicted), "Engine::new");
        assert_eq!(
            named("cannot call non-const method `Set::<u8, 4>::len` in x"),
            "Set::len"
        );
        assert_eq!(
            named(
                "cannot call non-const associated function \
                 `adt_hack::<impl well_known::iso8601::Config>::decode` in constants"
            ),
            "adt_hack::Config::decode"
        );
        assert_eq!(
            named("cannot call non-const method `<Point<T> as Shape>::area` in constants"),
            "Point::area"
        );
        assert!(names("adt_hack::Config::decode", "Config::decode"));
        assert!(names("Point::new", "shapes::Point::new"));
        assert!(names("double", "double"));
        assert!(names("double", "inner::double"));
        assert!(!names("Point::new", "Line::new"));
        assert!(!names("new", "Point::renew"));
        assert_eq!(named_function("no backticks"), None);
    }

    #[test]
    fn a_const_entry_round_trips() {
        let entry = BuildError {
            file: "src/lib.rs".into(),
            line: 0,
            column: 0,
            scope: Scope::Const,
            digest: 7,
            message: "cannot call non-const associated function `S::new` in statics".into(),
            moved: Vec::new(),
            initialized: Vec::new(),
            evaluated: String::new(),
        };
        assert_eq!(parse(&render(std::slice::from_ref(&entry))), [entry]);
    }

    #[test]
    fn a_list_written_before_moved_places_were_kept_still_reads() {
        let old = "error\tsrc/lib.rs\t3\t9\tsite\t00000000000000ff\tborrow of moved value\n";
        let errors = parse(old);
        assert_eq!(errors.len(), 1);
        assert!(errors[0].moved.is_empty() && errors[0].initialized.is_empty());
        assert_eq!(errors[0].message, "borrow of moved value");
    }
}
