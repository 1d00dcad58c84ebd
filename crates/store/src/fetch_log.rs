//! The log of fetch attempts as `aquarchive log` and `stats` read it.
//!
//! A row of `fetches` says what the fetch got (HTTP status, snapshot) and
//! why it gave no good puzzle (`error`); what became of it is derived, not
//! stored: no error means the page gave a puzzle (new or already held); an
//! error with a stored puzzle on that very page means the puzzle was kept
//! flagged (rejected); an error without one means the fetch failed or the
//! page could not be read. A puzzle removed since (`remove`) still counts
//! as the page's, and a fetch whose page gave only removed puzzles names
//! the last one removed, as removed: the log says what happened, and never
//! points at a puzzle that is gone as if it were there.

use jiff::Timestamp;
use rusqlite::{OptionalExtension, Row, ToSql, params};
use serde::Serialize;

use super::columns;
use super::model::{Filter, serialize_maybe_time, serialize_time};
use super::puzzles::PUZZLE_FROM;
use super::{Store, StoreError};
use aquarchive_shared::Tries;

/// What became of one fetch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FetchOutcome {
    /// The page gave a good puzzle (stored now or held already).
    Ok,
    /// The page gave a puzzle that is stored flagged (invalid, no or
    /// several solutions, a tank count that does not fit its class).
    Rejected,
    /// No puzzle: the fetch failed, or the page could not be read.
    Failed,
}

impl FetchOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            FetchOutcome::Ok => "ok",
            FetchOutcome::Rejected => "rejected",
            FetchOutcome::Failed => "failed",
        }
    }
}

/// One fetch attempt as logged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Fetch {
    pub url: String,
    pub method: String,
    #[serde(serialize_with = "serialize_time")]
    pub fetched_at: Timestamp,
    pub http_status: Option<u16>,
    pub error: Option<String>,
    pub snapshot: Option<String>,
}

/// One fetch attempt with what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoggedFetch {
    pub id: i64,
    #[serde(serialize_with = "serialize_time")]
    pub fetched_at: Timestamp,
    pub url: String,
    pub method: String,
    pub outcome: FetchOutcome,
    pub http_status: Option<u16>,
    pub error: Option<String>,
    /// The stored puzzle that came from this fetch's page, if any.
    pub puzzle: Option<i64>,
    /// Where the page's puzzle is stored no more: the id it had, and when
    /// it was removed.
    pub removed_puzzle: Option<i64>,
    #[serde(serialize_with = "serialize_maybe_time")]
    pub removed_at: Option<Timestamp>,
    /// That puzzle's (or the removed one's) size class and, for a special,
    /// its date.
    pub size_class: Option<i64>,
    pub special_date: Option<String>,
    pub snapshot: Option<String>,
    /// None for fetches logged before the archive kept it.
    pub tries: Option<Tries>,
}

/// Which fetches [`Store::fetch_log`] reads.
#[derive(Clone, Debug, Default)]
pub struct FetchQuery {
    /// Only the fetches that gave no good puzzle (failed or rejected).
    pub failed: bool,
    /// At or after this UTC time (`2026-11-30`, `2026-11-30T06:00`).
    pub since: Option<String>,
    /// At most this many, the newest.
    pub limit: Option<u64>,
}

/// The fetch log in numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FetchCounts {
    pub fetches: u64,
    pub failed: u64,
    pub rejected: u64,
    /// When the newest fetch was made, and the newest that failed.
    #[serde(serialize_with = "serialize_maybe_time")]
    pub last: Option<Timestamp>,
    #[serde(serialize_with = "serialize_maybe_time")]
    pub last_failed: Option<Timestamp>,
    /// Requests made beyond each fetch's first, and answers that asked to
    /// slow down (HTTP 429 or 503), over the whole log.
    pub retries: u64,
    pub busy: u64,
}

