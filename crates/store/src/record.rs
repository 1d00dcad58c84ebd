//! A whole puzzle record: everything the archive keeps of one puzzle but
//! its row ids (the puzzle, every solver version's solution, its grade,
//! what its page said, the calendar readings of it), read out a chunk at a
//! time ([`Store::records`]) and written back in batches ([`Store::restore`]),
//! each record kept once as `add` keeps puzzles, with its times as recorded.
//!
//! Merging another archive and importing an export's JSON lines both go
//! through here; what checks a record from outside (its text read by its
//! kind, its solutions verified) is the library's (`archive::restore`): the
//! store never parses puzzles.

use std::collections::HashMap;

use jiff::Timestamp;
use rusqlite::{Connection, ErrorCode, OptionalExtension, Row, ToSql, params};

use super::columns::{self, hash_check, status};
use super::error::{BadValue, ValueError};
use super::model::{Filter, Grade, NewPuzzle, Puzzle, SiteFacts, Solution, Status};
use super::puzzles::{PUZZLE_FROM, StoredCopy, insert_puzzle, put_site_facts, replace, stored_copy};
use super::{Store, StoreError};
use aquarchive_shared::time_text;
use aquarchive_shared::{HashCheck, sha256_hex};

/// Everything the archive keeps of one puzzle, without its row ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub puzzle: NewPuzzle,
    /// When it was first stored.
    pub created: Timestamp,
    /// One row per solver version, in the order they were found
    /// (`solved_at`): the last is the latest (what `list`, `show` and
    /// `verify` read).
    pub solutions: Vec<Solved>,
    pub grade: Option<Graded>,
    /// What its page said (None: it did not come from a page).
    pub site_facts: Option<SiteFacts>,
    /// Tilings read from photos of it (calendar dates), oldest first.
    pub readings: Vec<Reading>,
}

/// One solver version's solution row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    pub solver_version: String,
    pub solution: Option<String>,
    pub found: u32,
    pub nodes: u64,
    pub micros: u64,
    pub solved_at: Timestamp,
}

/// A grade with the time it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub grade: Grade,
    pub graded_at: Timestamp,
}

/// A photo's reading of a calendar date, as stored beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    pub tiling: String,
    pub photo: String,
    pub photo_sha256: String,
    pub corrected: u32,
    pub read_at: Timestamp,
}

impl Record {
    /// The site's answer check as the archive's queries give it: `absent`
    /// for a puzzle without page facts.
    pub fn hash_check(&self) -> HashCheck {
        self.site_facts.as_ref().map_or(HashCheck::Absent, |f| f.hash_check)
    }

    /// The record as [`Store::each`] reads a stored puzzle: its latest
    /// solution with the grade, under the id `id`.
    pub fn view(&self, id: i64) -> Puzzle {
        let solution = self.solutions.last().map(|s| Solution {
            solver_version: s.solver_version.clone(),
            solution: s.solution.clone(),
            found: s.found,
            nodes: s.nodes,
            micros: s.micros,
            grade: self.grade.as_ref().map(|g| g.grade.clone()),
        });
        Puzzle {
            id,
            record: self.puzzle.clone(),
            canonical_hash: sha256_hex(self.puzzle.text.as_bytes()),
            created: self.created,
            hash_check: Some(self.hash_check()),
            solution,
        }
    }
}

/// What restoring one record did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Restored {
    /// Stored now, under this id.
    New(i64),
    /// The archive has the same puzzle with all the record holds.
    Present(i64),
    /// The archive had the puzzle; what it lacked of the record was added.
    Completed { id: i64, added: Additions },
    /// The record is the better copy (see `StoredCopy::replaced_by`) and
    /// took the place of the archive's; `why` says so in words.
    Replaced { id: i64, why: String },
    /// The two disagree and the archive's copy is kept as it was; `why`
    /// says what differs and why the archive's copy stays.
    Conflict { id: Option<i64>, why: String },
}

/// What was added to a puzzle the archive had.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Additions {
    /// Solution rows of solver versions it had none of.
    pub solutions: u32,
    pub readings: u32,
    pub grade: bool,
    pub site_facts: bool,
}

