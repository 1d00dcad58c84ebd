//! `aquarchive solve`: puzzles from files, solved by the library
//! (`aquarchive::archive::solving`) and printed by one printer for every
//! kind.

mod files;
mod job;
mod print;

pub use files::run;
