//! Latin squares with regions: an N x N grid whose every row, column and
//! region holds the digits 1 to N once each. Jigsaw sudoku is one as it
//! stands; killer sudoku is one whose regions are boxes, with cages on top.
//! Futoshiki, renzoku and skyscrapers are Latin squares without regions,
//! with signs between cells or clues around them. Here are what they share:
//! the answer strings the sites post (a digit a cell, comma-separated on
//! the sudoku sites, run together on the others), the check of the rules,
//! the model on the engine, to which a kind adds its own items, and pairs of
//! side-by-side digits a kind forbids ([`Exclusion`]).

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
    for (i, &d) in digits.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // A digit a push, not a String a cell: `solve --json` writes a
        // Sudoku's answer for every puzzle of a file of fifty thousand.
        match char::from_digit(u32::from(d), 10) {
            Some(digit) => out.push(digit),
            None => out.push_str(&d.to_string()),
        }
    }
    out
}

/// Reads an answer string of digits run together (`2413...`), `side *
/// side` of them from 1 to `side` (which is at most 9), row-major.
pub(crate) fn read_digits(answer: &str, side: usize) -> Result<Vec<u8>, String> {
    let cells = side * side;
    if answer.len() != cells {
        return Err(format!("{} characters where a {side}x{side} grid has {cells} cells", answer.len()));
    }
    answer
        .chars()
        .enumerate()
        .map(|(i, c)| {
            c.to_digit(10).filter(|&d| d >= 1 && d as usize <= side).map(|d| d as u8).ok_or_else(|| {
                format!("`{c}` at row {}, column {} is not a digit from 1 to {side}", i / side + 1, i % side + 1)
            })
        })
        .collect()
}

/// Writes digits (each below 10) run together: the inverse of
/// [`read_digits`].
pub(crate) fn write_digits(digits: &[u8]) -> String {
    digits.iter().map(|&d| char::from(b'0' + d)).collect()
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

/// The settings for a square whose signs or clues the model says with
/// exclusions or agreement items: where the caller leaves the algorithm to
/// the engine, the multi-cover search, whose propagation solves real
/// futoshiki, renzoku and skyscrapers puzzles without a branch where
/// dancing links alone walks tens of thousands of nodes.
pub(crate) fn propagating(settings: Settings) -> Settings {
    match settings.algorithm {
        multicover::Algorithm::Auto => Settings { algorithm: multicover::Algorithm::MultiCover, ..settings },
        _ => settings,
    }
}

/// A side of a cell, as futoshiki's and renzoku's tasks name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    Up,
    Right,
    Down,
    Left,
}

impl Side {
    pub(crate) const ALL: [Side; 4] = [Side::Up, Side::Right, Side::Down, Side::Left];

    fn letter(self) -> char {
        match self {
            Side::Up => 'U',
            Side::Right => 'R',
            Side::Down => 'D',
            Side::Left => 'L',
        }
    }

    /// The word a message uses.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Side::Up => "above",
            Side::Right => "right of",
            Side::Down => "below",
            Side::Left => "left of",
        }
    }

    /// The neighbour of `cell` on this side in a square of `side`, if the
    /// cell is not on that edge.
    pub(crate) fn neighbour(self, cell: usize, side: usize) -> Option<usize> {
        let (row, col) = (cell / side, cell % side);
        match self {
            Side::Up => (row > 0).then(|| cell - side),
            Side::Right => (col + 1 < side).then(|| cell + 1),
            Side::Down => (row + 1 < side).then(|| cell + side),
            Side::Left => (col > 0).then(|| cell - 1),
        }
    }
}

/// A square's cells written as futoshiki and renzoku write them: each a
/// given digit (0 for none) and letters for the sides that carry a sign
/// (`U`, `R`, `D`, `L`), each cell followed by a comma (the last too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MarkedCells {
    pub(crate) side: usize,
    pub(crate) givens: Vec<u8>,
    /// Each cell's marked sides, in the task's order.
    pub(crate) marks: Vec<Vec<Side>>,
}

