//! New puzzles (`aquarchive generate`): Aquarium puzzles of a size and
//! style, Sudoku puzzles of a level, each with one solution. Puzzle `i` of
//! a run is made from its seed's `i`-th stream, so the same seed gives the
//! same puzzles whatever the threads do; they are made in parallel, a chunk
//! at a time, each chunk when it is asked for, so that a caller writes one
//! out before the next is begun and memory stays flat.

use rayon::prelude::*;
use thiserror::Error;

use crate::kinds::{aquarium, sudoku};
use crate::rng::Rng;

/// What `generate`'s arguments name: the kind, Aquarium's styles, and
/// Sudoku's levels and symmetries.
pub use crate::kinds::Kind;
pub use crate::kinds::aquarium::Style;
pub use crate::kinds::sudoku::{Level as SudokuLevel, Symmetry};

/// Aquarium puzzles made in parallel per chunk.
const AQUARIUM_CHUNK: usize = 256;
/// Sudoku puzzles made in parallel per chunk (each takes longer).
const SUDOKU_CHUNK: usize = 64;

/// Full grids a Sudoku is tried on, unless asked otherwise.
pub const SUDOKU_ATTEMPTS: usize = 2000;

/// The seed asked for, or one from the clock (said back to the user, so
/// that any run can be made again).
pub fn seed(asked: Option<u64>) -> u64 {
    asked.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    })
}

/// The Aquarium puzzles asked for: a square grid's side, how uniqueness is
/// reached, and the tanks of the first map (the style's own number when
/// none is given).
#[derive(Clone, Copy, Debug)]
pub struct AquariumRequest {
    pub side: usize,
    pub style: Style,
    pub tanks: Option<usize>,
}

/// More tanks asked for than a grid has cells, or none.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{tanks} tanks asked for: a {side}x{side} grid takes from 1 to {most}", most = side * side)]
pub struct TanksOutOfRange {
    pub tanks: usize,
    pub side: usize,
}

/// `count` Aquarium puzzles from `seed`, each with its one solution.
pub fn aquariums(
    request: AquariumRequest,
    seed: u64,
    count: usize,
) -> Result<Generation<'static, aquarium::GenerateSettings, aquarium::Generated>, TanksOutOfRange> {
    let n = request.side;
    let mut settings = match request.style {
        Style::Mended => aquarium::GenerateSettings::square(n),
        Style::Random => aquarium::GenerateSettings::random(n),
        Style::Grown => aquarium::GenerateSettings::grown(n),
    };
    if let Some(tanks) = request.tanks {
        if tanks == 0 || tanks > n * n {
            return Err(TanksOutOfRange { tanks, side: n });
        }
        settings.tanks = tanks;
    }
    Ok(Generation::new(settings, seed, count, AQUARIUM_CHUNK, aquarium::generate))
}

/// The Sudoku puzzles asked for: the level they must grade at, the
/// symmetry of their givens, whether every given must be needed, and the
/// full grids tried for each before giving up on the level
/// ([`SUDOKU_ATTEMPTS`] when none is given).
#[derive(Clone, Copy, Debug)]
pub struct SudokuRequest {
    pub level: SudokuLevel,
    pub symmetry: Symmetry,
    pub minimal: bool,
    pub attempts: Option<usize>,
}

/// `count` Sudoku puzzles from `seed`, each proved unique and graded at the
/// level asked for, or what was made instead when no grid tried reached it.
pub fn sudokus(
    request: SudokuRequest,
    seed: u64,
    count: usize,
) -> Generation<'static, sudoku::GenerateSettings, Result<sudoku::Generated, sudoku::LevelNotReached>> {
    let settings = sudoku::GenerateSettings {
        level: request.level,
        symmetry: request.symmetry,
        minimal: request.minimal,
        attempts: request.attempts.unwrap_or(SUDOKU_ATTEMPTS),
    };
    Generation::new(settings, seed, count, SUDOKU_CHUNK, sudoku::generate)
}

/// A run of generated puzzles: an iterator over its chunks, each a list of
/// puzzles with their numbers in the run (from 0), in order. A chunk is
/// made, in parallel, when it is asked for.
pub struct Generation<'a, S, T> {
    /// The settings every puzzle is made with (the request's, defaults
    /// filled in).
    pub settings: S,
    pub seed: u64,
    pub count: usize,
    make: fn(&mut Rng, S) -> T,
    chunk: usize,
    next: usize,
    tick: Option<&'a (dyn Fn() + Sync)>,
}

impl<S, T> Generation<'static, S, T> {
    fn new(settings: S, seed: u64, count: usize, chunk: usize, make: fn(&mut Rng, S) -> T) -> Self {
        Generation { settings, seed, count, make, chunk, next: 0, tick: None }
    }
}

impl<S, T> Generation<'_, S, T> {
    /// The same run, calling `tick` as each puzzle is made (on the thread
    /// that made it): for a progress bar.
    pub fn ticking<'b>(self, tick: &'b (dyn Fn() + Sync)) -> Generation<'b, S, T> {
        let Generation { settings, seed, count, make, chunk, next, tick: _ } = self;
        Generation { settings, seed, count, make, chunk, next, tick: Some(tick) }
    }
}

impl<S: Copy + Sync, T: Send> Iterator for Generation<'_, S, T> {
    type Item = Vec<(usize, T)>;

    fn next(&mut self) -> Option<Vec<(usize, T)>> {
        let (start, end) = (self.next, (self.next + self.chunk).min(self.count));
        if start >= end {
            return None;
        }
        self.next = end;
        let (settings, seed, make, tick) = (self.settings, self.seed, self.make, self.tick);
        let made = (start..end)
            .into_par_iter()
            .map(|i| {
                let made = make(&mut Rng::for_item(seed, i as u64), settings);
                if let Some(tick) = tick {
                    tick();
                }
                (i, made)
            })
            .collect();
        Some(made)
    }
}

#[cfg(test)]
mod tests;
