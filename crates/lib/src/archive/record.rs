//! One stored puzzle as a machine reads it: the [`PuzzleRecord`] that
//! `list --json`, `show --json` and `export --format jsonl` all write, and
//! that `import FILE.jsonl` reads back (as cargo's `machine_message` is
//! one type per message).
//!
//! A record carries everything the archive keeps of a puzzle but its row
//! ids and its page's bytes, and what follows from the rest for people and
//! scripts (`id`, `class`, `link`, `board`, `date`, `solutions`,
//! `solution_rows`, `canonical_hash`), which an import ignores.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::config::SiteConfig;
use crate::kinds::Kind;
use crate::shared::time_text;
use crate::store::HashCheck;
use crate::store::{Grade, Graded, NewPuzzle, Puzzle, Reading, Record, SiteFacts, Solved, Status};

use super::kinds::AnyPuzzle;
use super::site_names;

/// One puzzle, as listed, shown, exported and imported. Fields in name
/// order, as the outputs wrote them before they were a type.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PuzzleRecord {
    /// A calendar date's board (as `calendar --json` names it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    #[serde(default)]
    pub canonical_hash: String,
    #[serde(default)]
    pub class: String,
    pub created: String,
    /// A calendar puzzle's date (`Mar 14 Sat`), as `calendar --json` writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default)]
    pub extractor_version: Option<i64>,
    /// The site's answer check: `match`, `mismatch`, `absent`.
    #[serde(default)]
    pub hash_check: Option<String>,
    /// The page's `hashedSolution`.
    #[serde(default)]
    pub hashed_solution: Option<String>,
    pub height: i64,
    #[serde(default)]
    pub id: i64,
    pub kind: String,
    #[serde(default)]
    pub link: Option<String>,
    #[serde(default)]
    pub note: Option<String>,
    /// Tilings read from photos of it (calendar dates), oldest first.
    #[serde(default)]
    pub readings: Vec<RecordReading>,
    #[serde(default)]
    pub site_id: Option<i64>,
    #[serde(default)]
    pub size_class: Option<i64>,
    #[serde(default)]
    pub snapshot: Option<String>,
    /// The latest solution, with the grade.
    #[serde(default)]
    pub solution: Option<RecordSolution>,
    /// The latest solution as rows (what `solve --json` gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution_rows: Option<Vec<String>>,
    /// How many solutions the latest solve found.
    #[serde(default)]
    pub solutions: Option<u32>,
    /// Every solver version's solution row, oldest first (the last is `solution`).
    #[serde(default)]
    pub solves: Vec<RecordSolve>,
    pub source: String,
    #[serde(default)]
    pub special_date: Option<String>,
    pub status: String,
    pub text: String,
    pub width: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordSolution {
    pub found: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<RecordGrade>,
    pub micros: u64,
    pub nodes: u64,
    pub solution: Option<String>,
    #[serde(default)]
    pub solved_at: Option<String>,
    pub solver_version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordGrade {
    #[serde(default)]
    pub graded_at: Option<String>,
    /// The logical solution's steps, as the HTML archive's page carries them.
    #[serde(default)]
    pub hints: Option<String>,
    pub level: String,
    pub rank: u32,
    pub techniques: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordSolve {
    pub found: u32,
    pub micros: u64,
    pub nodes: u64,
    pub solution: Option<String>,
    pub solved_at: String,
    pub solver_version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordReading {
    pub corrected: u32,
    pub photo: String,
    pub photo_sha256: String,
    pub read_at: String,
    pub tiling: String,
}

/// The record of the stored puzzle `id`; `sites` gives the address its
/// link is made with.
pub fn of(id: i64, record: &Record, sites: &SiteConfig) -> PuzzleRecord {
    let view = record.view(id);
    let derived = derived(&view, sites);
    let p = &record.puzzle;
    let solution = view.solution.as_ref().zip(record.solutions.last()).map(|(s, row)| RecordSolution {
        found: s.found,
        grade: record.grade.as_ref().map(|g| RecordGrade {
            graded_at: Some(time_text(g.graded_at)),
            hints: g.grade.hints.clone(),
            level: g.grade.level.clone(),
            rank: g.grade.rank,
            techniques: g.grade.techniques.clone(),
        }),
        micros: s.micros,
        nodes: s.nodes,
        solution: s.solution.clone(),
        solved_at: Some(time_text(row.solved_at)),
        solver_version: s.solver_version.clone(),
    });
    PuzzleRecord {
        board: derived.board,
        canonical_hash: view.canonical_hash.clone(),
        class: derived.class,
        created: time_text(record.created),
        date: derived.date,
        extractor_version: p.extractor_version,
        hash_check: Some(record.hash_check().as_str().to_string()),
        hashed_solution: record.site_facts.as_ref().and_then(|f| f.hashed_solution.clone()),
        height: p.height,
        id,
        kind: p.kind.name().to_string(),
        link: derived.link,
        note: p.note.clone(),
        readings: record
            .readings
            .iter()
            .map(|r| RecordReading {
                corrected: r.corrected,
                photo: r.photo.clone(),
                photo_sha256: r.photo_sha256.clone(),
                read_at: time_text(r.read_at),
                tiling: r.tiling.clone(),
            })
            .collect(),
        site_id: p.site_id,
        size_class: p.size_class,
        snapshot: p.snapshot.clone(),
        solution,
        solution_rows: derived.solution_rows,
        solutions: derived.solutions,
        solves: record
            .solutions
            .iter()
            .map(|s| RecordSolve {
                found: s.found,
                micros: s.micros,
                nodes: s.nodes,
                solution: s.solution.clone(),
                solved_at: time_text(s.solved_at),
                solver_version: s.solver_version.clone(),
            })
            .collect(),
        source: p.source.clone(),
        special_date: p.special_date.clone(),
        status: p.status.as_str().to_string(),
        text: p.text.clone(),
        width: p.width,
    }
}

/// What a puzzle's record shows beside what is stored, for people and
/// scripts: made from the stored values, so an import ignores them.
struct Derived {
    /// How many solutions the solver found (searching for two, or all for
    /// calendars and rings), as `solve --json` has for every kind.
    pub solutions: Option<u32>,
    /// The latest solution as rows ("solution" is the stored record).
    pub solution_rows: Option<Vec<String>>,
    /// A calendar date's board, as `calendar --json` names it.
    pub board: Option<String>,
    /// A calendar puzzle's date (`Mar 14 Sat`), as `calendar --json` writes it.
    pub date: Option<String>,
    pub link: Option<String>,
    pub class: String,
}

fn derived(puzzle: &Puzzle, sites: &SiteConfig) -> Derived {
    let read = super::stored(puzzle);
    let solution_rows = match &read {
        Ok(read) => match super::stored_solution(puzzle, read) {
            Some(Ok(solution)) => Some(read.solution_rows(&solution)),
            _ => None,
        },
        Err(_) => None,
    };
    Derived {
        solutions: puzzle.solution.as_ref().map(|s| s.found),
        solution_rows,
        board: read.as_ref().ok().and_then(AnyPuzzle::calendar_day).map(|(variant, _)| variant.name().to_string()),
        date: read.as_ref().ok().and_then(AnyPuzzle::calendar_day).map(|(_, date)| date.to_string()),
        link: puzzle
            .record
            .size_class
            .zip(puzzle.record.site_id)
            .and_then(|(size, id)| site_names::link(sites, puzzle.record.kind, size, id)),
        class: super::stats::class_of(
            puzzle.record.kind,
            puzzle.record.size_class,
            puzzle.record.width,
            puzzle.record.height,
        ),
    }
}

impl PuzzleRecord {
    /// The stored record this one holds (its derived fields ignored), or
    /// what is wrong with it.
    pub fn record(self) -> Result<Record, String> {
        let time = |what: &str, text: &str| {
            text.parse::<Timestamp>().map_err(|e| format!("{what} `{text}` is not a time: {e}"))
        };
        let kind: Kind = self.kind.parse().map_err(|e| format!("{e}"))?;
        let status = Status::ALL
            .into_iter()
            .find(|s| s.as_str() == self.status)
            .ok_or_else(|| format!("unknown status `{}`", self.status))?;
        let hash_check = match self.hash_check.as_deref() {
            None => HashCheck::Absent,
            Some(word) => HashCheck::parse(word).ok_or_else(|| format!("unknown hash_check `{word}`"))?,
        };
        let created = time("created", &self.created)?;
        let mut solutions = self
            .solves
            .iter()
            .map(|s| {
                Ok(Solved {
                    solver_version: s.solver_version.clone(),
                    solution: s.solution.clone(),
                    found: s.found,
                    nodes: s.nodes,
                    micros: s.micros,
                    solved_at: time("solved_at", &s.solved_at)?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        // A line without `solves` (written by hand, or by an export that
        // had none) has its latest solution only.
        if solutions.is_empty()
            && let Some(s) = &self.solution
        {
            solutions.push(Solved {
                solver_version: s.solver_version.clone(),
                solution: s.solution.clone(),
                found: s.found,
                nodes: s.nodes,
                micros: s.micros,
                solved_at: s.solved_at.as_deref().map_or(Ok(created), |t| time("solved_at", t))?,
            });
        }
        let grade = match self.solution.as_ref().and_then(|s| s.grade.as_ref()) {
            Some(g) => Some(Graded {
                grade: Grade {
                    level: g.level.clone(),
                    rank: g.rank,
                    techniques: g.techniques.clone(),
                    hints: g.hints.clone(),
                },
                graded_at: g
                    .graded_at
                    .as_deref()
                    .map_or_else(|| Ok(solutions.last().map_or(created, |s| s.solved_at)), |t| time("graded_at", t))?,
            }),
            None => None,
        };
        // A page without a hash and a puzzle from no page read alike.
        let site_facts = (self.hashed_solution.is_some() || hash_check != HashCheck::Absent)
            .then(|| SiteFacts { hashed_solution: self.hashed_solution.clone(), hash_check });
        let readings = self
            .readings
            .iter()
            .map(|r| {
                Ok(Reading {
                    tiling: r.tiling.clone(),
                    photo: r.photo.clone(),
                    photo_sha256: r.photo_sha256.clone(),
                    corrected: r.corrected,
                    read_at: time("read_at", &r.read_at)?,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Record {
            puzzle: NewPuzzle {
                kind,
                source: self.source,
                size_class: self.size_class,
                site_id: self.site_id,
                special_date: self.special_date,
                width: self.width,
                height: self.height,
                text: self.text,
                snapshot: self.snapshot,
                extractor_version: self.extractor_version,
                status,
                note: self.note,
            },
            created,
            solutions,
            grade,
            site_facts,
            readings,
        })
    }
}
