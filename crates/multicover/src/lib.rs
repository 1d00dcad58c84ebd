//! The multi-cover engine: a generalised Dancing Links in which each item has
//! a target range and each option adds a positive weight to the items it
//! touches. It knows nothing of puzzles; `kinds` encode puzzles into it.
//!
//! `problem` is what a caller builds, `solver` what it runs; behind the
//! solver, `search` is the multi-cover search, and `counters` and `dancing`
//! (Knuth's Dancing Links) two searches for the plain exact-cover case;
//! `forced` serves runs with options chosen beforehand.

mod counters;
mod dancing;
mod forced;
mod problem;
mod search;
mod solver;

pub use problem::{ItemId, OptionId, Problem};
pub use search::Probing;
pub use solver::{Algorithm, Outcome, Settings, Solver, Stats};

#[cfg(test)]
mod tests;
