//! The fifth stage: the month, day (and weekday) cells the pieces leave
//! open, told by their labels.

use aquarchive_kinds::calendar::{self, Cell, Date};

use crate::raster::median;

use super::layout::Layout;
use super::reading::ReadError;

/// The date the open cells of `layout` show: by labels darker than the
/// wood, as most boards have; else by lighter ones.
pub(super) fn read(layout: &Layout) -> Result<Date, ReadError> {
    let ev = &layout.evidence;
    shown(layout, &ev.open).or_else(|err| shown(layout, &ev.open_light).map_err(|_| err))
}

/// The date the open cells show (`open`: how open each cell looks):
/// the most open-looking month, day (and weekday), which must stand out
/// from every other cell.
fn shown(layout: &Layout, open: &[f64]) -> Result<Date, ReadError> {
    let variant = &layout.variant;
    let (w, h) = (variant.width(), variant.height());
    let ev = &layout.evidence;
    let board: Vec<usize> = (0..w * h).filter(|&i| variant.cell(i / w, i % w) != Cell::Blocked).collect();
    // A cell joined without a gap to two of its neighbours is part of a
    // piece, whatever marks it shows (a thumb, a knot in the wood): an
    // open cell has a wall on every side but the one it may share with
    // another open cell.
    let on_board = |r: usize, c: usize| variant.cell(r, c) != Cell::Blocked;
    let sealed: Vec<bool> = (0..w * h)
        .map(|i| {
            let (r, c) = (i / w, i % w);
            let mut sides: Vec<f64> = [
                (c + 1 < w && on_board(r, c + 1)).then(|| ev.across[i]),
                (c > 0 && on_board(r, c - 1)).then(|| ev.across[i - 1]),
                (r + 1 < h && on_board(r + 1, c)).then(|| ev.down[i]),
                (r > 0 && on_board(r - 1, c)).then(|| ev.down[i - w]),
            ]
            .into_iter()
            .flatten()
            .collect();
            sides.sort_by(f64::total_cmp);
            sides.len() >= 2 && sides[1] < 0.25 * ev.edge
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
    let what = if variant.has_weekdays() { "a month, a day and a weekday" } else { "a month and a day" };
    if chosen.len() != needed || weakest < base + 0.15 || strongest_rest > cut || seen.len() != needed {
        let names: Vec<String> = seen.iter().map(|&i| cell_name(variant.cell(i / w, i % w))).collect();
        let seen = match names.len() {
            0 => "no open cell seen".to_string(),
            1 => format!("1 open cell seen ({})", names[0]),
            n => format!("{n} open cells seen ({})", names.join(", ")),
        };
        return Err(ReadError::OpenCells { board: variant.name().to_string(), seen, needed, what });
    }
    let (Some(month), Some(day)) = (month, day) else {
        return Err(ReadError::OpenCells {
            board: variant.name().to_string(),
            seen: "no month or day cell".to_string(),
            needed,
            what,
        });
    };
    Ok(Date { month: month.1, day: day.1, weekday: weekday.map(|w| w.1) })
}

fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Month(m) => calendar::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => d.to_string(),
        Cell::Weekday(w) => calendar::WEEKDAYS[w as usize].to_string(),
        Cell::Blocked | Cell::Plain => "a plain cell".to_string(),
    }
}
