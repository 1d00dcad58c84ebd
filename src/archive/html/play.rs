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
//! The steps of an Aquarium's logical solution are many and their words
//! long (kilobytes for a 15x15), more than the rest of its page: the page
//! carries each step's technique and the cells it settles, and the script
//! builds the words (the technique, what it says, and what the step
//! settles, tank by tank). `data-techniques` names the techniques the steps
//! use (`|` between them), `data-steps` gives each step's technique (its
//! place in that list, one base-36 digit), and `data-order` gives each cell,
//! in reading order, the step that settles it (digits `0`-`9`, `a`-`z`,
//! `A`-`Z`: one a cell, or two when there are 62 steps or more; the highest
//! number for a cell no step settles).
//!
//! A Sudoku's steps are few and short: one a line, the digits a step
//! places, `/`, the candidates it removes (each three characters: the
//! cell's index in two decimal digits, then the digit), a space, its words.
//!
//! The steps come from the grader, which takes far longer than writing the
//! page: they are written once, when the puzzle is graded on its way into
//! the store ([`hint_data`]), kept beside its grade, and read back here. A
//! puzzle graded before they were kept is graded again as it is exported.

use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, Water, puzzlink};
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
        hints: AquariumHints,
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

/// One step of a logical solution as a hint shows it: its technique's name
/// and the cells it settles (row, column, and whether the cell is water).
pub(super) struct AquariumStep<'a> {
    pub technique: &'static str,
    pub settles: &'a [(usize, usize, bool)],
}

/// An Aquarium's steps as the page writes them (see the module's notes).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct AquariumHints {
    pub techniques: String,
    pub steps: String,
    pub order: String,
}

impl AquariumHints {
    /// The hints as the store keeps them: the three attributes, one a line.
    fn to_data(&self) -> String {
        format!("{}\n{}\n{}", self.techniques, self.steps, self.order)
    }

    /// The hints kept for a puzzle of `cells` cells, if they read as
    /// [`AquariumHints::to_data`] writes them.
    fn from_data(data: &str, cells: usize) -> Option<AquariumHints> {
        let mut lines = data.split('\n');
        let (techniques, steps, order) = (lines.next()?, lines.next()?, lines.next()?);
        let names = techniques.split('|').count();
        let fits = lines.next().is_none()
            && steps.chars().all(|d| d.to_digit(36).is_some_and(|n| (n as usize) < names))
            && order.bytes().all(|d| DIGITS.contains(&d))
            && if steps.is_empty() {
                techniques.is_empty() && order.is_empty()
            } else {
                order.len() == cells * order_width(steps.len()) as usize
            };
        fits.then(|| AquariumHints { techniques: techniques.into(), steps: steps.into(), order: order.into() })
    }
}

/// The hint data of a graded puzzle, as the store keeps it beside the grade
/// for the puzzle's page.
pub(crate) enum Graded<'a> {
    Aquarium(&'a Aquarium, &'a aquarium::grade::Grading),
    Sudoku(&'a sudoku::Grading),
}

/// What [`play`] reads back from the store instead of grading again.
pub(crate) fn hint_data(graded: Graded) -> String {
    match graded {
        Graded::Aquarium(puzzle, grading) => aquarium_hints(puzzle, &aquarium_steps(grading)).to_data(),
        Graded::Sudoku(grading) => sudoku_steps(grading),
    }
}

/// The digits of a step's number in `data-order`.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The data to play `puzzle`, if it can be played: an Aquarium or Sudoku
/// with one solution, stored and readable.
pub(super) fn play(puzzle: &Puzzle) -> Option<Play> {
    if puzzle.record.status != Status::Ok || !matches!(puzzle.record.kind, Kind::Aquarium | Kind::Sudoku) {
        return None;
    }
    let read = stored(puzzle).ok()?;
    let solution = stored_solution(puzzle, &read)?.ok()?;
    let key = progress_key(puzzle);
    let kept = puzzle.solution.as_ref().and_then(|s| s.grade.as_ref()).and_then(|g| g.hints.as_deref());
    match (read, solution) {
        (AnyPuzzle::Aquarium(aquarium), AnySolution::Aquarium(water)) => {
            if (water.width(), water.height()) != (aquarium.width(), aquarium.height()) {
                return None;
            }
            let cells = aquarium.width() * aquarium.height();
            let hints = kept.and_then(|data| AquariumHints::from_data(data, cells)).unwrap_or_else(|| {
                let grading = aquarium::grade::grade_knowing(&aquarium, &water);
                aquarium_hints(&aquarium, &aquarium_steps(&grading))
            });
            Some(Play::Aquarium { key, solution: water_bits(&water), hints })
        }
        (AnyPuzzle::Sudoku(givens), AnySolution::Sudoku(filled)) => Some(Play::Sudoku {
            key,
            givens: digits(&givens),
            solution: digits(&filled),
            steps: kept.map_or_else(|| sudoku_steps(&sudoku::grade(&givens, &filled)), str::to_string),
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

/// The grader's steps as hints show them.
fn aquarium_steps(grading: &aquarium::grade::Grading) -> Vec<AquariumStep<'_>> {
    grading.steps.iter().map(|s| AquariumStep { technique: s.technique.name(), settles: &s.settles }).collect()
}

/// Digits a cell's step takes in `data-order` for `steps` steps: enough for
/// every step's number and one more, for no step.
fn order_width(steps: usize) -> u32 {
    (1..).find(|&w| 62usize.pow(w) > steps).expect("some width")
}

/// The steps' techniques, and each cell's step.
pub(super) fn aquarium_hints(puzzle: &Aquarium, steps: &[AquariumStep]) -> AquariumHints {
    if steps.is_empty() {
        return AquariumHints::default();
    }
    let mut names: Vec<&str> = Vec::new();
    let mut out = AquariumHints::default();
    for step in steps {
        let at = names.iter().position(|&n| n == step.technique).unwrap_or_else(|| {
            names.push(step.technique);
            names.len() - 1
        });
        out.steps.push(char::from_digit(at as u32 % 36, 36).expect("below 36"));
    }
    out.techniques = names.join("|");
    let width = order_width(steps.len());
    let none = 62usize.pow(width) - 1;
    let mut order = vec![none; puzzle.width() * puzzle.height()];
    for (k, step) in steps.iter().enumerate() {
        for &(r, c, _) in step.settles {
            if let Some(cell) = order.get_mut(r * puzzle.width() + c).filter(|cell| **cell == none) {
                *cell = k;
            }
        }
    }
    for mut n in order {
        let mut digits = vec![b'0'; width as usize];
        for slot in digits.iter_mut().rev() {
            *slot = DIGITS[n % 62];
            n /= 62;
        }
        out.order.extend(digits.into_iter().map(char::from));
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

/// Words on one line: a line break would start the next step.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
