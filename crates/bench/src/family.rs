//! `aquarchive-bench family`: the family's real puzzles (tests/fixtures/family)
//! solved through their kinds' homes, each proved unique, per kind: how many,
//! the median and the worst of each puzzle's best time, and the answers the
//! site's hash confirms; for the kinds graded by the engine's reasoning, the
//! median and worst time of grading too (what solving in the archive adds). Aquarium's row is the yardstick: the kinds beside it
//! are measured in the same run, on the same machine.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use aquarchive::engine::Settings;
use aquarchive::kinds::Kind;
use aquarchive::kinds::home::Size;
use aquarchive::kinds::homes::home;

use crate::args::{FamilyBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::output::{print, read_input};
use crate::table::{median, render};

/// One real puzzle of a kind with a solver.
pub struct Real {
    /// Its line in the file, from 1.
    pub line: usize,
    pub kind: Kind,
    task: String,
    answer: String,
    size: Option<Size>,
}

/// The real puzzles of `file` whose kind has a solver, by kind; only those
/// of `kinds` when any are named.
pub fn load(file: &str, kinds: &[String]) -> Result<BTreeMap<Kind, Vec<Real>>, BenchError> {
    let text = read_input(file)?;
    let mut by_kind: BTreeMap<Kind, Vec<Real>> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |why: &str| BenchError::Message(format!("{file}:{}: {why}", n + 1));
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
        let field = |name: &str| value[name].as_str().map(str::to_string).ok_or_else(|| bad(name));
        let Ok(kind) = field("kind")?.parse::<Kind>() else { continue };
        let size =
            value["width"].as_u64().zip(value["height"].as_u64()).map(|(w, h)| Size::new(w as usize, h as usize));
        if !kinds.is_empty() && !kinds.iter().any(|k| k == kind.name()) {
            continue;
        }
        if home(kind).is_some_and(|home| home.solves()) {
            let real = Real { line: n + 1, kind, task: field("task")?, answer: field("answer")?, size };
            by_kind.entry(kind).or_default().push(real);
        }
    }
    Ok(by_kind)
}

/// One puzzle timed: the best of its solves, and its board's size.
pub struct Timed {
    pub best: Duration,
    pub size: Size,
    /// Every solve found one answer, the one the site's hash was made from,
    /// and proved there is no other.
    pub confirmed: bool,
}

/// Solves `real` `runs` times through its kind's home, each a search for two
/// answers (model included; reading the task is not timed).
pub fn time(real: &Real, runs: usize) -> Result<Timed, BenchError> {
    let board = home(real.kind)
        .expect("a kind with a solver")
        .read(&real.task, real.size)
        .map_err(|e| BenchError::Message(format!("{}: {e}", real.kind)))?;
    let mut best = Duration::MAX;
    let mut confirmed = true;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let solved =
            board.solve(Settings::default(), 2).expect("a solver").map_err(|e| BenchError::Message(e.to_string()))?;
        best = best.min(start.elapsed());
        confirmed &= solved.solutions == [real.answer.clone()] && solved.stats.exhausted;
    }
    Ok(Timed { best, size: board.size(), confirmed })
}

/// The best of `runs` gradings of `real` through its board (model
/// included), and the level; None where its kind is not graded so.
fn time_grade(real: &Real, runs: usize) -> Option<(Duration, Option<&'static str>)> {
    let home = home(real.kind).filter(|home| home.grades())?;
    let board = home.read(&real.task, real.size).ok()?;
    let mut best = Duration::MAX;
    let mut level = None;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        level = board.grade().map(|grading| grading.level.name());
        best = best.min(start.elapsed());
    }
    Some((best, level))
}

pub fn run(args: FamilyBenchArgs) -> Result<(), BenchError> {
    let by_kind = load(&args.puzzles.file, &args.puzzles.kinds)?;
    let mut rows = vec![
        [
            "kind",
            "puzzles",
            "median ms",
            "worst ms",
            "worst size",
            "confirmed",
            "grade median ms",
            "grade worst ms",
            "graded",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (kind, reals) in &by_kind {
        let mut times = Vec::with_capacity(reals.len());
        let mut confirmed = 0;
        let mut worst = (Duration::ZERO, String::new());
        let (mut grade_times, mut graded) = (Vec::new(), 0);
        for real in reals {
            if let Some((best, level)) = time_grade(real, args.runs) {
                grade_times.push(best);
                graded += usize::from(level.is_some());
            }
            let timed = time(real, args.runs)?;
            confirmed += usize::from(timed.confirmed);
            if timed.best > worst.0 {
                worst = (timed.best, timed.size.to_string());
            }
            times.push(timed.best);
        }
        times.sort();
        grade_times.sort();
        let ms = |d: Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
        let (grade_median, grade_worst) = match grade_times.last() {
            Some(&worst) => (ms(median(&grade_times)), ms(worst)),
            None => ("-".to_string(), "-".to_string()),
        };
        rows.push(vec![
            kind.to_string(),
            reals.len().to_string(),
            ms(median(&times)),
            ms(worst.0),
            worst.1,
            format!("{confirmed}/{}", reals.len()),
            grade_median,
            grade_worst,
            if grade_times.is_empty() { "-".to_string() } else { format!("{graded}/{}", reals.len()) },
        ]);
    }
    let title = format!(
        "The family's real puzzles ({}), solved and proved unique through each kind's home, best of {} runs a \
         puzzle (model included); confirmed: the one answer is the one the site's hash was made from; grade: the \
         engine's grade of the kinds it grades (model included), graded: the puzzles it gives a level:",
        relative_to_repository(&args.puzzles.file),
        args.runs
    );
    print(&render(&title, &rows))?;
    Ok(())
}
