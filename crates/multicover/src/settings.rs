//! What a caller sets ([`Settings`]) and what a run reports ([`Stats`]):
//! plain values that every search reads, in a module that uses nothing of
//! the crate, so that the searches and the solver above them need not
//! name each other for them.

use std::time::Duration;

/// Which search runs. `Auto` is what the kinds and the command line use;
/// naming a search forces it where it applies. Forcing stays public for
/// the independent cross-checks: the three searches are separate code that
/// must find the same solutions, and the tests of the crate, of the kinds
/// (Sudoku, the ring puzzle, the calendar) and of the library compare them
/// on the same problems; the benchmark tool's table of searches measures
/// the choice `Auto` makes by running each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// An exact-cover search when the problem is plain exact cover (every
    /// range `1..=1` or `0..=1`, every weight 1, every option on a range
    /// `1..=1` item): [`Algorithm::Counters`] when items have few options
    /// on average (Sudoku, the ring puzzle) and their copies for the
    /// deepest search fit in memory, else [`Algorithm::DancingLinks`] (the
    /// calendar); the multi-cover search otherwise.
    Auto,
    /// The multi-cover search always, plain exact cover included.
    MultiCover,
    /// Dancing Links on plain exact cover, else the multi-cover search.
    DancingLinks,
    /// Exact cover by counters on a static matrix on plain exact cover
    /// whose copies fit in memory (else Dancing Links), else the
    /// multi-cover search.
    Counters,
}

/// The default: `Auto`.
impl Default for Algorithm {
    fn default() -> Algorithm {
        Settings::DEFAULT.algorithm
    }
}

/// How much work to spend at each node before branching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probing {
    /// Branch at once.
    Off,
    /// Probe (as `Fixpoint`) at the root only, then branch without.
    Root,
    /// Before branching, try every live option one level deep and remove
    /// those that fail at once, until none does (failed-literal probing).
    Fixpoint,
    /// Probe as `Fixpoint` where it pays: at the root, below a node whose
    /// probing removed an option, and every few levels (every fourth, every
    /// second once a run is hard: see [`Settings::hard_after`]).
    Adaptive,
}

/// The default: `Adaptive`.
impl Default for Probing {
    fn default() -> Probing {
        Settings::DEFAULT.probing
    }
}

/// When the multi-cover search restarts (the default: geometric from
/// 10,000; see its `Default`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restarts {
    /// Never: one depth-first walk of the tree.
    Off,
    /// After `unit` nodes plus probes, then after twice as much work as the
    /// last time, and so on. A search that takes less than `unit` never
    /// restarts.
    Geometric(u64),
}

/// The default: geometric from 10,000 nodes plus probes. On the random
/// 40x40 Aquarium puzzles of six seeds (20 each, with the reasoning on
/// pairs on by default) it cut both the total work and the worst puzzle's
/// against no restarts on every seed (in all from 10.78M to 7.27M nodes
/// plus probes, worst 2.08M to 1.53M); smaller budgets left the worst
/// puzzle as it was or worse. A search that takes less than 10,000 never
/// restarts: the site's puzzles (at most about 560) and mended ones are
/// left as they were (see docs/engine.md).
impl Default for Restarts {
    fn default() -> Restarts {
        Settings::DEFAULT.restarts
    }
}

/// When the multi-cover search reasons on pairs of items (at the root and
/// where it probes). The reasoning pays where the search is hard and only
/// costs where reasoning on single items and probing settle a problem
/// early, so by default it waits for the search's work to show which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// Never.
    Off,
    /// Once a run's nodes plus probes (the count the work limit and the
    /// restarts use) have reached this many; then to the end of the run.
    /// `AfterWork(0)` reasons on pairs from the root on.
    AfterWork(u64),
}

/// The default: after 500 nodes plus probes, about where a hard search
/// has finished probing at its root, so that the pairs shape the top of
/// its tree. The site's puzzles (at most about 560) and most random 30x30
/// ones settle before and never pay for them. 500 halved the median work
/// and time of random 40x40 puzzles against 2,000 (as reasoning from the
/// root does, which would cost the small puzzles); the worst puzzles move
/// either way (docs/engine.md).
impl Default for Pairs {
    fn default() -> Pairs {
        Settings::DEFAULT.pairs
    }
}

impl Pairs {
    /// The work after which a run starts reasoning on pairs: never is
    /// `u64::MAX`, which the work never reaches before the run ends.
    pub(crate) fn after(self) -> u64 {
        match self {
            Pairs::Off => u64::MAX,
            Pairs::AfterWork(n) => n,
        }
    }
}

