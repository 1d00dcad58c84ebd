//! The Aquarium text format (and the `.solution.txt` water format): whatever
//! parses prints and re-parses to the same puzzle, its task string reads
//! back the same. Whatever the engine returns for a small valid puzzle is
//! distinct water that the independent verifier accepts, reads back from
//! its text and answer form, and gives the puzzle's own clues; and when the
//! puzzle has few enough tank levels to try them all, the engine finds
//! exactly the solutions that trying them all finds.
#![no_main]

use std::collections::HashSet;

use aquarchive::engine::Settings;
use aquarchive::kinds::aquarium::{Aquarium, Water, parse_blocks, solve, verify};
use libfuzzer_sys::fuzz_target;

/// How many solutions the engine is asked for.
const LIMIT: usize = 2;

/// The most combinations of tank levels tried one by one.
const MOST_TRIED: usize = 1 << 14;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for block in parse_blocks(text) {
        let Ok(puzzle) = block.puzzle else { continue };
        let printed = puzzle.to_string();
        assert_eq!(Aquarium::parse_text(&printed).expect("a printed puzzle reads back"), puzzle, "{printed}");
        let size = Some((puzzle.width(), puzzle.height()));
        let task = puzzle.to_task();
        assert_eq!(Aquarium::parse_task_sized(&task, size).expect("its task string reads back"), puzzle, "{task}");
        if puzzle.validate().is_ok() && puzzle.width() * puzzle.height() <= 64 {
            check_solutions(&puzzle, &printed);
        }
    }
    if let Ok(water) = Water::parse(text) {
        let rows = water.to_rows().join("\n");
        assert_eq!(Water::parse(&rows).expect("printed water reads back"), water);
    }
});

fn check_solutions(puzzle: &Aquarium, printed: &str) {
    let report = solve(puzzle, LIMIT, Settings::default()).expect("the engine's answers pass the verifier");
    let solutions = &report.solutions;
    assert!(solutions.len() <= LIMIT, "{} solutions asked for {LIMIT}:\n{printed}", solutions.len());
    assert_eq!(report.stats.solutions, solutions.len() as u64, "{printed}");
    if solutions.len() < LIMIT {
        assert!(report.stats.exhausted, "fewer than asked for, yet the search stopped early:\n{printed}");
    }
    let distinct: HashSet<&Water> = solutions.iter().collect();
    assert_eq!(distinct.len(), solutions.len(), "the same water twice:\n{printed}");
    for water in solutions {
        let rows = water.to_rows().join("\n");
        if let Err(violation) = verify(puzzle, water) {
            panic!("{violation}:\n{printed}\n{rows}");
        }
        assert_eq!(Aquarium::clues_of(water), (puzzle.row_clues().to_vec(), puzzle.col_clues().to_vec()), "{rows}");
        assert_eq!(Water::parse(&rows).expect("a solution's rows read back"), *water, "{rows}");
        let answer = water.to_answer();
        assert_eq!(answer.len(), puzzle.width() * puzzle.height(), "{answer}");
        let wet: Vec<bool> = answer.chars().map(|c| c == 'y').collect();
        assert_eq!(Water::new(puzzle.width(), puzzle.height(), wet), *water, "the answer form: {answer}");
    }
    if let Some(every) = every_solution(puzzle) {
        let found: HashSet<&Water> = every.iter().collect();
        assert!(distinct.is_subset(&found), "the engine's water is not among all solutions:\n{printed}");
        assert_eq!(solutions.len(), every.len().min(LIMIT), "{} solutions in all:\n{printed}", every.len());
        if report.stats.exhausted {
            assert_eq!(solutions.len(), every.len(), "the search ended early:\n{printed}");
        }
    }
}

/// Every solution, found without the engine: each tank's water reaches one
/// of the rows the tank has cells in (or none), so every combination of
/// such tops is tried and the verifier keeps those that obey the rules.
/// None when there are more than [`MOST_TRIED`] combinations.
fn every_solution(puzzle: &Aquarium) -> Option<Vec<Water>> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut tops: Vec<Vec<usize>> = vec![vec![usize::MAX]; puzzle.tank_count()];
    for r in 0..h {
        for c in 0..w {
            let levels = &mut tops[puzzle.tank(r, c) as usize];
            if !levels.contains(&r) {
                levels.push(r);
            }
        }
    }
    let mut combinations = 1usize;
    for levels in &tops {
        combinations = combinations.checked_mul(levels.len()).filter(|&n| n <= MOST_TRIED)?;
    }
    let mut solutions = Vec::new();
    let mut choice = vec![0usize; tops.len()];
    loop {
        let wet = |i: usize| {
            let tank = puzzle.tank(i / w, i % w) as usize;
            i / w >= tops[tank][choice[tank]]
        };
        let water = Water::new(w, h, (0..w * h).map(wet).collect());
        if verify(puzzle, &water).is_ok() {
            solutions.push(water);
        }
        // The next combination, as an odometer over the tanks' levels.
        let mut tank = 0;
        loop {
            if tank == tops.len() {
                return Some(solutions);
            }
            choice[tank] += 1;
            if choice[tank] < tops[tank].len() {
                break;
            }
            choice[tank] = 0;
            tank += 1;
        }
    }
}
