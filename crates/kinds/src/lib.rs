//! Puzzle kinds. Each parses and prints its text format, encodes a puzzle
//! into the engine, decodes the engine's answer, and verifies a solution by
//! the puzzle's rules with code that does not use the engine.

#![forbid(unsafe_code)]

/// The one table of the kinds, a line a kind: its name in code, its name as
/// typed and kept (a site's kind as its site names it), whether a good
/// puzzle of it has one solution, and, where its home is written, its
/// folder. Adding a kind is its folder and its line here: the folders'
/// modules below, [`Kind`] and [`homes`] are each written from this table
/// by a macro of their own, `then`.
macro_rules! with_kinds {
    ($then:ident) => {
        $then! {
            Aquarium => "aquarium", true, aquarium;
            Sudoku => "sudoku", true, sudoku;
            Calendar => "calendar", false, calendar;
            Ring => "ring", false, ring;
            Battleships => "battleships", true, battleships;
            Binairo => "binairo", true, binairo;
            BinairoPlus => "binairo-plus", true, binairo_plus;
            Bridges => "bridges", true, bridges;
            ChessMelee => "chess-melee", true;
            ChessRanger => "chess-ranger", true;
            Dominosa => "dominosa", true, dominosa;
            Futoshiki => "futoshiki", true, futoshiki;
            Galaxies => "galaxies", true, galaxies;
            Heyawake => "heyawake", true, heyawake;
            Hitori => "hitori", true, hitori;
            JigsawSudoku => "jigsaw-sudoku", true, jigsaw_sudoku;
            Kakurasu => "kakurasu", true, kakurasu;
            Kakuro => "kakuro", true, kakuro;
            KillerSudoku => "killer-sudoku", true, killer_sudoku;
            Kurodoko => "kurodoko", true;
            LightUp => "light-up", true, light_up;
            Lits => "lits", true, lits;
            Loop => "loop", true, slitherlink;
            Masyu => "masyu", true, masyu;
            Minesweeper => "minesweeper", true, minesweeper;
            Mosaic => "mosaic", true, mosaic;
            Nonograms => "nonograms", true, nonograms;
            Norinori => "norinori", true, norinori;
            Nurikabe => "nurikabe", true, nurikabe;
            Pipes => "pipes", true, pipes;
            Renzoku => "renzoku", true, renzoku;
            SandwichSudoku => "sandwich-sudoku", true;
            Shakashaka => "shakashaka", true;
            Shikaku => "shikaku", true, shikaku;
            Shingoki => "shingoki", true, shingoki;
            Skyscrapers => "skyscrapers", true, skyscrapers;
            Slant => "slant", true;
            SoloChess => "solo-chess", true;
            StarBattle => "star-battle", true, star_battle;
            Stitches => "stitches", true, stitches;
            Tapa => "tapa", true, tapa;
            Tents => "tents", true, tents;
            Thermometers => "thermometers", true, thermometers;
            Words => "words", true;
            YinYang => "yin-yang", true, yin_yang;
        }
    };
}

/// Declares each kind's folder that the table of kinds names.
macro_rules! kind_folders {
    ($($variant:ident => $name:literal, $unique:literal $(, $home:ident)?;)*) => {
        $($(pub mod $home;)?)*
    };
}

with_kinds!(kind_folders);

pub(crate) mod clue_counts;
pub mod disjoint_sets;
pub mod draw;
pub mod engine_grade;
pub mod grading;
pub mod home;
pub mod homes;
mod kind;
pub(crate) mod latin;
pub mod rng;
pub mod task;

use std::ops::ControlFlow;

use multicover::{OptionId, Problem, Settings, Solver, Stats};

pub use kind::{Kind, UnknownKind};

/// What solving a puzzle found: its solutions up to a limit, each one
/// decoded and checked by the kind's own verifier, and the search's figures.
#[derive(Clone, Debug)]
pub struct Solved<T> {
    pub solutions: Vec<T>,
    pub stats: Stats,
}

impl<T> Solved<T> {
    /// Exactly one solution, and the search proved there is no other.
    pub fn is_unique(&self) -> bool {
        self.solutions.len() == 1 && self.stats.exhausted
    }
}

/// Runs the engine on `problem`, handing each solution to `visit` (the
/// kind's decode and verify, and whatever the caller keeps). The first
/// error `visit` returns (an engine answer that breaks the rules) stops the
/// search and is returned.
pub(crate) fn search_checked<E>(
    problem: &Problem,
    settings: Settings,
    mut visit: impl FnMut(&[OptionId]) -> Result<ControlFlow<()>, E>,
) -> Result<Stats, E> {
    let mut failure = None;
    let stats = Solver::new(problem, settings).for_each_solution(|chosen| {
        visit(chosen).unwrap_or_else(|err| {
            failure = Some(err);
            ControlFlow::Break(())
        })
    });
    failure.map_or(Ok(stats), Err)
}

/// Up to `limit` solutions, each passed through `check` (decode and verify).
pub(crate) fn solve_checked<T, E>(
    problem: &Problem,
    settings: Settings,
    limit: usize,
    mut check: impl FnMut(&[OptionId]) -> Result<T, E>,
) -> Result<Solved<T>, E> {
    let mut solutions = Vec::new();
    if limit == 0 {
        return Ok(Solved { solutions, stats: Stats::default() });
    }
    let stats = search_checked(problem, settings, |chosen| {
        solutions.push(check(chosen)?);
        Ok(if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) })
    })?;
    Ok(Solved { solutions, stats })
}

/// A count with its noun, singular or plural as the count needs:
/// `count_of(1, "puzzle", "puzzles")` is "1 puzzle", with 2 "2 puzzles".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod count_tests {
    #[test]
    fn counts_take_the_right_number() {
        assert_eq!(super::count_of(1, "puzzle", "puzzles"), "1 puzzle");
        assert_eq!(super::count_of(0, "puzzle", "puzzles"), "0 puzzles");
        assert_eq!(super::count_of(2, "match", "matches"), "2 matches");
    }
}
