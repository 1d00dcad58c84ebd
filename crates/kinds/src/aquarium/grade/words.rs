//! The words of the steps: what each deduction says, and what it settles.
//!
//! What a step settles is said the same wherever it is shown: in the
//! steps' text (`grade --hints`) and in the HTML archive's hints, whose
//! script puts a step's cells into words itself. So those words are
//! templates, [`Step::SETTLED_WORDS`], with named placeholders (`{tank}`)
//! that [`Step::fill`] fills here and the script fills there from the same
//! templates, which the export writes once for every page.

use super::board::{Board, Shape};
use super::grading::Step;
use crate::aquarium::Aquarium;

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
        ("tank", "tank {tank} is {what}"),
        ("air", "air in {rows}"),
        ("water", "water in {rows}"),
        ("air and water", "{air} and {water}"),
        ("row", "row {row}"),
        ("rows", "rows {from}-{to}"),
        ("between tanks", "; "),
    ];

    /// `template` with each `{name}` that `values` names replaced by its
    /// value; any other text, braces too, as it is.
    pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let value = after.find('}').and_then(|close| {
                let name = &after[..close];
                values.iter().find(|(n, _)| *n == name).map(|(_, v)| (*v, close))
            });
            match value {
                Some((value, close)) => {
                    out.push_str(value);
                    rest = &after[close + 1..];
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// The template of [`Step::SETTLED_WORDS`] named `name`.
fn settled_template(name: &str) -> &'static str {
    Step::SETTLED_WORDS.iter().find(|(n, _)| *n == name).map_or("", |(_, t)| t)
}

/// "row 3" or "rows 3-5", 1-based, for rows `from..to` (0-based, end
/// excluded).
fn rows_words(from: usize, to: usize) -> String {
    if to == from + 1 {
        Step::fill(settled_template("row"), &[("row", &(from + 1).to_string())])
    } else {
        Step::fill(settled_template("rows"), &[("from", &(from + 1).to_string()), ("to", &to.to_string())])
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
    let part = |name: &str, span: Option<(usize, usize)>| {
        span.map(|(from, to)| Step::fill(settled_template(name), &[("rows", &rows_words(from, to))]))
    };
    let what = match (part("air", air), part("water", water)) {
        (None, None) => return,
        (Some(air), Some(water)) => Step::fill(settled_template("air and water"), &[("air", &air), ("water", &water)]),
        (Some(one), None) | (None, Some(one)) => one,
    };
    if !out.is_empty() {
        out.push_str(settled_template("between tanks"));
    }
    out.push_str(&Step::fill(settled_template("tank"), &[("tank", &(tank + 1).to_string()), ("what", &what)]));
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
        for (name, _) in Step::SETTLED_WORDS {
            assert!(!settled_template(name).is_empty(), "{name}");
        }
    }
}
