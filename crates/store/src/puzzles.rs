//! Puzzles and their solutions: adding (once, however often seen, a better
//! copy taking a flagged one's place), re-judging, and reading back.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, Transaction, params};

use super::columns::{self, hash_check, status};
use super::model::{Added, Count, Filter, Grade, GradeCount, NewPuzzle, Puzzle, SiteFacts, Solution, Status};
use super::{Store, StoreError};
use aquarchive_kinds::Kind;
use aquarchive_shared::{HashCheck, sha256_hex};

/// A puzzle's answer check, from `site_facts f` joined to it: 'absent'
/// where it has no page facts (it did not come from a page).
macro_rules! hash_check_sql {
    () => {
        "coalesce(f.hash_check, 'absent')"
    };
}

pub(super) const PUZZLE_COLUMNS: &str = concat!(
    "p.id, p.kind, p.source, p.size_class, p.site_id, p.width, p.height, p.text, ",
    "p.canonical_hash, p.snapshot, p.extractor_version, p.status, p.note, p.created, ",
    "s.solver_version, s.solution, s.found, s.nodes, s.micros, p.special_date, ",
    hash_check_sql!(),
    ", g.level, g.rank, g.techniques, g.hints"
);

/// Each puzzle joined with its latest solution and what its page said. The
/// latest is the one found last (`solved_at`), not the last row written: a
/// merge adds another archive's rows, of older solver versions too, with
/// the times they were found.
pub(super) const PUZZLE_FROM: &str = "FROM puzzles p LEFT JOIN solutions s \
    ON s.id = (SELECT id FROM solutions WHERE puzzle = p.id ORDER BY solved_at DESC, id DESC LIMIT 1) \
    LEFT JOIN site_facts f ON f.puzzle = p.id LEFT JOIN grades g ON g.puzzle = p.id";

impl Store {
    /// The stored puzzle that `puzzle` would duplicate, if any.
    /// A flagged copy, or one the site's hash did not confirm, is not
    /// returned: a better copy may take its place (see [`Added::Replaced`]).
    pub fn find(&self, puzzle: &NewPuzzle) -> Result<Option<i64>, StoreError> {
        let copy = stored_copy(&self.conn, puzzle, &sha256_hex(puzzle.text.as_bytes())).map_err(self.err())?;
        Ok(copy.filter(|copy| !copy.replaceable()).map(|copy| copy.id))
    }

    /// Whether any stored puzzle's solution has matched its page's
    /// `hashedSolution`: until one has, a mismatch may mean that the hash's
    /// formula is not what this tool takes it for, not that a page was garbled.
    pub fn has_hash_match(&self) -> Result<bool, StoreError> {
        self.conn
            .query_row("SELECT EXISTS (SELECT 1 FROM site_facts WHERE hash_check = 'match')", [], |r| r.get(0))
            .map_err(self.err())
    }

