use std::path::PathBuf;

use thiserror::Error;

use aquarchive_kinds::UnknownKind;

/// What can go wrong with the archive database. Every message names the file.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}: no archive here yet (import or fetch makes one)")]
    Missing { path: PathBuf },
    /// No archive, where a run on this machine that ended had claimed the
    /// name ([`DriveWarning::ClaimCleared`](super::DriveWarning)).
    #[error(
        "{path}: no archive here yet (import or fetch makes one): the name held only the claim of process {pid} on \
         this machine, which ended before it had made the archive there; the claim was removed"
    )]
    MissingClaimCleared { path: PathBuf, pid: u32 },
    #[error("{path}: not an aquarchive database ({why}); it was left untouched")]
    NotOurs { path: PathBuf, why: String },
    #[error(
        "{path}: made by a newer aquarchive (database version {found}, this binary knows up to {known}); \
         it was left untouched, use a newer aquarchive"
    )]
    Newer { path: PathBuf, found: i64, known: i64 },
    #[error(
        "{path}: made by an earlier aquarchive (database version {found}; this one writes {known}), and it is \
         upgraded only where it can be written; it was left untouched: copy it where you can write, or run \
         aquarchive once as a user who can write here"
    )]
    Older { path: PathBuf, found: i64, known: i64 },
    #[error("{path}: the database is damaged ({why}); it was left untouched")]
    Corrupt { path: PathBuf, why: String },
    #[error(
        "{path}: the database file is read-only; commands that only read (list, show, stats, export, verify, log, \
         backup) still work"
    )]
    ReadOnly { path: PathBuf },
    #[error(
        "{path}: its write-ahead log {log} holds commits not yet merged, which cannot be read without the \
         shared-memory file SQLite makes beside it, and this folder cannot be written; run any aquarchive \
         command on it once as a user who can write there"
    )]
    UnmergedLog { path: PathBuf, log: PathBuf },
    #[error(
        "{path}: this is on a network share ({file_system}), where SQLite's locks and shared memory cannot be \
         trusted, so the archive is not written there (reading works); keep the archive on a local disk and back \
         it up to the share (aquarchive backup /the/share/)"
    )]
    NetworkShare { path: PathBuf, file_system: &'static str },
    #[error(
        "{path}: the disk is full; the write in progress was undone and what was stored before it is kept \
         (free some space and run the command again to finish)"
    )]
    Full { path: PathBuf },
    /// A claim of the name ([`DriveWarning::NamedByClaim`](super::DriveWarning))
    /// whose maker may still run, still there after a minute.
    #[error("{}", claimed_text(path, *pid, host, *elsewhere))]
    Claimed { path: PathBuf, pid: u32, host: String, elsewhere: bool },
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: {source}")]
    Sql { path: PathBuf, source: rusqlite::Error },
    /// A stored value this version cannot read back (a kind it does not
    /// know, a time that is not one).
    #[error("{path}: {source}")]
    BadValue { path: PathBuf, source: BadValue },
}

fn claimed_text(path: &std::path::Path, pid: u32, host: &str, elsewhere: bool) -> String {
    let (path, secs) = (path.display(), super::drive::CLAIM_PATIENCE.as_secs());
    let fix = "remove this file (it holds only that claim)";
    if elsewhere {
        format!(
            "{path}: being made by process {pid} on {host}, which has not finished in {secs} s; if no aquarchive run \
             there is making this archive, {fix}"
        )
    } else {
        format!(
            "{path}: being made by process {pid} on this machine, which still runs but has not finished in {secs} s; \
             if it is not an aquarchive run making this archive (its id may have been taken by another program), {fix}"
        )
    }
}

/// A stored value that cannot be read back, and where it is.
#[derive(Debug, Error)]
#[error("{place}: {source}")]
pub struct BadValue {
    /// The row it is in: `puzzle 7`, `fetch 12`.
    pub place: String,
    pub source: ValueError,
}

/// What is wrong with a stored value.
#[derive(Debug, Error)]
pub enum ValueError {
    #[error(transparent)]
    Kind(#[from] UnknownKind),
    /// A word (a status, an answer check) this version does not know.
    #[error("unknown {what} `{text}`")]
    Word { what: &'static str, text: String },
    #[error("{what} `{text}` is not a time: {source}")]
    Time { what: &'static str, text: String, source: jiff::Error },
    /// A row that cannot be read whole, and why (see `Store::records_after`).
    #[error("{0}")]
    Row(String),
}

impl StoreError {
    /// Wraps an SQLite error, telling damage apart from other failures.
    pub(crate) fn sql(path: &std::path::Path, source: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode::{DatabaseCorrupt, DiskFull, NotADatabase, ReadOnly};
        let path = path.to_path_buf();
        // A row reader's bad value (see `columns`) comes out as itself.
        let source = match source {
            rusqlite::Error::FromSqlConversionFailure(index, ty, cause) => match cause.downcast::<BadValue>() {
                Ok(bad) => return StoreError::BadValue { path, source: *bad },
                Err(cause) => rusqlite::Error::FromSqlConversionFailure(index, ty, cause),
            },
            other => other,
        };
        match source.sqlite_error_code() {
            Some(DatabaseCorrupt | NotADatabase) => StoreError::Corrupt { path, why: source.to_string() },
            Some(ReadOnly) => StoreError::ReadOnly { path },
            Some(DiskFull) => StoreError::Full { path },
            _ => StoreError::Sql { path, source },
        }
    }

    /// Wraps an I/O error; a full disk says so as SQLite's does.
    /// The same error naming `to` where it named `from` (a file's
    /// temporary name, which means nothing to the user).
    pub(crate) fn with_path(mut self, from: &std::path::Path, to: &std::path::Path) -> StoreError {
        let named = match &mut self {
            StoreError::Missing { path }
            | StoreError::MissingClaimCleared { path, .. }
            | StoreError::NotOurs { path, .. }
            | StoreError::Newer { path, .. }
            | StoreError::Older { path, .. }
            | StoreError::Corrupt { path, .. }
            | StoreError::ReadOnly { path }
            | StoreError::UnmergedLog { path, .. }
            | StoreError::NetworkShare { path, .. }
            | StoreError::Full { path }
            | StoreError::Claimed { path, .. }
            | StoreError::Io { path, .. }
            | StoreError::Sql { path, .. }
            | StoreError::BadValue { path, .. } => path,
        };
        if named == from {
            *named = to.to_path_buf();
        }
        self
    }

    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> StoreError {
        let path = path.to_path_buf();
        match source.kind() {
            std::io::ErrorKind::StorageFull => StoreError::Full { path },
            _ => StoreError::Io { path, source },
        }
    }
}
