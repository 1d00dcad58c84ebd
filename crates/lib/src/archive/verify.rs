//! Re-checks the database file and its snapshots, every stored solution
//! with the kind's own verifier (code that does not use the engine), and
//! that each puzzle's status agrees with it.

use super::Archive;
use crate::store::{Filter, Status};

use super::error::ArchiveError;
use super::kinds::AnyPuzzle;
use super::stored;

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub checked: u64,
    /// `puzzle N: what is wrong`.
    pub mismatches: Vec<String>,
}

/// First the file itself (damage is an error naming it), then each puzzle.
pub fn verify(archive: &Archive, filter: &Filter) -> Result<Report, ArchiveError> {
    let store = archive.store();
    store.check_integrity()?;
    let mut report = Report::default();
    store.each(filter, |stored| {
        report.checked += 1;
        if let Some(why) = check(&stored) {
            report.mismatches.push(format!("puzzle {}: {why}", stored.id));
        }
        Ok::<_, ArchiveError>(())
    })?;
    Ok(report)
}

/// What is wrong with one stored puzzle, if anything.
fn check(stored: &crate::store::Puzzle) -> Option<String> {
    let puzzle = match stored::stored(stored) {
        Ok(p) => p,
        Err(_) if kept_as_given(stored.record.status) && stored.solution.is_none() => return None,
        Err(e) => return Some(e.to_string()),
    };
    fault(&puzzle, stored.record.status, stored.solution.as_ref().map(|s| (s.found, s.solution.as_deref())))
}

/// Whether a puzzle of this status, without a solution, may hold a text this
/// version cannot read: one kept as the site gave it, for a solver to come
/// (`no-solver`) or flagged (`invalid`); an archive of another version may
/// read its kind's tasks otherwise.
pub(super) fn kept_as_given(status: Status) -> bool {
    matches!(status, Status::NoSolver | Status::Invalid)
}

/// What is wrong with a puzzle's verdict and its latest solution (how many
/// the solver found, the first one's text), if anything: the status must
/// agree with the count, and the solution must hold by the kind's verifier.
/// Also the check of records from outside the archive (`restore`).
pub(super) fn fault(puzzle: &AnyPuzzle, status: Status, latest: Option<(u32, Option<&str>)>) -> Option<String> {
    let Some((found, text)) = latest else {
        return (!matches!(status, Status::Invalid | Status::NoSolver))
            .then(|| format!("status {status} but no solution stored"));
    };
    let agrees = match status {
        Status::Ok => found == 1,
        Status::Unsolvable => found == 0,
        // Searching for two proves "several"; calendars and rings store their whole count.
        Status::Several => found >= 2,
        Status::Invalid | Status::NoSolver => return Some(format!("status {status} but a solution is stored")),
    };
    if !agrees {
        return Some(format!("status {status} but the solver found {found}"));
    }
    match text {
        None if found > 0 => Some("the solver found a solution but none is stored".into()),
        None => None,
        Some(text) => solution_fault(puzzle, text),
    }
}

/// What is wrong with a solution's text for `puzzle`, if anything: it does
/// not read as the kind's solution, or it breaks the puzzle's rules.
pub(super) fn solution_fault(puzzle: &AnyPuzzle, text: &str) -> Option<String> {
    match puzzle.read_solution(text) {
        Err(e) => Some(format!("stored solution: {e}")),
        Ok(found) => puzzle.verify(&found).err().map(|e| e.to_string()),
    }
}
