//! Latin squares with regions: an N x N grid whose every row, column and
//! region holds the digits 1 to N once each. Jigsaw sudoku is one as it
//! stands; killer sudoku is one whose regions are boxes, with cages on top.
//! Here are what they share: the answer string the family's sudoku sites
//! post (a digit a cell, comma-separated), the check of the rules, and the
//! model on the engine, to which a kind adds its own items.

use std::collections::HashMap;

use multicover::{ItemId, OptionId, Problem, Settings};

use crate::Solved;
use crate::draw::{Drawing, Ink};
use crate::home::{Board, MAX_SIDE, SolveError, TaskError, solve_answers};
use crate::task::Token;

/// Reads an answer string: `side * side` digits from 1 to `side`,
/// row-major, separated by commas. The error says where it breaks.
pub(crate) fn read_answer(answer: &str, side: usize) -> Result<Vec<u8>, String> {
    let cells = side * side;
    let count = answer.split(',').count();
    if count != cells {
        return Err(format!("{count} numbers where a {side}x{side} grid has {cells} cells"));
    }
    answer
        .split(',')
        .enumerate()
        .map(|(i, part)| {
            part.parse::<u8>().ok().filter(|&d| d >= 1 && usize::from(d) <= side).ok_or_else(|| {
                format!("`{part}` at row {}, column {} is not a digit from 1 to {side}", i / side + 1, i % side + 1)
            })
        })
        .collect()
}

/// Writes digits as an answer string: the inverse of [`read_answer`].
pub(crate) fn write_answer(digits: &[u8]) -> String {
    let mut out = String::with_capacity(digits.len() * 3);
    for (i, d) in digits.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&d.to_string());
    }
    out
}

/// Reads the given digits of a task's run-length part: a number from 1 to
/// `side` or an empty cell each, and no letters.
pub(crate) fn read_givens(tokens: &[Token], side: usize) -> Result<Vec<u8>, TaskError> {
    tokens
        .iter()
        .enumerate()
        .map(|(i, token)| {
            let at = || format!("row {}, column {}", i / side + 1, i % side + 1);
            match *token {
                Token::Empty => Ok(0),
                Token::Number(n) if n >= 1 && n as usize <= side => Ok(n as u8),
                Token::Number(n) => Err(TaskError::new(format!("the given {n} at {} is not from 1 to {side}", at()))),
                Token::Letter(c) => Err(TaskError::new(format!("`{c}` at {} is not a given digit", at()))),
            }
        })
        .collect()
}

/// The given digits as run-length tokens: the inverse of [`read_givens`].
pub(crate) fn givens_tokens(givens: &[u8]) -> Vec<Token> {
    givens.iter().map(|&d| if d == 0 { Token::Empty } else { Token::Number(u32::from(d)) }).collect()
}

/// Numbers regions (or cages) from 0 in the order their first cells come in
/// reading order: each cell's number, and how many there are. `ids` are the
/// task's own names for them, whatever they are.
pub(crate) fn number_by_first_cell(ids: &[u32]) -> (Vec<usize>, usize) {
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let numbers = ids
        .iter()
        .map(|&id| {
            let next = seen.len();
            *seen.entry(id).or_insert(next)
        })
        .collect();
    (numbers, seen.len())
}

/// A Latin square with regions, and the digits it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LatinSquare {
    side: usize,
    /// Each cell's region, numbered from 0 by first cell, row-major.
    regions: Vec<usize>,
    /// Each cell's given digit, 0 where none is given.
    givens: Vec<u8>,
    /// What a region is called in a broken rule's message (`region`, `box`).
    region_word: &'static str,
}

impl LatinSquare {
    /// A square of `regions.len()` cells, which must make a square of
    /// `side` whose regions are `side` cells each. `regions` are numbered
    /// by [`number_by_first_cell`].
    pub(crate) fn new(
        side: usize,
        regions: Vec<usize>,
        givens: Vec<u8>,
        region_word: &'static str,
    ) -> Result<LatinSquare, TaskError> {
        debug_assert!(side <= MAX_SIDE && regions.len() == side * side && givens.len() == side * side);
        // Numbered by first cell, the regions are 0..count, each with a cell.
        let count = regions.iter().max().map_or(0, |&r| r + 1);
        if count != side {
            return Err(TaskError::new(format!("{count} {region_word}s where a {side}x{side} grid has {side}")));
        }
        let mut sizes = vec![0usize; side];
        for &r in &regions {
            sizes[r] += 1;
        }
        if let Some(r) = sizes.iter().position(|&n| n != side) {
            let first = regions.iter().position(|&x| x == r).expect("a region has a cell");
            return Err(TaskError::new(format!(
                "{region_word} {} (from row {}, column {}) has {} cells where it needs {side}",
                r + 1,
                first / side + 1,
                first % side + 1,
                sizes[r]
            )));
        }
        Ok(LatinSquare { side, regions, givens, region_word })
    }

