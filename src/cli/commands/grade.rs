//! `aquarchive grade`: each Sudoku's or Aquarium's level by the techniques
//! a person needs, and with `--hints` its step-by-step logical solution.

use serde_json::json;

use aquarchive::archive::grade::{self, AnyGraded, GradedAquarium, GradedSudoku, Kind};
use aquarchive::archive::kinds;
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
        // Without hints a step's words are never shown: they are not made.
        let grades = match grade::grade_file(file, &text, args.hints) {
            Ok(grades) => grades,
            Err(err) => {
                report_error(args.json, file, None, &err.to_string())?;
                code = ExitCode::Error;
                continue;
            }
        };
        for graded in grades {
            let graded = match graded {
                Ok(AnyGraded::Sudoku(sudoku)) => print_sudoku(&args, file, &sudoku)?,
                Ok(AnyGraded::Aquarium(aquarium)) => print_aquarium(&args, file, &aquarium)?,
                Err(err) => {
                    report_error(args.json, file, Some(err.line), &err.to_string())?;
                    ExitCode::Error
                }
            };
            code = code.worst(graded);
        }
    }
    Ok(code)
}

fn print_sudoku(args: &GradeArgs, file: &str, graded: &GradedSudoku) -> Result<ExitCode, CliError> {
    let puzzle = &graded.puzzle;
    let mut out = record(file, Kind::Sudoku, graded.solutions.len(), &graded.stats);
    out["line"] = json!(graded.line);
    out["puzzle"] = json!(puzzle.to_string());
    out["givens"] = json!(puzzle.givens());
    let Some((solution, grading)) = graded.graded() else {
        let found = verdict(graded.solutions.len(), &graded.stats, 2);
        return not_graded(args.json, &out, &format!("{}: {} givens", graded.place, puzzle.givens()), &found);
    };
    if args.json {
        let counts = grading.counts().into_iter().map(|(t, n)| (t.name(), n));
        add_grade(&mut out, grading.level.name(), grading.level.rank(), counts, solution.to_rows());
        if args.hints {
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
        print(&format!("{out}\n"))?;
    } else {
        let mut text =
            format!("{}: {} givens: {} ({})\n", graded.place, puzzle.givens(), grading.level, grading.summary());
        if args.hints {
            text.push_str(&render::sudoku::framed(puzzle));
            push_steps(&mut text, grading.steps.iter().map(|s| &s.text));
        }
        print(&text)?;
    }
    Ok(ExitCode::Ok)
}

fn print_aquarium(args: &GradeArgs, file: &str, graded: &GradedAquarium) -> Result<ExitCode, CliError> {
    let puzzle = &graded.puzzle;
    let mut out = record(file, Kind::Aquarium, graded.solutions.len(), &graded.stats);
    out["line"] = json!(graded.line);
    out["width"] = json!(puzzle.width());
    out["height"] = json!(puzzle.height());
    out["tanks"] = json!(puzzle.tank_count());
    let size = kinds::size_text(Kind::Aquarium, puzzle.width() as i64, puzzle.height() as i64);
    let Some((solution, grading)) = graded.graded() else {
        let found = verdict(graded.solutions.len(), &graded.stats, 2);
        return not_graded(
            args.json,
            &out,
            &format!("{}: {size}, {} tanks", graded.place, puzzle.tank_count()),
            &found,
        );
    };
    if args.json {
        let counts = grading.counts().into_iter().map(|(t, n)| (t.name(), n));
        add_grade(&mut out, grading.level.name(), grading.level.rank(), counts, solution.to_rows());
        if args.hints {
            // Each step with the cells it settles as [row, column, water], 1-based.
            out["steps"] = grading
                .steps
                .iter()
                .map(|s| {
                    json!({
                        "technique": s.technique.name(),
                        "text": s.text,
                        "settles": s.settles.iter().map(|&(r, c, water)| json!([r + 1, c + 1, water])).collect::<Vec<_>>(),
                    })
                })
                .collect();
        }
        print(&format!("{out}\n"))?;
    } else {
        let mut text = format!(
            "{}: {size}, {} tanks: {} ({})\n",
            graded.place,
            puzzle.tank_count(),
            grading.level,
            grading.summary()
        );
        if args.hints {
            text.push_str(&render::aquarium::framed(puzzle, None));
            // The steps name tanks by number: the map that says which is which.
            text.push_str("Tanks, numbered in reading order:\n");
            let side = puzzle.tank_count().to_string().len();
            for r in 0..puzzle.height() {
                let row: Vec<String> =
                    (0..puzzle.width()).map(|c| format!("{:>side$}", puzzle.tank(r, c) + 1)).collect();
                text.push_str(&format!("  {}\n", row.join(" ")));
            }
            push_steps(&mut text, grading.steps.iter().map(|s| &s.text));
        }
        print(&text)?;
    }
    Ok(ExitCode::Ok)
}

/// A graded puzzle's level, its rank, how often it used each technique and
/// its solution's rows, into its JSON record.
fn add_grade(
    out: &mut serde_json::Value,
    level: &str,
    rank: u32,
    counts: impl Iterator<Item = (&'static str, usize)>,
    solution: Vec<String>,
) {
    out["level"] = json!(level);
    out["rank"] = json!(rank);
    out["techniques"] = counts.map(|(technique, n)| (technique.to_string(), json!(n))).collect();
    out["solution"] = json!(solution);
}

/// The steps' words numbered from 1, the numbers right-aligned, and a
/// blank line after them.
fn push_steps<'a>(out: &mut String, steps: impl ExactSizeIterator<Item = &'a String>) {
    let width = steps.len().to_string().len();
    for (k, text) in steps.enumerate() {
        out.push_str(&format!("{:>width$}. {text}\n", k + 1));
    }
    out.push('\n');
}

/// A puzzle without exactly one solution is not graded: its record as
/// JSON, or a line with what was found.
fn not_graded(json: bool, out: &serde_json::Value, what: &str, found: &str) -> Result<ExitCode, CliError> {
    if json {
        print(&format!("{out}\n"))?
    } else {
        print(&format!("{what}: {found}: not graded\n"))?
    }
    Ok(ExitCode::NotUnique)
}
