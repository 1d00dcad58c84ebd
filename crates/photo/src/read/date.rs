//! The fifth stage: the month, day (and weekday) cells the pieces leave
//! open, told by their labels.

use aquarchive_kinds::calendar::{self, Cell, Date};

use crate::raster::median;

use super::layout::Layout;
use super::pieces;
use super::reading::ReadError;

/// A cell side shows a wall when its gap is at least this share of the
/// frame's walls' gap depth, or its light line at least `LIT_WALL` of it.
const SEAM: f64 = 0.25;
const LIT_WALL: f64 = 0.15;
/// When the open cells seen are a date's but for one kind of cell (a thin
/// one-digit day lost on its floor), how many cells of that kind, the most
/// open-looking, the photo's sides are asked to choose among.
const CANDIDATES: usize = 4;

/// The date the open cells of `layout` show: by labels darker than the
/// wood, as most boards have; else by their marks alone (pieces of several
/// colours, some dark all over); else by lighter labels; else by the
/// floor's colour against the pieces'. When none of them shows a whole
/// date, but one shows a date's cells but for one kind (a month and a
/// weekday, say, and no day), the date among those its most open-looking
/// cells of that kind would make whose tilings the photo's sides bear out
/// by a clear margin ([`pieces::likeliest_date`]). The reason the first
/// look failed is told.
///
/// A date so inferred comes with that reason: it stands only if the
/// pieces seen then fit one of its tilings as seen. Were they corrected
/// too, the reading would rest on two inferences, and a shadow across the
/// board once made it a wrong one (a standard photo of Apr 8 read as Apr
/// 16, the 8 not among the days weighed).
pub(super) fn read(layout: &Layout, tilings: &pieces::Tilings) -> Result<(Date, Option<ReadError>), ReadError> {
    let ev = &layout.evidence;
    let looks = [
        (&ev.open, true),
        (&ev.open_marks, true),
        (&ev.open_strokes, true),
        (&ev.open_light, true),
        (&ev.open_colour, false),
    ];
    let mut failed: Option<ReadError> = None;
    let mut short: Option<Vec<Date>> = None;
    for (open, by_gaps) in looks {
        match shown(layout, open, by_gaps) {
            Ok(date) => return Ok((date, None)),
            Err(NotShown { error, dates }) => {
                failed.get_or_insert(error);
                if short.is_none() {
                    short = dates;
                }
            }
        }
    }
    let failed = failed.expect("a look tried");
    match short.and_then(|dates| pieces::likeliest_date(&layout.variant, ev, &dates, tilings)) {
        Some(date) => Ok((date, Some(failed))),
        None => Err(failed),
    }
}

/// Why the open cells seen are no date, and when they are a date's but
/// for one kind of cell, the dates they may be.
struct NotShown {
    error: ReadError,
    dates: Option<Vec<Date>>,
}