    /// Cells a side.
    pub(crate) fn side(&self) -> usize {
        self.side
    }

    /// Each cell's given digit, 0 where none is given.
    pub(crate) fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Each cell's region, from 0.
    pub(crate) fn regions(&self) -> &[usize] {
        &self.regions
    }

    /// Checks digits (each from 1 to the side, as [`read_answer`] gives
    /// them) by the rules: every given kept, and no digit twice in a row,
    /// a column or a region, which with N cells each means each digit once.
    pub(crate) fn check(&self, digits: &[u8]) -> Result<(), String> {
        let n = self.side;
        for (i, (&given, &d)) in self.givens.iter().zip(digits).enumerate() {
            if given != 0 && given != d {
                return Err(format!("row {}, column {} was given as {given} but holds {d}", i / n + 1, i % n + 1));
            }
        }
        // seen[unit][digit]: whether the unit has shown the digit yet.
        let mut seen = vec![false; 3 * n * (n + 1)];
        for (i, &d) in digits.iter().enumerate() {
            let (row, col, region) = (i / n, i % n, self.regions[i]);
            for (kind, unit) in [row, col, region].into_iter().enumerate() {
                let at = (kind * n + unit) * (n + 1) + usize::from(d);
                if std::mem::replace(&mut seen[at], true) {
                    return Err(match kind {
                        0 => format!("row {} holds {d} twice", row + 1),
                        1 => format!("column {} holds {d} twice", col + 1),
                        _ => {
                            let first = self.regions.iter().position(|&r| r == region).expect("a region has a cell");
                            format!(
                                "{} {} (from row {}, column {}) holds {d} twice",
                                self.region_word,
                                region + 1,
                                first / n + 1,
                                first % n + 1
                            )
                        }
                    });
                }
            }
        }
        Ok(())
    }

    /// The model on the engine: an item per cell (one digit), per row and
    /// digit, column and digit, and region and digit (the digit once), and
    /// an option per digit a cell may hold: only its own on a given cell,
    /// none that a given holds in its row, column or region.
    ///
    /// `add_items` adds the kind's own items after these and gives the
    /// kind's say on each option: for a cell and digit, the weights it adds
    /// to them (in the order the items were added, which the engine reads
    /// fastest), or false where the kind's rules rule the digit out there.
    pub(crate) fn model<W>(&self, add_items: impl FnOnce(&mut Problem) -> W) -> Model
    where
        W: Fn(usize, u8, &mut Vec<(ItemId, u32)>) -> bool,
    {
        let n = self.side;
        let cells = n * n;
        // given[(kind * n + unit) * (n + 1) + d]: whether a given puts d in the unit.
        let mut given = vec![false; 3 * n * (n + 1)];
        for (cell, &d) in self.givens.iter().enumerate().filter(|&(_, &d)| d != 0) {
            for (kind, unit) in [cell / n, cell % n, self.regions[cell]].into_iter().enumerate() {
                given[(kind * n + unit) * (n + 1) + usize::from(d)] = true;
            }
        }
        let mut problem = Problem::with_capacity(4 * cells, cells * n, cells * n * 6);
        // Cell items first: the engine groups each option under the first
        // exactly-one item it touches, and "one digit a cell" is the group.
        for _ in 0..4 * cells {
            problem.add_exact(1);
        }
        let kinds_say = add_items(&mut problem);
        let mut placements = Vec::with_capacity(cells * n);
        let mut entries = Vec::with_capacity(8);
        for cell in 0..cells {
            let units = [cell / n, cell % n, self.regions[cell]];
            let own = self.givens[cell];
            for d in 1..=n as u8 {
                let ruled_out = if own != 0 {
                    d != own
                } else {
                    units.iter().enumerate().any(|(kind, unit)| given[(kind * n + unit) * (n + 1) + usize::from(d)])
                };
                if ruled_out {
                    continue;
                }
                entries.clear();
                entries.push((cell, 1));
                for (kind, unit) in units.into_iter().enumerate() {
                    entries.push((cells * (kind + 1) + unit * n + usize::from(d) - 1, 1));
                }
                if kinds_say(cell, d, &mut entries) {
                    problem.add_option(entries.iter().copied());
                    placements.push((cell, d));
                }
            }
        }
        Model { problem, placements, cells }
    }