impl Additions {
    fn any(&self) -> bool {
        self.solutions + self.readings > 0 || self.grade || self.site_facts
    }
}

/// A page snapshot with all it keeps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub sha256: String,
    pub bytes: Vec<u8>,
    pub content_type: Option<String>,
    /// As stored (text, to keep it exactly).
    pub first_seen: String,
}

/// What a batch restore did: one outcome per record, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RestoreReport {
    pub outcomes: Vec<Restored>,
    /// Snapshots stored now (of those given).
    pub snapshots: u64,
    /// Puzzles stored now without the snapshot they name, which the archive
    /// does not hold (a JSON line carries no page bytes).
    pub snapshots_missing: u64,
}

/// A row read whole, or why it cannot be (a value of the wrong type, a word
/// this version does not know, more than [`MAX_ROW_BYTES`]).
pub type RowResult<T> = Result<T, String>;

/// The most that one row from outside the archive may hold, in bytes (see
/// [`Record::bytes`]): a puzzle's whole record (its row with its solutions,
/// grade, page facts and readings), a fetch record, a page snapshot. The
/// largest real ones hold well under a megabyte; another archive's row or a
/// JSON line past this is refused by its id or line, before its values are
/// read, so that no input makes this process hold more than a few such rows.
pub const MAX_ROW_BYTES: u64 = 16 << 20;

/// How many bytes of rows one read brings into memory at most (but always
/// one row): the chunks of records, fetch records and snapshots a merge
/// reads and writes are cut at this.
pub const READ_BUDGET: u64 = 4 * MAX_ROW_BYTES;

/// What a row counts beyond its values' bytes, so that a record of very many
/// empty rows is bounded too.
const ROW_OVERHEAD: u64 = 64;

/// Puzzles read per chunk: their solutions and readings are read with one
/// query per chunk.
const READ_CHUNK: usize = 256;

/// A record's puzzle row joined with its page facts and grade.
const RECORD_FROM: &str =
    "FROM puzzles p LEFT JOIN site_facts f ON f.puzzle = p.id LEFT JOIN grades g ON g.puzzle = p.id";

const RECORD_COLUMNS: &str = "p.id, p.kind, p.source, p.size_class, p.site_id, p.width, p.height, p.text, \
    p.snapshot, p.extractor_version, p.status, p.note, p.created, p.special_date, \
    f.hashed_solution, f.hash_check, g.level, g.rank, g.techniques, g.hints, g.graded_at";

/// The columns of each table a record's rows are read from, as the size
/// query counts them.
const PUZZLE_VALUES: &[&str] = &[
    "kind",
    "source",
    "size_class",
    "site_id",
    "width",
    "height",
    "text",
    "snapshot",
    "extractor_version",
    "status",
    "note",
    "created",
    "special_date",
];
const FACTS_VALUES: &[&str] = &["hashed_solution", "hash_check"];
const GRADE_VALUES: &[&str] = &["level", "rank", "techniques", "hints", "graded_at"];
const SOLUTION_VALUES: &[&str] = &["solver_version", "solution", "found", "nodes", "micros", "solved_at"];
const READING_VALUES: &[&str] = &["tiling", "photo", "photo_sha256", "corrected", "read_at"];

/// SQL for the bytes the values of `columns` of the row `alias` hold, with
/// [`ROW_OVERHEAD`]: `octet_length` reads a value's size without loading it.
pub(super) fn row_bytes(alias: &str, columns: &[&str]) -> String {
    let terms: Vec<String> = columns.iter().map(|c| format!("coalesce(octet_length({alias}.{c}), 0)")).collect();
    format!("({ROW_OVERHEAD} + {})", terms.join(" + "))
}

/// SQL for the bytes of the whole record of the puzzle `p` (see [`Record::bytes`]).
fn record_bytes() -> String {
    let child = |table: &str, columns: &[&str]| {
        format!("coalesce((SELECT sum({}) FROM {table} c WHERE c.puzzle = p.id), 0)", row_bytes("c", columns))
    };
    format!(
        "{} + {} + {} + {} + {}",
        row_bytes("p", PUZZLE_VALUES),
        child("site_facts", FACTS_VALUES),
        child("grades", GRADE_VALUES),
        child("solutions", SOLUTION_VALUES),
        child("calendar_readings", READING_VALUES)
    )
}

