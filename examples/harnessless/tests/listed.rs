//! Cases listed as libtest lists them, by a harness of its own that builds every case
//! before it picks one (as the `tester` crate parses a data file of thousands): listing
//! them, or running one of them, pays that set-up first.

use std::time::Duration;

/// Libtest's options that take a value: not a filter.
const WITH_VALUE: [&str; 5] = ["--test-threads", "--skip", "--format", "--color", "-Z"];

fn cases() -> Vec<(String, (u32, u32, u32, u32))> {
    // Stands for parsing the data file.
    std::thread::sleep(Duration::from_millis(200));
    (0..4)
        .map(|k| (format!("clamp_{k}"), (k, k, 4, (2 * k).min(4))))
        .collect()
}

fn main() {
    let cases = cases();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| args.iter().any(|a| a == name);
    if flag("--list") {
        if !flag("--ignored") {
            for (name, _) in &cases {
                println!("{name}: test");
            }
        }
        let listed = if flag("--ignored") { 0 } else { cases.len() };
        println!("{listed} tests, 0 benchmarks");
        return;
    }
    let mut filter = None;
    let mut values = args.iter();
    while let Some(arg) = values.next() {
        if WITH_VALUE.contains(&arg.as_str()) {
            values.next();
        } else if !arg.starts_with('-') {
            filter = Some(arg.clone());
        }
    }
    let picked = |name: &str| match &filter {
        Some(f) if flag("--exact") => name == f,
        Some(f) => name.contains(f.as_str()),
        None => true,
    };
    let mut failed = 0;
    for (name, (a, b, limit, want)) in cases.iter().filter(|(n, _)| picked(n)) {
        let got = harnessless::clamp_add(*a, *b, *limit);
        if got != *want {
            eprintln!("{name}: clamp_add({a}, {b}, {limit}) = {got}, want {want}");
            failed += 1;
        }
    }
    if failed > 0 {
        std::process::exit(101);
    }
}
