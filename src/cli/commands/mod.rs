//! One module per subcommand: each reads its arguments, calls the library,
//! and prints what came of it.

pub mod backup;
pub mod calendar;
pub mod export;
pub mod fetch;
pub mod generate;
pub mod grade;
pub mod import;
pub mod list;
pub mod log;
pub mod remove;
pub mod reparse;
pub mod resolve;
pub mod shell;
pub mod show;
pub mod sites;
pub mod solve;
pub mod stats;
pub mod verify;
