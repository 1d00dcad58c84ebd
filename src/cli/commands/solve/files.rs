//! `aquarchive solve`: read puzzles, solve them, prove uniqueness, print.

use aquarchive::archive::import::{self, Format};
use aquarchive::archive::kinds::AnyPuzzle;
use aquarchive::engine::{Learning, Settings};
use aquarchive::kinds::sudoku;

use super::job::{At, Job, Mode};
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
        SudokuSolver::Bitboard => sudoku::Method::Bitboard,
        SudokuSolver::Engine => sudoku::Method::Engine(engine),
    };
    let job =
        Job { limit: args.limit, mode, json: args.json, settings: engine, sudoku, pictures, out: Default::default() };
    let solved = solve_files(&job, &args);
    job.flush().and(solved)
}

fn solve_files(job: &Job, args: &SolveArgs) -> Result<ExitCode, CliError> {
    let format = args.format.map_or(Format::Auto, Format::from);
    let mut drawn = 0;
    let mut code = ExitCode::Ok;
    for file in &args.files {
        let text = match read_input(file) {
            Ok(text) => text,
            Err(err) => {
                job.flush()?;
                report_error(job.json, file, None, &error::message(&err))?;
                code = ExitCode::Error;
                continue;
            }
        };
        // The kind as `import` finds it, unless --kind or --format says.
        let parsed = import::parse_any(&text, format, args.kind);
        let several = parsed.puzzles.len() > 1;
        let numbered = several || args.files.len() > 1;
        for (line, puzzle) in &parsed.puzzles {
            drawn += 1;
            let at = At { file, line: *line, named_by_line: several, number: numbered.then_some(drawn) };
            let outcome = match puzzle {
                AnyPuzzle::Aquarium(p) => super::aquarium::solve(job, &at, p)?,
                AnyPuzzle::Sudoku(g) => super::sudoku::solve(job, &at, g)?,
                AnyPuzzle::Calendar { variant, date } => super::calendar::solve(job, &at, variant, date)?,
                AnyPuzzle::Ring(r) => super::ring::solve(job, &at, r)?,
            };
            code = code.worst(outcome);
        }
        if let Some((line, unreadable)) = &parsed.unreadable {
            // Named as `import` names it: the file and the first bad line.
            job.flush()?;
            report_error(job.json, file, Some(*line), &format!("{file}:{line}: {}", unreadable.why))?;
            code = ExitCode::Error;
        }
    }
    Ok(code)
}
