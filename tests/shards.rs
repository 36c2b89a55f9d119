//! Shards: one archive of triangle's build and baseline; shards 1/3, 2/3 and 3/3 run from
//! it and merged give the report of a single run from it (times aside); bad shard
//! specifications and incomplete merges are usage errors.

mod common;

use common::*;
use serde_json::Value;
use std::path::Path;

const MANIFEST: &str = "examples/triangle/Cargo.toml";

fn driver_ok(args: &[&str]) -> std::process::Output {
    let out = driver_command(args).output().unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 3)),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `report.json` without its times.
fn report(dir: &Path) -> Value {
    let mut json = Report::read(dir).json;
    // Measurements of the process that wrote it: times, and memory (a merge's own).
    json.as_object_mut().unwrap().remove("seconds");
    json.as_object_mut().unwrap().remove("peakMemory");
    // Each mutant's `duration` is its runs' time, which no two runs share.
    for file in json["files"].as_object_mut().unwrap().values_mut() {
        for mutant in file["mutants"].as_array_mut().unwrap() {
            mutant.as_object_mut().unwrap().remove("duration");
        }
    }
    json
}

#[test]
fn shards_of_one_archive_merge_into_the_single_runs_report() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    let archive = path("triangle.tar");
    let out = driver_ok(&["--manifest-path", MANIFEST, "--archive", &archive]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("with the baseline"));

    let single = path("single");
    let single_out = driver_ok(&[
        "--manifest-path",
        MANIFEST,
        "--from-archive",
        &archive,
        "-o",
        &single,
    ]);
    let mut shards = Vec::new();
    let mut ran = 0;
    for k in 1..=3 {
        let shard = path(&format!("shard{k}"));
        let spec = format!("{k}/3");
        let out = driver_ok(&[
            "--manifest-path",
            MANIFEST,
            "--from-archive",
            &archive,
            "--shard",
            &spec,
            "-o",
            &shard,
        ]);
        // Each shard runs its share: about a third, and never all.
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let selected: usize = stderr
            .split("mutants (")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|n| n.parse().ok())
            .expect("the shard says how many it runs");
        assert!(selected > 0, "{stderr}");
        ran += selected;
        shards.push(shard);
    }
    // Every mutant is run, in one shard, but those rustc proved unviable in the build
    // (one of triangle's: a `Default` of an enum without one).
    let total = report(Path::new(&single))["summary"]["total"]
        .as_u64()
        .unwrap() as usize;
    let not_run = Report::read(Path::new(&single))
        .mutants
        .iter()
        .filter(|m| m.reason.starts_with("its code does not build"))
        .count();
    assert_eq!(not_run, 1);
    assert_eq!(ran, total - not_run, "every mutant in exactly one shard");

    let merged = path("merged");
    let mut args = vec!["merge", "--manifest-path", MANIFEST, "-o", &merged];
    args.extend(shards.iter().rev().map(String::as_str));
    let merged_out = driver_command(&args).output().unwrap();
    assert_eq!(merged_out.status.code(), single_out.status.code());
    assert_eq!(report(Path::new(&merged)), report(Path::new(&single)));
    for file in ["diagnosis.txt", "survived.txt", "killed.txt"] {
        let read = |d: &str| std::fs::read_to_string(Path::new(d).join(file)).unwrap();
        assert_eq!(read(&merged), read(&single), "{file}");
    }

    // A merge that lacks a shard, or repeats one, says so.
    for dirs in [
        &shards[..2],
        &[shards[0].clone(), shards[0].clone(), shards[2].clone()][..],
    ] {
        let mut args = vec!["merge", "--manifest-path", MANIFEST, "-o", &merged];
        args.extend(dirs.iter().map(String::as_str));
        let out = driver_command(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("each shard 1/N to N/N"));
    }
}

#[test]
fn bad_shards_and_archives_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let not_an_archive = dir.path().join("plain.txt");
    std::fs::write(&not_an_archive, "not a tar file").unwrap();
    let cases: [&[&str]; 4] = [
        &["--shard", "1/3"],
        &["--from-archive", "missing.tar", "--shard", "4/3"],
        &["--from-archive", not_an_archive.to_str().unwrap()],
        &["merge", dir.path().to_str().unwrap()],
    ];
    for extra in cases {
        let mut args = vec!["--manifest-path", MANIFEST];
        if extra[0] == "merge" {
            args.insert(0, "merge");
            args.extend(&extra[1..]);
        } else {
            args.extend(extra);
        }
        let out = driver_command(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
