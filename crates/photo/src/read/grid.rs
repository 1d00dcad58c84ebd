//! The third stage: the board's grid fitted to the lines the gaps and
//! walls draw across the straightened canvas, each way the board may lie
//! measured, and the way whose frame fits best taken.

use aquarchive_kinds::calendar::Variant;

use crate::geometry::{Homography, Point};
use crate::raster::Plane;

use super::layout::Layout;
use super::measure::{CELL_PX, Measured};
use super::reading::ReadError;
use super::rectify::{CANVAS, Straightened, warp};

/// How much nearer the grid's own width over height one way round must be
/// to the outline's than the other way round is (as the size of a log) for
/// the outline alone to decide which way the grid lies.
const ASPECT_MARGIN: f64 = 0.05;

/// How many times better the frame must fit a way round the outline's
/// shape rules out for the frame to overrule it. A grain that looks a grid
/// the other way round fits it 1.3 times better at most (qqu0127's red
/// board); a weekday board leaning back fits its own way 9 times better
/// or more.
const FRAME_OVER_SHAPE: f64 = 2.0;

/// How many times better the frame must fit one board than another for
/// the frame to decide between boards the outline's shape tells apart. In
/// generated photos a board's own frame fits it 1.35 times better than the
/// other board's or more, even over a strip of frame that makes a standard
/// board's outline 7 by 8; a worn 400-pixel photo of a standard board fits
/// both within 1.1 times, and the weekday board the better once the photo
/// is turned a quarter, though its outline is square.
const FRAME_TIE: f64 = 1.2;

/// Of the ways each of `variants` can lie on the straightened board, the
/// one whose frame fits best; between boards whose frames fit about as
/// well, the one the outline's shape is nearest.
pub(super) fn lay(straight: &Straightened, variants: &[Variant]) -> Result<Layout, ReadError> {
    let Straightened { grey, rgb, canvas, canvas_to_work, ratio } = straight;
    let mut best_each = Vec::new();
    for variant in variants {
        let mut laid = layouts(canvas, variant, canvas_to_work, grey, rgb, *ratio);
        // A board longer one way than the other lies the way round its
        // outline's own shape says, when that is clear: its grain or its
        // pieces' gaps may look like a grid the other way round. But a
        // board leaning back is foreshortened, its outline shorter the way
        // it leans: when the frame fits the other way round by far the
        // better, the lean has turned the outline's shape, and the frame
        // decides.
        let least = laid.iter().map(|l| l.skew).fold(f64::MAX, f64::min);
        let shaped = |l: &Layout| l.skew <= least + ASPECT_MARGIN;
        let best_frame = |shape_agrees: bool| {
            laid.iter().filter(|l| shaped(l) == shape_agrees).map(|l| l.score).fold(f64::MIN, f64::max)
        };
        if best_frame(false) <= FRAME_OVER_SHAPE * best_frame(true).max(0.0) {
            laid.retain(shaped);
        }
        best_each.extend(laid.into_iter().max_by(|a, b| a.score.total_cmp(&b.score)));
    }
    let fits: Vec<(f64, f64)> = best_each.iter().map(|l| (l.score, l.skew)).collect();
    let pick = between_boards(&fits).ok_or_else(|| ReadError::NoBoard("no board to look for".to_string()))?;
    Ok(best_each.swap_remove(pick))
}

/// Of each board's best layout, as (frame score, skew), the one to take:
/// the best frame, unless the outline has one board's own shape (as near
/// as `ASPECT_MARGIN`), which the others' are clearly not, and that
/// board's frame fits within `FRAME_TIE` of the best. Where frames fit
/// about as well they tell the boards apart by little, and a shape that is
/// square or 7 by 8 tells them apart by much; an outline of neither shape
/// (a board cut short by a wrong edge), or of a shape between (a weekday
/// board in strong perspective looks nearly square), tells nothing.
fn between_boards(fits: &[(f64, f64)]) -> Option<usize> {
    let best_of = |keep: &dyn Fn(f64) -> bool| {
        (0..fits.len()).filter(|&k| keep(fits[k].1)).max_by(|&a, &b| fits[a].0.total_cmp(&fits[b].0))
    };
    let best = best_of(&|_| true)?;
    let nearest = fits.iter().map(|&(_, skew)| skew).fold(f64::MAX, f64::min);
    if nearest > ASPECT_MARGIN {
        return Some(best);
    }
    match best_of(&|skew| skew <= nearest + ASPECT_MARGIN) {
        Some(shaped) if FRAME_TIE * fits[shaped].0.max(0.0) > fits[best].0 => Some(shaped),
        _ => Some(best),
    }
}

/// A grid fitted along one axis of the canvas: first line and spacing.
fn fit_axis(profile: &[f32], n: usize) -> (f64, f64) {
    let len = profile.len() as f64;
    let at = |x: f64| {
        if x < 0.0 || x > len - 1.0 {
            return 0.0;
        }
        let k = x.floor() as usize;
        let f = (x - k as f64) as f32;
        let next = profile[(k + 1).min(profile.len() - 1)];
        f64::from(profile[k] * (1.0 - f) + next * f)
    };
    let (mut best, mut best_score) = ((0.0, len / n as f64), f64::MIN);
    let mut pitch = len / (n as f64 + 4.0);
    while pitch <= len / (n as f64 + 0.05) {
        let mut start = len * 0.01;
        while start + pitch * n as f64 <= len * 0.99 {
            let score: f64 = (0..=n).map(|k| at(start + k as f64 * pitch)).sum();
            if score > best_score {
                (best, best_score) = ((start, pitch), score);
            }
            start += 0.5;
        }
        pitch += 0.25;
    }
    best
}

