//! Judging a puzzle: valid, and with how many solutions, and the solution
//! with the solver version that found it, as the store keeps it.

use crate::engine::Settings;
use crate::kinds::aquarium::{self, Aquarium, AquariumError};
use crate::store::{Solution, Status};

use super::grade;

/// Stored with every solution, so that a better solver can redo old work.
pub const SOLVER_VERSION: &str = concat!("aquarchive ", env!("CARGO_PKG_VERSION"));

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
