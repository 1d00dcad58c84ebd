use std::ops::ControlFlow;

use super::*;

/// The default settings with the thresholds of a hard search brought down
/// to the size of the problems here (searches of a few dozen nodes), so
/// that their runs walk both sides of them: from 4 nodes plus probes a run
/// counts as hard, and learning keeps 8 clauses.
fn small() -> Settings {
    Settings { hard_after: 4, kept_clauses: 8, ..Settings::default() }
}

/// Every way to search: the multi-cover search with each probing, with
/// and without restarts, with and without reasoning on pairs, and
/// `Auto`, counters and Dancing Links (each the multi-cover search where
/// the problem is not plain exact cover).
fn all_settings() -> Vec<Settings> {
    let multi = [Probing::Off, Probing::Root, Probing::Fixpoint, Probing::Adaptive].map(|probing| Settings {
        probing,
        algorithm: Algorithm::MultiCover,
        ..small()
    });
    let mut all = multi.to_vec();
    // Restarts off, as before they were the default.
    all.extend(multi.map(|s| Settings { restarts: Restarts::Off, ..s }));
    // Restarts after very little work, so that the small problems here
    // restart often, and deep in the tree.
    for probing in [Probing::Off, Probing::Adaptive] {
        for restarts in [Restarts::Geometric(1), Restarts::Geometric(4), Restarts::Geometric(2)] {
            all.push(Settings {
                probing,
                algorithm: Algorithm::MultiCover,
                restarts,
                pairs: Pairs::Off,
                learning: Learning::Off,
                ..small()
            });
        }
    }
    // Pairs from the root, and switched on after a little work, so that
    // runs that switch part way are checked too.
    for pairs in [Pairs::AfterWork(0), Pairs::AfterWork(3)] {
        for probing in [Probing::Off, Probing::Fixpoint, Probing::Adaptive] {
            all.push(Settings { probing, algorithm: Algorithm::MultiCover, pairs, ..small() });
        }
        all.push(Settings {
            probing: Probing::Adaptive,
            algorithm: Algorithm::MultiCover,
            restarts: Restarts::Geometric(1),
            pairs,
            learning: Learning::Off,
            ..small()
        });
    }
    // Learning from failed probes, alone and with restarts and pairs.
    // Learning from the root, and switched on part way.
    for probing in [Probing::Fixpoint, Probing::Adaptive] {
        for (restarts, pairs, learning) in [
            (Restarts::Off, Pairs::Off, Learning::Always),
            (Restarts::Geometric(1), Pairs::Off, Learning::Always),
            (Restarts::default(), Pairs::AfterWork(0), Learning::Always),
            (Restarts::Off, Pairs::Off, Learning::AfterWork(3)),
            (Restarts::Geometric(2), Pairs::AfterWork(3), Learning::AfterWork(5)),
        ] {
            all.push(Settings { probing, algorithm: Algorithm::MultiCover, restarts, pairs, learning, ..small() });
        }
    }
    all.push(small());
    all.push(Settings::default());
    for algorithm in [Algorithm::Counters, Algorithm::DancingLinks] {
        all.push(Settings { algorithm, ..small() });
    }
    all
}

/// The exact-cover searches.
const EXACT_COVER: [Algorithm; 2] = [Algorithm::Counters, Algorithm::DancingLinks];

fn runs(p: &Problem, algorithm: Algorithm) -> Algorithm {
    Solver::new(p, Settings { algorithm, ..small() }).algorithm()
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
    assert_eq!(runs(&p, Algorithm::Auto), Algorithm::Counters);
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
    assert_eq!(runs(&queens(8), Algorithm::Auto), Algorithm::Counters);
    assert_eq!(runs(&queens(8), Algorithm::DancingLinks), Algorithm::DancingLinks);
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
    assert_eq!(count_all(&p, small()), 1);
    // An item nobody covers.
    let mut p = Problem::new();
    p.add_exact(1);
    assert_eq!(count_all(&p, small()), 0);
    // lo > hi.
    let mut p = Problem::new();
    let i = p.add_item(2, 1);
    p.add_option([(i, 1)]);
    p.add_option([(i, 1)]);
    assert_eq!(count_all(&p, small()), 0);
    // A weight larger than any range.
    let mut p = Problem::new();
    let i = p.add_exact(2);
    p.add_option([(i, 3)]);
    assert_eq!(count_all(&p, small()), 0);
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

/// With restarts after very little work, each solution is still found
/// exactly once (the nogoods stop a second walk), none is lost, and the
/// limits of one and two solutions that `solve` and uniqueness proofs use
/// stop the search as without restarts.
#[test]
fn restarts_find_each_solution_once() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(31);
    let (mut restarted, mut restarted_with_solutions) = (0, 0);
    for case in 0..1500 {
        let p = random_problem_of_three_kinds(case, &mut rng);
        let expected = brute_force_with(&p, &[]);
        for probing in [Probing::Off, Probing::Adaptive] {
            for restarts in [Restarts::Geometric(1), Restarts::Geometric(3), Restarts::Geometric(5)] {
                let mut search = MultiCover::new(
                    &p,
                    &Settings { probing, restarts, pairs: Pairs::Off, learning: Learning::Off, ..small() },
                );
                for limit in [1, 2, usize::MAX] {
                    let found = run_under_limit(&mut search, &expected, limit, &|| {
                        format!("case {case}: {p:?} {probing:?} {restarts:?}")
                    });
                    restarted += search.restarts();
                    restarted_with_solutions += usize::from(search.restarts() > 0 && found.len() > 1);
                }
            }
        }
    }
    assert!(restarted > 10_000, "the searches should restart often ({restarted})");
    assert!(restarted_with_solutions > 500, "and with solutions found before ({restarted_with_solutions})");
}

/// A search that ends before the default restarts' first budget does the
/// same work as one without restarts, and finds the same solutions in the
/// same order, under the limits that `solve` and uniqueness proofs use:
/// what keeps every short search (all of the site's puzzles) as it was.
#[test]
fn default_restarts_leave_short_searches_alone() {
    let mut rng = Rng::new(43);
    for case in 0..600 {
        let p = random_problem_of_three_kinds(case, &mut rng);
        for probing in [Probing::Off, Probing::Adaptive] {
            let with = Settings { probing, algorithm: Algorithm::MultiCover, ..small() };
            assert_ne!(with.restarts, Restarts::Off, "restarts are on by default");
            let without = Settings { restarts: Restarts::Off, ..with };
            for limit in [1, 2, usize::MAX] {
                let a = Solver::new(&p, with).solve(limit);
                let b = Solver::new(&p, without).solve(limit);
                assert_eq!(a.solutions, b.solutions, "case {case}: {p:?} {probing:?} limit {limit}");
                let work = |o: &Outcome| (o.stats.nodes, o.stats.probes, o.stats.exhausted);
                assert_eq!(work(&a), work(&b), "case {case}: {p:?} {probing:?} limit {limit}");
            }
        }
    }
}

