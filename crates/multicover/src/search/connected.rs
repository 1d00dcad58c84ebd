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
//! from will be in it): its option dies. Failed-option probing then finds
//! the rest one level deep: an open vertex whose loss would cut the set in
//! two (a cut vertex) fails its probe and stays.
//!
//! Why a node failed, for learning ([`super::learn`]): the options of the
//! out vertices around the walked part, with what makes the two vertices
//! that are in so (the other options of their exact groups, dead); those
//! deaths alone cut the graph there. The same list, less the vertex not
//! reached, is why an open vertex not reached died.
//!
//! The walk costs the graph's size once a propagation; a problem without
//! connectivity rules never walks.

use super::layout::Layout;
use super::state::State;
use crate::problem::Connected;

/// What one check found.
pub(super) enum Verdict {
    /// Every vertex that is in can reach every other through vertices not out.
    Holds,
    /// Some cannot: the reason is in `Connectivity::reason`.
    Cut,
    /// The open vertices in `Connectivity::unreachable` cannot reach the
    /// vertices that are in, so they die, for the reason in
    /// `Connectivity::reason`.
    Unreachable,
}

/// The rules and the scratch their checks use.
#[derive(Default)]
pub(super) struct Connectivity {
    graphs: Vec<Connected>,
    /// Per option: whether it is chosen (kept by `choose` and `unchoose`).
    pub(super) chosen: Vec<bool>,
    /// A stamp per vertex walked, and the walk's stack.
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<u32>,
    /// Options of open vertices the last check found unreachable.
    pub(super) unreachable: Vec<u32>,
    /// The options whose deaths made the last check fail or kill (see the
    /// module comment).
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
    /// while it is chosen or the last one live).
    fn reason_in(&mut self, layout: &Layout, option: u32) {
        if option == Connected::ALWAYS {
            return;
        }
        let g = layout.opts[option as usize].group as usize;
        let members = &layout.group_opts[layout.group_opts_start[g] as usize..layout.group_opts_start[g + 1] as usize];
        self.reason.extend(members.iter().copied().filter(|&p| p != option));
    }

    /// Checks every rule, stopping at the first that fails or kills.
    pub(super) fn check(&mut self, layout: &Layout, state: &State) -> Verdict {
        for k in 0..self.graphs.len() {
            let verdict = self.check_graph(layout, state, k);
            if !matches!(verdict, Verdict::Holds) {
                return verdict;
            }
        }
        Verdict::Holds
    }

    fn check_graph(&mut self, layout: &Layout, state: &State, k: usize) -> Verdict {
        let graph = std::mem::take(&mut self.graphs[k]);
        let verdict = self.walk(layout, state, &graph);
        self.graphs[k] = graph;
        verdict
    }

    fn walk(&mut self, layout: &Layout, state: &State, graph: &Connected) -> Verdict {
        let n = graph.vertex_count();
        let Some(start) = (0..n).find(|&v| self.standing(layout, state, graph.options[v]) == Standing::In) else {
            return Verdict::Holds;
        };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.seen[start] = stamp;
        self.stack.clear();
        self.stack.push(start as u32);
        while let Some(v) = self.stack.pop() {
            for &w in graph.neighbours(v as usize) {
                let wu = w as usize;
                if self.seen[wu] != stamp && self.standing(layout, state, graph.options[wu]) != Standing::Out {
                    self.seen[wu] = stamp;
                    self.stack.push(w);
                }
            }
        }
        self.unreachable.clear();
        let mut cut_from = None;
        for v in (0..n).filter(|&v| self.seen[v] != stamp) {
            match self.standing(layout, state, graph.options[v]) {
                Standing::In => {
                    cut_from = Some(v);
                    break;
                }
                Standing::Open => self.unreachable.push(graph.options[v]),
                Standing::Out => {}
            }
        }
        if cut_from.is_none() && self.unreachable.is_empty() {
            return Verdict::Holds;
        }
        // The out vertices around the walked part, and why its start is in.
        self.reason.clear();
        for v in (0..n).filter(|&v| self.seen[v] == stamp) {
            for &w in graph.neighbours(v) {
                let option = graph.options[w as usize];
                if self.seen[w as usize] != stamp && option != Connected::ALWAYS {
                    self.reason.push(option);
                }
            }
        }
        self.reason.sort_unstable();
        self.reason.dedup();
        self.reason_in(layout, graph.options[start]);
        match cut_from {
            Some(v) => {
                self.reason_in(layout, graph.options[v]);
                Verdict::Cut
            }
            None => Verdict::Unreachable,
        }
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
