//! Tapa on the engine. Each cell without a clue has an item "exactly one
//! of": unshaded or shaded (a clue cell has no option: it is never shaded).
//! Each clue has one option for each way of shading its ring (the places
//! on the grid and not clues) that gives its runs, and an item "exactly one
//! of" them; for each cell of its ring, an item "exactly one of" that
//! cell's unshaded option and the ways that shade it, so that the way
//! chosen agrees with the cells. Each two-by-two square without a clue has
//! an item taking at most three of its shaded options, and the shaded
//! options are the vertices of a connectivity rule over the grid's sides
//! (`Problem::add_connected`).

use multicover::{ItemId, OptionId, Problem};

use super::Tapa;

/// The run lengths of a ring's shading, `bits` a bit a place (bit `i` is
/// place `i` of the ring, shaded), sorted: `[0]` for none, `[8]` for all.
pub(super) fn runs_of(bits: u8) -> Vec<u8> {
    if bits == u8::MAX {
        return vec![8];
    }
    let shaded = |i: u32| bits.rotate_right(i) & 1 == 1;
    let mut runs: Vec<u8> = (0..8)
        .filter(|&i| shaded(i) && !shaded((i + 7) % 8))
        .map(|start| (0..8).take_while(|&k| shaded((start + k) % 8)).count() as u8)
        .collect();
    if runs.is_empty() {
        runs.push(0);
    }
    runs.sort_unstable();
    runs
}

/// What an option stands for: a cell shaded, or something else.
#[derive(Clone, Copy)]
enum Meaning {
    Shaded(usize),
    Other,
}

/// A puzzle as a problem.
pub(super) struct Encoding {
    pub(super) problem: Problem,
    meanings: Vec<Meaning>,
}

impl Encoding {
    pub(super) fn new(puzzle: &Tapa) -> Encoding {
        let size = puzzle.size();
        let (width, cells) = (size.width, size.cells());
        let clues = puzzle.clues();
        let open = |c: usize| clues[c].is_none();
        let mut problem = Problem::new();
        let cell_items: Vec<Option<ItemId>> = (0..cells).map(|c| open(c).then(|| problem.add_exact(1))).collect();
        let mut unshaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        let mut shaded_on: Vec<Vec<ItemId>> = vec![Vec::new(); cells];
        // Each clue's ways: the items each adds to.
        let mut ways: Vec<Vec<ItemId>> = Vec::new();
        for (cell, clue) in clues.iter().enumerate() {
            let Some(clue) = clue else { continue };
            let mut wanted = clue.clone();
            wanted.sort_unstable();
            let ring = puzzle.ring(cell);
            let free: u8 = (0..8).filter(|&i| ring[i].is_some_and(open)).fold(0, |m, i| m | 1 << i);
            let clue_item = problem.add_exact(1);
            let place_items: Vec<Option<ItemId>> = (0..8)
                .map(|i| {
                    (free >> i & 1 == 1).then(|| {
                        let item = problem.add_exact(1);
                        unshaded_on[ring[i].expect("a free place is on the grid")].push(item);
                        item
                    })
                })
                .collect();
            for bits in (0..=u8::MAX).filter(|&b| b & !free == 0) {
                if runs_of(bits) == wanted {
                    let on = (0..8).filter(|&i| bits >> i & 1 == 1).filter_map(|i| place_items[i]);
                    ways.push(std::iter::once(clue_item).chain(on).collect());
                }
            }
        }
        for cell in 0..cells {
            let square = [cell, cell + 1, cell + width, cell + width + 1];
            if cell % width + 1 < width && cell + width + 1 < cells && square.iter().all(|&c| open(c)) {
                let item = problem.add_secondary(3);
                for c in square {
                    shaded_on[c].push(item);
                }
            }
        }
        let mut meanings = Vec::new();
        let mut vertex_of = vec![usize::MAX; cells];
        let mut shaded_options = Vec::new();
        for cell in 0..cells {
            let Some(own) = cell_items[cell] else { continue };
            problem.add_option(std::iter::once((own, 1)).chain(unshaded_on[cell].iter().map(|&i| (i, 1))));
            meanings.push(Meaning::Other);
            vertex_of[cell] = shaded_options.len();
            shaded_options
                .push(problem.add_option(std::iter::once((own, 1)).chain(shaded_on[cell].iter().map(|&i| (i, 1)))));
            meanings.push(Meaning::Shaded(cell));
        }
        for way in &ways {
            problem.add_option(way.iter().map(|&i| (i, 1)));
            meanings.push(Meaning::Other);
        }
        let mut edges = Vec::new();
        for cell in (0..cells).filter(|&c| open(c)) {
            for other in puzzle.neighbours(cell).filter(|&o| o > cell && open(o)) {
                edges.push((vertex_of[cell], vertex_of[other]));
            }
        }
        problem.add_connected(&shaded_options, &edges);
        Encoding { problem, meanings }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'n'; cells];
        for &option in chosen {
            if let Meaning::Shaded(cell) = self.meanings[option] {
                answer[cell] = b'y';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_go_round_the_ring() {
        assert_eq!(super::runs_of(0), [0]);
        assert_eq!(super::runs_of(0xFF), [8]);
        assert_eq!(super::runs_of(0b1000_0001), [2]);
        assert_eq!(super::runs_of(0b0101_0101), [1, 1, 1, 1]);
        assert_eq!(super::runs_of(0b1110_0011), [5]);
        assert_eq!(super::runs_of(0b0011_0110), [2, 2]);
    }
}
