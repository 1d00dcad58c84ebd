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

mod analysis;

use super::layout::Layout;
use super::state::State;
use super::trail;
use crate::settings::Learning;

/// Why an option died, for the analysis: killed by the bounds of an item
/// (`2 * item + high`, see [`Learned::killed_by_item`]), by a clause, by its group's closure around a
/// chosen option, or otherwise (what the analysis cannot explain, or a
/// kill outside a probe, which it never expands).
const CAUSE_OTHER: u32 = u32::MAX;
const CAUSE_CLOSED: u32 = u32::MAX - 1;
const CAUSE_CLAUSE: u32 = 1 << 31;
/// A kill by a connectivity rule, with the number of its reason in
/// `cut_spans` (see [`Learned::killed_by_cut`]); its tag's bits hold
/// `CAUSE_CLAUSE`'s, so the analysis tells it apart first.
const CAUSE_CUT: u32 = 3 << 30;

/// The words before each clause's options in `lits`: its number and where
/// its options end. A watch names the header, so that its visit reads the
/// clause from one place (most often one cache line), not from a table of
/// clauses and then its options: on the hardest random 40x40 puzzle
/// measured, a probing run visits 29M watches, 17M past their target.
const HEADER: usize = 2;

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

/// The clauses and what the analysis reads; empty when never on.
#[derive(Default)]
pub(super) struct Learned {
    /// Whether this run learns yet, and the work after which it does.
    on: bool,
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
    /// Each clause's options after a header of two words, its number and
    /// where its options end (see [`HEADER`]).
    lits: Vec<u32>,
    /// Per option: the clauses it watches, each as where its header is in
    /// `lits` and its target (read first: a dead target leaves nothing to
    /// do).
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
    failure: Failure,
    /// Why a connectivity rule failed the last propagation (see
    /// `failed_on_cut`).
    cut_failure: Vec<u32>,
    /// Why each option a connectivity rule killed within this probe died:
    /// `cut_reasons[cut_spans[n].0..cut_spans[n].1]` for cause
    /// `CAUSE_CUT | n`. Emptied as each probe starts: the analysis expands
    /// only a probe's own kills.
    cut_reasons: Vec<u32>,
    cut_spans: Vec<(u32, u32)>,
    /// This run's clauses learned and options they killed.
    learned: u64,
    fired: u64,
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
    /// `switch_on_when_due` starts it again.
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

    /// Whether this run learns yet: the search tells it of kills, revivals
    /// and choices only then.
    #[inline(always)]
    pub(super) fn is_on(&self) -> bool {
        self.on
    }

    /// Option `o` of group `g` was killed at trail length `at`, by what the
    /// analysis does not explain unless told (see `killed_by_item`).
    #[inline(always)]
    pub(super) fn killed(&mut self, o: u32, g: usize, at: usize) {
        self.died(o, g, at, CAUSE_OTHER);
    }

    /// Option `o` of group `g` was killed at trail length `at` as its group
    /// closed around a chosen option (the chosen one itself is not dead).
    #[inline(always)]
    pub(super) fn closed(&mut self, o: u32, g: usize, at: usize) {
        if !self.is_chosen(o, g) {
            self.died(o, g, at, CAUSE_CLOSED);
        }
    }

    /// Option `o`, just killed, was killed by `item`'s bounds: it would have
    /// taken the item past its high end (`high`) or out of reach of its low
    /// end.
    #[inline(always)]
    pub(super) fn killed_by_item(&mut self, o: u32, item: usize, high: bool) {
        self.cause[o as usize] = (item as u32) * 2 + high as u32;
    }

    /// Option `o` of group `g`, closed with its group, comes back.
    #[inline(always)]
    pub(super) fn reopened(&mut self, o: u32, g: usize) {
        if !self.is_chosen(o, g) {
            self.revived(o, g);
        }
    }

    /// A propagation failed on `item`, out of reach.
    #[inline(always)]
    pub(super) fn failed_on_item(&mut self, item: u32) {
        self.failure = Failure::Item(item);
    }

    /// A propagation failed on a connectivity rule, because the options of
    /// `reason` are dead (see [`super::connected`]).
    pub(super) fn failed_on_cut(&mut self, reason: &[u32]) {
        self.cut_failure.clear();
        self.cut_failure.extend_from_slice(reason);
        self.failure = Failure::Cut;
    }

    /// Option `o`, just killed within a probe, was killed by a connectivity
    /// rule because the options of `reason` are dead.
    pub(super) fn killed_by_cut(&mut self, o: u32, reason: &[u32]) {
        let n = self.cut_spans.len() as u32;
        if n >= CAUSE_OTHER - CAUSE_CUT - 1 {
            return;
        }
        let start = self.cut_reasons.len() as u32;
        self.cut_reasons.extend_from_slice(reason);
        self.cut_spans.push((start, self.cut_reasons.len() as u32));
        self.cause[o as usize] = CAUSE_CUT | n;
    }

    /// A probe starts: no failure yet.
    #[inline(always)]
    pub(super) fn probe_starts(&mut self) {
        self.failure = Failure::Unknown;
        self.cut_reasons.clear();
        self.cut_spans.clear();
    }