/// What a rusqlite error met reading one value of a row says, in words.
pub(super) fn unreadable(e: rusqlite::Error) -> String {
    use rusqlite::types::Type;
    let what = |t: &Type| match t {
        Type::Null => "nothing (NULL)",
        Type::Integer => "an integer",
        Type::Real => "a real number",
        Type::Text => "text",
        Type::Blob => "a blob",
    };
    match e {
        rusqlite::Error::InvalidColumnType(_, name, found) => {
            format!("its `{name}` holds {}, which that column does not take", what(&found))
        }
        rusqlite::Error::IntegralValueOutOfRange(index, value) => {
            format!("value {value} of its column {index} is out of range")
        }
        rusqlite::Error::FromSqlConversionFailure(_, _, cause) => match cause.downcast::<BadValue>() {
            Ok(bad) => bad.source.to_string(),
            Err(cause) => cause.to_string(),
        },
        other => other.to_string(),
    }
}

impl Record {
    /// About the bytes the record holds: every text it keeps, and
    /// `ROW_OVERHEAD` a row (the puzzle's, each solution's and reading's,
    /// the grade's, the page facts'). What [`MAX_ROW_BYTES`] bounds.
    pub fn bytes(&self) -> u64 {
        let len = |s: &str| s.len() as u64;
        let opt = |s: &Option<String>| s.as_deref().map_or(0, len);
        let p = &self.puzzle;
        let mut bytes = ROW_OVERHEAD
            + len(p.kind.name())
            + len(&p.source)
            + len(&p.text)
            + opt(&p.snapshot)
            + opt(&p.note)
            + opt(&p.special_date);
        for s in &self.solutions {
            bytes += ROW_OVERHEAD + len(&s.solver_version) + opt(&s.solution);
        }
        if let Some(g) = &self.grade {
            bytes += ROW_OVERHEAD + len(&g.grade.level) + len(&g.grade.techniques) + opt(&g.grade.hints);
        }
        if let Some(f) = &self.site_facts {
            bytes += ROW_OVERHEAD + opt(&f.hashed_solution);
        }
        for r in &self.readings {
            bytes += ROW_OVERHEAD + len(&r.tiling) + len(&r.photo) + len(&r.photo_sha256);
        }
        bytes
    }
}

/// Why a record of `bytes` bytes is refused.
pub fn too_large(bytes: u64) -> String {
    format!("it holds {bytes} bytes, more than the {} MiB one record may hold", MAX_ROW_BYTES >> 20)
}

impl Store {
    /// Calls `each` with the id and the whole record of every puzzle the
    /// filter matches, in id order, a chunk at a time inside one read
    /// transaction (the archive as of one moment). A record that cannot be
    /// read is an error naming it ([`StoreError::BadValue`]).
    pub fn records<E: From<StoreError>>(
        &self,
        filter: &Filter,
        mut each: impl FnMut(i64, Record) -> Result<(), E>,
    ) -> Result<(), E> {
        let _read = self.conn.unchecked_transaction().map_err(self.err())?;
        let mut after = 0;
        loop {
            let chunk = self.records_after(filter, after, READ_CHUNK)?;
            let Some((last, _)) = chunk.last() else { return Ok(()) };
            after = *last;
            for (id, record) in chunk {
                let record = record.map_err(|why| StoreError::BadValue {
                    path: self.path.clone(),
                    source: BadValue { place: format!("puzzle {id}"), source: ValueError::Row(why) },
                })?;
                each(id, record)?;
            }
        }
    }

