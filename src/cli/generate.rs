//! `aquarchive generate`: new Aquarium puzzles with one solution each
//! (Sudoku: see generate_sudoku.rs).

use rayon::prelude::*;

use aquarchive::kinds::aquarium::{self, GenerateSettings};
use aquarchive::rng::Rng;

use super::args::{GenerateArgs, GenerateKind, OutputFormat, SymmetryArg};
use super::output::print;
use super::progress::Progress;
use super::{CliError, ExitCode};

/// Puzzles made in parallel per chunk (see `in_chunks`).
const CHUNK: usize = 256;

pub fn run(args: GenerateArgs) -> Result<ExitCode, CliError> {
    if args.kind == GenerateKind::Sudoku {
        return super::generate_sudoku::run(&args);
    }
    if args.difficulty.is_some() || args.not_minimal || args.symmetry != SymmetryArg::None {
        return Err(CliError::Message("--difficulty, --symmetry and --not-minimal are for --kind sudoku".into()));
    }
    let Some(size) = args.size else {
        return Err(CliError::Message("give the grid side with --size N".into()));
    };
    let n = usize::from(size);
    let mut settings = GenerateSettings::square(n);
    if let Some(tanks) = args.tanks {
        if tanks == 0 || tanks > n * n {
            return Err(CliError::Message(format!("--tanks must be from 1 to {} for a {n}x{n} grid", n * n)));
        }
        settings.tanks = tanks;
    }
    if args.solutions && args.format != OutputFormat::Text {
        return Err(CliError::Message("--solutions goes with --format text".into()));
    }
    let seed = seed(&args);
    in_chunks(
        args.count,
        CHUNK,
        |i| aquarium::generate(&mut Rng::for_item(seed, i as u64), settings),
        |i, g, out| match args.format {
            OutputFormat::Task => out.push_str(&format!("{}\n", g.puzzle.to_task())),
            OutputFormat::Text => {
                if i > 0 {
                    out.push('\n');
                }
                out.push_str(&format!(
                    "# aquarchive generate --size {n} --tanks {} --seed {seed}: puzzle {} of {}, {} tanks\n{}",
                    settings.tanks,
                    i + 1,
                    args.count,
                    g.puzzle.tank_count(),
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

/// Makes puzzles `0..count` in parallel, `chunk` at a time, with a progress
/// bar, and prints each chunk (what `write` adds to its text, in order)
/// before the next starts, so output streams and memory stays flat.
pub(super) fn in_chunks<T: Send>(
    count: usize,
    chunk: usize,
    make: impl Fn(usize) -> T + Sync,
    mut write: impl FnMut(usize, T, &mut String),
) -> Result<(), CliError> {
    let progress = Progress::new(count as u64, "generating");
    for start in (0..count).step_by(chunk) {
        let end = (start + chunk).min(count);
        let made: Vec<T> = (start..end)
            .into_par_iter()
            .map(|i| {
                let made = make(i);
                progress.inc();
                made
            })
            .collect();
        let mut out = String::new();
        for (i, made) in (start..end).zip(made) {
            write(i, made, &mut out);
        }
        print(&out)?;
    }
    progress.finish();
    Ok(())
}

/// The seed asked for, or one from the clock; said on stderr (stdout is
/// the puzzles) so that any run can be made again, task strings too.
pub(super) fn seed(args: &GenerateArgs) -> u64 {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    eprintln!("aquarchive: seed {seed} (--seed {seed} makes the same puzzles again)");
    seed
}
