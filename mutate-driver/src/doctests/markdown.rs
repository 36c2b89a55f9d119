//! Code blocks in doc text, and which of them rustdoc runs as doc tests: fenced blocks
//! (```` ``` ```` or `~~~`) whose info string names Rust or nothing, with rustdoc's
//! attributes (`ignore`, `no_run`, `should_panic`, `compile_fail`, …), and indented ones.

/// A code block of a doc comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// Index of its first line (a fenced block's opening fence) among the doc text's lines.
    pub line: usize,
    pub code: String,
    pub info: Info,
}

/// What a block's info string says, by rustdoc's rules.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    /// Rust code, tested unless an attribute below says otherwise.
    pub rust: bool,
    pub ignore: bool,
    pub no_run: bool,
    pub should_panic: bool,
    pub compile_fail: bool,
    pub test_harness: bool,
}

impl Info {
    /// rustdoc's reading: a block is Rust when its info string is empty, says `rust`, or
    /// holds only rustdoc's own attributes; any other word (`text`, `toml`) makes it not.
    pub fn parse(info: &str) -> Self {
        let mut out = Info::default();
        let mut rust_words = false;
        let mut other_words = false;
        let words = info
            .split(|c: char| c == ',' || c.is_whitespace() || c == '{' || c == '}')
            .filter(|w| !w.is_empty());
        for word in words {
            match word {
                "rust" | "standalone_crate" => rust_words = true,
                "should_panic" => (out.should_panic, rust_words) = (true, true),
                "no_run" => (out.no_run, rust_words) = (true, true),
                "compile_fail" => (out.compile_fail, rust_words) = (true, true),
                "test_harness" => (out.test_harness, rust_words) = (true, true),
                "ignore" => (out.ignore, rust_words) = (true, true),
                w if w.starts_with("ignore-") || w.starts_with("edition") => {
                    out.ignore |= w.starts_with("ignore-");
                    rust_words = true;
                }
                _ => other_words = true,
            }
        }
        out.rust = !other_words || rust_words;
        out
    }

    /// Whether rustdoc runs the block (and its result counts).
    pub fn is_run(&self) -> bool {
        self.rust && !self.ignore && !self.no_run && !self.compile_fail && !self.test_harness
    }
}

/// The code blocks of doc text (already unindented), in order, found as rustdoc finds
/// them: by a CommonMark parser with rustdoc's extensions, so fenced blocks (in lists and
/// quotes too) and indented ones (four spaces after a blank line: Rust, as rustdoc reads
/// them), and not what only looks like one (an indented line that continues a list item).
pub fn blocks(lines: &[&str]) -> Vec<Block> {
    use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
    let text = lines.join("\n");
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_SMART_PUNCTUATION;
    let line_of = |offset: usize| text[..offset].matches('\n').count();
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (event, range) in Parser::new_ext(&text, options).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => Info::parse(&info),
                    CodeBlockKind::Indented => Info::parse(""),
                };
                open = Some(Block {
                    line: line_of(range.start),
                    code: String::new(),
                    info,
                });
            }
            Event::Text(code) => {
                if let Some(block) = &mut open {
                    block.code.push_str(&code);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(mut block) = open.take() {
                    if block.code.ends_with('\n') {
                        block.code.pop();
                    }
                    out.push(block);
                }
            }
            _ => {}
        }
    }
    out
}

