//! Generating through the library: puzzles in order, chunk by chunk, each
//! with one solution, at the level asked for, the same again for a seed.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use crate::engine::Settings;

#[test]
fn sudokus_are_unique_of_the_level_asked_and_the_same_for_a_seed() {
    let request = SudokuRequest { level: SudokuLevel::Hard, symmetry: Symmetry::Rot180, minimal: true, attempts: None };
    let made = sudokus(request, 4, 3);
    assert_eq!(made.settings.attempts, SUDOKU_ATTEMPTS);
    let ticks = AtomicUsize::new(0);
    let tick = || {
        ticks.fetch_add(1, Ordering::Relaxed);
    };
    let chunks: Vec<_> = made.ticking(&tick).collect();
    assert_eq!((chunks.len(), ticks.into_inner()), (1, 3));
    let puzzles: Vec<_> = chunks.into_iter().flatten().collect();
    assert_eq!(puzzles.iter().map(|(i, _)| *i).collect::<Vec<_>>(), [0, 1, 2]);
    for (i, made) in &puzzles {
        let made = made.as_ref().unwrap_or_else(|err| panic!("puzzle {i}: {err}"));
        let solved = sudoku::solve(&made.puzzle, 2, sudoku::Method::Bitboard).unwrap();
        assert!(solved.is_unique() && solved.solutions[0] == made.solution, "puzzle {i}");
        assert_eq!(sudoku::grade(&made.puzzle, &made.solution).level, SudokuLevel::Hard, "puzzle {i}");
        assert_eq!(made.grading.level, SudokuLevel::Hard);
        assert!(Symmetry::Rot180.holds_for(&made.puzzle), "puzzle {i}");
    }
    let again: Vec<_> = sudokus(request, 4, 3).flatten().map(|(_, made)| made.unwrap().puzzle).collect();
    assert_eq!(again, puzzles.iter().map(|(_, made)| made.as_ref().unwrap().puzzle).collect::<Vec<_>>());
}

#[test]
fn a_level_out_of_reach_is_said_for_its_puzzle() {
    let request =
        SudokuRequest { level: SudokuLevel::Guess, symmetry: Symmetry::None, minimal: true, attempts: Some(1) };
    let failed: Vec<usize> =
        sudokus(request, 3, 3).flatten().filter(|(_, made)| made.is_err()).map(|(i, _)| i).collect();
    // Seed 3's first and third grids grade below a guess (as the command
    // line's test of the same run finds).
    assert_eq!(failed, [0, 2]);
}

#[test]
fn aquariums_come_a_chunk_at_a_time_each_from_its_own_stream() {
    let request = AquariumRequest { side: 6, style: Style::Mended, tanks: None };
    let count = AQUARIUM_CHUNK + 20;
    let made = aquariums(request, 9, count).unwrap();
    assert_eq!((made.settings.style, made.settings.tanks), (Style::Mended, 36 / 5));
    let ticks = AtomicUsize::new(0);
    let tick = || {
        ticks.fetch_add(1, Ordering::Relaxed);
    };
    let chunks: Vec<_> = made.ticking(&tick).collect();
    assert_eq!(chunks.iter().map(Vec::len).collect::<Vec<_>>(), [AQUARIUM_CHUNK, 20]);
    assert_eq!(ticks.into_inner(), count);
    let puzzles: Vec<_> = chunks.into_iter().flatten().collect();
    assert!(puzzles.iter().enumerate().all(|(k, (i, _))| k == *i), "in order");
    for (i, made) in puzzles.iter().step_by(25) {
        let solved = aquarium::solve(&made.puzzle, 2, Settings::default()).unwrap();
        assert!(solved.is_unique() && solved.solutions[0] == made.solution, "puzzle {i}");
        let alone = aquarium::generate(&mut Rng::for_item(9, *i as u64), aquarium::GenerateSettings::square(6));
        assert_eq!(alone.puzzle.to_task(), made.puzzle.to_task(), "puzzle {i} is its stream's");
    }
}

#[test]
fn tanks_are_taken_from_one_to_the_cells_of_the_grid() {
    let request = |tanks| AquariumRequest { side: 6, style: Style::Random, tanks: Some(tanks) };
    assert_eq!(aquariums(request(0), 1, 1).err(), Some(TanksOutOfRange { tanks: 0, side: 6 }));
    assert_eq!(aquariums(request(37), 1, 1).err(), Some(TanksOutOfRange { tanks: 37, side: 6 }));
    let all = aquariums(request(36), 1, 1).unwrap();
    assert_eq!((all.settings.tanks, all.settings.style), (36, Style::Random));
    assert_eq!(TanksOutOfRange { tanks: 0, side: 6 }.to_string(), "0 tanks asked for: a 6x6 grid takes from 1 to 36");
    assert_eq!(seed(Some(17)), 17);
}
