//! The sixth and last stage: the pieces the gaps cut out of the covered
//! cells, matched to the board's piece set by shape; when they do not fit,
//! the nearest of the date's tilings to the gaps seen.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use aquarchive_kinds::calendar::{self, Cell, Date, Method, Tiling, Variant, verify};
use aquarchive_kinds::disjoint_sets::DisjointSets;

use crate::geometry::Point;
use crate::raster::median;

use super::layout::{Evidence, Layout};
use super::reading::{ReadError, Reading};

/// How much nearer the nearest tiling of a date must be than the next (in
/// the spread of the photo's gap depths, on their log scale) to be taken.
const MIN_MARGIN: f64 = 2.0;
/// How far apart the nearest tiling's piece borders and interiors must lie
/// (their medians, in their spread) for it to be taken.
const MIN_SEPARATION: f64 = 1.0;
/// The most any side inside a piece of the nearest tiling may look a gap
/// for it to be taken: the log of how much likelier its depth is among the
/// tiling's piece borders than among its interiors (3: twenty times).
const MAX_DOUBT: f64 = 3.0;

/// Each date's tilings on each board, solved once for a photo: the
/// outlines and boards a photo is tried with often come to the same dates
/// (a weekday board's date has a thousand tilings or more, a tenth of a
/// second to list).
#[derive(Default)]
pub(crate) struct Tilings(RefCell<HashMap<BoardDate, Rc<[Tiling]>>>);

/// A board's name and a date on it.
type BoardDate = (String, Date);

impl Tilings {
    /// Every tiling of `date` on `variant`; none when it cannot be solved.
    pub(crate) fn of(&self, variant: &Variant, date: &Date) -> Rc<[Tiling]> {
        // A read's boards are told apart by their names (see `read_asked`).
        let key = (variant.name().to_string(), *date);
        if let Some(tilings) = self.0.borrow().get(&key) {
            return Rc::clone(tilings);
        }
        let tilings: Rc<[Tiling]> =
            calendar::solve(variant, date, 1_000_000, Method::Bitboard).map(|r| r.solutions).unwrap_or_default().into();
        self.0.borrow_mut().insert(key, Rc::clone(&tilings));
        tilings
    }
}

/// The reading of `layout` on `date`: the tiling its pieces make, else the
/// nearest of the date's tilings, either passed by the calendar's verifier
/// (`outline`, the board's corners, goes with it).
pub(super) fn read(layout: &Layout, date: Date, outline: [Point; 4], tilings: &Tilings) -> Result<Reading, ReadError> {
    let variant = &layout.variant;
    let (w, h) = (variant.width(), variant.height());
    let ev = &layout.evidence;
    let open = variant.open_cells(&date);
    let covered = |i: usize| !open[i] && variant.cell(i / w, i % w) != Cell::Blocked;
    let threshold = ev.seen_gap();
    // Pieces: covered cells joined where no gap parts them.
    let mut pieces = DisjointSets::new(w * h);
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            if !covered(i) {
                continue;
            }
            if c + 1 < w && covered(i + 1) && ev.across[i] < threshold {
                pieces.union(i, i + 1);
            }
            if r + 1 < h && covered(i + w) && ev.down[i] < threshold {
                pieces.union(i, i + w);
            }
        }
    }
    let mut groups: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
    for i in (0..w * h).filter(|&i| covered(i)) {
        let root = pieces.find(i);
        match groups.iter_mut().find(|g| g.0 == root) {
            Some(g) => g.1.push((i / w, i % w)),
            None => groups.push((root, vec![(i / w, i % w)])),
        }
    }
    let mut cells: Vec<Option<usize>> = vec![None; w * h];
    let mut used = vec![false; variant.pieces().len()];
    let mut all_matched = true;
    for (_, group) in &groups {
        let r0 = group.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = group.iter().map(|p| p.1).min().unwrap_or(0);
        let mut shape: Vec<(usize, usize)> = group.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        shape.sort_unstable();
        let piece = (0..variant.pieces().len()).find(|&k| !used[k] && variant.shapes(k).contains(&shape));
        match piece {
            Some(k) => {
                used[k] = true;
                for &(r, c) in group {
                    cells[r * w + c] = Some(k);
                }
            }
            None => all_matched = false,
        }
    }
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let i = r * w + c;
                    match (cells[i], variant.cell(r, c)) {
                        (_, Cell::Blocked) => '-',
                        (Some(k), _) => variant.pieces()[k].letter,
                        (None, _) if covered(i) => '?',
                        (None, _) => '.',
                    }
                })
                .collect()
        })
        .collect();
    if all_matched
        && let Ok(tiling) = Tiling::parse_rows(variant, &rows.join("\n"))
        && verify(variant, &date, &tiling).is_ok()
    {
        return Ok(Reading { variant: variant.clone(), date, tiling, corrected: None, outline });
    }
    // The nearest of the date's tilings to the gaps seen.
    let pieces_error =
        || ReadError::Pieces { board: variant.name().to_string(), date: date.to_string(), rows: rows.join("\n") };
    let of_date = tilings.of(variant, &date);
    if of_date.is_empty() {
        return Err(pieces_error());
    }
    match nearest(variant, ev, &covered, &of_date) {
        Some((tiling, changed)) => {
            Ok(Reading { variant: variant.clone(), date, tiling: tiling.clone(), corrected: Some(changed), outline })
        }
        None => Err(pieces_error()),
    }
}

