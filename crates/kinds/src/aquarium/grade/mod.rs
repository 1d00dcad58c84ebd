//! Grading: solving an Aquarium the way a person does, one deduction at a
//! time, always with the simplest technique that finds something. A
//! puzzle's level is that of the hardest technique it needed; the steps, in
//! words, with the cells each settles, are its hints.
//!
//! What is known of a tank is one range of possible water levels: cells in
//! the same tank and row share their state, water has water below it in its
//! tank and air has air above it. Knowing a cell is water or air is the same
//! as knowing its tank's level is at or above, or below, its row; so every
//! deduction narrows some tanks' ranges, and settles at once the cells of
//! those tanks that the narrowing decides (a person marking a cell air marks
//! the tank above it too).
//!
//! Every technique reads only the board and the clues, and each is a valid
//! argument from the rules: no step assumes the puzzle has one solution.
//! Only a guess, when the techniques run out, reads the solution.
//!
//! The parts, each with one job: [`levels`](Level) names the levels and
//! techniques; `board` holds the puzzle's geometry and what is known;
//! `techniques` and `two_lines` make the deductions, `sums` the sets of
//! sums they count with; `words` puts the steps into words; `memo` keeps
//! what the searches need not repeat; `grading` runs the steps.

mod board;
mod grading;
mod levels;
mod memo;
mod step;
mod sums;
mod techniques;
mod two_lines;
mod words;

pub use grading::{Grading, grade, grade_knowing, grade_without_words};
pub use levels::{Level, Technique};
pub use step::Step;
pub use words::settled_words;

#[cfg(test)]
mod tests;
