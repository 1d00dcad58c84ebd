//! Property tests (proptest) of the engine and the Aquarium encoding,
//! beside the seeded loops in `src/engine/tests.rs` and
//! `src/kinds/aquarium/tests.rs`: these shrink a failure to a small case and
//! reach shapes those loops do not (weights on selectors, repeated items,
//! every count limit; planted water on any tank layout).
//!
//! `PROPTEST_CASES` sets the number of cases (CI runs the defaults below;
//! `scripts/hardening` runs more).

use std::cell::Cell;
use std::collections::BTreeSet;
use std::ops::ControlFlow;

use aquarchive::engine::{Algorithm, Learning, Pairs, Probing, Problem, Restarts, Settings, Solver};
use aquarchive::kinds::aquarium::{Aquarium, Water, solve};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use crate::util::report;

/// A runner with a fixed seed (CI sees the same cases each run) and
/// `PROPTEST_CASES` cases, else `default`.
fn runner(default: u32) -> (TestRunner, u32) {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    (TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha)), cases)
}

/// The multi-cover search with each probing, with restarts after a few
/// nodes, with the reasoning on pairs of items (from the root, and
/// switched on after a little work) and learning from failed probes
/// (on the problems where every option is in an exact group), `Auto`, and the two exact-cover
/// searches (each the multi-cover search where a problem is not plain
/// exact cover).
const SETTINGS: [Settings; 12] = [
    Settings::steady(Probing::Off),
    Settings::steady(Probing::Root),
    Settings::steady(Probing::Fixpoint),
    Settings::steady(Probing::Adaptive),
    Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::MultiCover,
        restarts: Restarts::Geometric(2),
        pairs: Pairs::Off,
        learning: Learning::Off,
        ..Settings::DEFAULT
    },
    Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::MultiCover,
        restarts: Restarts::Off,
        pairs: Pairs::AfterWork(0),
        learning: Learning::Off,
        ..Settings::DEFAULT
    },
    Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::MultiCover,
        restarts: Restarts::Off,
        pairs: Pairs::AfterWork(3),
        learning: Learning::Off,
        ..Settings::DEFAULT
    },
    Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::MultiCover,
        restarts: Restarts::Geometric(2),
        pairs: Pairs::Off,
        learning: Learning::Always,
        ..Settings::DEFAULT
    },
    // The defaults' shape, with thresholds small problems reach: restarts,
    // then the pairs, then learning switched on part way, the run counted
    // hard after 4 nodes plus probes, and 8 clauses kept.
    Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::MultiCover,
        restarts: Restarts::Geometric(4),
        pairs: Pairs::AfterWork(2),
        learning: Learning::AfterWork(3),
        hard_after: 4,
        kept_clauses: 8,
    },
    with(Algorithm::Auto),
    with(Algorithm::Counters),
    with(Algorithm::DancingLinks),
];

const fn with(algorithm: Algorithm) -> Settings {
    Settings {
        probing: Probing::Adaptive,
        algorithm,
        restarts: Restarts::Off,
        pairs: Pairs::Off,
        learning: Learning::Off,
        ..Settings::DEFAULT
    }
}

/// A small multi-cover problem as plain data, so proptest can shrink it.
#[derive(Clone, Debug)]
struct Spec {
    /// (lo, hi) of each item; `hi < lo` is allowed (no solution).
    items: Vec<(u32, u32)>,
    /// Each option's (item, weight) pairs; an item may repeat, a weight may be 0.
    options: Vec<Vec<(usize, u32)>>,
}

impl Spec {
    fn problem(&self) -> Problem {
        let mut p = Problem::new();
        for &(lo, hi) in &self.items {
            p.add_item(lo, hi);
        }
        for option in &self.options {
            p.add_option(option.iter().copied());
        }
        p
    }
}

