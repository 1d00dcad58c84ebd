//! Single-loop rules ([`crate::Problem::add_single_loop`]): "the chosen
//! edges of this graph form one cycle", checked as the search goes, at the
//! end of every propagation, beside the connectivity rules.
//!
//! An edge is an option. At a node it is *in* when its option is chosen,
//! or is the last live option of an exact group; *out* when its option is
//! dead and not chosen; *open* otherwise. The check joins the edges that
//! are in, one by one, into trees of vertices (union-find):
//!
//! - An edge in whose ends are already joined closes a cycle. If some
//!   other edge is in, no solution holds both (a single cycle has no edge
//!   beside it): the node fails. Otherwise the cycle is the whole loop, and
//!   every open edge dies (a vertex that must be on the loop, by its
//!   counts, then finds its item out of reach).
//! - With no cycle, an open edge whose two ends are in one tree would close
//!   a cycle; it dies unless that cycle would hold every edge in: the tree
//!   is the only one, a path without branches, and the edge joins its two
//!   ends.
//!
//! Why, for learning ([`super::learn`]): a failure is the cycle's edges in
//! with one more edge in beside them; the open edges die after a cycle
//! for the cycle's edges in; an open edge dies for the path between its
//! ends with one edge in off that path. An edge is in because the other
//! options of its exact group are dead, as for a connectivity rule's
//! vertex. The check costs a pass over the edges' standings once a
//! propagation, and a walk of the graph where an edge joined those in since
//! the last state on the search's path whose check held; a problem without
//! single-loop rules never runs it.

use super::connected::{Kill, Verdict};
use super::layout::Layout;
use super::state::State;
use crate::problem::{Connected, SingleLoop};

/// An edge's standing at a node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    In,
    Out,
    Open,
}

/// The rules and the scratch their checks use.
#[derive(Default)]
pub(super) struct Loops {
    graphs: Vec<SingleLoop>,
    /// Per option: whether it is chosen (kept by `choose` and `unchoose`).
    pub(super) chosen: Vec<bool>,
    /// Per rule and edge: its standing at the checked node, and its
    /// option's exact group (`u32::MAX` for none), read once.
    stands: Vec<Vec<Standing>>,
    groups: Vec<Vec<u32>>,
    /// The standings of the rule being checked.
    current: Vec<Standing>,
    /// Per vertex: its union-find parent, how many edges in touch it, and
    /// (at a tree's root) how many edges in the tree holds and whether a
    /// vertex of it has three or more.
    parent: Vec<u32>,
    degree: Vec<u32>,
    size: Vec<u32>,
    branching: Vec<bool>,
    /// A path's search: per vertex the stamp when reached and the edge it
    /// was reached by, the queue, and the path's edges; per edge the stamp
    /// of the path it is on.
    seen: Vec<u32>,
    via: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    path: Vec<u32>,
    on_path: Vec<u32>,
    /// What the last check kills, and their reasons (filled only when asked
    /// for).
    pub(super) kills: Vec<Kill>,
    pub(super) reasons: Vec<u32>,
    /// The options whose deaths made the last check fail.
    pub(super) reason: Vec<u32>,
    /// The states on the search's path whose check held, innermost last:
    /// their trail length and how many edges were in.
    held: Vec<(usize, u32)>,
}

impl Loops {
    pub(super) fn new(graphs: &[SingleLoop], options: usize) -> Loops {
        let vertices = graphs.iter().map(SingleLoop::vertex_count).max().unwrap_or(0);
        let edges = graphs.iter().map(SingleLoop::edge_count).max().unwrap_or(0);
        Loops {
            graphs: graphs.to_vec(),
            chosen: if graphs.is_empty() { Vec::new() } else { vec![false; options] },
            parent: vec![0; vertices],
            degree: vec![0; vertices],
            size: vec![0; vertices],
            branching: vec![false; vertices],
            seen: vec![0; vertices],
            via: vec![0; vertices],
            on_path: vec![0; edges],
            ..Loops::default()
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.graphs.is_empty()
    }

    /// An edge's standing, from its option and its exact group.
    fn standing(chosen: &[bool], state: &State, option: u32, group: u32) -> Standing {
        if option == Connected::ALWAYS {
            return Standing::In;
        }
        let o = option as usize;
        if chosen[o] {
            return Standing::In;
        }
        if !state.alive[o] {
            return Standing::Out;
        }
        if group != u32::MAX && state.group_live[group as usize] == 1 { Standing::In } else { Standing::Open }
    }

    /// Why an edge that is in is so: the other options of its group, into
    /// `out`.
    fn reason_in(layout: &Layout, option: u32, out: &mut Vec<u32>) {
        if option == Connected::ALWAYS {
            return;
        }
        let g = layout.opts[option as usize].group as usize;
        let members = &layout.group_opts[layout.group_opts_start[g] as usize..layout.group_opts_start[g + 1] as usize];
        out.extend(members.iter().copied().filter(|&p| p != option));
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let up = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = up;
            v = up;
        }
        v
    }

