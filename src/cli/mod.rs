//! The command line: parses the arguments, runs one subcommand, maps the
//! outcome to an exit code. The subcommands are in `commands`, one module
//! each; the helpers they share (the settings in force, errors, exit codes,
//! output, progress, Ctrl-C, `-v`) sit beside it. The work lives in the
//! library.
//!
//! Lines for the user go to standard error through `say!`, never
//! `eprintln!`, which panics when standard error is gone.

#![deny(clippy::print_stderr)]

/// A line on standard error, as `eprintln!` writes it, that is dropped
/// when standard error is gone (a closed pipe, a terminal that hung up)
/// where `eprintln!` would panic: a message no one can read is no reason to
/// end a run half done with a panic's exit code, and a panic on the thread
/// that reads the signals would leave every later signal unread.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::say(format_args!($($arg)*))
    };
}

mod args;
mod commands;
mod context;
mod error;
mod exit;
mod interrupt;
mod output;
mod picture;
mod progress;
mod report;
mod run;
mod table;
mod verbose;

pub use run::main;