    /// Stored Aquarium puzzles counted by the site's answer check, in
    /// [`HashCheck::ALL`] order.
    pub fn hash_check_counts(&self) -> Result<Vec<(HashCheck, u64)>, StoreError> {
        let query = concat!(
            "SELECT ",
            hash_check_sql!(),
            " AS checked, count(*) FROM puzzles p LEFT JOIN site_facts f ON f.puzzle = p.id ",
            "WHERE p.kind = ?1 GROUP BY checked ",
            "ORDER BY CASE checked WHEN 'match' THEN 0 WHEN 'mismatch' THEN 1 ELSE 2 END"
        );
        let mut statement = self.conn.prepare(query).map_err(self.err())?;
        let rows = statement
            .query_map([Kind::Aquarium.name()], |r| {
                let place = "the Aquarium puzzles' answer checks";
                // The query's coalesce gives every puzzle a check.
                let check = hash_check(r, 0, place)?.unwrap_or(HashCheck::Absent);
                Ok((check, r.get::<_, i64>(1)? as u64))
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// Adds puzzles, each with its solution if it has one, in one
    /// transaction: all of them or (on any error) none.
    pub fn add(&mut self, batch: &[(NewPuzzle, Option<Solution>)]) -> Result<Vec<Added>, StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let added = batch
            .iter()
            .map(|(puzzle, solution)| add_one(&tx, puzzle, solution.as_ref(), None))
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        tx.commit().map_err(err)?;
        Ok(added)
    }

    /// Adds one fetched puzzle as [`Store::add`] does, and when it is stored
    /// now (new, or replacing a flagged copy) what its page said beside it,
    /// in the same transaction: a run killed in between loses neither.
    pub fn add_fetched(
        &mut self,
        puzzle: &NewPuzzle,
        solution: Option<&Solution>,
        facts: &SiteFacts,
    ) -> Result<Added, StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let added = add_one(&tx, puzzle, solution, Some(facts.hash_check)).map_err(err)?;
        if let Added::New(id) | Added::Replaced(id) = added {
            put_site_facts(&tx, id, facts).map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(added)
    }

    /// Records new verdicts on stored puzzles (a re-solve) in one
    /// transaction; a verdict without a solution (invalid) drops old ones.
    pub fn update(&mut self, batch: &[(i64, Status, Option<String>, Option<Solution>)]) -> Result<(), StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        for (id, status, note, solution) in batch {
            tx.prepare_cached("UPDATE puzzles SET status = ?2, note = ?3 WHERE id = ?1")
                .and_then(|mut s| s.execute(params![id, status.as_str(), note]))
                .map_err(err)?;
            match solution {
                Some(solution) => put_solution(&tx, *id, solution).map_err(err)?,
                // Found invalid now: an old solution would contradict that.
                None => {
                    tx.prepare_cached("DELETE FROM solutions WHERE puzzle = ?1")
                        .and_then(|mut s| s.execute([id]))
                        .map_err(err)?;
                    put_grade(&tx, *id, None).map_err(err)?;
                }
            }
        }
        tx.commit().map_err(err)
    }

    /// The page's `hashedSolution` of each of `ids` that came from a page
    /// with one.
    pub fn hashed_solutions(&self, ids: &[i64]) -> Result<std::collections::HashMap<i64, String>, StoreError> {
        let mut hashed = std::collections::HashMap::new();
        let mut statement = self
            .conn
            .prepare_cached("SELECT hashed_solution FROM site_facts WHERE puzzle = ?1 AND hashed_solution IS NOT NULL")
            .map_err(self.err())?;
        for &id in ids {
            if let Some(hash) = statement.query_row([id], |r| r.get::<_, String>(0)).optional().map_err(self.err())? {
                hashed.insert(id, hash);
            }
        }
        Ok(hashed)
    }

    /// Writes the site's answer check of puzzles judged again (`resolve`).
    pub fn put_hash_checks(&mut self, checks: &[(i64, HashCheck)]) -> Result<(), StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        for (id, check) in checks {
            tx.prepare_cached("UPDATE site_facts SET hash_check = ?2 WHERE puzzle = ?1")
                .and_then(|mut s| s.execute(params![id, check.as_str()]))
                .map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    /// Keeps what the site's page said of a stored puzzle beyond the puzzle
    /// (a special's date, the page's `hashedSolution`).
    pub fn put_site_facts(&mut self, puzzle: i64, facts: &SiteFacts) -> Result<(), StoreError> {
        put_site_facts(&self.conn, puzzle, facts).map_err(self.err())
    }

    /// Gives a stored special the date its page is now read to carry
    /// (`reparse` of a page kept before dates were read from its title).
    /// Another puzzle of the same class and date keeps it: false then.
    /// The dates of the good specials (status `ok`) of a size class the
    /// archive holds, oldest first: what a fetch need not ask for again.
    pub fn special_dates(&self, kind: Kind, size_class: i64) -> Result<Vec<String>, StoreError> {
        let mut statement = self
            .conn
            .prepare_cached(
                "SELECT special_date FROM puzzles WHERE kind = ?1 AND size_class = ?2 AND special_date IS NOT NULL \
                 AND status = 'ok' ORDER BY special_date",
            )
            .map_err(self.err())?;
        let dates = statement.query_map(params![kind.name(), size_class], |r| r.get(0)).map_err(self.err())?;
        dates.collect::<Result<_, _>>().map_err(self.err())
    }

    /// The archive's id of the good special (status `ok`) of a size class
    /// and date, if it holds one.
    pub fn special_id(&self, kind: Kind, size_class: i64, date: &str) -> Result<Option<i64>, StoreError> {
        self.conn
            .query_row(
                "SELECT id FROM puzzles WHERE kind = ?1 AND size_class = ?2 AND special_date = ?3 AND status = 'ok'",
                params![kind.name(), size_class, date],
                |r| r.get(0),
            )
            .optional()
            .map_err(self.err())
    }

    pub fn put_special_date(&mut self, puzzle: i64, date: &str) -> Result<bool, StoreError> {
        let changed = self
            .conn
            .execute("UPDATE OR IGNORE puzzles SET special_date = ?2 WHERE id = ?1", params![puzzle, date])
            .map_err(self.err())?;
        Ok(changed == 1)
    }

    /// Replaces a puzzle's text when its snapshot is re-extracted (`reparse`),
    /// with its new verdict; its old solutions go, in one transaction.
    pub fn replace_text(
        &mut self,
        id: i64,
        text: &str,
        extractor_version: i64,
        status: Status,
        note: Option<&str>,
        solution: Option<&Solution>,
    ) -> Result<(), StoreError> {
        let (tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        tx.execute(
            "UPDATE puzzles SET text = ?2, canonical_hash = ?3, extractor_version = ?4, status = ?5, note = ?6 WHERE id = ?1",
            params![id, text, sha256_hex(text.as_bytes()), extractor_version, status.as_str(), note],
        )
        .map_err(err)?;
        tx.execute("DELETE FROM solutions WHERE puzzle = ?1", [id]).map_err(err)?;
        put_grade(&tx, id, None).map_err(err)?;
        if let Some(solution) = solution {
            put_solution(&tx, id, solution).map_err(err)?;
        }
        tx.commit().map_err(err)
    }

    /// Calls `each` on every puzzle the filter matches, in id order,
    /// streaming (the archive may not fit in memory).
    pub fn each<E: From<StoreError>>(
        &self,
        filter: &Filter,
        mut each: impl FnMut(Puzzle) -> Result<(), E>,
    ) -> Result<(), E> {
        let (query, values) = filter.select(PUZZLE_COLUMNS);
        let mut statement = self.conn.prepare(&query).map_err(self.err())?;
        let params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
        let mut rows = statement.query(params.as_slice()).map_err(self.err())?;
        while let Some(row) = rows.next().map_err(self.err())? {
            each(read_puzzle(row).map_err(self.err())?)?;
        }
        Ok(())
    }

    /// All the puzzles the filter matches.
    pub fn puzzles(&self, filter: &Filter) -> Result<Vec<Puzzle>, StoreError> {
        let mut out = Vec::new();
        self.each(filter, |p| {
            out.push(p);
            Ok::<_, StoreError>(())
        })?;
        Ok(out)
    }

    pub fn puzzle(&self, id: i64) -> Result<Option<Puzzle>, StoreError> {
        self.conn
            .query_row(&format!("SELECT {PUZZLE_COLUMNS} {PUZZLE_FROM} WHERE p.id = ?1"), [id], read_puzzle)
            .optional()
            .map_err(self.err())
    }

    /// Puzzles by kind, size class and status.
    pub fn counts(&self) -> Result<Vec<Count>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT kind, size_class, width, height, status, count(*), min(id) FROM puzzles \
                 GROUP BY kind, size_class, width, height, status \
                 ORDER BY kind, size_class IS NULL, size_class, width * height, width, status",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map([], |r| {
                // A bad value is named by the first puzzle that holds it.
                let first: i64 = r.get(6)?;
                Ok(Count {
                    kind: columns::kind(r, 0, format_args!("puzzle {first}"))?,
                    size_class: r.get(1)?,
                    width: r.get(2)?,
                    height: r.get(3)?,
                    status: status(r, 4, format_args!("puzzle {first}"))?,
                    puzzles: r.get::<_, i64>(5)? as u64,
                })
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// Puzzles by kind, size class and grade (level None: not graded),
    /// easiest grade first.
    pub fn grade_counts(&self) -> Result<Vec<GradeCount>, StoreError> {
        let mut statement = self
            .conn
            .prepare(
                "SELECT p.kind, p.size_class, p.width, p.height, g.level, g.rank, count(*), min(p.id) \
                 FROM puzzles p LEFT JOIN grades g ON g.puzzle = p.id \
                 GROUP BY p.kind, p.size_class, p.width, p.height, g.level, g.rank \
                 ORDER BY p.kind, p.size_class IS NULL, p.size_class, p.width * p.height, p.width, \
                 g.rank IS NULL, g.rank",
            )
            .map_err(self.err())?;
        let rows = statement
            .query_map([], |r| {
                let first: i64 = r.get(7)?;
                Ok(GradeCount {
                    kind: columns::kind(r, 0, format_args!("puzzle {first}"))?,
                    size_class: r.get(1)?,
                    width: r.get(2)?,
                    height: r.get(3)?,
                    level: r.get(4)?,
                    rank: r.get(5)?,
                    puzzles: r.get::<_, i64>(6)? as u64,
                })
            })
            .map_err(self.err())?;
        rows.collect::<Result<_, _>>().map_err(self.err())
    }

    /// Stored puzzles that should have a solution row and have none: after
    /// any crash this must be zero.
    #[cfg(test)]
    pub(crate) fn missing_solutions(&self) -> Result<u64, StoreError> {
        self.conn
            .query_row(
                "SELECT count(*) FROM puzzles p WHERE p.status <> 'invalid' \
                 AND NOT EXISTS (SELECT 1 FROM solutions s WHERE s.puzzle = p.id)",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as u64)
            .map_err(self.err())
    }
}

/// A stored copy of a puzzle, with what decides whether another copy may
/// take its place.
pub(super) struct StoredCopy {
    pub(super) id: i64,
    /// Found by site ID or special's date, not by text: only such a copy
    /// can be a wrong reading of the puzzle its key names.
    pub(super) keyed: bool,
    pub(super) status: Status,
    pub(super) hash_check: Option<HashCheck>,
    /// Its text's sha256: whether another copy is the same puzzle.
    pub(super) canonical_hash: String,
}

impl StoredCopy {
    /// Found by its key, and flagged or not confirmed by the site's hash
    /// where the site gave one.
    fn replaceable(&self) -> bool {
        self.keyed && (self.status != Status::Ok || self.hash_check == Some(HashCheck::Mismatch))
    }

    /// Whether a copy of this verdict and answer check is better: a good
    /// copy beats a flagged one, and one the site's hash confirms beats one
    /// it did not.
    pub(super) fn replaced_by(&self, status: Status, hash_check: Option<HashCheck>) -> bool {
        self.keyed
            && status == Status::Ok
            && (self.status != Status::Ok
                || (self.hash_check == Some(HashCheck::Mismatch) && hash_check == Some(HashCheck::Match)))
    }
}

/// Adds one puzzle inside a transaction: a copy already stored is left as
/// it is, unless this one is better (see [`StoredCopy::replaced_by`]).
fn add_one(
    tx: &Transaction,
    puzzle: &NewPuzzle,
    solution: Option<&Solution>,
    hash_check: Option<HashCheck>,
) -> rusqlite::Result<Added> {
    let canonical_hash = sha256_hex(puzzle.text.as_bytes());
    match stored_copy(tx, puzzle, &canonical_hash)? {
        Some(copy) if copy.replaced_by(puzzle.status, hash_check) => {
            replace(tx, copy.id, puzzle, &canonical_hash, solution)?;
            Ok(Added::Replaced(copy.id))
        }
        Some(copy) => Ok(Added::Present(copy.id)),
        None => {
            let id = insert_puzzle(tx, puzzle, &canonical_hash, None)?;
            if let Some(solution) = solution {
                put_solution(tx, id, solution)?;
            }
            Ok(Added::New(id))
        }
    }
}

/// Inserts a puzzle's row and returns its id; `created` None is now (as
/// the schema's default writes it), else the time it was first stored
/// elsewhere (a merge, a restore from JSON lines). The id is one past any
/// a puzzle has had, removed ones too: SQLite would give a removed last id
/// again, and the fetch log and `remove`'s messages name removed puzzles by
/// theirs.
pub(super) fn insert_puzzle(
    conn: &Connection,
    puzzle: &NewPuzzle,
    canonical_hash: &str,
    created: Option<&str>,
) -> rusqlite::Result<i64> {
    let kind = puzzle.kind.name();
    let mut values = record_params(puzzle, &kind, &canonical_hash);
    values.push(&created);
    // Both tables empty: NULL, and SQLite numbers the row itself (1).
    conn.prepare_cached(
        "INSERT INTO puzzles (id, kind, source, size_class, site_id, width, height, text, canonical_hash, \
         snapshot, extractor_version, status, note, special_date, created) \
         VALUES ((SELECT max(last) + 1 FROM (SELECT max(id) AS last FROM puzzles \
         UNION ALL SELECT max(id) FROM removed_puzzles)), \
         ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, \
         coalesce(?14, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))",
    )?
    .execute(values.as_slice())?;
    Ok(conn.last_insert_rowid())
}

pub(super) fn put_site_facts(conn: &Connection, puzzle: i64, facts: &SiteFacts) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO site_facts (puzzle, hashed_solution, hash_check) VALUES (?1, ?2, ?3)",
        params![puzzle, facts.hashed_solution, facts.hash_check.as_str()],
    )?;
    Ok(())
}

/// The stored copy of `puzzle`: by site ID, else (a special) by its class
/// and date, else by canonical text (with a site ID or without). Two
/// specials of one class and different dates are two puzzles, whatever
/// their texts. `canonical_hash` is `sha256_hex` of the puzzle's text.
pub(super) fn stored_copy(
    conn: &Connection,
    puzzle: &NewPuzzle,
    canonical_hash: &str,
) -> rusqlite::Result<Option<StoredCopy>> {
    let keyed = |r: &Row| {
        let id = r.get(0)?;
        Ok(StoredCopy {
            id,
            keyed: true,
            status: status(r, 1, format_args!("puzzle {id}"))?,
            hash_check: hash_check(r, 2, format_args!("puzzle {id}"))?,
            canonical_hash: r.get(3)?,
        })
    };
    let columns = "SELECT p.id, p.status, f.hash_check, p.canonical_hash FROM puzzles p LEFT JOIN site_facts f ON f.puzzle = p.id";
    if let Some(site_id) = puzzle.site_id {
        let found = conn
            .prepare_cached(&format!("{columns} WHERE p.kind = ?1 AND p.size_class IS ?2 AND p.site_id = ?3"))?
            .query_row(params![puzzle.kind.name(), puzzle.size_class, site_id], keyed)
            .optional()?;
        if found.is_some() {
            return Ok(found);
        }
    }
    if let Some(date) = &puzzle.special_date {
        return conn
            .prepare_cached(&format!("{columns} WHERE p.kind = ?1 AND p.size_class IS ?2 AND p.special_date = ?3"))?
            .query_row(params![puzzle.kind.name(), puzzle.size_class, date], keyed)
            .optional();
    }
    if puzzle.site_id.is_some() {
        return Ok(None);
    }
    conn.prepare_cached(&format!("{columns} WHERE p.kind = ?1 AND p.canonical_hash = ?2 ORDER BY p.id LIMIT 1"))?
        .query_row(params![puzzle.kind.name(), canonical_hash], |r| Ok(StoredCopy { keyed: false, ..keyed(r)? }))
        .optional()
}

/// A puzzle record's columns, in the order the insert (and `replace`) name
/// them: kind, source, size_class, site_id, width, height, text,
/// canonical_hash, snapshot, extractor_version, status, note, special_date.
/// The kind is kept as its name (`Kind::name`), which the caller holds.
fn record_params<'a>(
    puzzle: &'a NewPuzzle,
    kind: &'a &'static str,
    canonical_hash: &'a dyn ToSql,
) -> Vec<&'a dyn ToSql> {
    vec![
        kind,
        &puzzle.source,
        &puzzle.size_class,
        &puzzle.site_id,
        &puzzle.width,
        &puzzle.height,
        &puzzle.text,
        canonical_hash,
        &puzzle.snapshot,
        &puzzle.extractor_version,
        &puzzle.status,
        &puzzle.note,
        &puzzle.special_date,
    ]
}

