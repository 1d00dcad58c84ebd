//! Ctrl-C, and the signals a scheduler stops a run with, for the whole
//! process: one handler, so that what it does is decided in one place.
//! SIGINT (Ctrl-C), SIGTERM (what `systemctl stop`, a timer's timeout or
//! `kill` send) and SIGHUP (the terminal gone) all take this one path; only
//! the exit code tells them apart: 128 + the signal's number, 130, 143 and
//! 129 ([`super::exit::ExitCode`]).
//!
//! A subcommand whose work can stop cleanly between steps (an import or a
//! re-solve, a chunk at a time) calls [`stop_between_steps`]: the first
//! signal then only asks the library to stop ([`aquarchive::interrupt`]),
//! and the work ends with what it has stored, says so, and returns
//! [`stopped_code`]. Otherwise, and at a second signal, the handler stops
//! the browsers the library started, prints the message set with
//! [`exit_message`], and exits with the signal's code.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, Once};

use super::exit::ExitCode;

static INSTALL: Once = Once::new();
static BETWEEN_STEPS: AtomicBool = AtomicBool::new(false);
static MESSAGE: Mutex<Option<String>> = Mutex::new(None);
/// The first signal that asked to stop (0: none yet).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Held by the handler from the moment it stops the process until it exits,
/// so that the main thread, whose work fails as the browsers are killed
/// under it, cannot end the process first with another exit code.
static STOPPING: Mutex<()> = Mutex::new(());

/// The signals that stop a run: Ctrl-C's, a scheduler's stop, a hang-up.
#[cfg(unix)]
const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The exit code of a run stopped by `signal`: 128 + its number.
fn code_of(signal: i32) -> ExitCode {
    #[cfg(unix)]
    match signal {
        libc::SIGTERM => return ExitCode::Terminated,
        libc::SIGHUP => return ExitCode::HungUp,
        _ => {}
    }
    let _ = signal;
    ExitCode::Interrupted
}

/// What the user reads of the signal: Ctrl-C's is said as before, the
/// others by name.
fn said_of(signal: i32) -> &'static str {
    #[cfg(unix)]
    match signal {
        libc::SIGTERM => return "SIGTERM: ",
        libc::SIGHUP => return "SIGHUP: ",
        _ => {}
    }
    let _ = signal;
    ""
}

/// The exit code of a run that a signal stopped between steps: 130 for
/// Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
pub fn stopped_code() -> ExitCode {
    code_of(SIGNAL.load(Ordering::SeqCst))
}

fn handle(signal: i32) {
    // The first signal names the stop; a later one only hurries it.
    let _ = SIGNAL.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst);
    if BETWEEN_STEPS.load(Ordering::SeqCst) && !aquarchive::interrupt::requested() {
        aquarchive::interrupt::request();
        say!("aquarchive: {}stopping after the step at hand (Ctrl-C again stops at once)", said_of(signal));
        return;
    }
    let _stopping = STOPPING.lock().unwrap_or_else(|e| e.into_inner());
    // `exit` runs no destructor: what they would clean up goes here.
    aquarchive::archive::fetch::kill_running();
    let message = MESSAGE.lock().unwrap_or_else(|e| e.into_inner()).clone();
    say!("aquarchive: {}{}", said_of(signal), message.as_deref().unwrap_or("interrupted"));
    std::process::exit(stopped_code() as i32);
}

/// Each signal is caught by signal-hook, whose handler only writes a byte to
/// a socket of that signal's own and keeps the interrupted code's `errno`; a
/// thread per signal reads its socket and calls [`handle`], where anything
/// may be done. A byte per delivery, not a flag, so that a second Ctrl-C that
/// comes before the first is handled still counts as a second one (signal-hook's
/// iterator would fold the two into one). Nothing on those threads may panic:
/// it would die, and every later signal of its kind go unread.
#[cfg(unix)]
fn install() {
    use std::io::Read;
    use std::os::unix::net::UnixStream;
    // One signal's handling at a time: the first only asks to stop.
    static HANDLING: Mutex<()> = Mutex::new(());
    INSTALL.call_once(|| {
        for signal in SIGNALS {
            // Fails only if the process cannot make a socket (out of
            // descriptors): then that signal keeps its default action and
            // ends the run.
            let Ok((mut read, write)) = UnixStream::pair() else { continue };
            if signal_hook::low_level::pipe::register(signal, write).is_err() {
                continue;
            }
            std::thread::spawn(move || {
                let mut byte = [0u8];
                loop {
                    match read.read(&mut byte) {
                        Ok(0) => return,
                        Ok(_) => {
                            let _handling = HANDLING.lock().unwrap_or_else(|e| e.into_inner());
                            handle(signal);
                        }
                        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                        Err(_) => return,
                    }
                }
            });
        }
    });
}

#[cfg(not(unix))]
fn install() {
    INSTALL.call_once(|| {
        // Fails only if some other handler is set; then that one rules.
        let _ = ctrlc::set_handler(|| handle(2));
    });
}

/// From now on the first signal only asks the work to stop after its
/// current step; a second one stops at once, saying `message` (what is
/// kept, and how to finish).
pub fn stop_between_steps(message: &str) {
    // Both before the handler exists: a signal the moment it does is handled.
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    BETWEEN_STEPS.store(true, Ordering::SeqCst);
    install();
}

/// From now on a signal stops at once, saying `message`: what is kept, and
/// how to finish the job.
pub fn exit_message(message: &str) {
    *MESSAGE.lock().unwrap_or_else(|e| e.into_inner()) = Some(message.to_string());
    install();
}

/// Returns at once, unless a signal is stopping the process: then it waits
/// for the handler to exit with the signal's code (and never returns).
pub fn wait_if_stopping() {
    drop(STOPPING.lock().unwrap_or_else(|e| e.into_inner()));
}
