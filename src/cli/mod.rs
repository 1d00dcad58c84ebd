//! Parses the command line, runs one subcommand, maps the outcome to an
//! exit code. One file per subcommand; the work lives in the library.

mod args;
mod calendar;
mod context;
mod exit;
mod export;
mod fetch;
mod generate;
mod generate_sudoku;
mod grade;
mod import;
mod interrupt;
mod list;
mod log;
mod output;
mod picture;
mod progress;
mod reparse;
mod show;
mod solve;
mod solve_calendar;
mod solve_ring;
mod solve_stored;
mod solve_sudoku;
mod stats;
mod table;
mod verbose;
mod verify;

use clap::Parser;

pub use exit::ExitCode;

/// An error shown to the user: its Display is the whole message.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("{0}")]
    Message(String),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error(transparent)]
    Archive(#[from] aquarchive::archive::ArchiveError),
    #[error(transparent)]
    Store(#[from] aquarchive::store::StoreError),
    #[error(transparent)]
    Config(#[from] aquarchive::config::ConfigError),
}

pub fn main() -> i32 {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help and version to stdout and exits 0 for them.
            let code = if err.use_stderr() { ExitCode::Error } else { ExitCode::Ok };
            let _ = err.print();
            return code as i32;
        }
    };
    let global = &cli.global;
    verbose::init(global.verbose);
    let result = match cli.command {
        // Without FILE: the stored puzzles (of --kind, if given).
        args::Command::Solve(args) if args.files.is_empty() => solve_stored::run(args, global),
        args::Command::Solve(args) => solve::run(args),
        args::Command::Generate(args) => generate::run(args),
        args::Command::Grade(args) => grade::run(args),
        args::Command::Calendar(args) => calendar::run(args),
        args::Command::Bench(args) => Err(bench_moved(&args.rest)),
        args::Command::Import(args) => import::run(args, global),
        args::Command::List(args) => list::run(args, global),
        args::Command::Show(args) => show::run(args, global),
        args::Command::Export(args) => export::run(args, global),
        args::Command::Stats(args) => stats::run(args, global),
        args::Command::Verify(args) => verify::run(args, global),
        args::Command::Fetch(args) => fetch::run(args, global),
        args::Command::Reparse(args) => reparse::run(args, global),
        args::Command::Log(args) => log::run(args, global),
    };
    match result {
        Ok(code) => code as i32,
        Err(err) if output::is_broken_pipe(&err) => ExitCode::Ok as i32,
        Err(err) => {
            eprintln!("aquarchive: {err}");
            ExitCode::Error as i32
        }
    }
}

/// `aquarchive bench ...`: the benchmarks read the repository's fixtures, so
/// they are a tool of the source tree now; the message gives its command line.
fn bench_moved(rest: &[String]) -> CliError {
    let named = if rest.is_empty() { "<name>".to_string() } else { rest.join(" ") };
    CliError::Message(format!(
        "the benchmarks moved to a tool of the source tree: run `cargo run --release -p aquarchive-bench -- {named}` in a checkout of aquarchive"
    ))
}
