//! Restarts that keep the search complete: when a run has spent its
//! budget of work, it goes back to the root and starts again, and what it
//! had already walked is recorded as nogoods so that it is never walked
//! twice (Lecoutre, Sais, Tabary and Vidal, "Nogood recording from
//! restarts", IJCAI 2007). The failure counts that steer branching (see
//! `lookahead_group`) are fuller at each restart, so the search starts
//! again on the items where its dead ends are and proves them high in the
//! tree, instead of at the bottom of a branch chosen before it knew.
//!
//! ## The nogoods
//! The search splits a node's solutions by the first option of a list
//! they hold: it chooses the first option, walks that subtree, removes the
//! option, and goes on with the next. On the branch being walked at a
//! restart, each option `x` removed at depth `d` after its subtree was
//! walked says: every solution holding the options chosen above depth `d`
//! and `x` has been found (and reported) already. Those that also hold an
//! option removed earlier on the branch were found under that option; the
//! rest under `x`. So the set {chosen above `d`, `x`} is a nogood: no run
//! after the restart needs to hold all of it (the *reduced nld-nogoods*
//! of the paper, read as "walked" rather than "failed", which is what an
//! enumeration needs). Nothing is lost, and no solution is reported twice.
//!
//! A node where every item is in its range reports its chosen set and then
//! walks the larger sets below it; that report is not covered by any nogood
//! of the branch, so no restart happens below such a node.
//!
//! ## Propagation
//! A nogood of one option removes it at the root. Longer ones watch two of
//! their options that are not chosen (two watched literals, as SAT solvers
//! do): when a watched option is chosen, the nogood watches another; when
//! every other option is chosen, the last is removed. Watches need no undo,
//! as undoing choices only makes more options unchosen.

use crate::settings::Restarts;

/// A nogood's option on the branch that was removed after its subtree was
/// walked, as opposed to the option chosen there.
const WALKED: u32 = 1 << 31;

/// The nogoods of a run, their watches, the branch being walked and when
/// the next restart is due.
#[derive(Default)]
pub(super) struct Nogoods {
    restarts: Restarts,
    /// The nogoods' options, one after another; each nogood's first two
    /// are the ones it watches.
    options: Vec<u32>,
    start: Vec<u32>,
    /// For each option, the nogoods that watch it.
    watching: Vec<Vec<u32>>,
    /// Options removed at the root by nogoods of one option.
    removed: Vec<u32>,
    /// Which options are chosen.
    chosen: Vec<bool>,
    /// The branch being walked: at each depth, the options whose subtrees
    /// were walked (marked `WALKED`), then the option chosen.
    branch: Vec<u32>,
    /// Nodes where every item was in range, on the branch (see the module
    /// comment): no restart below them.
    reported_above: u32,
    /// Restarts so far this run, and the work at which the next is due.
    done: u32,
    due: u64,
    /// Set when a restart is due and the search unwinds to the root.
    pub(super) restarting: bool,
    /// The options the last `choose` forbade.
    forbidden: Vec<u32>,
}

impl Nogoods {
    pub(super) fn new(restarts: Restarts, options: usize) -> Nogoods {
        Nogoods {
            restarts,
            watching: vec![Vec::new(); options],
            chosen: vec![false; options],
            start: vec![0],
            ..Nogoods::default()
        }
    }

    /// Forgets everything for a new run.
    pub(super) fn clear(&mut self) {
        for &o in &self.options {
            self.watching[o as usize].clear();
        }
        self.options.clear();
        self.start.truncate(1);
        self.removed.clear();
        self.branch.clear();
        self.reported_above = 0;
        self.done = 0;
        self.restarting = false;
        self.due = self.budget(0);
    }

    /// The work allowed before restart number `k` (from 0).
    fn budget(&self, k: u32) -> u64 {
        match self.restarts {
            Restarts::Off => u64::MAX,
            Restarts::Geometric(unit) => unit.max(1).saturating_mul(1u64 << k.min(40)),
        }
    }

    /// The options removed at the root by the nogoods so far.
    pub(super) fn removed_at_root(&self) -> &[u32] {
        &self.removed
    }

    /// Marks where a node's list of options starts on the branch.
    #[inline(always)]
    pub(super) fn mark(&self) -> usize {
        self.branch.len()
    }

    /// The search is about to choose `o`.
    #[inline(always)]
    pub(super) fn entering(&mut self, o: u32) {
        if self.restarts != Restarts::Off {
            self.branch.push(o);
        }
    }

    /// The subtree of the option just entered was walked to the end.
    #[inline(always)]
    pub(super) fn walked(&mut self) {
        if let Some(last) = self.branch.last_mut() {
            *last |= WALKED;
        }
    }

