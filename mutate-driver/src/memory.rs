//! Peak memory, for the report: the driver's own, and the largest any fork server
//! reached (each read as it ends). Linux says it in `/proc/<pid>/status` (`VmHWM`, the
//! resident set's high-water mark); elsewhere it is not known.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static SERVER_PEAK_KIB: AtomicU64 = AtomicU64::new(0);

/// The high-water mark of `pid`'s resident memory (`self` for the driver), in KiB.
fn peak_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    high_water(&status)
}

/// `VmHWM` of a `/proc/<pid>/status` text, in KiB.
fn high_water(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()
}

/// A fork server about to end: its peak counts toward the largest.
pub fn server_ending(pid: u32) {
    if let Some(kib) = peak_kib(&pid.to_string()) {
        SERVER_PEAK_KIB.fetch_max(kib, Relaxed);
    }
}

/// `{"driverKiB", "forkServerKiB"}`: each `null` where not known.
pub fn to_json() -> serde_json::Value {
    let server = SERVER_PEAK_KIB.load(Relaxed);
    serde_json::json!({
        "driverKiB": peak_kib("self"),
        "forkServerKiB": (server > 0).then_some(server),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_high_water_mark_is_read_in_kib() {
        let status = "Name:\tx\nVmPeak:\t  2000 kB\nVmHWM:\t    1234 kB\nVmRSS:\t 1000 kB\n";
        assert_eq!(high_water(status), Some(1234));
        assert_eq!(high_water("Name:\tx\n"), None);
    }
}