/// Puts `puzzle` in the place of the flagged record `id`: its text, snapshot
/// and verdict, and its solution instead of the old ones.
pub(super) fn replace(
    conn: &Connection,
    id: i64,
    puzzle: &NewPuzzle,
    canonical_hash: &str,
    solution: Option<&Solution>,
) -> rusqlite::Result<()> {
    let kind = puzzle.kind.name();
    let mut values = record_params(puzzle, &kind, &canonical_hash);
    values.push(&id);
    conn.prepare_cached(
        "UPDATE puzzles SET kind = ?1, source = ?2, size_class = ?3, site_id = ?4, width = ?5, height = ?6, \
         text = ?7, canonical_hash = ?8, snapshot = ?9, extractor_version = ?10, status = ?11, note = ?12, \
         special_date = ?13 WHERE id = ?14",
    )?
    .execute(values.as_slice())?;
    conn.prepare_cached("DELETE FROM solutions WHERE puzzle = ?1")?.execute(params![id])?;
    put_grade(conn, id, None)?;
    if let Some(solution) = solution {
        put_solution(conn, id, solution)?;
    }
    Ok(())
}

fn put_solution(conn: &Connection, puzzle: i64, s: &Solution) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO solutions (puzzle, solver_version, solution, found, nodes, micros) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
         ON CONFLICT (puzzle, solver_version) DO UPDATE SET solution = excluded.solution, found = excluded.found, \
         nodes = excluded.nodes, micros = excluded.micros, solved_at = excluded.solved_at",
    )?
    .execute(params![puzzle, s.solver_version, s.solution, s.found, s.nodes as i64, s.micros as i64])?;
    put_grade(conn, puzzle, s.grade.as_ref())
}

