//! `aquarchive generate`: new Aquarium puzzles with one solution each
//! (Sudoku: see sudoku.rs).

use aquarchive::kinds::aquarium::{self, GenerateSettings};
use aquarchive::rng::Rng;

use super::chunks::{in_chunks, seed};
use crate::cli::args::{GenerateArgs, OutputFormat, StyleArg};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;

/// Puzzles made in parallel per chunk (see `in_chunks`).
const CHUNK: usize = 256;

pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let Some(size) = args.aquarium.size else {
        return Err(CliError::Message("give the grid side with --size N".into()));
    };
    let n = usize::from(size);
    let mut settings = match args.aquarium.style.unwrap_or(StyleArg::Mended) {
        StyleArg::Mended => GenerateSettings::square(n),
        StyleArg::Random => GenerateSettings::random(n),
        StyleArg::Grown => GenerateSettings::grown(n),
    };
    if let Some(tanks) = args.aquarium.tanks {
        if tanks == 0 || tanks > n * n {
            return Err(CliError::Message(format!("--tanks must be from 1 to {} for a {n}x{n} grid", n * n)));
        }
        settings.tanks = tanks;
    }
    let format = args.aquarium.format.unwrap_or(OutputFormat::Text);
    let seed = seed(args.seed);
    in_chunks(
        args.count,
        CHUNK,
        |i| aquarium::generate(&mut Rng::for_item(seed, i as u64), settings),
        |i, g, out| match format {
            OutputFormat::Task => out.push_str(&format!("{}\n", g.puzzle.to_task())),
            OutputFormat::Text => {
                if i > 0 {
                    out.push('\n');
                }
                // The maps cut say what a puzzle cost: a random map is
                // thrown away whenever its water is not the only solution.
                let maps = if g.attempts == 1 { "map" } else { "maps" };
                out.push_str(&format!(
                    "# aquarchive generate --size {n} --style {} --tanks {} --seed {seed}: puzzle {} of {}, {} tanks, {} {maps} cut\n{}",
                    settings.style.name(),
                    settings.tanks,
                    i + 1,
                    args.count,
                    g.puzzle.tank_count(),
                    g.attempts,
                    g.puzzle
                ));
                if args.solutions {
                    for row in g.solution.to_rows() {
                        out.push_str(&format!("# {row}\n"));
                    }
                }
            }
        },
    )?;
    Ok(ExitCode::Ok)
}
