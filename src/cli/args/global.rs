//! The options every subcommand takes.

use std::path::PathBuf;

use clap::Args;

/// Flags every subcommand takes.
#[derive(Args, Debug, Clone)]
pub struct GlobalArgs {
    /// Settings file [default: config.toml in the working directory, if there is one]
    #[arg(long, global = true, value_name = "PATH", help_heading = "Global options")]
    pub config: Option<PathBuf>,
    /// The archive database [default: $AQUARCHIVE_DB, else config.toml's archive.database, else
    /// archive/aquarchive.sqlite]
    #[arg(long, global = true, value_name = "PATH", help_heading = "Global options")]
    pub db: Option<PathBuf>,
    /// Say on standard error what is done on the way (each fetch, retry and wait); -vv says more.
    /// RUST_LOG, when set, chooses instead
    #[arg(short, long, global = true, action = clap::ArgAction::Count, help_heading = "Global options")]
    pub verbose: u8,
}
