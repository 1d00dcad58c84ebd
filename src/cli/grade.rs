//! `aquarchive grade`: each Sudoku's level by the techniques a person
//! needs, and with `--hints` its step-by-step logical solution.

use serde_json::json;

use aquarchive::kinds::Kind;
use aquarchive::kinds::sudoku::{self, Grading, Grid};
use aquarchive::render;

use super::args::GradeArgs;
use super::error::{self, CliError};
use super::exit::ExitCode;
use super::job::{record, report_error, verdict};
use super::output::{print, read_input};

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
        for parsed in sudoku::parse_lines(&text) {
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
                if args.json {
                    print(&format!("{out}\n"))?;
                } else {
                    let found = verdict(report.solutions.len(), &report.stats, 2);
                    print(&format!("{place}: {} givens: {found}: not graded\n", puzzle.givens()))?;
                }
                continue;
            }
            let solution = report.solutions[0];
            let grading = sudoku::grade(&puzzle, &solution);
            if args.json {
                print(&format!("{}\n", graded_json(out, &grading, &solution, args.hints)))?;
            } else {
                print(&graded_text(&place, &puzzle, &grading, args.hints))?;
            }
        }
    }
    Ok(code)
}

fn graded_json(mut out: serde_json::Value, grading: &Grading, solution: &Grid, hints: bool) -> serde_json::Value {
    out["level"] = json!(grading.level.name());
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

fn graded_text(place: &str, puzzle: &Grid, grading: &Grading, hints: bool) -> String {
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
