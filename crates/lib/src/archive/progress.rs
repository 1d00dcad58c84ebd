//! A player's progress: what the HTML archive's pages keep in the browser,
//! saved to a file there (`progress.json`), kept in the archive by `import`,
//! carried by a merge, and written back into an export for its pages to
//! take up.
//!
//! The file is one JSON object (docs/archive.md, "A player's progress"):
//!
//! ```json
//! {"format": "aquarchive-progress", "version": 1, "saved": "2026-12-07T10:00:00.000Z",
//!  "puzzles": {"6782fdd74edc36c7": {"grid": "ww..a", "time": 95, "started": true, "solved": true,
//!                                   "solvedAt": "2026-12-07T09:58:00.000Z", "help": 1, "shown": false}}}
//! ```
//!
//! Each record is kept under its puzzle's progress key ([`key_of`]). Where
//! two records of a puzzle meet (the browser's and a file's, the archive's
//! and a file's, two archives'), one is kept whole by one rule,
//! [`beats`], which `archive.js` follows word for word.

use std::collections::{HashMap, HashSet};

use jiff::Timestamp;
use serde_json::{Value, json};

use crate::shared::time_text;
use crate::store::{KeptProgress, Progress, Store};

use super::error::ArchiveError;

/// The file's `format`: what tells it apart from any other JSON.
pub const FORMAT: &str = "aquarchive-progress";
/// The file's `version`: the only one written and read.
pub const VERSION: u64 = 1;
/// How many of the keys the archive does not hold a report names.
pub const UNKNOWN_NAMED: usize = 5;

/// The key a puzzle's progress is kept under, in the browser and in the
/// file: the start of the hash of its canonical text, the same in every
/// export of the same puzzle.
pub fn key_of(canonical_hash: &str) -> String {
    canonical_hash.chars().take(16).collect()
}

/// Whether the puzzle was solved, now or once (a grid solved and started
/// again keeps the time of its first solve).
pub fn ever_solved(p: &Progress) -> bool {
    p.solved || p.solved_at.is_some()
}

/// Whether `new` is to be kept in the place of `old`: a solved record
/// beats an unsolved one; of two solved, the earlier solve (a known time
/// beats none); of two unsolved, the one with more done (played longer).
/// Anything else keeps `old`, so that merging a record again changes
/// nothing.
pub fn beats(new: &Progress, old: &Progress) -> bool {
    let (solved, was) = (ever_solved(new), ever_solved(old));
    if solved != was {
        return solved;
    }
    if solved {
        return match (new.solved_at, old.solved_at) {
            (Some(new), Some(old)) => new < old,
            (new, old) => new.is_some() && old.is_none(),
        };
    }
    new.seconds > old.seconds
}

/// A progress file read whole: its records by key, in the file's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgressFile {
    pub records: Vec<(String, Progress)>,
}

/// Whether `start`, the first bytes of a file, begins a progress file: a
/// JSON object whose `format` (among its first members) is [`FORMAT`].
pub fn is_progress_file(start: &[u8]) -> bool {
    let text = String::from_utf8_lossy(start);
    let text = text.trim_start_matches('\u{feff}').trim_start();
    if !text.starts_with('{') {
        return false;
    }
    let quoted = format!("\"{FORMAT}\"");
    text.match_indices("\"format\"").any(|(at, name)| {
        let rest = text[at + name.len()..].trim_start();
        rest.strip_prefix(':').is_some_and(|value| value.trim_start().starts_with(&quoted))
    })
}

/// A progress file's text read whole; the error says what is wrong, and
/// where (the caller names the file).
pub fn parse(text: &str) -> Result<ProgressFile, String> {
    let text = text.trim_start_matches('\u{feff}');
    let value: Value = serde_json::from_str(text).map_err(|e| {
        let what = if e.is_eof() { "cut short" } else { "not valid JSON" };
        let said = e.to_string();
        let why = said.rsplit_once(" at line ").map_or(said.as_str(), |(why, _)| why);
        format!("{what} at line {}, column {} ({why})", e.line(), e.column())
    })?;
    let Value::Object(top) = value else { return Err("not a progress file: not a JSON object".into()) };
    match top.get("format") {
        Some(Value::String(format)) if format == FORMAT => {}
        _ => return Err(format!("not a progress file: its `format` is not \"{FORMAT}\"")),
    }
    match top.get("version").and_then(Value::as_u64) {
        Some(VERSION) => {}
        Some(later) if later > VERSION => {
            return Err(format!(
                "a progress file of version {later}, made by a newer aquarchive (this one reads version {VERSION})"
            ));
        }
        _ => return Err(format!("`version` is not {VERSION}")),
    }
    let Some(Value::Object(puzzles)) = top.get("puzzles") else {
        return Err("`puzzles` is not an object of records by key".into());
    };
    let mut records = Vec::with_capacity(puzzles.len());
    for (key, record) in puzzles {
        if key.len() != 16 || !key.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
            return Err(format!("puzzles: the key {key:?} is not a progress key (16 hex digits)"));
        }
        records.push((key.clone(), record_of(record).map_err(|why| format!("puzzles.{key}: {why}"))?));
    }
    Ok(ProgressFile { records })
}

