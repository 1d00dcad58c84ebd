//! A request to stop, as the library hears it: a flag that whoever owns
//! the process raises (the command line, from its handler of Ctrl-C,
//! SIGTERM and SIGHUP) and
//! that work able to stop cleanly between steps reads after each step.
//!
//! The library installs no signal handler and never exits the process.
//! An import or a re-solve, a chunk at a time, checks [`requested`] after
//! each chunk, ends with what it has stored and says so in its summary.
//! What must not outlive the process is cleaned up by its owner's `Drop`
//! (a browser's processes), and the sites' `browser_process::kill_running`
//! does the same for a caller about to exit without unwinding. Whatever a
//! database transaction had not committed is undone by SQLite when the
//! archive is next opened.

use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Asks the work at hand to stop after its current step. Safe to call
/// from a signal handler's thread.
pub fn request() {
    REQUESTED.store(true, Ordering::SeqCst);
}

/// Whether the work was asked to stop after its current step.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