/// Keeps the grade found with a solution; a solve without one (no single
/// solution, or a kind without a grader) leaves no grade behind.
fn put_grade(conn: &Connection, puzzle: i64, grade: Option<&Grade>) -> rusqlite::Result<()> {
    match grade {
        Some(g) => conn
            .prepare_cached(
                "INSERT INTO grades (puzzle, level, rank, techniques, hints) VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (puzzle) DO UPDATE SET level = excluded.level, rank = excluded.rank, \
                 techniques = excluded.techniques, hints = excluded.hints, graded_at = excluded.graded_at",
            )?
            .execute(params![puzzle, g.level, g.rank, g.techniques, g.hints])?,
        None => conn.prepare_cached("DELETE FROM grades WHERE puzzle = ?1")?.execute([puzzle])?,
    };
    Ok(())
}

fn read_puzzle(r: &Row) -> rusqlite::Result<Puzzle> {
    let solution = match r.get::<_, Option<String>>(14)? {
        None => None,
        Some(solver_version) => Some(Solution {
            solver_version,
            solution: r.get(15)?,
            found: r.get(16)?,
            nodes: r.get::<_, i64>(17)? as u64,
            micros: r.get::<_, i64>(18)? as u64,
            grade: match r.get::<_, Option<String>>(21)? {
                None => None,
                Some(level) => Some(Grade { level, rank: r.get(22)?, techniques: r.get(23)?, hints: r.get(24)? }),
            },
        }),
    };
    let id = r.get(0)?;
    Ok(Puzzle {
        id,
        record: NewPuzzle {
            kind: columns::kind(r, 1, format_args!("puzzle {id}"))?,
            source: r.get(2)?,
            size_class: r.get(3)?,
            site_id: r.get(4)?,
            special_date: r.get(19)?,
            width: r.get(5)?,
            height: r.get(6)?,
            text: r.get(7)?,
            snapshot: r.get(9)?,
            extractor_version: r.get(10)?,
            status: status(r, 11, format_args!("puzzle {id}"))?,
            note: r.get(12)?,
        },
        canonical_hash: r.get(8)?,
        created: columns::time(r, 13, "created", format_args!("puzzle {id}"))?,
        hash_check: hash_check(r, 20, format_args!("puzzle {id}"))?,
        solution,
    })
}

