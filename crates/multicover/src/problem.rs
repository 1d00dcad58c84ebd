//! The problem a caller builds: items with target ranges and options with weights.

/// Index of an item in its [`Problem`].
pub type ItemId = usize;
/// Index of an option in its [`Problem`].
pub type OptionId = usize;

/// A multi-cover problem: find sets of options whose weights sum, on every
/// item, into that item's range `lo..=hi`.
///
/// Plain exact cover is every range `1..=1` and every weight 1; a secondary
/// item of Knuth's sense is `0..=1`. Besides the ranges, a problem may say
/// that some chosen options must be connected ([`Problem::add_connected`]).
#[derive(Clone, Debug, Default)]
pub struct Problem {
    bounds: Vec<(u32, u32)>,
    /// Every option's `(item, weight)` pairs, sorted by item, one after the
    /// other; option `o` is `entries[starts[o]..starts[o + 1]]`.
    entries: Vec<(u32, u32)>,
    starts: Vec<u32>,
    /// The graphs whose chosen vertices must be connected
    /// ([`Problem::add_connected`]).
    connected: Vec<Connected>,
    /// The graphs whose chosen edges must form one cycle
    /// ([`Problem::add_single_loop`]).
    loops: Vec<SingleLoop>,
}

/// "The chosen ones of these vertices form one connected set": a graph
/// whose vertices stand for options (a vertex is in the set when its option
/// is chosen), as adjacency lists.
#[derive(Clone, Debug, Default)]
pub(crate) struct Connected {
    /// Each vertex's option, or [`Connected::ALWAYS`] for a vertex in
    /// every solution (an option chosen before the search).
    pub(crate) options: Vec<u32>,
    /// Vertex `v`'s neighbours are `neighbours[starts[v]..starts[v + 1]]`.
    pub(crate) starts: Vec<u32>,
    pub(crate) neighbours: Vec<u32>,
}

impl Connected {
    /// A vertex in the set whatever the search chooses.
    pub(crate) const ALWAYS: u32 = u32::MAX;

    fn new(options: Vec<u32>, edges: &[(usize, usize)]) -> Connected {
        let n = options.len();
        let mut degree = vec![0u32; n + 1];
        for &(a, b) in edges {
            assert!(a < n && b < n, "an edge names vertex {}, of {n}", a.max(b));
            degree[a] += 1;
            degree[b] += 1;
        }
        let mut starts = vec![0u32; n + 1];
        for v in 0..n {
            starts[v + 1] = starts[v] + degree[v];
        }
        let mut fill = starts.clone();
        let mut neighbours = vec![0u32; starts[n] as usize];
        for &(a, b) in edges {
            neighbours[fill[a] as usize] = b as u32;
            fill[a] += 1;
            neighbours[fill[b] as usize] = a as u32;
            fill[b] += 1;
        }
        Connected { options, starts, neighbours }
    }

    pub(crate) fn vertex_count(&self) -> usize {
        self.options.len()
    }

