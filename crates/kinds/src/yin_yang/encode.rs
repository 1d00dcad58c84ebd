//! Yin-Yang on the engine. Each cell has an item "exactly one of": white
//! or black (a given cell has only its colour). Each two-by-two square has
//! an item taking at most three of its white options and one taking at
//! most three of its black ones. The white options are the vertices of one
//! connectivity rule over the grid's sides, the black ones of another
//! (`Problem::add_connected`).
//!
//! Two more items a square say what the rules imply but the engine would
//! find only by search: no square is a checkerboard (white on one
//! diagonal, black on the other), since the whites across one diagonal and
//! the blacks across the other could then not both be joined (their paths
//! would cross). Each takes at most three of its pattern's four options.
//! Without them the real 20x20 takes over a minute.
//!
//! One more rule says what the grid's outer ring implies: going round it,
//! the black cells are one run (and so are the white ones). Were there
//! black, white, black, white in that order round the ring, a black path
//! joining the two blacks would cut the grid in two with a white on either
//! side. The black options of the ring's cells are a connectivity rule on
//! the ring (each cell joined to the next round it), so the engine makes
//! the cells between two blacks black where a white closes the ring's other
//! way, as a person does first. Without it the real 20x20 and 25x25 took
//! minutes of search; with it root propagation and probing settle them.

use multicover::{ItemId, OptionId, Problem};

use super::YinYang;

/// A puzzle as a problem, with each option's cell and colour (true black).
pub(super) struct Encoding {
    pub(super) problem: Problem,
    options: Vec<(usize, bool)>,
}

impl Encoding {
    pub(super) fn new(puzzle: &YinYang) -> Encoding {
        let cells = puzzle.size().cells();
        let given = puzzle.given();
        let can = |cell: usize, black: bool| given[cell].is_none_or(|colour| colour == black);
        let mut problem = Problem::new();
        let cell_items: Vec<ItemId> = (0..cells).map(|_| problem.add_exact(1)).collect();
        // The items each (cell, colour) option adds to besides its cell's.
        let mut on: Vec<[Vec<ItemId>; 2]> = vec![[Vec::new(), Vec::new()]; cells];
        for [tl, tr, bl, br] in puzzle.squares() {
            let patterns = [
                [(tl, false), (tr, false), (bl, false), (br, false)],
                [(tl, true), (tr, true), (bl, true), (br, true)],
                [(tl, false), (br, false), (tr, true), (bl, true)],
                [(tl, true), (br, true), (tr, false), (bl, false)],
            ];
            for pattern in patterns {
                // A pattern a given cell already breaks needs no item.
                if pattern.iter().all(|&(c, black)| can(c, black)) {
                    let item = problem.add_secondary(3);
                    for (c, black) in pattern {
                        on[c][usize::from(black)].push(item);
                    }
                }
            }
        }
        let mut options = Vec::with_capacity(2 * cells);
        let mut option_of = vec![[usize::MAX; 2]; cells];
        for cell in 0..cells {
            for black in [false, true] {
                if can(cell, black) {
                    let extra = on[cell][usize::from(black)].iter().map(|&item| (item, 1));
                    option_of[cell][usize::from(black)] =
                        problem.add_option(std::iter::once((cell_items[cell], 1)).chain(extra));
                    options.push((cell, black));
                }
            }
        }
        for black in [false, true] {
            let mut vertex = vec![usize::MAX; cells];
            let mut vertices: Vec<OptionId> = Vec::new();
            for cell in 0..cells {
                let o = option_of[cell][usize::from(black)];
                if o != usize::MAX {
                    vertex[cell] = vertices.len();
                    vertices.push(o);
                }
            }
            let mut edges = Vec::new();
            for cell in (0..cells).filter(|&c| vertex[c] != usize::MAX) {
                for other in puzzle.neighbours(cell).filter(|&o| o > cell && vertex[o] != usize::MAX) {
                    edges.push((vertex[cell], vertex[other]));
                }
            }
            problem.add_connected(&vertices, &edges);
        }
        // The blacks on the ring one run: a third rule, on the ring's cells.
        let ring = puzzle.ring();
        if ring.len() >= 4 {
            let mut vertex = vec![usize::MAX; ring.len()];
            let mut vertices: Vec<OptionId> = Vec::new();
            for (k, &cell) in ring.iter().enumerate() {
                let o = option_of[cell][1];
                if o != usize::MAX {
                    vertex[k] = vertices.len();
                    vertices.push(o);
                }
            }
            let edges: Vec<(usize, usize)> = (0..ring.len())
                .map(|k| (vertex[k], vertex[(k + 1) % ring.len()]))
                .filter(|&(a, b)| a != usize::MAX && b != usize::MAX)
                .collect();
            problem.add_connected(&vertices, &edges);
        }
        Encoding { problem, options }
    }

    /// The answer string a set of options stands for.
    pub(super) fn decode(&self, cells: usize, chosen: &[OptionId]) -> String {
        let mut answer = vec![b'0'; cells];
        for &option in chosen {
            if let (cell, true) = self.options[option] {
                answer[cell] = b'1';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
