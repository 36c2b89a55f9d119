//! What a user of a large report waits for, measured in headless Chromium: a run's
//! `report.html` named by `MUTATE_HTML_REPORT` (with its `report.json` beside it, which
//! says which file is the largest and which mutant has the most covering tests).
//!
//! `MUTATE_HTML_REPORT=DIR/report.html cargo test --release -p mutate-e2e --test html --
//! --ignored --nocapture timing` prints, as medians over fresh loads: the time from
//! navigation until the summary and the tree are drawn and painted, the time to open the
//! largest file (its first lines shown, and until it is drawn whole), to open the mutant with the most covering tests in it, and to toggle an
//! outcome filter, and the page's JavaScript heap and DOM node count once it is open.
//! Each step also checks that it drew what it should, so a broken page fails here too.

use crate::chromium::{self, Browser};
use serde_json::{Value, json};
use std::path::PathBuf;

const LOADS: usize = 3;

/// Waits two frames, so what the last event drew has been laid out and painted.
const PAINTED: &str =
    "await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));";

#[test]
#[ignore = "a measurement: needs MUTATE_HTML_REPORT and a browser"]
fn timing() {
    let page = PathBuf::from(
        std::env::var_os("MUTATE_HTML_REPORT").expect("MUTATE_HTML_REPORT names a report.html"),
    );
    let executable = chromium::find().expect("a Chromium to measure in");
    let json: Value = serde_json::from_slice(
        &std::fs::read(page.with_file_name("report.json")).expect("report.json beside it"),
    )
    .unwrap();
    let (largest, lines) = largest_file(&json);
    let (mutant, tests) = most_covered(&json);
    println!(
        "report.html: {} bytes; largest file {largest} ({lines} lines); \
         mutant {mutant} ({tests} covering tests)",
        std::fs::metadata(&page).unwrap().len()
    );

    let mut samples: Vec<[f64; 7]> = Vec::new();
    let mut memory = (0.0, 0.0);
    for _ in 0..LOADS {
        let mut browser = Browser::start(&executable);
        browser.open(&format!("file://{}", page.display()));
        // Navigation start is the page clock's zero.
        let drawn = number(browser.eval(&format!(
            "(async () => {{ {PAINTED} return performance.now(); }})()"
        )));
        assert!(
            number(browser.eval("document.querySelectorAll('#tree button[data-file]').length"))
                > 0.0,
            "no tree drawn"
        );
        // What drawing rests on: the HTML parsed, and all of its data parsed as JSON.
        let parsed =
            number(browser.eval("performance.getEntriesByType('navigation')[0].domInteractive"));
        let json_parse = number(browser.eval(
            "(() => { const t = performance.now(); \
             for (const e of document.querySelectorAll('script[type=\"application/json\"]')) \
             JSON.parse(e.textContent); return performance.now() - t; })()",
        ));
        let file = serde_json::to_string(&largest).unwrap();
        let opened = number(browser.eval(&format!(
            "(async () => {{ const t = performance.now(); \
             document.querySelector('#tree button[data-file=' + CSS.escape({file}) + ']').click(); \
             {PAINTED} return performance.now() - t; }})()"
        )));
        // A long file is drawn a chunk at a time after its first lines: until it is whole.
        let whole = number(browser.eval(&format!(
            "(async () => {{ const t = performance.now(); \
             while (!document.querySelector('table.source[data-complete]')) \
             await new Promise(r => setTimeout(r, 5)); \
             {PAINTED} return performance.now() - t; }})()"
        ))) + opened;
        assert_eq!(
            browser.eval("document.querySelectorAll('table.source tr').length"),
            json!(lines),
            "the largest file is not shown whole"
        );
        let id = serde_json::to_string(&mutant).unwrap();
        let shown = number(browser.eval(&format!(
            "(async () => {{ location.hash = '#' + new URLSearchParams({{ mutant: {id} }}); \
             await new Promise(r => setTimeout(r)); {PAINTED} \
             const t = performance.now(); \
             document.querySelector('button.mutant[data-id=' + CSS.escape({id}) + ']').click(); \
             {PAINTED} return performance.now() - t; }})()"
        )));
        assert!(
            browser
                .eval("document.getElementById('details').textContent")
                .as_str()
                .unwrap()
                .contains(&format!("Covered by {tests} tests")),
            "the mutant's covering tests are not said"
        );
        let filtered = number(browser.eval(&format!(
            "(async () => {{ const t = performance.now(); \
             document.querySelector('input[data-group=statuses][data-value=Killed]').click(); \
             {PAINTED} return performance.now() - t; }})()"
        )));
        browser.call("HeapProfiler.collectGarbage", json!({}));
        browser.call("Performance.enable", json!({}));
        let metrics = browser.call("Performance.getMetrics", json!({}));
        let metric = |name: &str| {
            metrics["metrics"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["name"] == name)
                .map_or(0.0, |m| number(m["value"].clone()))
        };
        memory = (metric("JSHeapUsedSize") / 1e6, metric("Nodes"));
        assert!(browser.errors.is_empty(), "{:#?}", browser.errors);
        samples.push([drawn, opened, shown, filtered, parsed, json_parse, whole]);
    }
    let median = |i: usize| {
        let mut all: Vec<f64> = samples.iter().map(|s| s[i]).collect();
        all.sort_by(f64::total_cmp);
        all[all.len() / 2]
    };
    println!(
        "median of {LOADS} loads: summary and tree drawn {:.0} ms; largest file's first lines shown {:.0} ms, whole {:.0} ms; \
         mutant opened {:.0} ms; outcome filter toggled {:.0} ms; \
         JS heap {:.1} MB, {} DOM nodes (last load, file and mutant open); \
         of which: HTML parsed at {:.0} ms, all embedded JSON parsed in {:.0} ms",
        median(0),
        median(1),
        median(6),
        median(2),
        median(3),
        memory.0,
        memory.1,
        median(4),
        median(5)
    );
}

/// The file of `report.json` with the most lines, and its line count.
fn largest_file(json: &Value) -> (String, usize) {
    json["files"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(name, file)| {
            let source = file["source"].as_str().unwrap_or("");
            (name.clone(), source.split('\n').count())
        })
        .max_by_key(|(_, lines)| *lines)
        .expect("a file")
}

/// The mutant with the most covering tests, and how many.
fn most_covered(json: &Value) -> (String, usize) {
    json["files"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|file| file["mutants"].as_array().cloned().unwrap_or_default())
        .map(|m| {
            let tests = m["coveredBy"].as_array().map_or(0, Vec::len);
            (m["id"].as_str().unwrap().to_owned(), tests)
        })
        .max_by_key(|(_, tests)| *tests)
        .expect("a mutant")
}

fn number(value: Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("{value} is not a number"))
}