    /// The search undid its trail down to `len`: the states above it are
    /// off its path.
    pub(super) fn undone_to(&mut self, len: usize) {
        while self.held.last().is_some_and(|&(at, _)| at > len) {
            self.held.pop();
        }
    }

    /// Checks every rule, stopping at the first that fails or kills;
    /// `reasons` says whether to say why each kill happens (for learning).
    ///
    /// Along the search's path edges only join the edges in or leave the
    /// open ones (an edge in that died would leave its exact group empty,
    /// which the bounds catch first), and a check's verdict grows only with
    /// the edges in. So when as many edges are in as at the last state on
    /// the path whose check held, they are the same edges, and it holds
    /// again with no walk.
    pub(super) fn check(&mut self, layout: &Layout, state: &State, reasons: bool) -> Verdict {
        // A problem with connectivity rules alone comes here too.
        if self.graphs.is_empty() {
            return Verdict::Holds;
        }
        if self.groups.is_empty() {
            self.groups = (self.graphs.iter())
                .map(|graph| {
                    let group = |&o: &u32| {
                        let g = if o == Connected::ALWAYS { u32::MAX } else { layout.opts[o as usize].group };
                        if g != u32::MAX && layout.group_exact[g as usize] { g } else { u32::MAX }
                    };
                    graph.options.iter().map(group).collect()
                })
                .collect();
            self.stands = vec![Vec::new(); self.graphs.len()];
        }
        let mut count = 0;
        for (k, graph) in self.graphs.iter().enumerate() {
            let stands = &mut self.stands[k];
            stands.clear();
            let (chosen, groups) = (&self.chosen, &self.groups[k]);
            stands.extend(graph.options.iter().zip(groups).map(|(&o, &g)| Self::standing(chosen, state, o, g)));
            count += stands.iter().filter(|&&s| s == Standing::In).count() as u32;
        }
        let len = state.trail.len();
        if self.held.last().is_some_and(|&(at, was)| at <= len && was == count) {
            return Verdict::Holds;
        }
        let verdict = self.check_all(layout, reasons);
        if matches!(verdict, Verdict::Holds) {
            self.undone_to(len);
            self.held.push((len, count));
        }
        verdict
    }

    fn check_all(&mut self, layout: &Layout, reasons: bool) -> Verdict {
        for k in 0..self.graphs.len() {
            let graph = std::mem::take(&mut self.graphs[k]);
            self.current = std::mem::take(&mut self.stands[k]);
            let verdict = self.check_one(layout, &graph, reasons);
            self.stands[k] = std::mem::take(&mut self.current);
            self.graphs[k] = graph;
            if !matches!(verdict, Verdict::Holds) {
                return verdict;
            }
        }
        Verdict::Holds
    }

