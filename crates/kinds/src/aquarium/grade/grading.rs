//! Grading a puzzle: the simplest technique that finds a deduction, again
//! and again, until the board is solved or the techniques run out.

use multicover::Settings;

use super::board::{Board, Shape};
use super::levels::Level;
use super::memo::Memo;
use super::step::Step;
use super::techniques;
use crate::aquarium::{Aquarium, Water, solve};

/// A puzzle's grade: its level and every step of the solution. Only a
/// puzzle with no solution or several stops short of settling every cell
/// (`complete`): a guess needs the one solution.
pub type Grading = crate::grading::Grading<Step>;

/// Grades a puzzle. When the techniques run out, the engine solves the
/// puzzle (checked by the verifier) for the guess; a puzzle without exactly
/// one solution then stops there, graded [`Level::Guess`] and not complete.
pub fn grade(puzzle: &Aquarium) -> Grading {
    grade_inner(puzzle, None, true)
}

/// Like [`grade`], for a puzzle whose one solution the caller already has
/// (proved unique): a guess reads it instead of solving again.
pub fn grade_knowing(puzzle: &Aquarium, solution: &Water) -> Grading {
    grade_inner(puzzle, Some(solution), true)
}

/// Like [`grade_knowing`], with the same level and steps, but every step's
/// [`Step::text`] left empty: for a caller that keeps only the technique
/// and the cells of each step (an archive's stored hints), as putting the
/// steps into words costs about a tenth of the grading.
pub fn grade_without_words(puzzle: &Aquarium, solution: &Water) -> Grading {
    grade_inner(puzzle, Some(solution), false)
}

fn grade_inner(puzzle: &Aquarium, known: Option<&Water>, words: bool) -> Grading {
    let shape = Shape::new(puzzle);
    let mut board = Board::new(&shape);
    let mut steps = Vec::new();
    let mut level = Level::Easy;
    let mut solution: Option<Option<Water>> = known.map(|w| Some(w.clone()));
    let mut memo = Memo::new(&shape, words, techniques::LINE_TECHNIQUES);
    // What may have broken since the last check: at first everything, then
    // the tanks a step narrowed and their lines (the others are as they were).
    let (mut tanks, mut lines): (Vec<usize>, Vec<usize>) = ((0..shape.tanks()).collect(), (0..shape.lines()).collect());
    while !board.is_solved() {
        if !board.consistent(&shape, &tanks, &lines) {
            break;
        }
        let found = techniques::next_step(&shape, &board, &mut memo);
        let (technique, text, next) = match found {
            Some(found) => found,
            None => {
                let water = solution.get_or_insert_with(|| unique_solution(puzzle));
                match water {
                    Some(water) if water.width() == shape.width && water.height() == shape.height => {
                        techniques::guess(&shape, &board, water, words)
                    }
                    _ => {
                        level = Level::Guess;
                        break;
                    }
                }
            }
        };
        let settles = board.settles(&shape, &next);
        if settles.is_empty() {
            break; // a step that settles nothing would repeat forever
        }
        level = level.max(technique.level());
        steps.push(Step { technique, text, settles });
        memo.moved(&board, &next, &mut tanks, &mut lines);
        board = next;
    }
    let complete = board.is_solved();
    if !complete {
        level = Level::Guess;
    }
    Grading { level, steps, complete }
}

fn unique_solution(puzzle: &Aquarium) -> Option<Water> {
    let report = solve(puzzle, 2, Settings::default()).ok()?;
    report.is_unique().then(|| report.solutions.into_iter().next()).flatten()
}
