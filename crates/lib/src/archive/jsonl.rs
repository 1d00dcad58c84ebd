//! The archive as JSON lines (`export --format jsonl`), one object per
//! puzzle holding its whole record, and such a file read back (`import
//! FILE.jsonl`): one [`Line`] type both ways.
//!
//! A line carries everything the archive keeps of a puzzle but its row ids
//! and its page's bytes, and the fields `list --json` shows (`id`, `class`,
//! `link`, `board`, `solutions`, `solution_rows`, `canonical_hash`), which
//! an import ignores: they follow from the rest.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::error::Category;

use crate::kinds::Kind;
use crate::shared::time_text;
use crate::store::HashCheck;
use crate::store::{
    Grade, Graded, MAX_ROW_BYTES, NewPuzzle, READ_BUDGET, Reading, Record, SiteFacts, Solved, Status, Store,
};

use super::error::ArchiveError;
use super::restore::{Tally, restore_chunk};

/// Lines restored per transaction.
const CHUNK: usize = 512;

/// One puzzle, as exported and imported. Fields in name order, as the
/// export wrote them before it was a type.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Line {
    /// A calendar date's board (as `calendar --json` names it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    #[serde(default)]
    pub canonical_hash: String,
    #[serde(default)]
    pub class: String,
    pub created: String,
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
    pub readings: Vec<LineReading>,
    #[serde(default)]
    pub site_id: Option<i64>,
    #[serde(default)]
    pub size_class: Option<i64>,
    #[serde(default)]
    pub snapshot: Option<String>,
    /// The latest solution, with the grade.
    #[serde(default)]
    pub solution: Option<LineSolution>,
    /// The latest solution as rows (what `solve --json` gives).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution_rows: Option<Vec<String>>,
    /// How many solutions the latest solve found.
    #[serde(default)]
    pub solutions: Option<u32>,
    /// Every solver version's solution row, oldest first (the last is `solution`).
    #[serde(default)]
    pub solves: Vec<LineSolve>,
    pub source: String,
    #[serde(default)]
    pub special_date: Option<String>,
    pub status: String,
    pub text: String,
    pub width: i64,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LineSolution {
    pub found: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<LineGrade>,
    pub micros: u64,
    pub nodes: u64,
    pub solution: Option<String>,
    #[serde(default)]
    pub solved_at: Option<String>,
    pub solver_version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LineGrade {
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
pub struct LineSolve {
    pub found: u32,
    pub micros: u64,
    pub nodes: u64,
    pub solution: Option<String>,
    pub solved_at: String,
    pub solver_version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LineReading {
    pub corrected: u32,
    pub photo: String,
    pub photo_sha256: String,
    pub read_at: String,
    pub tiling: String,
}

/// The line of the stored puzzle `id`; `base_url` makes its link.
pub fn line(id: i64, record: &Record, base_url: &str) -> Line {
    let view = record.view(id);
    let derived = super::export::derived(&view, base_url);
    let p = &record.puzzle;
    let solution = view.solution.as_ref().zip(record.solutions.last()).map(|(s, row)| LineSolution {
        found: s.found,
        grade: record.grade.as_ref().map(|g| LineGrade {
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
    Line {
        board: derived.board,
        canonical_hash: view.canonical_hash.clone(),
        class: derived.class,
        created: time_text(record.created),
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
            .map(|r| LineReading {
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
            .map(|s| LineSolve {
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

impl Line {
    /// The record a line holds (its derived fields ignored), or what is
    /// wrong with it.
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

/// What importing JSON lines did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JsonReport {
    /// Each line's puzzle counted once; lines that are not a record, or
    /// whose record fails the check, among `refused` as `FILE:LINE: why`.
    pub puzzles: Tally,
    /// Ctrl-C stopped it between chunks: what is counted is stored.
    pub interrupted: bool,
}

/// The longest line read: a record of [`MAX_ROW_BYTES`] as an export writes
/// it, with the fields that follow from it and JSON's escapes. A longer
/// line is refused by its number without being held in memory.
pub const MAX_LINE_BYTES: u64 = 4 * MAX_ROW_BYTES;

/// Imports the JSON lines of `path` (`-`: standard input) into `store`, read
/// as a stream, a chunk per transaction through [`Store::restore`]. A line
/// that is not a record (not JSON, not UTF-8, longer than
/// [`MAX_LINE_BYTES`]), or whose record fails the check, is refused by its
/// line with the reason and not stored; the rest are. Snapshots are named
/// but not carried: a puzzle whose page the archive lacks is stored without
/// it (counted in `snapshots_missing`).
pub fn import(store: &mut Store, path: &Path) -> Result<JsonReport, ArchiveError> {
    let shown = path.display().to_string();
    let io = |source| ArchiveError::Io { path: shown.clone(), source };
    let mut input: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(BufReader::new(std::fs::File::open(path).map_err(io)?))
    };
    let mut report = JsonReport::default();
    let mut chunk = Vec::with_capacity(CHUNK);
    let mut chunk_bytes = 0;
    let mut raw = Vec::new();
    for n in 1.. {
        let Some(whole) = read_line(&mut input, &mut raw, MAX_LINE_BYTES).map_err(io)? else { break };
        let place = format!("{shown}:{n}");
        if !whole {
            let most = MAX_LINE_BYTES >> 20;
            report.puzzles.refused.push(format!("{place}: the line is longer than the {most} MiB a line may hold"));
            continue;
        }
        // Windows editors put a byte-order mark first ("UTF-8 with BOM").
        let bytes = if n == 1 { raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&raw) } else { &raw[..] };
        let line = match std::str::from_utf8(bytes) {
            Ok(line) if line.trim().is_empty() => continue,
            Ok(line) => line,
            Err(e) => {
                let at = e.valid_up_to() + 1;
                report.puzzles.refused.push(format!("{place}: not UTF-8 text from byte {at} of the line on"));
                continue;
            }
        };
        match read_line_record(line).and_then(Line::record) {
            Ok(record) => {
                chunk_bytes += record.bytes();
                chunk.push((place, record));
            }
            Err(why) => report.puzzles.refused.push(format!("{place}: {why}")),
        }
        if chunk.len() == CHUNK || chunk_bytes >= READ_BUDGET {
            restore_chunk(store, std::mem::take(&mut chunk), &mut report.puzzles)?;
            chunk_bytes = 0;
            if crate::interrupt::requested() {
                report.interrupted = true;
                return Ok(report);
            }
        }
    }
    restore_chunk(store, chunk, &mut report.puzzles)?;
    Ok(report)
}

/// The [`Line`] a line of text holds, or why it holds none, in words that
/// do not say the line again (the caller names it): where its JSON breaks,
/// or which field does not read and why.
fn read_line_record(text: &str) -> Result<Line, String> {
    if !text.trim_start().starts_with('{') {
        return Err("not a record: each line of an export is one JSON object, `{...}`".into());
    }
    let mut json = serde_json::Deserializer::from_str(text);
    let read = serde_path_to_error::deserialize(&mut json)
        .map_err(|e| (e.path().to_string(), e.into_inner()))
        .and_then(|line| json.end().map(|()| line).map_err(|e| (".".to_string(), e)));
    read.map_err(|(path, e)| {
        // serde's own words, without the line and column it ends them with.
        let said = e.to_string();
        let words = said.strip_suffix(&format!(" at line {} column {}", e.line(), e.column())).unwrap_or(&said);
        match e.classify() {
            Category::Eof => format!("the line ends inside its JSON, at column {} (cut short?)", e.column()),
            Category::Syntax => format!("not JSON from column {} on: {words}", e.column()),
            Category::Data | Category::Io if path != "." => format!("field `{path}`: {words}"),
            Category::Data | Category::Io => words.to_string(),
        }
    })
}

/// Reads one line of `input` into `line` (without its end), at most `most`
/// bytes of it: `Some(true)` for a whole line, `Some(false)` for a longer
/// one (the rest read past, never held), `None` at the end.
fn read_line<R: BufRead + ?Sized>(input: &mut R, line: &mut Vec<u8>, most: u64) -> std::io::Result<Option<bool>> {
    line.clear();
    let read = Read::take(&mut *input, most + 1).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        return Ok(Some(true));
    }
    if (line.len() as u64) <= most {
        // The last line, without an end.
        return Ok(Some(true));
    }
    line.clear();
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(Some(false));
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(Some(false));
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_longer_than_allowed_is_read_past_and_the_next_read_whole() {
        let text = format!("short\r\n{}\nnext\nlast", "x".repeat(100));
        let mut input = std::io::Cursor::new(text.into_bytes());
        let mut line = Vec::new();
        let mut lines = Vec::new();
        while let Some(whole) = read_line(&mut input, &mut line, 10).unwrap() {
            lines.push((whole, String::from_utf8(line.clone()).unwrap()));
        }
        let expected = [(true, "short"), (false, ""), (true, "next"), (true, "last")];
        assert_eq!(lines, expected.map(|(w, l)| (w, l.to_string())));
    }
}