/// The tiling among `tilings` (all of one date's) whose piece borders are
/// the sides that look most like gaps, and how many sides it differs by
/// from what was seen; none when no tiling stands out.
///
/// The sides are judged by their gaps' depth, and when that leaves no
/// tiling standing out, by their thin lines: pieces pushed tight together
/// leave a hairline of a gap, which the gap's depth, measured over a
/// tenth of a cell, cannot tell from a line printed on the board showing
/// through translucent pieces; and when those leave none either, by the
/// step in colour between the two cells' middles: pieces printed in
/// different colours and pushed tight meet where the colour changes, with
/// no gap to see. What was seen is then those thin lines or colour steps
/// split halfway between the tiling's borders and its interiors.
///
/// A side's gap depth is judged against this photo's other sides, not a
/// fixed scale: a board's grain, its light or the camera raise or lower
/// every side's depth together. The sides between covered cells are the
/// same whichever tiling covers them, and so is the number of them that are
/// piece borders (the pieces' perimeters are fixed, and so are the sides
/// they share with the frame and the open cells); so a tiling is as near
/// as its borders are deep, on a log scale (a faint gap against no gap
/// counts as much as a deep one against a faint one). The nearest is taken
/// when it is clearly nearer than the next, its borders part from its
/// interiors, and no side inside a piece looks a gap beyond what the
/// photo's own spread of depths makes doubtful: were the photo's tiling not
/// among them (its date misread), the nearest would put a piece across a
/// gap plainly seen.
pub(crate) fn nearest<'a>(
    variant: &Variant,
    ev: &Evidence,
    covered: &dyn Fn(usize) -> bool,
    tilings: &'a [Tiling],
) -> Option<(&'a Tiling, usize)> {
    let (w, h) = (variant.width(), variant.height());
    // The sides between two covered cells, each with its evidence from
    // `across` and `down`.
    let sides = |across: &[f64], down: &[f64]| -> Vec<(usize, usize, f64)> {
        let mut sides = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if !covered(i) {
                    continue;
                }
                if c + 1 < w && covered(i + 1) {
                    sides.push((i, i + 1, across[i]));
                }
                if r + 1 < h && covered(i + w) {
                    sides.push((i, i + w, down[i]));
                }
            }
        }
        sides
    };
    // How many of `sides` the tiling has a border where the side looks
    // less deep than `cut`, or none where it looks deeper.
    let unlike = |tiling: &Tiling, sides: &[(usize, usize, f64)], cut: f64| {
        let border =
            |i: usize, j: usize| tiling.piece_at(variant, i / w, i % w) != tiling.piece_at(variant, j / w, j % w);
        sides.iter().filter(|&&(i, j, depth)| border(i, j) != (depth >= cut)).count()
    };
    let gaps = sides(&ev.across, &ev.down);
    if let Some((tiling, _)) = standing_out(variant, &gaps, tilings, false) {
        // What was seen: the pieces cut where a side looked a gap.
        return Some((tiling, unlike(tiling, &gaps, ev.seen_gap())));
    }
    let lines = sides(&ev.across_thin, &ev.down_thin);
    if let Some((tiling, cut)) = standing_out(variant, &lines, tilings, false) {
        return Some((tiling, unlike(tiling, &lines, cut)));
    }
    let colours = sides(&ev.across_colour, &ev.down_colour);
    let (tiling, cut) = standing_out(variant, &colours, tilings, true)?;
    Some((tiling, unlike(tiling, &colours, cut)))
}

