//! Puzzles and solutions read back from the store into their kinds.

use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium};
use crate::store::Puzzle;

use super::error::ArchiveError;
use super::kinds::{AnyPuzzle, AnySolution};

/// Reads an Aquarium puzzle back from the store.
pub fn stored_aquarium(puzzle: &Puzzle) -> Result<Aquarium, ArchiveError> {
    if puzzle.record.kind != Kind::Aquarium {
        return Err(ArchiveError::NotAquarium { id: puzzle.id, kind: puzzle.record.kind });
    }
    Aquarium::parse_text(&puzzle.record.text).map_err(|e| ArchiveError::StoredText { id: puzzle.id, source: e.into() })
}

/// Reads a stored solution back.
pub fn stored_water(puzzle: &Puzzle) -> Option<Result<aquarium::Water, ArchiveError>> {
    let text = puzzle.solution.as_ref()?.solution.as_ref()?;
    Some(aquarium::Water::parse(text).map_err(|e| ArchiveError::StoredSolution { id: puzzle.id, source: e.into() }))
}

/// Reads a stored puzzle of any kind back.
pub fn stored(puzzle: &Puzzle) -> Result<AnyPuzzle, ArchiveError> {
    AnyPuzzle::from_stored(puzzle.record.kind, &puzzle.record.text, puzzle.record.width, puzzle.record.height)
        .map_err(|source| ArchiveError::StoredText { id: puzzle.id, source })
}

/// Reads a stored puzzle's latest solution back, if it has one.
pub fn stored_solution(puzzle: &Puzzle, read: &AnyPuzzle) -> Option<Result<AnySolution, ArchiveError>> {
    let text = puzzle.solution.as_ref()?.solution.as_ref()?;
    Some(read.read_solution(text).map_err(|source| ArchiveError::StoredSolution { id: puzzle.id, source }))
}
