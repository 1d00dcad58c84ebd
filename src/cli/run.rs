//! `aquarchive`'s main: parses the command line, runs the subcommand it
//! names, and maps the outcome to an exit code.

use aquarchive::archive::Kind;

use super::args::{self, CalendarCommand, Command};
use super::commands::{
    backup, calendar, export, fetch, generate, grade, import, list, log, remove, reparse, resolve, shell, show, sites,
    solve, stats, verify,
};
use super::error;
use super::exit::ExitCode;
use super::{interrupt, verbose};

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
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Resolve(args) => resolve::run(args, global),
        Command::Generate(args) if args.kind == Some(Kind::Sudoku) => generate::sudoku(&args),
        Command::Generate(args) => generate::aquarium(&args),
        Command::Grade(args) => grade::run(args),
        Command::Calendar(mut args) => match args.read.take() {
            Some(CalendarCommand::Read(read)) => calendar::read(read, global),
            None => calendar::run(args),
        },
        Command::Import(args) => import::run(args, global),
        Command::List(args) => list::run(args, global),
        Command::Show(args) => show::run(args, global),
        Command::Export(args) => export::run(args, global),
        Command::Stats(args) => stats::run(args, global),
        Command::Verify(args) => verify::run(args, global),
        Command::Remove(args) => remove::run(args, global),
        Command::Fetch(args) => fetch::run(args, global),
        Command::Reparse(args) => reparse::run(args, global),
        Command::Log(args) => log::run(args, global),
        Command::Sites(args) => sites::run(args, global),
        Command::Backup(args) => backup::run(args, global),
        Command::Completions(args) => shell::completions(&args),
        Command::Man(args) => shell::man(&args),
        Command::Guide(args) => shell::guide(&args),
    };
    interrupt::wait_if_stopping();
    match result {
        Ok(code) => code,
        Err(err) if err.is_broken_pipe() => ExitCode::Ok,
        Err(err) => {
            say!("aquarchive: {}", error::message(&err));
            ExitCode::Error
        }
    }
}
