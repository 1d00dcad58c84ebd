//! Loop on the engine. Each side has an item "exactly one of": on the loop
//! or not. Each corner has an item "exactly one of": unused or used, and an
//! item that takes exactly 2 from its sides on the loop and from its unused
//! option, which weighs 2 there: two sides or none at each corner. Each
//! number is an item taking that many of its cell's sides on the loop (and
//! where no number is above 0, an item takes at least one side). The
//! sides are the edges of a single-loop rule on the corners (see
//! `Problem::add_single_loop`): the engine keeps the loop one as it
//! searches.

use multicover::{ItemId, OptionId, Problem};

use super::Slitherlink;

/// A puzzle as a problem: side `s` is on the loop by option `2 * s`, off
/// by `2 * s + 1`; the corners' options follow.
pub(super) struct Encoding {
    pub(super) problem: Problem,
}

impl Encoding {
    pub(super) fn new(puzzle: &Slitherlink) -> Encoding {
        let sides = puzzle.side_count();
        let corners = puzzle.corner_count();
        let mut problem = Problem::with_capacity(sides + 2 * corners + puzzle.clues.len(), 2 * (sides + corners), 0);
        let side_items: Vec<ItemId> = (0..sides).map(|_| problem.add_exact(1)).collect();
        let corner_items: Vec<(ItemId, ItemId)> =
            (0..corners).map(|_| (problem.add_exact(1), problem.add_exact(2))).collect();
        let mut clue_on: Vec<Vec<ItemId>> = vec![Vec::new(); sides];
        for (cell, clue) in puzzle.clues.iter().enumerate() {
            if let Some(n) = *clue {
                let item = problem.add_exact(n.into());
                for s in puzzle.sides_of(cell) {
                    clue_on[s].push(item);
                }
            }
        }
        // The loop is drawn: a number above 0 says so, else an item does.
        let drawn = puzzle.clues.iter().all(|&clue| clue.unwrap_or(0) == 0).then(|| problem.add_item(1, sides as u32));
        let mut edges = Vec::with_capacity(sides);
        for s in 0..sides {
            let (a, b) = puzzle.ends(s);
            let on = [(side_items[s], 1), (corner_items[a].1, 1), (corner_items[b].1, 1)];
            let counts = clue_on[s].iter().chain(&drawn).map(|&item| (item, 1));
            let option = problem.add_option(on.into_iter().chain(counts));
            problem.add_option([(side_items[s], 1)]);
            edges.push((a, b, option));
        }
        for &(used, degree) in &corner_items {
            problem.add_option([(used, 1), (degree, 2)]);
            problem.add_option([(used, 1)]);
        }
        problem.add_single_loop(corners, &edges);
        Encoding { problem }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, sides: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; sides];
        for &option in chosen.iter().filter(|&&o| o < 2 * sides && o % 2 == 0) {
            answer[option / 2] = b'y';
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
