//! Exit codes of a test binary whose fork server could not start. The server runs before
//! `main`, so it can only report through its exit status; the driver names the cause.

/// The server could not move the protocol to a private descriptor (`fcntl` failed).
pub const NO_PRIVATE_DESCRIPTOR: i32 = 70;
/// The server could not map the memory its children count site hits in (`mmap` failed).
pub const NO_SHARED_MEMORY: i32 = 71;

/// What an exit status of a server means, if it is one of these.
pub fn cause(code: i32) -> Option<&'static str> {
    match code {
        NO_PRIVATE_DESCRIPTOR => Some("could not duplicate its protocol descriptors"),
        NO_SHARED_MEMORY => Some("could not map shared memory for its hit counters"),
        _ => None,
    }
}

/// Bytes every program that links the runtime's fork server holds, where the driver looks
/// before it starts a program of the workspace as a server: one without the server would
/// run its `main` with the request's arguments. Put together here at run time, so that
/// only the runtime (which holds it whole, as a static) contains them.
pub fn runtime_marker() -> String {
    ["mutate-runtime", ":", "fork-server"].concat()
}
