//! The multi-cover engine: a generalised Dancing Links in which each item has
//! a target range and each option adds a positive weight to the items it
//! touches. It knows nothing of puzzles; `kinds` encode puzzles into it.

mod problem;
mod search;

pub use problem::{ItemId, OptionId, Problem};
pub use search::{Outcome, Probing, Settings, Solver, Stats};

#[cfg(test)]
mod tests;
