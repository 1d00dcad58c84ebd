//! Learning from failed probes (see [`crate::Settings::learning`]): when
//! choosing an option fails one level deep, the options whose deaths
//! before the probe made it fail are collected, each kill within the probe
//! replaced by what caused it (as SAT solvers analyse a conflict), and
//! recorded as a clause "when all of these are dead, this option dies".
//! Clauses are watched by two of their options and fire during
//! propagation, probes included, so that a dead end found once is known
//! wherever its causes meet again.
//!
//! The cause of a kill by an item's bounds is read lazily, when a failure
//! is analysed: the options of the item's other groups that were dead
//! before it and, alive, could have moved the item back into its range
//! (less those the item's slack past its range could spare, group by
//! group, as lazy clause generation explains a linear constraint). The
//! options dead at the root of the search are never named: they stay
//! dead in every run. Only problems whose every group is exact learn: a
//! lone option's share of an item is read from its group's live options.
//!
//! A clause follows from the problem alone (the kills it was drawn from
//! are the bounds' and earlier clauses'), so it holds for the whole run,
//! restarts included. A failure that went through a kill the analysis
//! cannot explain (a restart nogood's) is not learned from.

use super::{CLOSED_GROUP, CLOSED_MEMBER, MultiCover};
use crate::settings::Learning;

/// Why an option died, for the analysis: killed by the bounds of an item
/// (see [`item_cause`]), by a clause, by its group's closure around a
/// chosen option, or otherwise (what the analysis cannot explain, or a
/// kill outside a probe, which it never expands).
pub(super) const CAUSE_OTHER: u32 = u32::MAX;
pub(super) const CAUSE_CLOSED: u32 = u32::MAX - 1;
const CAUSE_CLAUSE: u32 = 1 << 31;

/// "When every option of `lits[start..end]` is dead, `target` dies." The
/// first two options are the watched ones.
#[derive(Clone, Copy, Debug)]
struct Clause {
    target: u32,
    start: u32,
    end: u32,
    /// Options it killed since the last reduction (see `reduce_clauses`).
    fired: u32,
}

/// A failure whose analysis meets more kills within its probe than this is
/// not learned from: its clause would be long and rarely fire, and the
/// analysis, a scan of each kill's item, is most of what learning costs.
/// (32 did the same work as no bound on random 40x40 Aquarium puzzles,
/// 16 and 8 let the worst grow by a quarter and two and a half times.)
const EXPANDED_MAX: usize = 32;

/// The clauses and what the analysis reads; empty when never on.
#[derive(Default)]
pub(super) struct Learned {
    /// Whether this run learns yet, and the work after which it does.
    pub(super) on: bool,
    after: u64,
    /// The clauses kept at most (see [`crate::Settings::kept_clauses`]).
    kept: usize,
    /// The search's options and groups, for the tables below.
    options: usize,
    groups: usize,
    /// Per option: its cause of death and the trail length when it died.
    cause: Vec<u32>,
    dead_at: Vec<u32>,
    /// Per group: the trail length at its latest death (0 if none since the
    /// root): a group that lost nothing from a length on had then the live
    /// options it has now.
    group_died_at: Vec<u32>,
    /// Per dead option: its group's `group_died_at` before it died, put
    /// back when it comes back.
    group_died_before: Vec<u32>,
    /// Per cell (as `cells`): its live options' lightest and heaviest
    /// weights at the root, before any choice; what a dead option of the
    /// group could add is read against these.
    root_range: Vec<(u32, u32)>,
    /// Per option: whether it is dead in the clauses' sense (not alive and
    /// not chosen), kept beside the clauses so that a watch's check is one
    /// load.
    dead: Vec<bool>,
    /// Per group: its chosen option (the group closed around it), or
    /// `u32::MAX`.
    chosen_in: Vec<u32>,
    clauses: Vec<Clause>,
    lits: Vec<u32>,
    /// Per option: the clauses it watches, each with its target (read
    /// first: a dead target leaves nothing to do).
    watches: Vec<Vec<(u32, u32)>>,
    /// Options that died since propagation last looked, with watches.
    events: Vec<u32>,
    /// Analysis scratch: a stamp per option met, the options to expand.
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    reason: Vec<u32>,
    /// Per group on an item being explained: (what its dead could add,
    /// group, its cell's index in the group, its live share).
    shares: Vec<(u32, u32, u32, u32)>,
    /// What the last failed propagation failed on.
    pub(super) failure: Failure,
    /// This run's clauses learned and options they killed.
    pub(super) learned: u64,
    pub(super) fired: u64,
}