/// Runs `search` to at most `limit` solutions and checks what it found
/// against the brute force's `expected`: as many as there are up to the
/// limit, exhausted only below it, none twice, none that is not a solution;
/// `what` names the run in a failure's message.
fn run_under_limit(
    search: &mut crate::search::MultiCover,
    expected: &[Vec<OptionId>],
    limit: usize,
    what: &dyn Fn() -> String,
) -> Vec<Vec<OptionId>> {
    let mut found: Vec<Vec<OptionId>> = Vec::new();
    let stats = search.run(&mut |s: &[OptionId]| {
        found.push(s.to_vec());
        if found.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    assert_eq!(found.len(), expected.len().min(limit), "{}", what());
    assert_eq!(stats.exhausted, expected.len() < limit, "{}", what());
    let mut distinct = found.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), found.len(), "{}: a solution twice: {found:?}", what());
    assert!(distinct.iter().all(|s| expected.contains(s)), "{}: {found:?}", what());
    found
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
fn exact_cover_searches_match_brute_force_and_the_multi_cover_search() {
    let mut rng = Rng::new(11);
    let (mut exact, mut nonzero) = (0, 0);
    for case in 0..3000 {
        let p = random_exact_cover(&mut rng, case % 4 != 0);
        let expected = brute_force(&p);
        nonzero += usize::from(expected > 0);
        // They run only when every option covers a primary item; otherwise
        // the solver falls back and must still count right.
        exact += usize::from(runs(&p, Algorithm::Auto) == Algorithm::Counters);
        for settings in all_settings() {
            assert_eq!(count_all(&p, settings), expected, "case {case}: {p:?} with {settings:?}");
        }
        // Each solution once, the same set from every search.
        let multi = Settings { algorithm: Algorithm::MultiCover, ..small() };
        let mut by_search = Solver::new(&p, multi).solve(usize::MAX).solutions;
        by_search.sort();
        for algorithm in EXACT_COVER {
            let mut found = Solver::new(&p, Settings { algorithm, ..small() }).solve(usize::MAX).solutions;
            found.sort();
            assert_eq!(found, by_search, "case {case}, {algorithm:?}");
        }
    }
    assert!(exact > 2000, "most cases should run an exact-cover search ({exact})");
    assert!(nonzero > 500, "the random problems should often be solvable ({nonzero})");
}

#[test]
fn exact_cover_searches_apply_only_to_plain_exact_cover() {
    for algorithm in [Algorithm::Auto, Algorithm::Counters, Algorithm::DancingLinks] {
        let expected = if algorithm == Algorithm::DancingLinks { algorithm } else { Algorithm::Counters };
        let mut p = Problem::new();
        let a = p.add_exact(1);
        let b = p.add_secondary(1);
        p.add_option([(a, 1), (b, 1)]);
        assert_eq!(runs(&p, algorithm), expected);
        // An option on secondary items only may join any solution.
        p.add_option([(b, 1)]);
        assert_eq!(runs(&p, algorithm), Algorithm::MultiCover);
        // A weight other than 1, or a range other than 1..=1 and 0..=1.
        let mut p = Problem::new();
        let a = p.add_exact(2);
        p.add_option([(a, 1)]);
        assert_eq!(runs(&p, algorithm), Algorithm::MultiCover);
        let mut p = Problem::new();
        let a = p.add_exact(1);
        p.add_option([(a, 2)]);
        assert_eq!(runs(&p, algorithm), Algorithm::MultiCover);
    }
    // Asked for the multi-cover search, it gets it.
    let mut p = Problem::new();
    let a = p.add_exact(1);
    p.add_option([(a, 1)]);
    assert_eq!(runs(&p, Algorithm::MultiCover), Algorithm::MultiCover);
    // Auto takes Dancing Links where items have many options each.
    for _ in 0..40 {
        p.add_option([(a, 1)]);
    }
    assert_eq!(runs(&p, Algorithm::Auto), Algorithm::DancingLinks);
    assert_eq!(Solver::new(&p, small()).count(100).solutions, 41);
}

/// Every solution of `p` that holds all of `forced` (none if one is named
/// twice), by brute force, sorted.
fn brute_force_with(p: &Problem, forced: &[OptionId]) -> Vec<Vec<OptionId>> {
    let n = p.option_count();
    let mut distinct = forced.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < forced.len() {
        return Vec::new();
    }
    (0u32..1 << n)
        .map(|mask| (0..n).filter(|o| mask >> o & 1 == 1).collect::<Vec<_>>())
        .filter(|chosen| forced.iter().all(|f| chosen.contains(f)) && p.is_solution(chosen))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect()
}

#[test]
fn forced_options_give_the_solutions_that_hold_them() {
    let mut rng = Rng::new(23);
    let (mut clashes, mut found) = (0, 0);
    for case in 0..600 {
        let p = if case % 2 == 0 { random_exact_cover(&mut rng, true) } else { random_problem(&mut rng) };
        let n = p.option_count();
        // One solver for several runs, each with its own forced options
        // (sometimes clashing, sometimes one named twice).
        let rounds: Vec<(Vec<OptionId>, Vec<Vec<OptionId>>)> = (0..3)
            .map(|_| {
                let forced: Vec<OptionId> = (0..rng.between(0, 3)).map(|_| rng.below(n)).collect();
                let expected = brute_force_with(&p, &forced);
                (forced, expected)
            })
            .collect();
        let all = brute_force(&p);
        for (forced, expected) in &rounds {
            clashes += usize::from(expected.is_empty() && !forced.is_empty());
            found += usize::from(!expected.is_empty() && !forced.is_empty());
        }
        for settings in all_settings() {
            let mut solver = Solver::new(&p, settings);
            for (forced, expected) in &rounds {
                let mut got = solver.solve_with(forced, usize::MAX).solutions;
                assert!(got.iter().all(|s| s.windows(2).all(|w| w[0] < w[1])), "sorted: {got:?}");
                got.sort();
                assert_eq!(&got, expected, "case {case}: {p:?} forced {forced:?} with {settings:?}");
                let stats = solver.count_with(forced, 1);
                assert_eq!(stats.solutions, u64::from(!expected.is_empty()));
            }
            // After runs with forced options, a plain run is whole again.
            assert_eq!(solver.count(u64::MAX).solutions, all, "case {case} with {settings:?}");
        }
    }
    assert!(clashes > 150 && found > 150, "both outcomes should be common ({clashes} clashes, {found} found)");
}

#[test]
fn a_work_limit_with_forced_options_leaves_the_solver_whole() {
    let p = queens(8);
    for settings in all_settings() {
        let mut solver = Solver::new(&p, settings);
        solver.set_work_limit(3);
        // Queen in row 1, column 1: 4 of the 92 solutions.
        assert!(!solver.count_with(&[0], 1000).exhausted, "{settings:?}");
        solver.set_work_limit(u64::MAX);
        let stats = solver.count_with(&[0], 1000);
        assert!(stats.exhausted);
        assert_eq!(stats.solutions, 4, "{settings:?}");
        assert_eq!(solver.count(1000).solutions, 92, "{settings:?}");
    }
}

#[test]
fn solver_is_reusable() {
    let p = queens(6);
    let mut solver = Solver::new(&p, small());
    let first = solver.solve(10);
    let second = solver.solve(10);
    assert_eq!(first.solutions, second.solutions);
    assert_eq!(first.solutions.len(), 4);
}

#[test]
fn runs_of_one_solver_make_the_same_choices() {
    // The multi-cover search learns where failures happen as it runs; a
    // second run must not inherit that, or its first solution and its
    // work would hang on the runs before it.
    let p = queens(10);
    for probing in [Probing::Adaptive, Probing::Fixpoint] {
        let mut solver = Solver::new(&p, Settings { probing, algorithm: Algorithm::MultiCover, ..small() });
        let first = solver.solve(3);
        solver.count(u64::MAX);
        let again = solver.solve(3);
        assert_eq!(first.solutions, again.solutions, "{probing:?}");
        assert_eq!((first.stats.nodes, first.stats.probes), (again.stats.nodes, again.stats.probes), "{probing:?}");
    }
}

/// An item that the groups' bounds leave open but their sums settle: x = 3
/// from A in {0, 2}, B in {0, 2}, C in {0, 3}. The bounds allow A = 2 (the
/// others could take anything from -2 to 5 off the rest), but no choice of
/// B and C adds 1, so only A = 0, B = 0, C = 3 is left.
#[test]
fn reasoning_on_an_item_finds_what_its_bounds_miss() {
    let mut p = Problem::new();
    let [a, b, c] = std::array::from_fn(|_| p.add_exact(1));
    let x = p.add_exact(3);
    let a0 = p.add_option([(a, 1)]);
    p.add_option([(a, 1), (x, 2)]);
    let b0 = p.add_option([(b, 1)]);
    p.add_option([(b, 1), (x, 2)]);
    p.add_option([(c, 1)]);
    let c3 = p.add_option([(c, 1), (x, 3)]);
    let mut solver = Solver::new(&p, Settings { probing: Probing::Off, algorithm: Algorithm::MultiCover, ..small() });
    let out = solver.solve(2);
    assert_eq!(out.solutions, vec![vec![a0, b0, c3]]);
    assert_eq!(out.stats.nodes, 0, "the reasoning left nothing to branch on");
    // Without a solution: x = 1 cannot be made from even weights.
    let mut p = Problem::new();
    let [a, b] = std::array::from_fn(|_| p.add_exact(1));
    let x = p.add_exact(1);
    for (s, w) in [(a, 0), (a, 2), (b, 0), (b, 4)] {
        p.add_option([(s, 1), (x, w)]);
    }
    let stats =
        Solver::new(&p, Settings { probing: Probing::Off, algorithm: Algorithm::MultiCover, ..small() }).count(10);
    assert_eq!((stats.solutions, stats.nodes), (0, 0));
}

/// One gappy group among groups without gaps still has the item reasoned
/// on: A adds 0 or 4 to x, B and C 0 or 1 each, so x = 3 cannot be made
/// (A + B + C is 0, 1, 2, 4, 5 or 6), though every weight lies within
/// its window.
#[test]
fn reasoning_on_an_item_with_one_gappy_group() {
    let mut p = Problem::new();
    let [a, b, c] = std::array::from_fn(|_| p.add_exact(1));
    let x = p.add_exact(3);
    for (s, w) in [(a, 0), (a, 4), (b, 0), (b, 1), (c, 0), (c, 1)] {
        p.add_option([(s, 1), (x, w)]);
    }
    assert_eq!(brute_force(&p), 0);
    let stats =
        Solver::new(&p, Settings { probing: Probing::Off, algorithm: Algorithm::MultiCover, ..small() }).count(10);
    assert_eq!((stats.solutions, stats.nodes), (0, 0), "refuted at the root, before any branch");
}

/// Two items tied by the groups that move them both: x = 2 and y = 2, A
/// adds (0, 0) or (2, 2), B and C each (2, 0) or (0, 2). Each item alone
/// can take A = (2, 2) (then B and C add 0 to it), but not both at once:
/// then B and C would have to add (0, 0). Without probing, only the
/// reasoning on the pair removes it before branching.
#[test]
fn reasoning_on_pairs_finds_what_single_items_miss() {
    let mut p = Problem::new();
    let [a, b, c] = std::array::from_fn(|_| p.add_exact(1));
    let [x, y] = std::array::from_fn(|_| p.add_exact(2));
    let a0 = p.add_option([(a, 1)]);
    let a2 = p.add_option([(a, 1), (x, 2), (y, 2)]);
    for s in [b, c] {
        p.add_option([(s, 1), (x, 2)]);
        p.add_option([(s, 1), (y, 2)]);
    }
    let settled = |pairs| {
        let settings = Settings { probing: Probing::Off, algorithm: Algorithm::MultiCover, pairs, ..small() };
        let mut solver = Solver::new(&p, settings);
        let stats = solver.count(10);
        assert_eq!(stats.solutions, 2, "B and C: one adds to x, the other to y");
        stats.nodes
    };
    // Without the pairs, the search branches on A and fails at (2, 2).
    assert!(settled(Pairs::Off) > settled(Pairs::AfterWork(0)), "the pair settles A at the root");
    assert_eq!(brute_force_with(&p, &[a2]), Vec::<Vec<OptionId>>::new());
    assert_eq!(brute_force_with(&p, &[a0]).len(), 2);
}

/// A pair that more groups move than the reasoning on pairs takes is left
/// alone before its groups are listed, from the count of groups that move
/// each item; under test each one left alone is checked to be one the full
/// reasoning would leave too (nothing killed, no failure). Items x = 5 and
/// y = 5: eight groups add 0 or 1 to x only, eight to y only, two 0 or 1
/// to both; 8 + 8 + 2 groups move the pair, past the 16 it takes.
#[test]
fn reasoning_on_pairs_leaves_alone_the_pairs_too_many_groups_move() {
    use crate::search::MultiCover;
    let mut p = Problem::new();
    let [x, y] = std::array::from_fn(|_| p.add_item(5, 5));
    for weights in [[1, 0]; 8].into_iter().chain([[0, 1]; 8]).chain([[1, 1]; 2]) {
        let g = p.add_exact(1);
        p.add_option([(g, 1)]);
        p.add_option([(g, 1), (x, weights[0]), (y, weights[1])].into_iter().filter(|&(_, w)| w > 0));
    }
    let settings = Settings {
        probing: Probing::Off,
        restarts: Restarts::Off,
        pairs: Pairs::AfterWork(0),
        learning: Learning::Off,
        ..small()
    };
    let mut search = MultiCover::new(&p, &settings);
    let stats = search.run(&mut |_: &[OptionId]| ControlFlow::Continue(()));
    // None, one or both of the two-item groups on, the rest from the eight each.
    let choose = |n: u64, k: u64| (0..k).fold(1, |c, i| c * (n - i) / (i + 1));
    let expected = choose(8, 5).pow(2) + 2 * choose(8, 4).pow(2) + choose(8, 3).pow(2);
    assert_eq!(stats.solutions, expected);
    assert!(search.pairs_left_alone() > 0, "the pair (x, y) is left alone at the root");
}

/// With reasoning on pairs, the limits of one and two solutions that
/// `solve` and uniqueness proofs use stop the search as without it, each
/// solution comes once, and none is lost, on problems whose groups move
/// several items at once; also when it is switched on after a little work.
#[test]
fn reasoning_on_pairs_keeps_every_solution_under_limits() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(37);
    for case in 0..1500 {
        let p = if case % 2 == 0 { random_gappy_problem(&mut rng) } else { random_problem(&mut rng) };
        let expected = brute_force_with(&p, &[]);
        for (probing, pairs) in [Probing::Off, Probing::Fixpoint, Probing::Adaptive]
            .into_iter()
            .flat_map(|probing| [(probing, Pairs::AfterWork(0)), (probing, Pairs::AfterWork(3))])
        {
            let mut search = MultiCover::new(
                &p,
                &Settings { probing, restarts: Restarts::Off, pairs, learning: Learning::Off, ..small() },
            );
            for limit in [1, 2, usize::MAX] {
                run_under_limit(&mut search, &expected, limit, &|| format!("case {case}: {p:?} {probing:?} {pairs:?}"));
            }
        }
    }
}

