//! `aquarchive-bench aquarium-random`: large Aquarium puzzles made the naive
//! way (`generate --style random`: random tanks, random water, kept when
//! unique, never mended; `--style grown`: the same on maps grown from seed
//! cells, of very uneven tanks) beside the mended ones the generator makes
//! by default, by size; and, with `--cpsat`, OR-Tools CP-SAT on the very
//! same puzzles, puzzle by puzzle, in the same run.
//!
//! Puzzle `i` of a size is puzzle `i` of `aquarchive generate --size N
//! --seed S --count K --style STYLE`, so the slowest one can be made again
//! and looked at.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use aquarchive::engine::{Pairs, Restarts, Settings};
use aquarchive::kinds::aquarium::{self, Aquarium, GenerateSettings, Style};
use aquarchive::rng::Rng;

use crate::aquarium::time_solve;
use crate::args::{AquariumRandomBenchArgs, relative_to_repository};
use crate::error::BenchError;
use crate::output::{Progress, print};
use crate::peer::run_script;
use crate::table::{median, percentile, render};

/// One puzzle's figures.
struct Sample {
    index: usize,
    generating: Duration,
    solving: Duration,
    work: u64,
    cpsat: Option<Duration>,
}

pub fn run(args: AquariumRandomBenchArgs) -> Result<(), BenchError> {
    if args.count.contains(&0) {
        return Err(BenchError::Message("--count: at least one puzzle per size".into()));
    }
    if args.count.len() != 1 && args.count.len() != args.sizes.len() {
        return Err(BenchError::Message(format!(
            "--count: one count for every size, or one for each of the {} sizes",
            args.sizes.len()
        )));
    }
    let count_of = |k: usize| if args.count.len() == 1 { args.count[0] } else { args.count[k] };
    let restarts = args.restart_after.map_or(Settings::default().restarts, Restarts::Geometric);
    let solving = Settings { restarts, pairs: args.pairs.unwrap_or_default(), ..Settings::default() };
    let mut rows = vec![header(args.cpsat.is_some())];
    let mut slowest = Vec::new();
    let mut counts = Vec::new();
    for (k, &n) in args.sizes.iter().enumerate() {
        if !(2..=aquarium::MAX_SIDE).contains(&n) {
            return Err(BenchError::Message(format!("--sizes: {n} is outside 2..={}", aquarium::MAX_SIDE)));
        }
        let count = count_of(k);
        counts.push(format!("{count} at {n}x{n}"));
        let tank_cells = args.tank_cells.unwrap_or(aquarium::random_tank_cells(n));
        for &style in &args.styles {
            let settings = match style {
                Style::Random => GenerateSettings::random_with_tank_cells(n, tank_cells),
                Style::Grown => GenerateSettings::grown_with_seed_cells(n, args.seed_cells),
                Style::Mended => GenerateSettings::square(n),
            };
            let progress = Progress::new(format!("{n}x{n} {}", style.name()), count);
            let mut puzzles = Vec::with_capacity(count);
            let mut samples = Vec::with_capacity(count);
            for index in 0..count {
                let start = Instant::now();
                let made = aquarium::generate(&mut Rng::for_item(args.seed, index as u64), settings);
                let generating = start.elapsed();
                let (solving, work) = time_solve(&made.puzzle, Some(&made.solution), solving, args.runs)?;
                samples.push(Sample { index, generating, solving, work, cpsat: None });
                puzzles.push(made.puzzle);
                progress.done(index + 1);
            }
            if let Some(script) = &args.cpsat {
                for (sample, seconds) in samples.iter_mut().zip(cpsat(&args.peer.python, script, &puzzles)?) {
                    sample.cpsat = Some(seconds);
                }
            }
            let shown = match style {
                Style::Random if tank_cells != aquarium::RANDOM_TANK_CELLS => {
                    format!("random ({tank_cells}-cell tanks)")
                }
                Style::Grown if args.seed_cells != aquarium::RANDOM_TANK_CELLS => {
                    format!("grown ({} cells a seed)", args.seed_cells)
                }
                _ => style.name().to_string(),
            };
            rows.push(row(n, &shown, &mut samples));
            let worst = samples.iter().max_by_key(|s| s.solving).expect("at least one sample");
            slowest.push(format!(
                "{n}x{n} {}: puzzle {} ({:.2} ms)",
                style.name(),
                worst.index + 1,
                worst.solving.as_secs_f64() * 1e3
            ));
        }
    }
    let mut out = render(
        &format!(
            "Solve and prove unique (best of {} runs, {}), puzzles of each style: {}; seed {}:",
            args.runs,
            args.restart_after
                .map_or("default settings".to_string(), |w| format!("restarts after {w} nodes plus probes, doubling"))
                + &match args.pairs {
                    None => String::new(),
                    Some(Pairs::Off) => ", no reasoning on pairs of items".into(),
                    Some(Pairs::AfterWork(0)) => ", reasoning on pairs of items".into(),
                    Some(Pairs::AfterWork(w)) => format!(", reasoning on pairs of items after {w} nodes plus probes"),
                },
            counts.join(", "),
            args.seed
        ),
        &rows,
    );
    out.push_str(&format!(
        "Slowest to solve (puzzle k of `aquarchive generate --size N --seed {} --count K --style STYLE`{}): {}\n",
        args.seed,
        match args.tank_cells {
            Some(cells) if args.sizes.iter().any(|&n| cells != aquarium::random_tank_cells(n)) => {
                format!(", with `--tanks N*N/{cells}` for the random rows")
            }
            _ => String::new(),
        } + &if args.seed_cells != aquarium::RANDOM_TANK_CELLS {
            format!(", with `--tanks N*N/{}` for the grown rows", args.seed_cells)
        } else {
            String::new()
        },
        slowest.join("; ")
    ));
    if let Some(script) = &args.cpsat {
        out.push_str(&format!(
            "CP-SAT: {} (one worker; model built and solved to a second solution or to the proof there is none); \
             \"CP-SAT / engine\": the least and the median of the ratio taken puzzle by puzzle\n",
            relative_to_repository(&script.display().to_string())
        ));
    }
    print(&out)
}