    /// The records of up to `limit` puzzles the filter matches with ids
    /// above `after` (fewer where they would hold more than [`READ_BUDGET`]
    /// together), in id order, each read on its own: a record that
    /// cannot be read (a kind or word this version does not know, a value
    /// of the wrong type, one of its rows unreadable, or more than
    /// [`MAX_ROW_BYTES`], found before its values are read) is `Err` with
    /// why, and the others are read all the same.
    pub fn records_after(
        &self,
        filter: &Filter,
        after: i64,
        limit: usize,
    ) -> Result<Vec<(i64, RowResult<Record>)>, StoreError> {
        let (condition, values) = filter.sql();
        let mut params: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
        params.push(&after);
        // Without a filter nothing but the sizes is read: joining each
        // puzzle's latest solution would read the solutions' times.
        let from = if condition == "1" { "FROM puzzles p" } else { PUZZLE_FROM };
        let sizes = format!(
            "SELECT p.id, {} {from} WHERE {condition} AND p.id > ?{} ORDER BY p.id LIMIT {limit}",
            record_bytes(),
            params.len()
        );
        let mut statement = self.conn.prepare(&sizes).map_err(self.err())?;
        let sized: Vec<(i64, i64)> = statement
            .query_map(params.as_slice(), |r| Ok((r.get(0)?, r.get(1)?)))
            .map_err(self.err())?
            .collect::<Result<_, _>>()
            .map_err(self.err())?;
        let mut out: Vec<(i64, RowResult<Record>)> = Vec::with_capacity(sized.len());
        let mut readable = Vec::new();
        let mut budget = READ_BUDGET;
        for (id, bytes) in sized {
            let bytes = u64::try_from(bytes).unwrap_or(0);
            if bytes > MAX_ROW_BYTES {
                out.push((id, Err(too_large(bytes))));
            } else if bytes > budget && !readable.is_empty() {
                // The rest in the next call, which starts after the last id given.
                break;
            } else {
                budget = budget.saturating_sub(bytes);
                readable.push(id.to_string());
            }
        }
        if !readable.is_empty() {
            let query =
                format!("SELECT {RECORD_COLUMNS} {RECORD_FROM} WHERE p.id IN ({}) ORDER BY p.id", readable.join(","));
            let mut statement = self.conn.prepare(&query).map_err(self.err())?;
            let mut rows = statement.query([]).map_err(self.err())?;
            let mut read = Vec::with_capacity(readable.len());
            while let Some(row) = rows.next().map_err(self.err())? {
                let id: i64 = row.get(0).map_err(self.err())?;
                read.push((id, read_record(row).map_err(unreadable)));
            }
            self.fill(&mut read).map_err(self.err())?;
            out.extend(read);
            out.sort_by_key(|(id, _)| *id);
        }
        Ok(out)
    }

    /// Reads the solutions and readings of a chunk of records; a row that
    /// cannot be read makes its puzzle's record `Err`, naming the row.
    fn fill(&self, chunk: &mut [(i64, RowResult<Record>)]) -> rusqlite::Result<()> {
        let ids: Vec<String> = chunk.iter().filter(|(_, r)| r.is_ok()).map(|(id, _)| id.to_string()).collect();
        if ids.is_empty() {
            return Ok(());
        }
        let ids = ids.join(",");
        let mut solutions: HashMap<i64, RowResult<Vec<Solved>>> = HashMap::new();
        let mut statement = self.conn.prepare(&format!(
            "SELECT puzzle, solver_version, solution, found, nodes, micros, solved_at, id FROM solutions \
             WHERE puzzle IN ({ids}) ORDER BY solved_at, id"
        ))?;
        let mut rows = statement.query([])?;
        while let Some(r) = rows.next()? {
            let puzzle: i64 = r.get(0)?;
            let solved = (|| {
                Ok(Solved {
                    solver_version: r.get(1)?,
                    solution: r.get(2)?,
                    found: r.get(3)?,
                    nodes: r.get::<_, i64>(4)? as u64,
                    micros: r.get::<_, i64>(5)? as u64,
                    solved_at: columns::time(r, 6, "solved_at", format_args!("puzzle {puzzle}"))?,
                })
            })()
            .map_err(|e| format!("its solution row {}: {}", r.get::<_, i64>(7).unwrap_or_default(), unreadable(e)));
            let entry = solutions.entry(puzzle).or_insert_with(|| Ok(Vec::new()));
            if let Ok(list) = entry {
                match solved {
                    Ok(s) => list.push(s),
                    Err(why) => *entry = Err(why),
                }
            }
        }
        let mut readings: HashMap<i64, RowResult<Vec<Reading>>> = HashMap::new();
        let mut statement = self.conn.prepare(&format!(
            "SELECT puzzle, tiling, photo, photo_sha256, corrected, read_at, id FROM calendar_readings \
             WHERE puzzle IN ({ids}) ORDER BY id"
        ))?;
        let mut rows = statement.query([])?;
        while let Some(r) = rows.next()? {
            let puzzle: i64 = r.get(0)?;
            let reading = (|| {
                Ok(Reading {
                    tiling: r.get(1)?,
                    photo: r.get(2)?,
                    photo_sha256: r.get(3)?,
                    corrected: r.get(4)?,
                    read_at: columns::time(r, 5, "read_at", format_args!("puzzle {puzzle}"))?,
                })
            })()
            .map_err(|e| format!("its reading {}: {}", r.get::<_, i64>(6).unwrap_or_default(), unreadable(e)));
            let entry = readings.entry(puzzle).or_insert_with(|| Ok(Vec::new()));
            if let Ok(list) = entry {
                match reading {
                    Ok(reading) => list.push(reading),
                    Err(why) => *entry = Err(why),
                }
            }
        }
        for (id, record) in chunk {
            let Ok(r) = record else { continue };
            match (solutions.remove(id).unwrap_or(Ok(Vec::new())), readings.remove(id).unwrap_or(Ok(Vec::new()))) {
                (Ok(solutions), Ok(readings)) => {
                    r.solutions = solutions;
                    r.readings = readings;
                }
                (Err(why), _) | (_, Err(why)) => *record = Err(why),
            }
        }
        Ok(())
    }

