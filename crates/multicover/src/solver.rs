//! What callers use: a [`Solver`] for one problem, which runs an exact-cover
//! search (counters or Dancing Links) on plain exact cover and the
//! multi-cover search on everything else.

use std::ops::ControlFlow;
use std::time::Instant;

use crate::counters::{self, Counters};
use crate::dancing::{self, Dancing};
use crate::forced;
use crate::problem::{OptionId, Problem};
use crate::search::MultiCover;
use crate::settings::{Algorithm, Settings, Stats};

/// Solutions collected by [`Solver::solve`], each a sorted list of options.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The solutions in the order found, each a sorted list of options.
    pub solutions: Vec<Vec<OptionId>>,
    /// What the run did; `stats.exhausted` says whether these are all.
    pub stats: Stats,
}

impl Problem {
    /// Up to `limit` solutions with the default settings. `solve(2)` proves
    /// uniqueness: one solution found and `stats.exhausted` true.
    pub fn solve(&self, limit: usize) -> Outcome {
        Solver::new(self, Settings::default()).solve(limit)
    }

    /// The number of solutions, stopping at `limit`.
    pub fn count(&self, limit: u64) -> Stats {
        Solver::new(self, Settings::default()).count(limit)
    }
}

/// Whether [`Algorithm::Auto`] runs counters rather than Dancing Links on
/// a plain exact-cover problem: when items have few options on average.
/// Covering an item costs the counters a look at each of its options, dead
/// or alive, and Dancing Links a look at its live ones only, at a higher
/// price each. Measured side by side (aquarchive's benchmark tool: `sudoku`,
/// `ring`, `calendar`): counters win on Sudoku (9 options an item: 2.5x) and the
/// ring puzzle (7.3: 2.6x), Dancing Links on the calendar's one tiling a
/// date (123: 1.1x; since the counters keep live options as bits, they win
/// its every-tiling count, 468 s against 2,132 s estimated from one date).
/// The crossover lies somewhere between; 32 is a guess in that gap.
fn counters_pay(problem: &Problem) -> bool {
    let (entries, _) = problem.raw_entries();
    entries.len() <= 32 * problem.item_count()
}

/// The search state for one problem. Reusable: every run starts from the
/// state `new` built, so one solver can serve many runs, each with its own
/// forced options ([`Solver::for_each_solution_with`]).
pub struct Solver {
    core: Core,
    work_limit: u64,
}

enum Core {
    /// With the problem and probing, to build the search of what is left
    /// when options are forced.
    MultiCover {
        search: Box<MultiCover>,
        problem: Box<Problem>,
        /// As given to [`Solver::set_try_first`], for the search of what
        /// forced options leave.
        try_first: Vec<OptionId>,
        settings: Settings,
    },
    Dancing(Box<Dancing>),
    Counters(Box<Counters>),
}

impl Solver {
    /// Builds the search the settings pick for this problem (see
    /// [`Algorithm::Auto`]). Building does the work every run shares, such
    /// as the multi-cover search's propagation at the root.
    pub fn new(problem: &Problem, settings: Settings) -> Solver {
        // Only the multi-cover search checks connectivity and single-loop rules.
        let exact_cover = settings.algorithm != Algorithm::MultiCover
            && problem.connected().is_empty()
            && problem.loops().is_empty()
            && dancing::applies(problem);
        let core = match settings.algorithm {
            Algorithm::Auto if exact_cover && !counters_pay(problem) => Core::Dancing(Box::new(Dancing::new(problem))),
            Algorithm::Auto | Algorithm::Counters if exact_cover && counters::fits(problem) => {
                Core::Counters(Box::new(Counters::new(problem)))
            }
            Algorithm::Auto | Algorithm::Counters | Algorithm::DancingLinks if exact_cover => {
                Core::Dancing(Box::new(Dancing::new(problem)))
            }
            _ => Core::MultiCover {
                search: Box::new(MultiCover::new(problem, &settings)),
                problem: Box::new(problem.clone()),
                try_first: Vec::new(),
                settings,
            },
        };
        Solver { core, work_limit: u64::MAX }
    }

    /// The search this solver runs: never `Auto` (see [`Algorithm::Auto`]).
    pub fn algorithm(&self) -> Algorithm {
        match self.core {
            Core::MultiCover { .. } => Algorithm::MultiCover,
            Core::Dancing(_) => Algorithm::DancingLinks,
            Core::Counters(_) => Algorithm::Counters,
        }
    }

