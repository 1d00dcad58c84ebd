//! `import`: read puzzle files, validate and solve each puzzle, and store it
//! with its solution in the same transaction.
//!
//! Work goes in chunks: parse, skip what the archive already has, solve the
//! rest in parallel (rayon), then write the chunk in one transaction (while
//! the next chunk is being solved). A
//! killed import therefore loses at most the chunk in flight, never a puzzle
//! without its solution, and running it again does only what is left.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::engine::Settings;
use crate::kinds::Kind;
use crate::kinds::aquarium::{self, Aquarium, AquariumError};
use crate::render::count_of;
use crate::store::{Added, NewPuzzle, Solution, Status, Store};

use super::error::ArchiveError;
use super::kinds::{self, AnyPuzzle, PuzzleError};
use super::verdict::AS_THEIR_KIND_HAS;
use super::{site_names, text_header};

/// Puzzles solved in parallel and then written in one transaction.
pub const CHUNK: usize = 512;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Task strings when the first puzzle line holds a `;`, else text.
    #[default]
    Auto,
    Text,
    Task,
}

/// One puzzle as read, not yet judged.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// `file` or `file:line`, for messages and the `source` column.
    pub place: String,
    pub size_class: Option<i64>,
    pub site_id: Option<i64>,
    /// A special's date, from the file's header ([`text_header`]).
    pub special_date: Option<String>,
    /// Where the puzzle first came from, when the file's header says so;
    /// else `place` is its source.
    pub source: Option<String>,
    /// The puzzle, or why the text of its file is not (all) puzzles.
    pub puzzle: Result<AnyPuzzle, Unreadable>,
}

impl Candidate {
    /// A candidate from `place` of which nothing is known but its text.
    pub fn plain(place: String, puzzle: Result<AnyPuzzle, Unreadable>) -> Candidate {
        Candidate { place, size_class: None, site_id: None, special_date: None, source: None, puzzle }
    }
}

/// The puzzles of a file that could not be read, reported once for the
/// file: `place` (of the candidate) is the first one's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// Why the first one cannot be read, and how many more there are.
    pub why: String,
    /// How many puzzles of the file could not be read.
    pub puzzles: usize,
}

/// The puzzles of one text, each with the line it starts on.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub puzzles: Vec<(usize, AnyPuzzle)>,
    /// What could not be read, once for the whole text: the line of the
    /// first bad puzzle's fault (else the line it starts on), and why
    /// (see [`Unreadable`]).
    pub unreadable: Option<(usize, Unreadable)>,
}

/// What an import did. Every puzzle read is counted once.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Stored now, with one solution.
    pub new: u64,
    pub present: u64,
    /// Stored now, flagged invalid.
    pub invalid: u64,
    /// Stored now, flagged as having no solution.
    pub unsolvable: u64,
    /// Stored now, flagged as having several solutions where one is
    /// expected (Aquarium, Sudoku, the family's kinds).
    pub ambiguous: u64,
    /// Stored now, with the several solutions their kind has as a rule
    /// (calendar dates, ring instances).
    pub several: u64,
    /// Stored now in the place of a flagged copy with the same site ID.
    pub replaced: u64,
    /// Stored now as they came, their kind not solved yet.
    pub no_solver: u64,
    /// The first [`FLAGGED_NAMED`] puzzles stored flagged (invalid, with no
    /// solution, or several where one is expected), in the order read.
    pub flagged: Vec<Flagged>,
    /// Files with text that could not be read as puzzles (nothing stored
    /// of it): one `place: why` each, the place being its first bad line.
    pub unreadable: Vec<String>,
    /// The puzzles in those files that could not be read.
    pub unreadable_puzzles: u64,
    /// Ctrl-C stopped the import before the end (see [`crate::interrupt`]):
    /// every puzzle counted here is stored, the rest were not looked at.
    pub interrupted: bool,
    /// Wall time spent validating and solving, and writing to the database.
    pub solve_time: Duration,
    pub store_time: Duration,
}