    /// Option `o` of group `g` died at trail length `at`, for this cause.
    #[inline(always)]
    fn died(&mut self, o: u32, g: usize, at: usize, cause: u32) {
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

    /// Option `o` of group `g` is chosen, or no longer; while learning is on.
    pub(super) fn set_chosen(&mut self, o: u32, g: usize, chosen: bool) {
        self.chosen_in[g] = if chosen { o } else { u32::MAX };
    }

    /// Whether option `o` of group `g` is chosen.
    #[inline(always)]
    fn is_chosen(&self, o: u32, g: usize) -> bool {
        self.chosen_in[g] == o
    }

    pub(super) fn has_events(&self) -> bool {
        !self.events.is_empty()
    }

    /// After a failed propagation: the deaths not yet looked at come back.
    pub(super) fn drop_events(&mut self) {
        self.events.clear();
    }
}

/// What a failed propagation failed on.
#[derive(Clone, Copy, Debug, Default)]
enum Failure {
    #[default]
    Unknown,
    /// An item out of reach, too high or not.
    Item(u32),
    /// A clause fired on a chosen option.
    Clause(u32),
    /// A connectivity rule, for the reason in `cut_failure`.
    Cut,
}

impl Learned {
    /// Starts learning when the run's work has reached the setting's
    /// threshold. Called at a run's start and between probes: what the
    /// analysis reads of the options dead so far (when each died, which are
    /// chosen) is read off the trail and the chosen list; their causes it
    /// never reads (it expands only the kills within a probe).
    pub(super) fn switch_on_when_due(&mut self, work: u64, layout: &Layout, state: &State, root: usize) {
        if self.on || work < self.after {
            return;
        }
        self.allocate();
        self.note_root(layout, state, root);
        self.on = true;
        self.chosen_in.fill(u32::MAX);
        for &o in &state.chosen {
            self.chosen_in[layout.opts[o as usize].group as usize] = o;
        }
        // The trail's deaths, in the order `died` would have met them; every
        // option not on the trail is alive, or chosen.
        let deaths: Vec<(usize, u32)> = trail::options_before(&state.trail, state.trail.len())
            .filter(|&(_, o)| !self.learn_chosen(layout, o))
            .collect();
        self.group_died_at.fill(0);
        self.dead.fill(false);
        for &(at, o) in deaths.iter().rev() {
            let g = layout.opts[o as usize].group as usize;
            self.died(o, g, at, CAUSE_OTHER);
        }
    }

    /// Notes each cell's live weights at the root (see `root_range`), from
    /// the options not on the trail before its root length; once a search.
    fn note_root(&mut self, layout: &Layout, state: &State, root: usize) {
        if !self.root_range.is_empty() {
            return;
        }
        let mut root_dead = vec![false; state.alive.len()];
        for (_, o) in trail::options_before(&state.trail, root) {
            root_dead[o as usize] = true;
        }
        // A group with none alive at the root (closed there) has nothing
        // that could come back: an empty range.
        self.root_range = vec![(u32::MAX, 0); state.cells.len()];
        for g in 0..state.group_live.len() {
            for m in layout.group_opts_start[g]..layout.group_opts_start[g + 1] {
                let p = layout.group_opts[m as usize] as usize;
                if root_dead[p] {
                    continue;
                }
                for (k, c) in (layout.group_cells_start[g]..layout.group_cells_start[g + 1]).enumerate() {
                    let x = layout.opt_weights[layout.opts[p].slots as usize + k];
                    let range = &mut self.root_range[c as usize];
                    *range = (range.0.min(x), range.1.max(x));
                }
            }
        }
    }

    /// This run's clauses learned and the options they killed.
    #[cfg(test)]
    pub(crate) fn learned(&self) -> (u64, u64) {
        (self.learned, self.fired)
    }

    /// Whether option `o` is chosen, while learning is on.
    #[inline(always)]
    fn learn_chosen(&self, layout: &Layout, o: u32) -> bool {
        self.is_chosen(o, layout.opts[o as usize].group as usize)
    }

    /// When the clauses pass their limit: keeps the newest half of the
    /// limit and, of the older ones, the quarter that killed the most since
    /// the last reduction (none idle). Only between probes: the causes that
    /// name clauses by number are read for kills within a probe.
    pub(super) fn reduce_clauses(&mut self, layout: &Layout, state: &State) {
        let count = self.clauses.len();
        let kept_at_most = self.kept;
        if count <= kept_at_most {
            return;
        }
        let newest = count - kept_at_most / 2;
        let mut older: Vec<u32> = (0..newest as u32).filter(|&c| self.clauses[c as usize].fired > 0).collect();
        older.sort_unstable_by_key(|&c| std::cmp::Reverse(self.clauses[c as usize].fired));
        older.truncate(kept_at_most / 4);
        older.sort_unstable();
        let kept: Vec<u32> = older.into_iter().chain(newest as u32..count as u32).collect();
        let old_clauses = std::mem::take(&mut self.clauses);
        let capacity = self.lits.len() / 2;
        let old_lits = std::mem::replace(&mut self.lits, Vec::with_capacity(capacity));
        for w in &mut self.watches {
            w.clear();
        }
        for c in kept {
            let clause = old_clauses[c as usize];
            let mut own = old_lits[clause.start as usize..clause.end as usize].to_vec();
            // Watch two live options where there are, else the ones that
            // died last (they come back first).
            own.sort_unstable_by_key(|&p| {
                let dead = self.dead_literal(layout, state, p);
                (dead, std::cmp::Reverse(self.dead_at[p as usize]))
            });
            self.add_clause(clause.target, &own);
        }
    }

