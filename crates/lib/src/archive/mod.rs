//! The work behind the archive commands, callable without the command line
//! (like cargo's `ops`): puzzles go parse -> validate -> solve -> store, and
//! come back out for showing, exporting, re-solving and verifying.

#[cfg(feature = "http")]
pub mod batch;
pub mod calendar;
mod error;
pub mod export;
pub mod facts;
#[cfg(feature = "http")]
pub mod fetch;
pub mod generate;
pub mod grade;
mod handle;
pub mod html;
pub mod import;
pub mod jsonl;
pub mod kinds;
pub mod merge;
pub mod page;
pub mod picture;
pub mod progress;
pub mod reading;
pub mod record;
pub mod remove;
pub mod reparse;
pub mod restore;
#[cfg(feature = "http")]
pub mod robots;
pub mod site_names;
pub mod solve;
pub mod solving;
pub mod specials;
pub mod stats;
mod stored;
pub mod text_header;
mod verdict;
pub mod verify;

pub use error::ArchiveError;
pub use handle::Archive;
pub use stored::{stored, stored_aquarium, stored_solution, stored_water};
pub use verdict::{AS_THEIR_KIND_HAS, SOLVER_VERSION, Tally, Verdict, assess};

// The types a front end hands to the operations above and gets back from
// them, named here so that the command line needs no layer below `archive`
// (the command line depends on this library alone): the archive's
// queries, the engine's settings and statistics, a puzzle's kind, and the
// errors a front end tells apart.
pub use crate::engine::{Settings, Stats};
pub use crate::kinds::Kind;
pub use crate::kinds::calendar::{CalendarError, DateError};
pub use crate::site::SiteError;
pub use crate::store::{Access, Added, FetchQuery, Filter, Puzzle, Status, StoreError, backup_target};
