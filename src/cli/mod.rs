//! The command line: parses the arguments, runs one subcommand, maps the
//! outcome to an exit code. The subcommands are in `commands`, one module
//! each; the helpers they share (the settings in force, errors, exit codes,
//! output, progress, Ctrl-C, `-v`) sit beside it. The work lives in the
//! library.

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