/// Up to 5 items, some of them "exactly one" selectors (which make groups),
/// and up to 12 options, so every subset can be tried.
fn spec() -> impl Strategy<Value = Spec> {
    let item =
        prop_oneof![Just((1, 1)), (0u32..5, 0u32..3).prop_map(|(lo, span)| (lo, lo + span)), (0u32..4, 0u32..4),];
    prop::collection::vec(item, 1..=5).prop_flat_map(|items| {
        let n = items.len();
        let entry = (0..n, prop_oneof![4 => Just(1u32), 2 => 0u32..4]);
        let option = prop::collection::vec(entry, 0..=4);
        (Just(items), prop::collection::vec(option, 0..=12)).prop_map(|(items, options)| Spec { items, options })
    })
}

/// Up to 6 items, each primary (`1..=1`) or secondary (`0..=1`), and up to
/// 12 options of weight 1 on up to 3 of them: plain exact cover, where the
/// exact-cover searches run (unless an option misses every primary item).
fn exact_cover_spec() -> impl Strategy<Value = Spec> {
    prop::collection::vec(prop_oneof![3 => Just((1u32, 1u32)), 1 => Just((0, 1))], 1..=6).prop_flat_map(|items| {
        let n = items.len();
        let option = prop::collection::vec((0..n, Just(1u32)), 1..=3);
        (Just(items), prop::collection::vec(option, 0..=12)).prop_map(|(items, options)| Spec { items, options })
    })
}

/// Every solution, found by trying every subset of options.
fn brute_force(p: &Problem) -> BTreeSet<Vec<usize>> {
    let n = p.option_count();
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|o| mask >> o & 1 == 1).collect::<Vec<_>>())
        .filter(|chosen| p.is_solution(chosen))
        .collect()
}

