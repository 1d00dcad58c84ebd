//! `aquarchive-bench aquarium-settings`: the multi-cover search's restart
//! and pairs settings side by side on the same generated Aquarium puzzles,
//! seed by seed, in work (nodes plus probes, which the machine's load does
//! not change) and in time. A setting that wins on one seed's puzzles may
//! have won by luck; one that wins on every seed has not.
//!
//! The puzzles of a seed are those of `aquarchive generate --size N --seed S
//! --count K --style STYLE`: each is made once and
//! then solved with every setting in turn, so that the settings share the
//! machine's load.

use std::time::Duration;

use aquarchive::kinds::aquarium::{self, GenerateSettings, Style};
use aquarchive::rng::Rng;

use crate::aquarium::time_solve;
use crate::args::{AquariumSettingsBenchArgs, StyleArg};
use crate::error::BenchError;
use crate::output::{Progress, print};
use crate::table::{median, percentile, render, thousands};

/// One puzzle solved with one setting.
#[derive(Clone, Copy)]
struct Sample {
    work: u64,
    time: Duration,
}

pub fn run(args: AquariumSettingsBenchArgs) -> Result<(), BenchError> {
    if args.count == 0 {
        return Err(BenchError::Message("--count: at least one puzzle per seed".into()));
    }
    if !(2..=aquarium::MAX_SIDE).contains(&args.size) {
        return Err(BenchError::Message(format!("--size: {} is outside 2..={}", args.size, aquarium::MAX_SIDE)));
    }
    let (generate, style) = match args.style {
        StyleArg::Random => {
            let tank_cells = args.tank_cells.unwrap_or(aquarchive::kinds::aquarium::random_tank_cells(args.size));
            (GenerateSettings::random_with_tank_cells(args.size, tank_cells), Style::Random)
        }
        StyleArg::Mended => (GenerateSettings::square(args.size), Style::Mended),
        StyleArg::Grown => (GenerateSettings::grown(args.size), Style::Grown),
    };
    // samples[seed][setting][puzzle]
    let mut samples = vec![vec![Vec::with_capacity(args.count); args.settings.len()]; args.seeds.len()];
    for (s, &seed) in args.seeds.iter().enumerate() {
        // A hard puzzle may take seconds per setting.
        let progress = Progress::new(format!("seed {seed}"), args.count);
        for index in 0..args.count {
            let made = aquarium::generate(&mut Rng::for_item(seed, index as u64), generate);
            for (k, compared) in args.settings.iter().enumerate() {
                let (time, work) = time_solve(&made.puzzle, Some(&made.solution), compared.settings(), args.runs)?;
                samples[s][k].push(Sample { work, time });
            }
            progress.done(index + 1);
        }
    }
    let mut out = String::new();
    let title = format!(
        "Solve and prove unique (limit of two solutions, best of {} runs), {} {}x{} {} puzzles per seed; \
         work is nodes plus probes, M = million:",
        args.runs,
        args.count,
        args.size,
        args.size,
        style.name()
    );
    let mut rows = vec![
        [
            "setting",
            "seed",
            "work median",
            "work 90th pct",
            "work worst (puzzle)",
            "work total",
            "ms median",
            "ms worst",
            "s total",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for (k, compared) in args.settings.iter().enumerate() {
        for (s, seed) in args.seeds.iter().enumerate() {
            rows.push(row(compared.name(), seed.to_string(), &samples[s][k], &|i| (i + 1).to_string()));
        }
        if args.seeds.len() > 1 {
            let all: Vec<Sample> = samples.iter().flat_map(|per_seed| per_seed[k].iter().copied()).collect();
            let named = |i: usize| format!("seed {}, {}", args.seeds[i / args.count], i % args.count + 1);
            rows.push(row(compared.name(), "all".into(), &all, &named));
        }
    }
    out.push_str(&render(&title, &rows));
    if args.per_puzzle {
        let mut header = vec!["seed".to_string(), "puzzle".into()];
        header.extend(args.settings.iter().map(|c| c.name()));
        let mut rows = vec![header];
        for (s, seed) in args.seeds.iter().enumerate() {
            for index in 0..args.count {
                let mut line = vec![seed.to_string(), (index + 1).to_string()];
                line.extend(samples[s].iter().map(|per_setting| thousands(per_setting[index].work)));
                rows.push(line);
            }
        }
        out.push_str(&render("Work (nodes plus probes) puzzle by puzzle:", &rows));
    }
    print(&out)
}

/// A table row for `samples`; `named` names the worst by its index.
fn row(setting: String, seed: String, samples: &[Sample], named: &dyn Fn(usize) -> String) -> Vec<String> {
    let mut work: Vec<u64> = samples.iter().map(|s| s.work).collect();
    let mut time: Vec<Duration> = samples.iter().map(|s| s.time).collect();
    let (worst_at, _) = samples.iter().enumerate().max_by_key(|(_, s)| s.work).expect("at least one sample");
    work.sort_unstable();
    time.sort_unstable();
    let worst_at = named(worst_at);
    let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1e3);
    vec![
        setting,
        seed,
        thousands(median(&work)),
        thousands(percentile(&work, 90)),
        format!("{} ({worst_at})", thousands(*work.last().expect("at least one sample"))),
        format!("{:.2}M", work.iter().sum::<u64>() as f64 / 1e6),
        ms(median(&time)),
        ms(*time.last().expect("at least one sample")),
        format!("{:.2}", time.iter().sum::<Duration>().as_secs_f64()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worst_is_named_by_seed_and_puzzle() {
        let samples: Vec<Sample> =
            [5, 1, 9, 2].iter().map(|&work| Sample { work, time: Duration::from_millis(work) }).collect();
        let row = row("x".into(), "all".into(), &samples, &|i| format!("seed {}, {}", [7, 8][i / 2], i % 2 + 1));
        assert_eq!(row[4], "9 (seed 8, 1)");
        assert_eq!(row[5], "0.00M");
        assert_eq!(row[2], "5");
    }
}
