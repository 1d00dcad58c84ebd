//! Parses the command line, runs one subcommand, maps the outcome to an
//! exit code. One file per subcommand; the work lives in the library.

mod args;
mod backup;
mod calendar;
mod calendar_read;
mod context;
mod error;
mod exit;
mod export;
mod fetch;
mod generate;
mod generate_sudoku;
mod generated;
mod grade;
mod import;
mod interrupt;
mod job;
mod list;
mod log;
mod output;
mod picture;
mod progress;
mod reparse;
mod resolve;
mod show;
mod solve;
mod solve_calendar;
mod solve_ring;
mod solve_sudoku;
mod stats;
mod table;
mod verbose;
mod verify;

pub use error::CliError;
pub use exit::ExitCode;

pub fn main() -> ExitCode {
    let cli = match args::Cli::parse_checked() {
        Ok(cli) => cli,
        Err(err) => {
            // clap prints help and version to stdout and exits 0 for them.
            let code = if err.use_stderr() { ExitCode::Error } else { ExitCode::Ok };
            let _ = err.print();
            return code;
        }
    };
    let global = &cli.global;
    verbose::init(global.verbose);
    // The command line that replaces an old form, said once the work is done.
    let mut renamed = None;
    let result = match cli.command {
        args::Command::Solve(args) => match args.stored() {
            Some(stored) => {
                renamed = Some(stored.command_line(global));
                resolve::run(stored, global)
            }
            None => solve::run(args),
        },
        args::Command::Resolve(args) => resolve::run(args, global),
        args::Command::Generate(args) => generate::run(args),
        args::Command::Grade(args) => grade::run(args),
        args::Command::Calendar(mut args) => match args.read.take() {
            Some(args::CalendarCommand::Read(read)) => calendar_read::run(read, global),
            None => calendar::run(args),
        },
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
        args::Command::Backup(args) => backup::run(args, global),
    };
    interrupt::wait_if_stopping();
    let code = match result {
        Ok(code) => code,
        Err(err) if err.is_broken_pipe() => ExitCode::Ok,
        Err(err) => {
            eprintln!("aquarchive: {}", error::message(&err));
            ExitCode::Error
        }
    };
    if let Some(line) = renamed {
        eprintln!("aquarchive: note: re-solving stored puzzles is now `{line}` (`solve` without FILE still does it)");
    }
    code
}

/// `aquarchive bench ...`: the benchmarks read the repository's fixtures, so
/// they are a tool of the source tree now; the message gives its command line.
fn bench_moved(rest: &[String]) -> CliError {
    let named = if rest.is_empty() { "<name>".to_string() } else { rest.join(" ") };
    CliError::Message(format!(
        "the benchmarks moved to a tool of the source tree: run `cargo run --release -p aquarchive-bench -- {named}` in a checkout of aquarchive"
    ))
}
