//! `aquarchive generate --kind sudoku`: new puzzles of a chosen level, each
//! proved unique and minimal, one line each after a comment with its grade.

use aquarchive::archive::generate::{self, SudokuLevel, SudokuRequest};

use super::chunks::{announce, print_chunks};
use crate::cli::args::GenerateArgs;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;

pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let sudoku = &args.sudoku;
    let Some(difficulty) = sudoku.difficulty else {
        let levels: Vec<_> = SudokuLevel::ALL.map(SudokuLevel::name).into();
        return Err(CliError::Message(format!("give the level with --difficulty {}", levels.join("|"))));
    };
    let request = SudokuRequest {
        level: difficulty,
        symmetry: sudoku.symmetry.unwrap_or_default().into(),
        minimal: !sudoku.not_minimal,
        attempts: sudoku.attempts.map(|a| a as usize),
    };
    let seed = generate::seed(args.seed);
    let generation = generate::sudokus(request, seed, args.count);
    announce(seed);
    let settings = generation.settings;
    let mut code = ExitCode::Ok;
    print_chunks(generation, |i, made, out| match made {
        Ok(g) => {
            out.push_str(&format!(
                "# aquarchive generate --kind sudoku --difficulty {} --symmetry {}{} --seed {seed}: puzzle {} of {}, {} givens, {} ({}), {} attempts\n{}\n",
                settings.level,
                settings.symmetry,
                if settings.minimal { "" } else { " --not-minimal" },
                i + 1,
                args.count,
                g.puzzle.givens(),
                g.grading.level,
                g.grading.summary(),
                g.attempts,
                g.puzzle
            ));
            if args.solutions {
                out.push_str(&format!("# solution: {}\n", g.solution));
            }
        }
        Err(err) => {
            say!("aquarchive: puzzle {} of {} (seed {seed}): {err}", i + 1, args.count);
            code = ExitCode::Error;
        }
    })?;
    Ok(code)
}
