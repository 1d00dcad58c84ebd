//! The archive database: the only module that speaks SQL.
//!
//! One SQLite file (schema in `schema.sql`) holds the raw pages fetched,
//! the log of fetches, the puzzles and their solutions. Puzzles are kept as
//! their kind's text and a few numbers: the store never parses the texts,
//! so every kind fits; the kind itself is read back as a [`Kind`](crate::kinds::Kind),
//! and one this version does not know is an error naming the puzzle
//! ([`BadValue`]). Times are read back as `jiff::Timestamp`. Writes are batched, each batch one transaction, so a
//! puzzle is stored with its solution or not at all.
//!
//! By what they hold: the plain types in `model.rs`, puzzles and
//! solutions in `puzzles.rs`, page snapshots in `snapshots.rs`, the fetch
//! log in `fetch_log.rs`, opening and upgrading the file in `open.rs`,
//! stored values read back (kinds, words, times) in `columns.rs`, and a
//! consistent copy of the whole file in `backup.rs`.

mod backup;
mod columns;
mod digest;
mod error;
mod fetch_log;
mod model;
mod open;
mod puzzles;
mod readings;
mod snapshots;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, Transaction, TransactionBehavior};

pub use backup::{BackupReport, backup_target};
pub use digest::{hex, sha256_hex};
pub use error::{BadValue, StoreError, ValueError};
pub use fetch_log::{Fetch, FetchCounts, FetchOutcome, FetchQuery, LoggedFetch};
pub use model::{
    Added, Count, Filter, Grade, GradeCount, HashCheck, NewPuzzle, Puzzle, SiteFacts, Solution, Status, Tries,
    time_text, time_to_second,
};
pub use open::{APPLICATION_ID, Access, VERSION};
pub use readings::NewReading;

/// An open archive.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens the archive at `path` (see [`Access`]). A file that is not
    /// ours, is newer than this binary, or is damaged is refused untouched.
    pub fn open(path: &Path, access: Access) -> Result<Store, StoreError> {
        let conn = open::open(path, access)?;
        Ok(Store { conn, path: path.to_path_buf() })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn err(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        |e| StoreError::sql(&self.path, e)
    }

    /// A write transaction that takes the lock at once, so that a second
    /// writer waits (busy timeout) instead of failing on a lock upgrade.
    fn write(&mut self) -> Result<(Transaction<'_>, &Path), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| StoreError::sql(&self.path, e))?;
        Ok((tx, &self.path))
    }
}

#[cfg(test)]
mod tests;
