//! `aquarchive solve --kind sudoku`: one puzzle per line, each solved,
//! proved unique (or counted), and printed.

use serde_json::json;

use aquarchive::kinds::sudoku::{self, Grid, SolveReport};
use aquarchive::render;
use aquarchive::render::svg;

use super::args::SolveArgs;
use super::output::{print, read_input};
use super::picture::Pictures;
use super::solve::{Job, Mode, record, report_error, verdict};
use super::{CliError, ExitCode};

pub fn run(args: &SolveArgs, job: &Job) -> Result<ExitCode, CliError> {
    let pictures = Pictures::new(args.svg.clone(), args.png.clone());
    let mut drawn = 0;
    let mut code = ExitCode::Ok;
    for file in &args.files {
        let text = match read_input(file) {
            Ok(text) => text,
            Err(err) => {
                report_error(job, file, None, &err.to_string())?;
                code = ExitCode::Error;
                continue;
            }
        };
        let lines = sudoku::parse_lines(&text);
        let numbered = lines.len() > 1 || args.files.len() > 1;
        for parsed in lines {
            let place = format!("{file}:{}", parsed.line);
            let outcome = parsed.puzzle.and_then(|p| {
                p.validate()?;
                Ok((p, sudoku::solve(&p, job.limit as usize, job.settings)?))
            });
            match outcome {
                Ok((puzzle, report)) => {
                    code = code.worst(print_one(job, file, parsed.line, &place, &puzzle, &report)?);
                    if pictures.wanted() {
                        drawn += 1;
                        let drawing = svg::sudoku::board(&puzzle, report.solutions.first(), &place);
                        pictures.write(&drawing, numbered.then_some(drawn))?;
                    }
                }
                Err(err) => {
                    report_error(job, file, Some(parsed.line), &format!("{place}: {err}"))?;
                    code = ExitCode::Error;
                }
            }
        }
    }
    Ok(code)
}

fn print_one(
    job: &Job,
    file: &str,
    line: usize,
    place: &str,
    puzzle: &Grid,
    report: &SolveReport,
) -> Result<ExitCode, CliError> {
    let code = if report.is_unique() { ExitCode::Ok } else { ExitCode::NotUnique };
    if job.json {
        let mut record = record(file, "sudoku", report.solutions.len(), &report.stats);
        record["line"] = json!(line);
        record["puzzle"] = json!(puzzle.to_string());
        record["givens"] = json!(puzzle.givens());
        if let Some(first) = report.solutions.first() {
            record["solution"] = json!(first.to_rows());
        }
        if job.mode == Mode::All {
            record["all"] = json!(report.solutions.iter().map(Grid::to_rows).collect::<Vec<_>>());
        }
        print(&format!("{record}\n"))?;
        return Ok(code);
    }
    let mut out =
        format!("{place}: {} givens: {}\n", puzzle.givens(), verdict(report.solutions.len(), &report.stats, job.limit));
    match job.mode {
        Mode::Count => {}
        Mode::First => out.push_str(&render::sudoku::framed(report.solutions.first().unwrap_or(puzzle))),
        Mode::All => {
            for (k, grid) in report.solutions.iter().enumerate() {
                out.push_str(&format!("solution {}:\n{}", k + 1, render::sudoku::framed(grid)));
            }
        }
    }
    print(&out)?;
    Ok(code)
}
