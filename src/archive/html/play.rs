//! What a puzzle's page gives `archive.js` to play it: the data the board is
//! drawn from, the solution the grid is compared with, and the logical
//! solution's steps for hints, each written compactly (a 15x15 Aquarium's
//! data is a few hundred characters, where its drawing would be kilobytes).
//!
//! - Aquarium: the board is the puzzle's puzz.link address (the page's
//!   `#puzzlink` link, which every Aquarium page has, so the data is in the
//!   page once), the solution its water as bits in the same base-32 digits,
//!   five cells a digit;
//! - Sudoku: the board is the page's picture (givens, the solution hidden),
//!   and the givens and solution are 81 digits each.
//!
//! Steps are one a line: the cells a step settles, a space, its words. An
//! Aquarium step's cells are their indices `row * width + column` in base
//! 36, two digits each (three past 36 x 36 cells); a Sudoku step's are its
//! placed digits, `/`, the candidates it removes, each three characters:
//! the cell's index in two decimal digits, then the digit.

use crate::kinds::Kind;
use crate::kinds::aquarium::{Aquarium, Water, puzzlink};
use crate::kinds::sudoku::{self, Grid};
use crate::store::{Puzzle, Status};

use super::super::kinds::{AnyPuzzle, AnySolution};
use super::super::{picture, stored, stored_solution};

/// A playable puzzle's data.
pub(super) enum Play {
    Aquarium {
        /// The key its progress is kept under in the browser.
        key: String,
        solution: String,
        steps: String,
    },
    Sudoku {
        key: String,
        givens: String,
        solution: String,
        steps: String,
        /// The picture, with the solution hidden in it.
        svg: String,
    },
}

/// One step of a logical solution as a hint shows it: its words and the
/// cells it settles (row, column, and whether the cell is water).
pub(super) struct AquariumStep {
    pub text: String,
    pub settles: Vec<(usize, usize, bool)>,
}

/// The data to play `puzzle`, if it can be played: an Aquarium or Sudoku
/// with one solution, stored and readable.
pub(super) fn play(puzzle: &Puzzle) -> Option<Play> {
    if puzzle.record.status != Status::Ok || !matches!(puzzle.record.kind, Kind::Aquarium | Kind::Sudoku) {
        return None;
    }
    let read = stored(puzzle).ok()?;
    let solution = stored_solution(puzzle, &read)?.ok()?;
    let key = progress_key(puzzle);
    match (read, solution) {
        (AnyPuzzle::Aquarium(aquarium), AnySolution::Aquarium(water)) => {
            if (water.width(), water.height()) != (aquarium.width(), aquarium.height()) {
                return None;
            }
            Some(Play::Aquarium {
                key,
                solution: water_bits(&water),
                steps: aquarium_steps(&aquarium, &aquarium_grading(&aquarium)),
            })
        }
        (AnyPuzzle::Sudoku(givens), AnySolution::Sudoku(filled)) => Some(Play::Sudoku {
            key,
            givens: digits(&givens),
            solution: digits(&filled),
            steps: sudoku_steps(&sudoku::grade(&givens, &filled)),
            svg: picture::svg(puzzle, true).ok().flatten()?,
        }),
        _ => None,
    }
}

/// The key a puzzle's progress is kept under: the start of the hash of its
/// canonical text, the same in every export of the same puzzle.
pub(super) fn progress_key(puzzle: &Puzzle) -> String {
    puzzle.canonical_hash.chars().take(16).collect()
}

fn water_bits(water: &Water) -> String {
    let cells = (0..water.height()).flat_map(|r| (0..water.width()).map(move |c| water.get(r, c)));
    puzzlink::base32_bits(cells)
}

fn digits(grid: &Grid) -> String {
    grid.cells().iter().map(|&d| char::from(b'0' + d)).collect()
}

/// The Aquarium's logical solution, step by step, from its grader.
///
/// The one place that reads the grader: Aquarium has no grader yet, so it
/// gives no steps, and the page's hint button says it has none.
fn aquarium_grading(_puzzle: &Aquarium) -> Vec<AquariumStep> {
    Vec::new()
}

/// Steps one a line: settled cells in base 36, a space, the words.
pub(super) fn aquarium_steps(puzzle: &Aquarium, steps: &[AquariumStep]) -> String {
    let width = if puzzle.width() * puzzle.height() > 36 * 36 { 3 } else { 2 };
    let mut out = String::new();
    for step in steps {
        for &(r, c, _) in &step.settles {
            out.push_str(&base36(r * puzzle.width() + c, width));
        }
        out.push(' ');
        out.push_str(&one_line(&step.text));
        out.push('\n');
    }
    out
}

/// Steps one a line: placed digits, `/`, removed candidates, a space, the words.
pub(super) fn sudoku_steps(grading: &sudoku::Grading) -> String {
    let mut out = String::new();
    for step in &grading.steps {
        for &(cell, d) in &step.placed {
            out.push_str(&format!("{cell:02}{d}"));
        }
        out.push('/');
        for &(cell, d) in &step.removed {
            out.push_str(&format!("{cell:02}{d}"));
        }
        out.push(' ');
        out.push_str(&one_line(&step.text));
        out.push('\n');
    }
    out
}

/// `n` in base 36 with `width` digits (zeros in front).
fn base36(mut n: usize, width: usize) -> String {
    let mut digits = vec!['0'; width];
    for slot in digits.iter_mut().rev() {
        *slot = char::from_digit((n % 36) as u32, 36).expect("below 36");
        n /= 36;
    }
    digits.into_iter().collect()
}

/// Words on one line: a line break would start the next step.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
