//! `aquarchive grade`: each Sudoku's or Aquarium's level by the techniques
//! a person needs, and with `--hints` its step-by-step logical solution;
//! each puzzle's of the family's other kinds by the engine's reasoning.

use aquarchive::archive::grade::{self, AnyGraded};

use crate::cli::args::GradeArgs;
use crate::cli::error::{self, CliError};
use crate::cli::exit::ExitCode;
use crate::cli::output::{print, read_input};
use crate::cli::report::{report_error, verdict};

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
                Ok(graded) => print_graded(&args, file, &graded)?,
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

/// One puzzle's grade: its JSON line, or a line with its level and, with
/// `--hints`, its board and the steps that solve it.
fn print_graded(args: &GradeArgs, file: &str, graded: &AnyGraded) -> Result<ExitCode, CliError> {
    let level = graded.level();
    if args.json {
        let mut line = serde_json::to_string(&graded.record(file, args.hints)).expect("a record serializes");
        line.push('\n');
        print(&line)?;
    } else if let Some((level, summary)) = &level {
        let mut text = format!("{}: {}: {level} ({summary})\n", graded.place(), graded.described());
        if args.hints {
            text.push_str(&graded.board());
            let steps = graded.step_words();
            let width = steps.len().to_string().len();
            for (k, words) in steps.iter().enumerate() {
                text.push_str(&format!("{:>width$}. {words}\n", k + 1));
            }
            text.push('\n');
        }
        print(&text)?;
    } else {
        let found = verdict(graded.solutions(), graded.stats(), 2);
        print(&format!("{}: {}: {found}: not graded\n", graded.place(), graded.described()))?;
    }
    // A puzzle with one answer that its grader cannot tell (see
    // `engine_grade::grade`) is no fault of the puzzle's.
    let unique = graded.solutions() == 1 && graded.stats().exhausted;
    Ok(if level.is_some() || unique { ExitCode::Ok } else { ExitCode::NotUnique })
}
