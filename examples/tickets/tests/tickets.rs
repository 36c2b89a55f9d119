use std::sync::Arc;
use tickets::{Counter, Poisoned};

#[test]
fn tickets_start_at_zero() {
    let counter = Counter::new();
    assert_eq!(counter.take(), 0);
    assert_eq!(counter.take(), 1);
}

/// Distinct tickets from many threads: it checks the atomic, not where numbering starts,
/// so a counter that hands out 1, 2, 3... passes it.
#[test]
fn threads_never_share_a_ticket() {
    let counter = Arc::new(Counter::new());
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let counter = Arc::clone(&counter);
            std::thread::spawn(move || (0..50).map(|_| counter.take()).collect::<Vec<_>>())
        })
        .collect();
    let mut all: Vec<u64> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 200);
}

/// Every served ticket is logged: it never poisons the log, so a counter that ignores
/// poison passes it.
#[test]
fn served_tickets_are_logged() {
    let counter = Counter::new();
    let ticket = counter.take();
    counter.serve(ticket).unwrap();
    counter.serve_checked(7, |_| ()).unwrap();
    assert_eq!(counter.served(), Ok(vec![ticket, 7]));
}

#[test]
fn a_panic_while_serving_poisons_the_log() {
    let counter = Arc::new(Counter::new());
    let panicking = Arc::clone(&counter);
    let result = std::thread::spawn(move || {
        let _ = panicking.serve_checked(3, |t| panic!("ticket {t} is forged"));
    })
    .join();
    assert!(result.is_err());
    assert_eq!(counter.served(), Err(Poisoned));
    assert_eq!(counter.serve(4), Err(Poisoned));
}
