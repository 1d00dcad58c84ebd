//! Puzzle kinds. Each parses and prints its text format, encodes a puzzle
//! into the engine, decodes the engine's answer, and verifies a solution by
//! the puzzle's rules with code that does not use the engine.

#![forbid(unsafe_code)]

pub mod aquarium;
pub mod battleships;
pub mod binairo;
pub mod binairo_plus;
pub mod calendar;
pub(crate) mod clue_counts;
pub mod disjoint_sets;
pub mod dominosa;
pub mod draw;
pub mod futoshiki;
pub mod grading;
pub mod home;
pub mod homes;
pub mod jigsaw_sudoku;
pub mod kakurasu;
pub mod kakuro;
pub mod killer_sudoku;
mod kind;
pub(crate) mod latin;
pub mod light_up;
pub mod minesweeper;
pub mod mosaic;
pub mod nonograms;
pub mod norinori;
pub mod renzoku;
pub mod ring;
pub mod rng;
pub mod shikaku;
pub mod skyscrapers;
pub mod star_battle;
pub mod stitches;
pub mod sudoku;
pub mod task;
pub mod tents;
pub mod thermometers;

use std::ops::ControlFlow;

use multicover::{OptionId, Problem, Settings, Solver, Stats};

pub use kind::{Kind, UnknownKind};

/// What solving a puzzle found: its solutions up to a limit, each one
/// decoded and checked by the kind's own verifier, and the search's figures.
#[derive(Clone, Debug)]
pub struct Solved<T> {
    pub solutions: Vec<T>,
    pub stats: Stats,
}

impl<T> Solved<T> {
    /// Exactly one solution, and the search proved there is no other.
    pub fn is_unique(&self) -> bool {
        self.solutions.len() == 1 && self.stats.exhausted
    }
}

/// Runs the engine on `problem`, handing each solution to `visit` (the
/// kind's decode and verify, and whatever the caller keeps). The first
/// error `visit` returns (an engine answer that breaks the rules) stops the
/// search and is returned.
pub(crate) fn search_checked<E>(
    problem: &Problem,
    settings: Settings,
    mut visit: impl FnMut(&[OptionId]) -> Result<ControlFlow<()>, E>,
) -> Result<Stats, E> {
    let mut failure = None;
    let stats = Solver::new(problem, settings).for_each_solution(|chosen| {
        visit(chosen).unwrap_or_else(|err| {
            failure = Some(err);
            ControlFlow::Break(())
        })
    });
    failure.map_or(Ok(stats), Err)
}

/// Up to `limit` solutions, each passed through `check` (decode and verify).
pub(crate) fn solve_checked<T, E>(
    problem: &Problem,
    settings: Settings,
    limit: usize,
    mut check: impl FnMut(&[OptionId]) -> Result<T, E>,
) -> Result<Solved<T>, E> {
    let mut solutions = Vec::new();
    if limit == 0 {
        return Ok(Solved { solutions, stats: Stats::default() });
    }
    let stats = search_checked(problem, settings, |chosen| {
        solutions.push(check(chosen)?);
        Ok(if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
    })?;
    Ok(Solved { solutions, stats })
}

/// A count with its noun, singular or plural as the count needs:
/// `count_of(1, "puzzle", "puzzles")` is "1 puzzle", with 2 "2 puzzles".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod count_tests {
    #[test]
    fn counts_take_the_right_number() {
        assert_eq!(super::count_of(1, "puzzle", "puzzles"), "1 puzzle");
        assert_eq!(super::count_of(0, "puzzle", "puzzles"), "0 puzzles");
        assert_eq!(super::count_of(2, "match", "matches"), "2 matches");
    }
}
