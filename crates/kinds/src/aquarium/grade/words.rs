//! The words of the steps: what each deduction says, and what it settles.
//!
//! What a step settles is said the same wherever it is shown: in the
//! steps' text (`grade --hints`) and in the HTML archive's hints, whose
//! script puts a step's cells into words itself. So those words are
//! templates, [`Step::SETTLED_WORDS`], with named placeholders (`{tank}`)
//! that [`Step::fill`] fills here and the script fills there from the same
//! templates, which the export writes once for every page.

use std::fmt::Write;

use super::board::{Board, Shape};
use super::step::Step;
use crate::aquarium::Aquarium;

/// The templates of [`Step::SETTLED_WORDS`], each by itself.
const TANK: &str = "tank {tank} is {what}";
const AIR: &str = "air in {rows}";
const WATER: &str = "water in {rows}";
const AIR_AND_WATER: &str = "{air} and {water}";
const ROW: &str = "row {row}";
const ROWS: &str = "rows {from}-{to}";
const BETWEEN_TANKS: &str = "; ";

impl Step {
    /// The templates of what a step settles, by name, each with its
    /// placeholders:
    /// - `tank` (`{tank}`, 1-based; `{what}`): one tank's part;
    /// - `air`, `water` (`{rows}`): what the tank is, where;
    /// - `air and water` (`{air}`, `{water}`): a tank settled both ways;
    /// - `row` (`{row}`) and `rows` (`{from}`, `{to}`), 1-based, inclusive;
    /// - `between tanks`: what comes between two tanks' parts.
    ///
    /// Filled as [`settled_words`] does: "tank 7 is air in rows 2-3; tank 4
    /// is water in row 5", the tanks in order.
    pub const SETTLED_WORDS: [(&'static str, &'static str); 7] = [
        ("tank", TANK),
        ("air", AIR),
        ("water", WATER),
        ("air and water", AIR_AND_WATER),
        ("row", ROW),
        ("rows", ROWS),
        ("between tanks", BETWEEN_TANKS),
    ];

    /// `template` with each `{name}` that `values` names replaced by its
    /// value; any other text, braces too, as it is.
    pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(template.len() + 16);
        fill_into(&mut out, template, |name, out| {
            values.iter().find(|(n, _)| *n == name).map(|(_, v)| out.push_str(v)).is_some()
        });
        out
    }
}

/// Appends `template` to `out`, each `{name}` as `value` writes it (it
/// says whether it knows the name; a name it does not stays as it is).
fn fill_into(out: &mut String, template: &str, mut value: impl FnMut(&str, &mut String) -> bool) {
    // Byte by byte: the templates are a few words, where a search's setup
    // would cost more than the scan (the words are written at every step).
    let bytes = template.as_bytes();
    let (mut start, mut at) = (0, 0);
    while at < bytes.len() {
        if bytes[at] == b'{'
            && let Some(len) = bytes[at + 1..].iter().position(|&b| b == b'}')
        {
            out.push_str(&template[start..at]);
            start = at;
            if value(&template[at + 1..at + 1 + len], out) {
                at += len + 2;
                start = at;
                continue;
            }
        }
        at += 1;
    }
    out.push_str(&template[start..]);
}

/// Appends "row 3" or "rows 3-5", 1-based, for rows `from..to` (0-based,
/// end excluded).
fn write_rows(out: &mut String, (from, to): (usize, usize)) {
    if to == from + 1 {
        fill_into(out, ROW, |name, out| name == "row" && write!(out, "{}", from + 1).is_ok());
    } else {
        fill_into(out, ROWS, |name, out| match name {
            "from" => write!(out, "{}", from + 1).is_ok(),
            "to" => write!(out, "{to}").is_ok(),
            _ => false,
        });
    }
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
/// water in row 5", after the words between tanks when `out` has
/// another's; nothing when it settles neither.
fn write_settled(out: &mut String, tank: usize, air: Option<(usize, usize)>, water: Option<(usize, usize)>) {
    if air.is_none() && water.is_none() {
        return;
    }
    if !out.is_empty() {
        out.push_str(BETWEEN_TANKS);
    }
    let part = |out: &mut String, template: &str, span: (usize, usize)| {
        fill_into(out, template, |name, out| {
            if name != "rows" {
                return false;
            }
            write_rows(out, span);
            true
        });
    };
    fill_into(out, TANK, |name, out| match name {
        "tank" => write!(out, "{}", tank + 1).is_ok(),
        "what" => {
            match (air, water) {
                (Some(air), Some(water)) => fill_into(out, AIR_AND_WATER, |name, out| match name {
                    "air" => {
                        part(out, AIR, air);
                        true
                    }
                    "water" => {
                        part(out, WATER, water);
                        true
                    }
                    _ => false,
                }),
                (Some(air), None) => part(out, AIR, air),
                (None, Some(water)) => part(out, WATER, water),
                (None, None) => {}
            }
            true
        }
        _ => false,
    });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_is_filled_where_its_placeholders_are_named_and_kept_elsewhere() {
        assert_eq!(Step::fill("tank {tank} is {what}", &[("tank", "7"), ("what", "air")]), "tank 7 is air");
        assert_eq!(Step::fill("{a}{b} {c} {", &[("a", "1"), ("b", "{c}")]), "1{c} {c} {");
        assert_eq!(Step::fill("", &[]), "");
    }

    #[test]
    fn the_settled_words_are_said_from_their_templates() {
        let mut out = String::new();
        write_settled(&mut out, 6, Some((1, 3)), None);
        write_settled(&mut out, 1, None, None);
        write_settled(&mut out, 3, Some((0, 1)), Some((4, 6)));
        assert_eq!(out, "tank 7 is air in rows 2-3; tank 4 is air in row 1 and water in rows 5-6");
        let names: Vec<&str> = Step::SETTLED_WORDS.iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["tank", "air", "water", "air and water", "row", "rows", "between tanks"]);
    }
}
