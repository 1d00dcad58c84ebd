//! What merging another archive copies besides puzzle records: page
//! snapshots (by sha256, once) and fetch records (an identical record
//! once), read from the other a chunk at a time, each row on its own (one
//! that cannot be read is named, and the others read all the same), and
//! written a chunk per transaction.

use std::collections::HashSet;

use rusqlite::{OptionalExtension, ToSql, params};

use super::record::{MAX_ROW_BYTES, READ_BUDGET, RowResult, Snapshot, put_snapshots, row_bytes, too_large, unreadable};
use super::{Store, StoreError};

/// A fetch record as stored, every column but its id; times as text, to
/// compare and keep them exactly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FetchRecord {
    pub url: String,
    pub method: String,
    pub fetched_at: String,
    pub http_status: Option<i64>,
    pub error: Option<String>,
    pub snapshot: Option<String>,
    pub attempts: Option<i64>,
    pub busy: Option<i64>,
    pub waited_ms: Option<i64>,
}

/// What writing a chunk of fetch records did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FetchesRestored {
    pub added: u64,
    /// Identical to one the archive has.
    pub present: u64,
    pub snapshots: u64,
}

/// The values of a fetch record, in [`FetchRecord::read`]'s and
/// [`FetchRecord::values`]' order: what the queries select, the size query
/// counts and a restore inserts.
const FETCH_VALUES: &[&str] =
    &["url", "method", "fetched_at", "http_status", "error", "snapshot", "attempts", "busy", "waited_ms"];

impl FetchRecord {
    /// A row of [`FETCH_VALUES`], in that order.
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<FetchRecord> {
        Ok(FetchRecord {
            url: r.get(0)?,
            method: r.get(1)?,
            fetched_at: r.get(2)?,
            http_status: r.get(3)?,
            error: r.get(4)?,
            snapshot: r.get(5)?,
            attempts: r.get(6)?,
            busy: r.get(7)?,
            waited_ms: r.get(8)?,
        })
    }

    /// Its values in [`FETCH_VALUES`]' order, as [`FetchRecord::read`]
    /// reads them back.
    fn values(&self) -> [&dyn ToSql; 9] {
        [
            &self.url,
            &self.method,
            &self.fetched_at,
            &self.http_status,
            &self.error,
            &self.snapshot,
            &self.attempts,
            &self.busy,
            &self.waited_ms,
        ]
    }
}

/// The values of a snapshot, as the size query counts them.
const SNAPSHOT_VALUES: &[&str] = &["bytes", "content_type", "first_seen"];

impl Store {
    /// The size of each snapshot of `shas` the archive holds (see
    /// [`MAX_ROW_BYTES`]), read without reading its bytes.
    pub fn snapshot_sizes(&self, shas: &[String]) -> Result<Vec<(String, u64)>, StoreError> {
        let query = format!("SELECT {} FROM snapshots s WHERE s.sha256 = ?1", row_bytes("s", SNAPSHOT_VALUES));
        let mut statement = self.conn.prepare_cached(&query).map_err(self.err())?;
        let mut out = Vec::new();
        for sha in shas {
            if let Some(bytes) = statement.query_row([sha], |r| r.get::<_, i64>(0)).optional().map_err(self.err())? {
                out.push((sha.clone(), u64::try_from(bytes).unwrap_or(0)));
            }
        }
        Ok(out)
    }

    /// The snapshots of these sha256s that the archive holds, each with its
    /// bytes, or why it cannot be read (a value of the wrong type, or more
    /// than [`MAX_ROW_BYTES`], found before its bytes are read).
    pub fn snapshots_of(&self, shas: &[String]) -> Result<Vec<(String, RowResult<Snapshot>)>, StoreError> {
        let mut out = Vec::new();
        for (sha, bytes) in self.snapshot_sizes(shas)? {
            if bytes > MAX_ROW_BYTES {
                out.push((sha, Err(too_large(bytes))));
                continue;
            }
            let read = self
                .conn
                .prepare_cached("SELECT sha256, bytes, content_type, first_seen FROM snapshots WHERE sha256 = ?1")
                .and_then(|mut s| {
                    s.query_row([&sha], |r| {
                        Ok((|| {
                            Ok(Snapshot {
                                sha256: r.get(0)?,
                                bytes: r.get(1)?,
                                content_type: r.get(2)?,
                                first_seen: r.get(3)?,
                            })
                        })()
                        .map_err(unreadable))
                    })
                })
                .map_err(self.err())?;
            out.push((sha, read));
        }
        Ok(out)
    }

