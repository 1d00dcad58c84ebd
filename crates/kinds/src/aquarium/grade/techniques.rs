//! The deductions. Each technique looks at the board and returns its first
//! deduction (its words, written by [`words`](super::words), and the board with the tanks' ranges it narrows),
//! or nothing. One deduction takes in all a line gives by that technique at
//! once, as a person crossing out a row's cells does.
//!
//! A line's water is what its tanks give it; a tank at surface `s` gives a
//! line its cells there at or below row `s`. The water a tank may still add
//! to a line, over what it surely gives (its surface as low as it may be),
//! is its "extra"; the water a line still needs is its "left".

use super::board::{Board, Shape, extra, left, narrowed, open_parts, with};
use super::levels::Technique;
use super::memo::{Memo, Scratch};
use super::sums::add_sums;
use super::two_lines::two_lines;
use super::words::{both, effects, either, ruled_out};
use crate::aquarium::Water;

/// A deduction: its technique, its words, the board after it.
pub(super) type Found = (Technique, String, Board);

/// Which lines a technique looks at.
#[derive(Clone, Copy)]
enum Lines {
    All,
    Rows,
    Columns,
}

/// A technique that looks at one line at a time.
type AtLine = fn(&Shape, &Board, usize, &mut Scratch) -> Option<(String, Board)>;

/// How many techniques look at one line at a time ([`Memo`] keeps what
/// each found nothing in).
pub(super) const LINE_TECHNIQUES: usize = BY_LINE.len();

/// The techniques of one line, in the order they are tried.
const BY_LINE: [(Technique, AtLine, Lines); 7] = [
    (Technique::FinishedLine, finished_line_at, Lines::All),
    (Technique::FullLine, full_line_at, Lines::All),
    (Technique::TooWide, too_much_at, Lines::Rows),
    (Technique::PieceNeeded, needed_at, Lines::Rows),
    (Technique::LevelFromAbove, too_much_at, Lines::Columns),
    (Technique::LevelFromBelow, needed_at, Lines::Columns),
    (Technique::PieceSums, piece_sums_at, Lines::All),
];

/// The first deduction of the simplest technique that finds one.
pub(super) fn next_step(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<Found> {
    memo.scratch.new_board();
    for (k, &(technique, at, lines)) in BY_LINE.iter().enumerate() {
        for line in lines_of(shape, lines) {
            if memo.unchanged_since(memo.quiet[k][line], line) {
                continue;
            }
            match at(shape, board, line, &mut memo.scratch) {
                Some((text, next)) => return Some((technique, text, next)),
                None => memo.quiet[k][line] = memo.now + 1,
            }
        }
    }
    if let Some((text, next)) = two_lines(shape, board, memo) {
        return Some((Technique::TwoLines, text, next));
    }
    contradiction(shape, board, memo).map(|(text, next)| (Technique::Contradiction, text, next))
}

/// The first deduction of one technique of a line, looking at every line
/// afresh.
#[cfg(test)]
pub(super) fn first_of(shape: &Shape, board: &Board, technique: Technique) -> Option<(String, Board)> {
    let &(_, at, lines) = BY_LINE.iter().find(|(t, _, _)| *t == technique)?;
    let mut scratch = Scratch { words: true, ..Scratch::default() };
    lines_of(shape, lines).find_map(|line| at(shape, board, line, &mut scratch))
}

fn lines_of(shape: &Shape, lines: Lines) -> std::ops::Range<usize> {
    match lines {
        Lines::All => 0..shape.lines(),
        Lines::Rows => 0..shape.height,
        Lines::Columns => shape.height..shape.lines(),
    }
}

/// A line already holds its clue: its open cells are air.
fn finished_line_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let (known, _) = scratch.known_most(shape, board, line);
    if shape.clues[line].checked_sub(known) != Some(0) {
        return None;
    }
    let changes: Vec<_> = open_parts(shape, board, line)
        .filter_map(|p| {
            let (lo, hi) = narrowed(board, p.tank, |s| extra(shape, board, p, s) == 0)?;
            Some((p.tank, lo, hi))
        })
        .collect();
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let what =
        format!("{} already holds its {} water, so its open cells are air", shape.line_name(line), shape.clues[line]);
    Some((format!("{what}: {}", effects(board, &next)), next))
}

/// A line's open cells are just the water it still needs: all water.
fn full_line_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    let room = most - known;
    if left == 0 || left != room {
        return None;
    }
    let changes: Vec<_> = open_parts(shape, board, line)
        .filter_map(|p| {
            let most = extra(shape, board, p, board.lo[p.tank]);
            let (lo, hi) = narrowed(board, p.tank, |s| extra(shape, board, p, s) == most)?;
            Some((p.tank, lo, hi))
        })
        .collect();
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let (cells, they) = if left == 1 { ("cell", "it is") } else { ("cells", "they are") };
    let what =
        format!("{} needs {left} more water and has just {left} open {cells}, so {they} water", shape.line_name(line));
    Some((format!("{what}: {}", effects(board, &next)), next))
}

