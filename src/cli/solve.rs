//! `aquarchive solve`: read puzzles, solve them, prove uniqueness, print.

use serde_json::json;

use aquarchive::archive::import::{self, Format};
use aquarchive::archive::kinds::{self, AnyPuzzle};
use aquarchive::engine::{Probing, Settings, Stats};
use aquarchive::kinds::Kind as PuzzleKind;
use aquarchive::kinds::aquarium::{self, Aquarium, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::args::{InputFormat, Kind, ProbingArg, SolveArgs};
use super::output::{print, read_input};
use super::picture::Pictures;
use super::{CliError, ExitCode};

/// What the user asked of each puzzle.
pub(super) struct Job {
    /// `--limit`, if given.
    limit: Option<u64>,
    pub(super) mode: Mode,
    pub(super) json: bool,
    pub(super) settings: Settings,
    pub(super) pictures: Pictures,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    First,
    Count,
    All,
}

/// Where a puzzle is: its file and line, its name in messages, and its
/// number when the command draws several.
pub(super) struct At<'a> {
    pub(super) file: &'a str,
    pub(super) line: usize,
    pub(super) place: String,
    pub(super) number: Option<usize>,
}

impl Job {
    /// How many solutions to look for in a puzzle of `kind`: by default two
    /// where one is expected (which proves uniqueness), else all of them
    /// (up to 1000).
    pub(super) fn limit(&self, kind: PuzzleKind) -> u64 {
        self.limit.unwrap_or(if self.mode == Mode::First && kind.expects_unique() { 2 } else { 1000 })
    }

    /// Prints a report, unless the pictures go to standard output.
    pub(super) fn print(&self, text: &str) -> Result<(), CliError> {
        if self.pictures.to_stdout() { Ok(()) } else { print(text) }
    }

    /// Draws a puzzle, if pictures were asked for.
    pub(super) fn draw(&self, at: &At, drawing: impl FnOnce() -> String) -> Result<(), CliError> {
        if self.pictures.wanted() { self.pictures.write(&drawing(), at.number) } else { Ok(()) }
    }

    /// Reports a puzzle that could not be solved; the exit code it gives.
    pub(super) fn fault(&self, at: &At, why: &dyn std::fmt::Display) -> Result<ExitCode, CliError> {
        report_error(self, at.file, Some(at.line), &format!("{}: {why}", at.place))?;
        Ok(ExitCode::Error)
    }
}

/// The exit code for a puzzle of `kind` with `solutions` found: 0 for one
/// (proved) where one is expected, and for any where several are the rule.
pub(super) fn code(kind: PuzzleKind, solutions: usize, exhausted: bool) -> ExitCode {
    let expected = if kind.expects_unique() { solutions == 1 && exhausted } else { solutions > 0 };
    if expected { ExitCode::Ok } else { ExitCode::NotUnique }
}

