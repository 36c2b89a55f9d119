//! Which driver executable wrote a file the next run reads back (the rebuild net's lists,
//! the doc tests left out): another build of the driver has another macro and another
//! net, so what that one found may no longer hold.

/// The running executable's version, size and modification time, in one line.
pub fn executable() -> String {
    let exe = std::env::current_exe().and_then(std::fs::metadata);
    let (size, modified) = exe.map_or((0, None), |m| (m.len(), m.modified().ok()));
    let since = modified
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {size} {since}", env!("CARGO_PKG_VERSION"))
}