impl Filter {
    /// The query of `columns` of the puzzles the filter matches, in its
    /// order and up to its limit, and the texts bound into it: what `each`
    /// reads and `remove` takes, picked the same way.
    pub(super) fn select(&self, columns: &str) -> (String, Vec<String>) {
        let (condition, values) = self.sql();
        let order = if self.newest_first { "DESC" } else { "ASC" };
        // SQLite's LIMIT takes a signed 64-bit count: a larger one is all.
        let limit = self.limit.and_then(|n| i64::try_from(n).ok()).unwrap_or(-1);
        (format!("SELECT {columns} {PUZZLE_FROM} WHERE {condition} ORDER BY p.id {order} LIMIT {limit}"), values)
    }

    /// The WHERE condition and the texts bound into it (numbers are
    /// written into the SQL itself).
    pub(super) fn sql(&self) -> (String, Vec<String>) {
        let mut terms = vec!["1".to_string()];
        let mut values = Vec::new();
        let mut term = |sql: &str, value: String| {
            values.push(value);
            terms.push(sql.replace('?', &format!("?{}", values.len())));
        };
        if let Some(kind) = self.kind {
            term("p.kind = ?", kind.name().into());
        }
        if let Some(status) = self.status {
            term("p.status = ?", status.as_str().into());
        }
        if let Some(since) = &self.since {
            term("p.created >= ?", since.clone());
        }
        if let Some(until) = &self.until {
            // Inclusive at the precision given: `2026-11-30` takes all that day.
            term("substr(p.created, 1, length(?)) <= ?", until.clone());
        }
        if let Some(level) = &self.grade {
            term("g.level = ?", level.clone());
        }
        if let Some(date) = &self.special_date {
            term("p.special_date = ?", date.clone());
        }
        if let Some(sizes) = &self.sizes {
            let classes: Vec<String> = sizes.classes.iter().map(i64::to_string).collect();
            let mut either = vec![format!("p.size_class IN ({})", classes.join(","))];
            if let Some((width, height)) = sizes.grid {
                either.push(format!("(p.size_class IS NULL AND p.width = {width} AND p.height = {height})"));
            }
            terms.push(format!("({})", either.join(" OR ")));
        }
        if !self.ids.is_empty() {
            let ids: Vec<String> = self.ids.iter().map(i64::to_string).collect();
            terms.push(format!("p.id IN ({})", ids.join(",")));
        }
        if self.unsolved {
            terms.push("p.status <> 'invalid' AND s.id IS NULL".into());
        }
        // A site's kinds: names of the kinds' table, written as they are.
        if !self.kinds.is_empty() {
            let names: Vec<String> = self.kinds.iter().map(|kind| format!("'{}'", kind.name())).collect();
            terms.push(format!("p.kind IN ({})", names.join(",")));
        }
        (terms.join(" AND "), values)
    }
}