/// The reasoning on pairs keeps its scratch (the items noted since its
/// last pass, the lists and sets of the pairs) between runs of one search:
/// a second run must walk the same tree as a fresh search (the same
/// solutions in the same order, the same nodes and probes), or something
/// the first run left behind steered it.
#[test]
fn reasoning_on_pairs_walks_the_same_tree_on_a_second_run() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(41);
    for case in 0..600 {
        let p = if case % 2 == 0 { random_gappy_problem(&mut rng) } else { random_problem(&mut rng) };
        for probing in [Probing::Off, Probing::Fixpoint, Probing::Adaptive] {
            let walk = |search: &mut MultiCover| {
                let mut found: Vec<Vec<OptionId>> = Vec::new();
                let stats = search.run(&mut |s: &[OptionId]| {
                    found.push(s.to_vec());
                    ControlFlow::Continue(())
                });
                (found, stats.nodes, stats.probes)
            };
            let settings = Settings {
                probing,
                restarts: Restarts::Off,
                pairs: Pairs::AfterWork(0),
                learning: Learning::Off,
                ..small()
            };
            let mut search = MultiCover::new(&p, &settings);
            let first = walk(&mut search);
            let again = walk(&mut search);
            let fresh = walk(&mut MultiCover::new(&p, &settings));
            assert_eq!(first, fresh, "case {case}: {p:?} {probing:?}: the first run");
            assert_eq!(again, fresh, "case {case}: {p:?} {probing:?}: the second run");
        }
    }
}

