//! Doc tests, run like every other test: `cargo test` runs them, so a mutant only a doc
//! example catches is killed, not survived.
//!
//! rustdoc compiles each doc test as a crate of its own on every run, which would cost a
//! compile per mutant. Instead the driver reads the doc tests of each tested library
//! ([`collect`]), makes each a program as rustdoc does ([`program`]), and declares them as
//! integration tests of the package: built once, run in forked children with per-test
//! coverage like any test. The doc tests that can share a crate go into one
//! ([`SHARED_TARGET`]), each in a module of its own whose one `#[test]` calls its `main`:
//! one crate to compile and link, one binary to serve, where a crate per doc test cost a
//! link and a fork server each. A doc test that cannot share (it loads macros at the crate
//! root, names `crate::`, exports a symbol; edition 2015 code that loads other crates) gets
//! a crate of its own, as under rustdoc; so does one that fails to build beside the others
//! ([`net`]), remembered for later runs. Blocks rustdoc does not run (`ignore`, `no_run`,
//! `compile_fail`, other languages) are left out; `should_panic` is kept. A doc test that
//! does not build alone either is left out by the rebuild net, and one that fails with
//! every mutant off is left out by the baseline, each with a note.

pub mod collect;
mod markdown;
mod net;
mod program;

pub use net::{Absorbed, DocTests, Package, Remembered};

use collect::{DocTest, InMacro};

/// Folder of the generated tests, in the package's folder of the mirror.
pub const DIR: &str = "mutate-doctests";
/// Prefix of every generated test target's name.
pub const TARGET_PREFIX: &str = "doctest_";
/// The test target of the doc tests that share a crate.
pub const SHARED_TARGET: &str = "doctest_shared";

/// The generated test crates of one library.
pub struct Generated {
    /// The shared crate first, if any doc test is in it; then one per doc test apart.
    pub files: Vec<GeneratedFile>,
    /// Doc tests left out, with why.
    pub skipped: Vec<(String, String)>,
}

/// One generated test crate.
pub struct GeneratedFile {
    /// The test target's name.
    pub target: String,
    /// Its file, relative to the package: `mutate-doctests/<target>.rs`.
    pub path: String,
    pub text: String,
    /// The doc tests in it, each with its lines in `text`.
    pub tests: Vec<Placed>,
}

/// A doc test in a generated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// What names the doc test from run to run (see [`key`]).
    pub key: String,
    /// Its first and last line in the file (1-based).
    pub lines: (usize, usize),
    /// Under its item's `#[cfg(..)]`, or written under `cfg_attr`: built and run only where
    /// that holds, as rustdoc collects it only there.
    pub gated: bool,
}

impl GeneratedFile {
    /// The doc tests that an error at `line` falls in: the one whose lines hold it, or
    /// every test in the file for a line outside them all (the crate's own lines).
    pub fn tests_at(&self, line: usize) -> Vec<&Placed> {
        let within: Vec<&Placed> = self
            .tests
            .iter()
            .filter(|t| (t.lines.0..=t.lines.1).contains(&line))
            .collect();
        match within.is_empty() {
            true => self.tests.iter().collect(),
            false => within,
        }
    }
}

/// What names a doc test from run to run: its file, item and code (not its line, which
/// moves when code above it changes).
pub fn key(test: &DocTest) -> String {
    let digest = mutate_protocol::build_errors::digest(test.code.as_bytes());
    format!("{}|{}|{digest:016x}", test.file, test.item)
}

/// Whether a test target is a generated doc test.
pub fn is_doc_test_target(target: &str) -> bool {
    target.starts_with(TARGET_PREFIX)
}

