//! Connectivity rules ([`crate::Problem::add_connected`]): "the chosen
//! vertices of this graph form one connected set", checked as the search
//! goes, at the end of every propagation.
//!
//! A vertex is an option. At a node it is *in* when its option is chosen,
//! or is the last live option of an exact group (every solution below
//! takes it); *out* when its option is dead and not chosen; *open*
//! otherwise. The check walks from one vertex that is in through every
//! vertex that is not out. A vertex that is in and was not reached fails
//! the node: the vertices out around the walked part cut it from the rest.
//! An open vertex not reached can never join the set (the vertex walked
//! from will be in it): its option dies. The walk is depth-first and keeps
//! Tarjan's low points, so it also finds the open vertices whose loss would
//! cut vertices that are in apart (cut vertices with a vertex in on the
//! far side): such a vertex must be in, and the other options of its exact
//! group die.
//!
//! Why, for learning ([`super::learn`]): a node fails for the options of
//! the out vertices around the walked part, with what makes the two
//! vertices that are in so (the other options of their exact groups,
//! dead); those deaths alone cut the graph there. The same list, less the
//! vertex not reached, is why an open vertex not reached died. A cut
//! vertex's far side is walled off by out vertices but for the cut vertex
//! itself: those, with why a vertex beyond and the walk's start are in, are
//! why it must be in.
//!
//! The walk costs the graph's size once a propagation; a problem without
//! connectivity rules never walks.

use super::layout::Layout;
use super::state::State;
use crate::problem::Connected;

/// What one check found.
pub(super) enum Verdict {
    /// Nothing to do: every vertex that is in can reach every other
    /// through vertices not out, and nothing is pruned.
    Holds,
    /// Some cannot: the reason is in `Connectivity::reason`.
    Cut,
    /// The options of `Connectivity::kills` die, each for its reason.
    Prune,
}

/// One option a check kills, and where its reason is in
/// `Connectivity::reasons`.
#[derive(Clone, Copy)]
pub(super) struct Kill {
    pub(super) option: u32,
    pub(super) reason: (u32, u32),
}

/// The rules and the scratch their checks use.
#[derive(Default)]
pub(super) struct Connectivity {
    graphs: Vec<Connected>,
    /// Per option: whether it is chosen (kept by `choose` and `unchoose`).
    pub(super) chosen: Vec<bool>,
    /// Per vertex of the walk: a stamp when reached, then its discovery
    /// number, low point, and how many vertices that are in its subtree
    /// holds; the walk's stack of (vertex, next neighbour), and the
    /// vertices in discovery order; each vertex's subtree size.
    seen: Vec<u32>,
    stamp: u32,
    discovered: Vec<u32>,
    low: Vec<u32>,
    inside: Vec<u32>,
    size: Vec<u32>,
    parent: Vec<u32>,
    frames: Vec<(u32, u32)>,
    order: Vec<u32>,
    /// Each vertex's standing at the walk's node.
    stands: Vec<Standing>,
    /// (cut vertex, its child whose subtree it cuts off) found by the walk.
    cuts: Vec<(u32, u32)>,
    /// What the last check kills, and their reasons (filled only when asked
    /// for).
    pub(super) kills: Vec<Kill>,
    pub(super) reasons: Vec<u32>,
    /// The options whose deaths made the last check fail (see the module
    /// comment).
    pub(super) reason: Vec<u32>,
}

/// A vertex's standing at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    In,
    Out,
    Open,
}

