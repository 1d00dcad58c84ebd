use aquarchive_kinds::sudoku::{self, Method};
use std::time::Instant;
fn main() {
    for file in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&file).unwrap();
        let puzzles: Vec<_> = sudoku::parse_lines(&text).into_iter().map(|p| p.puzzle.unwrap()).collect();
        let mut best = f64::MAX;
        let mut guesses = 0;
        for _ in 0..std::env::var("ROUNDS").map_or(3, |r| r.parse().unwrap()) {
            let start = Instant::now();
            guesses = 0;
            for p in &puzzles {
                let r = sudoku::solve(p, 2, Method::Bitboard).unwrap();
                assert!(r.is_unique());
                guesses += r.stats.nodes;
            }
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{file}: {:.0}/s, {:.3} s, mean guesses {:.2}",
            puzzles.len() as f64 / best,
            best,
            guesses as f64 / puzzles.len() as f64
        );
    }
}