/// The tiling among `tilings` whose piece borders are the deepest of
/// `sides` (each two cells and how deep the side between them looks), as
/// [`nearest`] tells, and the depth halfway between its borders' and its
/// interiors'; none when no tiling stands out.
///
/// `all_or_nothing`: the sides are a colour step, which inside a piece is
/// only the camera's noise and across a border between two colours far
/// above it. The spread of all sides is then mostly the distance between
/// the two classes, and a tiling one border away from the best trails it
/// by about that distance, short of the margin by construction: the margin
/// is taken against the spread within the classes instead. A gap's depth
/// varies too much from side to side for that (a board's grain, a faint
/// gap): there it lets a wrong board be read.
fn standing_out<'a>(
    variant: &Variant,
    sides: &[(usize, usize, f64)],
    tilings: &'a [Tiling],
    all_or_nothing: bool,
) -> Option<(&'a Tiling, f64)> {
    let depths = Depths::of(sides)?;
    let mut ranked: Vec<(f64, &Tiling)> =
        tilings.iter().map(|t| (depths.score(&borders(variant, sides, t)), t)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let &(score, tiling) = ranked.first()?;
    let classes = depths.classes(&borders(variant, sides, tiling));
    let unit = if all_or_nothing { classes.within.min(depths.spread) } else { depths.spread };
    if ranked.get(1).is_some_and(|next| score - next.0 < MIN_MARGIN * unit) {
        return None;
    }
    classes.parted().then(|| (tiling, classes.cut(depths.lift)))
}

/// Of `dates`, one of which the photo shows though not all its open cells
/// were seen, the one whose tilings fit the sides seen best: the date of
/// the tiling whose piece borders and open cells' walls look most like
/// gaps, taken when the best tiling of every other date trails it by the
/// margin [`standing_out`] asks between two tilings, and its borders and
/// interiors part as far. Judged by the gaps' depth, else by their thin
/// lines, as [`nearest`] does.
///
/// Every side between two board cells counts, but those between two cells
/// that one of the dates leaves both open (no raised edge between them to
/// see): each other side is a border of a piece or an open cell's wall in
/// some tilings and not in others, and every tiling has as many borders
/// among them (the pieces' perimeters and the open cells' are fixed, and so
/// are the sides they share with the frame), so the depths of their
/// borders tell the tilings, and so the dates, apart.
pub(crate) fn likeliest_date(variant: &Variant, ev: &Evidence, dates: &[Date], tilings: &Tilings) -> Option<Date> {
    let (w, h) = (variant.width(), variant.height());
    let open: Vec<Vec<bool>> = dates.iter().map(|date| variant.open_cells(date)).collect();
    let on_board = |i: usize| variant.cell(i / w, i % w) != Cell::Blocked;
    let open_together = |i: usize, j: usize| open.iter().any(|o| o[i] && o[j]);
    let tilings: Vec<Rc<[Tiling]>> = dates.iter().map(|date| tilings.of(variant, date)).collect();
    let sides = |across: &[f64], down: &[f64]| -> Vec<(usize, usize, f64)> {
        let mut sides = Vec::new();
        for i in (0..w * h).filter(|&i| on_board(i)) {
            let (r, c) = (i / w, i % w);
            if c + 1 < w && on_board(i + 1) && !open_together(i, i + 1) {
                sides.push((i, i + 1, across[i]));
            }
            if r + 1 < h && on_board(i + w) && !open_together(i, i + w) {
                sides.push((i, i + w, down[i]));
            }
        }
        sides
    };
    [(&ev.across, &ev.down), (&ev.across_thin, &ev.down_thin)].into_iter().find_map(|(across, down)| {
        let sides = sides(across, down);
        let depths = Depths::of(&sides)?;
        // Each date's best tiling and its score.
        let mut ranked: Vec<(f64, usize, &Tiling)> = tilings
            .iter()
            .enumerate()
            .filter_map(|(k, of_date)| {
                of_date
                    .iter()
                    .map(|t| (depths.score(&borders(variant, &sides, t)), k, t))
                    .max_by(|a, b| a.0.total_cmp(&b.0))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        let &(score, k, tiling) = ranked.first()?;
        if ranked.get(1).is_some_and(|next| score - next.0 < MIN_MARGIN * depths.spread) {
            return None;
        }
        depths.classes(&borders(variant, &sides, tiling)).parted().then_some(dates[k])
    })
}

/// Per side (two cells and how deep the side between them looks), whether
/// `tiling` has a border there: two pieces meet, or a piece and an open
/// cell, or two open cells.
fn borders(variant: &Variant, sides: &[(usize, usize, f64)], tiling: &Tiling) -> Vec<bool> {
    let w = variant.width();
    sides
        .iter()
        .map(|&(i, j, _)| {
            let (a, b) = (tiling.piece_at(variant, i / w, i % w), tiling.piece_at(variant, j / w, j % w));
            a != b || a.is_none()
        })
        .collect()
}

/// The depths of some sides, each as the log of its depth, lifted by a
/// quarter of the median so that the faintest sides' noise does not count
/// for much, and their spread.
struct Depths {
    value: Vec<f64>,
    spread: f64,
    lift: f64,
}

/// The sides a tiling makes borders and those it leaves inside its pieces,
/// as two classes, each by its median and spread (robust to the sides it
/// has wrong).
struct Classes<'a> {
    depths: &'a Depths,
    border: Vec<bool>,
    gap: (f64, f64),
    plain: (f64, f64),
    /// The two classes' spreads together.
    within: f64,
}

impl Depths {
    /// None for fewer than two sides, or sides all alike.
    fn of(sides: &[(usize, usize, f64)]) -> Option<Depths> {
        let n = sides.len();
        if n < 2 {
            return None;
        }
        let mut depths: Vec<f32> = sides.iter().map(|s| s.2.max(0.0) as f32).collect();
        let lift = (0.25 * f64::from(median(&mut depths))).max(1e-3);
        let value: Vec<f64> = sides.iter().map(|s| (s.2.max(0.0) + lift).ln()).collect();
        let mean = value.iter().sum::<f64>() / n as f64;
        let spread = (value.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
        (spread > 0.0).then_some(Depths { value, spread, lift })
    }

    /// How deep the borders look together: a tiling is as near as this.
    fn score(&self, border: &[bool]) -> f64 {
        self.value.iter().zip(border).filter(|(_, b)| **b).map(|(v, _)| v).sum()
    }

    fn classes(&self, border: &[bool]) -> Classes<'_> {
        let class = |want: bool| -> (f64, f64) {
            let mut v: Vec<f32> =
                self.value.iter().zip(border).filter(|(_, b)| **b == want).map(|(&x, _)| x as f32).collect();
            if v.is_empty() {
                return (0.0, self.spread);
            }
            let middle = f64::from(median(&mut v));
            let mut off: Vec<f32> = v.iter().map(|&x| (f64::from(x) - middle).abs() as f32).collect();
            (middle, (1.4826 * f64::from(median(&mut off))).max(0.05 * self.spread))
        };
        let (gap, plain) = (class(true), class(false));
        let within = ((gap.1.powi(2) + plain.1.powi(2)) / 2.0).sqrt();
        Classes { depths: self, border: border.to_vec(), gap, plain, within }
    }
}

impl Classes<'_> {
    /// Whether the borders part from the interiors, and no side inside a
    /// piece looks a gap beyond what the photo's own spread of depths makes
    /// doubtful.
    fn parted(&self) -> bool {
        let separation = (self.gap.0 - self.plain.0) / self.within;
        // How much likelier each interior side's depth is among the borders
        // (a log of the ratio). Only a gap seen inside a piece tells against a
        // tiling: a border not seen is two pieces pushed tight together, which
        // photos often show.
        let log_density = |x: f64, (m, s): (f64, f64)| -0.5 * ((x - m) / s).powi(2) - s.ln();
        let value = &self.depths.value;
        let doubt = (0..value.len())
            .filter(|&s| !self.border[s])
            .map(|s| log_density(value[s], self.gap) - log_density(value[s], self.plain))
            .fold(f64::MIN, f64::max);
        separation >= MIN_SEPARATION && doubt <= MAX_DOUBT
    }

    /// The depth halfway between the borders' and the interiors'.
    fn cut(&self, lift: f64) -> f64 {
        ((self.gap.0 + self.plain.0) / 2.0).exp() - lift
    }
}
