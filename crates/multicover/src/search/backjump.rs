//! Conflict-directed backjumping (see [`crate::Settings::backjumping`]):
//! a node that fails says which decisions its failure follows from, read
//! from the causes learning keeps (see [`super::learn`]); a parent whose own
//! decision is not among them fails too, with the same set, so the search
//! goes back at once to the deepest decision named, skipping the
//! alternatives of every level between (Prosser's CBJ, over the k-way
//! branching of [`super::branch`]).
//!
//! A decision's *level* is its depth plus one: the root's decisions are at
//! level 1. An option killed between the decision of level `l` and the next
//! one is at level `l` (level 0: before any decision). A failure's levels
//! are found by replacing each dead option by what killed it, down to the
//! decisions: a member of a group closed by a decision names that level; a
//! kill by an item's bounds or a clause is expanded as learning expands it;
//! an option removed after its subtree failed names that subtree's levels
//! less its own; anything else (the reasoning on sums and on pairs, the
//! restarts' nogoods) names its level and every level above it, which is
//! what a chronological search assumes. Options dead at level 0 name
//! nothing: they follow from the problem (or, for a restart's nogoods,
//! from what was walked already), whatever is chosen.

/// A set of decision levels: bits 1 to 255 are those levels; bit 0 stands
/// for every level past 255, which are not told apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Levels([u64; 4]);

/// The deepest level told apart from the others.
const DEEPEST: usize = 255;

impl Levels {
    /// Levels 1 to `level`: what a failure follows from when nothing more
    /// is known of it.
    pub(super) fn up_to(level: usize) -> Levels {
        let mut set = Levels::default();
        let top = level.min(DEEPEST);
        for (w, word) in set.0.iter_mut().enumerate() {
            let (lo, hi) = (w * 64, w * 64 + 63);
            if top < lo {
                break;
            }
            // Bits lo..=min(hi, top) of this word.
            let n = top.min(hi) - lo + 1;
            *word = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        }
        // Bit 0 is not level 0: it is set only for the levels past 255.
        set.0[0] &= !1;
        if level > DEEPEST {
            set.0[0] |= 1;
        }
        set
    }

    pub(super) fn insert(&mut self, level: usize) {
        if level > DEEPEST {
            self.0[0] |= 1;
        } else if level > 0 {
            self.0[level / 64] |= 1 << (level % 64);
        }
    }

    pub(super) fn contains(&self, level: usize) -> bool {
        if level > DEEPEST { self.0[0] & 1 != 0 } else { self.0[level / 64] & (1 << (level % 64)) != 0 }
    }

    /// Takes `level` out, unless it is past 255 (those stay, together).
    pub(super) fn remove(&mut self, level: usize) {
        if level <= DEEPEST && level > 0 {
            self.0[level / 64] &= !(1 << (level % 64));
        }
    }

    pub(super) fn union(&mut self, other: &Levels) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }
}

/// The decisions on the current branch and what the failures below them
/// named.
#[derive(Default)]
pub(super) struct Backjumping {
    on: bool,
    /// The trail's length before each decision on the branch, from the top.
    marks: Vec<u32>,
    /// Per option removed after its subtree failed: the levels that failure
    /// followed from (its own level taken out). Read only while the option
    /// is dead by that removal.
    removed_for: Vec<Levels>,
    /// Per option killed by the reasoning on sums: the item or pair of
    /// items (the second `u32::MAX` for one) it reasoned on.
    items_of: Vec<(u32, u32)>,
    /// The levels the last failed subtree followed from.
    pub(super) last: Levels,
    /// Levels skipped, for the tests.
    skipped: u64,
}

impl Backjumping {
    pub(super) fn new(on: bool, options: usize) -> Backjumping {
        let n = if on { options } else { 0 };
        Backjumping {
            on,
            removed_for: vec![Levels::default(); n],
            items_of: vec![(u32::MAX, u32::MAX); n],
            ..Backjumping::default()
        }
    }

    pub(super) fn is_on(&self) -> bool {
        self.on
    }

    /// Forgets the last run's branch.
    pub(super) fn clear(&mut self) {
        self.marks.clear();
        self.skipped = 0;
    }

    /// A decision is about to be made with the trail at length `mark`.
    pub(super) fn decide(&mut self, mark: usize) {
        if self.on {
            self.marks.push(mark as u32);
        }
    }

    /// The last decision was undone.
    pub(super) fn undecide(&mut self) {
        if self.on {
            self.marks.pop();
        }
    }

    /// The level of a kill at trail length `at`: the decisions made before it.
    pub(super) fn level_at(&self, at: u32) -> usize {
        self.marks.partition_point(|&m| m <= at)
    }

    /// The levels the removal of `o` after its subtree failed follows from.
    pub(super) fn removed_for(&self, o: u32) -> &Levels {
        &self.removed_for[o as usize]
    }

    /// Option `o` is removed after its subtree failed on `levels`.
    pub(super) fn note_removed(&mut self, o: u32, levels: Levels) {
        self.removed_for[o as usize] = levels;
    }

    /// The item or pair `o`'s kill by the reasoning on sums reasoned on.
    pub(super) fn items_of(&self, o: u32) -> (u32, u32) {
        self.items_of[o as usize]
    }

    /// Option `o` was killed by the reasoning on sums of items `i` and `j`
    /// (`u32::MAX` for none).
    pub(super) fn note_items(&mut self, o: u32, i: u32, j: u32) {
        self.items_of[o as usize] = (i, j);
    }

    /// A node returns past its own level without walking its other options.
    pub(super) fn jumped(&mut self) {
        self.skipped += 1;
    }

    #[cfg(test)]
    pub(crate) fn skipped(&self) -> u64 {
        self.skipped
    }
}
