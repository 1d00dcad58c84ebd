//! The steps of a graded puzzle's logical solution, kept in the store beside
//! its grade so that an export gives them as hints without grading again
//! (the grader takes far longer than writing a page).
//!
//! An Aquarium's steps are many (hundreds of cells settled in a 15x15), so
//! each is kept as its technique and the cells it settles, not its words,
//! in three lines:
//! - the techniques the steps use, `|` between them;
//! - each step's technique (its place in that list, one base-36 digit);
//! - each cell, in reading order, the step that settles it (digits `0`-`9`,
//!   `a`-`z`, `A`-`Z`: one a cell, or two when there are 62 steps or more;
//!   the highest number for a cell no step settles).
//!
//! A Sudoku's steps are few and short: one a line, the digits a step
//! places, `/`, the candidates it removes (each three characters: the
//! cell's index in two decimal digits, then the digit), a space, its words.

use crate::kinds::aquarium::{self, Aquarium};
use crate::kinds::sudoku;

/// One step of a logical solution as a hint shows it: its technique's name
/// and the cells it settles (row, column, and whether the cell is water).
pub(crate) struct AquariumStep<'a> {
    pub technique: &'static str,
    pub settles: &'a [(usize, usize, bool)],
}

/// An Aquarium's steps as kept (see the module's notes).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct AquariumHints {
    pub techniques: String,
    pub steps: String,
    pub order: String,
}

impl AquariumHints {
    /// The hints as the store keeps them: the three parts, one a line.
    fn to_data(&self) -> String {
        format!("{}\n{}\n{}", self.techniques, self.steps, self.order)
    }

    /// The hints kept for a puzzle of `cells` cells, if they read as
    /// [`AquariumHints::to_data`] writes them.
    pub(crate) fn from_data(data: &str, cells: usize) -> Option<AquariumHints> {
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

/// The hint data of a graded puzzle, as the store keeps it beside the grade.
pub(crate) enum Graded<'a> {
    Aquarium(&'a Aquarium, &'a aquarium::grade::Grading),
    Sudoku(&'a sudoku::Grading),
}

/// What an export reads back from the store instead of grading again.
pub(crate) fn hint_data(graded: Graded) -> String {
    match graded {
        Graded::Aquarium(puzzle, grading) => aquarium_hints(puzzle, &aquarium_steps(grading)).to_data(),
        Graded::Sudoku(grading) => sudoku_steps(grading),
    }
}

/// The digits of a step's number in the cells' line.
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The grader's steps as hints show them.
pub(crate) fn aquarium_steps(grading: &aquarium::grade::Grading) -> Vec<AquariumStep<'_>> {
    grading.steps.iter().map(|s| AquariumStep { technique: s.technique.name(), settles: &s.settles }).collect()
}

/// Digits a cell's step takes for `steps` steps: enough for every step's
/// number and one more, for no step.
fn order_width(steps: usize) -> u32 {
    (1..).find(|&w| 62usize.pow(w) > steps).expect("some width")
}

/// The steps' techniques, and each cell's step.
pub(crate) fn aquarium_hints(puzzle: &Aquarium, steps: &[AquariumStep]) -> AquariumHints {
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
pub(crate) fn sudoku_steps(grading: &sudoku::Grading) -> String {
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
