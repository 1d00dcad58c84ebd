//! What `solve` asks of each puzzle, and how every kind reports what its
//! search found: shared by `solve` and its per-kind files, and by `grade`.

use std::cell::RefCell;
use std::fmt;
use std::time::{Duration, Instant};

use serde_json::json;

use aquarchive::engine::{Probing, Settings, Stats};
use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku;

use super::args::ProbingArg;
use super::error::CliError;
use super::exit::ExitCode;
use super::output::print;
use super::picture::Pictures;

/// What the user asked of each puzzle.
pub struct Job {
    /// `--limit`, if given.
    pub limit: Option<u64>,
    pub mode: Mode,
    pub json: bool,
    pub settings: Settings,
    /// Which solver a Sudoku gets.
    pub sudoku: sudoku::Method,
    pub pictures: Pictures,
    /// What [`Job::print`] was given and has not yet written.
    pub out: RefCell<Pending>,
}

/// Text for standard output kept to be written in large pieces, as one
/// write per puzzle would cost more than many a puzzle's solving; but at
/// least every [`Pending::EVERY`], so that slow puzzles show as they come.
#[derive(Default)]
pub struct Pending {
    text: String,
    /// When text was last written; never, at first.
    written: Option<Instant>,
}

impl Pending {
    const LARGE: usize = 1 << 16;
    const EVERY: Duration = Duration::from_millis(100);

    fn write(&mut self) -> Result<(), CliError> {
        let written = print(&self.text);
        self.text.clear();
        self.written = Some(Instant::now());
        written
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    First,
    Count,
    All,
}

/// Where a puzzle is: its file and line, and its number when the command
/// draws several. Its name in messages ([`At::place`]) is written only when
/// a message or a text report needs it, not for every puzzle of a `--json`
/// run.
pub struct At<'a> {
    pub file: &'a str,
    pub line: usize,
    /// Whether the name says the line: the file holds several puzzles.
    pub named_by_line: bool,
    pub number: Option<usize>,
}

impl At<'_> {
    /// The puzzle's name in messages: `FILE:LINE`, or the file alone when
    /// it holds one puzzle.
    pub fn place(&self) -> Place<'_> {
        Place(self)
    }
}

/// What [`At::place`] writes.
pub struct Place<'a>(&'a At<'a>);

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.0;
        if at.named_by_line { write!(f, "{}:{}", at.file, at.line) } else { f.write_str(at.file) }
    }
}

impl Job {
    /// How many solutions to look for in a puzzle of `kind`: by default two
    /// where one is expected (which proves uniqueness), else all of them
    /// (up to 1000).
    pub fn limit(&self, kind: Kind) -> u64 {
        self.limit.unwrap_or(if self.mode == Mode::First && kind.expects_unique() { 2 } else { 1000 })
    }

    /// Prints a report, unless the pictures go to standard output; kept
    /// (see [`Pending`]) until there is much of it, some time has passed,
    /// or [`Job::flush`].
    pub fn print(&self, text: &str) -> Result<(), CliError> {
        self.print_with(|out| out.push_str(text))
    }

    /// [`Job::print`] of a report that `write` appends to what is kept:
    /// no text of its own for each puzzle.
    pub fn print_with(&self, write: impl FnOnce(&mut String)) -> Result<(), CliError> {
        if self.pictures.to_stdout() {
            return Ok(());
        }
        let mut out = self.out.borrow_mut();
        write(&mut out.text);
        if out.text.len() < Pending::LARGE && out.written.is_some_and(|at| at.elapsed() < Pending::EVERY) {
            return Ok(());
        }
        out.write()
    }

    /// Writes what [`Job::print`] kept: before a message on stderr, so
    /// that the two come in order, and at the end.
    pub fn flush(&self) -> Result<(), CliError> {
        let mut out = self.out.borrow_mut();
        if out.text.is_empty() { Ok(()) } else { out.write() }
    }

    /// Draws a puzzle, if pictures were asked for.
    pub fn draw(&self, at: &At, drawing: impl FnOnce() -> String) -> Result<(), CliError> {
        if self.pictures.wanted() { self.pictures.write(&drawing(), at.number) } else { Ok(()) }
    }

    /// Reports a puzzle that could not be solved; the exit code it gives.
    pub fn fault(&self, at: &At, why: &dyn std::fmt::Display) -> Result<ExitCode, CliError> {
        self.flush()?;
        report_error(self.json, at.file, Some(at.line), &format!("{}: {why}", at.place()))?;
        Ok(ExitCode::Error)
    }
}

/// Says on stderr that a file or puzzle could not be dealt with, and with
/// `--json` also as a JSON line in its place on stdout.
pub fn report_error(json: bool, file: &str, line: Option<usize>, message: &str) -> Result<(), CliError> {
    eprintln!("aquarchive: {message}");
    if json {
        print(&format!("{}\n", json!({ "file": file, "line": line, "error": message })))?;
    }
    Ok(())
}

/// The exit code for a puzzle of `kind` with `solutions` found: 0 for one
/// (proved) where one is expected, and for any where several are the rule.
pub fn code(kind: Kind, solutions: usize, exhausted: bool) -> ExitCode {
    let expected = if kind.expects_unique() { solutions == 1 && exhausted } else { solutions > 0 };
    if expected { ExitCode::Ok } else { ExitCode::NotUnique }
}

/// The engine's settings for `--probing`.
pub fn settings(probing: ProbingArg) -> Settings {
    let probing = match probing {
        ProbingArg::Off => Probing::Off,
        ProbingArg::Root => Probing::Root,
        ProbingArg::Fixpoint => Probing::Fixpoint,
        ProbingArg::Adaptive => Probing::Adaptive,
    };
    Settings::with_probing(probing)
}

/// The JSON fields every kind shares: where, what, and what the search found.
pub fn record(file: &str, kind: Kind, solutions: usize, stats: &Stats) -> serde_json::Value {
    json!({
        "file": file,
        "kind": kind.name(),
        "solutions": solutions,
        "exhausted": stats.exhausted,
        "unique": solutions == 1 && stats.exhausted,
        "nodes": stats.nodes,
        "probes": stats.probes,
        "micros": stats.elapsed.as_micros() as u64,
    })
}

/// "unique solution (nodes, probes, time)" and the like, for any kind.
pub fn verdict(n: usize, stats: &Stats, limit: u64) -> String {
    let time = format!("{} nodes, {} probes, {:.3} ms", stats.nodes, stats.probes, stats.elapsed.as_secs_f64() * 1e3);
    match (n, stats.exhausted) {
        (0, _) => format!("no solution ({time})"),
        (1, true) => format!("unique solution ({time})"),
        (n, true) => format!("{n} solutions ({time})"),
        (_, false) => format!(
            "at least {}, the limit of {limit} ({time})",
            aquarchive::render::count_of(n as u64, "solution", "solutions")
        ),
    }
}