impl Summary {
    /// Puzzles stored by this import (new, or in the place of a flagged copy).
    pub fn stored(&self) -> u64 {
        self.new + self.several + self.invalid + self.unsolvable + self.ambiguous + self.replaced + self.no_solver
    }

    /// Puzzles stored now without what their kind must have: invalid, with
    /// no solution, or several where one is expected.
    pub fn faults(&self) -> u64 {
        self.invalid + self.unsolvable + self.ambiguous
    }

    /// Puzzles read and dealt with: stored, found present, or unreadable.
    pub fn read(&self) -> u64 {
        self.stored() + self.present + self.unreadable_puzzles
    }

    /// One line whose numbers add up: what was stored (split by what it
    /// is), what the archive had, what could not be read.
    pub fn line(&self) -> String {
        let mut parts = Vec::new();
        for (n, what) in [
            (self.new, "with one solution"),
            (self.several, &format!("with several solutions, {AS_THEIR_KIND_HAS}")),
            (self.invalid, "invalid"),
            (self.unsolvable, "with no solution"),
            (self.ambiguous, "with several solutions where one is expected"),
            (self.replaced, "replacing flagged copies"),
            (self.no_solver, "kept for a solver to come"),
        ] {
            if n > 0 {
                parts.push(format!("{n} {what}"));
            }
        }
        let mut line = count_of(self.stored(), "puzzle stored", "puzzles stored");
        // One kind of puzzle stored needs no breakdown unless it is a fault.
        if parts.len() > 1 || (parts.len() == 1 && self.new == 0) {
            line.push_str(&format!(" ({})", parts.join(", ")));
        }
        line.push_str(&format!(", {} already present", self.present));
        if self.unreadable_puzzles > 0 {
            line.push_str(&format!(", {} not readable as puzzles", self.unreadable_puzzles));
        }
        line
    }
}

/// How many puzzles stored flagged an import names ([`Summary::flagged`]);
/// the rest are counted.
pub const FLAGGED_NAMED: usize = 20;

/// A puzzle stored flagged, for the caller to name with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flagged {
    /// `file`, or `file:line` where the file holds several puzzles.
    pub place: String,
    pub status: Status,
    /// Why an invalid puzzle is invalid, in the words of its kind's check
    /// (those `aquarchive solve` gives).
    pub note: Option<String>,
    /// The solutions found: none, or as many as the search looked for (it
    /// stops at the second where one is expected).
    pub found: u32,
}

/// The files an import reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    pub files: Vec<PathBuf>,
    /// Files named on the command line (a shell's `dir/*.txt`) that were
    /// left out as solutions (`*.solution.txt`).
    pub solutions_skipped: usize,
    /// Links to a folder already walked (a loop, or a second way to it):
    /// not walked again.
    pub folders_seen_again: Vec<PathBuf>,
    /// Photos (JPEG, PNG, told by their first bytes) in the folders walked,
    /// which are not puzzle files: `calendar read` reads them.
    pub photos_skipped: usize,
}

/// The files that `paths` name: files as given (`-` is standard input) but
/// the fixtures' solutions (`*.solution.txt`), and in directories (walked in
/// name order) every `*.txt` but those, and every saved page (see
/// [`is_saved_page`]); the photos in them are counted.
pub fn input_files(paths: &[PathBuf]) -> Result<Inputs, ArchiveError> {
    let mut inputs = Inputs::default();
    let mut walked = std::collections::HashSet::new();
    for path in paths {
        walk(path, true, &mut inputs, &mut walked)?;
    }
    Ok(inputs)
}

/// Whether a file is a puzzle's solution kept beside it (`NAME.solution.txt`).
pub fn is_solution_file(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".solution.txt"))
}