/// The integration tests of the doc tests rustdoc runs, for library `lib` of a package of
/// edition `edition`: those that can share a crate in one, the others (and those
/// `remembered` as set apart) in one each; those `remembered` as left out not at all.
pub fn generate(tests: &[DocTest], lib: &str, edition: &str, remembered: &Remembered) -> Generated {
    let mut apart = Vec::new();
    let mut shared = Shared::new(lib, edition);
    let mut skipped = Vec::new();
    let mut names = std::collections::BTreeSet::new();
    for test in tests.iter().filter(|t| t.info.is_run()) {
        let key = key(test);
        let display = display_name(test);
        // Named before anything is left out, so a name keeps its suffix from run to run.
        let base = target_name(test);
        let mut name = base.clone();
        for again in 2.. {
            if names.insert(name.clone()) {
                break;
            }
            name = format!("{base}_{again}");
        }
        if let Some(in_macro) = &test.in_macro {
            let why = match in_macro {
                InMacro::Definition(name) => format!(
                    "it is written in `macro_rules! {name}`; rustdoc runs it once per \
                     expansion, which mutate does not read, so a mutant only those runs \
                     detect is reported surviving"
                ),
                InMacro::Call(name) => format!(
                    "it is written in a call of `{name}!`, which mutate does not expand; \
                     rustdoc runs it where the macro passes it on, so a mutant only it \
                     detects is reported surviving"
                ),
            };
            skipped.push((display, why));
            continue;
        }
        if remembered.left_out.contains(&key) {
            skipped.push((display, "it does not build as an integration test".into()));
            continue;
        }
        let program = match program::make(&test.code) {
            Ok(program) => program,
            Err(program::Skip::CrateAttribute(attr)) => {
                skipped.push((display, format!("it needs `{attr}`")));
                continue;
            }
        };
        if let Some(feature) = test.test_attrs.iter().find(|a| a.starts_with("feature")) {
            skipped.push((
                display,
                format!("`#[doc(test(attr({feature})))]` gives it a nightly feature"),
            ));
            continue;
        }
        if remembered.apart.contains(&key) || !can_share(test, &program, lib, edition) {
            let text = crate_text(test, &program, lib, edition);
            let lines = text.lines().count();
            apart.push(GeneratedFile {
                path: format!("{DIR}/{name}.rs"),
                target: name,
                text,
                tests: vec![Placed {
                    key,
                    lines: (1, lines),
                    gated: cfg_of(test).is_some(),
                }],
            });
        } else {
            shared.add(test, &program, &name, key);
        }
    }
    let files = shared.into_file().into_iter().chain(apart).collect();
    Generated { files, skipped }
}

/// Whether a doc test's program can be a module of the shared crate and mean the same:
/// what only a crate root may hold, or what names the crate root, keeps it apart.
fn can_share(test: &DocTest, program: &program::Program, lib: &str, edition: &str) -> bool {
    const LINT_LEVELS: [&str; 5] = [
        "#![allow(",
        "#![warn(",
        "#![deny(",
        "#![forbid(",
        "#![expect(",
    ];
    let body = program.body.as_str();
    let only_lint_levels = crate_attributes(test)
        .iter()
        .chain(&program.inner_attributes)
        .all(|a| LINT_LEVELS.iter().any(|l| a.starts_with(l)));
    if !program.macro_crates.is_empty() || !only_lint_levels || names_crate_root(body) {
        return false;
    }
    // Symbols two modules would both define; code that runs at load time, which every doc
    // test's process would then run (constructors, registries).
    let defines_or_runs_at_load = ["#[macro_export]", "#[used]"]
        .iter()
        .any(|attribute| body.contains(attribute))
        || [
            "no_mangle",
            "export_name",
            "global_allocator",
            "link_section",
            "ctor",
            "inventory",
            "linkme",
            "distributed_slice",
        ]
        .iter()
        .any(|word| crate::source::has_word(body, word));
    // Edition 2015 resolves `use` paths from the crate root, where a module's own `extern
    // crate` is not. The library's is there, and the module's own is dropped
    // (`Shared::add` gives every 2015 module one).
    let other_extern_crate = edition == "2015"
        && body
            .lines()
            .any(|line| line.contains("extern crate") && !names_only_the_library(line, lib));
    !defines_or_runs_at_load && !other_extern_crate
}

/// Whether `line` is `extern crate <lib>;` and nothing else.
fn names_only_the_library(line: &str, lib: &str) -> bool {
    line.trim()
        .strip_prefix("extern crate ")
        .and_then(|rest| rest.strip_suffix(';'))
        .is_some_and(|name| name.trim() == lib)
}