    fn check_one(&mut self, layout: &Layout, graph: &SingleLoop, reasons: bool) -> Verdict {
        let total = self.current.iter().filter(|&&s| s == Standing::In).count() as u32;
        self.kills.clear();
        self.reasons.clear();
        if total == 0 {
            return Verdict::Holds;
        }
        for v in 0..graph.vertex_count() {
            self.parent[v] = v as u32;
            self.degree[v] = 0;
            self.size[v] = 0;
            self.branching[v] = false;
        }
        let mut closing = None;
        for e in 0..graph.edge_count() {
            if self.current[e] != Standing::In {
                continue;
            }
            let (a, b) = graph.ends[e];
            self.degree[a as usize] += 1;
            self.degree[b as usize] += 1;
            let (ra, rb) = (self.find(a), self.find(b));
            if ra == rb {
                closing = Some(e);
                break;
            }
            self.parent[ra as usize] = rb;
            self.size[rb as usize] += self.size[ra as usize] + 1;
        }
        if let Some(c) = closing {
            return self.closed(layout, graph, c, total, reasons);
        }
        for v in 0..graph.vertex_count() {
            if self.degree[v] >= 3 {
                let r = self.find(v as u32) as usize;
                self.branching[r] = true;
            }
        }
        for e in 0..graph.edge_count() {
            if self.current[e] != Standing::Open {
                continue;
            }
            let (a, b) = graph.ends[e];
            let r = self.find(a);
            if r != self.find(b) {
                continue;
            }
            let r = r as usize;
            let whole = self.size[r] == total && !self.branching[r];
            if whole && self.degree[a as usize] == 1 && self.degree[b as usize] == 1 {
                continue;
            }
            let span = if reasons {
                let from = self.reasons.len() as u32;
                self.find_path(graph, a, b, usize::MAX);
                let mut out = std::mem::take(&mut self.reasons);
                self.path_and_one_more(layout, graph, usize::MAX, &mut out);
                self.reasons = out;
                (from, self.reasons.len() as u32)
            } else {
                (0, 0)
            };
            self.kills.push(Kill { option: graph.options[e], reason: span });
        }
        if self.kills.is_empty() { Verdict::Holds } else { Verdict::Prune }
    }

    /// Edge `c`, in, closes a cycle with the edges in before it.
    fn closed(&mut self, layout: &Layout, graph: &SingleLoop, c: usize, total: u32, reasons: bool) -> Verdict {
        let (a, b) = graph.ends[c];
        self.find_path(graph, a, b, c);
        self.path.push(c as u32);
        if total as usize > self.path.len() {
            let mut out = std::mem::take(&mut self.reason);
            out.clear();
            self.path_and_one_more(layout, graph, usize::MAX, &mut out);
            self.reason = out;
            return Verdict::Cut;
        }
        // The cycle holds every edge in: it is the loop, and nothing else
        // may join it.
        let span = if reasons {
            for &e in &self.path {
                Self::reason_in(layout, graph.options[e as usize], &mut self.reasons);
            }
            (0, self.reasons.len() as u32)
        } else {
            (0, 0)
        };
        for e in 0..graph.edge_count() {
            if self.current[e] == Standing::Open {
                self.kills.push(Kill { option: graph.options[e], reason: span });
            }
        }
        if self.kills.is_empty() { Verdict::Holds } else { Verdict::Prune }
    }

    /// The path of edges in from `a` to `b` (edges before `below` only),
    /// into `path`: a breadth-first search over the edges in, which form a
    /// forest there, so the path is the only one.
    fn find_path(&mut self, graph: &SingleLoop, a: u32, b: u32, below: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.on_path.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(a);
        self.seen[a as usize] = stamp;
        let mut head = 0;
        while head < self.queue.len() && self.seen[b as usize] != stamp {
            let v = self.queue[head] as usize;
            head += 1;
            for &e in graph.incident(v) {
                let eu = e as usize;
                if eu >= below || self.current[eu] != Standing::In {
                    continue;
                }
                let (x, y) = graph.ends[eu];
                let w = if x as usize == v { y } else { x };
                if self.seen[w as usize] != stamp {
                    self.seen[w as usize] = stamp;
                    self.via[w as usize] = e;
                    self.queue.push(w);
                }
            }
        }
        debug_assert_eq!(self.seen[b as usize], stamp, "the ends are joined");
        self.path.clear();
        let mut v = b;
        while v != a {
            let e = self.via[v as usize];
            self.path.push(e);
            let (x, y) = graph.ends[e as usize];
            v = if x == v { y } else { x };
        }
    }

    /// Why the edges of `path` are in, and why one edge in off it (other
    /// than `skip`) is, into `out`.
    fn path_and_one_more(&mut self, layout: &Layout, graph: &SingleLoop, skip: usize, out: &mut Vec<u32>) {
        let stamp = self.stamp;
        for &e in &self.path {
            self.on_path[e as usize] = stamp;
            Self::reason_in(layout, graph.options[e as usize], out);
        }
        let other = (0..graph.edge_count())
            .find(|&e| e != skip && self.current[e] == Standing::In && self.on_path[e] != stamp)
            .expect("an edge in off the path");
        Self::reason_in(layout, graph.options[other], out);
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
            .all(|graph| graph.holds(|e| graph.options[e] == Connected::ALWAYS || is_chosen[graph.options[e] as usize]))
    }
}
