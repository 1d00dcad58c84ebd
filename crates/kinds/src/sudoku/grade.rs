//! Grading: solving a Sudoku the way a person does, one deduction at a
//! time, always with the simplest technique that finds something. A
//! puzzle's level is that of the hardest technique it needed; the steps,
//! in words, are its hints.
//!
//! The board keeps the candidates of every blank cell as a bit set
//! (bit `d` for digit `d`). Each technique looks at the board and returns
//! the first deduction it finds (digits placed, candidates removed) with its
//! explanation, or nothing. Placing a digit removes it from the cell's
//! peers as a person pencils it out; that is part of the placement, not a
//! step of its own.

use super::{CELLS, Grid};

mod board;
mod levels;
mod words;

use board::{Board, UNITS, box_index, col, digits_of, row, sees, subsets};
use words::{cell_name, cells_text, digits_text, removed_text, unit_name};

pub use levels::{Level, Technique};

/// One deduction: the digits it places and the candidates it removes
/// (cells 0..81 row-major), and what a person would say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    pub placed: Vec<(usize, u8)>,
    pub removed: Vec<(usize, u8)>,
    pub text: String,
}

impl crate::grading::Step for Step {
    type Technique = Technique;

    fn technique(&self) -> Technique {
        self.technique
    }
}

/// A puzzle's grade: its level and every step of the solution.
pub type Grading = crate::grading::Grading<Step>;

/// Grades a puzzle that has exactly one solution, `solution` (proved with
/// the engine by the caller). The solution is read only when no technique
/// applies: the guess step places its digit in a cell with the fewest
/// candidates. Every other step is deduced from the board alone.
pub fn grade(puzzle: &Grid, solution: &Grid) -> Grading {
    grade_up_to(puzzle, solution, Level::Guess)
}

/// Like [`grade`], but stops as soon as a technique above `ceiling` is
/// needed (the level is then that technique's): the generator's quick
/// rejection of puzzles harder than asked.
pub fn grade_up_to(puzzle: &Grid, solution: &Grid, ceiling: Level) -> Grading {
    let mut board = Board::new(puzzle);
    let mut steps = Vec::new();
    let mut level = Level::Easy;
    while !board.is_solved() {
        let step = next_step(&board).unwrap_or_else(|| guess(&board, solution));
        if step.placed.iter().any(|&(_, d)| d == 0) {
            break; // `solution` has a blank: not the puzzle's solution.
        }
        level = level.max(step.technique.level());
        apply(&mut board, &step);
        steps.push(step);
        if level > ceiling {
            break;
        }
    }
    Grading { level, steps, complete: board.is_solved() }
}

/// The first deduction of the simplest technique that finds one.
fn next_step(board: &Board) -> Option<Step> {
    Technique::ALL.iter().filter(|&&t| t != Technique::Guess).find_map(|&t| technique_step(board, t))
}

fn technique_step(board: &Board, technique: Technique) -> Option<Step> {
    use Technique::*;
    match technique {
        HiddenSingle => hidden_single(board),
        NakedSingle => naked_single(board),
        LockedCandidates => locked_candidates(board),
        NakedPair => naked_subset(board, 2),
        HiddenPair => hidden_subset(board, 2),
        NakedTriple => naked_subset(board, 3),
        HiddenTriple => hidden_subset(board, 3),
        XWing => fish(board, 2),
        Swordfish => fish(board, 3),
        XyWing => xy_wing(board),
        XyzWing => xyz_wing(board),
        SimpleColoring => simple_coloring(board),
        XChain => x_chain(board),
        XyChain => xy_chain(board),
        Guess => None,
    }
}

/// `board` after `step`.
fn apply(board: &mut Board, step: &Step) {
    for &(cell, d) in &step.placed {
        board.place(cell, d);
    }
    for &(cell, d) in &step.removed {
        board.cand[cell] &= !(1 << d);
    }
}

fn placement(technique: Technique, cell: usize, d: u8, why: String) -> Step {
    let text = format!("{} = {d} ({why})", cell_name(cell));
    Step { technique, placed: vec![(cell, d)], removed: Vec::new(), text }
}