/// Case by case in turn: a random multi-cover problem, a random exact
/// cover, a random problem whose sums have gaps.
fn random_problem_of_three_kinds(case: usize, rng: &mut Rng) -> Problem {
    match case % 3 {
        0 => random_problem(rng),
        1 => random_exact_cover(rng, true),
        _ => random_gappy_problem(rng),
    }
}

/// A random problem whose items' sums have gaps: "exactly one" groups with
/// weights far apart (0, 2, 3, 5 ...) on a few counting items, and options
/// of no group, so that the reasoning on each item's sums has work to do.
fn random_gappy_problem(rng: &mut Rng) -> Problem {
    let mut p = Problem::new();
    let counting: Vec<_> = (0..rng.between(1, 3))
        .map(|_| {
            let lo = rng.between(0, 9) as u32;
            p.add_item(lo, lo + rng.between(0, 1) as u32)
        })
        .collect();
    let mut options = 0;
    for _ in 0..rng.between(1, 4) {
        let s = p.add_exact(1);
        for _ in 0..rng.between(1, 4) {
            let mut entries = vec![(s, 1)];
            for &c in &counting {
                entries.push((c, [0, 2, 3, 5, 7][rng.below(5)]));
            }
            p.add_option(entries);
            options += 1;
        }
    }
    while options < 13 && rng.chance(1, 2) {
        p.add_option(counting.iter().map(|&c| (c, rng.between(0, 4) as u32)));
        options += 1;
    }
    p
}

#[test]
fn random_problems_with_gappy_sums_match_brute_force() {
    let mut rng = Rng::new(23);
    let mut nonzero = 0;
    for case in 0..1500 {
        let p = random_gappy_problem(&mut rng);
        let expected = brute_force(&p);
        nonzero += usize::from(expected > 0);
        for settings in all_settings() {
            assert_eq!(count_all(&p, settings), expected, "case {case}: {p:?} with {settings:?}");
        }
    }
    assert!(nonzero > 150, "the random problems should often be solvable ({nonzero})");
}

/// A random problem whose options may touch two "exactly one" items: an
/// option joins the group of the first, so the second's group misses it and
/// is not exact, and such a group's lightest weights do not count in the
/// bounds (only its heaviest do). Returns the problem and whether some
/// group of more than one option is not exact.
fn random_problem_with_inexact_groups(rng: &mut Rng) -> (Problem, bool) {
    let mut p = Problem::new();
    let selectors: Vec<_> = (0..rng.between(2, 3)).map(|_| p.add_exact(1)).collect();
    let counting: Vec<_> = (0..rng.between(1, 3))
        .map(|_| {
            let lo = rng.between(0, 6) as u32;
            p.add_item(lo, lo + rng.between(0, 2) as u32)
        })
        .collect();
    // Per selector: how many options it holds first, and whether another
    // selector's group took one of its options.
    let mut first = vec![0; selectors.len()];
    let mut missing = vec![false; selectors.len()];
    for _ in 0..rng.between(4, 12) {
        let a = rng.below(selectors.len());
        let mut entries = vec![(selectors[a], 1)];
        first[a] += 1;
        if rng.chance(1, 3) {
            let b = (a + 1 + rng.below(selectors.len() - 1)) % selectors.len();
            entries.push((selectors[b], 1));
            missing[b] = true;
        }
        for &c in &counting {
            if rng.chance(2, 3) {
                entries.push((c, [0, 1, 2, 3, 5][rng.below(5)]));
            }
        }
        p.add_option(entries);
    }
    let inexact = (0..selectors.len()).any(|s| missing[s] && first[s] > 1);
    (p, inexact)
}

/// Groups that are not exact, with several options, keep their bounds
/// through kills and undos (their lightest weights move without moving the
/// bounds): every setting counts what brute force counts, and the limits
/// of one and two solutions stop each probing as they should.
#[test]
fn inexact_groups_match_brute_force_under_limits() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(41);
    let (mut inexact, mut solvable) = (0, 0);
    for case in 0..1500 {
        let (p, has_inexact) = random_problem_with_inexact_groups(&mut rng);
        inexact += usize::from(has_inexact);
        let expected = brute_force_with(&p, &[]);
        solvable += usize::from(!expected.is_empty());
        for settings in all_settings() {
            assert_eq!(count_all(&p, settings), expected.len() as u64, "case {case}: {p:?} with {settings:?}");
        }
        for probing in [Probing::Off, Probing::Root, Probing::Fixpoint, Probing::Adaptive] {
            for pairs in [Pairs::Off, Pairs::AfterWork(0)] {
                let mut search = MultiCover::new(
                    &p,
                    &Settings { probing, restarts: Restarts::Off, pairs, learning: Learning::Off, ..small() },
                );
                for limit in [1, 2, usize::MAX] {
                    run_under_limit(&mut search, &expected, limit, &|| {
                        format!("case {case}: {p:?} {probing:?} {pairs:?}")
                    });
                }
            }
        }
    }
    assert!(inexact > 300, "groups that are not exact should be common ({inexact})");
    assert!(solvable > 300, "the random problems should often be solvable ({solvable})");
}

