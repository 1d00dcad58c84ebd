//! The search: Dancing-Links-style choice and undo over flat arrays, with
//! per-group bounds kept up to date as options die and come back, and
//! propagation of those bounds to a fixpoint at every node. The solver
//! runs it on every problem that is not plain exact cover, and on any
//! problem with [`crate::Algorithm::MultiCover`].
//!
//! [`multi_cover`] holds one search: its [`layout`] (the problem as the search
//! reads it, fixed once built), its [`state`] (what choices and kills
//! change: which options live, the cells' and items' bounds, the [`trail`]
//! undo reads), and each optional reasoning as a type that owns its state.
//! [`setup`] builds it for one problem; [`bounds`] keeps the bounds up to
//! date as options die and come back, and propagates them; [`probe`] tries
//! options one level deep; [`lines`] reasons on each item's sums once a
//! node, where the bounds miss gaps; [`branch`] is the search itself and
//! [`run`] a run of it from the root. The optional reasoning: [`pairs`],
//! where the search is hard, on two items' sums at once (the 2-D walk over
//! sets of sums in [`pair_sums`], the one-item sets in [`sum_sets`]);
//! [`nogoods`] restarts the search without walking anything twice;
//! [`learn`] learns from failed probes; [`connected`] checks the
//! connectivity rules and [`single_loop`] the single-loop rules. The search calls each through a few methods, and
//! tells it of kills and choices around the hot core's calls.
//!
//! ## Groups and bounds
//! An item with range `1..=1` whose every option has weight 1 on it says
//! "exactly one of these options" (a tank's level, a cell's digit). Each
//! option joins the group of the first such item it touches; a group that
//! holds every option of its item is *exact*: one of its options will be
//! chosen. Every other option is a group of its own.
//!
//! For an item `i`, a group can still add at most the largest weight on `i`
//! among its live options (it adds one option at most), and an exact group
//! must add at least the smallest (weight 0 counts: a live option that does
//! not touch `i`). `most[i]` and `least[i]` are these sums over groups; a
//! branch is cut as soon as `committed + most < lo` or `committed + least > hi`.
//! Each (group, item) pair is a *cell* holding, for every distinct weight its
//! options put on the item, how many of them are live, so an option's death
//! or return updates the sums in time proportional to its group's cells.
//!
//! ## Propagation
//! The same sums say which options can no longer be chosen: choosing an
//! option of group `g` with weight `x` on item `i` replaces `g`'s share of
//! the bounds by `x`, so `x` must lie in
//! `[max_g - (committed + most - lo), min_g + (hi - committed - least)]`.
//! Options outside that window die, which moves other items' bounds, until
//! nothing changes. This is the row-and-column reasoning a person does in
//! Aquarium and the naked and hidden singles of Sudoku.

mod bounds;
mod branch;
mod connected;
mod layout;
mod learn;
mod lines;
mod multi_cover;
mod nogoods;
mod pair_sums;
mod pairs;
mod probe;
mod run;
mod setup;
mod single_loop;
mod state;
mod sum_sets;
mod trail;

pub(crate) use self::multi_cover::MultiCover;