/// One record as the page keeps it.
fn record_of(value: &Value) -> Result<Progress, String> {
    let Value::Object(fields) = value else { return Err("not an object".into()) };
    let count = |name: &str| match fields.get(name) {
        None | Some(Value::Null) => Ok(0),
        Some(v) => v.as_u64().ok_or_else(|| format!("`{name}` is not a whole number: {v}")),
    };
    let flag = |name: &str| match fields.get(name) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(v) => Err(format!("`{name}` is not true or false: {v}")),
    };
    let grid = match fields.get("grid") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(grid)) if grid.len() <= MAX_GRID => grid.clone(),
        Some(Value::String(_)) => return Err(format!("`grid` is longer than the {MAX_GRID} characters a grid has")),
        Some(v) => return Err(format!("`grid` is not text: {v}")),
    };
    let solved_at = match fields.get("solvedAt") {
        None | Some(Value::Null) => None,
        Some(Value::String(time)) => {
            Some(time.parse::<Timestamp>().map_err(|e| format!("`solvedAt` is not a time ({time:?}): {e}"))?)
        }
        Some(v) => return Err(format!("`solvedAt` is not a time: {v}")),
    };
    Ok(Progress {
        grid,
        seconds: count("time")?,
        started: flag("started")?,
        solved: flag("solved")?,
        solved_at,
        help: count("help")?,
        shown: flag("shown")?,
    })
}

/// The longest grid a record may hold: a Sudoku's, its 81 cells with
/// pencil marks, is under 1500 characters.
const MAX_GRID: usize = 4096;

/// One record as the page keeps it, for the file and the export.
pub fn record_json(p: &Progress) -> Value {
    let mut record = json!({
        "grid": p.grid, "time": p.seconds, "started": p.started, "solved": p.solved, "help": p.help, "shown": p.shown,
    });
    if let Some(at) = p.solved_at {
        record["solvedAt"] = json!(time_text(at));
    }
    record
}

/// The archive's progress by key, one record a key (the best by [`beats`]
/// where puzzles share one), for the puzzles whose ids `only` holds (all
/// when `None`).
pub fn by_key(store: &Store, only: Option<&HashSet<i64>>) -> Result<Vec<(String, Progress)>, ArchiveError> {
    let mut best: Vec<(String, Progress)> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for KeptProgress { puzzle, canonical_hash, progress } in store.progress()? {
        if only.is_some_and(|ids| !ids.contains(&puzzle)) {
            continue;
        }
        let key = key_of(&canonical_hash);
        match at.get(&key) {
            Some(&k) if beats(&progress, &best[k].1) => best[k].1 = progress,
            Some(_) => {}
            None => {
                at.insert(key.clone(), best.len());
                best.push((key, progress));
            }
        }
    }
    Ok(best)
}

/// A progress file's text holding `records` (see the module's comment).
#[cfg(test)]
fn file_text(records: &[(String, Progress)], saved: Timestamp) -> String {
    let puzzles: serde_json::Map<String, Value> =
        records.iter().map(|(key, p)| (key.clone(), record_json(p))).collect();
    let file = json!({ "format": FORMAT, "version": VERSION, "saved": time_text(saved), "puzzles": puzzles });
    serde_json::to_string_pretty(&file).expect("JSON values serialize") + "\n"
}

/// What keeping a set of records did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgressReport {
    /// Records read.
    pub read: u64,
    /// Records kept now, in the place of what the archive had or new.
    pub changed: u64,
    /// Records whose puzzle the archive had with progress as good.
    pub unchanged: u64,
    /// Records whose puzzle the archive does not hold.
    pub unknown: u64,
    /// The first [`UNKNOWN_NAMED`] keys of those.
    pub unknown_keys: Vec<String>,
}

impl ProgressReport {
    /// One line whose numbers add up.
    pub fn line(&self) -> String {
        format!(
            "progress: {} read, {} kept, {} unchanged, {} of puzzles this archive does not hold",
            self.read, self.changed, self.unchanged, self.unknown
        )
    }
}