    /// Stops later runs after this many nodes plus probes; their stats say
    /// `exhausted: false`. For a quick try before a full search.
    pub fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
        match &mut self.core {
            Core::MultiCover { search, .. } => search.set_work_limit(limit),
            Core::Dancing(links) => links.set_work_limit(limit),
            Core::Counters(counters) => counters.set_work_limit(limit),
        }
    }

    /// Makes later runs of the multi-cover search try these options before
    /// the others wherever they branch (the exact-cover searches ignore it).
    /// The search stays complete: only the order in which it walks its
    /// branches changes, so it finds the same solutions in another order.
    /// Given a known solution's options, a search for another one walks the
    /// known one first and then the solutions nearest to it, as SAT
    /// solvers keep a model's phases (phase saving): a second solution of
    /// a puzzle mostly differs from the first in a few places. An empty
    /// list restores the order.
    ///
    /// # Panics
    /// If an option is not an option of the problem.
    pub fn set_try_first(&mut self, options: &[OptionId]) {
        if let Core::MultiCover { search, try_first, .. } = &mut self.core {
            search.set_try_first(options);
            *try_first = options.to_vec();
            try_first.sort_unstable();
        }
    }

    /// What reasoning settles before any branching: the options still alive
    /// after propagation (and, with probing, failed-option probing) at the
    /// root, or `None` when that already shows there is no solution. Every
    /// solution is made of these options; when they are exactly one per
    /// "exactly one" item and fit every range, they are the only solution.
    /// Dancing Links reasons nothing before branching: every option.
    pub fn settled_options(&mut self) -> Option<Vec<OptionId>> {
        match &mut self.core {
            Core::MultiCover { search, .. } => search.settled_options(),
            Core::Dancing(links) => Some((0..links.option_count()).collect()),
            Core::Counters(counters) => Some((0..counters.option_count()).collect()),
        }
    }

    /// Calls `f` with each solution (a sorted list of options) until it
    /// breaks or the solutions run out.
    pub fn for_each_solution(&mut self, f: impl FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.for_each_solution_with(&[], f)
    }

    /// Calls `f` with each solution that includes every `forced` option
    /// (as if the search had chosen them first), until it breaks or the
    /// solutions run out. The solutions are the problem's, so they list the
    /// forced options too, sorted with the rest. Forced options that cannot
    /// be in one solution together (an option named twice, items pushed
    /// past their range) give none; `nodes` counts the search's choices
    /// only.
    ///
    /// # Panics
    /// If a forced option is not an option of the problem: a bug in the
    /// caller, not bad input.
    pub fn for_each_solution_with(
        &mut self,
        forced: &[OptionId],
        mut f: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Stats {
        let start = Instant::now();
        let mut stats = match &mut self.core {
            Core::MultiCover { search, .. } if forced.is_empty() => search.run(&mut f),
            Core::MultiCover { problem, try_first, settings, .. } => match forced::remainder(problem, forced) {
                None => Stats { exhausted: true, ..Stats::default() },
                Some((rest, kept)) => {
                    let mut search = MultiCover::new(&rest, settings);
                    search.set_work_limit(self.work_limit);
                    let first: Vec<OptionId> =
                        (0..kept.len()).filter(|&n| try_first.binary_search(&kept[n]).is_ok()).collect();
                    search.set_try_first(&first);
                    let mut solution = Vec::new();
                    search.run(&mut |chosen: &[OptionId]| {
                        solution.clear();
                        solution.extend(forced);
                        solution.extend(chosen.iter().map(|&o| kept[o]));
                        solution.sort_unstable();
                        f(&solution)
                    })
                }
            },
            Core::Dancing(links) => links.run(forced, &mut f),
            Core::Counters(counters) => counters.run(forced, &mut f),
        };
        stats.elapsed = start.elapsed();
        stats
    }

    /// Up to `limit` solutions.
    pub fn solve(&mut self, limit: usize) -> Outcome {
        self.solve_with(&[], limit)
    }

    /// Up to `limit` solutions that include the `forced` options (see
    /// [`Solver::for_each_solution_with`]).
    pub fn solve_with(&mut self, forced: &[OptionId], limit: usize) -> Outcome {
        let mut solutions = Vec::new();
        if limit == 0 {
            return Outcome { solutions, stats: Stats::default() };
        }
        let stats = self.for_each_solution_with(forced, |s| {
            solutions.push(s.to_vec());
            if solutions.len() >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        Outcome { solutions, stats }
    }

    /// Counts solutions up to `limit`.
    pub fn count(&mut self, limit: u64) -> Stats {
        self.count_with(&[], limit)
    }

    /// Counts solutions that include the `forced` options, up to `limit`.
    pub fn count_with(&mut self, forced: &[OptionId], limit: u64) -> Stats {
        let mut n = 0u64;
        if limit == 0 {
            return Stats::default();
        }
        self.for_each_solution_with(forced, |_| {
            n += 1;
            if n >= limit { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        })
    }
}
