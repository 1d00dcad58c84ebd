//! The work behind the archive commands, callable without the command line
//! (like cargo's `ops`): puzzles go parse -> validate -> solve -> store, and
//! come back out for showing, exporting, re-solving and verifying.

mod error;
pub mod export;
#[cfg(feature = "http")]
pub mod fetch;
pub mod grade;
pub mod html;
pub mod import;
pub mod jsonl;
pub mod kinds;
pub mod merge;
pub mod page;
pub mod picture;
pub mod reading;
pub mod reparse;
pub mod restore;
#[cfg(feature = "http")]
pub mod robots;
pub mod site_names;
pub mod solve;
pub mod solving;
pub mod stats;
mod stored;
pub mod text_header;
mod verdict;
pub mod verify;

pub use error::ArchiveError;
pub use stored::{stored, stored_aquarium, stored_solution, stored_water};
pub use verdict::{AS_THEIR_KIND_HAS, SOLVER_VERSION, Tally, Verdict, assess};
