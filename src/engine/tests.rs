use std::ops::ControlFlow;

use super::*;
use crate::rng::Rng;

/// Every way to search: the multi-cover search with each probing, and
/// `Auto` (Dancing Links where the problem is plain exact cover).
fn all_settings() -> Vec<Settings> {
    let multi = [Probing::Off, Probing::Root, Probing::Fixpoint, Probing::Adaptive]
        .map(|probing| Settings { probing, algorithm: Algorithm::MultiCover });
    let mut all = multi.to_vec();
    all.push(Settings::default());
    all
}

fn count_all(problem: &Problem, settings: Settings) -> u64 {
    let mut solver = Solver::new(problem, settings);
    let stats = solver.for_each_solution(|s| {
        assert!(problem.is_solution(s), "engine returned a non-solution {s:?}");
        ControlFlow::Continue(())
    });
    assert!(stats.exhausted);
    stats.solutions
}

/// Knuth's example of exact cover (TAOCP 7.2.2.1, items a..g).
#[test]
fn knuth_seven_items() {
    let mut p = Problem::new();
    let [a, b, c, d, e, f, g] = std::array::from_fn(|_| p.add_exact(1));
    let options = [vec![c, e], vec![a, d, g], vec![b, c, f], vec![a, d, f], vec![b, g], vec![d, e, g]];
    for o in &options {
        p.add_option(o.iter().map(|&i| (i, 1)));
    }
    assert!(Solver::new(&p, Settings::default()).is_dancing_links());
    for settings in all_settings() {
        let out = Solver::new(&p, settings).solve(10);
        assert_eq!(out.solutions, vec![vec![0, 3, 4]]);
        assert!(out.stats.exhausted);
    }
}

fn queens(n: usize) -> Problem {
    let mut p = Problem::new();
    let rows: Vec<_> = (0..n).map(|_| p.add_exact(1)).collect();
    let cols: Vec<_> = (0..n).map(|_| p.add_exact(1)).collect();
    let up: Vec<_> = (0..2 * n - 1).map(|_| p.add_secondary(1)).collect();
    let down: Vec<_> = (0..2 * n - 1).map(|_| p.add_secondary(1)).collect();
    for r in 0..n {
        for c in 0..n {
            p.add_option([(rows[r], 1), (cols[c], 1), (up[r + c], 1), (down[r + n - 1 - c], 1)]);
        }
    }
    p
}

#[test]
fn n_queens_counts() {
    assert!(Solver::new(&queens(8), Settings::default()).is_dancing_links());
    let known = [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (7, 40), (8, 92)];
    for settings in all_settings() {
        for (n, count) in known {
            assert_eq!(count_all(&queens(n), settings), count, "{n} queens, {settings:?}");
        }
    }
}

#[test]
fn limits_stop_the_search() {
    let p = queens(8);
    let stats = p.count(2);
    assert_eq!(stats.solutions, 2);
    assert!(!stats.exhausted);
    let out = p.solve(3);
    assert_eq!(out.solutions.len(), 3);
    assert!(out.solutions.iter().all(|s| p.is_solution(s)));
    assert_eq!(p.count(0).solutions, 0);
}

#[test]
fn empty_and_impossible_problems() {
    // No items: the empty set is the one solution.
    let p = Problem::new();
    assert_eq!(count_all(&p, Settings::default()), 1);
    // An item nobody covers.
    let mut p = Problem::new();
    p.add_exact(1);
    assert_eq!(count_all(&p, Settings::default()), 0);
    // lo > hi.
    let mut p = Problem::new();
    let i = p.add_item(2, 1);
    p.add_option([(i, 1)]);
    p.add_option([(i, 1)]);
    assert_eq!(count_all(&p, Settings::default()), 0);
    // A weight larger than any range.
    let mut p = Problem::new();
    let i = p.add_exact(2);
    p.add_option([(i, 3)]);
    assert_eq!(count_all(&p, Settings::default()), 0);
}

#[test]
fn weights_and_ranges() {
    // Item x must total 5 from weights 2, 3, 1, 4: {2,3}, {1,4}.
    let mut p = Problem::new();
    let x = p.add_exact(5);
    for w in [2, 3, 1, 4] {
        p.add_option([(x, w)]);
    }
    for settings in all_settings() {
        let out = Solver::new(&p, settings).solve(10);
        let mut got = out.solutions.clone();
        got.sort();
        assert_eq!(got, vec![vec![0, 1], vec![2, 3]]);
    }
    // Secondary items that can take more after the primaries are met.
    let mut p = Problem::new();
    let y = p.add_item(0, 2);
    p.add_option([(y, 1)]);
    p.add_option([(y, 1)]);
    p.add_option([(y, 2)]);
    // {}, {0}, {1}, {0,1}, {2}.
    for settings in all_settings() {
        assert_eq!(count_all(&p, settings), 5);
    }
}

/// Counts solutions by trying every subset of options.
fn brute_force(p: &Problem) -> u64 {
    let n = p.option_count();
    (0u32..1 << n)
        .filter(|mask| {
            let chosen: Vec<usize> = (0..n).filter(|o| mask >> o & 1 == 1).collect();
            p.is_solution(&chosen)
        })
        .count() as u64
}

