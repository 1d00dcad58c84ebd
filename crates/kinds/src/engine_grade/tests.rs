//! The grader on the family's real puzzles (tests/fixtures/family), and on
//! small problems whose every option is tried by the engine, so that what
//! each step says of its option is checked by another road than the
//! grader's.

use std::collections::BTreeMap;

use super::*;
use crate::home::{Board, Size};
use crate::homes::home;
use crate::kind::Kind;
use crate::rng::Rng;

/// Every real puzzle of the family (tests/fixtures/family/states.jsonl)
/// whose kind has a home, read: its kind, line and board.
fn real_boards() -> Vec<(Kind, usize, Box<dyn Board>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/family/states.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let mut boards = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        let Some(home) = value["kind"].as_str().unwrap().parse().ok().and_then(home) else { continue };
        let size = value["width"].as_u64().zip(value["height"].as_u64());
        let size = size.map(|(w, h)| Size::new(w as usize, h as usize));
        boards.push((home.kind(), n + 1, home.read(value["task"].as_str().unwrap(), size).unwrap()));
    }
    boards
}

/// What a grading must say of itself against its model, checked by the
/// engine option by option where the model is small: every step's option
/// in no solution, every other option in one, each option ruled out once,
/// and the level the hardest step's.
fn assert_true_to(model: &Model, grading: &Grading<Step>, place: &str) {
    let problem = &model.problem;
    let mut stepped = vec![false; problem.option_count()];
    for step in &grading.steps {
        assert!(!std::mem::replace(&mut stepped[step.option], true), "{place}: option {} twice", step.option);
    }
    let hardest = grading.steps.iter().map(|s| s.technique.level()).max().unwrap_or(Level::Easy);
    assert_eq!(grading.level, hardest, "{place}");
    assert!(grading.complete, "{place}");
    let order: Vec<Technique> = grading.steps.iter().map(|s| s.technique).collect();
    assert!(order.is_sorted(), "{place}: steps in the order of their techniques");
    if problem.option_count() > 700 {
        return;
    }
    let mut solver = Solver::new(problem, Settings::default());
    for (option, &ruled_out) in stepped.iter().enumerate() {
        let with = solver.solve_with(&[option], 1);
        assert!(with.stats.exhausted || !with.solutions.is_empty(), "{place}");
        assert_eq!(with.solutions.is_empty(), ruled_out, "{place}: option {option}");
    }
}

#[test]
fn every_real_puzzle_of_a_graded_kind_is_graded_true_to_its_model_the_same_each_time() {
    let mut levels: BTreeMap<Kind, Vec<Option<Level>>> = BTreeMap::new();
    for (kind, line, board) in real_boards() {
        let graded = home(kind).unwrap().grades();
        assert_eq!(board.model().is_some(), graded, "{kind}: a model exactly where its home grades");
        let Some(model) = board.model() else {
            assert!(board.grade().is_none(), "{kind}");
            continue;
        };
        let place = format!("states.jsonl:{line} ({kind})");
        let grading = board.grade();
        if let Some(grading) = &grading {
            assert_true_to(&model, grading, &place);
            let again = board.grade().unwrap();
            assert_eq!((again.level, &again.steps), (grading.level, &grading.steps), "{place}");
        }
        levels.entry(kind).or_default().push(grading.map(|g| g.level));
    }
    let of = |kind: Kind| levels.get(&kind).cloned().unwrap_or_default();
    // Graded: every kind solved by its model on the engine.
    assert_eq!(levels.len(), 18, "{levels:?}");
    assert!(levels.values().flatten().filter(|level| level.is_some()).count() >= 70, "{levels:?}");
    // Where the fixtures hold puzzles of a kind at several levels, the
    // grader tells them apart.
    use Level::{Easy, Hard, Medium};
    assert_eq!(of(Kind::Tents), [Some(Easy), Some(Easy), Some(Easy), Some(Medium)]);
    assert_eq!(of(Kind::Mosaic), [Some(Easy), Some(Medium), Some(Hard), Some(Hard)]);
    assert_eq!(of(Kind::Futoshiki), [Some(Easy), Some(Medium), Some(Easy), Some(Medium)]);
    // Binairo's model leaves out that lines differ: the 8x8 its reasoning
    // does not settle is not graded, the 20x20 it settles is.
    assert_eq!(of(Kind::Binairo), [None, Some(Medium)]);
    // Not graded: the kinds with solvers of their own.
    for kind in [Kind::StarBattle, Kind::Battleships, Kind::Norinori] {
        assert!(!home(kind).unwrap().grades(), "{kind}");
    }
}

/// A random small problem with exact groups ("one digit a cell") and
/// counting items, the shape of the family's models.
fn random_problem(rng: &mut Rng) -> Problem {
    let mut problem = Problem::new();
    let cells: Vec<_> = (0..rng.below(5) + 3).map(|_| problem.add_exact(1)).collect();
    let counts: Vec<_> = (0..rng.below(4) + 1)
        .map(|_| {
            let lo = rng.below(3) as u32;
            problem.add_item(lo, lo + rng.below(2) as u32)
        })
        .collect();
    for &cell in &cells {
        for _ in 0..rng.below(3) + 2 {
            let mut entries = vec![(cell, 1)];
            for &count in &counts {
                if rng.below(3) == 0 {
                    entries.push((count, 1));
                }
            }
            problem.add_option(entries);
        }
    }
    problem
}

#[test]
fn random_small_problems_are_graded_true_to_themselves_at_every_level() {
    let mut rng = Rng::new(11);
    let mut seen: BTreeMap<Level, usize> = BTreeMap::new();
    let mut none = 0;
    for n in 0..3000 {
        let model = Model { problem: random_problem(&mut rng), whole: true };
        match grade(&model) {
            Some(grading) => {
                assert_true_to(&model, &grading, &format!("problem {n}"));
                *seen.entry(grading.level).or_default() += 1;
            }
            None => {
                assert!(model.problem.solve(1).solutions.is_empty(), "problem {n}: not graded, but solved");
                none += 1;
            }
        }
    }
    assert!(seen.len() == 3 && seen.values().all(|&k| k >= 5) && none > 0, "{seen:?}, {none} without solution");
}

#[test]
fn a_model_without_a_rule_is_graded_only_where_its_reasoning_leaves_a_solution() {
    // Two cells, each 0 or 1, and nothing else: nothing to rule out, and
    // two solutions, which a whole model's puzzle would not have.
    let mut problem = Problem::new();
    let cells = [problem.add_exact(1), problem.add_exact(1)];
    for cell in cells {
        problem.add_option([(cell, 1)]);
        problem.add_option([(cell, 1)]);
    }
    assert_eq!(grade(&Model { problem: problem.clone(), whole: true }).map(|g| g.level), Some(Level::Easy));
    assert!(grade(&Model { problem, whole: false }).is_none());
}
