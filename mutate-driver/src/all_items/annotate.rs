//! Where `--all-items` puts the attribute in one source file: before every fn, impl block,
//! trait, const, static and inline mod (those a `cfg_if!` passes on included), leaving out test-only
//! code and items that already carry it; and which module files the file
//! declares, so the whole library is reached.
//!
//! The attribute goes on the item's own first line, so nothing else in the file moves; it
//! tells the macro the column where the user wrote the item, and the macro reports the
//! rest of that line where the user sees it.

use super::cfg_off::ActiveCfg;
use crate::modules::{self, is_test_only, item_attrs};
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::{Attribute, Item};

/// The attribute `path` put before an item written at `column` (1-based).
fn attribute(path: &str, column: usize) -> String {
    format!("#[{path}(__written_at_column = {column})] ")
}

/// What goes before the closing brace of a test-only inline module: an item the
/// attribute marks that makes no mutant, where the driver's suggested unit tests may go
/// (the macro puts them beside the items it marks). A test there sees what only that
/// test module defines (a type its tests implement a trait with).
fn test_module_place(path: &str, column: usize) -> String {
    format!("{}const _: () = (); ", attribute(path, column))
}

/// One file after annotation.
#[derive(Debug, Default)]
pub struct Annotated {
    pub text: String,
    /// How many items got the attribute.
    pub items: usize,
    /// Module files this file declares with `mod name;` (test-only ones left out), existing
    /// or not: the caller reads those that exist. Each with whether its own modules live
    /// beside it (see [`modules::children_dir`]).
    pub modules: Vec<(PathBuf, bool)>,
    /// Lines of items under a `#[cfg(..)]` that is off in the build (`cfg_off.rs`).
    pub cfg_off_lines: usize,
    /// Of `modules`, those declared under such a `#[cfg(..)]`: the build leaves them out.
    pub off_modules: Vec<PathBuf>,
}

/// Annotates `text`, the content of `path`. `mod_rs`: whether the file's modules live
/// beside it (crate roots, `mod.rs`, files named by `#[path]`) rather than in a folder
/// named after it.
/// `attribute_path`: the attribute's path in the annotations.
/// `active`: the cfgs of the build, to count the lines it leaves out (`None`: not counted).
pub fn annotate(
    path: &Path,
    text: &str,
    mod_rs: bool,
    attribute_path: &str,
    active: Option<&ActiveCfg>,
) -> syn::Result<Annotated> {
    let file = syn::parse_file(text)?;
    let here = path.parent().unwrap_or(Path::new(""));
    let children_dir = modules::children_dir(path, mod_rs);
    let mut walk = Walk {
        file_dir: here.to_path_buf(),
        starts: Vec::new(),
        test_module_ends: Vec::new(),
        modules: Vec::new(),
        active,
        cfg_off_lines: 0,
        off_modules: Vec::new(),
    };
    walk.items(&file.items, &children_dir, true, true);
    let items = walk.starts.len();
    let mut inserted: Vec<(usize, usize, String)> =
        walk.starts
            .iter()
            .map(|&(line, column)| (line, column, attribute(attribute_path, column + 1)))
            .chain(walk.test_module_ends.iter().map(|&(line, column)| {
                (line, column, test_module_place(attribute_path, column + 1))
            }))
            .collect();
    inserted.sort();
    let offsets = LineOffsets::new(text);
    let mut out = String::with_capacity(text.len() + inserted.len() * 64);
    let mut copied = 0;
    for (line, column, insertion) in &inserted {
        let at = offsets.byte(text, *line, *column);
        out.push_str(&text[copied..at]);
        out.push_str(insertion);
        copied = at;
    }
    out.push_str(&text[copied..]);
    Ok(Annotated {
        text: out,
        items,
        modules: walk.modules,
        cfg_off_lines: walk.cfg_off_lines,
        off_modules: walk.off_modules,
    })
}

struct Walk<'a> {
    /// The folder of the file itself: `#[path]` on a top-level `mod` is relative to it.
    file_dir: PathBuf,
    /// (line, column) of each item to annotate; line 1-based, column 0-based characters.
    starts: Vec<(usize, usize)>,
    /// (line, column) of each annotated test-only inline module's closing brace.
    test_module_ends: Vec<(usize, usize)>,
    modules: Vec<(PathBuf, bool)>,
    active: Option<&'a ActiveCfg>,
    cfg_off_lines: usize,
    off_modules: Vec<PathBuf>,
}