    /// Stores `snapshots` (each once) and then `batch`, all in one
    /// transaction: each record is kept once, as `add` decides (by site ID,
    /// else a special by its class and date, else by its text), the better
    /// of two copies kept as `add` keeps it, and a puzzle the archive has
    /// gains what the record holds and it lacks (solutions of other solver
    /// versions, readings, a grade or page facts where it has none) without
    /// changing what it has. Times are kept as recorded. A record naming a
    /// snapshot the archive does not hold is stored without it (counted).
    pub fn restore(&mut self, snapshots: &[Snapshot], batch: &[Record]) -> Result<RestoreReport, StoreError> {
        let (mut tx, path) = self.write()?;
        let err = |e| StoreError::sql(path, e);
        let mut report = RestoreReport { snapshots: put_snapshots(&tx, snapshots).map_err(err)?, ..Default::default() };
        for record in batch {
            // A record whose keys collide with another stored puzzle's (a
            // site ID on one, its special date on another) is undone alone
            // and reported, not the whole batch.
            let savepoint = tx.savepoint().map_err(err)?;
            match restore_one(&savepoint, record) {
                Ok((outcome, dropped)) => {
                    savepoint.commit().map_err(err)?;
                    report.snapshots_missing += u64::from(dropped);
                    report.outcomes.push(outcome);
                }
                Err(e) if e.sqlite_error_code() == Some(ErrorCode::ConstraintViolation) => {
                    drop(savepoint);
                    report.outcomes.push(Restored::Conflict {
                        id: None,
                        why: format!("{} collides with another stored puzzle ({e}); not stored", identity(record)),
                    });
                }
                Err(e) => return Err(err(e)),
            }
        }
        tx.commit().map_err(err)?;
        Ok(report)
    }
}

