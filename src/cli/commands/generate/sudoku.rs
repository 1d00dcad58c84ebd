//! `aquarchive generate --kind sudoku`: new puzzles of a chosen level, each
//! proved unique and minimal, one line each after a comment with its grade.

use aquarchive::kinds::sudoku::{self, GenerateSettings};
use aquarchive::rng::Rng;

use super::chunks::{in_chunks, seed};
use crate::cli::args::GenerateArgs;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;

/// Puzzles made in parallel per chunk (see `chunks::in_chunks`).
const CHUNK: usize = 64;

pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let sudoku = &args.sudoku;
    let Some(difficulty) = sudoku.difficulty else {
        let levels: Vec<_> = sudoku::Level::ALL.map(sudoku::Level::name).into();
        return Err(CliError::Message(format!("give the level with --difficulty {}", levels.join("|"))));
    };
    let settings = GenerateSettings {
        level: difficulty,
        symmetry: sudoku.symmetry.unwrap_or_default().into(),
        minimal: !sudoku.not_minimal,
        attempts: sudoku.attempts.map_or(2000, |a| a as usize),
    };
    let seed = seed(args.seed);
    let mut code = ExitCode::Ok;
    in_chunks(
        args.count,
        CHUNK,
        |i| sudoku::generate(&mut Rng::for_item(seed, i as u64), settings),
        |i, made, out| match made {
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
                eprintln!("aquarchive: puzzle {} of {} (seed {seed}): {err}", i + 1, args.count);
                code = ExitCode::Error;
            }
        },
    )?;
    Ok(code)
}