/// The date the open cells show (`open`: how open each cell looks):
/// the most open-looking month, day (and weekday), which must stand out
/// from every other cell. `by_gaps`: a cell joined to two neighbours
/// without a gap is taken as covered (a label's marks are not its own
/// proof; a colour apart from the pieces' is).
fn shown(layout: &Layout, open: &[f64], by_gaps: bool) -> Result<Date, NotShown> {
    let variant = &layout.variant;
    let (w, h) = (variant.width(), variant.height());
    let ev = &layout.evidence;
    let board: Vec<usize> = (0..w * h).filter(|&i| variant.cell(i / w, i % w) != Cell::Blocked).collect();
    // A cell joined without a wall to all its neighbours on the board, or
    // to three of four, is part of a piece, whatever marks it shows (a
    // thumb, a knot in the wood). An open cell has a wall on every side:
    // a dark seam where the wall is in shadow, a light line where the
    // light falls on its face; either may be faint, so two of four may
    // show neither.
    let on_board = |r: usize, c: usize| variant.cell(r, c) != Cell::Blocked;
    let sealed: Vec<bool> = (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let sides: Vec<(f64, f64)> = [
                (c + 1 < w && on_board(r, c + 1)).then(|| (ev.across[i], ev.across_light[i])),
                (c > 0 && on_board(r, c - 1)).then(|| (ev.across[i - 1], ev.across_light[i - 1])),
                (r + 1 < h && on_board(r + 1, c)).then(|| (ev.down[i], ev.down_light[i])),
                (r > 0 && on_board(r - 1, c)).then(|| (ev.down[i - w], ev.down_light[i - w])),
            ]
            .into_iter()
            .flatten()
            .collect();
            let without =
                sides.iter().filter(|&&(gap, light)| gap < SEAM * ev.edge && light < LIT_WALL * ev.edge).count();
            by_gaps && sides.len() >= 2 && without >= sides.len().min(3)
        })
        .collect();
    let candidates: Vec<usize> = board.iter().copied().filter(|&i| !sealed[i]).collect();
    let best = |pick: &dyn Fn(Cell) -> Option<u8>| -> Option<(usize, u8)> {
        candidates
            .iter()
            .filter_map(|&i| pick(variant.cell(i / w, i % w)).map(|v| (i, v)))
            .max_by(|a, b| open[a.0].total_cmp(&open[b.0]))
    };
    let month = best(&|c| if let Cell::Month(m) = c { Some(m) } else { None });
    let day = best(&|c| if let Cell::Day(d) = c { Some(d) } else { None });
    let weekday =
        if variant.has_weekdays() { best(&|c| if let Cell::Weekday(d) = c { Some(d) } else { None }) } else { None };
    let chosen: Vec<usize> = [month, day, weekday].iter().flatten().map(|p| p.0).collect();
    let needed = if variant.has_weekdays() { 3 } else { 2 };
    let mut rest: Vec<f32> = board.iter().filter(|i| !chosen.contains(i)).map(|&i| open[i] as f32).collect();
    let base = f64::from(median(&mut rest));
    let weakest = chosen.iter().map(|&i| open[i]).fold(f64::MAX, f64::min);
    let strongest_rest = candidates.iter().filter(|i| !chosen.contains(i)).map(|&i| open[i]).fold(f64::MIN, f64::max);
    // Open cells: well above the covered ones, and no other cell close.
    let cut = base + 0.5 * (weakest - base);
    let seen: Vec<usize> = candidates.iter().copied().filter(|&i| open[i] > cut.max(base + 0.15)).collect();
    if chosen.len() != needed || weakest < base + 0.15 || strongest_rest > cut || seen.len() != needed {
        let cells: Vec<Cell> = seen.iter().map(|&i| variant.cell(i / w, i % w)).collect();
        let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
        let seen_text = match names.len() {
            0 => "no open cell seen".to_string(),
            1 => format!("1 open cell seen ({})", names[0]),
            n => format!("{n} open cells seen ({})", names.join(", ")),
        };
        // The cell nearest to being taken for open, when it is not.
        let runner_up = candidates
            .iter()
            .copied()
            .filter(|i| !seen.contains(i))
            .max_by(|&a, &b| open[a].total_cmp(&open[b]))
            .filter(|&i| open[i] > cut)
            .map(|i| variant.cell(i / w, i % w));
        let but = not_a_date(variant.has_weekdays(), &cells, runner_up);
        let dates = short_of_a_date(layout, open, base, &candidates, &seen);
        let error = ReadError::OpenCells { board: variant.name().to_string(), seen: seen_text, but };
        return Err(NotShown { error, dates });
    }
    let (Some(month), Some(day)) = (month, day) else {
        let error = ReadError::OpenCells {
            board: variant.name().to_string(),
            seen: "no month or day cell".to_string(),
            but: not_a_date(variant.has_weekdays(), &[], None),
        };
        return Err(NotShown { error, dates: None });
    };
    Ok(Date { month: month.1, day: day.1, weekday: weekday.map(|w| w.1) })
}

/// The dates `seen` (the open cells seen) may be part of, when they are a
/// date's cells but for one kind (month, day or weekday) and stand out
/// from every other cell as a date's must (`open`: how open each cell
/// looks; `base`, the covered cells' level): each with one of the
/// [`CANDIDATES`] most open-looking cells of that kind among `candidates`
/// (the cells not sealed inside a piece). None when they are no date's
/// part, lack more than one kind, or another cell looks nearly as open.
fn short_of_a_date(
    layout: &Layout,
    open: &[f64],
    base: f64,
    candidates: &[usize],
    seen: &[usize],
) -> Option<Vec<Date>> {
    let variant = &layout.variant;
    let w = variant.width();
    let weakest = seen.iter().map(|&i| open[i]).fold(f64::MAX, f64::min);
    let strongest_rest = candidates.iter().filter(|i| !seen.contains(i)).map(|&i| open[i]).fold(f64::MIN, f64::max);
    if seen.is_empty() || strongest_rest > base + 0.5 * (weakest - base) {
        return None;
    }
    let seen: Vec<Cell> = seen.iter().map(|&i| variant.cell(i / w, i % w)).collect();
    let kinds = if variant.has_weekdays() { 3 } else { 2 };
    let of_kind = |kind: u8| seen.iter().filter(|&&c| kind_of(c) == kind).count();
    let counts: Vec<usize> = (0..4).map(of_kind).collect();
    if counts[3] > 0 || counts[..kinds].iter().any(|&n| n > 1) {
        return None;
    }
    let missing: Vec<u8> = (0..kinds as u8).filter(|&k| counts[usize::from(k)] == 0).collect();
    let [missing] = missing[..] else { return None };
    let mut others: Vec<usize> =
        candidates.iter().copied().filter(|&i| kind_of(variant.cell(i / w, i % w)) == missing).collect();
    others.sort_by(|&a, &b| open[b].total_cmp(&open[a]));
    let pick = |kind: u8, extra: Cell| -> Option<u8> {
        seen.iter().chain([&extra]).find(|&&c| kind_of(c) == kind).map(|&c| match c {
            Cell::Month(v) | Cell::Day(v) | Cell::Weekday(v) => v,
            Cell::Blocked | Cell::Plain => 0,
        })
    };
    let dates = others
        .iter()
        .take(CANDIDATES)
        .filter_map(|&i| {
            let extra = variant.cell(i / w, i % w);
            Some(Date {
                month: pick(0, extra)?,
                day: pick(1, extra)?,
                weekday: if variant.has_weekdays() { Some(pick(2, extra)?) } else { None },
            })
        })
        .collect::<Vec<Date>>();
    (dates.len() >= 2).then_some(dates)
}