/// Tanks that would bring a line more water than it has left cannot rise
/// that high: in a row, a piece too wide; in a column, a level capped from
/// above.
fn too_much_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let rows = shape.is_row(line);
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    // No tank adds more than all of them together: with room for no more
    // than is left, none is too much.
    if most - known <= left {
        return None;
    }
    let mut changes = Vec::new();
    let mut why = Vec::new();
    for p in open_parts(shape, board, line) {
        let Some((lo, hi)) = narrowed(board, p.tank, |s| extra(shape, board, p, s) <= left) else { continue };
        if lo == board.lo[p.tank] {
            continue;
        }
        changes.push((p.tank, lo, hi));
        if !scratch.words {
            continue;
        }
        // The lowest surface ruled out, and what it would bring.
        let brings = extra(shape, board, p, lo - 1);
        why.push(if rows {
            format!("the {brings}-cell piece of tank {}", p.tank + 1)
        } else {
            format!("water in row {} of tank {} would bring it {brings}", lo, p.tank + 1)
        });
    }
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let name = shape.line_name(line);
    let what = if rows {
        let verb = if why.len() == 1 { "is" } else { "are" };
        format!("{name} has {left} water left: {} {verb} too wide for it", both(&why))
    } else {
        format!("{name} has {left} water left: {}", both(&why))
    };
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// Tanks without which a line cannot reach its clue must give it the
/// difference: in a row, a piece needed; in a column, a level forced from
/// below.
fn needed_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let rows = shape.is_row(line);
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    let room = most - known;
    if left == 0 || room < left {
        return None;
    }
    let mut changes = Vec::new();
    let mut why = Vec::new();
    for p in open_parts(shape, board, line) {
        let own = extra(shape, board, p, board.lo[p.tank]);
        let elsewhere = room - own;
        if elsewhere >= left {
            continue;
        }
        let need = left - elsewhere;
        let Some((lo, hi)) = narrowed(board, p.tank, |s| extra(shape, board, p, s) >= need) else { continue };
        if hi == board.hi[p.tank] {
            continue;
        }
        changes.push((p.tank, lo, hi));
        if !scratch.words {
            continue;
        }
        why.push(if rows {
            format!("without the {own}-cell piece of tank {} it has room for {elsewhere}", p.tank + 1)
        } else {
            format!("outside tank {} it has room for {elsewhere}, so that tank gives at least {need}", p.tank + 1)
        });
    }
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let what = format!("{} needs {left} more water: {}", shape.line_name(line), why.join("; "));
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// What the open tanks of a line may add, as sets of sums, and for each
/// tank the surfaces that leave the rest able to make `left`: the ranges
/// narrowed to those, left in `scratch.changes`. `false` when no choice
/// makes `left` at all.
fn line_sums(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> bool {
    let Scratch { parts, sets, prefix, suffix, changes, .. } = scratch;
    changes.clear();
    let Some(left) = left(shape, board, line) else { return false };
    let all = &shape.parts[line];
    parts.clear();
    sets.clear();
    for (i, p) in all.iter().enumerate() {
        if extra(shape, board, p, board.lo[p.tank]) > 0 {
            parts.push(i);
            sets.push(
                (board.lo[p.tank]..=board.hi[p.tank]).fold(0, |m, s| m | 1 << extra(shape, board, p, s).min(127)),
            );
        }
    }
    let n = sets.len();
    prefix.clear();
    prefix.resize(n + 1, 1);
    for i in 0..n {
        prefix[i + 1] = add_sums(sets[i], prefix[i], left);
    }
    if prefix[n] & (1 << left) == 0 {
        return false;
    }
    suffix.clear();
    suffix.resize(n + 1, 1);
    for i in (0..n).rev() {
        suffix[i] = add_sums(sets[i], suffix[i + 1], left);
    }
    for (i, &k) in parts.iter().enumerate() {
        let p = &all[k];
        let others = add_sums(prefix[i], suffix[i + 1], left);
        let fits = |s: usize| {
            let e = extra(shape, board, p, s);
            e <= left && others & (1 << (left - e)) != 0
        };
        let Some((lo, hi)) = narrowed(board, p.tank, fits) else { return false };
        if (lo, hi) != (board.lo[p.tank], board.hi[p.tank]) {
            changes.push((p.tank, lo, hi));
        }
    }
    true
}

/// No sum of what the open tanks can add to a line makes what it needs,
/// with some tank at some of its levels.
fn piece_sums_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    if !line_sums(shape, board, line, scratch) || scratch.changes.is_empty() {
        return None;
    }
    let left = left(shape, board, line).expect("line_sums found the line under its clue");
    let next = with(board, &scratch.changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let gives: Vec<String> = open_parts(shape, board, line)
        .map(|p| {
            let mut values: Vec<u32> =
                (board.lo[p.tank]..=board.hi[p.tank]).map(|s| extra(shape, board, p, s)).collect();
            values.sort_unstable();
            values.dedup();
            let values: Vec<String> = values.iter().map(u32::to_string).collect();
            format!("tank {} {}", p.tank + 1, either(&values))
        })
        .collect();
    let what = format!(
        "{} needs {left} more water, and its open tanks can add: {}; no sum makes {left} with {}",
        shape.line_name(line),
        gives.join(", "),
        either(&ruled_out(board, &next)),
    );
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// Follows the line sums from `board` until nothing changes. `Err` names
/// the line found unable to make its clue.
fn propagate(
    shape: &Shape,
    board: &mut Board,
    tank_lines: &[Vec<usize>],
    start: usize,
    scratch: &mut Scratch,
) -> Result<(), usize> {
    scratch.queued.clear();
    scratch.queued.resize(shape.lines(), false);
    scratch.queue.clear();
    for &l in &tank_lines[start] {
        if !scratch.queued[l] {
            scratch.queued[l] = true;
            scratch.queue.push_back(l);
        }
    }
    while let Some(line) = scratch.queue.pop_front() {
        scratch.queued[line] = false;
        if !line_sums(shape, board, line, scratch) {
            return Err(line);
        }
        if board.most(shape, line) < shape.clues[line] {
            return Err(line);
        }
        for k in 0..scratch.changes.len() {
            let (t, lo, hi) = scratch.changes[k];
            board.lo[t] = lo;
            board.hi[t] = hi;
            for &l in &tank_lines[t] {
                if !scratch.queued[l] {
                    scratch.queued[l] = true;
                    scratch.queue.push_back(l);
                }
            }
        }
    }
    Ok(())
}

/// Supposing a cell water (or air), the line sums lead to a line that
/// cannot be met: so the cell is the other.
fn contradiction(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<(String, Board)> {
    let Memo { tank_lines, scratch, .. } = memo;
    // One board for every supposition, reset from `board` before each.
    let mut trial = board.clone();
    // Tanks with the fewest levels left first: the suppositions a person
    // would try first.
    let mut tanks: Vec<usize> = (0..shape.tanks()).filter(|&t| board.open(t)).collect();
    tanks.sort_by_key(|&t| (board.hi[t] - board.lo[t], t));
    for t in tanks {
        // Water up to a tank's top open row, or air down to its bottom one:
        // each the only level of one kind, so the surest to break a line if
        // any supposition about the tank does.
        for (r, water) in [(board.lo[t], true), (board.hi[t] - 1, false)] {
            {
                trial.lo.copy_from_slice(&board.lo);
                trial.hi.copy_from_slice(&board.hi);
                if water {
                    trial.hi[t] = r;
                } else {
                    trial.lo[t] = r + 1;
                }
                let Err(line) = propagate(shape, &mut trial, tank_lines, t, scratch) else { continue };
                let mut next = board.clone();
                if water {
                    next.lo[t] = r + 1;
                } else {
                    next.hi[t] = r;
                }
                if !scratch.words {
                    return Some((String::new(), next));
                }
                let state = if water { "water" } else { "air" };
                let what = format!(
                    "if row {} of tank {} were {state}, following the line sums on from there leaves {} unable to hold its {} water",
                    r + 1,
                    t + 1,
                    shape.line_name(line),
                    shape.clues[line],
                );
                return Some((format!("{what}; so {}", effects(board, &next)), next));
            }
        }
    }
    None
}

/// No technique applies: one tank takes the solution's level, a tank with
/// the fewest levels left (a person would try them in turn).
pub(super) fn guess(shape: &Shape, board: &Board, solution: &Water, words: bool) -> Found {
    let t = (0..shape.tanks())
        .filter(|&t| board.open(t))
        .min_by_key(|&t| (board.hi[t] - board.lo[t], t))
        .expect("an unsolved board has an open tank");
    let surface = shape.cells[t].iter().find(|&&(r, c)| solution.get(r, c)).map_or(shape.bottom[t] + 1, |&(r, _)| r);
    let surface = surface.clamp(board.lo[t], board.hi[t]);
    let next = with(board, &[(t, surface, surface)]);
    if !words {
        return (Technique::Guess, String::new(), next);
    }
    let text =
        format!("no technique applies; guess tank {}'s level (the others fail): {}", t + 1, effects(board, &next));
    (Technique::Guess, text, next)
}