/// When the multi-cover search learns from failed probes (see
/// [`Settings::learning`]), on problems whose every option is in an exact
/// group; never on others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learning {
    /// Never.
    Off,
    /// From the root on (the command line's `--learn`).
    Always,
    /// Once a run's nodes plus probes have reached this many; then to the
    /// end of the run.
    AfterWork(u64),
}

/// The default: after 2,000 nodes plus probes. Searches that settle early
/// (the site's Aquarium puzzles, at most about 560; random 30x30 ones, 177)
/// never pay for it; on random 40x40 puzzles it took less time than
/// learning from the root or not at all, and on random 50x50 ones less than
/// half the time of not learning (docs/engine.md).
impl Default for Learning {
    fn default() -> Learning {
        Settings::DEFAULT.learning
    }
}

impl Learning {
    /// The work after which a run learns: never is `u64::MAX`.
    pub(crate) fn after(self) -> u64 {
        match self {
            Learning::Off => u64::MAX,
            Learning::Always => 0,
            Learning::AfterWork(n) => n,
        }
    }
}

/// Knobs of the search. The defaults are what the benchmarks found fastest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// For the multi-cover search; Dancing Links does not probe.
    pub probing: Probing,
    /// Which search runs.
    pub algorithm: Algorithm,
    /// For the multi-cover search: whether and when it restarts, keeping
    /// the search complete (see [`Restarts`]). By default after 10,000
    /// nodes plus probes, then after twice as much work each time, which
    /// cut the heavy tail of random 40x40 Aquarium puzzles on every seed
    /// measured, and leaves every search shorter than that as it was.
    pub restarts: Restarts,
    /// For the multi-cover search: when, where it probes, it also reasons
    /// on pairs of items that two or more undecided groups move together
    /// (both items' sums at once, as a 2-D subset sum). On random 40x40
    /// Aquarium puzzles it cuts the nodes plus probes fourfold and the time
    /// about in half; where reasoning settles a puzzle early it finds
    /// nothing and only costs, so by default it waits for a run's work to
    /// pass 500 nodes plus probes (see [`Pairs`] and docs/engine.md).
    pub pairs: Pairs,
    /// For the multi-cover search, on problems whose every option is in an
    /// exact group (Aquarium, Sudoku): whether and when it learns a clause
    /// from each failed probe below a choice; by default once a run's work
    /// has passed 2,000 nodes plus probes (see [`Learning`]
    /// and docs/engine.md, "Learning from failed probes").
    pub learning: Learning,
    /// For the multi-cover search: the work (nodes plus probes) from which
    /// a run counts as hard. From there [`Probing::Adaptive`] probes every
    /// second level instead of every fourth, and each probing tries first
    /// the groups whose items failed most. The default, 2,000, leaves every
    /// site puzzle's search as it walks before; on random 40x40 and 50x50
    /// Aquarium puzzles probing every second level once hard took 13 and
    /// 23% less time than every fourth. Tests of small problems set it low
    /// to walk both sides of it.
    pub hard_after: u64,
    /// For the multi-cover search's learning: the clauses kept at most,
    /// before the oldest and idlest go. Every death of a watched option
    /// visits its clauses, so a growing store makes each unit of work
    /// dearer: the worst random 50x50 Aquarium puzzle measured took 46 µs
    /// per unit of work with every clause kept, 10 µs with the default,
    /// 4,000. Tests of small problems set it low so that they reduce too.
    pub kept_clauses: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::DEFAULT
    }
}

impl Settings {
    /// The defaults, for const contexts (each field's is on its type).
    pub const DEFAULT: Settings = Settings {
        probing: Probing::Adaptive,
        algorithm: Algorithm::Auto,
        restarts: Restarts::Geometric(10_000),
        pairs: Pairs::AfterWork(500),
        learning: Learning::AfterWork(2000),
        hard_after: 2000,
        kept_clauses: 4000,
    };

    /// The default settings with this probing.
    pub fn with_probing(probing: Probing) -> Settings {
        Settings { probing, ..Settings::default() }
    }

    /// The multi-cover search with this probing and nothing that a run's
    /// work switches on (restarts, pairs, learning): what it settles and
    /// how hangs on the problem alone, the same on every run.
    pub const fn steady(probing: Probing) -> Settings {
        Settings {
            probing,
            algorithm: Algorithm::MultiCover,
            restarts: Restarts::Off,
            pairs: Pairs::Off,
            learning: Learning::Off,
            ..Settings::DEFAULT
        }
    }
}

/// What a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Solutions found (up to the limit, when there was one).
    pub solutions: u64,
    /// Branches taken: options put into a partial solution by the search.
    pub nodes: u64,
    /// Options tried one level deep by probing, and removed when they failed.
    pub probes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// True when the whole search tree was walked, so `solutions` is the
    /// exact number; false when a limit or the callback stopped it early.
    pub exhausted: bool,
}