/// A random problem; some items are "exactly one" selectors so that groups
/// and their bounds are exercised.
fn random_problem(rng: &mut Rng) -> Problem {
    let mut p = Problem::new();
    let selectors: Vec<_> = (0..rng.between(0, 3)).map(|_| p.add_exact(1)).collect();
    let counters: Vec<_> = (0..rng.between(1, 4))
        .map(|_| {
            let lo = rng.between(0, 4) as u32;
            let hi = lo + rng.between(0, 2) as u32;
            p.add_item(lo, hi)
        })
        .collect();
    for _ in 0..rng.between(1, 12) {
        let mut entries = Vec::new();
        if !selectors.is_empty() && rng.chance(3, 4) {
            entries.push((selectors[rng.below(selectors.len())], 1));
        }
        for &c in &counters {
            if rng.chance(1, 2) {
                entries.push((c, rng.between(0, 3) as u32));
            }
        }
        p.add_option(entries);
    }
    p
}

#[test]
fn random_problems_match_brute_force() {
    let mut rng = Rng::new(7);
    let mut nonzero = 0;
    for case in 0..3000 {
        let p = random_problem(&mut rng);
        let expected = brute_force(&p);
        nonzero += usize::from(expected > 0);
        for settings in all_settings() {
            assert_eq!(count_all(&p, settings), expected, "case {case}: {p:?} with {settings:?}");
        }
    }
    assert!(nonzero > 300, "the random problems should often be solvable ({nonzero})");
}

#[test]
fn a_work_limit_stops_the_search_unexhausted() {
    let p = queens(8);
    for settings in all_settings() {
        let mut solver = Solver::new(&p, settings);
        solver.set_work_limit(5);
        let stats = solver.count(1000);
        assert!(!stats.exhausted, "{settings:?}");
        assert!(stats.solutions < 92);
        assert!(stats.nodes <= 5);
    }
}

/// A random plain exact-cover problem: primary and secondary items, unit
/// weights; with `all_primary_options`, every option touches a primary item.
fn random_exact_cover(rng: &mut Rng, all_primary_options: bool) -> Problem {
    let mut p = Problem::new();
    let primary: Vec<_> = (0..rng.between(1, 6)).map(|_| p.add_exact(1)).collect();
    let secondary: Vec<_> = (0..rng.between(0, 3)).map(|_| p.add_secondary(1)).collect();
    for _ in 0..rng.between(1, 14) {
        let mut entries = Vec::new();
        for &i in primary.iter().chain(&secondary) {
            if rng.chance(1, 3) {
                entries.push((i, 1));
            }
        }
        if all_primary_options && !entries.iter().any(|(i, _)| primary.contains(i)) {
            entries.push((primary[rng.below(primary.len())], 1));
        }
        p.add_option(entries);
    }
    p
}

#[test]
fn dancing_links_match_brute_force_and_the_multi_cover_search() {
    let mut rng = Rng::new(11);
    let (mut dancing, mut nonzero) = (0, 0);
    for case in 0..3000 {
        let p = random_exact_cover(&mut rng, case % 4 != 0);
        let expected = brute_force(&p);
        nonzero += usize::from(expected > 0);
        // Auto takes Dancing Links only when every option covers a primary
        // item; otherwise it must fall back and still count right.
        dancing += usize::from(Solver::new(&p, Settings::default()).is_dancing_links());
        for settings in all_settings() {
            assert_eq!(count_all(&p, settings), expected, "case {case}: {p:?} with {settings:?}");
        }
        // Each solution once, the same set from both searches.
        let mut by_links = Solver::new(&p, Settings::default()).solve(usize::MAX).solutions;
        let multi = Settings { algorithm: Algorithm::MultiCover, ..Settings::default() };
        let mut by_search = Solver::new(&p, multi).solve(usize::MAX).solutions;
        by_links.sort();
        by_search.sort();
        assert_eq!(by_links, by_search, "case {case}");
    }
    assert!(dancing > 2000, "most cases should run Dancing Links ({dancing})");
    assert!(nonzero > 500, "the random problems should often be solvable ({nonzero})");
}

#[test]
fn dancing_links_apply_only_to_plain_exact_cover() {
    let mut p = Problem::new();
    let a = p.add_exact(1);
    let b = p.add_secondary(1);
    p.add_option([(a, 1), (b, 1)]);
    assert!(Solver::new(&p, Settings::default()).is_dancing_links());
    // An option on secondary items only may join any solution.
    p.add_option([(b, 1)]);
    assert!(!Solver::new(&p, Settings::default()).is_dancing_links());
    // A weight other than 1, or a range other than 1..=1 and 0..=1.
    let mut p = Problem::new();
    let a = p.add_exact(2);
    p.add_option([(a, 1)]);
    assert!(!Solver::new(&p, Settings::default()).is_dancing_links());
    let mut p = Problem::new();
    let a = p.add_exact(1);
    p.add_option([(a, 2)]);
    assert!(!Solver::new(&p, Settings::default()).is_dancing_links());
    // Asked for the multi-cover search, it gets it.
    let mut p = Problem::new();
    let a = p.add_exact(1);
    p.add_option([(a, 1)]);
    let multi = Settings { algorithm: Algorithm::MultiCover, ..Settings::default() };
    assert!(!Solver::new(&p, multi).is_dancing_links());
}

#[test]
fn solver_is_reusable() {
    let p = queens(6);
    let mut solver = Solver::new(&p, Settings::default());
    let first = solver.solve(10);
    let second = solver.solve(10);
    assert_eq!(first.solutions, second.solutions);
    assert_eq!(first.solutions.len(), 4);
}
