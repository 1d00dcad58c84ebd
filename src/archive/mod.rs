//! The work behind the archive commands, callable without the command line
//! (like cargo's `ops`): puzzles go parse -> validate -> solve -> store, and
//! come back out for showing, exporting, re-solving and verifying.

pub mod export;
pub mod fetch;
pub mod grade;
pub mod html;
pub mod import;
pub mod kinds;
pub mod picture;
pub mod reading;
#[cfg(feature = "http")]
pub mod robots;
pub mod site_names;
pub mod solve;
pub mod stats;
pub mod verify;

use thiserror::Error;

use crate::engine::Settings;
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, AquariumError};
use crate::store::{Solution, Status, StoreError};

use kinds::PuzzleError;

/// Stored with every solution, so that a better solver can redo old work.
pub const SOLVER_VERSION: &str = concat!("aquarchive ", env!("CARGO_PKG_VERSION"));

#[derive(Debug, Error)]
pub enum ArchiveError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{0}")]
    Input(String),
    /// A puzzle the solver failed on (a bug, not bad input); `place` is
    /// where it came from (a file and line, a URL, `puzzle 7`).
    #[error("{place}: {source}")]
    Solve { place: String, source: PuzzleError },
    /// A stored puzzle's text that does not read as its kind.
    #[error("puzzle {id}: stored text: {source}")]
    StoredText { id: i64, source: PuzzleError },
    /// A stored solution that does not read, or does not fit its puzzle.
    #[error("puzzle {id}: stored solution: {source}")]
    StoredSolution { id: i64, source: PuzzleError },
    #[error("puzzle {id}: a {kind} puzzle, not an Aquarium")]
    NotAquarium { id: i64, kind: Kind },
}

/// What validating and solving found.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub status: Status,
    /// Why an invalid puzzle is invalid.
    pub note: Option<String>,
    /// None for an invalid puzzle.
    pub solution: Option<Solution>,
}

/// Validates and solves (searching for two solutions, which proves
/// uniqueness). An invalid puzzle is a verdict, not an error.
pub fn assess(puzzle: &Aquarium, settings: Settings) -> Result<Verdict, AquariumError> {
    if let Err(why) = puzzle.validate() {
        return Ok(Verdict { status: Status::Invalid, note: Some(why.to_string()), solution: None });
    }
    let report = aquarium::solve(puzzle, 2, settings)?;
    let status = match report.solutions.len() {
        0 => Status::Unsolvable,
        1 if report.stats.exhausted => Status::Ok,
        _ => Status::Several,
    };
    let solution = Solution {
        solver_version: SOLVER_VERSION.into(),
        solution: report.solutions.first().map(|w| w.to_rows().join("\n")),
        found: report.solutions.len() as u32,
        nodes: report.stats.nodes,
        micros: report.stats.elapsed.as_micros() as u64,
        grade: (status == Status::Ok).then(|| grade::aquarium(puzzle, &report.solutions[0])),
    };
    Ok(Verdict { status, note: None, solution: Some(solution) })
}

/// Reads an Aquarium puzzle back from the store.
pub fn stored_aquarium(puzzle: &crate::store::Puzzle) -> Result<Aquarium, ArchiveError> {
    if puzzle.record.kind != Kind::Aquarium {
        return Err(ArchiveError::NotAquarium { id: puzzle.id, kind: puzzle.record.kind });
    }
    Aquarium::parse_text(&puzzle.record.text).map_err(|e| ArchiveError::StoredText { id: puzzle.id, source: e.into() })
}

/// Reads a stored solution back.
pub fn stored_water(puzzle: &crate::store::Puzzle) -> Option<Result<aquarium::Water, ArchiveError>> {
    let text = puzzle.solution.as_ref()?.solution.as_ref()?;
    Some(aquarium::Water::parse(text).map_err(|e| ArchiveError::StoredSolution { id: puzzle.id, source: e.into() }))
}

/// Reads a stored puzzle of any kind back.
pub fn stored(puzzle: &crate::store::Puzzle) -> Result<kinds::AnyPuzzle, ArchiveError> {
    kinds::AnyPuzzle::from_stored(puzzle.record.kind, &puzzle.record.text)
        .map_err(|source| ArchiveError::StoredText { id: puzzle.id, source })
}

/// Reads a stored puzzle's latest solution back, if it has one.
pub fn stored_solution(
    puzzle: &crate::store::Puzzle,
    read: &kinds::AnyPuzzle,
) -> Option<Result<kinds::AnySolution, ArchiveError>> {
    let text = puzzle.solution.as_ref()?.solution.as_ref()?;
    Some(read.read_solution(text).map_err(|source| ArchiveError::StoredSolution { id: puzzle.id, source }))
}
