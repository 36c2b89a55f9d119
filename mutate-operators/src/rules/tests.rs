use super::*;

fn spec(name: &str, pattern: &str, conditions: &[&str], replace: &str) -> RuleSpec {
    RuleSpec {
        name: name.into(),
        pattern: pattern.into(),
        conditions: conditions.iter().map(|c| (*c).to_owned()).collect(),
        replace: replace.into(),
    }
}

fn rule(pattern: &str, conditions: &[&str], replace: &str) -> Rule {
    Rule::compile(&spec("r", pattern, conditions, replace)).unwrap()
}

fn problem(pattern: &str, conditions: &[&str], replace: &str) -> String {
    Rule::compile(&spec("r", pattern, conditions, replace))
        .unwrap_err()
        .to_string()
}

fn code(text: &str) -> syn::Expr {
    syn::parse_str(text).unwrap()
}

/// The replacement the rule writes for `text`, its spaces left out; `None` if no match.
fn applied(rule: &Rule, text: &str) -> Option<String> {
    let replacement = rule.replacement(&rule.matches(&code(text))?).to_string();
    Some(replacement.split_whitespace().collect())
}

#[test]
fn a_method_call_is_matched_on_any_receiver() {
    let r = rule("$it.next()", &[], "$it.last()");
    assert_eq!(applied(&r, "chars.next()").as_deref(), Some("chars.last()"));
    assert_eq!(
        applied(&r, "s.split(',').next()").as_deref(),
        Some("s.split(',').last()")
    );
    assert_eq!(applied(&r, "it.next_back()"), None);
    assert_eq!(applied(&r, "it.next(1)"), None);
    assert_eq!(applied(&r, "next()"), None);
}

#[test]
fn an_operand_with_looser_precedence_is_parenthesised() {
    let r = rule("$a.min($b)", &[], "$a.max($b)");
    assert_eq!(
        applied(&r, "(x + 1).min(y - 2)").as_deref(),
        Some("(x+1).max(y-2)")
    );
    let r = rule("$a - $b", &[], "$a.saturating_sub($b)");
    assert_eq!(
        applied(&r, "n * 2 - k").as_deref(),
        Some("(n*2).saturating_sub(k)")
    );
}

#[test]
fn a_rest_takes_what_the_other_arguments_leave() {
    let r = rule("format_args($f, $args..)", &[], "format_args($f)");
    assert_eq!(
        applied(&r, "format_args(x)").as_deref(),
        Some("format_args(x)")
    );
    let r = rule("call($first, $args..)", &[], "call($args.., $first)");
    assert_eq!(applied(&r, "call(a, b, c)").as_deref(), Some("call(b,c,a)"));
    // No rest element: its comma goes with it.
    assert_eq!(applied(&r, "call(a)").as_deref(), Some("call(a)"));
    assert_eq!(applied(&r, "call()"), None);
}

#[test]
fn a_metavariable_written_twice_matches_the_same_code() {
    let r = rule("$a.max($a)", &[], "$a");
    assert!(r.matches(&code("x.max(x)")).is_some());
    assert!(r.matches(&code("x.max(y)")).is_none());
}

#[test]
fn conditions_restrict_what_a_metavariable_is() {
    let r = rule("$x.take($n)", &["$n is not literal"], "$x.take($n + 1)");
    assert_eq!(applied(&r, "it.take(3)"), None);
    assert_eq!(applied(&r, "it.take(k)").as_deref(), Some("it.take(k+1)"));
    let r = rule(
        "$a.store($v, $o)",
        &["$o is named Ordering::SeqCst and $v is literal"],
        "$a.store($v, Ordering::Relaxed)",
    );
    assert!(
        r.matches(&code("flag.store(true, Ordering::SeqCst)"))
            .is_some()
    );
    assert!(
        r.matches(&code("flag.store(v, Ordering::SeqCst)"))
            .is_none()
    );
    assert!(
        r.matches(&code("flag.store(true, Ordering::Release)"))
            .is_none()
    );
    let r = rule("$x.len()", &["$x is path"], "0");
    assert!(r.matches(&code("v.len()")).is_some());
    assert!(r.matches(&code("self.v.len()")).is_none());
    let r = rule("-$x", &["$x is literal"], "$x");
    assert!(r.matches(&code("-1")).is_some());
}

#[test]
fn malformed_rules_say_what_is_wrong() {
    assert!(
        problem("$it.next(", &[], "$it.last()")
            .contains("`match`: `$it.next(` is not a Rust expression")
    );
    assert!(
        problem("$it.next()", &[], "$it.last($n)")
            .contains("`replace` uses `$n`, which `match` does not bind")
    );
    assert!(problem("$x", &[], "0").contains("a lone metavariable"));
    assert!(problem("{ $x }", &[], "0").contains("must be a call"));
    assert!(problem("$x.f()", &["$y is path"], "$x.g()").contains("`$y` is not a metavariable"));
    assert!(problem("$x.f()", &["$x is a path"], "$x.g()").contains("is not a condition"));
    assert!(problem("$x.f()", &[], "$x.f()").contains("the same as `match`"));
    assert!(problem("$ .f()", &[], "0").contains("must begin a metavariable"));
    assert!(problem("f($a..)", &[], "g($a)").contains("writes `$a` where `match` binds `$a..`"));
    assert!(problem("$a.. + 1", &[], "1").contains("stands for the rest of a list"));
    let named = |name: &str| {
        Rule::compile(&spec(name, "$x.f()", &[], "$x.g()"))
            .unwrap_err()
            .to_string()
    };
    assert!(named("Next").contains("snake_case"), "{}", named("Next"));
    assert!(named("arithmetic").contains("taken by a built-in"));
    assert!(named("rules").contains("taken by a built-in"));
    let twice = compile_all(&[
        spec("a", "$x.f()", &[], "$x.g()"),
        spec("a", "$x.g()", &[], "$x.f()"),
    ]);
    assert_eq!(
        twice.unwrap_err().to_string(),
        "rule `a`: two rules have this name"
    );
}
