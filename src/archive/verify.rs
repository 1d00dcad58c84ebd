//! Re-checks the database file and its snapshots, every stored solution
//! with the kind's own verifier (code that does not use the engine), and
//! that each puzzle's status agrees with it.

use crate::store::{Filter, Status, Store};

use super::error::ArchiveError;
use super::stored::{self, stored_solution};

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub checked: u64,
    /// `puzzle N: what is wrong`.
    pub mismatches: Vec<String>,
}

/// First the file itself (damage is an error naming it), then each puzzle.
pub fn verify(store: &Store, filter: &Filter) -> Result<Report, ArchiveError> {
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
        Err(e) => return Some(e.to_string()),
    };
    let Some(solution) = &stored.solution else {
        return (stored.record.status != Status::Invalid)
            .then(|| format!("status {} but no solution stored", stored.record.status));
    };
    let agrees = match stored.record.status {
        Status::Ok => solution.found == 1,
        Status::Unsolvable => solution.found == 0,
        // Searching for two proves "several"; calendars and rings store their whole count.
        Status::Several => solution.found >= 2,
        Status::Invalid => return Some("status invalid but a solution is stored".into()),
    };
    if !agrees {
        return Some(format!("status {} but the solver found {}", stored.record.status, solution.found));
    }
    match stored_solution(stored, &puzzle) {
        None if solution.found > 0 => Some("the solver found a solution but none is stored".into()),
        None => None,
        Some(Err(e)) => Some(e.to_string()),
        Some(Ok(found)) => puzzle.verify(&found).err().map(|e| e.to_string()),
    }
}