/// Adds the files under `path` to `inputs`; `walked` holds every folder
/// walked so far, as its real path, so that a link back up is not followed
/// round and round.
fn walk(
    path: &Path,
    named: bool,
    inputs: &mut Inputs,
    walked: &mut std::collections::HashSet<PathBuf>,
) -> Result<(), ArchiveError> {
    if path == Path::new("-") {
        inputs.files.push(path.to_path_buf());
        return Ok(());
    }
    let io = |source| ArchiveError::Io { path: path.display().to_string(), source };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_dir() {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if is_solution_file(path) {
            inputs.solutions_skipped += usize::from(named);
        } else if named || name.ends_with(".txt") || is_saved_page(path) {
            inputs.files.push(path.to_path_buf());
        } else if meta.is_file() && is_photo(path) {
            inputs.photos_skipped += 1;
        }
        return Ok(());
    }
    if !walked.insert(std::fs::canonicalize(path).map_err(io)?) {
        inputs.folders_seen_again.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(path).map_err(io)?.map(|e| e.map(|e| e.path())).collect::<Result<_, _>>().map_err(io)?;
    entries.sort();
    for entry in entries {
        walk(&entry, false, inputs, walked)?;
    }
    Ok(())
}

/// An image's format, told by its first bytes, where it is one the
/// calendar's photo reader reads (JPEG, PNG).
pub fn image_format(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\xFF\xD8\xFF") {
        Some("JPEG")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1A\n") {
        Some("PNG")
    } else {
        None
    }
}

/// Whether the file at `path` is a photo ([`image_format`]); a file that
/// cannot be read is not.
fn is_photo(path: &Path) -> bool {
    let mut start = Vec::with_capacity(8);
    std::fs::File::open(path)
        .and_then(|file| std::io::Read::read_to_end(&mut std::io::Read::take(file, 8), &mut start))
        .is_ok_and(|_| image_format(&start).is_some())
}

/// What a file given to `import` holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Another archive (an SQLite file), to merge ([`super::merge`]).
    Archive,
    /// An export's JSON lines, to restore ([`super::jsonl`]).
    JsonLines,
    /// Puzzle files in the kinds' text formats, or task strings.
    Puzzles,
    /// A page saved from the site ([`is_saved_page`]).
    Page,
    /// A player's progress saved by the HTML archive's page
    /// ([`super::progress`]).
    Progress,
}

/// What `path` holds: an SQLite file by its header (whatever its name;
/// opening it then checks that it is an archive), a progress file by its
/// first member `format` ([`super::progress::is_progress_file`]), JSON lines by the name
/// `*.jsonl` or a first character that is not blank being `{` (no puzzle
/// format starts so), a saved page by its name, else puzzles.
pub fn input_of(path: &Path) -> Result<Input, ArchiveError> {
    if path == Path::new("-") {
        return Ok(Input::Puzzles);
    }
    let io = |source| ArchiveError::Io { path: path.display().to_string(), source };
    let mut start = Vec::with_capacity(4096);
    std::io::Read::read_to_end(&mut std::io::Read::take(std::fs::File::open(path).map_err(io)?, 4096), &mut start)
        .map_err(io)?;
    let first = start.iter().find(|b| !b.is_ascii_whitespace());
    Ok(if start.starts_with(b"SQLite format 3\0") {
        Input::Archive
    } else if super::progress::is_progress_file(&start) {
        Input::Progress
    } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("jsonl")) || first == Some(&b'{') {
        Input::JsonLines
    } else if is_saved_page(path) {
        Input::Page
    } else {
        Input::Puzzles
    })
}

/// Whether a file is a page saved from the site (`*.html`, `*.htm`), to be
/// imported as a snapshot through the page extractor.
pub fn is_saved_page(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
}