/// Every solution, in the order found, and the stats.
fn run_counters(counters: &mut counters::Counters, forced: &[OptionId]) -> (Vec<Vec<OptionId>>, u64, bool) {
    let mut found = Vec::new();
    let stats = counters.run(forced, &mut |s: &[OptionId]| {
        found.push(s.to_vec());
        ControlFlow::Continue(())
    });
    (found, stats.nodes, stats.exhausted)
}

#[test]
fn counters_run_again_and_stop_at_the_work_limit_whole() {
    let mut rng = Rng::new(31);
    let mut solved = 0;
    for case in 0..2000 {
        let p = random_exact_cover(&mut rng, true);
        let mut counters = counters::Counters::new(&p);
        let forced: Vec<OptionId> = (0..rng.between(0, 2)).map(|_| rng.below(p.option_count())).collect();
        let all = run_counters(&mut counters, &[]);
        assert!(all.2, "case {case}: no limit, so the walk is whole");
        assert_eq!(all.0.len() as u64, brute_force(&p), "case {case}: {p:?}");
        assert!(all.0.iter().all(|s| p.is_solution(s)));
        solved += usize::from(!all.0.is_empty());
        let with_forced = run_counters(&mut counters, &forced);
        // An option forced twice leaves no solution.
        let twice = forced.len() == 2 && forced[0] == forced[1];
        let expected: Vec<&Vec<OptionId>> =
            all.0.iter().filter(|s| !twice && forced.iter().all(|f| s.contains(f))).collect();
        let mut found = with_forced.0.clone();
        found.sort();
        let mut expected: Vec<Vec<OptionId>> = expected.into_iter().cloned().collect();
        expected.sort();
        assert_eq!(found, expected, "case {case}: {p:?} forced {forced:?}");
        // The runs put the counters back: a third run finds what the first did.
        assert_eq!(run_counters(&mut counters, &[]), all, "case {case}");
        // A work limit stops a run early, and leaves the counters whole.
        counters.set_work_limit(2);
        let limited = run_counters(&mut counters, &[]);
        assert!(limited.1 <= 2 && (limited.2 || limited.1 == 2), "case {case}: {limited:?}");
        counters.set_work_limit(u64::MAX);
        assert_eq!(run_counters(&mut counters, &[]), all, "case {case}");
    }
    assert!(solved > 500, "the random problems should often be solvable ({solved})");
}

/// A plain exact-cover problem whose counters' copies for the deepest
/// search would pass their memory bound runs Dancing Links, forced
/// counters too, and finds the same.
#[test]
fn exact_cover_too_large_for_the_counters_copies_runs_dancing_links() {
    let mut p = Problem::new();
    let items: Vec<_> = (0..4200).map(|_| p.add_exact(1)).collect();
    for &i in &items {
        p.add_option([(i, 1)]);
    }
    assert!(!counters::fits(&p));
    for algorithm in [Algorithm::Auto, Algorithm::Counters, Algorithm::DancingLinks] {
        let mut solver = Solver::new(&p, Settings { algorithm, ..small() });
        assert_eq!(solver.algorithm(), Algorithm::DancingLinks, "{algorithm:?}");
        let outcome = solver.solve(2);
        assert_eq!(outcome.solutions, vec![(0..4200).collect::<Vec<OptionId>>()]);
        assert!(outcome.stats.exhausted);
    }
    // Half as many items fit.
    let mut q = Problem::new();
    for _ in 0..2100 {
        let i = q.add_exact(1);
        q.add_option([(i, 1)]);
    }
    assert!(counters::fits(&q));
    assert_eq!(
        Solver::new(&q, Settings { algorithm: Algorithm::Counters, ..small() }).algorithm(),
        Algorithm::Counters
    );
}

/// Up to `limit` solutions of a counters run, in the order found, and
/// whether it walked the whole tree.
fn first_solutions(counters: &mut counters::Counters, forced: &[OptionId], limit: usize) -> (Vec<Vec<OptionId>>, bool) {
    let mut found = Vec::new();
    let stats = counters.run(forced, &mut |s: &[OptionId]| {
        found.push(s.to_vec());
        if found.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    });
    (found, stats.exhausted)
}

/// Problems of 65 options or more, whose live options the counters keep in
/// several words of bits (every other problem here fits one): n queens,
/// and random exact cover with forced options, each against Dancing Links,
/// which keeps no bits.
#[test]
fn counters_over_several_words_agree_with_dancing_links() {
    for (n, count) in [(9, 352), (10, 724)] {
        let p = queens(n);
        assert!(p.option_count() > 64);
        let mut counters = counters::Counters::new(&p);
        assert_eq!(first_solutions(&mut counters, &[], usize::MAX).0.len(), count, "{n} queens");
    }
    const LIMIT: usize = 300;
    let mut rng = Rng::new(41);
    let (mut exhausted, mut solved) = (0, 0);
    for case in 0..300 {
        let mut p = Problem::new();
        let items: Vec<_> = (0..rng.between(8, 30)).map(|_| p.add_exact(1)).collect();
        let secondary: Vec<_> = (0..rng.between(0, 4)).map(|_| p.add_secondary(1)).collect();
        for _ in 0..rng.between(65, 300) {
            let mut entries = vec![items[rng.below(items.len())]];
            for _ in 0..rng.between(1, 4) {
                let item = if rng.chance(1, 5) && !secondary.is_empty() {
                    secondary[rng.below(secondary.len())]
                } else {
                    items[rng.below(items.len())]
                };
                if !entries.contains(&item) {
                    entries.push(item);
                }
            }
            p.add_option(entries.into_iter().map(|i| (i, 1)));
        }
        let forced: Vec<OptionId> = (0..rng.between(0, 3)).map(|_| rng.below(p.option_count())).collect();
        let links = Settings { algorithm: Algorithm::DancingLinks, ..small() };
        let expected = Solver::new(&p, links).solve_with(&forced, LIMIT);
        let mut by_links = expected.solutions.clone();
        by_links.sort();
        exhausted += usize::from(expected.stats.exhausted);
        solved += usize::from(!by_links.is_empty());
        let mut counters = counters::Counters::new(&p);
        // Twice: the first run must leave the counters whole.
        for _ in 0..2 {
            let (mut found, whole) = first_solutions(&mut counters, &forced, LIMIT);
            assert!(found.iter().all(|s| p.is_solution(s) && forced.iter().all(|f| s.contains(f))), "case {case}");
            assert_eq!(whole, expected.stats.exhausted, "case {case}");
            assert_eq!(found.len(), by_links.len(), "case {case}");
            if whole {
                found.sort();
                assert_eq!(found, by_links, "case {case}: forced {forced:?}");
            }
        }
    }
    assert!(exhausted > 100 && solved > 100, "both outcomes should be common ({exhausted} exhausted, {solved} solved)");
}

