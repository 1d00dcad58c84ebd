//! `aquarchive solve`: read puzzles, solve them, prove uniqueness, print.

use aquarchive::archive::import::Format;
use aquarchive::archive::solving::{self, Learning, Mode, Options, Settings, SudokuMethod};

use super::job::{At, Job};
use super::print::print_found;
use crate::cli::args::{SolveArgs, SudokuSolver};
use crate::cli::error::{self, CliError};
use crate::cli::exit::ExitCode;
use crate::cli::output::read_input;
use crate::cli::picture::Pictures;
use crate::cli::report::report_error;

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let mode = if args.count {
        Mode::Count
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let mut engine = Settings::with_probing(args.probing.into());
    if args.learn {
        engine.learning = Learning::Always;
    }
    let sudoku = match args.solver.unwrap_or_default() {
        SudokuSolver::Bitboard => SudokuMethod::Bitboard,
        SudokuSolver::Engine => SudokuMethod::Engine(engine),
    };
    // The kind as `import` finds it, unless --kind or --format says.
    let format = args.format.map_or(Format::Auto, Format::from);
    let options = Options { kind: args.kind, format, limit: args.limit, mode, engine, sudoku };
    let job = Job { options, json: args.json, pictures, out: Default::default() };
    let solved = solve_files(&job, &args.files);
    job.flush().and(solved)
}

fn solve_files(job: &Job, files: &[String]) -> Result<ExitCode, CliError> {
    let mut drawn = 0;
    let mut code = ExitCode::Ok;
    for file in files {
        let text = match read_input(file) {
            Ok(text) => text,
            Err(err) => {
                job.flush()?;
                report_error(job.json, file, None, &error::message(&err))?;
                code = ExitCode::Error;
                continue;
            }
        };
        let mut solving = solving::solve_text(&text, &job.options);
        let several = solving.len() > 1;
        let numbered = several || files.len() > 1;
        for solved in solving.by_ref() {
            drawn += 1;
            let at = At { file, line: solved.line, named_by_line: several, number: numbered.then_some(drawn) };
            let outcome = match &solved.found {
                Ok(found) => print_found(job, &at, found)?,
                Err(err) => job.fault(&at, err)?,
            };
            code = code.worst(outcome);
        }
        if let Some((line, unreadable)) = solving.unreadable() {
            // Named as `import` names it: the file and the first bad line.
            job.flush()?;
            report_error(job.json, file, Some(*line), &format!("{file}:{line}: {}", unreadable.why))?;
            code = ExitCode::Error;
        }
    }
    Ok(code)
}