fn elimination(technique: Technique, removed: Vec<(usize, u8)>, what: String) -> Option<Step> {
    if removed.is_empty() {
        return None;
    }
    let text = format!("{what}: {}", removed_text(&removed));
    Some(Step { technique, placed: Vec::new(), removed, text })
}

/// The only place left for a digit in a box, row or column (boxes first,
/// as a person scans).
fn hidden_single(board: &Board) -> Option<Step> {
    for unit in (18..27).chain(0..18) {
        for d in 1..=9 {
            if let [cell] = board.places(unit, d)[..] {
                let why = format!("hidden single in {}", unit_name(unit));
                return Some(placement(Technique::HiddenSingle, cell, d, why));
            }
        }
    }
    None
}

/// A cell with one candidate left.
fn naked_single(board: &Board) -> Option<Step> {
    (0..CELLS).find(|&c| board.cand[c].count_ones() == 1).map(|cell| {
        let d = board.cand[cell].trailing_zeros() as u8;
        placement(Technique::NakedSingle, cell, d, "naked single".into())
    })
}

/// A digit whose places in a box all lie in one row or column (pointing),
/// or whose places in a row or column all lie in one box (claiming).
fn locked_candidates(board: &Board) -> Option<Step> {
    for d in 1..=9u8 {
        for b in 18..27 {
            let places = board.places(b, d);
            if places.len() < 2 {
                continue;
            }
            for (line, of) in [(row as fn(usize) -> usize, 0), (col, 9)] {
                let first = line(places[0]);
                if places.iter().all(|&c| line(c) == first) {
                    let unit = of + first;
                    let outside = UNITS[unit].iter().copied().filter(|&c| box_index(c) + 18 != b);
                    let what = format!("locked candidates: {d} in {} only in {}", unit_name(b), unit_name(unit));
                    if let Some(step) = elimination(Technique::LockedCandidates, board.removals(outside, d), what) {
                        return Some(step);
                    }
                }
            }
        }
        for (line, line_cells) in UNITS.iter().enumerate().take(18) {
            let places = board.places(line, d);
            if places.len() < 2 {
                continue;
            }
            let b = box_index(places[0]);
            if places.iter().all(|&c| box_index(c) == b) {
                let outside = UNITS[18 + b].iter().copied().filter(|c| !line_cells.contains(c));
                let what = format!("locked candidates: {d} in {} only in {}", unit_name(line), unit_name(18 + b));
                if let Some(step) = elimination(Technique::LockedCandidates, board.removals(outside, d), what) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// `k` cells of a unit whose candidates together are `k` digits: those
/// digits go in those cells, so the unit's other cells lose them.
fn naked_subset(board: &Board, k: usize) -> Option<Step> {
    let technique = if k == 2 { Technique::NakedPair } else { Technique::NakedTriple };
    for (unit, unit_cells) in UNITS.iter().enumerate() {
        let open: Vec<usize> =
            unit_cells.iter().copied().filter(|&c| (2..=k as u32).contains(&board.cand[c].count_ones())).collect();
        for cells in subsets(&open, k) {
            let union = cells.iter().fold(0u16, |m, &c| m | board.cand[c]);
            if union.count_ones() as usize != k {
                continue;
            }
            let removed: Vec<(usize, u8)> = unit_cells
                .iter()
                .filter(|c| !cells.contains(c))
                .flat_map(|&c| digits_of(union & board.cand[c]).map(move |d| (c, d)))
                .collect();
            let what =
                format!("{technique} {{{}}} in {} ({})", digits_text(union), cells_text(&cells), unit_name(unit));
            if let Some(step) = elimination(technique, removed, what) {
                return Some(step);
            }
        }
    }
    None
}

/// `k` digits of a unit whose places together are `k` cells: those cells
/// hold those digits, so they lose every other candidate.
fn hidden_subset(board: &Board, k: usize) -> Option<Step> {
    let technique = if k == 2 { Technique::HiddenPair } else { Technique::HiddenTriple };
    for (unit, unit_cells) in UNITS.iter().enumerate() {
        let digits: Vec<usize> = (1..=9).filter(|&d| (2..=k).contains(&board.places(unit, d as u8).len())).collect();
        for chosen in subsets(&digits, k) {
            let mask = chosen.iter().fold(0u16, |m, &d| m | 1 << d);
            let cells: Vec<usize> = unit_cells.iter().copied().filter(|&c| board.cand[c] & mask != 0).collect();
            if cells.len() != k {
                continue;
            }
            let removed: Vec<(usize, u8)> =
                cells.iter().flat_map(|&c| digits_of(board.cand[c] & !mask).map(move |d| (c, d))).collect();
            let what = format!("{technique} {{{}}} in {} ({})", digits_text(mask), cells_text(&cells), unit_name(unit));
            if let Some(step) = elimination(technique, removed, what) {
                return Some(step);
            }
        }
    }
    None
}

/// A digit whose places in `k` rows lie in only `k` columns (or the other
/// way round): those columns lose it everywhere else.
fn fish(board: &Board, k: usize) -> Option<Step> {
    let technique = if k == 2 { Technique::XWing } else { Technique::Swordfish };
    for d in 1..=9u8 {
        for (base_of, cover_of) in [(0, 9), (9, 0)] {
            // For each base line: the positions (0..9 along it) of d.
            let positions: Vec<u16> = (0..9)
                .map(|i| {
                    UNITS[base_of + i]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| board.has(c, d))
                        .fold(0, |m, (j, _)| m | 1 << j)
                })
                .collect();
            let bases: Vec<usize> = (0..9).filter(|&i| (2..=k as u32).contains(&positions[i].count_ones())).collect();
            for chosen in subsets(&bases, k) {
                let covers = chosen.iter().fold(0u16, |m, &i| m | positions[i]);
                if covers.count_ones() as usize != k {
                    continue;
                }
                let cover_units: Vec<usize> =
                    (0..9).filter(|&j| covers & (1 << j) != 0).map(|j| cover_of + j).collect();
                let base_units: Vec<usize> = chosen.iter().map(|&i| base_of + i).collect();
                let outside = cover_units
                    .iter()
                    .flat_map(|&u| UNITS[u].iter().copied())
                    .filter(|c| !base_units.iter().any(|&b| UNITS[b].contains(c)));
                let names = |units: &[usize]| units.iter().map(|&u| unit_name(u)).collect::<Vec<_>>().join(", ");
                let what = format!("{technique} on {d} in {} and {}", names(&base_units), names(&cover_units));
                if let Some(step) = elimination(technique, board.removals(outside, d), what) {
                    return Some(step);
                }
            }
        }
    }
    None
}

fn bivalue(board: &Board, cell: usize) -> bool {
    board.cand[cell].count_ones() == 2
}

/// A pivot {x,y} seeing pincers {x,z} and {y,z}: whichever the pivot holds,
/// one pincer is z, so cells seeing both pincers lose z.
fn xy_wing(board: &Board) -> Option<Step> {
    for pivot in (0..CELLS).filter(|&c| bivalue(board, c)) {
        let p = board.cand[pivot];
        let pincers: Vec<usize> = (0..CELLS)
            .filter(|&c| sees(pivot, c) && bivalue(board, c) && (board.cand[c] & p).count_ones() == 1)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.cand[a], board.cand[b]);
                let z = ma & mb & !p;
                if z.count_ones() != 1 || (ma | mb) & p != p {
                    continue;
                }
                let z = z.trailing_zeros() as u8;
                let targets = (0..CELLS).filter(|&c| c != pivot && sees(a, c) && sees(b, c));
                let what = wing_text("XY-wing", (pivot, p), (a, ma), (b, mb));
                if let Some(step) = elimination(Technique::XyWing, board.removals(targets, z), what) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// How a wing is told: each cell with its candidates.
fn wing_text(name: &str, pivot: (usize, u16), a: (usize, u16), b: (usize, u16)) -> String {
    let cell = |(c, m): (usize, u16)| format!("{} {{{}}}", cell_name(c), digits_text(m));
    format!("{name}: pivot {}, pincers {} and {}", cell(pivot), cell(a), cell(b))
}

/// A pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z,
/// so cells seeing all three lose z.
fn xyz_wing(board: &Board) -> Option<Step> {
    for pivot in (0..CELLS).filter(|&c| board.cand[c].count_ones() == 3) {
        let p = board.cand[pivot];
        let pincers: Vec<usize> =
            (0..CELLS).filter(|&c| sees(pivot, c) && bivalue(board, c) && board.cand[c] & !p == 0).collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (board.cand[a], board.cand[b]);
                let z = ma & mb;
                if z.count_ones() != 1 || ma | mb != p {
                    continue;
                }
                let z = z.trailing_zeros() as u8;
                let targets = (0..CELLS).filter(|&c| sees(pivot, c) && sees(a, c) && sees(b, c));
                let what = wing_text("XYZ-wing", (pivot, p), (a, ma), (b, mb));
                if let Some(step) = elimination(Technique::XyzWing, board.removals(targets, z), what) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// Two cells joined by a strong link on `d`: the only two places of `d` in
/// some unit, so exactly one of them holds it.
fn strong(board: &Board, a: usize, b: usize, d: u8) -> bool {
    sees(a, b)
        && [row(a), 9 + col(a), 18 + box_index(a)]
            .into_iter()
            .filter(|&u| UNITS[u].contains(&b))
            .any(|u| board.places(u, d).len() == 2)
}

/// Colour the strong links of one digit in two colours, alternating; one
/// colour is the truth. Two cells of one colour that see each other make
/// that colour false (wrap); a cell seeing both colours loses the digit
/// (trap).
fn simple_coloring(board: &Board) -> Option<Step> {
    for d in 1..=9u8 {
        let cells = board.cells_with(d);
        let mut colour: [Option<(usize, bool)>; CELLS] = [None; CELLS];
        for &start in &cells {
            if colour[start].is_some() {
                continue;
            }
            colour[start] = Some((start, false));
            let mut queue = vec![start];
            let mut members = vec![start];
            while let Some(a) = queue.pop() {
                let (_, ca) = colour[a].expect("queued cells are coloured");
                for &b in &cells {
                    if colour[b].is_none() && strong(board, a, b, d) {
                        colour[b] = Some((start, !ca));
                        queue.push(b);
                        members.push(b);
                    }
                }
            }
            if members.len() < 3 {
                continue;
            }
            let of = |side: bool| -> Vec<usize> {
                members.iter().copied().filter(|&c| colour[c].map(|(_, s)| s) == Some(side)).collect()
            };
            let (blue, green) = (of(false), of(true));
            for (side, name) in [(&blue, "one"), (&green, "the other")] {
                let clash = side
                    .iter()
                    .enumerate()
                    .find_map(|(i, &a)| side[i + 1..].iter().find(|&&b| sees(a, b)).map(|&b| (a, b)));
                if let Some((a, b)) = clash {
                    let what = format!(
                        "simple coloring on {d}: {} and {} have {name} colour of the chain {} and share a unit, so that colour is false",
                        cell_name(a),
                        cell_name(b),
                        cells_text(&members)
                    );
                    return elimination(Technique::SimpleColoring, board.removals(side.iter().copied(), d), what);
                }
            }
            let trapped: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| colour[c].is_none_or(|(s, _)| s != start))
                .filter(|&c| blue.iter().any(|&a| sees(a, c)) && green.iter().any(|&b| sees(b, c)))
                .collect();
            let what = format!(
                "simple coloring on {d}: chain {} in two colours (one is true); cells seeing both colours lose {d}",
                cells_text(&members)
            );
            if let Some(step) = elimination(Technique::SimpleColoring, board.removals(trapped, d), what) {
                return Some(step);
            }
        }
    }
    None
}

/// The states of a breadth-first walk from its start to `state`, read back
/// through each state's parent.
fn walk_to(parent: &[Option<usize>], mut state: usize) -> Vec<usize> {
    let mut path = vec![state];
    while let Some(p) = parent[state] {
        path.push(p);
        state = p;
    }
    path.reverse();
    path
}

/// An X-chain on one digit: from a cell, strong and weak links alternate,
/// starting and ending strong. If the first cell does not hold the digit the
/// last does, so cells seeing both ends lose it.
fn x_chain(board: &Board) -> Option<Step> {
    for d in 1..=9u8 {
        let cells = board.cells_with(d);
        // State: cell * 2 + (1 if reached by a strong link: "holds d").
        for &start in &cells {
            let mut parent: Vec<Option<usize>> = vec![None; CELLS * 2];
            let mut seen = [false; CELLS * 2];
            let first = start * 2; // "start does not hold d"
            seen[first] = true;
            let mut queue = std::collections::VecDeque::from([first]);
            while let Some(state) = queue.pop_front() {
                let (a, on) = (state / 2, state % 2 == 1);
                for &b in &cells {
                    let linked = if on { sees(a, b) } else { strong(board, a, b, d) };
                    let next = b * 2 + usize::from(!on);
                    if !linked || seen[next] {
                        continue;
                    }
                    seen[next] = true;
                    parent[next] = Some(state);
                    queue.push_back(next);
                    if on || b == start {
                        continue;
                    }
                    // `b` holds d if `start` does not: one of them holds it.
                    let path = walk_to(&parent, next);
                    if path.len() < 4 {
                        continue;
                    }
                    let targets = cells.iter().copied().filter(|&c| c != b && sees(start, c) && sees(b, c));
                    let removed = board.removals(targets, d);
                    if removed.is_empty() {
                        continue;
                    }
                    let chain: String = path
                        .iter()
                        .enumerate()
                        .map(|(i, &s)| {
                            let link = if i == 0 {
                                ""
                            } else if s % 2 == 1 {
                                " = "
                            } else {
                                " - "
                            };
                            format!("{link}{}", cell_name(s / 2))
                        })
                        .collect();
                    let what = format!("X-chain on {d}: {chain} (one end holds {d})");
                    return elimination(Technique::XChain, removed, what);
                }
            }
        }
    }
    None
}

/// An XY-chain: bivalue cells, each seeing the next and sharing a digit with
/// it. If the first cell is not z, the chain forces the last to be z; so
/// cells seeing both ends lose z.
fn xy_chain(board: &Board) -> Option<Step> {
    let cells: Vec<usize> = (0..CELLS).filter(|&c| bivalue(board, c)).collect();
    let other = |c: usize, v: u8| (board.cand[c] & !(1 << v)).trailing_zeros() as u8;
    for &start in &cells {
        for z in digits_of(board.cand[start]) {
            // State: cell * 10 + the digit it holds.
            let mut parent: Vec<Option<usize>> = vec![None; CELLS * 10];
            let mut seen = vec![false; CELLS * 10];
            let first = start * 10 + usize::from(other(start, z));
            seen[first] = true;
            let mut queue = std::collections::VecDeque::from([first]);
            while let Some(state) = queue.pop_front() {
                let (a, v) = (state / 10, (state % 10) as u8);
                for &b in &cells {
                    if !sees(a, b) || !board.has(b, v) {
                        continue;
                    }
                    let holds = other(b, v);
                    let next = b * 10 + usize::from(holds);
                    if seen[next] {
                        continue;
                    }
                    seen[next] = true;
                    parent[next] = Some(state);
                    queue.push_back(next);
                    if holds != z || b == start {
                        continue;
                    }
                    let targets = (0..CELLS).filter(|&c| c != start && c != b && sees(start, c) && sees(b, c));
                    let removed = board.removals(targets, z);
                    if removed.is_empty() {
                        continue;
                    }
                    let path = walk_to(&parent, next);
                    let chain = path
                        .iter()
                        .map(|&s| format!("{} {{{}}}", cell_name(s / 10), digits_text(board.cand[s / 10])))
                        .collect::<Vec<_>>()
                        .join(" - ");
                    let what = format!("XY-chain on {z}: {chain} (one end holds {z})");
                    return elimination(Technique::XyChain, removed, what);
                }
            }
        }
    }
    None
}

/// When no technique applies: the solution's digit in a blank cell with the
/// fewest candidates (a person would try them in turn).
fn guess(board: &Board, solution: &Grid) -> Step {
    let cell = (0..CELLS)
        .filter(|&c| board.value[c] == 0)
        .min_by_key(|&c| (board.cand[c].count_ones(), c))
        .expect("an unsolved board has a blank cell");
    let d = solution.cells()[cell];
    let why = format!("guess among {}: no technique applies, and the others fail", digits_text(board.cand[cell]));
    placement(Technique::Guess, cell, d, why)
}

#[cfg(test)]
mod tests;