#[test]
fn engine_finds_exactly_the_brute_force_solutions() {
    let (mut runner, cases) = runner(3000);
    let solvable = Cell::new(0);
    let result = runner.run(&spec(), |spec| {
        let p = spec.problem();
        let expected = brute_force(&p);
        solvable.set(solvable.get() + usize::from(!expected.is_empty()));
        for settings in SETTINGS {
            let mut found = BTreeSet::new();
            let stats = Solver::new(&p, settings).for_each_solution(|s| {
                found.insert(s.to_vec());
                ControlFlow::Continue(())
            });
            prop_assert!(stats.exhausted);
            prop_assert_eq!(stats.solutions, expected.len() as u64, "{:?}", settings);
            prop_assert_eq!(&found, &expected, "{:?}", settings);
            // A count limit stops at the limit, and says whether it saw everything.
            for limit in 1..=3u64 {
                let stats = Solver::new(&p, settings).count(limit);
                prop_assert_eq!(stats.solutions, limit.min(expected.len() as u64));
                if (expected.len() as u64) < limit {
                    prop_assert!(stats.exhausted);
                }
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let solvable = solvable.get();
    assert!(solvable as u32 > cases / 10, "too few solvable cases ({solvable} of {cases}) to test anything");
    report("property", "engine: solutions equal brute force (7 settings)", &format!("{cases} cases"), "passed");
}

#[test]
fn forced_options_give_exactly_the_brute_force_solutions_that_hold_them() {
    let (mut runner, cases) = runner(1500);
    let (solvable, clashing) = (Cell::new(0), Cell::new(0));
    // Option numbers past the problem's last are dropped; repeats stay.
    let case = (prop_oneof![exact_cover_spec(), spec()], prop::collection::vec(0usize..12, 0..=3));
    let result = runner.run(&case, |(spec, forced)| {
        let p = spec.problem();
        let forced: Vec<usize> = forced.into_iter().filter(|&o| o < p.option_count()).collect();
        let mut distinct = forced.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let expected: BTreeSet<Vec<usize>> = if distinct.len() < forced.len() {
            BTreeSet::new()
        } else {
            brute_force(&p).into_iter().filter(|s| forced.iter().all(|f| s.contains(f))).collect()
        };
        solvable.set(solvable.get() + usize::from(!expected.is_empty()));
        clashing.set(clashing.get() + usize::from(expected.is_empty() && !forced.is_empty()));
        for settings in SETTINGS {
            // Reused: a plain run before and after must not see the forced run.
            let mut solver = Solver::new(&p, settings);
            let before = solver.count(u64::MAX).solutions;
            let mut found = BTreeSet::new();
            let stats = solver.for_each_solution_with(&forced, |s| {
                found.insert(s.to_vec());
                ControlFlow::Continue(())
            });
            prop_assert!(stats.exhausted);
            prop_assert_eq!(&found, &expected, "{:?} forced {:?}", settings, forced);
            prop_assert_eq!(solver.count(u64::MAX).solutions, before);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let (solvable, clashing) = (solvable.get(), clashing.get());
    assert!(solvable as u32 > cases / 10 && clashing as u32 > cases / 10, "{solvable} solvable, {clashing} clashing");
    report(
        "property",
        "engine: forced options, solutions equal brute force (7 settings)",
        &format!("{cases} cases"),
        "passed",
    );
}

/// A random puzzle with water planted in it: tanks from random merges of
/// neighbouring cells, a random level per tank, clues counted from the water.
#[derive(Clone, Debug)]
struct Planted {
    puzzle: Aquarium,
    water: Water,
}

fn planted() -> impl Strategy<Value = Planted> {
    (1usize..=6, 2usize..=6).prop_flat_map(|(w, h)| {
        let merges = prop::collection::vec(prop::bool::weighted(0.35), 2 * w * h);
        let levels = prop::collection::vec(0usize..=6, w * h);
        (Just((w, h)), merges, levels).prop_map(|((w, h), merges, levels)| plant(w, h, &merges, &levels))
    })
}

fn plant(w: usize, h: usize, merges: &[bool], levels: &[usize]) -> Planted {
    // Union-find over cells: merging neighbours keeps every tank connected.
    let mut parent: Vec<usize> = (0..w * h).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for cell in 0..w * h {
        let (r, c) = (cell / w, cell % w);
        let mut join = |other: usize| {
            let (a, b) = (root(&mut parent, cell), root(&mut parent, other));
            parent[a] = b;
        };
        if c + 1 < w && merges[2 * cell] {
            join(cell + 1);
        }
        if r + 1 < h && merges[2 * cell + 1] {
            join(cell + w);
        }
    }
    let labels: Vec<usize> = (0..w * h).map(|i| root(&mut parent, i)).collect();
    // Each tank's water reaches down from its top row `level` rows below
    // the tank's top (past its bottom: empty).
    let mut top = vec![usize::MAX; w * h];
    for (cell, &l) in labels.iter().enumerate() {
        top[l] = top[l].min(cell / w);
    }
    let cells: Vec<bool> = labels.iter().enumerate().map(|(cell, &l)| cell / w >= top[l] + levels[l]).collect();
    let water = Water::new(w, h, cells);
    let (rows, cols) = Aquarium::clues_of(&water);
    let puzzle = Aquarium::new(w, h, &labels, rows, cols).expect("a well-shaped puzzle");
    Planted { puzzle, water }
}

#[test]
fn planted_water_is_among_the_solutions_found() {
    let (mut runner, cases) = runner(1500);
    let several = Cell::new(0);
    let result = runner.run(&planted(), |Planted { puzzle, water }| {
        prop_assert_eq!(puzzle.validate(), Ok(()));
        for settings in SETTINGS {
            // `solve` checks every solution with the independent verifier.
            let report = solve(&puzzle, usize::MAX, settings).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert!(report.stats.exhausted);
            prop_assert!(report.solutions.contains(&water), "{:?}: planted water not found in\n{}", settings, puzzle);
            let distinct: BTreeSet<Vec<String>> = report.solutions.iter().map(Water::to_rows).collect();
            prop_assert_eq!(distinct.len(), report.solutions.len(), "a solution returned twice");
            several.set(several.get() + usize::from(settings == with(Algorithm::Auto) && report.solutions.len() > 1));
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    assert!(
        several.get() * 50 > cases as usize,
        "{} of {cases} puzzles had several solutions: too few to test the search",
        several.get()
    );
    report("property", "aquarium: planted water among the solutions (4 settings)", &format!("{cases} cases"), "passed");
}
