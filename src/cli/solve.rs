//! `aquarchive solve`: read puzzles, solve them, prove uniqueness, print.

use serde_json::json;

use aquarchive::archive::import::{self, Format};
use aquarchive::archive::kinds::{self, AnyPuzzle};
use aquarchive::engine::Learning;
use aquarchive::kinds::Kind;
use aquarchive::kinds::aquarium::{self, Aquarium, SolveReport};
use aquarchive::kinds::sudoku;
use aquarchive::render;
use aquarchive::render::svg;

use super::args::{InputFormat, SolveArgs, SudokuSolver};
use super::error::{self, CliError};
use super::exit::ExitCode;
use super::job::{At, Job, Mode, code, record, report_error, settings, verdict};
use super::output::read_input;
use super::picture::Pictures;

pub fn run(args: SolveArgs) -> Result<ExitCode, CliError> {
    let mode = if args.count {
        Mode::Count
    } else if args.all {
        Mode::All
    } else {
        Mode::First
    };
    let pictures = Pictures::new(args.svg.clone(), args.png.clone(), args.json)?;
    let mut engine = settings(args.probing);
    if args.learn {
        engine.learning = Learning::Always;
    }
    let sudoku = match args.solver.unwrap_or_default() {
        SudokuSolver::Bitboard => sudoku::Method::Bitboard,
        SudokuSolver::Engine => sudoku::Method::Engine(engine),
    };
    let job =
        Job { limit: args.limit, mode, json: args.json, settings: engine, sudoku, pictures, out: Default::default() };
    let solved = solve_files(&job, &args);
    job.flush().and(solved)
}

fn solve_files(job: &Job, args: &SolveArgs) -> Result<ExitCode, CliError> {
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
                job.flush()?;
                report_error(job.json, file, None, &error::message(&err))?;
                code = ExitCode::Error;
                continue;
            }
        };
        // The kind as `import` finds it, unless --kind or --format says.
        let parsed = import::parse_any(&text, format, args.kind);
        let several = parsed.puzzles.len() > 1;
        let numbered = several || args.files.len() > 1;
        for (line, puzzle) in &parsed.puzzles {
            drawn += 1;
            let at = At { file, line: *line, named_by_line: several, number: numbered.then_some(drawn) };
            let outcome = match puzzle {
                AnyPuzzle::Aquarium(p) => solve_aquarium(job, &at, p)?,
                AnyPuzzle::Sudoku(g) => super::solve_sudoku::solve(job, &at, g)?,
                AnyPuzzle::Calendar { variant, date } => super::solve_calendar::solve(job, &at, variant, date)?,
                AnyPuzzle::Ring(r) => super::solve_ring::solve(job, &at, r)?,
            };
            code = code.worst(outcome);
        }
        if let Some((line, unreadable)) = &parsed.unreadable {
            // Named as `import` names it: the file and the first bad line.
            job.flush()?;
            report_error(job.json, file, Some(*line), &format!("{file}:{line}: {}", unreadable.why))?;
            code = ExitCode::Error;
        }
    }
    Ok(code)
}

fn solve_aquarium(job: &Job, at: &At, puzzle: &Aquarium) -> Result<ExitCode, CliError> {
    let report = match puzzle
        .validate()
        .and_then(|()| aquarium::solve(puzzle, job.limit(Kind::Aquarium) as usize, job.settings))
    {
        Ok(report) => report,
        Err(err) => return job.fault(at, &err),
    };
    let code = print_aquarium(job, at, puzzle, &report)?;
    job.draw(at, || svg::aquarium::board(puzzle, report.solutions.first(), &at.place().to_string()))?;
    Ok(code)
}

fn print_aquarium(job: &Job, at: &At, puzzle: &Aquarium, report: &SolveReport) -> Result<ExitCode, CliError> {
    let code = code(Kind::Aquarium, report.solutions.len(), report.stats.exhausted);
    if job.json {
        let mut record = record(at.file, Kind::Aquarium, report.solutions.len(), &report.stats);
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
        job.print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out = format!(
        "{}: {}, {} tanks: {}\n",
        at.place(),
        kinds::size_text(Kind::Aquarium, puzzle.width() as i64, puzzle.height() as i64),
        puzzle.tank_count(),
        verdict(report.solutions.len(), &report.stats, job.limit(Kind::Aquarium))
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
