//! What both generators of `aquarchive generate` share: the seed, and
//! puzzles made in parallel and printed a chunk at a time.

use rayon::prelude::*;

use crate::cli::error::CliError;
use crate::cli::output::print;
use crate::cli::progress::Progress;

/// Makes puzzles `0..count` in parallel, `chunk` at a time, with a progress
/// bar, and prints each chunk (what `write` adds to its text, in order)
/// before the next starts, so output streams and memory stays flat.
pub fn in_chunks<T: Send>(
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
pub fn seed(asked: Option<u64>) -> u64 {
    let seed = asked.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    eprintln!("aquarchive: seed {seed} (--seed {seed} makes the same puzzles again)");
    seed
}
