//! Exact cover by counters on a static matrix, for the same plain
//! exact-cover case as [`crate::dancing`] (see [`crate::dancing::applies`]).
//! The solver runs it on such problems when items have few options on
//! average (Sudoku, the ring puzzle; see [`crate::Algorithm::Auto`]).
//!
//! The technique of attractivechaos' kudoku, made generic: nothing is ever
//! unlinked. The item -> options and option -> items lists stay as the
//! problem gave them ([`state::Matrix`]); what moves are counters: per item,
//! how many live options it has, plus [`COVERED`] while it is covered, so
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
//! Two searches differ in how they go back from a choice:
//! - [`by_copies`] keeps a copy of the counters at each branch point and
//!   copies it back; it is the faster, and the one every problem gets whose
//!   copies for the deepest search fit in [`COPIES_AT_MOST`] words;
//! - [`by_undo`] undoes each choice, counter by counter, in memory that
//!   does not grow with the depth: for larger problems.
//!
//! Both choose the same items and options in the same order (a test checks
//! it), so the choice between them changes the cost, not the search.

mod by_copies;
mod by_undo;
mod state;

use std::ops::ControlFlow;

use self::by_copies::ByCopies;
use self::by_undo::ByUndo;
use self::state::Matrix;
use crate::problem::{OptionId, Problem};
use crate::solver::Stats;

/// Added to an item's count while it is covered. A secondary item starts
/// with it too: it is never a branch item. Counts stay below `2 * COVERED`
/// plus a live count, so `u32` holds them when items have fewer than
/// `COVERED` options.
const COVERED: u32 = 1 << 30;

/// The search copies its counters at each branch when a copy for every
/// level of the deepest search (one level per primary item) takes at most
/// this many words.
const COPIES_AT_MOST: usize = 1 << 24;

/// The counters of one problem, with the search that suits its size.
pub(super) struct Counters {
    search: Search,
}

enum Search {
    ByCopies(Box<ByCopies>),
    ByUndo(Box<ByUndo>),
}

impl Counters {
    /// The counters for a problem for which [`crate::dancing::applies`] holds.
    pub(super) fn new(problem: &Problem) -> Counters {
        let matrix = Matrix::new(problem);
        let words = matrix.option_count().div_ceil(64);
        let copy = words + matrix.item_count();
        let search = if copy.saturating_mul(matrix.primaries + 1) <= COPIES_AT_MOST {
            Search::ByCopies(Box::new(ByCopies::new(matrix)))
        } else {
            Search::ByUndo(Box::new(ByUndo::new(matrix)))
        };
        Counters { search }
    }

    /// The search by undo whatever the size (which only large problems
    /// get), so that tests reach both searches.
    #[cfg(test)]
    pub(super) fn by_undo(problem: &Problem) -> Counters {
        Counters { search: Search::ByUndo(Box::new(ByUndo::new(Matrix::new(problem)))) }
    }

    pub(super) fn option_count(&self) -> usize {
        match &self.search {
            Search::ByCopies(search) => search.matrix.option_count(),
            Search::ByUndo(search) => search.matrix.option_count(),
        }
    }

    pub(super) fn set_work_limit(&mut self, limit: u64) {
        match &mut self.search {
            Search::ByCopies(search) => search.tally.work_limit = limit,
            Search::ByUndo(search) => search.tally.work_limit = limit,
        }
    }

    /// Walks every solution that includes the `forced` options, calling `f`
    /// with each (sorted, the forced options among them). Forced options
    /// that share an item (or one named twice) leave no solution. The
    /// stats' time is left to the caller.
    ///
    /// # Panics
    /// If a forced option is not an option of the problem.
    pub(super) fn run(&mut self, forced: &[OptionId], f: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>) -> Stats {
        match &mut self.search {
            Search::ByCopies(search) => search.run(forced, f),
            Search::ByUndo(search) => search.run(forced, f),
        }
    }
}
