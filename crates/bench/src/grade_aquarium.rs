//! `aquarchive-bench grade-aquarium`: the grader's levels on the real
//! puzzles beside the site's own size classes (easy, normal, hard), with
//! the mean rank per class and the time grading takes.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use aquarchive::kinds::aquarium::grade::{self, Level};

use crate::aquarium::load_fixtures;
use crate::args::{GradeAquariumBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::output::print;

#[derive(Default)]
struct Row {
    ranks: Vec<u32>,
    by_level: [usize; Level::ALL.len()],
    steps: usize,
    times: Vec<Duration>,
}

pub fn run(args: GradeAquariumBenchArgs) -> Result<(), BenchError> {
    let fixtures = load_fixtures(&args.puzzles.fixtures)?;
    // Ordered by size, then the site's classes from easy to hard.
    let order = |class: &str| ["easy", "normal", "hard"].iter().position(|c| class.ends_with(c)).unwrap_or(3);
    let mut rows: BTreeMap<(usize, usize, String), Row> = BTreeMap::new();
    for (class, puzzle, solution) in &fixtures {
        let start = Instant::now();
        let grading = grade::grade(puzzle);
        let time = start.elapsed();
        // The steps must settle every cell as the known solution has it.
        let mut cells = vec![None; puzzle.width() * puzzle.height()];
        for &(r, c, water) in grading.steps.iter().flat_map(|s| &s.settles) {
            cells[r * puzzle.width() + c] = Some(water);
        }
        let reached =
            cells.iter().enumerate().all(|(i, &w)| w == Some(solution.get(i / puzzle.width(), i % puzzle.width())));
        if !grading.complete || !reached {
            return Err(BenchError::Message(format!("{class}: a real puzzle was not graded to its solution")));
        }
        let row = rows.entry((puzzle.width(), order(class), class.clone())).or_default();
        row.ranks.push(grading.level.rank());
        row.by_level[grading.level as usize] += 1;
        row.steps += grading.steps.len();
        row.times.push(time);
    }
    let mut header = vec!["class".to_string(), "n".into(), "mean rank".into()];
    header.extend(Level::ALL.iter().map(|l| l.name().to_string()));
    header.extend(["mean steps".into(), "median ms".into(), "worst ms".into()]);
    let mut lines = vec![header];
    for ((_, _, class), row) in rows.iter_mut() {
        let n = row.ranks.len();
        row.times.sort();
        let ms = |d: Duration| format!("{:.2}", d.as_secs_f64() * 1e3);
        let mut line =
            vec![class.clone(), n.to_string(), format!("{:.2}", row.ranks.iter().sum::<u32>() as f64 / n as f64)];
        line.extend(row.by_level.iter().map(|k| k.to_string()));
        line.extend([
            format!("{:.1}", row.steps as f64 / n as f64),
            ms(row.times[n / 2]),
            ms(*row.times.last().expect("a row has a puzzle")),
        ]);
        lines.push(line);
    }
    let title = format!(
        "Aquarium grades of {} real puzzles from {} (rank 1 = easy .. {} = guess), by the site's class:",
        fixtures.len(),
        relative_to_repository(&args.puzzles.fixtures.display().to_string()),
        Level::Guess.rank()
    );
    print(&crate::table::render(&title, &lines))
}
