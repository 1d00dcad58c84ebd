//! What both generators of `aquarchive generate` share: the seed said, and
//! each chunk of puzzles printed as it is made, with a progress bar.

use aquarchive::archive::generate::Generation;

use crate::cli::error::CliError;
use crate::cli::output::print;
use crate::cli::progress::Progress;

/// Says the seed on stderr (stdout is
/// the puzzles) so that any run can be made again, task strings too.
pub fn announce(seed: u64) {
    say!("aquarchive: seed {seed} (--seed {seed} makes the same puzzles again)");
}

/// Prints each chunk of `generation` (what `write` adds to its text for
/// each puzzle, in order, with its number in the run) before the next is
/// made, so output streams.
pub fn print_chunks<S: Copy + Sync, T: Send>(
    generation: Generation<'_, S, T>,
    mut write: impl FnMut(usize, T, &mut String),
) -> Result<(), CliError> {
    let progress = Progress::new(generation.count as u64, "generating");
    let tick = || progress.inc();
    for chunk in generation.ticking(&tick) {
        let mut out = String::new();
        for (i, made) in chunk {
            write(i, made, &mut out);
        }
        print(&out)?;
    }
    progress.finish();
    Ok(())
}
