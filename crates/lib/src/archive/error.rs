//! The error of the archive's operations.

use thiserror::Error;

use crate::kinds::Kind;
use crate::store::StoreError;

use super::kinds::PuzzleError;

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
