//! Ctrl-C for the whole process: one handler, so that what it does is
//! decided in one place.
//!
//! Work that can stop cleanly between steps (an import or a re-solve, a
//! chunk at a time) calls [`stop_between_steps`]: the first Ctrl-C then
//! only raises a flag ([`requested`]) that its loop reads after each step,
//! so that it ends with what it has stored and says so. Otherwise, and at a
//! second Ctrl-C, the handler runs the cleanups registered with
//! [`on_exit`] (a browser's processes), prints the message set with
//! [`exit_message`], and exits with 130, the shell's code for Ctrl-C.
//! Whatever a database transaction had not committed is undone by SQLite
//! when the archive is next opened.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// The exit status after Ctrl-C (128 + SIGINT).
pub const EXIT_CODE: i32 = 130;

static INSTALL: Once = Once::new();
static BETWEEN_STEPS: AtomicBool = AtomicBool::new(false);
static REQUESTED: AtomicBool = AtomicBool::new(false);
static CLEANUPS: Mutex<Vec<fn()>> = Mutex::new(Vec::new());
static MESSAGE: Mutex<Option<String>> = Mutex::new(None);

fn install() {
    INSTALL.call_once(|| {
        // Fails only if some other handler is set; then that one rules.
        let _ = ctrlc::set_handler(handle);
    });
}

fn handle() {
    if BETWEEN_STEPS.load(Ordering::SeqCst) && !REQUESTED.swap(true, Ordering::SeqCst) {
        eprintln!("aquarchive: stopping after the step at hand (Ctrl-C again stops at once)");
        return;
    }
    for cleanup in CLEANUPS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        cleanup();
    }
    let message = MESSAGE.lock().unwrap_or_else(|e| e.into_inner()).clone();
    eprintln!("aquarchive: {}", message.as_deref().unwrap_or("interrupted"));
    std::process::exit(EXIT_CODE);
}

/// From now on the first Ctrl-C only asks the work to stop after its
/// current step (see [`requested`]); a second one stops at once, saying
/// `message` (what is kept, and how to finish).
pub fn stop_between_steps(message: &str) {
    // Both before the handler exists: a Ctrl-C the moment it does is handled.
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    BETWEEN_STEPS.store(true, Ordering::SeqCst);
    install();
}

/// Whether Ctrl-C asked the work to stop after its current step.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// What Ctrl-C says when it stops the process at once: what is kept, and
/// how to finish the job.
pub fn exit_message(message: &str) {
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    install();
}

/// Runs `cleanup` before the process exits on Ctrl-C (register it once).
pub fn on_exit(cleanup: fn()) {
    CLEANUPS.lock().unwrap_or_else(|e| e.into_inner()).push(cleanup);
    install();
}