/// Stores the snapshots the archive lacks; returns how many.
pub(super) fn put_snapshots(conn: &Connection, snapshots: &[Snapshot]) -> rusqlite::Result<u64> {
    let mut added = 0;
    for s in snapshots {
        added += conn
            .prepare_cached(
                "INSERT OR IGNORE INTO snapshots (sha256, bytes, content_type, first_seen) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![s.sha256, s.bytes, s.content_type, s.first_seen])? as u64;
    }
    Ok(added)
}

/// One record, inside the batch's transaction; also whether its snapshot
/// reference was dropped.
fn restore_one(conn: &Connection, record: &Record) -> rusqlite::Result<(Restored, bool)> {
    let canonical_hash = sha256_hex(record.puzzle.text.as_bytes());
    let theirs = (record.puzzle.status, record.site_facts.as_ref().map(|f| f.hash_check));
    let Some(copy) = stored_copy(conn, &record.puzzle, &canonical_hash)? else {
        let (puzzle, dropped) = with_held_snapshot(conn, &record.puzzle)?;
        let id = insert_puzzle(conn, &puzzle, &canonical_hash, Some(&time_text(record.created)))?;
        put_children(conn, id, record)?;
        return Ok((Restored::New(id), dropped));
    };
    let ours = (copy.status, copy.hash_check);
    if copy.replaced_by(theirs.0, theirs.1) {
        let (puzzle, dropped) = with_held_snapshot(conn, &record.puzzle)?;
        replace(conn, copy.id, &puzzle, &canonical_hash, None)?;
        // Stored first when either copy was.
        conn.prepare_cached("UPDATE puzzles SET created = min(created, ?2) WHERE id = ?1")?
            .execute(params![copy.id, time_text(record.created)])?;
        conn.prepare_cached("DELETE FROM site_facts WHERE puzzle = ?1")?.execute([copy.id])?;
        put_children(conn, copy.id, record)?;
        let why = format!(
            "{}: the archive's copy ({}) replaced by this one ({}): {}",
            identity(record),
            verdict(ours),
            verdict(theirs),
            if copy.status != Status::Ok { "a good copy beats a flagged one" } else { "the site's hash confirms it" }
        );
        return Ok((Restored::Replaced { id: copy.id, why }, dropped));
    }
    if copy.canonical_hash != canonical_hash {
        let why = format!(
            "{} holds another puzzle in the archive: its copy ({}) kept, this one ({}) left out: {}",
            identity(record),
            verdict(ours),
            verdict(theirs),
            preference(&copy, theirs)
        );
        return Ok((Restored::Conflict { id: Some(copy.id), why }, false));
    }
    if copy.status != record.puzzle.status {
        let why = format!(
            "{}: the same puzzle judged {} in the archive and {} here: the archive's verdict kept, this copy's \
             solutions left out",
            identity(record),
            copy.status,
            record.puzzle.status
        );
        return Ok((Restored::Conflict { id: Some(copy.id), why }, false));
    }
    if let (Some(check), Some(facts)) = (copy.hash_check, &record.site_facts)
        && check != facts.hash_check
    {
        let why = format!(
            "{}: the site's hash check is {check} in the archive and {} here: the archive's kept",
            identity(record),
            facts.hash_check
        );
        return Ok((Restored::Conflict { id: Some(copy.id), why }, false));
    }
    let added = complete(conn, copy.id, record)?;
    Ok((if added.any() { Restored::Completed { id: copy.id, added } } else { Restored::Present(copy.id) }, false))
}

/// The puzzle as it can be stored here: without its snapshot where the
/// archive does not hold that page (and whether it was dropped).
fn with_held_snapshot(conn: &Connection, puzzle: &NewPuzzle) -> rusqlite::Result<(NewPuzzle, bool)> {
    let mut puzzle = puzzle.clone();
    let Some(sha) = &puzzle.snapshot else { return Ok((puzzle, false)) };
    let held = conn
        .prepare_cached("SELECT 1 FROM snapshots WHERE sha256 = ?1")?
        .query_row([sha], |_| Ok(()))
        .optional()?
        .is_some();
    if !held {
        puzzle.snapshot = None;
    }
    Ok((puzzle, !held))
}

/// Stores a record's solutions, grade, page facts and readings under the
/// puzzle `id`, which has none of them.
fn put_children(conn: &Connection, id: i64, record: &Record) -> rusqlite::Result<()> {
    complete(conn, id, record).map(|_| ())
}

/// Adds what the stored puzzle `id` lacks of the record and keeps what it
/// has: a solution row per solver version, the grade, the page facts, a
/// reading per photo.
fn complete(conn: &Connection, id: i64, record: &Record) -> rusqlite::Result<Additions> {
    let mut added = Additions::default();
    for s in &record.solutions {
        added.solutions += conn
            .prepare_cached(
                "INSERT INTO solutions (puzzle, solver_version, solution, found, nodes, micros, solved_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (puzzle, solver_version) DO NOTHING",
            )?
            .execute(params![
                id,
                s.solver_version,
                s.solution,
                s.found,
                s.nodes as i64,
                s.micros as i64,
                time_text(s.solved_at)
            ])? as u32;
    }
    if let Some(Graded { grade: g, graded_at }) = &record.grade {
        added.grade = conn
            .prepare_cached(
                "INSERT INTO grades (puzzle, level, rank, techniques, hints, graded_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                 ON CONFLICT (puzzle) DO NOTHING",
            )?
            .execute(params![id, g.level, g.rank, g.techniques, g.hints, time_text(*graded_at)])?
            == 1;
    }
    if let Some(facts) = &record.site_facts {
        let has = conn
            .prepare_cached("SELECT 1 FROM site_facts WHERE puzzle = ?1")?
            .query_row([id], |_| Ok(()))
            .optional()?
            .is_some();
        if !has {
            put_site_facts(conn, id, facts)?;
            added.site_facts = true;
        }
    }
    for r in &record.readings {
        added.readings += conn
            .prepare_cached(
                "INSERT INTO calendar_readings (puzzle, tiling, photo, photo_sha256, corrected, read_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (puzzle, photo_sha256) DO NOTHING",
            )?
            .execute(params![id, r.tiling, r.photo, r.photo_sha256, r.corrected, time_text(r.read_at)])?
            as u32;
    }
    Ok(added)
}

/// How a record is known, in words: its site ID, its special's class and
/// date, or its kind and text.
fn identity(record: &Record) -> String {
    let p = &record.puzzle;
    let class = p.size_class.map_or_else(String::new, |c| format!(" of size class {c}"));
    match (p.site_id, &p.special_date) {
        (Some(id), _) => format!("{} {id}{class}", p.kind),
        (None, Some(date)) => format!("the {} special{class} of {date}", p.kind),
        (None, None) => format!("the {} puzzle {}", p.kind, &sha256_hex(p.text.as_bytes())[..12]),
    }
}

/// A copy's verdict and answer check in words: "ok, hash match".
fn verdict((status, check): (Status, Option<HashCheck>)) -> String {
    match check {
        Some(check) if check != HashCheck::Absent => format!("{status}, hash {check}"),
        _ => status.to_string(),
    }
}

/// Why the archive's copy stays when another copy differs from it.
fn preference(copy: &StoredCopy, (status, check): (Status, Option<HashCheck>)) -> &'static str {
    if copy.status == Status::Ok && status != Status::Ok {
        "a good copy beats a flagged one"
    } else if copy.hash_check == Some(HashCheck::Match) && check != Some(HashCheck::Match) {
        "the site's hash confirms the archive's copy"
    } else {
        "neither is the better copy, so the one stored first stays"
    }
}

