//! The store's plain types: puzzles as stored and as read back, their
//! verdicts and solutions, and what a query asks for.

use jiff::Timestamp;
use rusqlite::ToSql;
use serde::{Serialize, Serializer};

use aquarchive_kinds::Kind;
use aquarchive_shared::{HashCheck, time_text};

/// What the archive knows of a puzzle's soundness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Well formed with exactly one solution.
    Ok,
    /// Breaks the kind's rules of form (e.g. clue sums differ).
    Invalid,
    /// Well formed, no solution.
    Unsolvable,
    /// Well formed, more than one solution.
    Several,
    /// Kept as the site gave it: its kind has no solver yet (or its task
    /// grammar is not written yet). `resolve` solves it once one lands.
    #[serde(rename = "no-solver")]
    NoSolver,
}

impl Status {
    pub const ALL: [Status; 5] = [Status::Ok, Status::Invalid, Status::Unsolvable, Status::Several, Status::NoSolver];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Invalid => "invalid",
            Status::Unsolvable => "unsolvable",
            Status::Several => "several",
            Status::NoSolver => "no-solver",
        }
    }

    /// Whether a puzzle of this status is kept as a good one: one solution,
    /// or a puzzle kept as the site gave it for a solver to come (no fault
    /// of the page's, and nothing a fetch again would mend).
    pub fn is_kept_good(self) -> bool {
        matches!(self, Status::Ok | Status::NoSolver)
    }

    pub(super) fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

impl ToSql for Status {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        Ok(self.as_str().into())
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A puzzle to store (and, inside [`Puzzle`], as stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NewPuzzle {
    #[serde(serialize_with = "serialize_kind")]
    pub kind: Kind,
    pub source: String,
    pub size_class: Option<i64>,
    pub site_id: Option<i64>,
    /// A special's date (`YYYY-MM-DD` as the site writes it): with the kind
    /// and size class, a special's identity, since its page has no ID.
    pub special_date: Option<String>,
    pub width: i64,
    pub height: i64,
    /// The kind's canonical text of the puzzle.
    pub text: String,
    pub snapshot: Option<String>,
    pub extractor_version: Option<i64>,
    pub status: Status,
    pub note: Option<String>,
}

/// What a site's page says about its puzzle besides the puzzle (kept in
/// `site_facts`): the page's hash of its solution, and whether the
/// solution found gives that hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteFacts {
    pub hashed_solution: Option<String>,
    pub hash_check: HashCheck,
}

/// What one solver version found for a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    pub solver_version: String,
    /// The first solution found, in the kind's text format.
    pub solution: Option<String>,
    /// Solutions found: searching for at most 2 for kinds that expect one,
    /// all of them for calendar dates and ring instances.
    pub found: u32,
    pub nodes: u64,
    pub micros: u64,
    /// How hard a person finds it, for a kind with a grader and one
    /// solution (kept in `grades`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grade: Option<Grade>,
}

/// A puzzle's grade by the techniques a person needs (`aquarchive grade`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grade {
    /// The level's name (`easy`, `medium`, ...).
    pub level: String,
    /// 1 for the easiest level of the puzzle's kind, counting up.
    pub rank: u32,
    /// The techniques used, each with how often: "naked single 40, ...".
    pub techniques: String,
    /// The logical solution's steps as the HTML archive's page carries them
    /// (written by `archive::grade`, read back whole by the export); None
    /// for a grade kept before they were stored. Not in JSON: it is the
    /// page's data, not words for people.
    #[serde(skip)]
    pub hints: Option<String>,
}

/// Puzzles counted by kind, size class and grade.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GradeCount {
    #[serde(serialize_with = "serialize_kind")]
    pub kind: Kind,
    pub size_class: Option<i64>,
    pub width: i64,
    pub height: i64,
    /// None for puzzles with no grade (not graded yet, or without one solution).
    pub level: Option<String>,
    pub rank: Option<u32>,
    pub puzzles: u64,
}

/// A stored puzzle with its latest solution.
#[derive(Clone, Debug, Serialize)]
pub struct Puzzle {
    pub id: i64,
    #[serde(flatten)]
    pub record: NewPuzzle,
    pub canonical_hash: String,
    /// When it was first stored.
    #[serde(serialize_with = "serialize_time")]
    pub created: Timestamp,
    /// The site's answer check (`Absent` for a puzzle not from a page).
    pub hash_check: Option<HashCheck>,
    pub solution: Option<Solution>,
}

/// What adding a puzzle did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Added {
    New(i64),
    /// The same puzzle (by site ID, or by canonical text) was there already.
    Present(i64),
    /// A good copy took the place of a flagged one with the same site ID
    /// (the site serves garbled pages to clients it takes for scrapers):
    /// the record now holds the good text, snapshot and solution; the
    /// flagged page stays among the snapshots and in the fetch log.
    Replaced(i64),
}

/// Which puzzles a query reads; empty fields match all.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    pub kind: Option<Kind>,
    /// Only puzzles of one of these kinds (a site's), when any are named.
    pub kinds: Vec<Kind>,
    /// Only puzzles of these sizes.
    pub sizes: Option<Sizes>,
    pub status: Option<Status>,
    /// Created at or after this time (UTC text, e.g. `2026-11-30` or `2026-11-30T06:00`).
    pub since: Option<String>,
    /// Created at or before this time, at the precision given.
    pub until: Option<String>,
    pub ids: Vec<i64>,
    /// Only puzzles that should have a solution and have none.
    pub unsolved: bool,
    /// Only puzzles graded at this level (by its name).
    pub grade: Option<String>,
    /// Only specials of this date (`2026-11-20`), the site's date of the
    /// special, not the time it was stored.
    pub special_date: Option<String>,
    /// The newest first (by archive ID, the order puzzles were stored in),
    /// where the oldest come first otherwise.
    pub newest_first: bool,
    /// At most this many puzzles, the first in the order asked.
    pub limit: Option<u64>,
}

/// Sizes a filter picks: puzzles of any of these size classes, and
/// puzzles of no size class on this grid (width, height).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sizes {
    pub classes: Vec<i64>,
    pub grid: Option<(i64, i64)>,
}

/// Puzzles counted by kind, size class, grid and status.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Count {
    #[serde(serialize_with = "serialize_kind")]
    pub kind: Kind,
    pub size_class: Option<i64>,
    pub width: i64,
    pub height: i64,
    pub status: Status,
    pub puzzles: u64,
}

pub(super) fn serialize_time<S: Serializer>(time: &Timestamp, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&time_text(*time))
}

pub(super) fn serialize_maybe_time<S: Serializer>(time: &Option<Timestamp>, serializer: S) -> Result<S::Ok, S::Error> {
    match time {
        Some(time) => serialize_time(time, serializer),
        None => serializer.serialize_none(),
    }
}

pub(super) fn serialize_kind<S: Serializer>(kind: &Kind, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(kind.name())
}
