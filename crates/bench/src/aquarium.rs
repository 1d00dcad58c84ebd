//! `aquarchive-bench aquarium`: solve-and-prove times by size class, for each probing
//! setting side by side in one run (the machine is shared and noisy: compare
//! columns, not runs), on the fixture puzzles and on generated large ones.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use aquarchive::engine::{Probing, Settings};
use aquarchive::kinds::aquarium::{self, Aquarium, GenerateSettings, Water};
use aquarchive::rng::Rng;

use crate::args::{AquariumBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::output::{print, read_input};

const SETTINGS: [(&str, Probing); 4] =
    [("off", Probing::Off), ("root", Probing::Root), ("fixpoint", Probing::Fixpoint), ("adaptive", Probing::Adaptive)];

/// The best of `runs` solves (encoding included) and the last one's nodes
/// and probes; an error unless the puzzle is proved to have one solution,
/// and that `expected` when it is given.
pub(crate) fn time_solve(
    puzzle: &Aquarium,
    expected: Option<&Water>,
    settings: Settings,
    runs: usize,
) -> Result<(Duration, u64), BenchError> {
    let mut best = Duration::MAX;
    let mut work = 0;
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        let report = aquarium::solve(puzzle, 2, settings).map_err(|e| BenchError::Message(e.to_string()))?;
        best = best.min(start.elapsed());
        if !report.is_unique() || expected.is_some_and(|w| *w != report.solutions[0]) {
            return Err(BenchError::Message("a benchmark puzzle was not solved to its one known solution".into()));
        }
        work = report.stats.nodes + report.stats.probes;
    }
    Ok((best, work))
}

#[derive(Default)]
struct Column {
    times: Vec<Duration>,
    nodes: Vec<u64>,
}

impl Column {
    fn cells(&mut self) -> [String; 3] {
        if self.times.is_empty() {
            return ["-".into(), "-".into(), "-".into()];
        }
        self.times.sort();
        self.nodes.sort();
        let us = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e6);
        [
            us(self.times[self.times.len() / 2]),
            us(*self.times.last().expect("samples")),
            self.nodes[self.nodes.len() / 2].to_string(),
        ]
    }
}

type Table = BTreeMap<(usize, String), Vec<Column>>;

fn table(title: &str, rows: &mut Table, totals: Option<&[Duration]>) -> String {
    let mut header = vec!["class".to_string(), "n".into()];
    for (name, _) in SETTINGS {
        header.extend([format!("{name} median µs"), format!("{name} worst µs"), format!("{name} nodes")]);
    }
    let mut lines = vec![header];
    for ((_, class), columns) in rows.iter_mut() {
        let samples = columns.iter().map(|c| c.times.len()).max().unwrap_or(0);
        let mut line = vec![class.clone(), samples.to_string()];
        for column in columns.iter_mut() {
            line.extend(column.cells());
        }
        lines.push(line);
    }
    if let Some(totals) = totals {
        let mut line = vec!["whole corpus, total ms".to_string(), String::new()];
        for t in totals {
            line.extend([format!("{:.2}", t.as_secs_f64() * 1e3), String::new(), String::new()]);
        }
        lines.push(line);
    }
    crate::table::render(title, &lines)
}

/// (class from the file name, puzzle, solution) for every fixture in `dir`.
pub fn load_fixtures(dir: &std::path::Path) -> Result<Vec<(String, Aquarium, Water)>, BenchError> {
    let entries =
        std::fs::read_dir(dir).map_err(|source| BenchError::Io { path: dir.display().to_string(), source })?;
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(|source| BenchError::Io { path: dir.display().to_string(), source })?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        if !name.ends_with(".txt") || name.ends_with(".solution.txt") {
            continue;
        }
        let shown = path.display().to_string();
        let puzzle =
            Aquarium::parse_text(&read_input(&shown)?).map_err(|e| BenchError::Message(format!("{shown}: {e}")))?;
        let solution_path = path.with_extension("solution.txt").display().to_string();
        let solution = Water::parse(&read_input(&solution_path)?)
            .map_err(|e| BenchError::Message(format!("{solution_path}: {e}")))?;
        // Classes are named by the fixtures' file names: 15x15_hard_ID.txt.
        let class = name.splitn(3, '_').take(2).collect::<Vec<_>>().join(" ");
        out.push((class, puzzle, solution));
    }
    if out.is_empty() {
        return Err(BenchError::Message(format!("{}: no puzzle files (*.txt) found", dir.display())));
    }
    Ok(out)
}

pub fn run(args: AquariumBenchArgs) -> Result<(), BenchError> {
    let fixtures = load_fixtures(&args.puzzles.fixtures)?;
    let mut rows: Table = BTreeMap::new();
    let mut totals = vec![Duration::ZERO; SETTINGS.len()];
    for (class, puzzle, solution) in &fixtures {
        let columns = rows
            .entry((puzzle.width(), class.clone()))
            .or_insert_with(|| (0..SETTINGS.len()).map(|_| Column::default()).collect());
        for (k, (_, probing)) in SETTINGS.iter().enumerate() {
            let (time, nodes) = time_solve(puzzle, Some(solution), Settings::with_probing(*probing), args.runs)?;
            columns[k].times.push(time);
            columns[k].nodes.push(nodes);
            totals[k] += time;
        }
    }
    let mut out = table(
        &format!(
            "Solve and prove unique, {} real puzzles from {}, best of {} runs each:",
            fixtures.len(),
            relative_to_repository(&args.puzzles.fixtures.display().to_string()),
            args.runs
        ),
        &mut rows,
        Some(&totals),
    );
    if args.large > 0 && !args.sizes.is_empty() {
        let mut rows: Table = BTreeMap::new();
        let mut generation = Vec::new();
        for &n in &args.sizes {
            if !(2..=aquarium::MAX_SIDE).contains(&n) {
                return Err(BenchError::Message(format!("--sizes: {n} is outside 2..={}", aquarium::MAX_SIDE)));
            }
            let start = Instant::now();
            for i in 0..args.large {
                let made = aquarium::generate(&mut Rng::for_item(1, i as u64), GenerateSettings::square(n));
                let columns = rows
                    .entry((n, format!("{n}x{n} generated")))
                    .or_insert_with(|| (0..SETTINGS.len()).map(|_| Column::default()).collect());
                // Without probing at every node, large puzzles take minutes:
                // only the default setting is timed here.
                let k = SETTINGS.len() - 1;
                let (time, nodes) =
                    time_solve(&made.puzzle, Some(&made.solution), Settings::with_probing(SETTINGS[k].1), args.runs)?;
                columns[k].times.push(time);
                columns[k].nodes.push(nodes);
            }
            generation
                .push(format!("{n}x{n}: {:.1} ms a puzzle", start.elapsed().as_secs_f64() * 1e3 / args.large as f64));
        }
        out.push('\n');
        out.push_str(&table(
            &format!(
                "Generated puzzles (seed 1, one tank to five cells), {} per size, default setting only:",
                args.large
            ),
            &mut rows,
            None,
        ));
        out.push_str(&format!("Generating (including the timed solves above): {}\n", generation.join(", ")));
    }
    print(&out)?;
    Ok(())
}