impl MarkedCells {
    /// Reads the cells; a square's side is their count's root, or the
    /// page's size where known.
    pub(crate) fn read(task: &str, size: Option<crate::home::Size>) -> Result<MarkedCells, TaskError> {
        let Some(body) = task.strip_suffix(',') else {
            return Err(TaskError::new("the cells do not end with a comma"));
        };
        let parts: Vec<&str> = body.split(',').collect();
        let size = crate::task::grid_size(parts.len(), size)?;
        if size.width != size.height {
            return Err(TaskError::new(format!("a {size} grid where the square has as many rows as columns")));
        }
        let side = size.width;
        let mut givens = Vec::with_capacity(parts.len());
        let mut marks = Vec::with_capacity(parts.len());
        for (cell, part) in parts.iter().enumerate() {
            let at = || format!("row {}, column {}", cell / side + 1, cell % side + 1);
            let digits = part.find(|c: char| !c.is_ascii_digit()).unwrap_or(part.len());
            let given = part[..digits]
                .parse::<usize>()
                .ok()
                .filter(|&d| d <= side && (digits == 1 || !part.starts_with('0')))
                .ok_or_else(|| {
                    TaskError::new(format!("`{part}` at {} does not start with a digit from 0 to {side}", at()))
                })?;
            let mut sides = Vec::new();
            for letter in part[digits..].chars() {
                let Some(mark) = Side::ALL.into_iter().find(|s| s.letter() == letter) else {
                    return Err(TaskError::new(format!("`{letter}` at {} is not a side (U, R, D or L)", at())));
                };
                if sides.contains(&mark) {
                    return Err(TaskError::new(format!("`{letter}` twice at {}", at())));
                }
                if mark.neighbour(cell, side).is_none() {
                    return Err(TaskError::new(format!("a sign {} {}, on the grid's edge", mark.word(), at())));
                }
                sides.push(mark);
            }
            givens.push(given as u8);
            marks.push(sides);
        }
        Ok(MarkedCells { side, givens, marks })
    }

    /// The task string: the inverse of [`MarkedCells::read`].
    pub(crate) fn write(&self) -> String {
        let mut out = String::new();
        for (given, sides) in self.givens.iter().zip(&self.marks) {
            out.push_str(&given.to_string());
            out.extend(sides.iter().map(|s| s.letter()));
            out.push(',');
        }
        out
    }

    /// Each mark: its cell, side and the neighbour there.
    pub(crate) fn signs(&self) -> impl Iterator<Item = (usize, Side, usize)> + '_ {
        self.marks.iter().enumerate().flat_map(move |(cell, sides)| {
            sides.iter().map(move |&s| (cell, s, s.neighbour(cell, self.side).expect("read checks the edges")))
        })
    }
}