impl Learned {
    /// What a search of this many options and groups needs; the per-option
    /// tables wait until learning first starts (most searches never reach
    /// the default's threshold).
    pub(super) fn new(setting: Learning, kept: usize, all_exact: bool, options: usize, groups: usize) -> Learned {
        let after = if all_exact { setting.after() } else { u64::MAX };
        Learned { after, kept, options, groups, ..Learned::default() }
    }

    fn allocate(&mut self) {
        if !self.cause.is_empty() || self.options == 0 {
            return;
        }
        let (options, groups) = (self.options, self.groups);
        self.cause = vec![CAUSE_OTHER; options];
        self.dead_at = vec![0; options];
        self.dead = vec![false; options];
        self.group_died_before = vec![0; options];
        self.group_died_at = vec![0; groups];
        self.chosen_in = vec![u32::MAX; groups];
        self.watches = vec![Vec::new(); options];
        self.seen = vec![0; options];
    }

    /// Forgets the last run's clauses and stops learning, until
    /// `switch_on_learning_when_due` starts it again.
    pub(super) fn clear(&mut self) {
        self.on = false;
        self.clauses.clear();
        self.lits.clear();
        for w in &mut self.watches {
            w.clear();
        }
        self.events.clear();
        self.learned = 0;
        self.fired = 0;
    }

    /// Option `o` of group `g` died at trail length `at`, for this cause.
    #[inline(always)]
    pub(super) fn died(&mut self, o: u32, g: usize, at: usize, cause: u32) {
        let ou = o as usize;
        self.cause[ou] = cause;
        self.dead_at[ou] = at as u32;
        self.dead[ou] = true;
        self.group_died_before[ou] = self.group_died_at[g];
        self.group_died_at[g] = at as u32;
        if !self.watches[ou].is_empty() {
            self.events.push(o);
        }
    }

    /// Option `o` of group `g`, which died while learning was on, comes back.
    #[inline(always)]
    pub(super) fn revived(&mut self, o: u32, g: usize) {
        self.dead[o as usize] = false;
        self.group_died_at[g] = self.group_died_before[o as usize];
    }

    #[inline(always)]
    pub(super) fn set_cause(&mut self, o: u32, cause: u32) {
        self.cause[o as usize] = cause;
    }

    /// Option `o` of group `g` is chosen, or no longer; while learning is on.
    pub(super) fn set_chosen(&mut self, o: u32, g: usize, chosen: bool) {
        self.chosen_in[g] = if chosen { o } else { u32::MAX };
    }

    /// Whether option `o` of group `g` is chosen.
    #[inline(always)]
    pub(super) fn is_chosen(&self, o: u32, g: usize) -> bool {
        self.chosen_in[g] == o
    }

    pub(super) fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// Puts clause `c`'s options on the analysis stack.
    fn stack_clause(&mut self, c: u32) {
        let clause = self.clauses[c as usize];
        self.stack.extend_from_slice(&self.lits[clause.start as usize..clause.end as usize]);
    }

    /// After a failed propagation: the deaths not yet looked at come back.
    pub(super) fn drop_events(&mut self) {
        self.events.clear();
    }
}

/// What a failed propagation failed on.
#[derive(Clone, Copy, Debug, Default)]
pub(super) enum Failure {
    #[default]
    Unknown,
    /// An item out of reach, too high or not.
    Item(u32),
    /// A clause fired on a chosen option.
    Clause(u32),
}