pub fn settings(probing: ProbingArg) -> Settings {
    let probing = match probing {
        ProbingArg::Off => Probing::Off,
        ProbingArg::Root => Probing::Root,
        ProbingArg::Fixpoint => Probing::Fixpoint,
        ProbingArg::Adaptive => Probing::Adaptive,
    };
    Settings::with_probing(probing)
}

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let mode = if args.count {
        Mode::Count
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    if args.limit == Some(0) {
        return Err(CliError::Message("--limit must be at least 1".into()));
    }
    if args.format == Some(InputFormat::Task) && args.kind.is_some_and(|k| k != Kind::Aquarium) {
        return Err(CliError::Message(
            "--format task is for Aquarium; the other kinds have their own text formats (see README)".into(),
        ));
    }
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let job = Job { limit: args.limit, mode, json: args.json, settings: settings(args.probing), pictures };
    let format = match args.format {
        None => Format::Auto,
        Some(InputFormat::Text) => Format::Text,
        Some(InputFormat::Task) => Format::Task,
    };
    let mut drawn = 0;
    let mut code = ExitCode::Ok;
    for file in &args.files {
        let text = match read_input(file) {
            Ok(text) => text,
            Err(err) => {
                report_error(&job, file, None, &err.to_string())?;
                code = ExitCode::Error;
                continue;
            }
        };
        // The kind as `import` finds it, unless --kind or --format says.
        let parsed = import::parse_any(&text, format, args.kind.map(Kind::kind));
        let several = parsed.puzzles.len() > 1;
        let numbered = several || args.files.len() > 1;
        for (line, puzzle) in &parsed.puzzles {
            drawn += 1;
            let at = At {
                file,
                line: *line,
                place: if several { format!("{file}:{line}") } else { file.clone() },
                number: numbered.then_some(drawn),
            };
            let outcome = match puzzle {
                AnyPuzzle::Aquarium(p) => solve_aquarium(&job, &at, p)?,
                AnyPuzzle::Sudoku(g) => super::solve_sudoku::solve(&job, &at, g)?,
                AnyPuzzle::Calendar { variant, date } => super::solve_calendar::solve(&job, &at, variant, date)?,
                AnyPuzzle::Ring(r) => super::solve_ring::solve(&job, &at, r)?,
            };
            code = code.worst(outcome);
        }
        if let Some((line, unreadable)) = &parsed.unreadable {
            // Named as `import` names it: the file and the first bad line.
            report_error(&job, file, Some(*line), &format!("{file}:{line}: {}", unreadable.why))?;
            code = ExitCode::Error;
        }
    }
    Ok(code)
}

fn solve_aquarium(job: &Job, at: &At, puzzle: &Aquarium) -> Result<ExitCode, CliError> {
    let report = match puzzle
        .validate()
        .and_then(|()| aquarium::solve(puzzle, job.limit(PuzzleKind::Aquarium) as usize, job.settings))
    {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_aquarium(job, at, puzzle, &report)?;
    job.draw(at, || svg::aquarium::board(puzzle, report.solutions.first(), &at.place))?;
    Ok(code)
}

pub(super) fn report_error(job: &Job, file: &str, line: Option<usize>, message: &str) -> Result<(), CliError> {
    eprintln!("aquarchive: {message}");
    if job.json {
        print(&format!("{}\n", json!({ "file": file, "line": line, "error": message })))?;
    }
    Ok(())
}

/// The JSON fields every kind shares: where, what, and what the search found.
pub(super) fn record(file: &str, kind: PuzzleKind, solutions: usize, stats: &Stats) -> serde_json::Value {
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
pub(super) fn verdict(n: usize, stats: &Stats, limit: u64) -> String {
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

fn print_aquarium(job: &Job, at: &At, puzzle: &Aquarium, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(PuzzleKind::Aquarium, report.solutions.len(), report.stats.exhausted);
    if job.json {
        let mut record = record(at.file, PuzzleKind::Aquarium, report.solutions.len(), &report.stats);
        record["line"] = json!(at.line);
        record["width"] = json!(puzzle.width());
        record["height"] = json!(puzzle.height());
        record["tanks"] = json!(puzzle.tank_count());
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows());
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(|s| s.to_rows()).collect::<Vec<_>>());
        }
        print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {}, {} tanks: {}\n",
        at.place,
        kinds::size_text(PuzzleKind::Aquarium, puzzle.width() as i64, puzzle.height() as i64),
        puzzle.tank_count(),
        verdict(report.solutions.len(), &report.stats, job.limit(PuzzleKind::Aquarium))
    );
    match job.mode {
        Mode::Count => {}
        Mode::First => out.push_str(&render::aquarium::framed(puzzle, report.solutions.first())),
        Mode::All if report.solutions.is_empty() => out.push_str(&render::aquarium::framed(puzzle, None)),
        Mode::All => {
            for (k, water) in report.solutions.iter().enumerate() {
                out.push_str(&format!("solution {}:\n", k + 1));
                out.push_str(&render::aquarium::framed(puzzle, Some(water)));
            }
        }
    }
    if job.mode != Mode::Count {
        out.push('\n');
    }
    job.print(&out)?;
    Ok(code)
}