fn header(cpsat: bool) -> Vec<String> {
    let mut header: Vec<String> = [
        "size",
        "style",
        "n",
        "generating ms (median)",
        "median ms",
        "90th pct ms",
        "worst ms",
        "nodes + probes (median / worst)",
    ]
    .map(String::from)
    .to_vec();
    if cpsat {
        header.extend(["CP-SAT median ms", "CP-SAT worst ms", "CP-SAT / engine (least / median)"].map(String::from));
    }
    header
}

fn row(n: usize, style: &str, samples: &mut [Sample]) -> Vec<String> {
    let ms = |d: Duration| format!("{:.2}", d.as_secs_f64() * 1e3);
    let mut generating: Vec<Duration> = samples.iter().map(|s| s.generating).collect();
    let mut solving: Vec<Duration> = samples.iter().map(|s| s.solving).collect();
    let mut work: Vec<u64> = samples.iter().map(|s| s.work).collect();
    generating.sort();
    solving.sort();
    work.sort();
    let mut row = vec![
        format!("{n}x{n}"),
        style.to_string(),
        samples.len().to_string(),
        ms(median(&generating)),
        ms(median(&solving)),
        ms(percentile(&solving, 90)),
        ms(*solving.last().expect("at least one sample")),
        format!("{} / {}", median(&work), work.last().expect("at least one sample")),
    ];
    let mut cpsat: Vec<Duration> = samples.iter().filter_map(|s| s.cpsat).collect();
    if !cpsat.is_empty() {
        cpsat.sort();
        let mut ratios: Vec<f64> = samples
            .iter()
            .filter_map(|s| s.cpsat.map(|c| c.as_secs_f64() / s.solving.as_secs_f64().max(1e-9)))
            .collect();
        ratios.sort_by(f64::total_cmp);
        row.extend([
            ms(median(&cpsat)),
            ms(*cpsat.last().expect("not empty")),
            format!("{:.0}x / {:.0}x", ratios[0], ratios[ratios.len() / 2]),
        ]);
    }
    row
}

/// CP-SAT's time for each of `puzzles`, by the script, which must find
/// each one unique, as the engine did.
fn cpsat(python: &Path, script: &Path, puzzles: &[Aquarium]) -> Result<Vec<Duration>, BenchError> {
    let shown = script.display().to_string();
    let mut file = tempfile::NamedTempFile::new()
        .map_err(|source| BenchError::Io { path: "a temporary puzzle file".into(), source })?;
    let text: Vec<String> = puzzles.iter().map(|p| p.to_string()).collect();
    file.write_all(text.join("\n").as_bytes())
        .map_err(|source| BenchError::Io { path: file.path().display().to_string(), source })?;
    let mut times = Vec::with_capacity(puzzles.len());
    for record in run_script(python, script, &[file.path().as_os_str()])? {
        let (Some(seconds), Some(solutions)) = (record["seconds"].as_f64(), record["solutions"].as_u64()) else {
            return Err(BenchError::Message(format!("{shown}: a line without seconds and solutions: {record}")));
        };
        if solutions != 1 {
            return Err(BenchError::Message(format!(
                "{shown}: CP-SAT found {solutions} solutions to puzzle {} where the engine proved one",
                times.len() + 1
            )));
        }
        times.push(Duration::from_secs_f64(seconds));
    }
    if times.len() != puzzles.len() {
        return Err(BenchError::Message(format!("{shown}: {} results for {} puzzles", times.len(), puzzles.len())));
    }
    Ok(times)
}
