//! The test slot among the server's arguments (`mutate_protocol::test_slot`): found once in
//! the server, written over in each child with the test its request names.
//!
//! The arguments' strings lie where the kernel put them at `exec`, between the
//! `arg_start` and `arg_end` addresses that `/proc/self/stat` gives; the standard library
//! keeps pointers to them and reads them when `main` asks for its arguments.

use mutate_protocol::test_slot;

/// The slot's bytes in this process's arguments.
pub struct Slot {
    start: *mut u8,
}

impl Slot {
    /// The slot, if this process was started with one.
    pub fn find() -> Option<Slot> {
        let wanted = test_slot::argument();
        // A server started for one test has none: no need to read `/proc`.
        if !std::env::args_os().any(|arg| arg == wanted.as_str()) {
            return None;
        }
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let (start, end) = argument_area(&stat)?;
        // SAFETY: the kernel's argument area of this process, mapped and writable for its
        // whole life; only read here.
        let area = unsafe { std::slice::from_raw_parts(start as *const u8, end - start) };
        let at = area
            .split(|&b| b == 0)
            .scan(0, |offset, arg| {
                let here = *offset;
                *offset += arg.len() + 1;
                Some((here, arg))
            })
            .find(|(_, arg)| *arg == wanted.as_bytes())?
            .0;
        Some(Slot {
            start: (start + at) as *mut u8,
        })
    }

    /// Writes `name` over the slot (in a child, before `main` reads its arguments).
    /// Returns whether it fits.
    pub fn write(&self, name: &str) -> bool {
        if !test_slot::fits(name) {
            return false;
        }
        // SAFETY: the slot's `test_slot::LEN` bytes (its argument and NUL), found in
        // `find`; `name` and its NUL fit in them.
        unsafe {
            std::ptr::copy_nonoverlapping(name.as_ptr(), self.start, name.len());
            *self.start.add(name.len()) = 0;
        }
        true
    }
}

/// `arg_start` and `arg_end`, fields 48 and 49 of `/proc/<pid>/stat`. Fields are counted
/// after the command name, which is in parentheses and may hold spaces.
fn argument_area(stat: &str) -> Option<(usize, usize)> {
    let (_, after_name) = stat.rsplit_once(')')?;
    // `after_name` starts at field 3.
    let mut fields = after_name.split_whitespace().skip(48 - 3);
    let start = fields.next()?.parse().ok()?;
    let end: usize = fields.next()?.parse().ok()?;
    (start != 0 && end > start).then_some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_argument_area_is_read_after_the_command_name() {
        let mut fields: Vec<String> = (3..=52).map(|n| n.to_string()).collect();
        fields[48 - 3] = "1000".into();
        fields[49 - 3] = "2000".into();
        let stat = format!("42 (a (b) c) {}", fields.join(" "));
        assert_eq!(argument_area(&stat), Some((1000, 2000)));
        assert_eq!(argument_area("42 (x) R 1"), None);
    }

    #[test]
    fn this_process_has_no_slot() {
        assert!(Slot::find().is_none());
    }
}
