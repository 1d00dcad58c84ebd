//! Judging a puzzle: valid, and with how many solutions, and the solution
//! with the solver version that found it, as the store keeps it.

use std::fmt;

use crate::engine::Settings;
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, AquariumError};
use crate::store::{Solution, Status};

use super::grade;

/// Stored with every solution, so that a better solver can redo old work.
pub const SOLVER_VERSION: &str = concat!("aquarchive ", env!("CARGO_PKG_VERSION"));

/// What every count of puzzles says of several solutions where the kind
/// has them as a rule (calendar dates, ring instances): no fault.
pub const AS_THEIR_KIND_HAS: &str = "as their kind has";

/// A status as a count of puzzles tells it: several solutions of a kind
/// that has them as a rule are counted apart from several where one is
/// expected, which is a fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tally {
    Status(Status),
    SeveralAsTheirKindHas,
}

impl Tally {
    pub fn of(kind: Kind, status: Status) -> Tally {
        if status == Status::Several && !kind.expects_unique() {
            Tally::SeveralAsTheirKindHas
        } else {
            Tally::Status(status)
        }
    }

    /// Whether puzzles counted here lack what their kind must have.
    pub fn is_fault(self) -> bool {
        self != Tally::Status(Status::Ok) && self != Tally::SeveralAsTheirKindHas
    }
}

/// `ok`, `several`, ..., and `several, as their kind has`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tally::Status(status) => status.fmt(f),
            Tally::SeveralAsTheirKindHas => write!(f, "several, {AS_THEIR_KIND_HAS}"),
        }
    }
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