/// The puzzles of one file, of `kind` or, if
/// none is given, of the kind [`kinds::detect`] finds. A file holding one
/// puzzle gives it what the file's header says (see [`text_header`]: the
/// size class, a special's date, the site ID and source that `export
/// --format text` writes); an Aquarium named like the fixtures
/// (`15x15_hard_5642858.txt`) gets its size class and site ID from the
/// name. What cannot be read is one candidate for the file, named by the
/// file and its first bad line.
pub fn read_file(path: &Path, format: Format, kind: Option<Kind>) -> Result<Vec<Candidate>, ArchiveError> {
    let shown = path.display().to_string();
    // A file of another encoding is one file that cannot be read, not an
    // error that stops the whole import.
    let text = match read_bytes(path)?.and_then(decode) {
        Ok(text) => text,
        Err(why) => return Ok(vec![unreadable(shown, why, 1)]),
    };
    let parsed = parse_any(&text, format, kind);
    let header = match text_header::read(&text) {
        Ok(header) => header,
        Err((line, why)) => return Ok(vec![unreadable(format!("{shown}:{line}"), why, parsed.puzzles.len().max(1))]),
    };
    if !header.is_empty() && parsed.puzzles.len() + usize::from(parsed.unreadable.is_some()) > 1 {
        let why = "an aquarchive header names one puzzle, but the file holds more: export writes one puzzle a file";
        return Ok(vec![unreadable(format!("{shown}:{}", header.line), why.into(), parsed.puzzles.len())]);
    }
    let mut site = match parsed.puzzles.as_slice() {
        [(_, AnyPuzzle::Aquarium(_))] if parsed.unreadable.is_none() => {
            path.file_stem().and_then(|s| s.to_str()).and_then(site_names::parse_file_stem)
        }
        _ => None,
    }
    .map_or((None, None), |(class, id)| (Some(class), Some(id)));
    if header.size_class.is_some() || header.site_id.is_some() {
        site = (header.size_class, header.site_id);
    }
    let several = parsed.puzzles.len() > 1;
    let mut candidates: Vec<Candidate> = parsed
        .puzzles
        .into_iter()
        .map(|(line, puzzle)| Candidate {
            place: if several { format!("{shown}:{line}") } else { shown.clone() },
            size_class: site.0,
            site_id: site.1,
            special_date: header.special_date.clone(),
            source: header.source.clone(),
            puzzle: Ok(puzzle),
        })
        .collect();
    if let Some((line, unreadable)) = parsed.unreadable {
        candidates.push(Candidate::plain(format!("{shown}:{line}"), Err(unreadable)));
    }
    Ok(candidates)
}

/// One candidate for a file none of whose `puzzles` can be stored.
fn unreadable(place: String, why: String, puzzles: usize) -> Candidate {
    Candidate::plain(place, Err(Unreadable { why, puzzles }))
}

/// The puzzles of a text of any kind (see [`read_file`]), each with its
/// line, and what could not be read, once.
pub fn parse_any(text: &str, format: Format, kind: Option<Kind>) -> Parsed {
    let told = kind.is_some() || format != Format::Auto;
    let task_lines = kind.is_none() && format != Format::Text && kinds::is_task_lines(text);
    let kind = kind.unwrap_or_else(|| if format == Format::Task { Kind::Aquarium } else { kinds::detect(text) });
    let all = if task_lines {
        kinds::parse_task_lines(text)
    } else if kind != Kind::Aquarium {
        kinds::parse_kind(kind, text)
    } else {
        parse(text, format)
            .into_iter()
            .map(|(line, p)| (line, p.map(AnyPuzzle::Aquarium).map_err(PuzzleError::from)))
            .collect()
    };
    let mut parsed = Parsed::default();
    let mut bad = Vec::new();
    for (line, puzzle) in all {
        match puzzle {
            Ok(puzzle) => parsed.puzzles.push((line, puzzle)),
            Err(why) => bad.push((line, why)),
        }
    }
    if let Some((line, why)) = bad.first() {
        // The line is the place's: the message says it no more.
        let mut why = why.message();
        if bad.len() > 1 {
            why.push_str(&format!(" ({})", more_lines(&bad[1..])));
        }
        if parsed.puzzles.is_empty()
            && kind == Kind::Aquarium
            && !told
            && let Some(flags) = kinds::likely_flags(text)
        {
            why.push_str(&format!("; {flags}"));
        }
        parsed.unreadable = Some((*line, Unreadable { why, puzzles: bad.len() }));
    }
    parsed
}