    /// The board's digits on a drawing: the givens in the puzzle's ink and,
    /// with an answer that reads, the rest in the answer's.
    pub(crate) fn draw_digits(&self, drawing: &mut Drawing, answer: Option<&str>) {
        let answer = answer.and_then(|answer| read_answer(answer, self.side).ok());
        for (cell, &given) in self.givens.iter().enumerate() {
            if given != 0 {
                drawing.write(cell, given.to_string(), Ink::Given);
            } else if let Some(digits) = &answer {
                drawing.write(cell, digits[cell].to_string(), Ink::Answer);
            }
        }
    }
}

/// A Latin square on the engine, with what it takes to read answers back.
pub(crate) struct Model {
    pub(crate) problem: Problem,
    /// Each placing option's cell and digit: the first options. Options a
    /// kind adds after them place nothing.
    placements: Vec<(usize, u8)>,
    cells: usize,
}

impl Model {
    /// The answer string a set of options stands for.
    pub(crate) fn answer(&self, chosen: &[OptionId]) -> String {
        let mut digits = vec![0u8; self.cells];
        for &(cell, d) in chosen.iter().filter_map(|&o| self.placements.get(o)) {
            digits[cell] = d;
        }
        write_answer(&digits)
    }

    /// Up to `limit` answers of `board`, each checked by its own check.
    pub(crate) fn solve(
        &self,
        board: &dyn Board,
        settings: Settings,
        limit: usize,
    ) -> Option<Result<Solved<String>, SolveError>> {
        Some(solve_answers(board, &self.problem, settings, limit, |chosen| self.answer(chosen)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_and_write_back() {
        assert_eq!(read_answer("1,2,2,1", 2).unwrap(), [1, 2, 2, 1]);
        assert_eq!(write_answer(&[1, 2, 2, 1]), "1,2,2,1");
        assert_eq!(read_answer("1,2,2", 2).unwrap_err(), "3 numbers where a 2x2 grid has 4 cells");
        assert_eq!(read_answer("1,2,3,1", 2).unwrap_err(), "`3` at row 2, column 1 is not a digit from 1 to 2");
        assert!(read_answer("1,2,,1", 2).unwrap_err().contains("row 2, column 1"));
        assert!(read_answer("", 1).is_err());
    }

    #[test]
    fn regions_are_numbered_by_first_cell() {
        assert_eq!(number_by_first_cell(&[7, 7, 3, 7, 3, 9]), (vec![0, 0, 1, 0, 1, 2], 3));
    }

    #[test]
    fn regions_of_the_wrong_size_are_refused() {
        let err = LatinSquare::new(2, vec![0, 0, 0, 1], vec![0; 4], "region").unwrap_err();
        assert_eq!(err.0, "region 1 (from row 1, column 1) has 3 cells where it needs 2");
        assert!(LatinSquare::new(2, vec![0, 1, 2, 2], vec![0; 4], "region").is_err());
        assert!(LatinSquare::new(2, vec![0; 4], vec![0; 4], "region").is_err());
    }

    #[test]
    fn the_check_names_the_rule() {
        // Regions that are the diagonals.
        let square = LatinSquare::new(2, vec![0, 1, 1, 0], vec![1, 0, 0, 0], "region").unwrap();
        assert_eq!(square.check(&[1, 2, 2, 1]), Err("region 2 (from row 1, column 2) holds 2 twice".into()));
        assert_eq!(square.check(&[1, 1, 2, 2]), Err("row 1 holds 1 twice".into()));
        assert_eq!(square.check(&[2, 1, 1, 2]), Err("row 1, column 1 was given as 1 but holds 2".into()));
        let rows = LatinSquare::new(2, vec![0, 0, 1, 1], vec![0; 4], "region").unwrap();
        assert_eq!(rows.check(&[1, 2, 1, 2]), Err("column 1 holds 1 twice".into()));
        assert_eq!(rows.check(&[1, 2, 2, 1]), Ok(()));
    }
}