/// A Latin square with regions, and the digits it is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LatinSquare {
    side: usize,
    /// Each cell's region, numbered from 0 by first cell, row-major; None
    /// for a square with rows and columns only.
    regions: Option<Vec<usize>>,
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
        Ok(LatinSquare { side, regions: Some(regions), givens, region_word })
    }

    /// A square of `givens.len()` cells, which must be `side * side`, with
    /// rows and columns and no regions.
    pub(crate) fn plain(side: usize, givens: Vec<u8>) -> LatinSquare {
        debug_assert!(side <= MAX_SIDE && givens.len() == side * side);
        LatinSquare { side, regions: None, givens, region_word: "region" }
    }

    /// Cells a side.
    pub(crate) fn side(&self) -> usize {
        self.side
    }

    /// Each cell's given digit, 0 where none is given.
    pub(crate) fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Each cell's region, from 0; empty for a square without regions.
    pub(crate) fn regions(&self) -> &[usize] {
        self.regions.as_deref().unwrap_or_default()
    }

    /// Checks digits (each from 1 to the side, as [`read_answer`] gives
    /// them) by the rules: every given kept, and no digit twice in a row,
    /// a column or a region (where it has them), which with N cells each
    /// means each digit once.
    pub(crate) fn check(&self, digits: &[u8]) -> Result<(), String> {
        let n = self.side;
        for (i, (&given, &d)) in self.givens.iter().zip(digits).enumerate() {
            if given != 0 && given != d {
                return Err(format!("row {}, column {} was given as {given} but holds {d}", i / n + 1, i % n + 1));
            }
        }
        // seen[unit][digit]: whether the unit has shown the digit yet.
        let mut seen = vec![false; 3 * n * (n + 1)];
        let regions = self.regions.as_deref();
        for (i, &d) in digits.iter().enumerate() {
            let (row, col) = (i / n, i % n);
            let region = regions.map(|regions| regions[i]);
            for (kind, unit) in [Some(row), Some(col), region].into_iter().enumerate() {
                let Some(unit) = unit else { continue };
                let at = (kind * n + unit) * (n + 1) + usize::from(d);
                if std::mem::replace(&mut seen[at], true) {
                    return Err(match kind {
                        0 => format!("row {} holds {d} twice", row + 1),
                        1 => format!("column {} holds {d} twice", col + 1),
                        _ => {
                            let first = self.regions().iter().position(|&r| r == unit).expect("a region has a cell");
                            format!(
                                "{} {} (from row {}, column {}) holds {d} twice",
                                self.region_word,
                                unit + 1,
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
    /// digit, column and digit, and region and digit where it has regions
    /// (the digit once), and an option per digit a cell may hold: only its
    /// own on a given cell, none that a given holds in its row, column or
    /// region.
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
        let unit_of =
            |cell: usize| [Some(cell / n), Some(cell % n), self.regions.as_ref().map(|regions| regions[cell])];
        // given[(kind * n + unit) * (n + 1) + d]: whether a given puts d in the unit.
        let mut given = vec![false; 3 * n * (n + 1)];
        for (cell, &d) in self.givens.iter().enumerate().filter(|&(_, &d)| d != 0) {
            for (kind, unit) in unit_of(cell).into_iter().enumerate().filter_map(|(k, u)| Some((k, u?))) {
                given[(kind * n + unit) * (n + 1) + usize::from(d)] = true;
            }
        }
        let units = if self.regions.is_some() { 4 } else { 3 };
        let mut problem = Problem::with_capacity(units * cells, cells * n, cells * n * 6);
        // Cell items first: the engine groups each option under the first
        // exactly-one item it touches, and "one digit a cell" is the group.
        for _ in 0..units * cells {
            problem.add_exact(1);
        }
        let kinds_say = add_items(&mut problem);
        let mut placements = Vec::with_capacity(cells * n);
        let mut entries = Vec::with_capacity(8);
        for cell in 0..cells {
            let units: Vec<(usize, usize)> =
                unit_of(cell).into_iter().enumerate().filter_map(|(k, u)| Some((k, u?))).collect();
            let own = self.givens[cell];
            for d in 1..=n as u8 {
                let ruled_out = if own != 0 {
                    d != own
                } else {
                    units.iter().any(|&(kind, unit)| given[(kind * n + unit) * (n + 1) + usize::from(d)])
                };
                if ruled_out {
                    continue;
                }
                entries.clear();
                entries.push((cell, 1));
                for &(kind, unit) in &units {
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
        self.draw_answer(drawing, answer.and_then(|answer| read_answer(answer, self.side).ok()));
    }

    /// The givens in the puzzle's ink and, where given, an answer's digits
    /// (read by the kind's own answer form) in the answer's.
    pub(crate) fn draw_answer(&self, drawing: &mut Drawing, answer: Option<Vec<u8>>) {
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
    /// Each option's cell and digit.
    placements: Vec<(usize, u8)>,
    cells: usize,
}

impl Model {
    /// The digits a set of options stands for. Options a kind added after
    /// the model's own (any but one digit in one cell) are passed over.
    pub(crate) fn digits(&self, chosen: &[OptionId]) -> Vec<u8> {
        let mut digits = vec![0u8; self.cells];
        for &(cell, d) in chosen.iter().filter_map(|&o| self.placements.get(o)) {
            digits[cell] = d;
        }
        digits
    }

    /// Up to `limit` answers of `board`, comma-separated, each checked by
    /// its own check.
    pub(crate) fn solve(
        &self,
        board: &dyn Board,
        settings: Settings,
        limit: usize,
    ) -> Option<Result<Solved<String>, SolveError>> {
        self.solve_as(board, settings, limit, write_answer)
    }

    /// Up to `limit` answers of `board`, written by `write`, each checked
    /// by its own check.
    pub(crate) fn solve_as(
        &self,
        board: &dyn Board,
        settings: Settings,
        limit: usize,
        write: impl Fn(&[u8]) -> String,
    ) -> Option<Result<Solved<String>, SolveError>> {
        Some(solve_answers(board, &self.problem, settings, limit, |chosen| write(&self.digits(chosen))))
    }
}

/// Two cells that may not hold one of `a_digits` and one of `b_digits`
/// together: the engine's word for a relation between two digits, as an
/// item at most 1 to which each side's forbidden digits add 1. Sets of
/// these say "less than" or "consecutive" between side-by-side cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exclusion {
    pub(crate) a: usize,
    pub(crate) b: usize,
    /// Bit `d` for digit `d`.
    pub(crate) a_digits: u128,
    pub(crate) b_digits: u128,
}

impl Exclusion {
    /// The exclusions that make `a` less than `b` in a square of `side`:
    /// for each `k`, not `a` at least `k` with `b` at most `k`.
    pub(crate) fn less(a: usize, b: usize, side: usize) -> impl Iterator<Item = Exclusion> {
        (1..=side).map(move |k| Exclusion { a, b, a_digits: digits_from(k, side), b_digits: digits_from(1, k) })
    }

    /// The exclusions that make `a` and `b` (in one row or column, so
    /// never equal) consecutive: for each `k`, not `a` at `k` with `b`
    /// other than `k - 1` or `k + 1`.
    pub(crate) fn consecutive(a: usize, b: usize, side: usize) -> impl Iterator<Item = Exclusion> {
        (1..=side).map(move |k| {
            let near = (1u128 << (k - 1)) | (1 << (k + 1));
            Exclusion { a, b, a_digits: 1 << k, b_digits: digits_from(1, side) & !near }
        })
    }

    /// The exclusions that keep `a` and `b` (in one row or column, so
    /// never equal) from being consecutive: for each `k`, not both in
    /// `{k, k + 1}`.
    pub(crate) fn apart(a: usize, b: usize, side: usize) -> impl Iterator<Item = Exclusion> {
        (1..side).map(move |k| {
            let pair = digits_from(k, k + 1);
            Exclusion { a, b, a_digits: pair, b_digits: pair }
        })
    }

    /// Adds an item a exclusion, and gives what each cell's option of a
    /// digit adds to them: for [`LatinSquare::model`]'s `add_items`.
    pub(crate) fn items(
        problem: &mut Problem,
        exclusions: &[Exclusion],
        cells: usize,
    ) -> impl Fn(usize, u8, &mut Vec<(ItemId, u32)>) -> bool + use<> {
        let mut by_cell: Vec<Vec<(ItemId, u128)>> = vec![Vec::new(); cells];
        for exclusion in exclusions.iter().filter(|e| e.a_digits != 0 && e.b_digits != 0) {
            let item = problem.add_secondary(1);
            by_cell[exclusion.a].push((item, exclusion.a_digits));
            by_cell[exclusion.b].push((item, exclusion.b_digits));
        }
        move |cell, d, entries| {
            entries.extend(by_cell[cell].iter().filter(|(_, digits)| digits >> d & 1 == 1).map(|&(item, _)| (item, 1)));
            true
        }
    }
}

/// The digits from `lo` to `hi` as bits.
fn digits_from(lo: usize, hi: usize) -> u128 {
    (lo..=hi).fold(0, |bits, d| bits | 1 << d)
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