impl Walk<'_> {
    /// `dir`: where modules declared at this level live. `annotate`: false inside an
    /// inline mod that got the attribute as a whole (the macro handles what it holds).
    /// `top`: the file's own items, not an inline mod's.
    fn items(&mut self, items: &[Item], dir: &Path, annotate: bool, top: bool) {
        for item in items {
            // Counted, and still annotated as any item: the build is the judge of what it
            // compiles, this only reports it.
            let off = self.off(item);
            if off {
                let span = item.span();
                self.cfg_off_lines += span.end().line + 1 - span.start().line;
            }
            match item {
                Item::Fn(f) if annotate && wanted(&f.attrs) => self.mark(item),
                Item::Impl(i) if annotate && wanted(&i.attrs) => self.mark(item),
                Item::Trait(t) if annotate && wanted(&t.attrs) => self.mark(item),
                // Constant contexts: their mutants are judged by builds
                // (`operators/compile_time.rs` in the macro).
                Item::Const(k) if annotate && wanted(&k.attrs) => self.mark(item),
                Item::Static(s) if annotate && wanted(&s.attrs) => self.mark(item),
                Item::Mod(m) if annotate && is_test_only(&m.attrs) => {
                    if let Some((brace, _)) = &m.content {
                        let end = brace.span.close().start();
                        self.test_module_ends.push((end.line, end.column));
                    }
                }
                Item::Mod(m) if wanted_module(&m.attrs) => match &m.content {
                    Some((_, inner)) => {
                        // rustc refuses an attribute's input that declares a module in a
                        // file of its own (`mod iso8601;`): such a module's items are
                        // annotated one by one instead.
                        let whole =
                            annotate && !has_mutate(&m.attrs) && !declares_file_module(inner);
                        if whole {
                            self.mark(item);
                        }
                        let inner_dir = modules::inline_dir(m, dir);
                        self.items(inner, &inner_dir, annotate && !whole, false);
                    }
                    None => {
                        let files = modules::declared_files(m, dir, &self.file_dir, top);
                        let candidates = files.into_iter().flat_map(|file| file.candidates);
                        for (file, beside) in candidates {
                            if off {
                                self.off_modules.push(file.clone());
                            }
                            self.modules.push((file, beside));
                        }
                    }
                },
                // Items a `cfg_if!` passes on are the module's own, under a `#[cfg]`.
                Item::Macro(m) => {
                    for branch in modules::cfg_if_branches(m).into_iter().flatten() {
                        self.items(&branch.items, dir, annotate, top);
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether `item` is under a `#[cfg(..)]` off in the build (not a test-only one: test
    /// code is left alone by choice).
    fn off(&self, item: &Item) -> bool {
        let attrs = item_attrs(item);
        self.active.is_some_and(|a| a.off(attrs)) && !is_test_only(attrs)
    }

    fn mark(&mut self, item: &Item) {
        // The span runs from the first token, outer attributes and doc comments included.
        let start = item.span().start();
        self.starts.push((start.line, start.column));
    }
}

/// An item the driver annotates: not test-only, not marked `#[mutants::skip]`, and not
/// annotated by the user already.
fn wanted(attrs: &[Attribute]) -> bool {
    !is_test_only(attrs)
        && !mutate_operators::skipped_for_cargo_mutants(attrs)
        && !has_mutate(attrs)
}

/// Whether `items` (an inline module's), or an inline module among them, declare a module
/// whose items are in a file of its own.
fn declares_file_module(items: &[Item]) -> bool {
    items.iter().any(|item| match item {
        Item::Mod(m) => m
            .content
            .as_ref()
            .is_none_or(|(_, inner)| declares_file_module(inner)),
        _ => false,
    })
}

/// A module the driver walks into: not test-only, not marked `#[mutants::skip]`.
fn wanted_module(attrs: &[Attribute]) -> bool {
    !is_test_only(attrs) && !mutate_operators::skipped_for_cargo_mutants(attrs)
}

/// Whether `attrs` hold a `#[mutate]` (`#[mutate]`, `#[mutate::mutate(..)]`, the copy's
/// own attribute).
pub(crate) fn has_mutate(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path()
            .segments
            .last()
            .is_some_and(|s| s.ident == "mutate")
    })
}

/// Byte offsets of line starts, to turn a (line, character column) into a byte offset.
struct LineOffsets(Vec<usize>);

impl LineOffsets {
    fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineOffsets(starts)
    }

    fn byte(&self, text: &str, line: usize, column: usize) -> usize {
        let start = self.0.get(line.saturating_sub(1)).copied().unwrap_or(0);
        text[start..]
            .char_indices()
            .nth(column)
            .map_or(text.len(), |(i, _)| start + i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> Annotated {
        annotate(Path::new("src/lib.rs"), text, true, RUNTIME_ATTRIBUTE, None).unwrap()
    }

    const RUNTIME_ATTRIBUTE: &str = "::mutate_runtime::mutate";

    fn module_names(annotated: &Annotated) -> Vec<String> {
        let paths = annotated.modules.iter();
        paths.map(|(p, _)| p.display().to_string()).collect()
    }

    #[test]
    fn writes_the_attribute_path_it_is_given() {
        let out = annotate(
            Path::new("src/lib.rs"),
            "fn a() {}\n",
            true,
            "::mutate_macro_0a::mutate",
            None,
        )
        .unwrap();
        assert_eq!(
            out.text,
            "#[::mutate_macro_0a::mutate(__written_at_column = 1)] fn a() {}\n"
        );
    }

    #[test]
    fn annotates_fns_const_fns_impls_traits_and_inline_mods_on_their_own_line() {
        let out = run(
            "fn a() {}\n\n/// doc\npub fn b() {}\nimpl X { fn c() {} }\n    trait T {}\nmod m { fn d() {} }\nconst fn k() {}\n",
        );
        assert_eq!(
            out.text,
            "#[::mutate_runtime::mutate(__written_at_column = 1)] fn a() {}\n\n\
             #[::mutate_runtime::mutate(__written_at_column = 1)] /// doc\npub fn b() {}\n\
             #[::mutate_runtime::mutate(__written_at_column = 1)] impl X { fn c() {} }\n    \
             #[::mutate_runtime::mutate(__written_at_column = 5)] trait T {}\n\
             #[::mutate_runtime::mutate(__written_at_column = 1)] mod m { fn d() {} }\n\
             #[::mutate_runtime::mutate(__written_at_column = 1)] const fn k() {}\n"
        );
        assert_eq!(out.items, 6);
    }

    #[test]
    fn an_inline_mod_that_declares_a_file_module_has_its_items_annotated_one_by_one() {
        let out = run("pub mod known {\n    pub mod iso;\n    fn d() {}\n}\n");
        assert_eq!(
            out.text,
            "pub mod known {\n    pub mod iso;\n    \
             #[::mutate_runtime::mutate(__written_at_column = 5)] fn d() {}\n}\n"
        );
        assert_eq!(
            module_names(&out),
            ["src/known/iso.rs", "src/known/iso/mod.rs"]
        );
    }

    #[test]
    fn leaves_tests_skipped_and_annotated_items_alone() {
        let text = "#[cfg(test)]\nmod tests { fn t() {} }\n#[test]\nfn t() {}\n\
                    #[mutate]\nfn done() {}\n#[mutants::skip]\nfn marked() {}\n\
                    #[cfg_attr(test, mutants::skip)]\nmod m { fn f() {} }\n\
                    #[cfg(all(test, unix))]\nfn helper() {}\nstruct S;\n";
        let out = run(text);
        let place = "#[::mutate_runtime::mutate(__written_at_column = 23)] const _: () = (); ";
        assert_eq!(
            out.text,
            text.replacen("{} }", &format!("{{}} {place}}}"), 1)
        );
        assert_eq!(out.items, 0);
    }

    #[test]
    fn a_test_module_gets_a_place_for_suggested_tests_before_its_closing_brace() {
        let text = "fn f() {}
#[cfg(test)]
mod tests {
    struct Word;
}
";
        let out = run(text);
        assert_eq!(
            out.text,
            "#[::mutate_runtime::mutate(__written_at_column = 1)] fn f() {}
#[cfg(test)]
\
             mod tests {
    struct Word;
\
             #[::mutate_runtime::mutate(__written_at_column = 1)] const _: () = (); }
"
        );
        // Nothing else moved: every line is where it was.
        assert_eq!(out.text.lines().count(), text.lines().count());
    }

    #[test]
    fn annotates_code_that_is_not_only_for_tests() {
        let out = run("#[cfg(not(test))]\nfn a() {}\n#[cfg(any(test, unix))]\nfn b() {}\n");
        assert_eq!(out.items, 2);
    }

    /// hashbrown chooses its SIMD module in a `cfg_if!`: the module files and the items
    /// there are the library's.
    #[test]
    fn reaches_what_a_cfg_if_passes_on() {
        let text = "cfg_if::cfg_if! {\n    if #[cfg(unix)] {\n        mod sse2;\n        \
                    fn a() {}\n    } else {\n        mod generic;\n    }\n}\n";
        let out = run(text);
        assert_eq!(out.items, 1);
        assert!(
            out.text
                .contains("        #[::mutate_runtime::mutate(__written_at_column = 9)] fn a() {}"),
            "{}",
            out.text
        );
        let names = module_names(&out);
        assert_eq!(
            names,
            [
                "src/sse2.rs",
                "src/sse2/mod.rs",
                "src/generic.rs",
                "src/generic/mod.rs"
            ]
        );
    }

    #[test]
    fn annotates_consts_and_statics_whose_initializers_are_constant_contexts() {
        let out = run("const A: u8 = 1 + 2;\nstatic B: u8 = !0;\n#[cfg(test)]\nconst T: u8 = 1;\n");
        assert_eq!(
            out.text,
            "#[::mutate_runtime::mutate(__written_at_column = 1)] const A: u8 = 1 + 2;\n\
             #[::mutate_runtime::mutate(__written_at_column = 1)] static B: u8 = !0;\n\
             #[cfg(test)]\nconst T: u8 = 1;\n"
        );
    }

    #[test]
    fn lines_under_a_cfg_the_build_leaves_out_are_counted_and_still_annotated() {
        let active = ActiveCfg::with("unix\n", ["std".to_owned()]);
        let text = "#[cfg(feature = \"serde\")]\nfn a() {\n}\n#[cfg(windows)]\nmod win;\n\
                    #[cfg(feature = \"std\")]\nfn b() {}\n#[cfg(test)]\nfn t() {}\n";
        let out = annotate(
            Path::new("src/lib.rs"),
            text,
            true,
            RUNTIME_ATTRIBUTE,
            Some(&active),
        )
        .unwrap();
        // `a`'s three lines and the `mod`'s two; not `b` (on) nor `t` (test code).
        assert_eq!(out.cfg_off_lines, 5);
        assert_eq!(out.off_modules.len(), 2, "{:?}", out.off_modules);
        assert_eq!(out.items, 2, "a and b are annotated alike");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let out = run("type É = u8; fn a() {}\n");
        assert_eq!(
            out.text,
            "type É = u8; #[::mutate_runtime::mutate(__written_at_column = 14)] fn a() {}\n"
        );
    }

    #[test]
    fn finds_module_files_as_rustc_does() {
        let text = "mod a;\n#[cfg(test)]\nmod tests;\n#[path = \"x/y.rs\"]\nmod y;\nmod inner { mod b; }\n";
        let root = annotate(Path::new("src/lib.rs"), text, true, RUNTIME_ATTRIBUTE, None).unwrap();
        let names = module_names(&root);
        assert_eq!(
            names,
            [
                "src/a.rs",
                "src/a/mod.rs",
                "src/x/y.rs",
                "src/inner/b.rs",
                "src/inner/b/mod.rs"
            ]
        );
        let nested = annotate(
            Path::new("src/a.rs"),
            "mod c;\n",
            false,
            RUNTIME_ATTRIBUTE,
            None,
        )
        .unwrap();
        let names = module_names(&nested);
        assert_eq!(names, ["src/a/c.rs", "src/a/c/mod.rs"]);
    }
}