/// Why the open cells seen (`seen`) do not show a date: there are too
/// few or too many; they are not one month, one day (and one weekday); or
/// they are, but `runner_up` looks nearly as open.
fn not_a_date(weekdays: bool, seen: &[Cell], runner_up: Option<Cell>) -> String {
    let (needed, one_each, what) = if weekdays {
        (3, "one month, one day and one weekday", "a month, a day and a weekday")
    } else {
        (2, "one month and one day", "a month and a day")
    };
    let of_kind = |kind: u8| seen.iter().filter(|&&c| kind_of(c) == kind).count();
    let counts = [of_kind(0), of_kind(1), of_kind(2), of_kind(3)];
    let right = counts[..3] == if weekdays { [1, 1, 1] } else { [1, 1, 0] };
    if seen.len() != needed {
        format!("a date leaves {what} open ({needed} cells)")
    } else if !right {
        const KINDS: [(&str, &str); 4] =
            [("month", "months"), ("day", "days"), ("weekday", "weekdays"), ("plain cell", "plain cells")];
        let they = match counts.iter().position(|&n| n == needed) {
            Some(k) if needed == 2 => format!("both are {}", KINDS[k].1),
            Some(k) => format!("all {needed} are {}", KINDS[k].1),
            None => {
                let parts: Vec<String> = counts
                    .iter()
                    .zip(KINDS)
                    .filter(|(n, _)| **n > 0)
                    .map(|(&n, (one, many))| if n == 1 { format!("a {one}") } else { format!("{n} {many}") })
                    .collect();
                let (last, rest) = parts.split_last().expect("cells seen");
                format!("they are {} and {last}", rest.join(", "))
            }
        };
        format!("{they}, and a date leaves {one_each} open")
    } else if let Some(cell) = runner_up {
        format!("{} looks nearly as open, and a date leaves only {what} open", cell_name(cell))
    } else {
        format!("they stand out too little from the covered cells to be read as {what}")
    }
}

/// 0 a month, 1 a day, 2 a weekday, 3 any other cell.
fn kind_of(cell: Cell) -> u8 {
    match cell {
        Cell::Month(_) => 0,
        Cell::Day(_) => 1,
        Cell::Weekday(_) => 2,
        Cell::Blocked | Cell::Plain => 3,
    }
}

fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Month(m) => calendar::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => d.to_string(),
        Cell::Weekday(w) => calendar::WEEKDAYS[w as usize].to_string(),
        Cell::Blocked | Cell::Plain => "a plain cell".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_cells_that_are_no_date_are_told_by_their_number_and_kinds() {
        let (jan, feb, five, sun) = (Cell::Month(1), Cell::Month(2), Cell::Day(5), Cell::Weekday(0));
        assert_eq!(not_a_date(false, &[jan], None), "a date leaves a month and a day open (2 cells)");
        assert_eq!(
            not_a_date(false, &[jan, feb], None),
            "both are months, and a date leaves one month and one day open"
        );
        assert_eq!(
            not_a_date(true, &[jan, feb, five], None),
            "they are 2 months and a day, and a date leaves one month, one day and one weekday open"
        );
        assert_eq!(
            not_a_date(true, &[Cell::Day(1), Cell::Day(2), five], None),
            "all 3 are days, and a date leaves one month, one day and one weekday open"
        );
        assert_eq!(
            not_a_date(true, &[jan, five, sun], Some(Cell::Day(6))),
            "6 looks nearly as open, and a date leaves only a month, a day and a weekday open"
        );
    }
}