/// The outcome of a row, from its error and the puzzle on its page, stored
/// or removed since (see the module's comment).
const OUTCOME: &str = "CASE WHEN f.error IS NULL THEN 'ok' \
    WHEN p.id IS NOT NULL OR r.id IS NOT NULL THEN 'rejected' ELSE 'failed' END";

/// Each fetch with the puzzle its page gave (the lowest id, if several
/// records share the page) or, where none is stored, the last one removed.
const FETCH_FROM: &str = "FROM fetches f LEFT JOIN puzzles p \
    ON p.id = (SELECT min(id) FROM puzzles WHERE snapshot = f.snapshot) \
    LEFT JOIN removed_puzzles r \
    ON p.id IS NULL AND r.id = (SELECT max(id) FROM removed_puzzles WHERE snapshot = f.snapshot)";

impl Store {
    /// Records one fetch, failed or not, with the requests it took.
    pub fn log_fetch(
        &mut self,
        url: &str,
        method: &str,
        http_status: Option<u16>,
        error: Option<&str>,
        snapshot: Option<&str>,
        tries: Tries,
    ) -> Result<i64, StoreError> {
        self.conn
            .execute(
                "INSERT INTO fetches (url, method, http_status, error, snapshot, attempts, busy, waited_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![url, method, http_status, error, snapshot, tries.attempts, tries.busy, tries.waited_ms as i64],
            )
            .map_err(self.err())?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Fetch attempts, newest first.
    pub fn fetch_log(&self, query: &FetchQuery) -> Result<Vec<LoggedFetch>, StoreError> {
        let mut terms = vec!["1".to_string()];
        let mut values: Vec<Box<dyn ToSql>> = Vec::new();
        if query.failed {
            terms.push("f.error IS NOT NULL".into());
        }
        if let Some(since) = &query.since {
            values.push(Box::new(since.clone()));
            terms.push(format!("f.fetched_at >= ?{}", values.len()));
        }
        // SQLite's LIMIT is a signed 64-bit number: a larger one is all rows.
        let limit = query.limit.map(|n| format!(" LIMIT {}", n.min(i64::MAX as u64))).unwrap_or_default();
        let sql = format!(
            "SELECT f.id, f.fetched_at, f.url, f.method, {OUTCOME}, f.http_status, f.error, p.id, f.snapshot, \
             f.attempts, f.busy, f.waited_ms, coalesce(p.size_class, r.size_class), \
             coalesce(p.special_date, r.special_date), r.id, r.removed_at \
             {FETCH_FROM} WHERE {} ORDER BY f.id DESC{limit}",
            terms.join(" AND ")
        );
        let mut statement = self.conn.prepare(&sql).map_err(self.err())?;
        let params: Vec<&dyn ToSql> = values.iter().map(|v| v.as_ref()).collect();
        let rows = statement.query_map(params.as_slice(), read_fetch).map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// How many fetches the log holds, how many gave no good puzzle, and
    /// when the last ones were.
    pub fn fetch_counts(&self) -> Result<FetchCounts, StoreError> {
        let sql = format!(
            "SELECT count(*), coalesce(sum(outcome = 'failed'), 0), coalesce(sum(outcome = 'rejected'), 0), \
             max(fetched_at), max(CASE WHEN outcome <> 'ok' THEN fetched_at END), \
             coalesce(sum(max(attempts - 1, 0)), 0), coalesce(sum(busy), 0) \
             FROM (SELECT {OUTCOME} AS outcome, f.fetched_at, f.attempts, f.busy {FETCH_FROM})"
        );
        self.conn
            .query_row(&sql, [], |r| {
                Ok(FetchCounts {
                    fetches: r.get::<_, i64>(0)? as u64,
                    failed: r.get::<_, i64>(1)? as u64,
                    rejected: r.get::<_, i64>(2)? as u64,
                    last: columns::maybe_time(r, 3, "fetched_at", "the fetch log")?,
                    last_failed: columns::maybe_time(r, 4, "fetched_at", "the fetch log")?,
                    retries: r.get::<_, i64>(5)? as u64,
                    busy: r.get::<_, i64>(6)? as u64,
                })
            })
            .map_err(self.err())
    }

    /// The fetches that returned each matching puzzle's page (its
    /// snapshot), as (puzzle id, fetch), by puzzle id and then oldest first.
    pub fn fetch_history(&self, filter: &Filter) -> Result<Vec<(i64, Fetch)>, StoreError> {
        let (condition, values) = filter.sql();
        let query = format!(
            "SELECT p.id, {FETCH_COLUMNS} {PUZZLE_FROM} \
             JOIN fetches f ON f.snapshot = p.snapshot WHERE {condition} ORDER BY p.id, f.id"
        );
        let mut statement = self.conn.prepare(&query).map_err(self.err())?;
        let params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
        let rows =
            statement.query_map(params.as_slice(), |r| Ok((r.get(0)?, read_plain_fetch(r, 1)?))).map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// The newest fetch of `url` that the site answered (one logged with no
    /// error), if any: robots.txt is asked for at most once a day, and its
    /// last answer stands in while the site cannot give it.
    pub fn newest_answered_fetch(&self, url: &str) -> Result<Option<Fetch>, StoreError> {
        self.conn
            .query_row(
                &format!(
                    "SELECT {FETCH_COLUMNS} FROM fetches f WHERE f.url = ?1 AND f.error IS NULL \
                     ORDER BY f.id DESC LIMIT 1"
                ),
                [url],
                |r| read_plain_fetch(r, 0),
            )
            .optional()
            .map_err(self.err())
    }
}

impl Store {
    /// The pages of the newest `limit` fetches whose URL holds one of
    /// `marks` (a site's host or path), newest first, with their bytes:
    /// what the archive learns a site's classes from. Only pages (`text/html`
    /// snapshots), not robots.txt.
    pub fn newest_pages_under(&self, marks: &[String], limit: u32) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let mut clauses = Vec::new();
        let mut values: Vec<String> = Vec::new();
        for mark in marks {
            values.push(format!("%{}%", mark.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
            clauses.push(format!("f.url LIKE ?{} ESCAPE '\\'", values.len()));
        }
        if clauses.is_empty() {
            return Ok(Vec::new());
        }
        let query = format!(
            "SELECT f.url, s.bytes FROM fetches f JOIN snapshots s ON s.sha256 = f.snapshot \
             WHERE ({}) AND (s.content_type IS NULL OR s.content_type = 'text/html') ORDER BY f.id DESC LIMIT {limit}",
            clauses.join(" OR ")
        );
        let mut statement = self.conn.prepare(&query).map_err(self.err())?;
        let params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
        let rows = statement.query_map(params.as_slice(), |r| Ok((r.get(0)?, r.get(1)?))).map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }
}

/// The columns [`read_plain_fetch`] reads, in its order.
const FETCH_COLUMNS: &str = "f.url, f.method, f.fetched_at, f.http_status, f.error, f.snapshot, f.id";

/// A [`Fetch`] from [`FETCH_COLUMNS`], selected from column `at` on.
fn read_plain_fetch(r: &Row, at: usize) -> rusqlite::Result<Fetch> {
    let id: i64 = r.get(at + 6)?;
    Ok(Fetch {
        url: r.get(at)?,
        method: r.get(at + 1)?,
        fetched_at: columns::time(r, at + 2, "fetched_at", format_args!("fetch {id}"))?,
        http_status: r.get(at + 3)?,
        error: r.get(at + 4)?,
        snapshot: r.get(at + 5)?,
    })
}

fn read_fetch(r: &Row) -> rusqlite::Result<LoggedFetch> {
    let outcome = match r.get::<_, String>(4)?.as_str() {
        "ok" => FetchOutcome::Ok,
        "rejected" => FetchOutcome::Rejected,
        _ => FetchOutcome::Failed,
    };
    let id = r.get(0)?;
    Ok(LoggedFetch {
        id,
        fetched_at: columns::time(r, 1, "fetched_at", format_args!("fetch {id}"))?,
        url: r.get(2)?,
        method: r.get(3)?,
        outcome,
        http_status: r.get(5)?,
        error: r.get(6)?,
        puzzle: r.get(7)?,
        removed_puzzle: r.get(14)?,
        removed_at: columns::maybe_time(r, 15, "removed_at", format_args!("fetch {id}"))?,
        size_class: r.get(12)?,
        special_date: r.get(13)?,
        snapshot: r.get(8)?,
        tries: match (r.get(9)?, r.get(10)?, r.get::<_, Option<i64>>(11)?) {
            (Some(attempts), Some(busy), Some(waited_ms)) => {
                Some(Tries { attempts, busy, waited_ms: u64::try_from(waited_ms).unwrap_or(0) })
            }
            _ => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Access, NewPuzzle, Status, Store, Tries};
    use super::{FetchOutcome, FetchQuery};

    fn puzzle(snapshot: &str, status: Status) -> NewPuzzle {
        NewPuzzle {
            kind: aquarchive_kinds::Kind::Aquarium,
            source: "https://example.org/".into(),
            size_class: None,
            site_id: None,
            special_date: None,
            width: 1,
            height: 1,
            text: format!("text of {snapshot}"),
            snapshot: Some(snapshot.into()),
            extractor_version: Some(1),
            status,
            note: None,
        }
    }

    #[test]
    fn outcomes_come_from_the_error_and_the_puzzle_on_the_page() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("a.sqlite"), Access::ReadWrite).unwrap();
        let good = store.put_snapshot(b"good page", None).unwrap();
        let bad = store.put_snapshot(b"bad puzzle", None).unwrap();
        let broken = store.put_snapshot(b"no puzzle", None).unwrap();
        store.add(&[(puzzle(&good, Status::Ok), None), (puzzle(&bad, Status::Invalid), None)]).unwrap();
        store.log_fetch("u1", "http", Some(200), None, Some(&good), Tries::ONE).unwrap();
        store.log_fetch("u2", "http", Some(200), Some("clue sums differ"), Some(&bad), Tries::ONE).unwrap();
        store.log_fetch("u3", "http", Some(200), Some("no puzzle on the page"), Some(&broken), Tries::ONE).unwrap();
        let hard = Tries { attempts: 3, busy: 2, waited_ms: 1500 };
        store.log_fetch("u4", "http", None, Some("connection refused"), None, hard).unwrap();

        let log = store.fetch_log(&FetchQuery::default()).unwrap();
        let seen: Vec<(&str, FetchOutcome, bool)> =
            log.iter().map(|f| (f.url.as_str(), f.outcome, f.puzzle.is_some())).collect();
        assert_eq!(
            seen,
            [
                ("u4", FetchOutcome::Failed, false),
                ("u3", FetchOutcome::Failed, false),
                ("u2", FetchOutcome::Rejected, true),
                ("u1", FetchOutcome::Ok, true),
            ]
        );
        let failed = store.fetch_log(&FetchQuery { failed: true, limit: Some(2), ..FetchQuery::default() }).unwrap();
        assert_eq!(failed.iter().map(|f| f.url.as_str()).collect::<Vec<_>>(), ["u4", "u3"]);
        let later = store.fetch_log(&FetchQuery { since: Some("2999-01-01".into()), ..FetchQuery::default() }).unwrap();
        assert!(later.is_empty());

        let counts = store.fetch_counts().unwrap();
        assert_eq!((counts.fetches, counts.failed, counts.rejected), (4, 2, 1));
        assert!(counts.last.is_some() && counts.last_failed.is_some());
        assert_eq!((counts.retries, counts.busy), (2, 2));
        assert_eq!(log[0].tries, Some(hard));
    }
}
