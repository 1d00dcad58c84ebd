//! The command line as clap sees it: one file per group of subcommands, the
//! options every subcommand takes apart. Only parsing lives here, and the
//! plain values of the library that each option stands for.

mod archive;
mod calendar;
mod cli;
mod fetch;
mod filter;
mod generate;
mod global;
mod grade;
mod kind;
mod remove;
mod shell;
mod show;
mod solve;

pub use archive::{BackupArgs, ExportArgs, ExportFormat, ImportArgs, LIST_COLUMNS, ListArgs, StatsArgs, VerifyArgs};
pub use calendar::{CalendarArgs, CalendarCommand, CalendarReadArgs, CalendarSolver};
pub use cli::{Cli, Command};
pub use fetch::{FetchArgs, LogArgs, ReparseArgs, SitesArgs};
pub use filter::check_time;
pub use generate::{GenerateArgs, OutputFormat, StyleArg};
pub use global::GlobalArgs;
pub use grade::GradeArgs;
pub use remove::RemoveArgs;
pub use shell::{CompletionsArgs, GuideArgs, ManArgs};
pub use show::{ShowArgs, ShowFormat, Shown};
pub use solve::{ResolveArgs, SolveArgs, SudokuSolver};
