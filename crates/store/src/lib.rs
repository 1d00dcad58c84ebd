//! The archive database: the only module that speaks SQL.
//!
//! One SQLite file (schema in `schema.sql`) holds the raw pages fetched,
//! the log of fetches, the puzzles and their solutions. Puzzles are kept as
//! their kind's text and a few numbers: the store never parses the texts,
//! so every kind fits; the kind itself is read back as a [`Kind`](aquarchive_kinds::Kind),
//! and one this version does not know is an error naming the puzzle
//! ([`BadValue`]). Times are read back as `jiff::Timestamp`. Writes are batched, each batch one transaction, so a
//! puzzle is stored with its solution or not at all.
//!
//! By what they hold: the plain types in `model.rs`, puzzles and
//! solutions in `puzzles.rs`, page snapshots in `snapshots.rs`, the fetch
//! log in `fetch_log.rs`, the open archive and opening it in `open.rs` (an
//! earlier version's file upgraded by `migrate.rs`), another archive opened
//! to be merged, as untrusted input read from a checked private copy, in
//! `other.rs`,
//! stored values read back (kinds, words, times) in `columns.rs`, a
//! consistent copy of the whole file in `backup.rs`, a puzzle's whole
//! record read out and restored (merge, JSON lines) in `record.rs`, the
//! snapshots and fetch records a merge copies in `merge.rs`, puzzles taken
//! out (`remove`), each leaving a record of what it was, in `removal.rs`, a
//! player's progress brought from the HTML archive in `progress.rs`, and what the drive
//! under a file allows (naming a finished file where there are no hard
//! links, telling a network share apart) in `drive.rs`.

mod backup;
mod columns;
mod drive;
mod error;
mod fetch_log;
mod merge;
mod migrate;
mod model;
mod open;
mod other;
mod progress;
mod puzzles;
mod readings;
mod record;
mod removal;
mod snapshots;

pub use backup::{BackupReport, backup_target};
pub use drive::{Claim, DriveWarning};
pub use error::{BadValue, StoreError, ValueError};
pub use fetch_log::{Fetch, FetchCounts, FetchOutcome, FetchQuery, LoggedFetch};
pub use merge::{FetchRecord, FetchesRestored};
pub use migrate::VERSION;
pub use model::{Added, Count, Filter, Grade, GradeCount, NewPuzzle, Puzzle, SiteFacts, Sizes, Solution, Status};
pub use open::{APPLICATION_ID, Access, Store};
pub use progress::{KeptProgress, Progress, ProgressCount};
pub use readings::NewReading;
pub use record::{
    Additions, Graded, MAX_ROW_BYTES, READ_BUDGET, Reading, Record, RestoreReport, Restored, RowResult, Snapshot,
    Solved, too_large,
};
pub use removal::{Removal, RemovedPuzzle};
pub use snapshots::PageWithoutPuzzle;
// Values the store keeps that others make; re-exported where they were.
pub use aquarchive_shared::{HashCheck, Tries, hex, sha256_hex};

#[cfg(test)]
mod tests;
