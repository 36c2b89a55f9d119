//! `chart`: the clean runs `versus` kept in `--work`, as a chart of each tool's whole-run
//! wall time against the crate's mutants × covering test time (`work.rs`), log–log, one
//! point per crate per tool, written as SVG and printed as a table.

mod log_axis;
mod svg;
mod work;

use crate::versus::kept::{self, Kept};
use std::path::{Path, PathBuf};
use svg::{Point, Tool};

pub fn run(work_dir: &Path, out: Option<PathBuf>) -> Result<(), String> {
    let crates = Kept::all_in(work_dir)?;
    if crates.is_empty() {
        return Err(format!(
            "no crate in {} has a {}: run `versus` with this --work first",
            work_dir.display(),
            kept::FILE
        ));
    }
    let mut points = Vec::new();
    println!(
        "{:<24} {:>13} {:>10} {:>12} {:>10} {:>10} {:>11} {:>11}",
        "crate",
        "mutants cm/us",
        "work (s)",
        "runs/untimed",
        "cm wall",
        "us wall",
        "cm / work",
        "us / work"
    );
    for (dir, kept) in &crates {
        let report = crate::report_json::read(&dir.join(kept::REPORT))?;
        let work = work::covering_work(&report);
        let label = format!("{} {}", kept.name, kept.version);
        // A sample's time is not a whole run's: its point would sit below where it belongs.
        let theirs = kept
            .cargo_mutants
            .as_ref()
            .filter(|_| kept.their_shard.is_none());
        if let Some(theirs) = theirs {
            points.push(Point {
                label: label.clone(),
                tool: Tool::CargoMutants,
                x: work.seconds,
                y: theirs.seconds,
            });
        }
        points.push(Point {
            label: label.clone(),
            tool: Tool::Mutate,
            x: work.seconds,
            y: kept.mutate.seconds,
        });
        let per_work = |wall: f64| format!("{:.0}x", wall / work.seconds);
        println!(
            "{:<24} {:>13} {:>10.3} {:>12} {:>10} {:>10.1} {:>11} {:>11}",
            label,
            format!(
                "{}/{}",
                theirs.map_or("-".to_owned(), |t| t.mutants.to_string()),
                kept.mutate.mutants
            ),
            work.seconds,
            format!("{}/{}", work.runs, work.untimed),
            theirs.map_or("-".to_owned(), |t| format!("{:.1}", t.seconds)),
            kept.mutate.seconds,
            theirs.map_or("-".to_owned(), |t| per_work(t.seconds)),
            per_work(kept.mutate.seconds),
        );
    }
    let date = today();
    let out = out.unwrap_or_else(|| {
        crate::repo()
            .join("bench/notes")
            .join(format!("{date}-chart.svg"))
    });
    let caption = format!(
        "{} crates, one clean run of each tool (cargo-mutants {}, mutate --all-items), \
         made by mutate-bench chart, {date}",
        crates.len(),
        crate::versus::tools::CARGO_MUTANTS_VERSION
    );
    let text = svg::render(
        &points,
        "Whole-run wall time against mutants × covering test time",
        &caption,
    );
    std::fs::write(&out, text).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!("chart written to {}", out.display());
    Ok(())
}

/// Today's date (UTC) as `YYYY-MM-DD`, the notes' prefix.
fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date((seconds / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The proleptic Gregorian date `days` after 1970-01-01, by 400-year eras (each exactly
/// 146,097 days), years counted from March so the leap day ends a year.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days_since_the_epoch() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(59), (1970, 3, 1));
        // 2000 is a leap year (divisible by 400), 2100 is not.
        assert_eq!(civil_date(11_016), (2000, 2, 29));
        assert_eq!(civil_date(11_017), (2000, 3, 1));
        assert_eq!(civil_date(47_541), (2100, 3, 1));
        assert_eq!(civil_date(20_794), (2026, 12, 7));
        assert_eq!(civil_date(-1), (1969, 12, 31));
    }
}
