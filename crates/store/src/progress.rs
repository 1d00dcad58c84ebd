//! A player's progress on the puzzles, as the HTML archive's pages keep it
//! in the browser and `import progress.json` brings it here: one row a
//! puzzle. Which of two records is kept is the archive's rule
//! (the library's `archive::progress`); the store reads and writes them.

use jiff::Timestamp;
use rusqlite::{Row, params};
use serde::Serialize;

use super::columns;
use super::model::serialize_maybe_time;
use super::{Store, StoreError};
use aquarchive_shared::time_text;

/// A player's progress on one puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Progress {
    /// The cells as played, in the page's own form for the kind.
    pub grid: String,
    /// The time played, in seconds.
    pub seconds: u64,
    /// Whether a cell is set.
    pub started: bool,
    /// Whether the grid kept is the solution.
    pub solved: bool,
    /// When it was first solved; `None` when it was not, or was solved
    /// before the page kept the time.
    #[serde(serialize_with = "serialize_maybe_time")]
    pub solved_at: Option<Timestamp>,
    /// Hints and mistake checks taken.
    pub help: u64,
    /// Whether the solution was shown.
    pub shown: bool,
}

/// One puzzle's progress with what it is known by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptProgress {
    pub puzzle: i64,
    /// The puzzle's `canonical_hash`, of which its progress key is the start.
    pub canonical_hash: String,
    pub progress: Progress,
}

/// Puzzles played, by kind and size class (as [`super::Count`] groups them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProgressCount {
    #[serde(serialize_with = "super::model::serialize_kind")]
    pub kind: aquarchive_kinds::Kind,
    pub size_class: Option<i64>,
    pub width: i64,
    pub height: i64,
    /// Puzzles with progress kept.
    pub played: u64,
    /// Of them, solved (now or once).
    pub solved: u64,
    /// Solved with help taken (hints or mistake checks).
    pub solved_with_help: u64,
    /// The solution shown, solved or not.
    pub solution_shown: u64,
}

const PROGRESS_COLUMNS: &str = "g.puzzle, p.canonical_hash, g.grid, g.seconds, g.started, g.solved, g.solved_at, \
                                g.help, g.shown";

fn read_kept(r: &Row) -> rusqlite::Result<KeptProgress> {
    let puzzle: i64 = r.get(0)?;
    let place = format_args!("puzzle {puzzle}'s progress");
    Ok(KeptProgress {
        puzzle,
        canonical_hash: r.get(1)?,
        progress: Progress {
            grid: r.get(2)?,
            seconds: r.get::<_, i64>(3)?.max(0) as u64,
            started: r.get(4)?,
            solved: r.get(5)?,
            solved_at: columns::maybe_time(r, 6, "solved_at", place)?,
            help: r.get::<_, i64>(7)?.max(0) as u64,
            shown: r.get(8)?,
        },
    })
}

impl Store {
    /// Every puzzle's progress kept, by puzzle id.
    pub fn progress(&self) -> Result<Vec<KeptProgress>, StoreError> {
        let mut statement = self
            .conn
            .prepare(&format!(
                "SELECT {PROGRESS_COLUMNS} FROM progress g JOIN puzzles p ON p.id = g.puzzle ORDER BY g.puzzle"
            ))
            .map_err(self.err())?;
        let rows = statement.query_map([], read_kept).map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// The puzzles whose `canonical_hash` starts with one of `prefixes`,
    /// each with its hash. One pass over the puzzles: a progress file
    /// names few, and no index serves a prefix of the hash across kinds.
    pub fn puzzles_by_hash_prefix(
        &self,
        prefixes: &std::collections::HashSet<String>,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let lengths: std::collections::BTreeSet<usize> = prefixes.iter().map(String::len).collect();
        let mut statement =
            self.conn.prepare("SELECT id, canonical_hash FROM puzzles ORDER BY id").map_err(self.err())?;
        let mut rows = statement.query([]).map_err(self.err())?;
        let mut found = Vec::new();
        while let Some(row) = rows.next().map_err(self.err())? {
            let hash: String = row.get(1).map_err(self.err())?;
            if lengths.iter().any(|&n| hash.get(..n).is_some_and(|start| prefixes.contains(start))) {
                found.push((row.get(0).map_err(self.err())?, hash));
            }
        }
        Ok(found)
    }

    /// Keeps each puzzle's progress in the place of what it had, all in one
    /// transaction.
    pub fn put_progress(&mut self, rows: &[(i64, Progress)]) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        for (puzzle, p) in rows {
            tx.prepare_cached(
                "INSERT OR REPLACE INTO progress (puzzle, grid, seconds, started, solved, solved_at, help, shown) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )
            .and_then(|mut s| {
                s.execute(params![
                    puzzle,
                    p.grid,
                    i64::try_from(p.seconds).unwrap_or(i64::MAX),
                    p.started,
                    p.solved,
                    p.solved_at.map(time_text),
                    i64::try_from(p.help).unwrap_or(i64::MAX),
                    p.shown
                ])
            })
            .map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    /// Puzzles played by kind and size class, in the order of [`Store::counts`].
    pub fn progress_counts(&self) -> Result<Vec<ProgressCount>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT p.kind, p.size_class, p.width, p.height, count(*), \
                 sum(g.solved OR g.solved_at IS NOT NULL), \
                 sum((g.solved OR g.solved_at IS NOT NULL) AND g.help > 0), sum(g.shown <> 0), min(p.id) \
                 FROM progress g JOIN puzzles p ON p.id = g.puzzle \
                 GROUP BY p.kind, p.size_class, p.width, p.height \
                 ORDER BY p.kind, p.size_class IS NULL, p.size_class, p.width * p.height, p.width",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map([], |r| {
                let first: i64 = r.get(8)?;
                let n = |i| r.get::<_, i64>(i).map(|n| n.max(0) as u64);
                Ok(ProgressCount {
                    kind: columns::kind(r, 0, format_args!("puzzle {first}"))?,
                    size_class: r.get(1)?,
                    width: r.get(2)?,
                    height: r.get(3)?,
                    played: n(4)?,
                    solved: n(5)?,
                    solved_with_help: n(6)?,
                    solution_shown: n(7)?,
                })
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }
}
