//! The tests. Memory that a mutant reads though it does not own it holds one thing in
//! one run and another in the next; here a marker file plays that part, so the example is
//! the same every time: when `RAW_READS_MARKERS` names a folder, the first run that reads
//! a wrong first byte dies of a bad memory access (as a read of a wild pointer does) and
//! the next one passes (the memory held the right byte); for the second byte, the first
//! aborts and the next fails its assertion. Without it the test is an ordinary one.

use raw_reads::*;

#[test]
fn reads_the_first_byte() {
    let got = first(&[7, 9]);
    if got != 7
        && let Some(dir) = std::env::var_os("RAW_READS_MARKERS")
    {
        let marker = std::path::Path::new(&dir).join(format!("read-{got}"));
        if marker.exists() {
            // The memory held the right byte this time.
            std::fs::remove_file(&marker).unwrap();
            return;
        } else {
            std::fs::write(&marker, b"").unwrap();
            wild_read();
        }
    }
    assert_eq!(got, 7);
}

/// The same with the second byte, where the first run aborts (as an allocator that finds
/// its heap broken does) and the next fails its assertion: detected both times, a kill.
#[test]
fn reads_the_second_byte() {
    let got = second(&[7, 9, 11]);
    if got != 9
        && let Some(dir) = std::env::var_os("RAW_READS_MARKERS")
    {
        let marker = std::path::Path::new(&dir).join(format!("second-{got}"));
        if marker.exists() {
            std::fs::remove_file(&marker).unwrap();
        } else {
            std::fs::write(&marker, b"").unwrap();
            std::process::abort();
        }
    }
    assert_eq!(got, 9);
}

/// Dies of a bad memory access, as a read of a wild pointer does.
fn wild_read() {
    // SAFETY: none; the read faults, which is the point.
    let byte = unsafe { std::ptr::null::<u8>().read_volatile() };
    std::hint::black_box(byte);
}

#[test]
fn sums_the_bytes() {
    assert_eq!(sum(&[1, 2, 3]), 6);
}
