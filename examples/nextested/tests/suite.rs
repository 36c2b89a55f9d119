use nextested::*;
use std::time::{Duration, Instant};

/// The ledger file both ledger tests write: each creates it anew and removes it, so the
/// second of two that run at once fails. The test group runs them one at a time.
fn with_ledger(amount: i64, expected: &str) {
    let path = std::env::temp_dir().join("mutate-nextested-ledger.txt");
    record(&path, amount).expect("no other ledger test holds the file");
    let text = std::fs::read_to_string(&path).unwrap();
    std::thread::sleep(Duration::from_millis(300));
    std::fs::remove_file(&path).unwrap();
    assert_eq!(text, expected);
}

mod ledger {
    #[test]
    fn records_credit() {
        super::with_ledger(3, "300\n");
    }

    #[test]
    fn records_debit() {
        super::with_ledger(-2, "-200\n");
    }

    /// Retried in CI, and in the ledger group so no other run shares its marker: a cold
    /// start (no marker) leaves the marker behind, a warm one removes it.
    #[test]
    fn retried_after_a_cold_start() {
        let marker = std::env::temp_dir().join("mutate-nextested-warm");
        let usable = nextested::may_use_cache(marker.exists());
        match usable {
            true => {
                let _ = std::fs::remove_file(&marker);
            }
            false => std::fs::write(&marker, "").unwrap(),
        }
        assert!(usable);
    }
}

#[test]
fn waits_its_delay() {
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(delay_ms(2)));
    assert!(started.elapsed() >= Duration::from_millis(100));
}

#[test]
fn retried_parity() {
    assert!(is_even(4));
    assert!(!is_even(7));
}

#[test]
fn only_run_by_hand() {
    assert_eq!(triple(2), 6);
}

#[test]
fn triples_zero() {
    assert_eq!(triple(0), 0);
}