    /// Keeps the clause "when every option of `own` is dead, `target`
    /// dies", watched by the first two of `own`.
    fn add_clause(&mut self, target: u32, own: &[u32]) {
        let id = self.clauses.len() as u32;
        let header = self.lits.len() as u32;
        let (start, end) = (header + HEADER as u32, header + (HEADER + own.len()) as u32);
        self.lits.extend_from_slice(&[id, end]);
        self.lits.extend_from_slice(own);
        for &p in own.iter().take(2) {
            self.watches[p as usize].push((header, target));
        }
        self.clauses.push(Clause { target, start, end, fired: 0 });
    }

    /// Whether `o` is dead in the clauses' sense: not alive and not chosen
    /// (a chosen option's group is closed, itself included).
    #[inline(always)]
    fn dead_literal(&self, layout: &Layout, state: &State, o: u32) -> bool {
        debug_assert_eq!(
            self.dead[o as usize],
            !state.alive[o as usize] && !self.learn_chosen(layout, o),
            "option {o}"
        );
        self.dead[o as usize]
    }

    /// Whether `o` was dead (in the clauses' sense) before trail length `at`.
    #[inline(always)]
    fn died_before(&self, layout: &Layout, state: &State, o: usize, at: u32) -> bool {
        self.dead_literal(layout, state, o as u32) && self.dead_at[o] < at
    }

    /// Fires the clauses watched by options that died. False when one
    /// fires on a chosen option: the node fails.
    pub(super) fn fire_clauses(&mut self, layout: &Layout, state: &mut State) -> bool {
        while let Some(p) = self.events.pop() {
            let mut list = std::mem::take(&mut self.watches[p as usize]);
            let mut k = 0;
            let mut fits = true;
            while let Some((header, t)) =
                next_to_fire(&mut list, &mut k, p, &self.dead, &mut self.lits, &mut self.watches)
            {
                let h = header as usize;
                debug_assert!(
                    self.lits[h + HEADER..self.lits[h + 1] as usize]
                        .iter()
                        .all(|&q| self.dead_literal(layout, state, q))
                        && !self.dead_literal(layout, state, t),
                    "a clause fires with its options dead and its target not"
                );
                let c = self.lits[h];
                if state.alive[t as usize] {
                    self.fired += 1;
                    self.clauses[c as usize].fired += 1;
                    let (g, at) = state.kill(layout, t);
                    self.died(t, g, at, CAUSE_CLAUSE | c);
                } else if self.learn_chosen(layout, t) {
                    self.failure = Failure::Clause(c);
                    fits = false;
                    break;
                }
            }
            debug_assert!(self.watches[p as usize].is_empty());
            self.watches[p as usize] = list;
            if !fits {
                self.events.clear();
                return false;
            }
        }
        true
    }
}

/// Visits `list`, the watches of option `p` that just died, from `k` on:
/// a watch whose target is dead (in the clauses' sense: `dead`) or whose
/// other watched option lives stays; one whose clause has another option
/// alive moves to it; the first whose clause has every option dead is
/// returned, as its header and target, with `k` past it. Apart from the
/// learner so that the loop, most of learning's time, holds the tables it
/// reads in registers and not behind `self` (a watch moved is a store the
/// compiler cannot tell from them).
#[inline(always)]
fn next_to_fire(
    list: &mut Vec<(u32, u32)>,
    k: &mut usize,
    p: u32,
    dead: &[bool],
    lits: &mut [u32],
    watches: &mut [Vec<(u32, u32)>],
) -> Option<(u32, u32)> {
    while *k < list.len() {
        let (header, t) = list[*k];
        // The target dead already: nothing to do, and the watch may stay
        // (the target died on this level or above: they come back
        // together).
        if dead[t as usize] {
            *k += 1;
            continue;
        }
        let h = header as usize;
        let (a, b) = (h + HEADER, lits[h + 1] as usize);
        if b - a >= 2 {
            if lits[a] == p {
                lits.swap(a, a + 1);
            }
            // The other watch alive: the clause cannot fire before it dies,
            // which will visit it; this watch may stay.
            if !dead[lits[a] as usize] {
                *k += 1;
                continue;
            }
            if let Some(at) = (a + 2..b).find(|&at| !dead[lits[at] as usize]) {
                lits.swap(a + 1, at);
                watches[lits[a + 1] as usize].push((header, t));
                list.swap_remove(*k);
                continue;
            }
        }
        *k += 1;
        return Some((header, t));
    }
    None
}