/// Random problems for the tests, from a seed (SplitMix64): the engine has no
/// dependencies, so its tests carry their own small generator.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in `lo..=hi`.
    fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator) < numerator
    }
}

/// With options tried first (a known solution's, or any), a complete search
/// finds the same solutions as without, each once, and the limits of one
/// and two solutions stop it as without: under every multi-cover setting,
/// restarts and pairs included.
#[test]
fn options_tried_first_keep_every_solution_under_limits() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(41);
    let mut reordered = 0;
    for case in 0..1200 {
        let p = random_problem_of_three_kinds(case, &mut rng);
        let expected = brute_force_with(&p, &[]);
        // A solution's options when there is one, as the generator passes
        // them; otherwise (and every other case) a random set.
        let preferred: Vec<OptionId> = match expected.first() {
            Some(_) if case % 2 == 0 => expected[rng.below(expected.len())].clone(),
            _ => (0..p.option_count()).filter(|_| rng.chance(1, 3)).collect(),
        };
        for settings in all_settings().into_iter().filter(|s| s.algorithm == Algorithm::MultiCover) {
            let mut search = MultiCover::new(&p, &settings);
            let what = || format!("case {case}: {p:?} preferred {preferred:?} with {settings:?}");
            let plain_first = run_under_limit(&mut search, &expected, 1, &what);
            search.set_try_first(&preferred);
            for limit in [1, 2, usize::MAX] {
                let found = run_under_limit(&mut search, &expected, limit, &what);
                reordered += usize::from(limit == 1 && found != plain_first);
            }
        }
    }
    // The order really changes: some searches find another solution first.
    assert!(reordered > 100, "trying options first should change which solution comes first ({reordered})");
}

/// Through the solver, with forced options too: the options tried first
/// are mapped onto what the forced options leave, and every solution that
/// holds the forced ones is still found.
#[test]
fn options_tried_first_with_forced_options_give_every_solution() {
    let mut rng = Rng::new(43);
    for case in 0..400 {
        let p = if case % 2 == 0 { random_gappy_problem(&mut rng) } else { random_problem(&mut rng) };
        let n = p.option_count();
        let preferred: Vec<OptionId> = (0..n).filter(|_| rng.chance(1, 2)).collect();
        let forced: Vec<OptionId> = (0..rng.between(0, 2)).map(|_| rng.below(n)).collect();
        let expected = brute_force_with(&p, &forced);
        for settings in all_settings() {
            let mut solver = Solver::new(&p, settings);
            solver.set_try_first(&preferred);
            let mut got = solver.solve_with(&forced, usize::MAX).solutions;
            got.sort();
            assert_eq!(got, expected, "case {case}: {p:?} forced {forced:?} preferred {preferred:?} with {settings:?}");
            solver.set_try_first(&[]);
            assert_eq!(solver.count(u64::MAX).solutions as usize, brute_force_with(&p, &[]).len(), "case {case}");
        }
    }
}

/// A random problem shaped like Aquarium's: every option in an "exactly
/// one" group (a tank's levels), each putting small weights on a few
/// counting items (rows and columns), whose ranges are set around a planted
/// choice's sums (sometimes off it, so that some have no solution).
fn random_grouped_problem(rng: &mut Rng) -> (Problem, Vec<usize>) {
    let mut p = Problem::new();
    let n_counting = rng.between(2, 5);
    let n_groups = rng.between(3, 6);
    let mut groups: Vec<Vec<Vec<(usize, u32)>>> = Vec::new();
    for _ in 0..n_groups {
        let mut options = Vec::new();
        for _ in 0..rng.between(2, 4) {
            let mut option = Vec::new();
            for c in 0..n_counting {
                if rng.chance(1, 2) {
                    option.push((c, rng.between(1, 3) as u32));
                }
            }
            options.push(option);
        }
        groups.push(options);
    }
    let mut planted = vec![0u32; n_counting];
    for options in &groups {
        for &(c, w) in &options[rng.below(options.len())] {
            planted[c] += w;
        }
    }
    let counting: Vec<_> = planted
        .iter()
        .map(|&sum| {
            let lo = (sum + rng.between(0, 1) as u32).saturating_sub(rng.between(0, 1) as u32);
            p.add_item(lo, lo + rng.between(0, 1) as u32)
        })
        .collect();
    let sizes = groups.iter().map(Vec::len).collect();
    for options in groups {
        let s = p.add_exact(1);
        for option in options {
            let mut entries = vec![(s, 1)];
            entries.extend(option.iter().map(|&(c, w)| (counting[c], w)));
            p.add_option(entries);
        }
    }
    (p, sizes)
}

/// Every solution of a problem whose options all sit in "exactly one"
/// groups of consecutive options of these sizes (as
/// `random_grouped_problem` builds them), by trying one option of each
/// group, sorted.
fn one_from_each_group(p: &Problem, sizes: &[usize]) -> Vec<Vec<OptionId>> {
    let mut groups: Vec<Vec<OptionId>> = Vec::new();
    for &size in sizes {
        let start = groups.iter().map(Vec::len).sum::<usize>();
        groups.push((start..start + size).collect());
    }
    let mut all = Vec::new();
    let mut pick = vec![0; groups.len()];
    loop {
        let chosen: Vec<OptionId> = groups.iter().zip(&pick).map(|(g, &k)| g[k]).collect();
        if p.is_solution(&chosen) {
            all.push(chosen);
        }
        let Some(at) = (0..groups.len()).find(|&at| pick[at] + 1 < groups[at].len()) else { break };
        pick[at] += 1;
        pick[..at].fill(0);
    }
    all.sort();
    all
}

/// Learning from failed probes finds every solution once under limits of
/// one, two and none, with and without restarts and pairs, on problems
/// where it is on (every option in an exact group), and really learns and
/// fires clauses there: the clauses are checked, not idle.
#[test]
fn learning_from_failed_probes_keeps_every_solution() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(47);
    let (mut learned, mut fired) = (0, 0);
    for case in 0..3000 {
        let (p, sizes) = random_grouped_problem(&mut rng);
        let expected = one_from_each_group(&p, &sizes);
        for settings in all_settings().into_iter().filter(|s| s.learning != Learning::Off) {
            let mut search = MultiCover::new(&p, &settings);
            let what = || format!("case {case}: {p:?} with {settings:?}");
            for limit in [1, 2, usize::MAX] {
                run_under_limit(&mut search, &expected, limit, &what);
                let (l, f) = search.learned();
                learned += l;
                fired += f;
            }
        }
    }
    assert!(learned > 1000 && fired > 100, "learned {learned} clauses, which fired {fired} times");
}