/// "and 2 more puzzles that cannot be read, at lines 4 and 9" (the first
/// ten lines named).
fn more_lines<T>(more: &[(usize, T)]) -> String {
    const NAMED: usize = 10;
    let lines: Vec<String> = more.iter().take(NAMED).map(|(line, _)| line.to_string()).collect();
    let at = match lines.as_slice() {
        [one] => format!("line {one}"),
        named if more.len() > NAMED => format!("lines {}, ...", named.join(", ")),
        [rest @ .., last] => format!("lines {} and {last}", rest.join(", ")),
        [] => String::new(),
    };
    let n = more.len();
    format!("and {n} more puzzle{} that cannot be read, at {at}", if n == 1 { "" } else { "s" })
}

/// The largest puzzle file read (a text export's file holds one puzzle; a
/// collection of a million Sudoku task lines, about 80 MiB). A larger one
/// is refused by its name before it is read, so that no file makes this
/// process hold more.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// Reads a file (`-`: standard input) that must be UTF-8 text (see [`decode`]).
pub fn read_text(path: &Path) -> Result<String, ArchiveError> {
    read_bytes(path)?.and_then(decode).map_err(|why| ArchiveError::Input(format!("{}: {why}", path.display())))
}

/// The bytes of a file, or of standard input for `-`; `Err` with why when
/// there are more than [`MAX_FILE_BYTES`] (found before they are read).
fn read_bytes(path: &Path) -> Result<Result<Vec<u8>, String>, ArchiveError> {
    let io = |source| ArchiveError::Io { path: path.display().to_string(), source };
    let input: Box<dyn std::io::Read> = if path == Path::new("-") {
        Box::new(std::io::stdin())
    } else {
        let file = std::fs::File::open(path).map_err(io)?;
        if file.metadata().map_err(io)?.len() > MAX_FILE_BYTES {
            return Ok(Err(too_large_file()));
        }
        Box::new(file)
    };
    let mut bytes = Vec::new();
    // A file that grows while it is read, or standard input, is cut here.
    std::io::Read::read_to_end(&mut std::io::Read::take(input, MAX_FILE_BYTES + 1), &mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Ok(Err(too_large_file()));
    }
    Ok(Ok(bytes))
}

fn too_large_file() -> String {
    format!("more than the {} MiB a puzzle file may hold; split it into smaller files", MAX_FILE_BYTES >> 20)
}

/// A file's bytes as UTF-8 text, without the byte-order mark that Windows
/// editors put first ("UTF-8 with BOM"), which no line would read past.
/// Text in another encoding is named as such, with what to do.
pub fn decode(mut bytes: Vec<u8>) -> Result<String, String> {
    const BOM: &[u8] = b"\xEF\xBB\xBF";
    if bytes.starts_with(BOM) {
        bytes.drain(..BOM.len());
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        not_utf8(e.as_bytes(), at)
    })
}

/// Why `bytes`, not UTF-8 from offset `at` on, are not text this tool reads.
fn not_utf8(bytes: &[u8], at: usize) -> String {
    const SAVE: &str = "save it as UTF-8 (an editor's \"Save as\" offers the encoding)";
    if let Some(format) = image_format(bytes) {
        return format!(
            "a {format} image, not puzzles: `aquarchive calendar read --import PHOTO` reads a photo of a solved \
             calendar board into the archive"
        );
    }
    let head = &bytes[..bytes.len().min(256)];
    let zeros = head.iter().filter(|&&b| b == 0).count();
    if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") || zeros * 4 >= head.len() {
        return format!("UTF-16 text, not UTF-8: {SAVE}");
    }
    if zeros > 0 {
        return "not text: it holds NUL bytes (a binary file?)".into();
    }
    let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
    let line_start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // What comes before `at` is UTF-8: the column counts its characters.
    let column = 1 + std::str::from_utf8(&bytes[line_start..at]).map_or(at - line_start, |s| s.chars().count());
    format!(
        "not UTF-8 text: byte {:#04X} at line {line}, column {column} (Latin-1 or Windows-1252 text?); {SAVE}",
        bytes[at]
    )
}