    pub(crate) fn neighbours(&self, v: usize) -> &[u32] {
        &self.neighbours[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// Whether the vertices `member` says are in the set are connected
    /// (none or one counts as connected): a walk from the first of them.
    pub(crate) fn holds(&self, member: impl Fn(usize) -> bool) -> bool {
        let n = self.vertex_count();
        let Some(first) = (0..n).find(|&v| member(v)) else { return true };
        let mut seen = vec![false; n];
        seen[first] = true;
        let mut stack = vec![first];
        while let Some(v) = stack.pop() {
            for &w in self.neighbours(v) {
                let w = w as usize;
                if !seen[w] && member(w) {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        (0..n).all(|v| seen[v] || !member(v))
    }
}

/// "The chosen edges of this graph form one cycle": a graph on numbered
/// vertices whose edges stand for options (an edge is chosen when its
/// option is). The chosen edges, if any, are connected and every vertex
/// they touch has exactly two of them.
#[derive(Clone, Debug, Default)]
pub(crate) struct SingleLoop {
    /// Each edge's two ends.
    pub(crate) ends: Vec<(u32, u32)>,
    /// Each edge's option, or [`Connected::ALWAYS`] for an edge in every
    /// solution (an option chosen before the search).
    pub(crate) options: Vec<u32>,
    /// Vertex `v`'s edges are `incident[starts[v]..starts[v + 1]]`.
    pub(crate) starts: Vec<u32>,
    pub(crate) incident: Vec<u32>,
}

impl SingleLoop {
    pub(crate) fn new(vertices: usize, ends: Vec<(u32, u32)>, options: Vec<u32>) -> SingleLoop {
        let mut starts = vec![0u32; vertices + 1];
        for &(a, b) in &ends {
            assert!((a as usize) < vertices && (b as usize) < vertices, "an edge names a vertex past {vertices}");
            assert!(a != b, "an edge joins vertex {a} to itself");
            starts[a as usize + 1] += 1;
            starts[b as usize + 1] += 1;
        }
        for v in 0..vertices {
            starts[v + 1] += starts[v];
        }
        let mut fill = starts.clone();
        let mut incident = vec![0u32; starts[vertices] as usize];
        for (e, &(a, b)) in ends.iter().enumerate() {
            for v in [a, b] {
                incident[fill[v as usize] as usize] = e as u32;
                fill[v as usize] += 1;
            }
        }
        SingleLoop { ends, options, starts, incident }
    }

    pub(crate) fn vertex_count(&self) -> usize {
        self.starts.len() - 1
    }

    pub(crate) fn edge_count(&self) -> usize {
        self.ends.len()
    }

    /// The edges at vertex `v`.
    pub(crate) fn incident(&self, v: usize) -> &[u32] {
        &self.incident[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// Whether the edges `member` says are chosen form one cycle (none
    /// counts as one): every vertex they touch has two of them, and a walk
    /// along them from one reaches them all.
    pub(crate) fn holds(&self, member: impl Fn(usize) -> bool) -> bool {
        let chosen: Vec<bool> = (0..self.edge_count()).map(&member).collect();
        let Some(first) = chosen.iter().position(|&c| c) else { return true };
        for v in 0..self.vertex_count() {
            let degree = self.incident(v).iter().filter(|&&e| chosen[e as usize]).count();
            if degree != 0 && degree != 2 {
                return false;
            }
        }
        let mut seen = vec![false; self.edge_count()];
        seen[first] = true;
        let mut stack = vec![first];
        while let Some(e) = stack.pop() {
            let (a, b) = self.ends[e];
            for v in [a, b] {
                for &f in self.incident(v as usize) {
                    let f = f as usize;
                    if chosen[f] && !seen[f] {
                        seen[f] = true;
                        stack.push(f);
                    }
                }
            }
        }
        (0..self.edge_count()).all(|e| seen[e] || !chosen[e])
    }
}

impl Problem {
    /// An empty problem: no items, no options.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty problem with room for this many items, options and
    /// `(item, weight)` entries in all: building one then allocates once.
    pub fn with_capacity(items: usize, options: usize, entries: usize) -> Self {
        let mut starts = Vec::with_capacity(options + 1);
        starts.push(0);
        Problem {
            bounds: Vec::with_capacity(items),
            entries: Vec::with_capacity(entries),
            starts,
            connected: Vec::new(),
            loops: Vec::new(),
        }
    }

    /// Adds an item whose sum must end in `lo..=hi`. A range with `lo > hi`
    /// is allowed and simply has no solution.
    pub fn add_item(&mut self, lo: u32, hi: u32) -> ItemId {
        self.bounds.push((lo, hi));
        self.bounds.len() - 1
    }

    /// Adds an item whose sum must be exactly `target`.
    pub fn add_exact(&mut self, target: u32) -> ItemId {
        self.add_item(target, target)
    }

    /// Adds an item whose sum may be anything from 0 to `hi`.
    pub fn add_secondary(&mut self, hi: u32) -> ItemId {
        self.add_item(0, hi)
    }

    /// Adds an option adding `weight` to each named item. Zero weights are
    /// dropped and an item named twice gets the sum of its weights.
    ///
    /// # Panics
    /// If an item id was not returned by this problem's `add_*` methods: that
    /// is a bug in the caller, not bad input.
    pub fn add_option<I>(&mut self, weights: I) -> OptionId
    where
        I: IntoIterator<Item = (ItemId, u32)>,
    {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let first = self.entries.len();
        for (item, weight) in weights {
            assert!(item < self.bounds.len(), "option names item {item}, which does not exist");
            if weight > 0 {
                self.entries.push((item as u32, weight));
            }
        }
        let new = &mut self.entries[first..];
        // Callers mostly list items in order, each once: nothing to do then.
        if new.windows(2).all(|pair| pair[0].0 < pair[1].0) {
            self.starts.push(self.entries.len() as u32);
            return self.starts.len() - 2;
        }
        new.sort_unstable();
        // Merge an item named twice: keep the first of each run, summed.
        let mut kept = first;
        for k in first..self.entries.len() {
            let (item, weight) = self.entries[k];
            if kept > first && self.entries[kept - 1].0 == item {
                self.entries[kept - 1].1 += weight;
            } else {
                self.entries[kept] = (item, weight);
                kept += 1;
            }
        }
        self.entries.truncate(kept);
        self.starts.push(kept as u32);
        self.starts.len() - 2
    }

    /// Adds the rule "the chosen options among `vertices` form one
    /// connected set" on the graph whose edges join `vertices[a]` and
    /// `vertices[b]` for each `(a, b)` of `edges`: from any chosen vertex,
    /// every other chosen vertex can be reached along edges through chosen
    /// vertices alone. No count states it (a puzzle's "the white cells are
    /// connected", with a cell's "white" option as its vertex), so the
    /// search checks it as it goes: see the crate's documentation. A
    /// solution with no or one chosen vertex satisfies it.
    ///
    /// # Panics
    /// If a vertex is not an option of the problem, or an edge names a
    /// vertex past the list: a bug in the caller, not bad input.
    pub fn add_connected(&mut self, vertices: &[OptionId], edges: &[(usize, usize)]) {
        let options = vertices
            .iter()
            .map(|&o| {
                assert!(o < self.option_count(), "vertex option {o} does not exist");
                o as u32
            })
            .collect();
        self.connected.push(Connected::new(options, edges));
    }

    /// Adds the rule "the chosen edges form a single cycle" on a graph of
    /// `vertices` vertices (numbered from 0) whose edges are options: each
    /// `(a, b, option)` of `edges` joins vertices `a` and `b` and is chosen
    /// when `option` is. The chosen edges, if any, must be connected, with
    /// exactly two of them at every vertex they touch. Counts state a
    /// vertex's two or none (an item per vertex); the single cycle no count
    /// states (a slitherlink's or masyu's one loop), so the search checks it
    /// as it goes: see the crate's documentation. No edge chosen satisfies
    /// it.
    ///
    /// # Panics
    /// If an edge's option is not an option of the problem, an edge names a
    /// vertex past `vertices`, or joins a vertex to itself: a bug in the
    /// caller, not bad input.
    pub fn add_single_loop(&mut self, vertices: usize, edges: &[(usize, usize, OptionId)]) {
        let ends = edges.iter().map(|&(a, b, _)| (a as u32, b as u32)).collect();
        let options = edges
            .iter()
            .map(|&(_, _, o)| {
                assert!(o < self.option_count(), "edge option {o} does not exist");
                o as u32
            })
            .collect();
        self.loops.push(SingleLoop::new(vertices, ends, options));
    }

    /// How many items the problem has.
    pub fn item_count(&self) -> usize {
        self.bounds.len()
    }

    /// How many options the problem has.
    pub fn option_count(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// The range `(lo, hi)` of an item.
    pub fn bounds(&self, item: ItemId) -> (u32, u32) {
        self.bounds[item]
    }

    /// The `(item, weight)` pairs of an option, sorted by item.
    pub fn option(&self, option: OptionId) -> impl Iterator<Item = (ItemId, u32)> + '_ {
        self.raw_option(option).iter().map(|&(i, w)| (i as ItemId, w))
    }

    /// Whether a set of options is a solution: every item's sum in range and
    /// no option used twice. Plain arithmetic, independent of the search.
    pub fn is_solution(&self, chosen: &[OptionId]) -> bool {
        let mut seen = vec![false; self.option_count()];
        let mut sums = vec![0u64; self.bounds.len()];
        for &o in chosen {
            if o >= self.option_count() || std::mem::replace(&mut seen[o], true) {
                return false;
            }
            for &(i, w) in self.raw_option(o) {
                sums[i as usize] += u64::from(w);
            }
        }
        sums.iter().zip(&self.bounds).all(|(&s, &(lo, hi))| u64::from(lo) <= s && s <= u64::from(hi))
            && self
                .connected
                .iter()
                .all(|graph| graph.holds(|v| graph.options[v] == Connected::ALWAYS || seen[graph.options[v] as usize]))
            && self
                .loops
                .iter()
                .all(|graph| graph.holds(|e| graph.options[e] == Connected::ALWAYS || seen[graph.options[e] as usize]))
    }

    /// The connectivity rules ([`Problem::add_connected`]).
    pub(crate) fn connected(&self) -> &[Connected] {
        &self.connected
    }

    /// Adds a connectivity rule as it stands, for the remainder of a
    /// problem once options are chosen (see `forced`).
    pub(crate) fn push_connected(&mut self, graph: Connected) {
        self.connected.push(graph);
    }

    /// The single-loop rules ([`Problem::add_single_loop`]).
    pub(crate) fn loops(&self) -> &[SingleLoop] {
        &self.loops
    }

    /// Adds a single-loop rule as it stands, for the remainder of a problem
    /// once options are chosen (see `forced`).
    pub(crate) fn push_loop(&mut self, graph: SingleLoop) {
        self.loops.push(graph);
    }

    pub(crate) fn raw_bounds(&self) -> &[(u32, u32)] {
        &self.bounds
    }

    pub(crate) fn raw_option(&self, option: OptionId) -> &[(u32, u32)] {
        &self.entries[self.starts[option] as usize..self.starts[option + 1] as usize]
    }

    /// All entries and where each option's start, as `raw_option` reads them.
    pub(crate) fn raw_entries(&self) -> (&[(u32, u32)], &[u32]) {
        (&self.entries, if self.starts.is_empty() { &[0] } else { &self.starts })
    }
}
