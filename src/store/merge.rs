//! What merging another archive copies besides puzzle records: page
//! snapshots (by sha256, once) and fetch records (an identical record
//! once), read from the other a chunk at a time and written a chunk per
//! transaction, each with the snapshots it names.

use std::collections::HashSet;

use rusqlite::{ToSql, params};

use super::record::{Snapshot, put_snapshots};
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

impl Store {
    /// The snapshots of these sha256s that the archive holds, with their bytes.
    pub fn snapshots_of(&self, shas: &[String]) -> Result<Vec<Snapshot>, StoreError> {
        let mut statement = self
            .conn
            .prepare_cached("SELECT sha256, bytes, content_type, first_seen FROM snapshots WHERE sha256 = ?1")
            .map_err(self.err())?;
        let mut out = Vec::new();
        for sha in shas {
            let mut rows = statement.query([sha]).map_err(self.err())?;
            if let Some(r) = rows.next().map_err(self.err())? {
                out.push(
                    (|| {
                        Ok(Snapshot {
                            sha256: r.get(0)?,
                            bytes: r.get(1)?,
                            content_type: r.get(2)?,
                            first_seen: r.get(3)?,
                        })
                    })()
                    .map_err(self.err())?,
                );
            }
        }
        Ok(out)
    }

    /// Every snapshot's sha256, in order.
    pub fn snapshot_shas(&self) -> Result<Vec<String>, StoreError> {
        let mut statement = self.conn.prepare("SELECT sha256 FROM snapshots ORDER BY sha256").map_err(self.err())?;
        let rows = statement.query_map([], |r| r.get(0)).map_err(self.err())?;
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

    /// Up to `limit` fetch records after the row id `after`, in id order,
    /// each with its id (for the next call).
    pub fn fetch_records(&self, after: i64, limit: usize) -> Result<Vec<(i64, FetchRecord)>, StoreError> {
        let mut statement = self
            .conn
            .prepare_cached(
                "SELECT id, url, method, fetched_at, http_status, error, snapshot, attempts, busy, waited_ms \
                 FROM fetches WHERE id > ?1 ORDER BY id LIMIT ?2",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map(params![after, limit as i64], |r| {
                Ok((
                    r.get(0)?,
                    FetchRecord {
                        url: r.get(1)?,
                        method: r.get(2)?,
                        fetched_at: r.get(3)?,
                        http_status: r.get(4)?,
                        error: r.get(5)?,
                        snapshot: r.get(6)?,
                        attempts: r.get(7)?,
                        busy: r.get(8)?,
                        waited_ms: r.get(9)?,
                    },
                ))
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
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
                .prepare(
                    "SELECT url, method, fetched_at, http_status, error, snapshot, attempts, busy, waited_ms \
                     FROM fetches WHERE fetched_at BETWEEN ?1 AND ?2",
                )
                .map_err(err)?;
            let rows = statement
                .query_map([first, last], |r| {
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
                })
                .map_err(err)?;
            rows.collect::<Result<_, _>>().map_err(err)?
        };
        for f in fetches {
            if !held.insert(f.clone()) {
                done.present += 1;
                continue;
            }
            let values: [&dyn ToSql; 9] = [
                &f.url,
                &f.method,
                &f.fetched_at,
                &f.http_status,
                &f.error,
                &f.snapshot,
                &f.attempts,
                &f.busy,
                &f.waited_ms,
            ];
            tx.prepare_cached(
                "INSERT INTO fetches (url, method, fetched_at, http_status, error, snapshot, attempts, busy, waited_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .and_then(|mut s| s.execute(values.as_slice()))
            .map_err(err)?;
            done.added += 1;
        }
        tx.commit().map_err(err)?;
        Ok(done)
    }
}