/// The puzzles of a text, each with the line it starts on.
pub fn parse(text: &str, format: Format) -> Vec<(usize, Result<Aquarium, AquariumError>)> {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    let tasks = match format {
        Format::Task => true,
        Format::Text => false,
        Format::Auto => first.is_some_and(|l| l.contains(';')),
    };
    if !tasks {
        return aquarium::parse_blocks(text).into_iter().map(|b| (b.line, b.puzzle)).collect();
    }
    let puzzles: Vec<_> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| (n + 1, Aquarium::parse_task(l)))
        .collect();
    if puzzles.is_empty() { vec![(1, Err(AquariumError::Empty))] } else { puzzles }
}

/// Imports every candidate, `CHUNK` at a time; `progress` hears how many
/// are done after each chunk is written. While one chunk is being written
/// the next is already being solved, so the database's time hides behind
/// the solver's. After Ctrl-C (when [`crate::interrupt`] is asked to stop
/// between steps) no new chunk is started: what is solved is written, and
/// the summary says it was interrupted.
pub fn import(
    store: &mut Store,
    candidates: Vec<Candidate>,
    settings: Settings,
    progress: &dyn Fn(u64),
) -> Result<Summary, ArchiveError> {
    let mut summary = Summary::default();
    let mut done = 0;
    let mut candidates = candidates.into_iter().peekable();
    // A solved chunk waiting to be written, with its count of candidates.
    let mut waiting: Option<(Vec<Judged>, u64)> = None;
    loop {
        // After Ctrl-C no new chunk starts; the one solved is still written.
        summary.interrupted = crate::interrupt::requested() && candidates.peek().is_some();
        if waiting.is_none() && (summary.interrupted || candidates.peek().is_none()) {
            break;
        }
        let chunk: Vec<Candidate> =
            if summary.interrupted { Vec::new() } else { candidates.by_ref().take(CHUNK).collect() };
        let read = chunk.len() as u64;
        // Looked up before the previous chunk is written: a puzzle in both
        // is solved twice, and the write finds it present.
        let fresh = unseen(store, chunk, &mut summary)?;
        let (solved, written) = std::thread::scope(|scope| {
            let solving = scope.spawn(|| solve(fresh, settings));
            let written = waiting.take().map(|(batch, read)| write(store, &batch, &mut summary).map(|()| read));
            (solving.join().expect("the solver thread does not panic"), written)
        });
        if let Some(read) = written.transpose()? {
            done += read;
            progress(done);
            tracing::info!(candidates = read, done, "chunk imported");
        }
        let (judged, took) = solved?;
        summary.solve_time += took;
        if read > 0 {
            waiting = Some((judged, read));
        }
    }
    Ok(summary)
}

/// Imports `candidates` as one step, which Ctrl-C does not cut short: for a
/// caller that stops between steps of its own (`calendar read --import`
/// stores each photo's date as it is read).
pub(super) fn import_as_one_step(
    store: &mut Store,
    candidates: Vec<Candidate>,
    settings: Settings,
) -> Result<Summary, ArchiveError> {
    let mut summary = Summary::default();
    let fresh = unseen(store, candidates, &mut summary)?;
    let (judged, took) = solve(fresh, settings)?;
    summary.solve_time += took;
    write(store, &judged, &mut summary)?;
    Ok(summary)
}

/// A puzzle judged and ready to store.
struct Judged {
    /// Where it was read (see [`Candidate::place`]).
    place: String,
    record: NewPuzzle,
    solution: Option<Solution>,
    /// Whether its kind expects one solution.
    expects_unique: bool,
}

