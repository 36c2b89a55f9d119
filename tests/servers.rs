//! One fork server runs any test of its binary: the request names the test, and the child
//! writes it over the slot in its own arguments before libtest reads them. Driven through
//! the driver's own client on the schemata build of `examples/triangle`'s tests.

mod common;

use common::repo;
use mutate_driver::compile::TestBinary;
use mutate_driver::server::Server;
use mutate_protocol::Request;
use std::process::Command;

/// `examples/triangle`'s integration test `strong`, built in schemata mode.
fn strong_tests() -> TestBinary {
    let target = repo().join("target/e2e-servers");
    let out = Command::new(env!("CARGO"))
        .args([
            "test",
            "--no-run",
            "--message-format",
            "json",
            "--test",
            "strong",
        ])
        .arg("--manifest-path")
        .arg(repo().join("examples/triangle/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .env(mutate_protocol::env::SCHEMATA, "1")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find_map(|m| Some(m["executable"].as_str()?.to_owned()))
        .expect("the test binary");
    TestBinary {
        path: path.into(),
        target: "strong".into(),
        src_path: "tests/strong.rs".into(),
        package_dir: repo().join("examples/triangle"),
    }
}

fn run(server: &mut Server, test: Option<&str>) -> Result<String, String> {
    let request = Request {
        test: test.map(str::to_owned),
        output: true,
        timeout_ms: 60_000,
        ..Request::default()
    };
    let report = server.run(&request).map_err(|e| e.to_string())?;
    assert!(report.passed, "{:?}", report.output);
    Ok(report.output.unwrap_or_default())
}

#[test]
fn one_server_runs_whichever_test_a_request_names() {
    let binary = strong_tests();
    let mut server = Server::start_any(&binary)
        .unwrap()
        .expect("a schemata binary");
    assert!(server.any_test, "the server found its slot");
    // Each run is the named test and no other, in any order, again and again.
    for test in [
        "equilateral",
        "scalene",
        "equilateral",
        "zero_sides_are_invalid",
    ] {
        let output = run(&mut server, Some(test)).unwrap();
        assert!(output.contains(&format!("test {test} ... ok")), "{output}");
        assert!(output.contains("1 passed"), "{output}");
    }
    // A name longer than the slot is refused, and the server goes on serving.
    let long = "x".repeat(mutate_protocol::test_slot::LEN);
    assert!(run(&mut server, Some(&long)).is_err());
    let output = run(&mut server, Some("isosceles")).unwrap();
    assert!(output.contains("test isosceles ... ok"), "{output}");
}

#[test]
fn a_server_started_for_one_test_runs_that_test_alone() {
    let binary = strong_tests();
    let mut server = Server::start(&binary, "scalene")
        .unwrap()
        .expect("a schemata binary");
    assert!(!server.any_test);
    let output = run(&mut server, None).unwrap();
    assert!(output.contains("test scalene ... ok"), "{output}");
    // It has no slot: a request naming another test is refused.
    assert!(run(&mut server, Some("equilateral")).is_err());
}

/// A server started by one thread serves after that thread has ended, as an idle server
/// that one worker started and another takes must: the driver dies with its servers, but
/// a worker thread's end is not the driver's.
#[test]
fn a_server_outlives_the_thread_that_started_it() {
    let binary = strong_tests();
    let mut server = std::thread::spawn(move || {
        Server::start_any(&binary)
            .expect("starts")
            .expect("has the runtime")
    })
    .join()
    .unwrap();
    // The kernel delivers a parent-death signal as the thread exits; give it time to.
    std::thread::sleep(std::time::Duration::from_millis(200));
    run(&mut server, Some("equilateral")).expect("the server is still there");
}
