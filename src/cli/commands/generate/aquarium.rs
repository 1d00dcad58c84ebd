//! `aquarchive generate`: new Aquarium puzzles with one solution each
//! (Sudoku: see sudoku.rs).

use aquarchive::archive::generate::{self, AquariumRequest};

use super::chunks::{announce, print_chunks};
use crate::cli::args::{GenerateArgs, OutputFormat, StyleArg};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;

pub fn run(args: &GenerateArgs) -> Result<ExitCode, CliError> {
    let Some(size) = args.aquarium.size else {
        return Err(CliError::Message("give the grid side with --size N".into()));
    };
    let n = usize::from(size);
    let request = AquariumRequest {
        side: n,
        style: args.aquarium.style.unwrap_or(StyleArg::Mended).into(),
        tanks: args.aquarium.tanks,
    };
    let seed = generate::seed(args.seed);
    let generation = generate::aquariums(request, seed, args.count).map_err(|err| {
        CliError::Message(format!("--tanks must be from 1 to {} for a {n}x{n} grid", err.side * err.side))
    })?;
    announce(seed);
    let settings = generation.settings;
    let format = args.aquarium.format.unwrap_or(OutputFormat::Text);
    print_chunks(generation, |i, g, out| match format {
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
    })?;
    Ok(ExitCode::Ok)
}
