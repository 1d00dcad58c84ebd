//! Tilings read from photos of calendar boards, each kept beside its
//! date's puzzle.

use rusqlite::{OptionalExtension, params};

use super::{Store, StoreError};

/// A photo's reading, to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewReading {
    pub puzzle: i64,
    /// The calendar's text form of the tiling.
    pub tiling: String,
    pub photo: String,
    pub photo_sha256: String,
    /// Cell sides changed to reach a valid tiling; 0 when read as seen.
    pub corrected: u32,
}

impl Store {
    /// Stores a reading; `false` when the puzzle has this photo's reading
    /// already (then nothing changes).
    pub fn add_calendar_reading(&mut self, reading: &NewReading) -> Result<bool, StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let added = tx
            .execute(
                "INSERT INTO calendar_readings (puzzle, tiling, photo, photo_sha256, corrected) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (puzzle, photo_sha256) DO NOTHING",
                params![reading.puzzle, reading.tiling, reading.photo, reading.photo_sha256, reading.corrected],
            )
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(added == 1)
    }

    /// The tilings read from photos of a puzzle, oldest first.
    pub fn calendar_readings(&self, puzzle: i64) -> Result<Vec<NewReading>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT tiling, photo, photo_sha256, corrected FROM calendar_readings WHERE puzzle = ?1 ORDER BY id",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map([puzzle], |r| {
                Ok(NewReading {
                    puzzle,
                    tiling: r.get(0)?,
                    photo: r.get(1)?,
                    photo_sha256: r.get(2)?,
                    corrected: r.get(3)?,
                })
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// The id of the stored puzzle of `kind` with exactly this text, if any.
    pub fn puzzle_with_text(&self, kind: aquarchive_kinds::Kind, text: &str) -> Result<Option<i64>, StoreError> {
        self.conn
            .query_row(
                "SELECT id FROM puzzles WHERE kind = ?1 AND canonical_hash = ?2 ORDER BY id LIMIT 1",
                params![kind.name(), super::sha256_hex(text.as_bytes())],
                |r| r.get(0),
            )
            .optional()
            .map_err(self.err())
    }
}
