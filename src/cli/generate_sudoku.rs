//! `aquarchive generate --kind sudoku`: new puzzles of a chosen level, each
//! proved unique and minimal, one line each after a comment with its grade.

use aquarchive::kinds::sudoku::{self, GenerateSettings, Level, Symmetry};
use aquarchive::rng::Rng;

use super::args::{GenerateArgs, LevelArg, SymmetryArg};
use super::error::CliError;
use super::exit::ExitCode;
use super::generated::{in_chunks, seed};

/// Puzzles made in parallel per chunk (see `generated::in_chunks`).
const CHUNK: usize = 64;

fn level(arg: LevelArg) -> Level {
    match arg {
        LevelArg::Easy => Level::Easy,
        LevelArg::Medium => Level::Medium,
        LevelArg::Hard => Level::Hard,
        LevelArg::Expert => Level::Expert,
        LevelArg::Guess => Level::Guess,
    }
}

fn symmetry(arg: SymmetryArg) -> Symmetry {
    match arg {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rot180 => Symmetry::Rot180,
        SymmetryArg::Rot90 => Symmetry::Rot90,
        SymmetryArg::Mirror => Symmetry::Mirror,
    }
}

pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let sudoku = &args.sudoku;
    let Some(difficulty) = sudoku.difficulty else {
        return Err(CliError::Message("give the level with --difficulty easy|medium|hard|expert|guess".into()));
    };
    let settings = GenerateSettings {
        level: level(difficulty),
        symmetry: symmetry(sudoku.symmetry.unwrap_or_default()),
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
