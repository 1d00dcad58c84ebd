//! `aquarchive solve`: puzzles from files, each kind solved and printed by
//! its own file.

mod aquarium;
mod calendar;
mod files;
mod job;
mod ring;
mod sudoku;

pub use files::run;
