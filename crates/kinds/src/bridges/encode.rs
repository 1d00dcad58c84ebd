//! Bridges on the engine. Each island has an item taking exactly its
//! number. Each span (two islands a bridge may join) has two exact groups,
//! its first bridge or none, and its second bridge or none; each bridge
//! adds 1 to both islands' items, and an item takes at most one of "no
//! first bridge" and "a second bridge". A water cell that an across span
//! and a down span both pass has an item taking at most one of their first
//! bridges: bridges do not cross. All islands joined is a connectivity rule
//! (`Problem::add_connected`) over a graph of the islands (each an option
//! of its own item, always taken) and the spans' first bridges, each next
//! to its two islands: the options taken are one connected set exactly when
//! the bridges join every island. Every option is in an exact group, so the
//! search learns from its failures, and a span whose loss would cut the
//! islands apart has its first bridge forced by the rule.

//! Bridges on the engine. Each island has an item taking exactly its
//! number; each span (two islands a bridge may join) has two options, one
//! bridge and two bridges, adding 1 or 2 to both islands' items, and at most
//! one of them is taken (an item of the span's). A water cell that an
//! across span and a down span both pass has an item taking at most one of
//! their options: bridges do not cross. All islands joined is a
//! connectivity rule (`Problem::add_connected`) over a graph of the islands
//! (each an option of its own item, always taken) and the spans' options,
//! each next to its two islands: the options taken are one connected set
//! exactly when the bridges join every island.

use multicover::{ItemId, OptionId, Problem};

use super::{Bridges, Span};

/// A puzzle as a problem, with what each option says: its span and which
/// of its bridges (1 or 2) it lays, None for an island's own option and a
/// bridge left out.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    options: Vec<Option<(usize, u32)>>,
    spans: Vec<Span>,
    islands: usize,
}

impl Encoding {
    pub(super) fn new(puzzle: &Bridges) -> Encoding {
        let numbers = puzzle.island_numbers();
        let spans = puzzle.spans();
        let mut problem = Problem::new();
        // The spans' items first: an option's group is its first item that
        // says "exactly one of", and an island's 1 would say it too.
        let span_items: Vec<(ItemId, ItemId)> =
            spans.iter().map(|_| (problem.add_exact(1), problem.add_exact(1))).collect();
        let island_items: Vec<ItemId> = numbers.iter().map(|&n| problem.add_exact(n)).collect();
        let mut options = Vec::new();
        // Each island's own option, a vertex always in the set.
        let mut vertices: Vec<OptionId> = numbers
            .iter()
            .map(|_| {
                let own = problem.add_exact(1);
                options.push(None);
                problem.add_option([(own, 1)])
            })
            .collect();
        // The items of the water cells an across span and a down span pass.
        let mut crossing: Vec<Option<ItemId>> = vec![None; puzzle.size().cells()];
        let mut across = vec![false; puzzle.size().cells()];
        for span in spans.iter().filter(|s| !s.down) {
            for &c in &span.between {
                across[c] = true;
            }
        }
        for span in spans.iter().filter(|s| s.down) {
            for &c in &span.between {
                if across[c] {
                    crossing[c] = Some(problem.add_secondary(1));
                }
            }
        }
        let mut edges = Vec::new();
        for (s, span) in spans.iter().enumerate() {
            let ends = [island_items[span.from], island_items[span.to]];
            let (first, second) = span_items[s];
            let crossings = span.between.iter().filter_map(|&c| crossing[c]).map(|item| (item, 1));
            let laid = problem.add_option(ends.iter().map(|&i| (i, 1)).chain([(first, 1)]).chain(crossings));
            options.push(Some((s, 1)));
            let vertex = vertices.len();
            vertices.push(laid);
            edges.push((span.from, vertex));
            edges.push((span.to, vertex));
            // A second bridge only where the first is, and where both
            // islands can take two.
            let second_needs_first = problem.add_secondary(1);
            problem.add_option([(first, 1), (second_needs_first, 1)]);
            options.push(None);
            if numbers[span.from].min(numbers[span.to]) >= 2 {
                problem.add_option(ends.iter().map(|&i| (i, 1)).chain([(second, 1), (second_needs_first, 1)]));
                options.push(Some((s, 2)));
            }
            problem.add_option([(second, 1)]);
            options.push(None);
        }
        problem.add_connected(&vertices, &edges);
        Encoding { problem, options, spans, islands: numbers.len() }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, chosen: &[OptionId]) -> String {
        let mut counts = vec![[0u32; 2]; self.islands];
        for &option in chosen {
            if let Some((s, bridges)) = self.options[option] {
                let span = &self.spans[s];
                let count = &mut counts[span.from][usize::from(span.down)];
                *count = (*count).max(bridges);
            }
        }
        Bridges::write_counts(&counts)
    }
}
