//! `aquarchive solve`: read puzzles, solve them, prove uniqueness, print.

use serde_json::json;

use aquarchive::archive::import;
use aquarchive::engine::{Probing, Settings, Stats};
use aquarchive::kinds::aquarium::{self, Aquarium, AquariumError, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::args::{InputFormat, Kind, ProbingArg, SolveArgs};
use super::output::{print, read_input};
use super::picture::Pictures;
use super::{CliError, ExitCode};

/// What the user asked of each puzzle.
pub(super) struct Job {
    pub(super) limit: u64,
    pub(super) mode: Mode,
    pub(super) json: bool,
    pub(super) settings: Settings,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    First,
    Count,
    All,
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
    let limit = args.limit.unwrap_or(if mode == Mode::First { 2 } else { 1000 });
    if limit == 0 {
        return Err(CliError::Message("--limit must be at least 1".into()));
    }
    let job = Job { limit, mode, json: args.json, settings: settings(args.probing) };
    let kind = args.kind.unwrap_or(Kind::Aquarium);
    if args.format == InputFormat::Task && kind != Kind::Aquarium {
        return Err(CliError::Message(
            "--format task is for Aquarium; the other kinds have their own text formats (see README)".into(),
        ));
    }
    match kind {
        Kind::Aquarium => {}
        Kind::Sudoku => return super::solve_sudoku::run(&args, &job),
        Kind::Ring => return super::solve_ring::run(&args, &job),
        Kind::Calendar => {
            return Err(CliError::Message(
                "a calendar date is solved with `aquarchive calendar DATE`; `solve --kind calendar` \
                 re-solves stored dates (--all, --unsolved or --id)"
                    .into(),
            ));
        }
    }
    let pictures = Pictures::new(args.svg.clone(), args.png.clone());
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
        let puzzles = read_aquariums(&text, args.format);
        let several = puzzles.len() > 1;
        let numbered = several || args.files.len() > 1;
        for (line, parsed) in puzzles {
            let place = if several { format!("{file}:{line}") } else { file.clone() };
            let outcome = parsed.and_then(|p| p.validate().map(|()| p)).and_then(|p| {
                let report = aquarium::solve(&p, job.limit as usize, job.settings)?;
                Ok((p, report))
            });
            match outcome {
                Ok((puzzle, report)) => {
                    code = code.worst(print_aquarium(&job, file, line, &place, &puzzle, &report)?);
                    if pictures.wanted() {
                        drawn += 1;
                        let drawing = svg::aquarium::board(&puzzle, report.solutions.first(), &place);
                        pictures.write(&drawing, numbered.then_some(drawn))?;
                    }
                }
                Err(err) => {
                    report_error(&job, file, Some(line), &format!("{place}: {err}"))?;
                    code = ExitCode::Error;
                }
            }
        }
    }
    Ok(code)
}

/// The puzzles of one input, each with the line it starts on.
fn read_aquariums(text: &str, format: InputFormat) -> Vec<(usize, Result<Aquarium, AquariumError>)> {
    let format = match format {
        InputFormat::Text => import::Format::Text,
        InputFormat::Task => import::Format::Task,
    };
    import::parse(text, format)
}

pub(super) fn report_error(job: &Job, file: &str, line: Option<usize>, message: &str) -> Result<(), CliError> {
    eprintln!("aquarchive: {message}");
    if job.json {
        print(&format!("{}\n", json!({ "file": file, "line": line, "error": message })))?;
    }
    Ok(())
}

/// The JSON fields every kind shares: where, what, and what the search found.
pub(super) fn record(file: &str, kind: &str, solutions: usize, stats: &Stats) -> serde_json::Value {
    json!({
        "file": file,
        "kind": kind,
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

fn print_aquarium(
    job: &Job,
    file: &str,
    line: usize,
    place: &str,
    puzzle: &Aquarium,
    report: &SolveReport,
) -> Result<ExitCode, CliError> {
    let code = if report.is_unique() { ExitCode::Ok } else { ExitCode::NotUnique };
    if job.json {
        let mut record = record(file, "aquarium", report.solutions.len(), &report.stats);
        record["line"] = json!(line);
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
        "{place}: {}x{}, {} tanks: {}\n",
        puzzle.width(),
        puzzle.height(),
        puzzle.tank_count(),
        verdict(report.solutions.len(), &report.stats, job.limit)
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
    print(&out)?;
    Ok(code)
}
