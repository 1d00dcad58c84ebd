//! Battleships as a multi-cover problem: one item per ship length (exactly
//! the fleet's number of ships that long), one per row and per column (its
//! clue of ship cells), one per given ship piece (exactly one ship with that
//! piece there) and one per 2x2 block of cells (at most one ship meets it:
//! two ships that overlap or touch, even diagonally, meet a block both). An option per place a ship of the fleet fits that
//! the givens allow: no water given under it, and its piece on each given
//! piece it covers the given one.

use multicover::{ItemId, OptionId, Problem};

use super::{Battleships, Given, Ship};

/// A board on the engine, with the ship each option places.
pub(crate) struct Encoding {
    pub(crate) problem: Problem,
    ships: Vec<Ship>,
}

impl Encoding {
    pub(crate) fn new(board: &Battleships) -> Encoding {
        let size = board.size();
        let (width, height) = (size.width, size.height);
        let mut problem = Problem::new();
        let length_items: Vec<_> = board.fleet().iter().map(|&count| problem.add_exact(count)).collect();
        let row_items: Vec<_> = board.row_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let col_items: Vec<_> = board.col_clues().iter().map(|&clue| problem.add_exact(clue)).collect();
        let given_items: Vec<Option<ItemId>> = board
            .givens()
            .iter()
            .map(|given| given.filter(|&g| g != Given::Water).map(|_| problem.add_exact(1)))
            .collect();
        // A block of 2x2 cells (fewer where the grid is narrower) is named
        // by its top left corner; any two cells next to each other, even
        // diagonally, share one.
        let (block_cols, block_rows) = (width.min(2), size.height.min(2));
        let blocks_across = width + 1 - block_cols;
        let block_items: Vec<ItemId> =
            (0..blocks_across * (size.height + 1 - block_rows)).map(|_| problem.add_secondary(1)).collect();
        let blocks_of = |cell: usize| {
            let (row, col) = (cell / width, cell % width);
            let mut blocks = Vec::with_capacity(4);
            for r in (row + 1).saturating_sub(block_rows)..=row {
                for c in (col + 1).saturating_sub(block_cols)..=col {
                    if r + block_rows <= size.height && c + block_cols <= width {
                        blocks.push(block_items[r * blocks_across + c]);
                    }
                }
            }
            blocks
        };
        let mut ships = Vec::new();
        for (index, &count) in board.fleet().iter().enumerate() {
            let length = index + 1;
            if count == 0 {
                continue;
            }
            for across in [true, false] {
                if length == 1 && !across {
                    continue;
                }
                for first in 0..size.cells() {
                    let (row, col) = (first / width, first % width);
                    let fits = if across { col + length <= width } else { row + length <= height };
                    if !fits {
                        continue;
                    }
                    let ship = Ship { first, length, across };
                    let mut weights = vec![(length_items[index], 1)];
                    let mut allowed = true;
                    for (k, cell) in ship.cells(width).enumerate() {
                        match board.givens()[cell] {
                            None => {}
                            Some(given) if given == ship.piece(k) => {
                                weights.push((given_items[cell].expect("a given piece"), 1))
                            }
                            Some(_) => allowed = false,
                        }
                        weights.push((row_items[cell / width], 1));
                        weights.push((col_items[cell % width], 1));
                    }
                    if !allowed {
                        continue;
                    }
                    let mut blocks: Vec<ItemId> = ship.cells(width).flat_map(blocks_of).collect();
                    blocks.sort_unstable();
                    blocks.dedup();
                    weights.extend(blocks.into_iter().map(|block| (block, 1)));
                    problem.add_option(weights);
                    ships.push(ship);
                }
            }
        }
        Encoding { problem, ships }
    }

    /// The answer string a set of options stands for.
    pub(crate) fn decode(&self, board: &Battleships, chosen: &[OptionId]) -> String {
        let width = board.size().width;
        let mut answer = vec![b'n'; board.size().cells()];
        for &option in chosen {
            for cell in self.ships[option].cells(width) {
                answer[cell] = b'y';
            }
        }
        String::from_utf8(answer).expect("ASCII")
    }
}
