//! Escaping text for HTML. The source is full of markup, in strings and in comments, such
//! as </script><script>window.injected = true</script> and
//! <img src=x onerror="window.injected = true">: the HTML report must show all of it as
//! text, and run none of it.

use mutate_runtime::mutate;

/// Escapes `<`, `>`, `&`, `"` and `'`, so <img src=x onerror="alert(1)"> prints as text.
#[mutate]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Whether `text` would end a script element early: "</script>" in any case.
#[mutate]
pub fn closes_script(text: &str) -> bool {
    text.to_ascii_lowercase().contains("</script")
}

/// The tags in `text`: "<b>bold</b>" has two; a `<` never closed is not one.
#[mutate]
pub fn count_tags(text: &str) -> usize {
    let mut tags = 0;
    let mut open = false;
    for c in text.chars() {
        if c == '<' && !open {
            open = true;
        } else if c == '>' && open {
            open = false;
            tags += 1;
        }
    }
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_tag_becomes_text() {
        assert_eq!(
            escape(r#"<img src=x onerror="window.injected = true">"#),
            "&lt;img src=x onerror=&quot;window.injected = true&quot;&gt;"
        );
    }

    #[test]
    fn a_closing_script_tag_is_seen_in_any_case() {
        assert!(closes_script(
            "</SCRIPT><script>window.injected = true</script>"
        ));
        assert!(!closes_script("<script>"));
    }

    #[test]
    fn tags_are_counted() {
        assert_eq!(count_tags("<b>bold</b> & <i>"), 3);
    }
}
