//! `aquarchive grade`: each Sudoku's or Aquarium's level by the techniques
//! a person needs, and with `--hints` its step-by-step logical solution.

use serde_json::json;

use aquarchive::archive::import::{self, Format};
use aquarchive::archive::kinds;
use aquarchive::engine::Settings;
use aquarchive::kinds::Kind;
use aquarchive::kinds::aquarium::{self, Aquarium};
use aquarchive::kinds::sudoku::{self, Grading, Grid};
use aquarchive::render;

use crate::cli::args::GradeArgs;
use crate::cli::error::{self, CliError};
use crate::cli::exit::ExitCode;
use crate::cli::output::{print, read_input};
use crate::cli::report::{record, report_error, verdict};

pub fn run(args: GradeArgs) -> Result<ExitCode, CliError> {
    let mut code = ExitCode::Ok;
    for file in &args.files {
        let text = match read_input(file) {
            Ok(text) => text,
            Err(err) => {
                report_error(args.json, file, None, &error::message(&err))?;
                code = ExitCode::Error;
                continue;
            }
        };
        let graded = match kinds::detect(&text) {
            Kind::Sudoku => grade_sudoku(&args, file, &text)?,
            Kind::Aquarium => grade_aquarium(&args, file, &text)?,
            other => {
                let why = format!("{file}: holds {} puzzles; grade reads Sudoku and Aquarium", other.name());
                report_error(args.json, file, None, &why)?;
                ExitCode::Error
            }
        };
        code = code.worst(graded);
    }
    Ok(code)
}

fn grade_sudoku(args: &GradeArgs, file: &str, text: &str) -> Result<ExitCode, CliError> {
    let mut code = ExitCode::Ok;
    for parsed in sudoku::parse_lines(text) {
        let place = format!("{file}:{}", parsed.line);
        let outcome = parsed.puzzle.and_then(|p| {
            p.validate()?;
            Ok((p, sudoku::solve(&p, 2, sudoku::Method::Bitboard)?))
        });
        let (puzzle, report) = match outcome {
            Ok(solved) => solved,
            Err(err) => {
                report_error(args.json, file, Some(parsed.line), &format!("{place}: {err}"))?;
                code = ExitCode::Error;
                continue;
            }
        };
        let mut out = record(file, Kind::Sudoku, report.solutions.len(), &report.stats);
        out["line"] = json!(parsed.line);
        out["puzzle"] = json!(puzzle.to_string());
        out["givens"] = json!(puzzle.givens());
        if !report.is_unique() {
            code = code.worst(ExitCode::NotUnique);
            let found = verdict(report.solutions.len(), &report.stats, 2);
            print_not_graded(args.json, &out, &format!("{place}: {} givens", puzzle.givens()), &found)?;
            continue;
        }
        let solution = report.solutions[0];
        let grading = sudoku::grade(&puzzle, &solution);
        if args.json {
            print(&format!("{}\n", sudoku_json(out, &grading, &solution, args.hints)))?;
        } else {
            print(&sudoku_text(&place, &puzzle, &grading, args.hints))?;
        }
    }
    Ok(code)
}