/// Whether code says `crate::` (or `$crate::`) as a path of its own, not as the end of a
/// longer name (`my_crate::`).
fn names_crate_root(code: &str) -> bool {
    code.match_indices("crate::").any(|(at, _)| {
        !code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The shared crate as it is written, a module per doc test.
struct Shared {
    text: String,
    tests: Vec<Placed>,
    lib: String,
    edition: String,
}

impl Shared {
    fn new(lib: &str, edition: &str) -> Self {
        // Lint levels are each module's, as each doc test's crate root has its own.
        let mut text = format!(
            "// Generated by cargo mutate-driver: the doc tests of `{lib}` that can share a \
             crate, each made into a program as rustdoc makes it, in a module of its own.\n"
        );
        if edition == "2015" {
            text.push_str(&format!("{EXTERN_ALLOWED}extern crate {lib};\n"));
        }
        Shared {
            text,
            tests: Vec::new(),
            lib: lib.to_owned(),
            edition: edition.to_owned(),
        }
    }

    fn add(&mut self, test: &DocTest, program: &program::Program, name: &str, key: String) {
        self.text.push('\n');
        let first = self.text.lines().count() + 1;
        self.text.push_str(&format!("// {}\n", display_name(test)));
        if let Some(cfg) = cfg_of(test) {
            self.text.push_str(&format!("#[cfg({cfg})]\n"));
        }
        self.text.push_str(&format!("mod {name} {{\n"));
        push_lines(&mut self.text, &crate_attributes(test));
        push_lines(&mut self.text, &program.inner_attributes);
        if self.edition == "2015" {
            // A 2015 module reaches other crates through an `extern crate` of its own; the
            // doc test's own, had it one, would declare the name twice.
            self.text
                .push_str(&format!("{EXTERN_ALLOWED}extern crate {};\n", self.lib));
            let body: Vec<&str> = program
                .body
                .lines()
                .map(|line| {
                    if names_only_the_library(line, &self.lib) {
                        ""
                    } else {
                        line
                    }
                })
                .collect();
            self.text.push_str(&body.join("\n"));
        } else {
            // rustdoc puts `extern crate <lib>;` at the doc test's root, which
            // `self::<lib>::..` names (unicode-segmentation's examples do); here the
            // module's root needs the name too.
            if program.body.contains(&format!("self::{}", self.lib)) {
                self.text
                    .push_str(&format!("#[allow(unused_imports)]\nuse ::{};\n", self.lib));
            }
            self.text.push_str(&program.body);
        }
        self.text.push('\n');
        self.text.push_str(&test_function(test.info.should_panic));
        self.text.push_str("}\n");
        let last = self.text.lines().count();
        self.tests.push(Placed {
            key,
            lines: (first, last),
            gated: cfg_of(test).is_some(),
        });
    }

    fn into_file(self) -> Option<GeneratedFile> {
        (!self.tests.is_empty()).then(|| GeneratedFile {
            target: SHARED_TARGET.into(),
            path: format!("{DIR}/{SHARED_TARGET}.rs"),
            text: self.text,
            tests: self.tests,
        })
    }
}

/// The lints a doc test's crate root allows where the crate gives it no lint levels:
/// rustdoc's `unused`, and what else doc examples are written to be read past.
const ALLOWS: &str = "#![allow(unused, dead_code, non_snake_case, deprecated, missing_docs)]";

/// On the `extern crate <lib>;` the driver adds, as rustdoc has on its own: a crate's
/// `#[doc(test(attr(deny(rust_2018_idioms))))]` would otherwise reject it.
const EXTERN_ALLOWED: &str = "#[allow(unused_extern_crates)]\n";

/// The attributes a doc test's crate root starts with, as rustdoc writes them: those the
/// crate gives by `#[doc(test(attr(..)))]` where it gives some (then nothing is allowed, so
/// `deny(warnings)` fails an example with an unused item, as under `cargo test`), and
/// [`ALLOWS`] where it gives none.
fn crate_attributes(test: &DocTest) -> Vec<String> {
    match test.test_attrs.is_empty() {
        true => vec![ALLOWS.to_owned()],
        false => test.test_attrs.iter().map(|a| format!("#![{a}]")).collect(),
    }
}

/// The `cfg` predicate a doc test is compiled under (its item's and everything around
/// it, as they hold for rustdoc), if any.
fn cfg_of(test: &DocTest) -> Option<String> {
    let cfg: Vec<String> = test.cfg.iter().map(|c| as_doc_test_cfg(c)).collect();
    (!cfg.is_empty()).then(|| format!("all({})", cfg.join(", ")))
}

fn push_lines(text: &mut String, lines: &[String]) {
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
}

/// The `#[test]` that runs a doc test's `main` ([`program::ENTRY`]).
fn test_function(should_panic: bool) -> String {
    let entry = program::ENTRY;
    match should_panic {
        true => format!("#[test]\n#[should_panic]\nfn doctest() {{\n    let _ = {entry}();\n}}\n"),
        false => format!(
            "#[test]\nfn doctest() -> impl ::std::process::Termination {{\n    {entry}()\n}}\n"
        ),
    }
}

/// The test crate of one doc test apart.
fn crate_text(test: &DocTest, program: &program::Program, lib: &str, edition: &str) -> String {
    let mut text = format!(
        "// Generated by cargo mutate-driver: {}, made into a program as rustdoc makes it.\n",
        display_name(test)
    );
    if let Some(cfg) = cfg_of(test) {
        text.push_str(&format!("#![cfg({cfg})]\n"));
    }
    push_lines(&mut text, &crate_attributes(test));
    push_lines(&mut text, &program.inner_attributes);
    for krate in &program.macro_crates {
        text.push_str(&format!("#[macro_use]\nextern crate {krate};\n"));
    }
    // Edition 2015 reaches other crates through `extern crate` only (rustdoc adds it); in
    // any edition `self::<lib>` names the one rustdoc adds.
    let loads_lib = program.macro_crates.iter().any(|k| k == lib)
        || program.body.contains(&format!("extern crate {lib}"));
    let names_it = program.body.contains(&format!("self::{lib}"));
    if (edition == "2015" || names_it) && !loads_lib {
        text.push_str(&format!("{EXTERN_ALLOWED}extern crate {lib};\n"));
    }
    text.push_str(&program.body);
    text.push('\n');
    text.push_str(&test_function(test.info.should_panic));
    text
}

/// How rustdoc names a doc test: `src/lib.rs - Point::new (line 12)`.
pub fn display_name(test: &DocTest) -> String {
    if test.item.is_empty() {
        format!("{} - (line {})", test.file, test.line)
    } else {
        format!("{} - {} (line {})", test.file, test.item, test.line)
    }
}

/// A target name from the file, item and line: `doctest_src_lib_rs_point_new_line_12`.
/// In snake case (lower case, no `__`): it names a crate or a module, which a crate's
/// `#[doc(test(attr(deny(warnings))))]` would otherwise reject (`non_snake_case`).
fn target_name(test: &DocTest) -> String {
    let words = format!("{} {} line {}", test.file, test.item, test.line);
    let words: Vec<String> = words
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    format!("{TARGET_PREFIX}{}", words.join("_"))
}

/// A `cfg` predicate as it holds for rustdoc's collection of doc tests: `doctest` and
/// `doc` are set and `test` is not, where the generated integration test has it the other
/// way round.
fn as_doc_test_cfg(predicate: &str) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let mut in_string = false;
    let flush = |word: &mut String, out: &mut String| {
        out.push_str(match word.as_str() {
            "doctest" | "doc" => "all()",
            "test" => "any()",
            other => other,
        });
        word.clear();
    };
    for c in predicate.chars() {
        if in_string {
            out.push(c);
            in_string = c != '"';
        } else if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            in_string = c == '"';
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::has_word;
    use markdown::Info;

    fn doc_test(item: &str, code: &str, info: &str) -> DocTest {
        DocTest {
            in_macro: None,
            file: "src/lib.rs".into(),
            item: item.into(),
            line: 7,
            code: code.into(),
            info: Info::parse(info),
            cfg: vec!["feature = \"std\"".into(), "not (test)".into()],
            test_attrs: Vec::new(),
        }
    }

    /// unicode-segmentation's examples start `# use self::unicode_segmentation::..`, which
    /// names the `extern crate` rustdoc puts at the doc test's root.
    #[test]
    fn a_doc_test_that_names_self_lib_finds_it() {
        let code = "use self::seg::Words;\nassert!(true);";
        let tests = [doc_test("Words", code, "")];
        let generated = generate(&tests, "seg", "2018", &Remembered::default());
        let shared = &generated.files[0].text;
        assert!(
            shared.contains(&format!(
                "mod doctest_src_lib_rs_words_line_7 {{\n{ALLOWS}\n#[allow(unused_imports)]\n\
                 use ::seg;\n"
            )),
            "{shared}"
        );
        let plain = [doc_test("Words", "assert!(true);", "")];
        let generated = generate(&plain, "seg", "2018", &Remembered::default());
        assert!(!generated.files[0].text.contains("use ::seg;"));
        let test = doc_test("Words", code, "");
        let program = program::make(&test.code).unwrap();
        let apart = crate_text(&test, &program, "seg", "2021");
        assert!(apart.contains("extern crate seg;\n"), "{apart}");
    }

    #[test]
    fn doc_tests_share_one_crate_a_module_each() {
        let tests = [
            doc_test("Point::new", "assert_eq!(1, 1);", ""),
            doc_test("skip", "broken(", "ignore"),
            doc_test("boom", "panic!()", "should_panic"),
        ];
        let generated = generate(&tests, "geo", "2015", &Remembered::default());
        assert_eq!(generated.files.len(), 1);
        let shared = &generated.files[0];
        assert_eq!(shared.target, SHARED_TARGET);
        assert_eq!(shared.path, "mutate-doctests/doctest_shared.rs");
        assert!(
            shared.text.starts_with(
                "// Generated by cargo mutate-driver: the doc tests of `geo` that can share a \
                 crate, each made into a program as rustdoc makes it, in a module of its own.\n\
                 #[allow(unused_extern_crates)]\nextern crate geo;\n"
            ),
            "{}",
            shared.text
        );
        let lines: Vec<&str> = shared.text.lines().collect();
        let module = |placed: &Placed| lines[placed.lines.0 - 1..placed.lines.1].join("\n");
        assert_eq!(
            module(&shared.tests[0]),
            "// src/lib.rs - Point::new (line 7)\n\
             #[cfg(all(feature = \"std\", not (any())))]\n\
             mod doctest_src_lib_rs_point_new_line_7 {\n\
             #![allow(unused, dead_code, non_snake_case, deprecated, missing_docs)]\n\
             #[allow(unused_extern_crates)]\nextern crate geo;\n\
             fn doctest_main() {\nassert_eq!(1, 1);\n}\n\
             #[test]\nfn doctest() -> impl ::std::process::Termination {\n    doctest_main()\n}\n}"
        );
        assert!(module(&shared.tests[1]).contains("#[should_panic]"));
        assert_eq!(shared.tests[0].key, key(&tests[0]));
        // An error on a module's line is that doc test's; on the crate's own, everyone's.
        let at = |line: usize| -> Vec<String> {
            shared
                .tests_at(line)
                .iter()
                .map(|t| t.key.clone())
                .collect()
        };
        assert_eq!(at(shared.tests[1].lines.0 + 2), [key(&tests[2])]);
        assert_eq!(at(2).len(), 2);
    }

    /// Where the crate gives its doc tests lint levels, they are each test's, and nothing
    /// is allowed: an example with a warning fails under `deny(warnings)`, as under rustdoc.
    #[test]
    fn lint_levels_the_crate_gives_are_each_doc_tests() {
        let with = |attrs: &[&str], item: &str| DocTest {
            test_attrs: attrs.iter().map(|a| a.to_string()).collect(),
            cfg: Vec::new(),
            ..doc_test(item, "assert!(true);", "")
        };
        let tests = [
            with(&["deny(warnings)"], "Strict"),
            with(&[], "lax"),
            with(&["feature(test)"], "nightly"),
            with(&["crate_type = \"bin\""], "typed"),
        ];
        let generated = generate(&tests, "geo", "2021", &Remembered::default());
        let shared = &generated.files[0];
        let lines: Vec<&str> = shared.text.lines().collect();
        let module = |placed: &Placed| lines[placed.lines.0 - 1..placed.lines.1].join("\n");
        assert!(
            module(&shared.tests[0]).starts_with(
                "// src/lib.rs - Strict (line 7)\n\
                 mod doctest_src_lib_rs_strict_line_7 {\n\
                 #![deny(warnings)]\n\
                 fn doctest_main() {"
            ),
            "{}",
            shared.text
        );
        assert!(module(&shared.tests[1]).contains(&format!("{{\n{ALLOWS}\nfn doctest_main() {{")));
        assert!(!shared.text.starts_with(ALLOWS) && shared.text.matches(ALLOWS).count() == 1);
        assert_eq!(
            generated.skipped,
            [(
                "src/lib.rs - nightly (line 7)".to_owned(),
                "`#[doc(test(attr(feature(test))))]` gives it a nightly feature".to_owned()
            )]
        );
        // What is not a lint level goes at a crate root of its own.
        assert_eq!(generated.files[1].target, "doctest_src_lib_rs_typed_line_7");
        assert!(
            generated.files[1]
                .text
                .contains("#![crate_type = \"bin\"]\nfn doctest_main() {"),
            "{}",
            generated.files[1].text
        );
    }

    #[test]
    fn doc_tests_apart_or_left_out() {
        let tests = [
            doc_test("Point::new", "assert_eq!(1, 1);", ""),
            doc_test("macros", "#[macro_use] extern crate geo;\nlet a = 1;", ""),
            doc_test("root", "struct S;\nlet _ = crate::S;", ""),
            doc_test("mine", "let _ = my_crate::ONE;", ""),
        ];
        let remembered = Remembered {
            apart: [key(&tests[0])].into(),
            left_out: [key(&tests[3])].into(),
        };
        let generated = generate(&tests, "geo", "2021", &remembered);
        let targets: Vec<&str> = generated.files.iter().map(|f| f.target.as_str()).collect();
        assert_eq!(
            targets,
            [
                "doctest_src_lib_rs_point_new_line_7",
                "doctest_src_lib_rs_macros_line_7",
                "doctest_src_lib_rs_root_line_7",
            ],
            "remembered apart, loads macros, names the crate root; left out"
        );
        let first = &generated.files[0];
        assert_eq!(
            first.path,
            "mutate-doctests/doctest_src_lib_rs_point_new_line_7.rs"
        );
        assert!(
            first.text.starts_with(
                "// Generated by cargo mutate-driver: src/lib.rs - Point::new (line 7), made \
                 into a program as rustdoc makes it.\n#![cfg(all(feature = \"std\", not \
                 (any())))]\n"
            ),
            "{}",
            first.text
        );
        assert!(!first.text.contains("extern crate"), "{}", first.text);
        assert_eq!(first.tests_at(1).len(), 1);
        assert_eq!(generated.skipped.len(), 1);
        assert!(names_crate_root("x = $crate::y") && !names_crate_root("use my_crate::y;"));
    }

    #[test]
    fn a_2015_doc_test_naming_the_library_shares_the_crate() {
        let tests = [
            doc_test(
                "own",
                "extern crate geo;\nuse geo::Point;\nfn main() { let _ = Point; }",
                "",
            ),
            doc_test("other", "extern crate lazy;\nfn main() {}", ""),
        ];
        let generated = generate(&tests, "geo", "2015", &Remembered::default());
        let targets: Vec<&str> = generated.files.iter().map(|f| f.target.as_str()).collect();
        assert_eq!(
            targets,
            [SHARED_TARGET, "doctest_src_lib_rs_other_line_7"],
            "another crate's `extern crate` keeps a 2015 doc test apart"
        );
        let shared = &generated.files[0];
        let lines: Vec<&str> = shared.text.lines().collect();
        let placed = &shared.tests[0];
        let module = lines[placed.lines.0 - 1..placed.lines.1].join("\n");
        assert_eq!(module.matches("extern crate geo;").count(), 1, "{module}");
        assert!(
            module.contains("use geo::Point;\nfn doctest_main()"),
            "{module}"
        );
        assert!(names_only_the_library("  extern crate geo ;", "geo"));
        // Code that runs at load time keeps a doc test apart; a word that holds its name
        // does not.
        assert!(has_word("#[ctor]\nfn init() {}", "ctor"));
        assert!(has_word("inventory::submit!", "inventory"));
        assert!(!has_word("let v = vector(); // a constructor", "ctor"));
        assert!(!has_word("my_inventory::x", "inventory"));
        assert!(!names_only_the_library("extern crate geo as g;", "geo"));
    }

    #[test]
    fn cfg_for_doc_tests() {
        assert_eq!(
            as_doc_test_cfg("all (doctest , unix)"),
            "all (all() , unix)"
        );
        assert_eq!(as_doc_test_cfg("feature = \"test\""), "feature = \"test\"");
        assert_eq!(as_doc_test_cfg("not (test)"), "not (any())");
        // rustdoc collects with `doc` set too: an item under `#[cfg(doc)]` has its tests run.
        assert_eq!(as_doc_test_cfg("doc"), "all()");
        assert_eq!(as_doc_test_cfg("feature = \"doc\""), "feature = \"doc\"");
    }
}
