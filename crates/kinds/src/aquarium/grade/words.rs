//! The words of the steps: what each deduction says, and what it settles.

use std::fmt::Write;

use super::board::{Board, Shape};
use crate::aquarium::Aquarium;

/// Writes "row 3" or "rows 3-5", 1-based, for rows `from..to` (0-based,
/// end excluded).
fn write_rows(out: &mut String, from: usize, to: usize) {
    let _ = if to == from + 1 { write!(out, "row {}", from + 1) } else { write!(out, "rows {}-{}", from + 1, to) };
}

/// What a deduction settles, tank by tank: "tank 7 is air in rows 2-3;
/// tank 4 is water in rows 5-6". Written into one string: every step
/// has these words.
pub(super) fn effects(board: &Board, next: &Board) -> String {
    let mut out = String::new();
    for t in 0..board.lo.len() {
        let air = (next.lo[t] > board.lo[t]).then_some((board.lo[t], next.lo[t]));
        let water = (next.hi[t] < board.hi[t]).then_some((next.hi[t], board.hi[t]));
        write_settled(&mut out, t, air, water);
    }
    out
}

/// What the cells `settles` (row, column, water) settle, in the words of
/// a step's [`Step::text`](super::Step::text) after its reasoning: "tank 7 is
/// air in rows 2-3; tank 4 is water in rows 5-6". For a step kept as its
/// cells alone (see [`grade_without_words`](super::grade_without_words)),
/// put into words when it is shown.
pub fn settled_words(puzzle: &Aquarium, settles: &[(usize, usize, bool)]) -> String {
    // Each tank's rows settled air and water, as `from..to`.
    let mut rows: Vec<[Option<(usize, usize)>; 2]> = vec![[None; 2]; puzzle.tank_count()];
    for &(r, c, water) in settles {
        let Some(tank) = rows.get_mut(puzzle.tank(r, c) as usize) else { continue };
        let span = &mut tank[usize::from(water)];
        *span = Some(span.map_or((r, r + 1), |(from, to)| (from.min(r), to.max(r + 1))));
    }
    let mut out = String::new();
    for (t, [air, water]) in rows.into_iter().enumerate() {
        write_settled(&mut out, t, air, water);
    }
    out
}

/// One tank's part of what a step settles: "tank 7 is air in rows 2-3 and
/// water in row 5", after a `; ` when `out` has another's; nothing when
/// it settles neither.
fn write_settled(out: &mut String, tank: usize, air: Option<(usize, usize)>, water: Option<(usize, usize)>) {
    if air.is_none() && water.is_none() {
        return;
    }
    if !out.is_empty() {
        out.push_str("; ");
    }
    let _ = write!(out, "tank {} is ", tank + 1);
    if let Some((from, to)) = air {
        out.push_str("air in ");
        write_rows(out, from, to);
    }
    if air.is_some() && water.is_some() {
        out.push_str(" and ");
    }
    if let Some((from, to)) = water {
        out.push_str("water in ");
        write_rows(out, from, to);
    }
}

/// What a narrowing rules out, tank by tank: "water in row 3 of tank 7"
/// (its surface cannot be that high) or "air in row 5 of tank 2" (nor that
/// low).
pub(super) fn ruled_out(board: &Board, next: &Board) -> Vec<String> {
    let mut out = Vec::new();
    for t in 0..board.lo.len() {
        if next.lo[t] > board.lo[t] {
            out.push(format!("water in row {} of tank {}", next.lo[t], t + 1));
        }
        if next.hi[t] < board.hi[t] {
            out.push(format!("air in row {} of tank {}", next.hi[t] + 1, t + 1));
        }
    }
    out
}

/// "a, b and c".
pub(super) fn both(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "a, b or c".
pub(super) fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "rows 4 and 5", "columns 2 and 7", "row 3 and column 8".
pub(super) fn pair_name(shape: &Shape, a: usize, b: usize) -> String {
    match (shape.is_row(a), shape.is_row(b)) {
        (true, true) => format!("rows {} and {}", a + 1, b + 1),
        (false, false) => format!("columns {} and {}", a - shape.height + 1, b - shape.height + 1),
        _ => format!("{} and {}", shape.line_name(a), shape.line_name(b)),
    }
}