impl Connectivity {
    pub(super) fn new(graphs: &[Connected], options: usize) -> Connectivity {
        let largest = graphs.iter().map(Connected::vertex_count).max().unwrap_or(0);
        Connectivity {
            graphs: graphs.to_vec(),
            chosen: if graphs.is_empty() { Vec::new() } else { vec![false; options] },
            seen: vec![0; largest],
            discovered: vec![0; largest],
            low: vec![0; largest],
            inside: vec![0; largest],
            size: vec![0; largest],
            parent: vec![0; largest],
            ..Connectivity::default()
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.graphs.is_empty()
    }

    fn standing(&self, layout: &Layout, state: &State, option: u32) -> Standing {
        if option == Connected::ALWAYS {
            return Standing::In;
        }
        let o = option as usize;
        if self.chosen[o] {
            return Standing::In;
        }
        if !state.alive[o] {
            return Standing::Out;
        }
        let g = layout.opts[o].group as usize;
        if layout.group_exact[g] && state.group_live[g] == 1 { Standing::In } else { Standing::Open }
    }

    /// Why a vertex that is in is so: the other options of its group (dead
    /// while it is chosen or the last one live), into `out`.
    fn reason_in(layout: &Layout, option: u32, out: &mut Vec<u32>) {
        if option == Connected::ALWAYS {
            return;
        }
        let g = layout.opts[option as usize].group as usize;
        let members = &layout.group_opts[layout.group_opts_start[g] as usize..layout.group_opts_start[g + 1] as usize];
        out.extend(members.iter().copied().filter(|&p| p != option));
    }

    /// The options of the out vertices next to `part` (vertices by their
    /// stamp, as `is_in_part` says), into `out`.
    fn walls(graph: &Connected, part: &[u32], is_in_part: impl Fn(usize) -> bool, extra: u32, out: &mut Vec<u32>) {
        let start = out.len();
        for &v in part {
            for &w in graph.neighbours(v as usize) {
                let option = graph.options[w as usize];
                if !is_in_part(w as usize) && w != extra && option != Connected::ALWAYS {
                    out.push(option);
                }
            }
        }
        out[start..].sort_unstable();
        let mut kept = start;
        for k in start..out.len() {
            if kept == start || out[k] != out[kept - 1] {
                out[kept] = out[k];
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Checks every rule, stopping at the first that fails or kills;
    /// `reasons` says whether to say why (for learning).
    pub(super) fn check(&mut self, layout: &Layout, state: &State, reasons: bool) -> Verdict {
        for k in 0..self.graphs.len() {
            let graph = std::mem::take(&mut self.graphs[k]);
            let verdict = self.walk(layout, state, &graph, reasons);
            self.graphs[k] = graph;
            if !matches!(verdict, Verdict::Holds) {
                return verdict;
            }
        }
        Verdict::Holds
    }

    /// The depth-first walk from the first vertex that is in, through the
    /// vertices not out, with each vertex's low point and count of vertices
    /// in below it; notes the cut vertices that are open and cut vertices
    /// that are in off from the start. Returns the start.
    fn depth_first(&mut self, layout: &Layout, state: &State, graph: &Connected) -> Option<usize> {
        let n = graph.vertex_count();
        // Each vertex's standing, read once: the walk reads it an edge at a time.
        let mut stands = std::mem::take(&mut self.stands);
        stands.clear();
        stands.extend(graph.options.iter().map(|&o| self.standing(layout, state, o)));
        self.stands = stands;
        let start = (0..n).find(|&v| self.stands[v] == Standing::In)?;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.order.clear();
        self.cuts.clear();
        self.frames.clear();
        let visit = |this: &mut Self, v: usize, parent: u32| {
            this.seen[v] = stamp;
            this.discovered[v] = this.order.len() as u32;
            this.low[v] = this.discovered[v];
            this.inside[v] = u32::from(this.stands[v] == Standing::In);
            this.parent[v] = parent;
            this.order.push(v as u32);
            this.frames.push((v as u32, 0));
        };
        visit(self, start, u32::MAX);
        while let Some(&(v, next)) = self.frames.last() {
            let vu = v as usize;
            let around = graph.neighbours(vu);
            if (next as usize) < around.len() {
                self.frames.last_mut().expect("a frame").1 += 1;
                let w = around[next as usize] as usize;
                if self.seen[w] == stamp {
                    if w as u32 != self.parent[vu] {
                        self.low[vu] = self.low[vu].min(self.discovered[w]);
                    }
                } else if self.stands[w] != Standing::Out {
                    visit(self, w, v);
                }
                continue;
            }
            self.frames.pop();
            self.size[vu] = self.order.len() as u32 - self.discovered[vu];
            let p = self.parent[vu];
            if p == u32::MAX {
                continue;
            }
            let pu = p as usize;
            self.low[pu] = self.low[pu].min(self.low[vu]);
            self.inside[pu] += self.inside[vu];
            // `p` cuts `v`'s subtree off from the start, which is in.
            if self.low[vu] >= self.discovered[pu] && self.inside[vu] > 0 && self.stands[pu] == Standing::Open {
                self.cuts.push((p, v));
            }
        }
        Some(start)
    }

    fn walk(&mut self, layout: &Layout, state: &State, graph: &Connected, reasons: bool) -> Verdict {
        let Some(start) = self.depth_first(layout, state, graph) else { return Verdict::Holds };
        let stamp = self.stamp;
        let n = graph.vertex_count();
        self.kills.clear();
        self.reasons.clear();
        let mut cut_from = None;
        for v in (0..n).filter(|&v| self.seen[v] != stamp) {
            match self.stands[v] {
                Standing::In => {
                    cut_from = Some(v);
                    break;
                }
                Standing::Open => self.kills.push(Kill { option: graph.options[v], reason: (0, 0) }),
                Standing::Out => {}
            }
        }
        let seen = &self.seen;
        if let Some(v) = cut_from {
            self.reason.clear();
            Self::walls(graph, &self.order, |w| seen[w] == stamp, u32::MAX, &mut self.reason);
            Self::reason_in(layout, graph.options[start], &mut self.reason);
            Self::reason_in(layout, graph.options[v], &mut self.reason);
            return Verdict::Cut;
        }
        if reasons && !self.kills.is_empty() {
            Self::walls(graph, &self.order, |w| seen[w] == stamp, u32::MAX, &mut self.reasons);
            Self::reason_in(layout, graph.options[start], &mut self.reasons);
            let span = (0, self.reasons.len() as u32);
            for kill in &mut self.kills {
                kill.reason = span;
            }
        }
        // Each open cut vertex must be in: the other options of its exact
        // group die.
        for k in 0..self.cuts.len() {
            let (p, child) = self.cuts[k];
            let option = graph.options[p as usize];
            let g = layout.opts[option as usize].group as usize;
            if !layout.group_exact[g] {
                continue;
            }
            let span = if reasons {
                let from = self.reasons.len() as u32;
                // The subtree is a run of the discovery order.
                let lo = self.discovered[child as usize] as usize;
                let hi = lo + self.size[child as usize] as usize;
                let (discovered, order) = (&self.discovered, &self.order);
                let part = &order[lo..hi];
                let in_part =
                    |w: usize| seen[w] == stamp && (discovered[w] as usize) >= lo && (discovered[w] as usize) < hi;
                Self::walls(graph, part, in_part, p, &mut self.reasons);
                let beyond = part
                    .iter()
                    .find(|&&w| self.stands[w as usize] == Standing::In)
                    .map(|&w| graph.options[w as usize])
                    .expect("a vertex in beyond the cut");
                Self::reason_in(layout, beyond, &mut self.reasons);
                Self::reason_in(layout, graph.options[start], &mut self.reasons);
                (from, self.reasons.len() as u32)
            } else {
                (0, 0)
            };
            let members =
                &layout.group_opts[layout.group_opts_start[g] as usize..layout.group_opts_start[g + 1] as usize];
            for &other in members {
                if other != option && state.alive[other as usize] {
                    self.kills.push(Kill { option: other, reason: span });
                }
            }
        }
        if self.kills.is_empty() { Verdict::Holds } else { Verdict::Prune }
    }

    /// Whether every rule holds on a solution, given as its chosen options.
    pub(super) fn holds_on(&self, chosen: &[u32], options: usize) -> bool {
        if self.graphs.is_empty() {
            return true;
        }
        let mut is_chosen = vec![false; options];
        for &o in chosen {
            is_chosen[o as usize] = true;
        }
        self.graphs
            .iter()
            .all(|graph| graph.holds(|v| graph.options[v] == Connected::ALWAYS || is_chosen[graph.options[v] as usize]))
    }
}