/// The cause of a kill by `item`'s bounds: the option would have taken the
/// item past its high end (`high`) or out of reach of its low end.
pub(super) const fn item_cause(item: usize, high: bool) -> u32 {
    (item as u32) * 2 + high as u32
}

impl MultiCover {
    /// Starts learning when the run's work has reached the setting's
    /// threshold. Called at a run's start and between probes: what the
    /// analysis reads of the options dead so far (when each died, which are
    /// chosen) is read off the trail and the chosen list; their causes it
    /// never reads (it expands only the kills within a probe).
    pub(super) fn switch_on_learning_when_due(&mut self) {
        if self.learn.on || self.nodes + self.probes < self.learn.after {
            return;
        }
        self.learn.allocate();
        self.note_root();
        self.learn.on = true;
        self.learn.chosen_in.fill(u32::MAX);
        for &o in &self.chosen {
            self.learn.chosen_in[self.opts[o as usize].group as usize] = o;
        }
        // The trail's deaths, in the order `died` would have met them; every
        // option not on the trail is alive, or chosen.
        let deaths: Vec<(usize, u32)> =
            self.options_on_trail_before(self.trail.len()).filter(|&(_, o)| !self.learn_chosen(o)).collect();
        self.learn.group_died_at.fill(0);
        self.learn.dead.fill(false);
        for &(at, o) in deaths.iter().rev() {
            let g = self.opts[o as usize].group as usize;
            self.learn.died(o, g, at, CAUSE_OTHER);
        }
    }

    /// The options on the trail below length `end`, last first, each with
    /// its position: read backwards, as undo reads it, a closed group's
    /// live count (no option) is told from its marker after it.
    fn options_on_trail_before(&self, end: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        let mut at = end;
        std::iter::from_fn(move || {
            while at > 0 {
                at -= 1;
                let entry = self.trail[at];
                if entry & CLOSED_GROUP == CLOSED_GROUP {
                    at -= 1;
                    continue;
                }
                return Some((at, entry & !CLOSED_MEMBER));
            }
            None
        })
    }