/// Removes the indentation the doc text's lines share, as rustdoc does. Each line comes
/// with whether it is from a doc comment (`///`, `//!`) rather than a `#[doc = ".."]`
/// attribute: where both kinds are mixed, the comments decide (an attribute's line counts
/// one space more and loses one less), as a comment's text starts after the space that
/// follows `///`.
pub fn unindent(lines: &[(&str, bool)]) -> Vec<String> {
    let mixed = lines.iter().any(|(_, comment)| *comment) && lines.iter().any(|(_, c)| !*c);
    let add = usize::from(mixed);
    let indent = |text: &str| text.len() - text.trim_start_matches([' ', '\t']).len();
    let common = lines
        .iter()
        .filter(|(text, _)| !text.trim().is_empty())
        .map(|(text, comment)| indent(text) + if *comment { 0 } else { add })
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|(text, comment)| {
            let remove = match !*comment && common > 0 {
                true => common - add,
                false => common,
            };
            text.get(remove.min(indent(text))..)
                .unwrap_or("")
                .to_owned()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_info_strings_as_rustdoc_does() {
        assert!(Info::parse("").is_run());
        assert!(Info::parse("rust").is_run());
        assert!(Info::parse("should_panic").is_run());
        assert!(Info::parse("edition2018").is_run());
        assert!(!Info::parse("text").rust);
        assert!(!Info::parse("toml").rust);
        assert!(!Info::parse("rust,ignore").is_run());
        assert!(!Info::parse("no_run").is_run());
        assert!(!Info::parse("compile_fail,E0308").is_run());
        assert!(!Info::parse("ignore-windows").is_run());
        assert!(Info::parse("rust,should_panic").should_panic);
    }

    #[test]
    fn finds_fenced_blocks() {
        let doc = [
            "Adds.",
            "",
            "```",
            "let x = 1;",
            "  assert_eq!(x, 1);",
            "```",
            "~~~text",
            "not code",
            "~~~",
            "````rust,no_run",
            "```",
            "````",
            "  ```",
            "  indented();",
            "  ```",
        ];
        let found = blocks(&doc);
        assert_eq!(found.len(), 4);
        assert_eq!(found[0].line, 2);
        assert_eq!(found[0].code, "let x = 1;\n  assert_eq!(x, 1);");
        assert!(found[0].info.is_run());
        assert!(!found[1].info.rust);
        assert_eq!(found[2].code, "```");
        assert!(!found[2].info.is_run());
        assert_eq!(found[3].code, "indented();");
    }

    /// ansi_term 0.11's examples are indented blocks; anyhow's numbered list continues
    /// its items with indented paragraphs, which are not code.
    #[test]
    fn finds_indented_blocks_where_commonmark_has_them() {
        let doc = [
            "Prints in red:",
            "",
            "    use ansi_term::Colour::Red;",
            "    println!(\"{}\", Red.paint(\"a\"));",
            "",
            "1. A point.",
            "",
            "    Its second paragraph, not code.",
            "",
            "- A list item with an example:",
            "",
            "  ```",
            "  in_a_list();",
            "  ```",
            "text",
            "    a paragraph's continuation, not code",
        ];
        let found = blocks(&doc);
        let summary: Vec<(usize, &str, bool)> = found
            .iter()
            .map(|b| (b.line, b.code.as_str(), b.info.is_run()))
            .collect();
        assert_eq!(
            summary,
            [
                (
                    2,
                    "use ansi_term::Colour::Red;\nprintln!(\"{}\", Red.paint(\"a\"));",
                    true
                ),
                (11, "in_a_list();", true),
            ]
        );
    }

    #[test]
    fn unindents_by_the_shared_indentation() {
        let lines = [" a", "   b", "", " c"].map(|l| (l, true));
        assert_eq!(unindent(&lines), ["a", "  b", "", "c"]);
        let lines = [" a", "   b", "", " c"].map(|l| (l, false));
        assert_eq!(unindent(&lines), ["a", "  b", "", "c"]);
    }

    /// `#[doc = "```"]` then `/// code`: the comment's space goes, the attribute keeps all.
    #[test]
    fn doc_comments_decide_the_indentation_among_attributes() {
        let lines = [("```", false), (" assert!(x);", true), (" ```", true)];
        assert_eq!(unindent(&lines), ["```", "assert!(x);", "```"]);
        let lines = [("  ```", false), ("   code", true)];
        assert_eq!(unindent(&lines), ["```", "code"]);
    }
}
