//! Parses the command line, runs one subcommand, maps the outcome to an
//! exit code. One file per subcommand; the work lives in the library.

mod args;
mod bench_aquarium;
mod bench_calendar;
mod bench_export;
mod bench_import;
mod bench_ring;
mod bench_sudoku;
mod calendar;
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
mod job;
mod list;
mod log;
mod output;
mod picture;
mod progress;
mod reparse;
mod resolve;
mod searches;
mod show;
mod solve;
mod solve_calendar;
mod solve_ring;
mod solve_sudoku;
mod stats;
mod table;
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
        args::Command::Calendar(args) => calendar::run(args),
        args::Command::Bench(args::BenchCommand::Aquarium(args)) => bench_aquarium::run(args),
        args::Command::Bench(args::BenchCommand::Sudoku(args)) => bench_sudoku::run(args),
        args::Command::Bench(args::BenchCommand::Calendar(args)) => bench_calendar::run(args),
        args::Command::Bench(args::BenchCommand::Ring(args)) => bench_ring::run(args),
        args::Command::Bench(args::BenchCommand::Import(args)) => bench_import::run(args),
        args::Command::Bench(args::BenchCommand::Export(args)) => bench_export::run(args),
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
