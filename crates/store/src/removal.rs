//! Puzzles taken out of the archive (`aquarchive remove`): each goes with
//! its solutions, grade, page facts, calendar readings and progress (the schema's
//! `ON DELETE CASCADE`), and leaves a row in `removed_puzzles` that says
//! what it was. Its page snapshot and the fetch records of that page stay:
//! the log of fetches records what happened, and reads the row to say what
//! became of the puzzle a page gave.

use rusqlite::ToSql;

use super::model::Filter;
use super::{Store, StoreError};

/// One puzzle removed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovedPuzzle {
    /// The id it had, which no other puzzle will be given.
    pub id: i64,
    /// Read from a page, which stays in the archive.
    pub from_page: bool,
}

/// What [`Store::remove`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Removal {
    /// These puzzles were removed, in the filter's order; none when
    /// nothing matched.
    Removed(Vec<RemovedPuzzle>),
    /// More puzzles matched than the caller allowed (this many), and
    /// nothing was removed.
    TooMany(u64),
    /// A stop was asked for (Ctrl-C) before the removal was committed, and
    /// nothing was removed.
    Stopped,
}

impl Store {
    /// Removes the puzzles `filter` matches, all in one transaction: all
    /// of them or (on an error, a stop, or more than `at_most` matching)
    /// none. A writer that holds the archive is waited for as every write
    /// waits.
    pub fn remove(&mut self, filter: &Filter, at_most: Option<u64>) -> Result<Removal, StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let (query, values) = filter.select("p.id, p.snapshot IS NOT NULL");
        let picked: Vec<RemovedPuzzle> = {
            let mut statement = tx.prepare(&query).map_err(err)?;
            let params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
            let rows = statement
                .query_map(params.as_slice(), |r| Ok(RemovedPuzzle { id: r.get(0)?, from_page: r.get(1)? }))
                .map_err(err)?;
            rows.collect::<Result<_, _>>().map_err(err)?
        };
        let matched = picked.len() as u64;
        if at_most.is_some_and(|most| matched > most) {
            // Dropped without a commit: rolled back.
            return Ok(Removal::TooMany(matched));
        }
        for puzzle in &picked {
            tx.prepare_cached(
                "INSERT INTO removed_puzzles (id, kind, source, size_class, site_id, special_date, canonical_hash, \
                 snapshot, status, created) SELECT id, kind, source, size_class, site_id, special_date, \
                 canonical_hash, snapshot, status, created FROM puzzles WHERE id = ?1",
            )
            .and_then(|mut s| s.execute([puzzle.id]))
            .map_err(err)?;
            // Its solutions, grade, page facts, readings and progress go with it.
            tx.prepare_cached("DELETE FROM puzzles WHERE id = ?1")
                .and_then(|mut s| s.execute([puzzle.id]))
                .map_err(err)?;
        }
        if aquarchive_shared::interrupt::requested() {
            return Ok(Removal::Stopped);
        }
        tx.commit().map_err(err)?;
        Ok(Removal::Removed(picked))
    }
}