/// The solutions of a grid of cells, each "exactly one of" white (option
/// `2 * cell`) or black (`2 * cell + 1`), by trying every colouring, each
/// as its sorted options.
fn colourings(p: &Problem, cells: usize) -> Vec<Vec<OptionId>> {
    let mut found: Vec<Vec<OptionId>> = (0u32..1 << cells)
        .map(|black| (0..cells).map(|cell| 2 * cell + (black >> cell & 1) as usize).collect::<Vec<_>>())
        .filter(|chosen| p.is_solution(chosen))
        .collect();
    found.sort();
    found
}

fn all_solutions(p: &Problem, settings: Settings) -> Vec<Vec<OptionId>> {
    let out = Solver::new(p, settings).solve(usize::MAX);
    assert!(out.stats.exhausted);
    let mut solutions = out.solutions;
    solutions.sort();
    solutions
}

/// A row of four cells, two of them black: the counts alone allow six
/// ways, the rule "the whites are connected" only the three where the two
/// whites touch. Every search finds those three (the exact-cover searches,
/// which know no rules, give way to the multi-cover search).
#[test]
fn a_connectivity_rule_prunes_what_counts_alone_accept() {
    let mut p = Problem::new();
    let cells: Vec<_> = (0..4).map(|_| p.add_exact(1)).collect();
    let blacks = p.add_exact(2);
    for &cell in &cells {
        p.add_option([(cell, 1)]);
        p.add_option([(cell, 1), (blacks, 1)]);
    }
    assert_eq!(colourings(&p, 4).len(), 6, "the counts alone");
    p.add_connected(&[0, 2, 4, 6], &[(0, 1), (1, 2), (2, 3)]);
    let expected = vec![vec![0, 2, 5, 7], vec![1, 2, 4, 7], vec![1, 3, 4, 6]];
    assert_eq!(colourings(&p, 4), expected);
    for settings in all_settings() {
        assert_eq!(all_solutions(&p, settings), expected, "{settings:?}");
        assert_eq!(Solver::new(&p, settings).algorithm(), Algorithm::MultiCover);
    }
    // Whites apart are no solution by plain arithmetic either.
    assert!(!p.is_solution(&[0, 3, 5, 6]));
    assert!(p.is_solution(&[1, 2, 4, 7]));
    // With a white forced at each end, the whites cannot meet.
    assert!(Solver::new(&p, small()).solve_with(&[0, 6], 10).solutions.is_empty());
}

/// A random grid of at most nine cells with random counts of black cells
/// on random sets of cells (and, sometimes, no two blacks side by side):
/// every search finds exactly the colourings that keep the whites
/// connected, forced options included.
fn random_grid_problem(rng: &mut Rng, rule: bool) -> (Problem, usize) {
    let (width, height) = (rng.between(1, 3), rng.between(1, 3));
    let cells = width * height;
    let mut counts: Vec<(Vec<usize>, u32, u32)> = Vec::new();
    for _ in 0..rng.between(0, 3) {
        let set: Vec<usize> = (0..cells).filter(|_| rng.chance(1, 2)).collect();
        let lo = rng.between(0, set.len().min(3)) as u32;
        counts.push((set, lo, lo + rng.between(0, 1) as u32));
    }
    if rng.chance(1, 2) {
        for cell in 0..cells {
            if cell % width + 1 < width {
                counts.push((vec![cell, cell + 1], 0, 1));
            }
            if cell + width < cells {
                counts.push((vec![cell, cell + width], 0, 1));
            }
        }
    }
    let mut p = Problem::new();
    let cell_items: Vec<_> = (0..cells).map(|_| p.add_exact(1)).collect();
    let count_items: Vec<_> = counts.iter().map(|&(_, lo, hi)| p.add_item(lo, hi)).collect();
    for (cell, &item) in cell_items.iter().enumerate() {
        p.add_option([(item, 1)]);
        let on = counts.iter().zip(&count_items).filter(|((set, ..), _)| set.contains(&cell)).map(|(_, &i)| (i, 1));
        p.add_option(std::iter::once((item, 1)).chain(on));
    }
    let mut edges = Vec::new();
    for cell in 0..cells {
        if cell % width + 1 < width {
            edges.push((cell, cell + 1));
        }
        if cell + width < cells {
            edges.push((cell, cell + width));
        }
    }
    if rule {
        let whites: Vec<OptionId> = (0..cells).map(|cell| 2 * cell).collect();
        p.add_connected(&whites, &edges);
    }
    (p, cells)
}

#[test]
fn random_grids_with_a_connectivity_rule_match_brute_force() {
    let mut rng = Rng::new(61);
    let (mut cut_off, mut solvable) = (0, 0);
    let settings = all_settings();
    for case in 0..400 {
        let mut twin = rng.clone();
        let (p, cells) = random_grid_problem(&mut rng, true);
        let (without, _) = random_grid_problem(&mut twin, false);
        let expected = colourings(&p, cells);
        cut_off += usize::from(colourings(&without, cells).len() > expected.len());
        solvable += usize::from(!expected.is_empty());
        for &s in &settings {
            assert_eq!(all_solutions(&p, s), expected, "case {case}: {p:?} with {s:?}");
        }
        // Forced: a white cell, then a black one.
        for forced in [0, 1] {
            let want: Vec<_> = expected.iter().filter(|s| s.contains(&forced)).cloned().collect();
            let mut got = Solver::new(&p, small()).solve_with(&[forced], usize::MAX).solutions;
            got.sort();
            assert_eq!(got, want, "case {case} forced {forced}");
        }
    }
    assert!(cut_off > 100 && solvable > 100, "the rule cut off solutions in {cut_off} cases, {solvable} solvable");
}

/// On grids large enough to search, a run that learns from failed probes
/// learns from cuts (every cell's group is exact) and still finds exactly
/// the colourings brute force finds.
#[test]
fn learning_keeps_every_solution_with_a_connectivity_rule() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(67);
    let mut learned = 0;
    for case in 0..150 {
        let (p, cells) = random_grid_problem(&mut rng, true);
        let expected = colourings(&p, cells);
        for settings in all_settings().into_iter().filter(|s| s.learning != Learning::Off) {
            let mut search = MultiCover::new(&p, &settings);
            let what = || format!("case {case}: {p:?} with {settings:?}");
            for limit in [1, 2, usize::MAX] {
                run_under_limit(&mut search, &expected, limit, &what);
                learned += search.learned().0;
            }
        }
    }
    assert!(learned > 0, "no clause learned");
}

/// A square of four vertices with a diagonal: the rule "the chosen edges
/// form one cycle" (with "two edges or none at each vertex" as counts)
/// accepts the square and the two triangles, and nothing of two cycles or
/// open paths; every search finds exactly those.
#[test]
fn a_single_loop_rule_keeps_one_cycle() {
    let ends = [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)];
    let (p, _) = loop_problem(4, &ends, true, &[], &[]);
    let expected = loop_solutions(&p, 4, &ends, true);
    assert_eq!(expected.len(), 4, "none, the square and two triangles: {expected:?}");
    for settings in all_settings() {
        assert_eq!(all_solutions(&p, settings), expected, "{settings:?}");
        assert_eq!(Solver::new(&p, settings).algorithm(), Algorithm::MultiCover);
    }
    // Two triangles sharing the diagonal pass every count, but not the rule.
    let both: Vec<OptionId> = (0..5).map(|e| 2 * e).collect();
    assert!(!p.is_solution(&vertices_for(&both, 4, &ends, true)));
}