fn sudoku_json(mut out: serde_json::Value, grading: &Grading, solution: &Grid, hints: bool) -> serde_json::Value {
    out["level"] = json!(grading.level.name());
    out["rank"] = json!(grading.level.rank());
    out["techniques"] = grading.counts().iter().map(|(t, n)| (t.name().to_string(), json!(n))).collect();
    out["solution"] = json!(solution.to_rows());
    if hints {
        out["steps"] = grading
            .steps
            .iter()
            .map(|s| {
                json!({
                    "technique": s.technique.name(),
                    "text": s.text,
                    "placed": s.placed.iter().map(|&(c, d)| json!([c / 9 + 1, c % 9 + 1, d])).collect::<Vec<_>>(),
                    "removed": s.removed.iter().map(|&(c, d)| json!([c / 9 + 1, c % 9 + 1, d])).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    out
}

fn sudoku_text(place: &str, puzzle: &Grid, grading: &Grading, hints: bool) -> String {
    let mut out = format!("{place}: {} givens: {} ({})\n", puzzle.givens(), grading.level, grading.summary());
    if hints {
        out.push_str(&render::sudoku::framed(puzzle));
        let width = grading.steps.len().to_string().len();
        for (k, step) in grading.steps.iter().enumerate() {
            out.push_str(&format!("{:>width$}. {}\n", k + 1, step.text));
        }
        out.push('\n');
    }
    out
}

/// A puzzle without exactly one solution is not graded: its record as
/// JSON, or a line with what was found.
fn print_not_graded(json: bool, out: &serde_json::Value, what: &str, found: &str) -> Result<(), CliError> {
    if json { print(&format!("{out}\n")) } else { print(&format!("{what}: {found}: not graded\n")) }
}

fn grade_aquarium(args: &GradeArgs, file: &str, text: &str) -> Result<ExitCode, CliError> {
    let mut code = ExitCode::Ok;
    let parsed = import::parse(text, Format::Auto);
    let several = parsed.len() > 1;
    for (line, puzzle) in parsed {
        let place = if several { format!("{file}:{line}") } else { file.to_string() };
        let outcome = puzzle.and_then(|p| {
            p.validate()?;
            let report = aquarium::solve(&p, 2, Settings::default())?;
            Ok((p, report))
        });
        let (puzzle, report) = match outcome {
            Ok(solved) => solved,
            Err(err) => {
                // The place names the line; the message says it no more.
                report_error(args.json, file, Some(line), &format!("{file}:{line}: {}", err.message()))?;
                code = ExitCode::Error;
                continue;
            }
        };
        let mut out = record(file, Kind::Aquarium, report.solutions.len(), &report.stats);
        out["line"] = json!(line);
        out["width"] = json!(puzzle.width());
        out["height"] = json!(puzzle.height());
        out["tanks"] = json!(puzzle.tank_count());
        let size = kinds::size_text(Kind::Aquarium, puzzle.width() as i64, puzzle.height() as i64);
        if !report.is_unique() {
            code = code.worst(ExitCode::NotUnique);
            let found = verdict(report.solutions.len(), &report.stats, 2);
            print_not_graded(args.json, &out, &format!("{place}: {size}, {} tanks", puzzle.tank_count()), &found)?;
            continue;
        }
        let solution = &report.solutions[0];
        let grading = aquarium::grade::grade_knowing(&puzzle, solution);
        if args.json {
            out["level"] = json!(grading.level.name());
            out["rank"] = json!(grading.level.rank());
            out["techniques"] = grading.counts().iter().map(|(t, n)| (t.name().to_string(), json!(n))).collect();
            out["solution"] = json!(solution.to_rows());
            if args.hints {
                out["steps"] = aquarium_steps_json(&grading);
            }
            print(&format!("{out}\n"))?;
        } else {
            print(&aquarium_text(&place, &size, &puzzle, &grading, args.hints))?;
        }
    }
    Ok(code)
}

/// Each step with the cells it settles as [row, column, water], 1-based.
fn aquarium_steps_json(grading: &aquarium::grade::Grading) -> serde_json::Value {
    grading
        .steps
        .iter()
        .map(|s| {
            json!({
                "technique": s.technique.name(),
                "text": s.text,
                "settles": s.settles.iter().map(|&(r, c, water)| json!([r + 1, c + 1, water])).collect::<Vec<_>>(),
            })
        })
        .collect()
}

fn aquarium_text(
    place: &str,
    size: &str,
    puzzle: &Aquarium,
    grading: &aquarium::grade::Grading,
    hints: bool,
) -> String {
    let mut out =
        format!("{place}: {size}, {} tanks: {} ({})\n", puzzle.tank_count(), grading.level, grading.summary());
    if hints {
        out.push_str(&render::aquarium::framed(puzzle, None));
        // The steps name tanks by number: the map that says which is which.
        out.push_str("Tanks, numbered in reading order:\n");
        let side = puzzle.tank_count().to_string().len();
        for r in 0..puzzle.height() {
            let row: Vec<String> = (0..puzzle.width()).map(|c| format!("{:>side$}", puzzle.tank(r, c) + 1)).collect();
            out.push_str(&format!("  {}\n", row.join(" ")));
        }
        let width = grading.steps.len().to_string().len();
        for (k, step) in grading.steps.iter().enumerate() {
            out.push_str(&format!("{:>width$}. {}\n", k + 1, step.text));
        }
        out.push('\n');
    }
    out
}