/// How much darker a pixel is than its neighbours `d` away on either side,
/// across (`horizontal`) or down.
fn valley(plane: &Plane, x: usize, y: usize, d: usize, horizontal: bool) -> f32 {
    let (w, h) = (plane.width, plane.height);
    let here = plane.get(x, y);
    let (a, b) = if horizontal {
        (plane.get(x.saturating_sub(d), y), plane.get((x + d).min(w - 1), y))
    } else {
        (plane.get(x, y.saturating_sub(d)), plane.get(x, (y + d).min(h - 1)))
    };
    ((a + b) / 2.0 - here).max(0.0)
}

/// The ways `variant` can lie on the straightened canvas: a grid for each
/// way round, each of the four turns scored by its frame.
fn layouts(
    canvas: &Plane,
    variant: &Variant,
    canvas_to_work: &Homography,
    grey: &Plane,
    rgb: &[Plane; 3],
    ratio: f64,
) -> Vec<Layout> {
    let (bw, bh) = (variant.width(), variant.height());
    let s = CANVAS;
    let d = 4;
    let mut across = vec![0.0f32; s];
    let mut down = vec![0.0f32; s];
    // Away from the canvas's rim, where the outline itself may show.
    let band = s / 50..s - s / 50;
    for y in band.clone() {
        for x in band.clone() {
            across[x] += valley(canvas, x, y, d, true);
            down[y] += valley(canvas, x, y, d, false);
        }
    }
    let mut out = Vec::new();
    let mut shapes = vec![(bw, bh)];
    if bw != bh {
        shapes.push((bh, bw));
    }
    for (nu, nv) in shapes {
        let (x0, pu) = fit_axis(&across, nu);
        let (y0, pv) = fit_axis(&down, nv);
        // Cells of the canvas grid (i, j) to working pixels.
        let grid_to_canvas = Homography([pu, 0.0, x0, 0.0, pv, y0, 0.0, 0.0, 1.0]);
        let grid_to_work = canvas_to_work.after(&grid_to_canvas);
        let px = CELL_PX as f64;
        // The measuring picture: a cell of margin round the grid.
        let to_grid = Homography([1.0 / px, 0.0, -1.0, 0.0, 1.0 / px, -1.0, 0.0, 0.0, 1.0]);
        let cells_ratio = ratio * CANVAS as f64 / (nu as f64 * px) * (pu * nu as f64 / CANVAS as f64);
        let sharp = grey.blur(0.5 * cells_ratio.max(0.0));
        let to_work = grid_to_work.after(&to_grid);
        let picture = warp(&sharp, &to_work, (nu + 2) * CELL_PX, (nv + 2) * CELL_PX);
        let measured = Measured::new(&picture, grey, rgb, &to_work, nu, nv);
        // The outline's own width over its height along its middle lines,
        // against the grid's: the frame is longer the way the grid is.
        let c = CANVAS as f64;
        let length = |a: Point, b: Point| {
            let (a, b) = (canvas_to_work.apply(a), canvas_to_work.apply(b));
            (a.0 - b.0).hypot(a.1 - b.1)
        };
        let aspect = length((0.0, c / 2.0), (c, c / 2.0)) / length((c / 2.0, 0.0), (c / 2.0, c)).max(1e-9);
        let skew = (aspect * nv as f64 / nu as f64).ln().abs();
        for turn in 0..4 {
            let fits = if turn % 2 == 0 { (nu, nv) == (bw, bh) } else { (nu, nv) == (bh, bw) };
            if fits {
                let mut l = measured.layout(variant, turn);
                l.skew = skew;
                out.push(l);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn between_boards_the_frame_decides_unless_it_nearly_ties_then_the_shape_does() {
        // (frame score, skew): a square outline, the standard board's frame
        // a little worse than the weekday board's turned a quarter.
        assert_eq!(between_boards(&[(0.162, 0.004), (0.176, 0.130)]), Some(0));
        // A standard board over a strip of frame looks 7 by 8, but its own
        // frame fits 1.5 times better.
        assert_eq!(between_boards(&[(0.445, 0.128), (0.295, 0.006)]), Some(0));
        // Both nearly as near in shape: the frame decides, however close.
        assert_eq!(between_boards(&[(0.170, 0.010), (0.176, 0.030)]), Some(1));
        // A frame that fits nowhere gives the shape no tie to break.
        assert_eq!(between_boards(&[(-0.01, 0.004), (0.02, 0.130)]), Some(1));
        // An outline of neither board's shape (a board cut short) leaves the
        // frame to decide, as does one between the two (a weekday board in
        // strong perspective, turned a quarter).
        assert_eq!(between_boards(&[(0.192, 0.208), (0.204, 0.341)]), Some(1));
        assert_eq!(between_boards(&[(0.123, 0.046), (0.146, 0.088)]), Some(1));
        assert_eq!(between_boards(&[]), None);
    }
}
