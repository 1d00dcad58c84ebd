//! Raw page snapshots: the bytes of every page fetched, kept once however
//! often seen, under their sha256.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};
use aquarchive_shared::sha256_hex;

impl Store {
    /// Keeps the bytes of a fetched page (once, however often seen) and
    /// returns their sha256.
    pub fn put_snapshot(&mut self, bytes: &[u8], content_type: Option<&str>) -> Result<String, StoreError> {
        let sha = sha256_hex(bytes);
        self.conn
            .execute(
                "INSERT OR IGNORE INTO snapshots (sha256, bytes, content_type) VALUES (?1, ?2, ?3)",
                params![sha, bytes, content_type],
            )
            .map_err(self.err())?;
        Ok(sha)
    }

    pub fn snapshot(&self, sha256: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.conn
            .query_row("SELECT bytes FROM snapshots WHERE sha256 = ?1", [sha256], |r| r.get(0))
            .optional()
            .map_err(self.err())
    }

    /// Pages fetched that gave no stored puzzle (an error page, a page the
    /// extractor could not read): each snapshot once, as the URL of its
    /// first fetch, oldest first. What `reparse` tries again. The pages of
    /// removed puzzles are among them only `with_removed`: a puzzle removed
    /// stays removed until asked back.
    pub fn pages_without_puzzle(&self, with_removed: bool) -> Result<Vec<PageWithoutPuzzle>, StoreError> {
        let removed = "(SELECT max(id) FROM removed_puzzles r WHERE r.snapshot = f.snapshot)";
        let leave_removed = if with_removed { String::new() } else { format!("AND {removed} IS NULL ") };
        let mut statement = self
            .conn
            .prepare(&format!(
                "SELECT f.url, f.method, f.snapshot, {removed} FROM fetches f WHERE f.snapshot IS NOT NULL \
                 AND NOT EXISTS (SELECT 1 FROM puzzles p WHERE p.snapshot = f.snapshot) {leave_removed}\
                 AND f.id = (SELECT min(id) FROM fetches WHERE snapshot = f.snapshot) ORDER BY f.id"
            ))
            .map_err(self.err())?;
        let rows = statement
            .query_map([], |r| {
                Ok(PageWithoutPuzzle { url: r.get(0)?, method: r.get(1)?, sha256: r.get(2)?, removed: r.get(3)? })
            })
            .map_err(self.err())?;
        rows.collect::<rusqlite::Result<_>>().map_err(self.err())
    }
}

/// A page fetched whose puzzle the archive does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageWithoutPuzzle {
    /// The URL of its first fetch (what was asked for) and how it was
    /// fetched (`file`: a page saved to a file and imported).
    pub url: String,
    pub method: String,
    pub sha256: String,
    /// The puzzle it gave, removed since (the last, if several were).
    pub removed: Option<i64>,
}