    /// The node whose list starts at `mark` is done.
    #[inline(always)]
    pub(super) fn leave(&mut self, mark: usize) {
        self.branch.truncate(mark);
    }

    pub(super) fn enter_reported(&mut self) {
        self.reported_above += 1;
    }

    pub(super) fn leave_reported(&mut self) {
        self.reported_above -= 1;
    }

    /// Whether a restart is due at this much work; if so, records the
    /// branch's nogoods and sets `restarting`.
    #[inline(always)]
    pub(super) fn restart_due(&mut self, work: u64) -> bool {
        if work < self.due || self.reported_above > 0 {
            return false;
        }
        self.record_branch();
        self.restarting = true;
        true
    }

    /// After a restart's unwinding, at the root: the next budget.
    pub(super) fn restarted(&mut self, work: u64) {
        self.restarting = false;
        self.branch.clear();
        self.done += 1;
        self.due = work.saturating_add(self.budget(self.done));
    }

    /// One nogood for each option on the branch whose subtree was walked:
    /// it with the options chosen above it.
    fn record_branch(&mut self) {
        let mut above: Vec<u32> = Vec::new();
        for k in 0..self.branch.len() {
            let entry = self.branch[k];
            if entry & WALKED == 0 {
                above.push(entry);
                continue;
            }
            let x = entry & !WALKED;
            if above.is_empty() {
                self.removed.push(x);
                continue;
            }
            let id = self.start.len() as u32 - 1;
            // Watch the walked option and the deepest chosen one: the
            // last of the nogood's options a search would choose again.
            self.options.push(x);
            self.options.push(*above.last().expect("not empty"));
            self.options.extend_from_slice(&above[..above.len() - 1]);
            self.start.push(self.options.len() as u32);
            self.watching[x as usize].push(id);
            self.watching[*above.last().expect("not empty") as usize].push(id);
        }
    }

    #[inline(always)]
    pub(super) fn unchoose(&mut self, o: u32) {
        if self.restarts != Restarts::Off {
            self.chosen[o as usize] = false;
        }
    }
}

impl Nogoods {
    /// The restarts of the last run.
    #[cfg(test)]
    pub(crate) fn restarts(&self) -> u32 {
        self.done
    }

    /// Option `o` is now chosen: updates the nogoods that watch it, and
    /// lists the options they leave forbidden in `forbidden()`, for the
    /// search to remove. False when a nogood has every option chosen.
    #[inline(always)]
    pub(super) fn choose(&mut self, o: u32) -> bool {
        self.forbidden.clear();
        if self.restarts == Restarts::Off {
            return true;
        }
        self.chosen[o as usize] = true;
        if self.watching[o as usize].is_empty() {
            return true;
        }
        let mut watching = std::mem::take(&mut self.watching[o as usize]);
        let mut fits = true;
        let mut k = 0;
        while k < watching.len() {
            let id = watching[k] as usize;
            let (a, b) = (self.start[id] as usize, self.start[id + 1] as usize);
            let lits = &mut self.options[a..b];
            if lits[0] == o {
                lits.swap(0, 1);
            }
            // Another option not chosen to watch instead of `o`?
            let chosen = &self.chosen;
            if let Some(at) = (2..lits.len()).find(|&at| !chosen[lits[at] as usize]) {
                lits.swap(1, at);
                let next = lits[1] as usize;
                self.watching[next].push(id as u32);
                watching.swap_remove(k);
                continue;
            }
            k += 1;
            let other = lits[0];
            if self.chosen[other as usize] {
                fits = false;
            } else {
                self.forbidden.push(other);
            }
        }
        self.watching[o as usize] = watching;
        fits
    }

    /// The options the last `choose` forbade (some may be dead already).
    #[inline(always)]
    pub(super) fn forbidden(&self) -> &[u32] {
        &self.forbidden
    }
}

impl Nogoods {
    /// Whether some nogood holds only options chosen or in `taken`: the
    /// options a forced completion takes without choosing them (each the
    /// last of its exact group), which no watch saw.
    pub(super) fn holds_all(&mut self, taken: &[u32]) -> bool {
        if self.start.len() == 1 {
            return false;
        }
        for &o in taken {
            self.chosen[o as usize] = true;
        }
        // A nogood inside the set watches two options of it, and not two
        // chosen ones (the second chosen would have failed): one is taken.
        let found = taken.iter().any(|&o| {
            self.watching[o as usize].iter().any(|&id| {
                let (a, b) = (self.start[id as usize] as usize, self.start[id as usize + 1] as usize);
                self.options[a..b].iter().all(|&p| self.chosen[p as usize])
            })
        });
        for &o in taken {
            self.chosen[o as usize] = false;
        }
        found
    }
}
