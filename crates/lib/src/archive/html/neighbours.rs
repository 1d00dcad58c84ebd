//! Where a puzzle's page leads with ← and →: a special to the special of
//! its site and kind before and after it, by date (a daily to the daily of
//! the day before and of the day after); any other puzzle to the one of
//! its kind and size class stored before and after it.

use std::collections::HashMap;

use crate::store::Puzzle;

use super::super::site_names::special_period;
use super::super::stats::class_of;

/// A page that ← or → leads to: the puzzle's id, and what the link says
/// of it (a special's date, else its id).
pub(super) struct Step {
    pub(super) id: i64,
    pub(super) label: String,
}

/// The pages before and after each of `puzzles`, as [`Step`]s.
pub(super) fn neighbours(puzzles: &[Puzzle]) -> Vec<(Option<Step>, Option<Step>)> {
    // A special's group is its kind and class, in date order; another
    // puzzle's its kind and size class as the index names it (a class, or
    // a size where it has none), in the order stored.
    let mut groups: HashMap<(String, String, bool), Vec<usize>> = HashMap::new();
    for (k, puzzle) in puzzles.iter().enumerate() {
        let r = &puzzle.record;
        let class = class_of(r.kind, r.size_class, r.width, r.height);
        groups.entry((r.kind.to_string(), class, special_day(puzzle).is_some())).or_default().push(k);
    }
    let mut out: Vec<(Option<Step>, Option<Step>)> = puzzles.iter().map(|_| (None, None)).collect();
    for ((_, _, special), mut members) in groups {
        members.sort_by(|&a, &b| {
            special_day(&puzzles[a]).cmp(&special_day(&puzzles[b])).then(puzzles[a].id.cmp(&puzzles[b].id))
        });
        let step = |k: usize| {
            let puzzle = &puzzles[k];
            let label = match (special, special_day(puzzle)) {
                (true, Some(day)) => day.to_string(),
                _ => format!("#{}", puzzle.id),
            };
            Step { id: puzzle.id, label }
        };
        for (at, &k) in members.iter().enumerate() {
            let before = at.checked_sub(1).map(|j| step(members[j]));
            let after = members.get(at + 1).map(|&j| step(j));
            out[k] = (before, after);
        }
    }
    out
}

/// A special's date: the date of a puzzle of a special class that has one.
pub(super) fn special_day(puzzle: &Puzzle) -> Option<&str> {
    let class = puzzle.record.size_class?;
    special_period(puzzle.record.kind, class)?;
    puzzle.record.special_date.as_deref()
}
