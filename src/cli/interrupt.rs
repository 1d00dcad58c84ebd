//! Ctrl-C for the whole process: one handler, so that what it does is
//! decided in one place.
//!
//! A subcommand whose work can stop cleanly between steps (an import or a
//! re-solve, a chunk at a time) calls [`stop_between_steps`]: the first
//! Ctrl-C then only asks the library to stop ([`aquarchive::interrupt`]),
//! and the work ends with what it has stored and says so. Otherwise, and at
//! a second Ctrl-C, the handler stops the browsers the library started,
//! prints the message set with [`exit_message`], and exits with 130
//! ([`super::exit::ExitCode::Interrupted`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

static INSTALL: Once = Once::new();
static BETWEEN_STEPS: AtomicBool = AtomicBool::new(false);
static MESSAGE: Mutex<Option<String>> = Mutex::new(None);
/// Held by the handler from the moment it stops the process until it exits,
/// so that the main thread, whose work fails as the browsers are killed
/// under it, cannot end the process first with another exit code.
static STOPPING: Mutex<()> = Mutex::new(());

fn install() {
    INSTALL.call_once(|| {
        // Fails only if some other handler is set; then that one rules.
        let _ = ctrlc::set_handler(handle);
    });
}

fn handle() {
    if BETWEEN_STEPS.load(Ordering::SeqCst) && !aquarchive::interrupt::requested() {
        aquarchive::interrupt::request();
        eprintln!("aquarchive: stopping after the step at hand (Ctrl-C again stops at once)");
        return;
    }
    let _stopping = STOPPING.lock().unwrap_or_else(|e| e.into_inner());
    // `exit` runs no destructor: what they would clean up goes here.
    aquarchive::archive::fetch::kill_running();
    let message = MESSAGE.lock().unwrap_or_else(|e| e.into_inner()).clone();
    eprintln!("aquarchive: {}", message.as_deref().unwrap_or("interrupted"));
    std::process::exit(super::exit::ExitCode::Interrupted as i32);
}

/// From now on the first Ctrl-C only asks the work to stop after its
/// current step; a second one stops at once, saying `message` (what is
/// kept, and how to finish).
pub fn stop_between_steps(message: &str) {
    // Both before the handler exists: a Ctrl-C the moment it does is handled.
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    BETWEEN_STEPS.store(true, Ordering::SeqCst);
    install();
}

/// From now on Ctrl-C stops at once, saying `message`: what is kept, and
/// how to finish the job.
pub fn exit_message(message: &str) {
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    install();
}

/// Returns at once, unless Ctrl-C is stopping the process: then it waits
/// for the handler to exit with 130 (and never returns).
pub fn wait_if_stopping() {
    drop(STOPPING.lock().unwrap_or_else(|e| e.into_inner()));
}
