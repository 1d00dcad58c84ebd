//! `aquarchive-bench sudoku`: puzzles per second, first solution plus the
//! proof of uniqueness, by the bitboard solver and by each of the engine's
//! searches (counters, what it runs on Sudoku; Dancing Links; the
//! multi-cover search with each probing setting), each engine search with
//! one solver reused across the puzzles, beside the
//! published figures of the fixtures' README (other machines: compare with
//! care).

use std::time::Instant;

use aquarchive::kinds::sudoku::{self, Grid, Method, SolveReport, SudokuError};

use crate::args::SudokuBenchArgs;
use crate::error::BenchError;
use crate::output::{print, read_input};
use crate::searches::SEARCHES;
use crate::table::{render, thousands};

/// Published puzzles/s on the whole sets (tdoku README, i7-1065G7): tdoku,
/// the Rust `sudoku` crate, kudoku, fast_solv_9r2.
fn published(file: &str) -> Option<[u64; 4]> {
    if file.contains("17_clue") {
        Some([364_355, 400_163, 40_635, 37_301])
    } else if file.contains("se11") {
        Some([24_002, 14_354, 2_492, 2_256])
    } else {
        None
    }
}

pub fn run(args: SudokuBenchArgs) -> Result<(), BenchError> {
    let mut rows = vec![["set", "puzzles", "bitboard /s"].iter().map(ToString::to_string).collect::<Vec<_>>()];
    rows[0].extend(SEARCHES.iter().map(|(name, _)| format!("{name} /s")));
    rows[0].extend(
        [
            "median guesses (bitboard)",
            "median nodes (counters)",
            "tdoku*",
            "sudoku crate*",
            "kudoku*",
            "fast_solv_9r2*",
        ]
        .map(String::from),
    );
    for file in &args.files {
        let text = read_input(file)?;
        let puzzles: Vec<Grid> = sudoku::parse_lines(&text)
            .into_iter()
            .take(args.sample)
            .map(|p| p.puzzle.map_err(|e| BenchError::Message(format!("{file}:{}: {e}", p.line))))
            .collect::<Result<_, _>>()?;
        let mut row = vec![file.rsplit('/').next().unwrap_or(file).to_string(), puzzles.len().to_string()];
        // The bitboard solver first, then the engine's searches.
        let mut nodes = [Vec::new(), Vec::new()];
        // Rounds interleave the solvers, so that a burst of load on this
        // shared machine hits them alike; each keeps its best round.
        let mut best = [f64::MAX; SEARCHES.len() + 1];
        for round in 0..args.rounds.max(1) {
            for at in 0..best.len() {
                if round > 0 && best[at] > 1.0 {
                    continue;
                }
                let start = Instant::now();
                let mut engine = (at > 0).then(|| sudoku::Solver::new(SEARCHES[at - 1].1));
                let mut solve = |p: &Grid| -> Result<SolveReport, SudokuError> {
                    match engine.as_mut() {
                        Some(solver) => solver.solve(p, 2),
                        None => sudoku::solve(p, 2, Method::Bitboard),
                    }
                };
                for p in &puzzles {
                    let report = solve(p).map_err(|e| BenchError::Message(e.to_string()))?;
                    if !report.is_unique() {
                        return Err(BenchError::Message(format!("{file}: {p} is not unique")));
                    }
                    if at < 2 && round == 0 {
                        nodes[at].push(report.stats.nodes);
                    }
                }
                best[at] = best[at].min(start.elapsed().as_secs_f64());
            }
        }
        row.extend(best.iter().map(|&secs| thousands((puzzles.len() as f64 / secs) as u64)));
        for mut nodes in nodes {
            nodes.sort_unstable();
            row.push(nodes.get(nodes.len() / 2).copied().unwrap_or(0).to_string());
        }
        match published(file) {
            Some(figures) => row.extend(figures.iter().map(|&n| thousands(n))),
            None => row.extend(["-", "-", "-", "-"].map(String::from)),
        }
        rows.push(row);
    }
    let title = format!(
        "Sudoku, first solution plus uniqueness proof (limit 2), every solution verified, one thread, best of {} rounds:",
        args.rounds.max(1)
    );
    let mut out = render(&title, &rows);
    out.push_str("* published on the whole sets, tdoku README, i7-1065G7 (another machine)\n");
    print(&out)?;
    Ok(())
}