/// A record's puzzle row with its grade and page facts (its solutions and
/// readings come after, see `fill`).
fn read_record(r: &Row) -> rusqlite::Result<Record> {
    let id: i64 = r.get(0)?;
    let place = || format!("puzzle {id}");
    let puzzle = NewPuzzle {
        kind: columns::kind(r, 1, place())?,
        source: r.get(2)?,
        size_class: r.get(3)?,
        site_id: r.get(4)?,
        special_date: r.get(13)?,
        width: r.get(5)?,
        height: r.get(6)?,
        text: r.get(7)?,
        snapshot: r.get(8)?,
        extractor_version: r.get(9)?,
        status: status(r, 10, place())?,
        note: r.get(11)?,
    };
    let site_facts = match hash_check(r, 15, place())? {
        Some(hash_check) => Some(SiteFacts { hashed_solution: r.get(14)?, hash_check }),
        None => None,
    };
    let grade = match r.get::<_, Option<String>>(16)? {
        Some(level) => Some(Graded {
            grade: Grade { level, rank: r.get(17)?, techniques: r.get(18)?, hints: r.get(19)? },
            graded_at: columns::time(r, 20, "graded_at", place())?,
        }),
        None => None,
    };
    let created = columns::time(r, 12, "created", place())?;
    Ok(Record { puzzle, created, solutions: Vec::new(), grade, site_facts, readings: Vec::new() })
}
