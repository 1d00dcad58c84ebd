//! `aquarchive calendar`: a date's puzzle, every date's count, and
//! `calendar read` of photos of solved boards.

mod board;
mod date;
mod read;

pub use date::run;
pub use read::run as read;
