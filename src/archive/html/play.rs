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
//! An Aquarium's steps are given as the store keeps them (see
//! [`hints`](super::super::grade::hints)): `data-techniques`, `data-steps`
//! and `data-order`; beside them the words, all written by the grader's
//! own wording: `data-about` says what each technique of `data-techniques`
//! does (`|` between them), and `data-settled` what each step settles, tank
//! by tank (one step a line). A Sudoku's steps, with their words, are
//! `data-hints`.
//!
//! The steps come from the grader, which takes far longer than writing the
//! page: they are written once, when the puzzle is graded on its way into
//! the store, kept beside its grade, and read back here. A puzzle graded
//! before they were kept is graded again as it is exported.

use crate::kinds::Kind;
use crate::kinds::aquarium::grade::Technique;
use crate::kinds::aquarium::{self, Aquarium, Water, puzzlink};
use crate::kinds::sudoku::{self, Grid};
use crate::store::{Puzzle, Status};

use super::super::grade::hints::{self, AquariumHints};
use super::super::kinds::{AnyPuzzle, AnySolution};
use super::super::{picture, stored_solution};

/// A playable puzzle's data.
pub(super) enum Play {
    Aquarium {
        /// The key its progress is kept under in the browser.
        key: String,
        solution: String,
        hints: AquariumHints,
        /// What each technique of the hints does, `|` between them.
        about: String,
        /// What each step settles, one step a line.
        settled: String,
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

/// The data to play `puzzle`, if it can be played: an Aquarium or Sudoku
/// with one solution, stored and readable.
pub(super) fn play(puzzle: &Puzzle, read: Option<&AnyPuzzle>) -> Option<Play> {
    if puzzle.record.status != Status::Ok || !matches!(puzzle.record.kind, Kind::Aquarium | Kind::Sudoku) {
        return None;
    }
    let read = read?;
    let solution = stored_solution(puzzle, read)?.ok()?;
    let key = progress_key(puzzle);
    let kept = puzzle.solution.as_ref().and_then(|s| s.grade.as_ref()).and_then(|g| g.hints.as_deref());
    match (read, solution) {
        (AnyPuzzle::Aquarium(aquarium), AnySolution::Aquarium(water)) => {
            if (water.width(), water.height()) != (aquarium.width(), aquarium.height()) {
                return None;
            }
            let cells = aquarium.width() * aquarium.height();
            let hints = kept.and_then(|data| AquariumHints::from_data(data, cells)).unwrap_or_else(|| {
                let grading = aquarium::grade::grade_without_words(aquarium, &water);
                hints::aquarium_hints(aquarium, &hints::aquarium_steps(&grading))
            });
            let (about, settled) = aquarium_words(aquarium, &water, &hints);
            Some(Play::Aquarium { key, solution: water_bits(&water), hints, about, settled })
        }
        (AnyPuzzle::Sudoku(givens), AnySolution::Sudoku(filled)) => Some(Play::Sudoku {
            key,
            givens: digits(givens),
            solution: digits(&filled),
            steps: kept.map_or_else(|| hints::sudoku_steps(&sudoku::grade(givens, &filled)), str::to_string),
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

/// The words of an Aquarium's hints, from the grader's own wording: what
/// each technique does, and what each step settles.
fn aquarium_words(puzzle: &Aquarium, water: &Water, hints: &AquariumHints) -> (String, String) {
    let about: Vec<&str> =
        hints.technique_names().map(|name| Technique::from_name(name).map_or("", Technique::about)).collect();
    let width = puzzle.width();
    let mut settled = String::new();
    for cells in hints.cells_by_step() {
        let cells: Vec<(usize, usize, bool)> =
            cells.iter().map(|&k| (k / width, k % width, water.get(k / width, k % width))).collect();
        settled.push_str(&aquarium::grade::settled_words(puzzle, &cells));
        settled.push('\n');
    }
    (about.join("|"), settled)
}