/// A graph's edges as options: edge `e` is chosen by option `2e` and left
/// out by `2e + 1` (an exact group); with `degrees`, vertex `v` then has
/// options `2m + 2v` (unused: 2 on its count, so no edge may touch it) and
/// `2m + 2v + 1` (used), its count exactly 2 from those and its edges,
/// unless `on_loop` names it (no "unused" option then). `counts` are
/// ranges on the number of chosen edges of a set.
fn loop_problem(
    vertices: usize,
    ends: &[(usize, usize)],
    degrees: bool,
    on_loop: &[usize],
    counts: &[(Vec<usize>, u32, u32)],
) -> (Problem, Vec<OptionId>) {
    let mut p = Problem::new();
    let edge_items: Vec<_> = ends.iter().map(|_| p.add_exact(1)).collect();
    let count_items: Vec<_> = counts.iter().map(|&(_, lo, hi)| p.add_item(lo, hi)).collect();
    let (vertex_items, degree_items): (Vec<_>, Vec<_>) =
        if degrees { (0..vertices).map(|_| (p.add_exact(1), p.add_exact(2))).unzip() } else { (vec![], vec![]) };
    let mut on = Vec::new();
    for (e, &(a, b)) in ends.iter().enumerate() {
        let mut weights = vec![(edge_items[e], 1)];
        if degrees {
            weights.extend([(degree_items[a], 1), (degree_items[b], 1)]);
        }
        weights.extend(counts.iter().zip(&count_items).filter(|((set, ..), _)| set.contains(&e)).map(|(_, &i)| (i, 1)));
        on.push(p.add_option(weights));
        p.add_option([(edge_items[e], 1)]);
    }
    if degrees {
        for v in 0..vertices {
            // A vertex on the loop has an "unused" option too, whose count
            // can never be met (3), to keep the numbering.
            let unused = if on_loop.contains(&v) { 3 } else { 2 };
            p.add_option([(vertex_items[v], 1), (degree_items[v], unused)]);
            p.add_option([(vertex_items[v], 1)]);
        }
    }
    let edges: Vec<_> = ends.iter().zip(&on).map(|(&(a, b), &o)| (a, b, o)).collect();
    p.add_single_loop(vertices, &edges);
    (p, on)
}

/// The chosen set of a set of edge options (`2e` chosen, `2e + 1` not),
/// with each vertex's option that fits its degree.
fn vertices_for(edges_on: &[OptionId], vertices: usize, ends: &[(usize, usize)], degrees: bool) -> Vec<OptionId> {
    let m = ends.len();
    let mut chosen: Vec<OptionId> =
        (0..m).map(|e| if edges_on.contains(&(2 * e)) { 2 * e } else { 2 * e + 1 }).collect();
    if degrees {
        for v in 0..vertices {
            let used = ends.iter().enumerate().any(|(e, &(a, b))| (a == v || b == v) && edges_on.contains(&(2 * e)));
            chosen.push(2 * m + 2 * v + usize::from(used));
        }
    }
    chosen
}

/// Every solution by brute force: each set of edges, with its vertices'
/// options, checked by plain arithmetic and a walk (`is_solution`).
fn loop_solutions(p: &Problem, vertices: usize, ends: &[(usize, usize)], degrees: bool) -> Vec<Vec<OptionId>> {
    let m = ends.len();
    let mut found: Vec<Vec<OptionId>> = (0u32..1 << m)
        .map(|set| {
            let on: Vec<OptionId> = (0..m).filter(|&e| set >> e & 1 == 1).map(|e| 2 * e).collect();
            let mut chosen = vertices_for(&on, vertices, ends, degrees);
            chosen.sort();
            chosen
        })
        .filter(|chosen| p.is_solution(chosen))
        .collect();
    found.sort();
    found
}

/// A random graph of at most six vertices and ten edges (parallel edges
/// allowed), with or without degree counts, some vertices that must be on
/// the loop, and random counts on sets of edges.
fn random_loop_problem(rng: &mut Rng) -> (Problem, usize, Vec<(usize, usize)>, bool) {
    let vertices = rng.between(2, 6);
    let mut ends = Vec::new();
    for _ in 0..rng.between(1, 10) {
        let a = rng.below(vertices);
        let b = (a + rng.between(1, vertices - 1)) % vertices;
        ends.push((a, b));
    }
    let degrees = rng.chance(3, 4);
    let on_loop: Vec<usize> = (0..vertices).filter(|_| rng.chance(1, 4)).collect();
    let mut counts = Vec::new();
    for _ in 0..rng.between(0, 2) {
        let set: Vec<usize> = (0..ends.len()).filter(|_| rng.chance(1, 2)).collect();
        let lo = rng.between(0, set.len().min(3)) as u32;
        counts.push((set, lo, lo + rng.between(0, 2) as u32));
    }
    let (p, _) = loop_problem(vertices, &ends, degrees, &on_loop, &counts);
    (p, vertices, ends, degrees)
}

#[test]
fn random_graphs_with_a_single_loop_rule_match_brute_force() {
    let mut rng = Rng::new(71);
    let (mut loops, mut solvable) = (0, 0);
    let settings = all_settings();
    for case in 0..400 {
        let (p, vertices, ends, degrees) = random_loop_problem(&mut rng);
        let expected = loop_solutions(&p, vertices, &ends, degrees);
        solvable += usize::from(!expected.is_empty());
        loops += expected.iter().filter(|s| s.iter().any(|&o| o < 2 * ends.len() && o % 2 == 0)).count();
        for &s in &settings {
            assert_eq!(all_solutions(&p, s), expected, "case {case}: {p:?} with {s:?}");
        }
        // Forced: the first edge in, then out.
        for forced in [0, 1] {
            let want: Vec<_> = expected.iter().filter(|s| s.contains(&forced)).cloned().collect();
            let mut got = Solver::new(&p, small()).solve_with(&[forced], usize::MAX).solutions;
            got.sort();
            assert_eq!(got, want, "case {case} forced {forced}");
        }
    }
    assert!(loops > 100 && solvable > 100, "{loops} loops found, {solvable} solvable");
}

/// Runs that learn from failed probes learn from the single-loop rule's
/// reasons and still find exactly what brute force finds, under limits.
#[test]
fn learning_keeps_every_solution_with_a_single_loop_rule() {
    use crate::search::MultiCover;
    let mut rng = Rng::new(73);
    let mut learned = 0;
    for case in 0..200 {
        let (p, vertices, ends, degrees) = random_loop_problem(&mut rng);
        let expected = loop_solutions(&p, vertices, &ends, degrees);
        for settings in all_settings().into_iter().filter(|s| s.learning != Learning::Off) {
            let mut search = MultiCover::new(&p, &settings);
            let what = || format!("case {case}: {p:?} with {settings:?}");
            for limit in [1, 2, usize::MAX] {
                run_under_limit(&mut search, &expected, limit, &what);
                learned += search.learned().0;
            }
        }
    }
    assert!(learned > 0, "no clause learned");
}
