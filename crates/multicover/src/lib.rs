//! A multi-cover solver: a generalised Dancing Links in which each item has
//! a target range and each option adds a positive weight to the items it
//! touches. Plain exact cover is the case where every target is 1 and every
//! weight 1. The crate uses nothing outside the standard library.
//!
//! # The problem
//!
//! A [`Problem`] holds *items* and *options*:
//!
//! - An **item** has a **target range** `lo..=hi`: what the chosen options
//!   must add up to on it. [`Problem::add_exact`] gives the range
//!   `target..=target`, [`Problem::add_secondary`] the range `0..=hi` (an
//!   item that may be left uncovered: Knuth's secondary items are `0..=1`),
//!   and [`Problem::add_item`] any range.
//! - An **option** adds a **weight** to each item it names
//!   ([`Problem::add_option`]). Weights are positive; a zero weight is
//!   dropped and an item named twice gets the sum of its weights.
//!
//! Items and options are numbered from 0 in the order they are added
//! ([`ItemId`], [`OptionId`]).
//!
//! A problem may also hold **connectivity rules**
//! ([`Problem::add_connected`]): a graph whose vertices are options, whose
//! chosen vertices must form one connected set. The multi-cover search
//! checks each rule at every node: a vertex sure to be chosen that cannot
//! reach another through vertices still possible fails the node, and a
//! possible vertex that cannot reach one sure to be chosen is removed.
//! It may hold **single-loop rules** too ([`Problem::add_single_loop`]): a
//! graph whose edges are options, whose chosen edges must form one cycle;
//! the search fails a node whose edges sure to be chosen close a cycle
//! beside another, and removes a possible edge that would close one too
//! soon.
//!
//! A **solution** is a set of options, each used once at most, whose
//! weights sum, on every item, into that item's range, and whose chosen
//! vertices of each connectivity rule are connected, and whose chosen
//! edges of each single-loop rule form one cycle. Every such set
//! counts: when every range starts at 0, the empty set is a solution too,
//! and an option that touches only items with room left may join any
//! solution. [`Problem::is_solution`] checks a set by plain arithmetic and
//! a walk of each rule's graph.
//!
//! # Solving
//!
//! [`Problem::solve`] returns up to a given number of solutions with the
//! default settings, [`Problem::count`] counts them. A [`Solver`] gives the
//! rest: [`Settings`], a callback per solution
//! ([`Solver::for_each_solution`]), options chosen beforehand
//! ([`Solver::solve_with`]), a work limit ([`Solver::set_work_limit`]), and
//! what reasoning alone settles before any branching
//! ([`Solver::settled_options`]). A solver can run many times; each run
//! starts afresh.
//!
//! # Settings
//!
//! - [`Settings::algorithm`] says which search runs. The default,
//!   [`Algorithm::Auto`], runs an exact-cover search on plain exact cover
//!   (every range `1..=1` or `0..=1`, every weight 1, every option on some
//!   `1..=1` item): exact cover by counters ([`Algorithm::Counters`]) when
//!   items have few options on average and the counters' copies fit in
//!   memory, else Knuth's Dancing Links
//!   ([`Algorithm::DancingLinks`]). Every other problem gets the multi-cover
//!   search ([`Algorithm::MultiCover`]), which keeps, for every item, the
//!   most and the least the undecided options can still add, and removes
//!   options that would push an item out of its range. Naming a search
//!   forces it where it applies; they all find the same solutions, which
//!   is what forcing is for: tests that check the searches against each
//!   other, and benchmarks that compare them.
//! - [`Settings::probing`] says how much the multi-cover search tries
//!   before it branches: [`Probing::Adaptive`] (the default) tries each live
//!   option one level deep and removes those that fail, at the root and
//!   wherever that paid; [`Probing::Off`], [`Probing::Root`] and
//!   [`Probing::Fixpoint`] never, at the root only, and at every node.
//! - [`Settings::restarts`], [`Settings::pairs`] and [`Settings::learning`]
//!   say when the multi-cover search restarts, reasons on pairs of items
//!   and learns from failed probes; [`Settings::hard_after`] and
//!   [`Settings::kept_clauses`] are its thresholds for hard runs. Every
//!   default is in [`Settings::DEFAULT`].
//!
//! # What comes back
//!
//! An [`Outcome`] lists the solutions found, each a sorted list of
//! [`OptionId`]s, and the [`Stats`] of the run: `solutions` found, `nodes`
//! (options the search put into a partial solution), `probes` (options
//! tried one level deep), `elapsed`, and `exhausted`: true when the whole
//! search tree was walked, so that `solutions` is the exact number; false
//! when the limit, the work limit or the callback stopped the run early.
//! `solve(2)` proves a solution unique: one solution, `exhausted` true.
//!
//! # Example: exact cover
//!
//! Knuth's example (The Art of Computer Programming, 7.2.2.1): seven
//! items, each to be covered exactly once, and six options.
//!
//! ```
//! use multicover::Problem;
//!
//! let mut problem = Problem::new();
//! let [a, b, c, d, e, f, g] = std::array::from_fn(|_| problem.add_exact(1));
//! let options = [vec![c, e], vec![a, d, g], vec![b, c, f], vec![a, d, f], vec![b, g], vec![d, e, g]];
//! for items in &options {
//!     problem.add_option(items.iter().map(|&item| (item, 1)));
//! }
//!
//! let outcome = problem.solve(2);
//! assert_eq!(outcome.solutions, vec![vec![0, 3, 4]]);
//! assert!(outcome.stats.exhausted, "the search was complete, so the solution is unique");
//! let names = "abcdefg".as_bytes();
//! for &option in &outcome.solutions[0] {
//!     let items: String = problem.option(option).map(|(item, _)| names[item] as char).collect();
//!     println!("option {option}: {items}");
//! }
//! ```
//!
//! # Example: weights and ranges
//!
//! Pay exactly 7 with two or three of the coins 7, 5, 2, 2, 1 and 1: the
//! item `total` must reach 7 from each coin's value, the item `coins` must
//! end between 2 and 3 from 1 per coin.
//!
//! ```
//! use multicover::{Algorithm, Problem, Settings, Solver};
//!
//! let mut problem = Problem::new();
//! let total = problem.add_exact(7);
//! let coins = problem.add_item(2, 3);
//! for value in [7, 5, 2, 2, 1, 1] {
//!     problem.add_option([(total, value), (coins, 1)]);
//! }
//!
//! let mut solver = Solver::new(&problem, Settings::default());
//! assert_eq!(solver.algorithm(), Algorithm::MultiCover);
//! let outcome = solver.solve(10);
//! let mut solutions = outcome.solutions;
//! solutions.sort();
//! // 5 + 2, 5 + the other 2, 5 + 1 + 1 (7 alone is one coin too few).
//! assert_eq!(solutions, vec![vec![1, 2], vec![1, 3], vec![1, 4, 5]]);
//! assert!(outcome.stats.exhausted);
//! assert!(solutions.iter().all(|s| problem.is_solution(s)));
//!
//! // The solutions that use the first 2 (option 2).
//! assert_eq!(solver.solve_with(&[2], 10).solutions, vec![vec![1, 2]]);
//! assert_eq!(problem.count(u64::MAX).solutions, 3);
//! ```

#![forbid(unsafe_code)]

// The source: `problem` is what a caller builds, `settings` what it sets
// and reads back, `solver` what it runs.
// Behind the solver, `search` is the multi-cover search; `counters` and
// `dancing` (Knuth's Dancing Links) are the two searches for plain exact
// cover; `forced` serves multi-cover runs with options chosen beforehand;
// `lists` builds the flat lists of lists they all read.

mod counters;
mod dancing;
mod forced;
mod lists;
mod problem;
mod search;
mod settings;
mod solver;

pub use problem::{ItemId, OptionId, Problem};
pub use settings::{Algorithm, Learning, Pairs, Probing, Restarts, Settings, Stats};
pub use solver::{Outcome, Solver};

#[cfg(test)]
mod tests;

/// The README's example, run as a doctest so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
