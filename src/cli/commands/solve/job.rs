//! What `solve` asks of each puzzle, and how its output is kept and
//! written.

use std::cell::RefCell;
use std::fmt;
use std::time::{Duration, Instant};

use aquarchive::archive::solving::Options;

use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print_bytes;
use crate::cli::picture::Pictures;
use crate::cli::report::report_error;

/// What the user asked of each puzzle.
pub struct Job {
    /// How puzzles are read and solved.
    pub options: Options,
    pub json: bool,
    pub pictures: Pictures,
    /// What [`Job::print`] was given and has not yet written.
    pub out: RefCell<Pending>,
}

/// Text for standard output kept to be written in large pieces, as one
/// write per puzzle would cost more than many a puzzle's solving; but at
/// least every [`Pending::EVERY`], so that slow puzzles show as they come.
/// Kept as bytes, which a JSON line is written straight into.
#[derive(Default)]
pub struct Pending {
    text: Vec<u8>,
    /// When text was last written; never, at first.
    written: Option<Instant>,
}

impl Pending {
    const LARGE: usize = 1 << 16;
    const EVERY: Duration = Duration::from_millis(100);

    fn write(&mut self) -> Result<(), CliError> {
        let written = print_bytes(&self.text);
        self.text.clear();
        self.written = Some(Instant::now());
        written
    }
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
    /// Prints a report, unless the pictures go to standard output; kept
    /// (see [`Pending`]) until there is much of it, some time has passed,
    /// or [`Job::flush`].
    pub fn print(&self, text: &str) -> Result<(), CliError> {
        self.print_with(|out| out.extend_from_slice(text.as_bytes()))
    }

    /// [`Job::print`] of a report that `write` appends to what is kept:
    /// no text of its own for each puzzle.
    pub fn print_with(&self, write: impl FnOnce(&mut Vec<u8>)) -> Result<(), CliError> {
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
