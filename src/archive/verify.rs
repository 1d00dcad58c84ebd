//! Re-checks the database file and its snapshots, every stored solution
//! with the kind's own verifier (code that does not use the engine), and
//! that each puzzle's status agrees with it.

use crate::kinds::aquarium;
use crate::store::{Filter, Status, Store};

use super::{AQUARIUM, ArchiveError, stored_aquarium, stored_water};

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub checked: u64,
    /// Puzzles of kinds this binary cannot verify.
    pub skipped: u64,
    /// `puzzle N: what is wrong`.
    pub mismatches: Vec<String>,
}

/// First the file itself (damage is an error naming it), then each puzzle.
pub fn verify(store: &Store, filter: &Filter) -> Result<Report, ArchiveError> {
    store.check_integrity()?;
    let mut report = Report::default();
    store.each(filter, |stored| {
        if stored.record.kind != AQUARIUM {
            report.skipped += 1;
            return Ok(());
        }
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
    let puzzle = match stored_aquarium(stored) {
        Ok(p) => p,
        Err(e) => return Some(e.to_string()),
    };
    let Some(solution) = &stored.solution else {
        return (stored.record.status != Status::Invalid)
            .then(|| format!("status {} but no solution stored", stored.record.status));
    };
    let expected = match stored.record.status {
        Status::Ok => 1,
        Status::Unsolvable => 0,
        Status::Several => 2,
        Status::Invalid => return Some("status invalid but a solution is stored".into()),
    };
    if solution.found != expected {
        return Some(format!("status {} but the solver found {}", stored.record.status, solution.found));
    }
    match stored_water(stored) {
        None if expected > 0 => Some("the solver found a solution but none is stored".into()),
        None => None,
        Some(Err(e)) => Some(e.to_string()),
        Some(Ok(water)) => {
            aquarium::verify(&puzzle, &water).err().map(|v| format!("the stored solution breaks the rules: {v}"))
        }
    }
}