    /// Every snapshot's sha256, in order; a name that is not one (64
    /// characters of text) is left out: no page can be stored under it.
    pub fn snapshot_shas(&self) -> Result<Vec<String>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT sha256 FROM snapshots WHERE typeof(sha256) = 'text' AND octet_length(sha256) = 64 \
                 ORDER BY sha256",
            )
            .map_err(self.err())?;
        let rows = statement.query_map([], |r| r.get(0)).map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// The snapshots whose name is not a sha256 (64 characters of text),
    /// which [`Store::snapshot_shas`] leaves out: each row's id, and what
    /// its name is instead.
    pub fn misnamed_snapshots(&self) -> Result<Vec<(i64, String)>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT rowid, typeof(sha256), coalesce(octet_length(sha256), 0) FROM snapshots \
                 WHERE NOT (typeof(sha256) = 'text' AND octet_length(sha256) = 64) ORDER BY rowid",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map([], |r| Ok((r.get(0)?, format!("{} of {} bytes", r.get::<_, String>(1)?, r.get::<_, i64>(2)?))))
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// Those of `shas` the archive does not hold.
    pub fn missing_snapshots(&self, shas: &[String]) -> Result<Vec<String>, StoreError> {
        let mut statement =
            self.conn.prepare_cached("SELECT 1 FROM snapshots WHERE sha256 = ?1").map_err(self.err())?;
        let mut missing = Vec::new();
        for sha in shas {
            if !statement.exists([sha]).map_err(self.err())? {
                missing.push(sha.clone());
            }
        }
        Ok(missing)
    }

    /// Up to `limit` fetch records after the row id `after` (fewer where
    /// they would hold more than [`READ_BUDGET`] together), in id order,
    /// each with its id (for the next call), or why it cannot be read (a
    /// value of the wrong type, or more than [`MAX_ROW_BYTES`], found
    /// before its values are read).
    pub fn fetch_records(&self, after: i64, limit: usize) -> Result<Vec<(i64, RowResult<FetchRecord>)>, StoreError> {
        let sizes = format!(
            "SELECT f.id, {} FROM fetches f WHERE f.id > ?1 ORDER BY f.id LIMIT ?2",
            row_bytes("f", FETCH_VALUES)
        );
        let mut statement = self.conn.prepare_cached(&sizes).map_err(self.err())?;
        let sized: Vec<(i64, i64)> = statement
            .query_map(params![after, limit as i64], |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(self.err())?
            .collect::<Result<_, _>>()
            .map_err(self.err())?;
        let mut statement = self
            .conn
            .prepare_cached(&format!("SELECT {} FROM fetches WHERE id = ?1", FETCH_VALUES.join(", ")))
            .map_err(self.err())?;
        let mut out = Vec::with_capacity(sized.len());
        let mut budget = READ_BUDGET;
        for (id, bytes) in sized {
            let bytes = u64::try_from(bytes).unwrap_or(0);
            if bytes > MAX_ROW_BYTES {
                out.push((id, Err(too_large(bytes))));
                continue;
            }
            if bytes > budget && !out.is_empty() {
                // The rest in the next call, which starts after the last id given.
                break;
            }
            budget = budget.saturating_sub(bytes);
            let read =
                statement.query_row([id], |r| Ok(FetchRecord::read(r).map_err(unreadable))).map_err(self.err())?;
            out.push((id, read));
        }
        Ok(out)
    }

    /// Stores `snapshots` and then the fetch records the log does not have
    /// identically already, in one transaction.
    pub fn restore_fetches(
        &mut self,
        snapshots: &[Snapshot],
        fetches: &[FetchRecord],
    ) -> Result<FetchesRestored, StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let mut done = FetchesRestored { snapshots: put_snapshots(&tx, snapshots).map_err(err)?, ..Default::default() };
        // The log has no index but its id: one scan over the chunk's span
        // of times finds the records it already has.
        let (Some(first), Some(last)) =
            (fetches.iter().map(|f| &f.fetched_at).min(), fetches.iter().map(|f| &f.fetched_at).max())
        else {
            tx.commit().map_err(err)?;
            return Ok(done);
        };
        let mut held: HashSet<FetchRecord> = {
            let mut statement = tx
                .prepare(&format!("SELECT {} FROM fetches WHERE fetched_at BETWEEN ?1 AND ?2", FETCH_VALUES.join(", ")))
                .map_err(err)?;
            let rows = statement.query_map([first, last], FetchRecord::read).map_err(err)?;
            rows.collect::<Result<_, _>>().map_err(err)?
        };
        let insert = format!(
            "INSERT INTO fetches ({}) VALUES ({})",
            FETCH_VALUES.join(", "),
            (1..=FETCH_VALUES.len()).map(|n| format!("?{n}")).collect::<Vec<_>>().join(", ")
        );
        for f in fetches {
            if !held.insert(f.clone()) {
                done.present += 1;
                continue;
            }
            tx.prepare_cached(&insert).and_then(|mut s| s.execute(f.values().as_slice())).map_err(err)?;
            done.added += 1;
        }
        tx.commit().map_err(err)?;
        Ok(done)
    }
}