/// Keeps `records` (by key) for the puzzles of `store` that have their key,
/// each where it [`beats`] what the puzzle has, in one transaction.
pub fn keep(store: &mut Store, records: &[(String, Progress)]) -> Result<ProgressReport, ArchiveError> {
    let mut report = ProgressReport { read: records.len() as u64, ..ProgressReport::default() };
    let keys: HashSet<String> = records.iter().map(|(key, _)| key.clone()).collect();
    let mut ids: HashMap<String, Vec<i64>> = HashMap::new();
    for (id, hash) in store.puzzles_by_hash_prefix(&keys)? {
        ids.entry(key_of(&hash)).or_default().push(id);
    }
    let mut kept: HashMap<i64, Progress> = store.progress()?.into_iter().map(|k| (k.puzzle, k.progress)).collect();
    let mut rows = Vec::new();
    for (key, progress) in records {
        let Some(puzzles) = ids.get(key) else {
            report.unknown += 1;
            if report.unknown_keys.len() < UNKNOWN_NAMED {
                report.unknown_keys.push(key.clone());
            }
            continue;
        };
        let mut changed = false;
        for &id in puzzles {
            if kept.get(&id).is_none_or(|old| beats(progress, old)) {
                kept.insert(id, progress.clone());
                rows.push((id, progress.clone()));
                changed = true;
            }
        }
        *if changed { &mut report.changed } else { &mut report.unchanged } += 1;
    }
    if !rows.is_empty() {
        store.keep()?;
        store.put_progress(&rows)?;
    }
    Ok(report)
}

/// `import progress.json`: the file read whole, then kept (see [`keep`]).
pub fn import(store: &mut Store, file: &ProgressFile) -> Result<ProgressReport, ArchiveError> {
    keep(store, &file.records)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(solved_at: Option<&str>, solved: bool, seconds: u64) -> Progress {
        Progress { solved, solved_at: solved_at.map(|t| t.parse().unwrap()), seconds, ..Progress::default() }
    }

    #[test]
    fn a_solve_beats_play_the_earlier_solve_beats_the_later_and_a_tie_keeps_the_old() {
        let early = record(Some("2026-12-01T10:00:00Z"), true, 50);
        let late = record(Some("2026-12-02T10:00:00Z"), true, 10);
        let restarted = record(Some("2026-12-02T10:00:00Z"), false, 0);
        let untimed = record(None, true, 5);
        let long = record(None, false, 600);
        let short = record(None, false, 60);
        assert!(beats(&early, &late) && !beats(&late, &early));
        assert!(beats(&short, &Progress::default()) && !beats(&Progress::default(), &short));
        assert!(beats(&long, &short) && !beats(&short, &long));
        assert!(beats(&untimed, &long) && !beats(&long, &untimed));
        assert!(beats(&late, &untimed) && !beats(&untimed, &late));
        // A grid started again after its solve is still solved, at that time.
        assert!(beats(&restarted, &long) && !beats(&late, &restarted) && !beats(&restarted, &late));
        for p in [&early, &late, &restarted, &untimed, &long, &short] {
            assert!(!beats(p, p), "{p:?}");
        }
    }

    #[test]
    fn a_file_reads_back_as_written_and_is_told_by_its_start() {
        let records = vec![
            (
                "0123456789abcdef".to_string(),
                Progress {
                    grid: "w.a".into(),
                    started: true,
                    help: 2,
                    ..record(Some("2026-12-01T10:00:00.5Z"), true, 9)
                },
            ),
            ("fedcba9876543210".to_string(), record(None, false, 3)),
        ];
        let text = file_text(&records, "2026-12-07T00:00:00Z".parse().unwrap());
        assert!(is_progress_file(text.as_bytes()), "{text}");
        assert!(!is_progress_file(br#"{"kind":"aquarium","format":"text"}"#));
        assert_eq!(parse(&text).unwrap().records, records);
    }

    #[test]
    fn a_bad_file_says_what_is_wrong_with_it() {
        let cases = [
            (r#"{"format": "aquarchive-progress", "version": 1, "puzzles": {"#, "cut short at line 1"),
            (r#"{"format": "something", "version": 1, "puzzles": {}}"#, "not a progress file"),
            (r#"{"format": "aquarchive-progress", "version": 2, "puzzles": {}}"#, "made by a newer aquarchive"),
            (
                r#"{"format": "aquarchive-progress", "version": 1, "puzzles": {"xyz": {}}}"#,
                "\"xyz\" is not a progress key",
            ),
            (
                r#"{"format": "aquarchive-progress", "version": 1, "puzzles": {"0123456789abcdef": {"time": "long"}}}"#,
                "puzzles.0123456789abcdef: `time` is not a whole number",
            ),
            (
                r#"{"format": "aquarchive-progress", "version": 1, "puzzles": {"0123456789abcdef": {"solvedAt": "today"}}}"#,
                "`solvedAt` is not a time",
            ),
        ];
        for (text, expected) in cases {
            let err = parse(text).unwrap_err();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }
}