/// The readable candidates of a chunk that the archive does not hold yet
/// (solving is the expensive part: skip what is stored already).
fn unseen(
    store: &Store,
    chunk: Vec<Candidate>,
    summary: &mut Summary,
) -> Result<Vec<(String, AnyPuzzle, NewPuzzle)>, ArchiveError> {
    let mut fresh = Vec::with_capacity(chunk.len());
    for candidate in chunk {
        let puzzle = match candidate.puzzle {
            Ok(puzzle) => puzzle,
            Err(unreadable) => {
                summary.unreadable.push(format!("{}: {}", candidate.place, unreadable.why));
                summary.unreadable_puzzles += unreadable.puzzles as u64;
                continue;
            }
        };
        let (width, height) = puzzle.size();
        let record = NewPuzzle {
            kind: puzzle.kind(),
            source: candidate.source.unwrap_or_else(|| candidate.place.clone()),
            size_class: candidate.size_class,
            site_id: candidate.site_id,
            special_date: candidate.special_date,
            width,
            height,
            text: puzzle.text(),
            snapshot: None,
            extractor_version: None,
            status: Status::Ok,
            note: None,
        };
        if store.find(&record)?.is_some() {
            summary.present += 1;
        } else {
            fresh.push((candidate.place, puzzle, record));
        }
    }
    Ok(fresh)
}

/// Validates and solves in parallel; also returns the wall time taken.
fn solve(
    fresh: Vec<(String, AnyPuzzle, NewPuzzle)>,
    settings: Settings,
) -> Result<(Vec<Judged>, Duration), ArchiveError> {
    let start = Instant::now();
    let judged = fresh
        .into_par_iter()
        .map(|(place, puzzle, mut record)| {
            let verdict = match puzzle.assess(settings) {
                Ok(verdict) => verdict,
                Err(source) => return Err(ArchiveError::Solve { place, source }),
            };
            record.status = verdict.status;
            record.note = verdict.note;
            Ok(Judged { place, record, solution: verdict.solution, expects_unique: puzzle.expects_unique() })
        })
        .collect::<Result<_, ArchiveError>>()?;
    Ok((judged, start.elapsed()))
}

/// Stores one solved chunk in one transaction and counts what it did. A
/// new archive takes its name before its first puzzle (see
/// [`Store::open_to_keep`]): an import that stores none makes none.
fn write(store: &mut Store, batch: &[Judged], summary: &mut Summary) -> Result<(), ArchiveError> {
    if batch.is_empty() {
        return Ok(());
    }
    let start = Instant::now();
    store.keep()?;
    let rows: Vec<(NewPuzzle, Option<Solution>)> =
        batch.iter().map(|judged| (judged.record.clone(), judged.solution.clone())).collect();
    let added = store.add(&rows)?;
    summary.store_time += start.elapsed();
    for (judged, added) in batch.iter().zip(added) {
        let status = judged.record.status;
        let counted = match (added, status) {
            // Another import stored it since we looked.
            (Added::Present(_), _) => &mut summary.present,
            (Added::New(_), Status::Ok) => &mut summary.new,
            (Added::Replaced(_), _) => &mut summary.replaced,
            (Added::New(_), Status::Several) if !judged.expects_unique => &mut summary.several,
            (Added::New(_), Status::NoSolver) => &mut summary.no_solver,
            (Added::New(_), Status::Invalid | Status::Unsolvable | Status::Several) => {
                if summary.flagged.len() < FLAGGED_NAMED {
                    summary.flagged.push(Flagged {
                        place: judged.place.clone(),
                        status,
                        note: judged.record.note.clone(),
                        found: judged.solution.as_ref().map_or(0, |s| s.found),
                    });
                }
                match status {
                    Status::Invalid => &mut summary.invalid,
                    Status::Unsolvable => &mut summary.unsolvable,
                    _ => &mut summary.ambiguous,
                }
            }
        };
        *counted += 1;
    }
    Ok(())
}
