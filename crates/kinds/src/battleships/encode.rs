//! Battleships as a multi-cover problem: one item per ship length (exactly
//! the fleet's number of ships that long), one per row and per column (its
//! clue of ship cells), one per given ship piece (exactly one ship with that
//! piece there) and one per two cells side by side or diagonally next to
//! each other (at most one ship on either: ships that overlap or touch
//! share such a pair). An option per place a ship of the fleet fits that
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
        // The pair of a cell and its neighbour right, down-left, down or
        // down-right: four slots a cell.
        let mut pair_items: Vec<Option<ItemId>> = vec![None; 4 * size.cells()];
        for cell in 0..size.cells() {
            let (row, col) = (cell / width, cell % width);
            for (slot, (dr, dc)) in [(0, 1), (1, -1), (1, 0), (1, 1)].into_iter().enumerate() {
                let (r, c) = (row + dr, col as isize + dc);
                if r < height && c >= 0 && (c as usize) < width {
                    pair_items[4 * cell + slot] = Some(problem.add_secondary(1));
                }
            }
        }
        let pair_of = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            let slot = if b / width == a / width { 0 } else { (b % width + 2 - a % width) as usize };
            pair_items[4 * a + slot].expect("a pair of neighbours")
        };
        let neighbours = |cell: usize| {
            let (row, col) = ((cell / width) as isize, (cell % width) as isize);
            (-1..=1).flat_map(move |dr| (-1..=1).map(move |dc| (row + dr, col + dc))).filter_map(move |(r, c)| {
                let inside = r >= 0 && c >= 0 && (r as usize) < height && (c as usize) < width;
                let other = (r as usize) * width + c as usize;
                (inside && other != cell).then_some(other)
            })
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
                    let mut pairs: Vec<ItemId> =
                        ship.cells(width).flat_map(|cell| neighbours(cell).map(move |n| pair_of(cell, n))).collect();
                    pairs.sort_unstable();
                    pairs.dedup();
                    weights.extend(pairs.into_iter().map(|pair| (pair, 1)));
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
