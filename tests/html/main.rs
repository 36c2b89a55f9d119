//! `report.html` in a real headless Chromium: it renders with no console error, shows the
//! counts of `report.json`, draws markup from the user's source as text, shows a mutant's
//! diff when a user clicks it, parses a file's data only from its own block, draws long
//! lists a page at a time, and filters by outcome. A screenshot is kept in the test
//! target's temporary folder.
//!
//! Without a browser the test says so and passes, unless `MUTATE_REQUIRE_BROWSER` is set
//! (as CI sets it, after installing Chromium).

mod chromium;
#[path = "../common/mod.rs"]
mod common;
mod timing;

use chromium::Browser;
use common::*;
use serde_json::json;
use std::collections::BTreeMap;

const SOURCE: &str = "examples/markup/src/lib.rs";

#[test]
fn the_html_report_shows_the_json_reports_results_in_a_browser() {
    let Some(executable) = chromium::find() else {
        assert!(
            std::env::var_os("MUTATE_REQUIRE_BROWSER").is_none(),
            "MUTATE_REQUIRE_BROWSER is set and no Chromium was found (install the \
             `chromium` package or set MUTATE_CHROMIUM)"
        );
        eprintln!("no Chromium on PATH: the HTML report's browser test did not run");
        return;
    };
    let (out, dir) = run_example("examples/markup/Cargo.toml", &["--suggest-tests"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = Report::read(dir.path());
    let json = &report.json;

    let mut browser = Browser::start(&executable);
    let page = dir.path().join("report.html");
    browser.open(&format!("file://{}", page.display()));
    assert!(
        browser.errors.is_empty(),
        "the page reported errors: {:#?}",
        browser.errors
    );

    // The counts shown are report.json's, mutant by mutant and in its summary.
    let shown: BTreeMap<String, u64> = serde_json::from_value(browser.eval(
        "Object.fromEntries([...document.querySelectorAll('#summary [data-status]')]\
         .map(e => [e.dataset.status, Number(e.dataset.count)]))",
    ))
    .unwrap();
    assert_eq!(shown.len(), 7, "one count per outcome: {shown:?}");
    let mut counted: BTreeMap<String, u64> = shown.keys().map(|s| (s.clone(), 0)).collect();
    for m in &report.mutants {
        *counted
            .get_mut(&m.status)
            .expect("a status the page counts") += 1;
    }
    assert_eq!(shown, counted);
    let summary = &json["summary"];
    let sum = |keys: &[&str]| {
        keys.iter()
            .map(|k| summary[k].as_u64().unwrap())
            .sum::<u64>()
    };
    assert_eq!(shown["Killed"], sum(&["killed", "crashed"]));
    assert_eq!(shown["Survived"], sum(&["survived"]));
    assert_eq!(shown["Timeout"], sum(&["timeout"]));
    assert_eq!(shown["NoCoverage"], sum(&["no_coverage"]));
    assert_eq!(shown["CompileError"], sum(&["unviable"]));
    assert_eq!(shown["Ignored"], sum(&["ignored", "equivalent"]));
    assert_eq!(shown["RuntimeError"], sum(&["undefined_behaviour"]));
    assert_eq!(
        browser.eval("Number(document.getElementById('total').dataset.count)"),
        summary["total"]
    );
    assert_eq!(
        browser.eval("document.getElementById('score').dataset.score"),
        json!(format!("{:.2}", report.score))
    );
    assert!(shown["Killed"] > 0 && shown["Survived"] > 0 && shown["NoCoverage"] > 0);

    // The source's markup is text: no element made of it, none of its script run.
    browser.click(&format!(
        "#tree button[data-file={}]",
        serde_json::to_string(SOURCE).unwrap()
    ));
    let code = browser.eval("document.querySelector('table.source').textContent");
    let code = code.as_str().unwrap();
    for markup in [
        "</script><script>window.injected = true</script>",
        r#"<img src=x onerror="window.injected = true">"#,
        r#"<img src=x onerror="alert(1)">"#,
    ] {
        assert!(code.contains(markup), "the source view lacks {markup}");
    }
    assert_eq!(
        browser.eval("document.querySelectorAll('img, script:not([id])').length"),
        json!(1)
    );
    assert_eq!(browser.eval("typeof window.injected"), json!("undefined"));
    // Nothing was fetched: the page is the whole report.
    assert_eq!(
        browser.eval("performance.getEntriesByType('resource').length"),
        json!(0)
    );

    // A click on a survivor shows its diff, status, diagnosis and tests.
    let survivor = report
        .mutants
        .iter()
        .find(|m| m.status == "Survived" && !m.suggestion.is_empty())
        .expect("a diagnosed survivor");
    let selector = format!(
        "button.mutant[data-id={}]",
        serde_json::to_string(&survivor.id).unwrap()
    );
    assert_eq!(
        browser.eval("document.getElementById('details').hidden"),
        json!(true)
    );
    browser.click(&selector);
    assert_eq!(
        browser.eval("document.getElementById('details').hidden"),
        json!(false)
    );
    let line = report.sources[SOURCE]
        .lines()
        .nth(survivor.start.0 as usize - 1)
        .unwrap();
    let (column, end) = (survivor.start.1 as usize - 1, survivor.end.1 as usize - 1);
    let chars: Vec<char> = line.chars().collect();
    let mutated: String = chars[..column]
        .iter()
        .chain(survivor.replacement.chars().collect::<Vec<_>>().iter())
        .chain(&chars[end..])
        .collect();
    let diff = browser.eval("document.querySelector('#details pre.diff').textContent");
    assert_eq!(diff, json!(format!("- {line}+ {mutated}")));
    assert_eq!(
        browser.eval("document.querySelector('#details pre.diff .ins mark').textContent"),
        json!(survivor.replacement)
    );
    assert_eq!(
        browser.eval("document.getElementById('detail-status').textContent"),
        json!("survived")
    );
    assert_eq!(
        browser.eval("document.getElementById('detail-suggestion').textContent"),
        json!(survivor.suggestion)
    );
    // With `--suggest-tests`, why it has no suggested test (its inputs are strings whose
    // moves change nothing it returns).
    let survivor_json = json["files"][SOURCE]["mutants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == json!(survivor.id))
        .unwrap();
    let why = &survivor_json["noSuggestedTest"];
    assert!(why.is_string(), "{survivor_json:#}");
    assert_eq!(
        browser.eval("document.getElementById('detail-no-test').textContent"),
        *why
    );
    let details = browser.eval("document.getElementById('details').textContent");
    for test in &survivor.covered_by {
        let name = test.rsplit("::").next().unwrap();
        assert!(
            details.as_str().unwrap().contains(name),
            "{test} not listed"
        );
    }
    // The link to it opens it again.
    assert!(
        browser
            .eval("location.hash")
            .as_str()
            .unwrap()
            .contains("mutant=")
    );

    // Each file's source sits in a data block of its own, parsed when the file is opened:
    // the index the page parses first holds none of it.
    assert_eq!(
        browser.eval(
            "document.getElementById('report-index').textContent.includes('window.injected')"
        ),
        json!(false)
    );
    assert_eq!(
        browser.eval(
            "JSON.parse(document.getElementById('report-file-0').textContent).source\
             .includes('window.injected')"
        ),
        json!(true)
    );

    // A list longer than a page shows one page, and its button the next. This example's
    // lists are short, so the page's own list maker draws a list of five, a page of two
    // at a time, in the page, clicked as a user would.
    browser.eval(
        "document.body.dataset.pageSize = '2'; \
         document.body.append(el('section', { id: 'paged-probe' }, \
           pagedList({}, ['t1', 't2', 't3', 't4', 't5'], t => el('li', {}, t))))",
    );
    let listed = "[...document.querySelectorAll('#paged-probe li')].map(e => e.textContent)";
    let more = "document.querySelector('#paged-probe button.more')";
    assert_eq!(browser.eval(listed), json!(["t1", "t2"]));
    browser.click("#paged-probe button.more");
    assert_eq!(browser.eval(listed), json!(["t1", "t2", "t3", "t4"]));
    assert_eq!(browser.eval(&format!("{more}.hidden")), json!(false));
    browser.click("#paged-probe button.more");
    assert_eq!(browser.eval(listed), json!(["t1", "t2", "t3", "t4", "t5"]));
    assert_eq!(browser.eval(&format!("{more}.hidden")), json!(true));
    browser.eval(
        "document.getElementById('paged-probe').remove(); document.body.dataset.pageSize = '100'",
    );
    // And a mutant's covering tests are such a list.
    assert!(
        browser
            .eval("document.querySelectorAll('#details details .paged li').length")
            .as_u64()
            .unwrap()
            > 0
    );

    // Filtering out the survivors hides their marks, and only theirs.
    let marks = "document.querySelectorAll('button.mutant').length";
    assert_eq!(browser.eval(marks), json!(report.mutants.len()));
    browser.click("input[data-group=statuses][data-value=Survived]");
    assert_eq!(
        browser.eval(marks),
        json!(report.mutants.len() as u64 - shown["Survived"])
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('button.mutant.s-Survived').length"),
        json!(0)
    );
    browser.click("input[data-group=statuses][data-value=Survived]");
    assert_eq!(browser.eval(marks), json!(report.mutants.len()));

    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("html-report.png");
    std::fs::write(&shot, browser.screenshot()).unwrap();
    eprintln!("screenshot: {}", shot.display());

    assert!(
        browser.errors.is_empty(),
        "the page reported errors: {:#?}",
        browser.errors
    );
}