    /// Notes each cell's live weights at the root (see `root_range`), from
    /// the options not on the trail before its root length; once a search.
    fn note_root(&mut self) {
        if !self.learn.root_range.is_empty() {
            return;
        }
        let mut root_dead = vec![false; self.alive.len()];
        for (_, o) in self.options_on_trail_before(self.root_trail) {
            root_dead[o as usize] = true;
        }
        // A group with none alive at the root (closed there) has nothing
        // that could come back: an empty range.
        self.learn.root_range = vec![(u32::MAX, 0); self.cells.len()];
        for g in 0..self.group_live.len() {
            for m in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                let p = self.group_opts[m as usize] as usize;
                if root_dead[p] {
                    continue;
                }
                for (k, c) in (self.group_cells_start[g]..self.group_cells_start[g + 1]).enumerate() {
                    let x = self.opt_weights[self.opts[p].slots as usize + k];
                    let range = &mut self.learn.root_range[c as usize];
                    *range = (range.0.min(x), range.1.max(x));
                }
            }
        }
    }

    /// This run's clauses learned and the options they killed.
    #[cfg(test)]
    pub(crate) fn learned(&self) -> (u64, u64) {
        (self.learn.learned, self.learn.fired)
    }

    /// Whether option `o` is chosen, while learning is on.
    #[inline(always)]
    pub(super) fn learn_chosen(&self, o: u32) -> bool {
        self.learn.is_chosen(o, self.opts[o as usize].group as usize)
    }

    /// When the clauses pass their limit: keeps the newest half of the
    /// limit and, of the older ones, the quarter that killed the most since
    /// the last reduction (none idle). Only between probes: the causes that
    /// name clauses by number are read for kills within a probe.
    pub(super) fn reduce_clauses(&mut self) {
        let count = self.learn.clauses.len();
        let kept_at_most = self.learn.kept;
        if count <= kept_at_most {
            return;
        }
        let newest = count - kept_at_most / 2;
        let mut older: Vec<u32> = (0..newest as u32).filter(|&c| self.learn.clauses[c as usize].fired > 0).collect();
        older.sort_unstable_by_key(|&c| std::cmp::Reverse(self.learn.clauses[c as usize].fired));
        older.truncate(kept_at_most / 4);
        older.sort_unstable();
        let kept: Vec<u32> = older.into_iter().chain(newest as u32..count as u32).collect();
        let mut lits = Vec::with_capacity(self.learn.lits.len() / 2);
        let mut clauses = Vec::with_capacity(kept.len());
        for w in &mut self.learn.watches {
            w.clear();
        }
        for c in kept {
            let clause = self.learn.clauses[c as usize];
            let start = lits.len();
            lits.extend_from_slice(&self.learn.lits[clause.start as usize..clause.end as usize]);
            // Watch two live options where there are, else the ones that
            // died last (they come back first).
            let own = &mut lits[start..];
            own.sort_unstable_by_key(|&p| {
                let dead = self.dead_literal(p);
                (dead, std::cmp::Reverse(self.learn.dead_at[p as usize]))
            });
            let id = clauses.len() as u32;
            for &p in own.iter().take(2) {
                self.learn.watches[p as usize].push((id, clause.target));
            }
            clauses.push(Clause { start: start as u32, end: lits.len() as u32, fired: 0, ..clause });
        }
        self.learn.clauses = clauses;
        self.learn.lits = lits;
    }

    /// Whether `o` is dead in the clauses' sense: not alive and not chosen
    /// (a chosen option's group is closed, itself included).
    #[inline(always)]
    fn dead_literal(&self, o: u32) -> bool {
        #[cfg(test)]
        assert_eq!(self.learn.dead[o as usize], !self.alive[o as usize] && !self.learn_chosen(o), "option {o}");
        self.learn.dead[o as usize]
    }

    /// Whether `o` was dead (in the clauses' sense) before trail length `at`.
    #[inline(always)]
    fn died_before(&self, o: usize, at: u32) -> bool {
        self.dead_literal(o as u32) && self.learn.dead_at[o] < at
    }

    /// Fires the clauses watched by options that died. False when one
    /// fires on a chosen option: the node fails.
    pub(super) fn fire_clauses(&mut self) -> bool {
        while let Some(p) = self.learn.events.pop() {
            let mut list = std::mem::take(&mut self.learn.watches[p as usize]);
            let mut k = 0;
            let mut fits = true;
            while k < list.len() {
                let (c, t) = list[k];
                // The target dead already: nothing to do, and the watch may
                // stay (the target died on this level or above: they come
                // back together).
                if self.dead_literal(t) {
                    k += 1;
                    continue;
                }
                let clause = self.learn.clauses[c as usize];
                let (a, b) = (clause.start as usize, clause.end as usize);
                if b - a >= 2 {
                    if self.learn.lits[a] == p {
                        self.learn.lits.swap(a, a + 1);
                    }
                    // The other watch alive: the clause cannot fire before
                    // it dies, which will visit it; this watch may stay.
                    if !self.dead_literal(self.learn.lits[a]) {
                        k += 1;
                        continue;
                    }
                    if let Some(at) = (a + 2..b).find(|&at| !self.dead_literal(self.learn.lits[at])) {
                        self.learn.lits.swap(a + 1, at);
                        let next = self.learn.lits[a + 1];
                        self.learn.watches[next as usize].push((c, t));
                        list.swap_remove(k);
                        continue;
                    }
                }
                k += 1;
                if self.alive[t as usize] {
                    self.learn.fired += 1;
                    self.learn.clauses[c as usize].fired += 1;
                    self.kill(t);
                    self.learn.set_cause(t, CAUSE_CLAUSE | c);
                } else if self.learn_chosen(t) {
                    self.learn.failure = Failure::Clause(c);
                    fits = false;
                    break;
                }
            }
            debug_assert!(self.learn.watches[p as usize].is_empty());
            self.learn.watches[p as usize] = list;
            if !fits {
                self.learn.events.clear();
                return false;
            }
        }
        true
    }

    /// The lightest and heaviest weights on group `g`'s cell `k` of its
    /// options not dead before trail length `at` (a chosen option counts as
    /// live), or (0, 0) if none: read option by option.
    fn live_share_before(&self, g: u32, k: u32, at: u32) -> (u32, u32) {
        let (mut lo, mut hi, mut any) = (u32::MAX, 0, false);
        for m in self.group_opts_start[g as usize]..self.group_opts_start[g as usize + 1] {
            let p = self.group_opts[m as usize] as usize;
            if !self.died_before(p, at) {
                let x = self.opt_weights[(self.opts[p].slots + k) as usize];
                any = true;
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
        if any { (lo, hi) } else { (0, 0) }
    }

    /// Why `item` stood out of its range at trail length `at` (past its high
    /// end if `high`, else short of its low end), with `extra` added to it
    /// and group `skip` left out (the option being explained is that
    /// group's): the options of its other groups dead by then that, alive,
    /// could have brought it back, into `self.learn.reason`. The item's
    /// slack past its range spares whole groups, the cheapest first, as
    /// lazy clause generation lifts a linear constraint's explanation.
    /// False when the item was not out of range (which would be a bug).
    fn explain_item(&mut self, item: usize, high: bool, skip: u32, extra: u32, at: u32) -> bool {
        let root = self.root_trail as u32;
        let mut total = i64::from(extra);
        self.learn.shares.clear();
        for c in self.item_cells_start[item]..self.item_cells_start[item + 1] {
            let (cell, g, k) = self.item_cells[c as usize];
            if g == skip {
                continue;
            }
            // The live share at `at` (a chosen option counts as live) and
            // what the dead could add: the root's dead never come back, so
            // the root's lightest and heaviest bound what the group could
            // add alive.
            let chosen = self.learn.chosen_in[g as usize];
            let (live_lo, live_hi) = if self.learn.group_died_at[g as usize] >= at {
                self.live_share_before(g, k, at)
            } else if self.group_live[g as usize] > 0 {
                // Nothing of the group died since: its live options are
                // those of then.
                let cell = &self.cells[cell as usize];
                (cell.lightest, cell.heaviest)
            } else if chosen != u32::MAX {
                // Closed around its chosen option, which counts as live,
                // before then or with the rest already dead.
                let x = self.opt_weights[(self.opts[chosen as usize].slots + k) as usize];
                (x, x)
            } else {
                self.live_share_before(g, k, at)
            };
            // The shortcuts above read what the option by option reading would.
            #[cfg(test)]
            assert_eq!((live_lo, live_hi), self.live_share_before(g, k, at), "group {g}'s share at {at}");
            let (root_lo, root_hi) = self.learn.root_range[cell as usize];
            total += i64::from(if high { live_lo } else { live_hi });
            let gain = if high { live_lo.saturating_sub(root_lo) } else { root_hi.saturating_sub(live_hi) };
            if gain > 0 {
                self.learn.shares.push((gain, g, k, if high { live_lo } else { live_hi }));
            }
        }
        let range = &self.sums.items[item];
        let mut slack = if high { total - i64::from(range.hi) - 1 } else { i64::from(range.lo) - 1 - total };
        if slack < 0 {
            return false;
        }
        self.learn.shares.sort_unstable_by_key(|&(gain, ..)| gain);
        for n in 0..self.learn.shares.len() {
            let (gain, g, k, bound) = self.learn.shares[n];
            if i64::from(gain) <= slack {
                slack -= i64::from(gain);
                continue;
            }
            for m in self.group_opts_start[g as usize]..self.group_opts_start[g as usize + 1] {
                let p = self.group_opts[m as usize];
                let pu = p as usize;
                if !self.died_before(pu, at) || self.learn.dead_at[pu] < root {
                    continue;
                }
                let x = self.opt_weights[(self.opts[pu].slots + k) as usize];
                if (high && x < bound) || (!high && x > bound) {
                    self.learn.reason.push(p);
                }
            }
        }
        true
    }

    /// After `choose(o)` failed in a probe that started at trail length
    /// `mark`, before its undo: learns a clause for `o`, unless the failure
    /// cannot be explained.
    pub(super) fn learn_from_probe(&mut self, o: u32, mark: usize) {
        self.learn.stamp = self.learn.stamp.wrapping_add(1);
        if self.learn.stamp == 0 {
            self.learn.seen.fill(0);
            self.learn.stamp = 1;
        }
        let stamp = self.learn.stamp;
        self.learn.stack.clear();
        self.learn.reason.clear();
        let now = self.trail.len() as u32;
        match std::mem::take(&mut self.learn.failure) {
            Failure::Clause(c) => {
                self.learn.stack_clause(c);
                let clause = self.learn.clauses[c as usize];
                // The target is chosen: its group's other options are dead.
                let g = self.opts[clause.target as usize].group as usize;
                for m in self.group_opts_start[g]..self.group_opts_start[g + 1] {
                    let p = self.group_opts[m as usize];
                    if p != clause.target {
                        self.learn.stack.push(p);
                    }
                }
            }
            Failure::Item(item) => {
                let item = item as usize;
                let at = &self.sums.items[item];
                let high = at.committed + at.least > at.hi;
                if !self.explain_item(item, high, u32::MAX, 0, now) {
                    debug_assert!(false, "a failure the analysis does not see");
                    return;
                }
                self.learn.stack.append(&mut self.learn.reason);
            }
            Failure::Unknown => return,
        }
        let mut out = Vec::new();
        let mut expanded = 0;
        while let Some(p) = self.learn.stack.pop() {
            let pu = p as usize;
            if self.learn.seen[pu] == stamp {
                continue;
            }
            self.learn.seen[pu] = stamp;
            debug_assert!(self.dead_literal(p));
            let at = self.learn.dead_at[pu];
            if (at as usize) < self.root_trail {
                continue;
            }
            if (at as usize) < mark {
                out.push(p);
                continue;
            }
            expanded += 1;
            if expanded > EXPANDED_MAX {
                return;
            }
            let cause = self.learn.cause[pu];
            if cause == CAUSE_CLOSED {
                continue;
            } else if cause == CAUSE_OTHER {
                return;
            } else if cause & CAUSE_CLAUSE != 0 {
                self.learn.stack_clause(cause & !CAUSE_CLAUSE);
            } else {
                let item = (cause / 2) as usize;
                let high = cause & 1 == 1;
                let g = self.opts[pu].group;
                let k = self.cell_index(g as usize, item);
                let x = self.opt_weights[(self.opts[pu].slots + k) as usize];
                if !self.explain_item(item, high, g, x, at) {
                    debug_assert!(false, "a kill the analysis does not see");
                    return;
                }
                self.learn.stack.append(&mut self.learn.reason);
            }
        }
        // Watch the two that died last: they come back first.
        out.sort_unstable_by_key(|&p| std::cmp::Reverse(self.learn.dead_at[p as usize]));
        let c = self.learn.clauses.len() as u32;
        let start = self.learn.lits.len() as u32;
        for &p in out.iter().take(2) {
            self.learn.watches[p as usize].push((c, o));
        }
        self.learn.lits.extend_from_slice(&out);
        self.learn.clauses.push(Clause { target: o, start, end: self.learn.lits.len() as u32, fired: 0 });
        self.learn.learned += 1;
    }

    /// The index of `item`'s cell within group `g`'s cells.
    fn cell_index(&self, g: usize, item: usize) -> u32 {
        let cells = &self.cells[self.group_cells_start[g] as usize..self.group_cells_start[g + 1] as usize];
        cells.iter().position(|cell| cell.item as usize == item).expect("the group has a cell on the item") as u32
    }
}
