//! Exact cover by counters on a static matrix, for the same plain
//! exact-cover case as [`crate::dancing`] (see [`crate::dancing::applies`]).
//! The solver runs it on such problems when items have few options on
//! average (Sudoku, the ring puzzle; see [`crate::Algorithm::Auto`]).
//!
//! The technique of attractivechaos' kudoku, made generic: nothing is ever
//! unlinked. The item -> options and option -> items lists stay as the
//! problem gave them ([`state::Matrix`]); what moves are counters: per item,
//! how many live options it has, plus [`state::COVERED`] while it is covered, so
//! that covered items never look like the best branch ([`state::Counts`]);
//! and whether each option is live. Choosing an option covers all its
//! items, which kills their other options, which takes 1 off the counts of
//! their items.
//!
//! Against Dancing Links this builds nothing but flat arrays (a problem is
//! ready in a copy), and its memory walks are sequential; it does more work
//! per choice (every option of every covered item is looked at, dead or
//! not), which pays where items have few options, as in Sudoku.
//!
//! The search keeps a copy of the counters at each branch point and copies
//! it back to go back ([`by_copies`]); a problem whose copies for the
//! deepest search would pass [`COPIES_AT_MOST`] words is left to Dancing
//! Links (see [`fits`]).

mod by_copies;
mod state;

use std::ops::ControlFlow;

use self::by_copies::ByCopies;
use self::state::Matrix;
use crate::problem::{OptionId, Problem};
use crate::settings::Stats;

/// The search copies its counters at each branch, and runs when a copy for
/// every level of the deepest search (one level per primary item) takes at
/// most this many words (64 MiB): every Sudoku, the ring puzzle and a
/// calendar date by far.
const COPIES_AT_MOST: usize = 1 << 24;

/// Whether the counters' copies for the deepest search of a problem for
/// which [`crate::dancing::applies`] holds fit in [`COPIES_AT_MOST`] words.
pub(crate) fn fits(problem: &Problem) -> bool {
    let options = problem.option_count();
    let words = options.div_ceil(64);
    let primaries = (0..problem.item_count()).filter(|&i| problem.bounds(i).0 > 0).count();
    (words + problem.item_count()).saturating_mul(primaries + 1) <= COPIES_AT_MOST
}

/// The counters of one problem and their search.
pub(super) struct Counters {
    search: Box<ByCopies>,
}

impl Counters {
    /// The counters for a problem for which [`crate::dancing::applies`]
    /// and [`fits`] hold.
    pub(super) fn new(problem: &Problem) -> Counters {
        Counters { search: Box::new(ByCopies::new(Matrix::new(problem))) }
    }

    pub(super) fn option_count(&self) -> usize {
        self.search.matrix.option_count()
    }

    pub(super) fn set_work_limit(&mut self, limit: u64) {
        self.search.tally.work_limit = limit;
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. The
    /// stats' time is left to the caller.
    ///
    /// # Panics
    /// If a forced option is not an option of the problem.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        self.search.run(forced, f)
    }
}
